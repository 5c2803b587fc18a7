"""Paired impact with common random numbers: statistics, pairing, CLI.

Planted bug: two identical readings must show no difference at all (every paired game
is the same game); readings that differ must part in some games.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
import toy_model
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract.scenario import Budget, Scenario
from hhh_verify.engines import impact as im


def test_paired_stat_mean_interval_and_games_needed() -> None:
    a = [0, 0, 0, 0, 0, 0, 0, 0]
    b = [1, 0, 1, 1, 0, 1, 1, 0]
    st = im.paired_stat("x", a, b)
    sd = math.sqrt(sum((x - 0.625) ** 2 for x in b) / 7)
    assert st.diff == pytest.approx(0.625) and st.sd == pytest.approx(sd)
    half = 2.365 * sd / math.sqrt(8)  # t(0.975, 7)
    assert (st.low, st.high) == pytest.approx((0.625 - half, 0.625 + half))
    assert st.significant
    assert st.games_needed == math.ceil(((1.959964 + 0.841621) * sd / 0.625) ** 2)


def test_zero_difference_has_no_interval_width() -> None:
    st = im.paired_stat("x", [3, 4, 5], [3, 4, 5])
    assert (st.diff, st.low, st.high, st.games_needed, st.significant) == (0, 0, 0, None, False)


def test_t_quantiles() -> None:
    assert (
        im.t975(1) == 12.706
        and im.t975(11) == 2.228
        and im.t975(10_000) == pytest.approx(1.96, abs=1e-3)
    )


def test_planted_identical_readings_never_part(toy_registry: Any) -> None:
    imp = im.impact(toy_model.SPEC, Scenario("toy", seed=3), "TOY-BLACK", ("bust", "bust"), 30)
    assert imp.parted == 0
    assert all(s.diff == 0 for s in imp.stats.values())
    assert im.severity(imp, None) == "none"


def test_toy_readings_part_and_move_the_score(toy_registry: Any) -> None:
    imp = im.impact(toy_model.SPEC, Scenario("toy", seed=1), "TOY-BLACK", ("bust", "penalty"), 200)
    assert imp.parted > 0
    # Under "bust" a black cube ends the game lost; under "penalty" play goes on.
    assert imp.reasons["bust"][0] > 0 and imp.reasons["bust"][1] == 0
    assert im.severity(imp, True) in ("high", "medium")


def test_impact_is_deterministic_for_a_seed(toy_registry: Any) -> None:
    one = im.impact(
        toy_model.SPEC, Scenario("toy", seed=5), "TOY-BLACK", ("bust", "penalty"), 40
    ).to_json()
    two = im.impact(
        toy_model.SPEC, Scenario("toy", seed=5), "TOY-BLACK", ("bust", "penalty"), 40
    ).to_json()
    assert one == two


def test_impact_cli_json(toy_registry: Any) -> None:
    r = CliRunner().invoke(
        main, ["impact", "--game", "toy", "--ambiguity", "TOY-BLACK", "--games", "20", "--json"]
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["options"] == ["bust", "penalty"] and data["games"] == 20
    assert set(data["stats"]["win"]) >= {"diff", "ci95", "games_needed"}


@pytest.mark.parametrize(
    "args", [["--games", "1"], ["--policy", "psychic"], ["--options", "bust,zzz"]]
)
def test_impact_cli_bad_input(toy_registry: Any, args: list[str]) -> None:
    r = CliRunner().invoke(main, ["impact", "--game", "toy", "--ambiguity", "TOY-BLACK", *args])
    assert r.exit_code == 2 and r.stderr.startswith("error:"), r.output


def test_hhh_impact_random_on_tiny_parts_for_ward_beds() -> None:
    from hhh_verify.contract.registry import get_game

    spec = get_game("hhh")
    imp = im.impact(spec, Scenario("hhh", "tiny"), "HHH-WARD-BEDS", ("as-config", "one-fewer"), 40)
    assert imp.games == 40 and imp.parted > 0


def test_greedy_policy_heals_the_highest_level_patient() -> None:
    import random

    from hhh_verify.contract.registry import get_game
    from hhh_verify.models.hhh.play.policies import greedy_policy

    m = get_game("hhh").model("full")
    s = m.initial_state()
    rng = random.Random(0)
    while len(m.legal_actions(s)) == 1 or type(m.legal_actions(s)[0]).__name__ == "InstallRoom":
        legal = m.legal_actions(s)
        s = m.sample_step(s, greedy_policy(m, s, legal, rng), rng)
    legal = m.legal_actions(s)
    heals = [a for a in legal if type(a).__name__ == "Heal"]
    choice = greedy_policy(m, s, legal, rng)
    assert type(choice).__name__ in ("Heal", "Transfer")
    if type(choice).__name__ == "Heal":
        assert choice.level == max(h.level for h in heals)
    assert type(choice).__name__ != "EndActions"


def test_simulate_compare_is_an_alias_of_impact(toy_registry: Any) -> None:
    args = ["--game", "toy", "--games", "20", "--json"]
    a = CliRunner().invoke(main, ["simulate", "--compare", "TOY-BLACK", *args])
    b = CliRunner().invoke(main, ["impact", "--ambiguity", "TOY-BLACK", *args])
    assert a.exit_code == b.exit_code == 0, a.output + b.output
    assert json.loads(a.stdout) == json.loads(b.stdout)


def test_impact_compares_the_measures_the_game_declares() -> None:
    """``GameSpec.measures`` decides what is compared: a game that declares only its
    score gets the score, the round and the end reasons, none of a team game's money,
    rating or deaths. Planted: a measure that reads the wrong field moves with it."""
    from dataclasses import replace

    from hhh_verify.contract.measures import Measure

    score = Measure(of=lambda s, o: s.score, label="score", unit="points")
    spec = replace(toy_model.SPEC, measures={"score": score})
    imp = im.impact(spec, Scenario("toy", seed=1), "TOY-BLACK", ("bust", "penalty"), 30)
    assert [n for n in imp.stats if not n.startswith("end:")] == ["score", "rounds"]
    assert imp.per_game == {} and im.headline(imp).name == "score"
    full = im.impact(toy_model.SPEC, Scenario("toy", seed=1), "TOY-BLACK", ("bust", "penalty"), 30)
    assert full.stats["money"].diff == pytest.approx(10 * imp.stats["score"].diff)
    wrong = replace(spec, measures={"score": replace(score, of=lambda s, o: s.deaths)})
    planted = im.impact(wrong, Scenario("toy", seed=1), "TOY-BLACK", ("bust", "penalty"), 30)
    assert planted.stats["score"] != imp.stats["score"]


def test_a_scenario_travels_whole() -> None:
    """A task gets the scenario pickled: it arrives equal and builds the same model."""
    import pickle

    s = Scenario("toy", "default", ("target=2",), (("TOY-BLACK", "penalty"),), "greedy", 4)
    back = pickle.loads(pickle.dumps(s))
    assert back == s and hash(back) == hash(s)
    m = back.model(toy_model.SPEC)
    assert m.config.target == 2 and m.readings.as_dict()["TOY-BLACK"] == "penalty"
    assert dict(s.flags())["--interpret"] == ("TOY-BLACK=penalty",)


def test_until_width_adds_games_until_the_interval_is_narrow(toy_registry: Any) -> None:
    """The adaptive loop (``execution.paired``): more paired games until the headline
    interval is as narrow as asked, never past the cap; without a width, exactly the
    games asked for. Planted: a width no run reaches stops at the cap."""
    from hhh_verify.execution import Runner, paired

    scenario = Scenario("toy", seed=1)
    pair = ("bust", "penalty")
    with Runner(jobs=1) as run:
        plain = paired.impact(run, scenario, "TOY-BLACK", pair, Budget(games=10))
        wide = im.headline(plain)
        target = (wide.high - wide.low) / 2
        grown = paired.impact(
            run, scenario, "TOY-BLACK", pair, Budget(games=10, max_games=2_000, until_width=target)
        )
        capped = paired.impact(
            run, scenario, "TOY-BLACK", pair, Budget(games=10, max_games=25, until_width=1e-6)
        )
    assert plain.games == 10
    st = im.headline(grown)
    assert grown.games > 10 and st.high - st.low <= target
    assert capped.games == 25
