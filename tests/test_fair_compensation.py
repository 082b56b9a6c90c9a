"""The Fair compensation section: the VP handicap found by scoring games again (checked against a
plain recount and planted seat advantages), the fair starting money from a paired linear model
(planted money effects), and the ready experiment through the engine."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gwt_sim.experiment import Overrides
from gwt_sim.runner import simulate
from reports.data import load
from reports.report import build_report
from reports.sections import fair
from reports.sections.fair import _seat_curve, fair_handicap, win_shares
from reports.synthetic import make_paired_dataset

EXPERIMENTS = Path(__file__).resolve().parent.parent / "experiments"


def test_seat_curve_equals_scoring_every_game_again() -> None:
    rng = np.random.default_rng(0)
    scores = rng.integers(20, 40, size=(2000, 4)).astype(float)      # many ties
    h = np.array([0.0, 2, -1, 3])
    values = np.arange(-25, 26)
    for s in (1, 2, 3):
        fast = _seat_curve(scores, h, s, values)
        slow = np.array([win_shares(scores, np.where(np.arange(4) == s, v, h)) for v in values])
        np.testing.assert_allclose(fast, slow, atol=1e-12)
        np.testing.assert_allclose(fast.sum(axis=1), 1.0)


def test_fair_handicap_undoes_planted_seat_advantages() -> None:
    rng = np.random.default_rng(1)
    scores = np.rint(rng.normal(50, 8, size=(40000, 3)) + np.array([4, 1, 0]))
    h = fair_handicap(scores)
    assert h.tolist() == [0.0, 3.0, 4.0]
    shares = win_shares(scores, h)
    assert np.abs(shares - 1 / 3).max() < 0.01


def _money_arms(printed, step=3):
    arms = [{"name": "printed", "money": list(printed)}]
    for s in range(1, len(printed)):
        for d in (-step, step):
            m = list(printed)
            m[s] += d
            arms.append({"name": f"seat{s + 1}_{'minus' if d < 0 else 'plus'}", "money": m})
    return arms


def test_fair_money_and_handicap_recover_planted_effects(tmp_path: Path) -> None:
    """Seat advantages of 1, 0 and -0.5 VP, and 0.5 VP per dollar: seat 2 needs $2 more than printed,
    seat 3 $3 more ($9 and $11); as VP, +1 and +1.5 (the nearest whole VP: 1 or 2)."""
    make_paired_dataset(tmp_path / "d", _money_arms((6, 7, 8)), players=3, games=6000, seat_bonus=[1, 0, -0.5],
                        money_effect=0.5, seed=4)
    section = next(s for s in build_report(tmp_path / "d").sections if s.key == "fair-compensation")
    (setting,) = section.data["settings"]
    assert setting.reference == "printed" and setting.printed == (6, 7, 8)
    money = setting.result["money"]
    assert money["free"] == [2, 3]
    for seat, want in ((2, 9.0), (3, 11.0)):
        assert money["low"][seat - 1] <= want <= money["high"][seat - 1]
        assert money["fair"][seat - 1] == pytest.approx(want, abs=0.75)
    vp = setting.result["handicap"]
    assert vp["handicap"][0] == 0 and vp["handicap"][1] in (1, 2) and vp["handicap"][2] in (1, 2)
    assert vp["low"][1] <= 1 <= vp["high"][1] and vp["low"][2] <= 1.5 <= vp["high"][2]
    assert "At 3 players (reference arm printed, 6,000 games) the printed money $6/$7/$8" in section.finding
    assert section.tables[0].rows[1][:3] == ["3", "2", "$7"]


def test_no_section_when_nothing_varies(tmp_path: Path) -> None:
    make_paired_dataset(tmp_path / "d", [{"name": "a"}], players=2, games=200)
    assert "fair-compensation" not in [s.key for s in build_report(tmp_path / "d").sections]


def test_ready_experiment_through_the_engine(tmp_path: Path) -> None:
    res = simulate(EXPERIMENTS / "fair_compensation.toml", tmp_path / "fair", Overrides(games=40), jobs=1,
                   progress=False)
    assert res.total_games == 40 * 15
    section = fair.build(load(res.path))                 # the section alone (the whole report is tested elsewhere)
    settings = section.data["settings"]
    assert [s.players for s in settings] == [2, 3, 4]
    assert [s.reference for s in settings] == ["p2_printed", "p3_printed", "p4_printed"]
    assert [s.printed for s in settings] == [(6, 7), (6, 7, 8), (6, 7, 8, 9)]
    assert all(s.result["money"] is not None and s.result["money"]["free"] == list(range(2, s.players + 1))
               for s in settings)
    assert len(section.tables[0].rows) == 2 + 3 + 4 and len(section.figures) == 2
