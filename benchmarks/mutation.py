"""How many small rule bugs do the checks catch? Mutation testing of each game's rules.

Run: ``python benchmarks/mutation.py --game G [--sample N] [--seed S] [--tests check|suite]
[--timeout SECONDS] [--only POSITIONS] [--json FILE]`` from the repository root;
``--only 3,17`` re-runs those positions of the seeded sample (a survivor, once a new
check is in).

Cosmic Ray (a maintained mutation-testing tool) lists every mutant of the game's RULE
modules (``RULE_MODULES`` below: rules by phase and the printed tables they read; not
renderers, kernels, SMT encodings, adapters, describe or board-picture modules), this
script draws a seeded random sample of them, and Cosmic Ray applies each one to the source
file in place, runs a test command and puts the file back:

* **check**: ``hhh-verify check --game G --profile quick`` (about 22 s for hhh and
  dice-hospital, 41 s for royal-hospital on the 2-core project machine under load 8),
  in three stages with the same verdict: first only its ``facts`` engine (a few seconds;
  the printed numbers, asked of the rule functions), then only its ``kernel`` engine (the
  model compared with its compiled kernel, which is not mutated), and the whole check
  only for a mutant neither killed. A property that fails fails the whole check too, so
  the stages change the cost, not the figure;
* **suite** (``--tests suite``, the default): check, then, for a mutant check missed,
  the game's fixed pytest selection ``PYTEST_SELECTION`` (``-x -q``: every test file
  that exercises the game's rules, cheap and strong first, less what docs/mutation.md
  lists as left out).

A mutant is killed when the command exits non-zero (a failed expectation, a crash, or a
run past ``--timeout``); each line says what killed it (the stage, the properties whose
expectation failed, or the first failed test). The figure of a sample of N is an estimate of the share of all
mutants: it is printed with its exact (Clopper-Pearson) 95% interval. Mutants that are not
Python any more (Cosmic Ray reports them as incompetent) are left out of the counts.
The whole method, the figures and every survivor's judgement: docs/mutation.md.

The process lowers its own priority (``nice`` 10) since the machine is shared; run one
such loop at a time. A loop stopped by SIGKILL can leave one rule file mutated: ``git
diff models/`` shows it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import NoReturn

from cosmic_ray.commands import init
from cosmic_ray.mutating import mutate_and_test
from cosmic_ray.work_db import WorkDB, use_db
from cosmic_ray.work_item import TestOutcome, WorkerOutcome, WorkItem
from scipy.stats import binomtest

ROOT = Path(__file__).resolve().parent.parent

# The modules whose code IS the rules (phases, legal actions, chance laws, scoring, and the
# printed numbers they read). Left out on purpose: board pictures (board_svg), describe,
# observation and action_space (encodings for learning frameworks), policies and probes
# (players and reduced configs), ambiguities / rule_index / rule_map (text), facts and
# promises (the checks themselves), smt/ (encodings), HHH's kernel/ and its fast mirrors
# (visit_enum, point, point_draws, fast_players), records and state (plain containers).
RULE_MODULES: dict[str, tuple[str, ...]] = {
    "hhh": (
        "models/hhh/rules/board.py",
        "models/hhh/rules/draws.py",
        "models/hhh/rules/heal.py",
        "models/hhh/rules/model.py",
        "models/hhh/rules/patient_phase.py",
        "models/hhh/rules/player_actions.py",
        "models/hhh/rules/rooms.py",
        "models/hhh/rules/setup.py",
    ),
    "royal-hospital": (
        "models/royal_hospital/rules/action_phase.py",
        "models/royal_hospital/rules/board.py",
        "models/royal_hospital/rules/cards.py",
        "models/royal_hospital/rules/cleanup.py",
        "models/royal_hospital/rules/flow.py",
        "models/royal_hospital/rules/model.py",
        "models/royal_hospital/rules/patients.py",
        "models/royal_hospital/rules/resolve.py",
        "models/royal_hospital/rules/scoring.py",
        "models/royal_hospital/rules/setup.py",
        "models/royal_hospital/rules/tracks.py",
        "models/royal_hospital/rules/treatment.py",
    ),
    "dice-hospital": (
        "models/dice_hospital/rules/activation.py",
        "models/dice_hospital/rules/admission.py",
        "models/dice_hospital/rules/board.py",
        "models/dice_hospital/rules/components.py",
        "models/dice_hospital/rules/dice.py",
        "models/dice_hospital/rules/end_round.py",
        "models/dice_hospital/rules/expansion.py",
        "models/dice_hospital/rules/model.py",
        "models/dice_hospital/rules/scoring.py",
        "models/dice_hospital/rules/setup.py",
        "models/dice_hospital/rules/turns.py",
    ),
}

# Each game's pytest selection, standing for the whole suite's power over the rule modules
# at a cost the loop can pay: every test file that exercises the game's rules (the tests
# written for earlier survivors, rule tests, facts, recorded state counts, the compiled
# kernel compared state by state with the model, the exact law against the sampler and the
# point probabilities, properties, planted bugs, the rulebook's worked example, promises),
# cheapest and strongest first since ``-x`` stops at the first failure. What is left out,
# and why (too slow for every mutant, or a repeat of a test kept): docs/mutation.md. No test
# here asserts a time; a run past ``--timeout`` counts as a kill, so the loop is run with a
# timeout well above the selection's unmutated time.
PYTEST_SELECTION: dict[str, tuple[str, ...]] = {
    "hhh": (
        "tests/hhh/test_hhh_mutants.py",
        "tests/hhh/test_hhh_rules.py",
        "tests/hhh/test_hhh_facts.py",
        "tests/test_state_counts.py",
        "tests/hhh/test_hhh_kernel.py",
        "--deselect=tests/hhh/test_hhh_kernel.py::test_every_tiny_state_equal",
        "tests/test_point_probability.py",
        "tests/test_point_probability_visit_enum.py",
        "tests/hhh/test_hhh_draws.py",
        "tests/hhh/test_hhh_chance.py",
        "tests/test_properties_hhh.py",
        "tests/test_planted_bugs.py",
        "tests/hhh/test_hhh_fewer_markers.py",
        "tests/hhh/test_hhh_research_amount.py",
        "tests/hhh/test_hhh_promise_defects.py",
        "tests/hhh/test_hhh_interactions.py",
        "tests/hhh/test_hhh_promises.py",
        "--deselect=tests/hhh/test_hhh_promises.py::test_the_morgue_holds_its_configured_capacity",
        "tests/hhh/test_hhh_kernel_explore.py::test_small_counts_recorded",
        "tests/hhh/test_hhh_kernel_explore.py::test_counts_equal_the_reference_explorer[interactions]",
    ),
    "royal-hospital": (
        "tests/royal_hospital/test_royal_hospital_mutants.py",
        "tests/royal_hospital/test_royal_hospital_rules.py",
        "tests/royal_hospital/test_royal_hospital_facts.py",
        "tests/royal_hospital/test_royal_hospital_example.py",
        "tests/royal_hospital/test_royal_hospital_sampling.py",
        "tests/royal_hospital/test_royal_hospital_ambiguities_readings.py",
        "tests/royal_hospital/test_royal_hospital_kernel.py::test_every_reading_on_played_states[defaults]",
        "tests/royal_hospital/test_royal_hospital_planted.py",
        "tests/test_promises.py",
        "tests/royal_hospital/test_royal_hospital_promises.py",
        "tests/royal_hospital/test_royal_hospital_kernel.py::test_probe_decks_and_player_counts",
        "tests/royal_hospital/test_royal_hospital_explore.py::test_recorded_counts",
        "tests/royal_hospital/test_royal_hospital_kernel.py::test_every_tiny_state_equal",
    ),
    "dice-hospital": (
        "tests/dice_hospital/test_dice_hospital_mutants.py",
        "tests/dice_hospital/test_dice_hospital_rules.py",
        "tests/dice_hospital/test_dice_hospital_facts.py",
        "tests/dice_hospital/test_dice_hospital_state_counts.py",
        "tests/dice_hospital/test_dice_hospital_kernel.py::test_full_playout_states_under_every_variant",
        "tests/dice_hospital/test_dice_hospital_kernel.py::test_full_playout_states_for_other_seat_counts",
        "tests/dice_hospital/test_dice_hospital_kernel.py::test_every_reading_on_playout_states",
        "tests/dice_hospital/test_dice_hospital_dice.py",
        "tests/dice_hospital/test_dice_hospital_properties.py",
        "tests/dice_hospital/test_dice_hospital_planted.py",
        "tests/dice_hospital/test_dice_hospital_readings.py",
        "tests/dice_hospital/test_dice_hospital_promises.py",
        "tests/dice_hospital/test_dice_hospital_kernel.py::test_sampler_fits_the_exact_law",
        "tests/dice_hospital/test_dice_hospital_kernel.py::test_greedy_player_scores_as_the_reference",
    ),
}


@dataclass
class Mutant:
    """One sampled mutant and what each test command made of it."""

    module: str
    line: int
    operator: str
    occurrence: int
    mutated_line: str
    check: str  # killed / survived / timeout / incompetent
    pytest: str  # killed / survived / timeout / not run
    killed_by: str  # stage and the failed properties or test, "" for a survivor


def _commands(game: str, trace_dir: str) -> tuple[str, str, str, str]:
    """The facts and the kernel stages of check, the whole check, and the pytest command
    (this interpreter)."""
    exe = Path(sys.executable).parent / "hhh-verify"
    check = f"{exe} check --game {game} --profile quick --trace-dir {trace_dir} --json"
    tests = " ".join(PYTEST_SELECTION[game])
    pytest = f"{sys.executable} -m pytest -x -q -p no:cacheprovider {tests}"
    return f"{check} --engine facts", f"{check} --engine kernel", check, pytest


def _culprits(output: str) -> str:
    """What failed in a test command's output: the properties whose expectation failed
    (check's JSON), the first failed test (pytest), else that it exited early."""
    try:
        failed = [v["id"] for v in json.loads(output)["verdicts"] if v["fails"]]
        more = f" (+{len(failed) - 3} more)" if len(failed) > 3 else ""
        return ", ".join(failed[:3]) + more or "no failed property (exit status)"
    except (ValueError, KeyError, TypeError):
        pass
    tests = [line.split()[1] for line in output.splitlines() if line.startswith("FAILED ")]
    return tests[0] if tests else "crash or error (no verdicts)"


def _verdict(item: WorkItem, command: str, timeout: float) -> tuple[str, str, str]:
    """Apply the item's mutation, run ``command``, restore; (verdict, mutated line, what
    killed it)."""
    result = mutate_and_test(item.mutations, command, timeout)
    added = [
        line[1:].strip()
        for line in (result.diff or "").splitlines()
        if line.startswith("+") and not line.startswith("+++")
    ]
    mutated = added[0] if added else ""
    if result.worker_outcome != WorkerOutcome.NORMAL:
        return "incompetent", mutated, ""
    if result.test_outcome == TestOutcome.INCOMPETENT:
        return "incompetent", mutated, ""
    if result.test_outcome == TestOutcome.KILLED:
        if result.output == "timeout":
            return "timeout", mutated, "timeout"
        return "killed", mutated, _culprits(result.output or "")
    return "survived", mutated, ""


def _sample(db_path: Path, game: str, n: int, seed: int) -> list[WorkItem]:
    """Every mutant of the game's rule modules (Cosmic Ray's init), then a seeded sample."""
    with use_db(str(db_path), WorkDB.Mode.create) as db:
        init([ROOT / m for m in RULE_MODULES[game]], db, {})
        items = list(db.work_items)
    items.sort(
        key=lambda w: (
            str(w.mutations[0].module_path),
            w.mutations[0].operator_name,
            w.mutations[0].occurrence,
        )
    )
    print(f"{game}: {len(items)} mutants in {len(RULE_MODULES[game])} rule modules")
    return random.Random(seed).sample(items, min(n, len(items)))


def _share(killed: int, total: int) -> str:
    """``k/n = p% (95% CI lo-hi%)``, the interval exact (Clopper-Pearson)."""
    if total == 0:
        return "0/0"
    ci = binomtest(killed, total).proportion_ci(confidence_level=0.95)
    return (
        f"{killed}/{total} = {100 * killed / total:.0f}% "
        f"(95% CI {100 * ci.low:.0f}-{100 * ci.high:.0f}%)"
    )


def run(
    game: str, n: int, seed: int, tests: str, timeout: float, only: set[int] | None = None
) -> list[Mutant]:
    """Sample, run every sampled mutant (or the positions ``only``), print one line each;
    the mutants with verdicts."""
    mutants: list[Mutant] = []
    with tempfile.TemporaryDirectory(prefix="mutation-") as tmp:
        facts_cmd, kernel_cmd, check_cmd, pytest_cmd = _commands(game, str(Path(tmp) / "traces"))
        sample = _sample(Path(tmp) / "session.sqlite", game, n, seed)
        for i, item in enumerate(sample, 1):
            if only and i not in only:
                continue
            spec = item.mutations[0]
            started = time.monotonic()
            check, mutated, why = _verdict(item, facts_cmd, timeout)
            by = f"check (facts stage): {why}"
            if check == "survived":
                check, mutated, why = _verdict(item, kernel_cmd, timeout)
                by = f"check (kernel stage): {why}"
            if check == "survived":
                check, mutated, why = _verdict(item, check_cmd, timeout)
                by = f"check: {why}"
            pytest = "not run"
            if tests == "suite" and check == "survived":
                pytest, _, why = _verdict(item, pytest_cmd, timeout)
                by = f"pytest: {why}"
            module = str(Path(spec.module_path).resolve().relative_to(ROOT))
            m = Mutant(
                module,
                spec.start_pos[0],
                spec.operator_name.removeprefix("core/"),
                spec.occurrence,
                mutated,
                check,
                pytest,
                by if "killed" in (check, pytest) or "timeout" in (check, pytest) else "",
            )
            mutants.append(m)
            print(
                f"[{i}/{len(sample)}] {m.module}:{m.line} {m.operator}: check {check}, "
                f"pytest {pytest} ({time.monotonic() - started:.0f} s)"
                + (f"; killed by {m.killed_by}" if m.killed_by else ""),
                flush=True,
            )
    return mutants


def summary(game: str, mutants: list[Mutant], tests: str) -> None:
    """The figures of one game, then every survivor."""
    run_ = [m for m in mutants if m.check != "incompetent"]
    by_check = sum(m.check in ("killed", "timeout") for m in run_)
    by_suite = sum(
        m.check in ("killed", "timeout") or m.pytest in ("killed", "timeout") for m in run_
    )
    print(f"\n{game}: {len(mutants)} sampled, {len(mutants) - len(run_)} incompetent (not counted)")
    print(f"  killed by check: {_share(by_check, len(run_))}")
    by_facts = sum(m.killed_by.startswith("check (facts stage)") for m in run_)
    print(f"    of which by its facts stage alone: {by_facts}")
    by_kernel = sum(m.killed_by.startswith("check (kernel stage)") for m in run_)
    print(f"    of which by its kernel stage (the model against its kernel): {by_kernel}")
    if tests == "suite":
        print(f"  killed by the suite (check, then pytest): {_share(by_suite, len(run_))}")
    survivors = [
        m for m in run_ if m.check == "survived" and (tests == "check" or m.pytest == "survived")
    ]
    print(f"  survivors ({len(survivors)}):")
    for m in survivors:
        print(f"    {m.module}:{m.line} {m.operator} #{m.occurrence}: {m.mutated_line}")


class _Parser(argparse.ArgumentParser):
    """Bad arguments: one ``error:`` line and exit 2, without the usage block."""

    def error(self, message: str) -> NoReturn:
        print(f"error: {message}; see --help", file=sys.stderr)
        sys.exit(2)


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help=f"one of {', '.join(RULE_MODULES)}")
    parser.add_argument("--sample", type=int, default=30, help="mutants drawn (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="sampling seed (default 0)")
    parser.add_argument("--tests", default="suite", help="check or suite (default suite)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per test run")
    parser.add_argument("--only", default="", help="re-run these sample positions (1,5,..)")
    parser.add_argument("--json", help="also write the sampled mutants here (JSON)")
    args = parser.parse_args(argv)
    problems = []
    if args.game not in RULE_MODULES:
        problems.append(f"unknown game {args.game!r}; accepted: {', '.join(RULE_MODULES)}")
    if args.sample < 1:
        problems.append(f"--sample must be at least 1, got {args.sample}")
    if args.tests not in ("check", "suite"):
        problems.append(f"--tests must be check or suite, got {args.tests!r}")
    if args.timeout <= 0:
        problems.append(f"--timeout must be positive, got {args.timeout}")
    if args.json and not Path(args.json).resolve().parent.is_dir():
        problems.append(f"--json: no folder {Path(args.json).resolve().parent}")
    only = {int(x) for x in args.only.split(",") if x.strip().isdigit()}
    if args.only and (
        len(only) != len(args.only.split(",")) or not only <= set(range(1, args.sample + 1))
    ):
        problems.append(
            f"--only takes positions 1..{args.sample} separated by commas, got {args.only!r}"
        )
    if problems:
        print(f"error: {problems[0]}", file=sys.stderr)
        return 2
    os.nice(10)
    os.chdir(ROOT)
    mutants = run(args.game, args.sample, args.seed, args.tests, args.timeout, only or None)
    summary(args.game, mutants, args.tests)
    if args.json:
        out = Path(args.json)
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_text(json.dumps([asdict(m) for m in mutants], indent=1) + "\n")
        tmp.replace(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
