"""A fast, seeded slice of the fuzzing harness (``tools/fuzz.py``): hostile files never crash, hang or lose a game.

The whole run (``python tools/fuzz.py --budget 10000``) is measured before a
release; this slice runs every door on every kind of file in the suite.
"""

import pytest

from tools.fuzz import DOORS, Summary, build_corpus, plan, run_all

BUDGET = 120


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    work = tmp_path_factory.mktemp("fuzz")
    corpus = build_corpus(work)
    return run_all(plan(corpus, BUDGET, seed=20261124), jobs=2, workdir=work)


def test_no_mutant_crashes_hangs_writes_stray_files_or_loses_the_game(results):
    failures = [r for r in results if r.outcome != "ok"]
    assert failures == [], "\n".join(f"{r.door} {r.seed} {r.mutation}: {r.outcome}: {r.detail}" for r in failures)


def test_the_slice_reaches_every_door_and_plays_a_valid_mutant(results):
    summary = Summary()
    for r in results:
        summary.add(r)
    assert summary.mutations == BUDGET
    assert set(summary.by_door) == {d for doors in DOORS.values() for d in doors}
    assert summary.played >= 1
