"""The search engine (hhh_verify/engines/search.py) and the strong player (strong.py).

On the toy games through the CLI (the conformance fixture registers them), so the
engines are shown generic; on the full HHH game the ``check`` engine reaches
hhh.goal-triumphant ($80+) with a witness that replays. A planted sampler that invents
successors is caught: its witness does not replay, and check reports an error.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import toy_duel
import toy_model
from click.testing import CliRunner

from hhh_verify.cli import main
from hhh_verify.contract import registry
from hhh_verify.contract import trace as tr
from hhh_verify.contract.outcomes import Outcome
from hhh_verify.contract.properties import Goal
from hhh_verify.contract.vocab import EngineStatus
from hhh_verify.engines import results as ck
from hhh_verify.engines.search import SearchBudget, search
from hhh_verify.engines.search_bounds import with_lower_bound
from hhh_verify.engines.search_check import SearchEngine
from hhh_verify.engines.simulate import get_policy, random_policy, simulate
from hhh_verify.engines.strong import StrongPlayer, TieBreakPolicy, rewards
from hhh_verify.models.hhh.play.measures import MEASURES
from hhh_verify.models.hhh.play.policies import POLICIES as HHH_POLICIES
from hhh_verify.models.hhh.rules.outcome import hhh_outcome, rating_of
from hhh_verify.smt.budget import Budget
from hhh_verify.smt.queries import WitnessSearch


def run_json(*args: str, code: int = 0) -> Any:
    r = CliRunner().invoke(main, [*args, "--json"])
    assert r.exit_code == code, r.output
    return json.loads(r.stdout)


@pytest.fixture
def games(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    found = dict(registry.games())
    found["toy"] = toy_model.SPEC
    found["duel"] = toy_duel.SPEC
    monkeypatch.setattr(registry, "games", lambda: dict(found))
    return found


def score(model: Any, s: Any) -> float:
    return float(s.score)


def seat0(model: Any, s: Any) -> float:
    return float(s.scores[0])


# The search engine ------------------------------------------------------------------


def test_reach_search_finds_the_toy_win_and_the_witness_replays(games: Any, tmp_path: Path) -> None:
    out = tmp_path / "win.json"
    doc = run_json(
        "reach", "--game", "toy", "--goal", "toy.goal-win", "--engine", "search",
        "--out", str(out),
    )  # fmt: skip
    assert doc["reachable"] is True and doc["engine"] == "search" and doc["replays"] is True
    assert CliRunner().invoke(main, ["replay", str(out)]).exit_code == 0
    duel = run_json("reach", "--game", "duel", "--goal", "terminal", "--engine", "search")
    assert duel["reachable"] is True


def test_search_picks_lucky_draws_and_records_round_values() -> None:
    """Scoring 3 on the toy needs three white draws in a row (probability 1/4): the
    search chooses the luck, and the per-round value is the best it saw."""
    m = toy_model.SPEC.model("default", (), ("TOY-BLACK=penalty",))
    r = search(m, lambda m, s: s.score >= 3, score, SearchBudget(max_nodes=500, beam=2))
    assert r.found and r.replays and r.trace is not None
    end = tr.replay(r.trace, m).final_state
    assert end.score >= 3
    duel = toy_duel.SPEC.model("default")
    best = search(duel, None, seat0, SearchBudget(max_nodes=2000, beam=4), value=seat0)
    assert best.rounds and max(b.value for b in best.rounds.values()) == 6  # two rolls of 3
    for b in best.rounds.values():
        assert tr.replay(b.trace, duel).ok


def test_a_miss_states_its_budget(games: Any) -> None:
    never = Goal(
        "toy.goal-never", "toy", "test", "impossible",
        check=lambda m, s: s.score > 99, hard_to_reach=True, heuristic=score,
    )  # fmt: skip
    m = toy_model.SPEC.model("default")
    (row,) = SearchEngine().run(m, toy_model.SPEC.ambiguities, [never], ck.CheckOptions())
    assert row.status == EngineStatus.INCONCLUSIVE and row.ok
    assert "nodes in" in row.message and "beam" in row.message
    doc = run_json("reach", "--game", "toy", "--goal", "outcome:nowhere", "--engine", "search",
                   "--max-nodes", "50", code=1)  # fmt: skip
    assert doc["reachable"] is None and "proves nothing" in doc["incomplete_reason"]


class LyingToy(toy_model.ToyModel):  # type: ignore[misc, name-defined]
    """Planted bug: the sampler invents a successor ``step`` never gives (a free point)."""

    def sample_step(self, s: Any, a: Any, rng: random.Random) -> Any:
        dist = self.step(s, a)
        t = dist[rng.randrange(len(dist))][0]
        return replace(t, score=t.score + 1) if t.score < 9 else t


def test_planted_sampler_witness_does_not_replay() -> None:
    spec = toy_model.SPEC
    m = LyingToy(spec.config("default"), spec.ambiguities.parse(()))
    r = search(m, lambda m, s: s.score >= 2, score, SearchBudget(max_nodes=200, beam=2))
    assert r.replays is False and not r.found
    goal = Goal("toy.goal-two", "toy", "test", "two",
                    check=lambda m, s: s.score >= 2, hard_to_reach=True)  # fmt: skip
    (row,) = SearchEngine().run(m, spec.ambiguities, [goal], ck.CheckOptions())
    assert row.status == EngineStatus.ERROR and not row.ok


def test_check_search_reaches_triumphant_on_the_full_game() -> None:
    """hhh.goal-triumphant ($80+, the book's best rating): random and greedy play never
    get there; the search does within check's ci budget, and the witness replays."""
    spec = registry.get_game("hhh")
    m = spec.model("full")
    goal = spec.load_properties().get("hhh.goal-triumphant")
    (row,) = SearchEngine(spec).run(m, spec.ambiguities, [goal], ck.CheckOptions())
    assert row.status == EngineStatus.REACHED, row.message
    assert row.trace is not None
    end = tr.replay(row.trace, m, describe=False)
    assert end.ok and end.outcome is not None and rating_of(end.outcome) == "Triumphant"


#: Positions the witness search of the lower bound generates (a count: the same
#: witness on a busy machine); 10,000 already reach the exact $16.
NODES = 10_000


def test_lower_bound_meets_the_exact_maximum_of_small() -> None:
    """On ``small`` the explorer proved the most money at the end of round 1: $16. The
    search's witness is at most that, Z3's summary bound at least."""
    spec = registry.get_game("hhh")
    m = spec.model("small")
    from hhh_verify.models.hhh.properties.search import cash, money
    from hhh_verify.models.hhh.smt.summary import money_upper_bound

    upper = money_upper_bound(m, 1, Budget(5_000_000))
    assert upper is not None and upper.value >= 16
    row = {"value": upper.value, "method": "proof", "proof": upper.proof, "seconds": 0.0}
    ws = WitnessSearch(value=cash, heuristic=money, round=1, beam=16, samples=4)
    merged = with_lower_bound(row, m, ws, spec.ambiguities, max_nodes=NODES)
    assert merged["replays"] is True and merged["lower"] <= 16 <= merged["upper"]
    assert merged["answer"] in (f"${upper.value}", f"${merged['lower']}..${upper.value}")


# The strong player --------------------------------------------------------------------


def test_strong_player_is_registered_for_every_game(games: Any) -> None:
    for spec in (toy_model.SPEC, toy_duel.SPEC, registry.get_game("dice-hospital")):
        player = get_policy("strong:3", spec.policies)
        assert isinstance(player, StrongPlayer) and player.rollouts == 3
    with pytest.raises(Exception, match="strong:N"):
        get_policy("strong:x", toy_model.SPEC.policies)


def test_strong_player_beats_random_on_the_toy() -> None:
    """Push twice, stop at 2 wins half the games; random play wins far fewer."""
    m = toy_model.SPEC.model("default")
    strong = simulate(m, 200, seed=3, policy="strong:8", game_policies={})
    rand = simulate(m, 200, seed=3, policy="random")
    assert strong.win_rate > rand.win_rate + 0.15
    again = simulate(m, 20, seed=3, policy="strong:8", game_policies={})
    assert again.wins == simulate(m, 20, seed=3, policy="strong:8", game_policies={}).wins


def test_strong_seat_maximises_its_own_score_in_the_duel() -> None:
    """Duel: a roll adds 5/3 on average, a bank 1; the strong seat 0 rolls and wins
    more often than a random seat 0 against the same random seat 1."""
    m = toy_duel.SPEC.model("default")
    strong = StrongPlayer(random_policy, rollouts=12, width=2)

    def seat0_strong(model: Any, s: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        player = strong if model.current_player(s) == 0 else random_policy
        return player(model, s, legal, rng)

    from hhh_verify.engines.simulate import game_seed, playout

    def seat0_wins(policy: Any) -> int:
        wins = 0
        for i in range(150):
            out = playout(m, random.Random(game_seed(5, i)), policy).outcome
            assert out is not None
            wins += out.scores[0] > out.scores[1]
        return wins

    assert seat0_wins(seat0_strong) > seat0_wins(random_policy) + 10


def test_rewards() -> None:
    won = hhh_outcome(True, "completed", 50)
    lost = hhh_outcome(False, "bankrupt", -3)
    assert rewards(None, won, 2) == [1.0, 1.0]  # no tie-break measure: the result alone
    assert rewards(None, won, 2, tie_break=MEASURES["money"]) == [1.005, 1.005]
    assert rewards(None, lost, 1, survived=0)[0] < rewards(None, lost, 1, survived=3)[0] < 0.5
    strong = get_policy("strong", HHH_POLICIES).rollout  # type: ignore[attr-defined]
    assert isinstance(strong, TieBreakPolicy) and strong.tie_break is MEASURES["money"]
    tie = Outcome(None, "completed", scores=(4, 4, 1))
    r = rewards(None, tie, 3)
    assert r[0] == r[1] > 0.5 > r[2]
