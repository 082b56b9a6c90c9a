"""The Fair compensation section: the VP handicap found by scoring games again (checked against a
plain recount and planted seat advantages), the fair starting money from a paired linear model
(planted money effects), and the ready experiment through the engine."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pytest

from gwt_sim.experiment import Overrides
from gwt_sim.runner import simulate
from reports import stats as st
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


def test_games_that_replay_seeds_are_resampled_by_seed(tmp_path: Path) -> None:
    """Eight games per seed, each seed adding N(0, 10) VP per seat: the handicap's bootstrap resamples
    seeds with all their games and the win shares' Wilson intervals count seeds' worth of games, so both
    are wider than when every game counted alone (the code before 2026-11-28 resampled games)."""
    make_paired_dataset(tmp_path / "d", _money_arms((6, 7, 8)), players=3, games=2400, seat_bonus=[1, 0, -0.5],
                        money_effect=0.5, replays=8, seat_sd=10, seed=5)
    ds = load(tmp_path / "d")
    (setting,) = fair.build(ds).data["settings"]
    vp = setting.result["handicap"]
    assert vp["games"] == 2400 and vp["clusters"] == 300
    ref = ds.players.filter(pl.col("arm") == "printed").sort("game_id", "seat")
    scores = ref["score"].to_numpy().astype(float).reshape(-1, 3)
    seeds = ref["seed_index"].to_numpy()[::3]
    by_seed = fair._handicap(scores, seeds, np.random.default_rng(fair.BOOTSTRAP_SEED))
    by_game = fair._handicap(scores, np.arange(2400), np.random.default_rng(fair.BOOTSTRAP_SEED))
    for key in ("handicap", "low", "high", "shares_low", "shares_high"):
        np.testing.assert_array_equal(vp[key], by_seed[key])
    assert ((vp["high"] - vp["low"])[1:] >= 1.5 * (by_game["high"] - by_game["low"])[1:]).all()
    width = vp["shares_high"] - vp["shares_low"]
    assert (width >= 1.5 * (by_game["shares_high"] - by_game["shares_low"])).all()
    # one game per cluster: Wilson's own interval on the games
    low, high = st.wilson(by_game["shares"] * 2400, np.full(3, 2400))
    np.testing.assert_allclose(by_game["shares_low"], low, atol=1e-12)
    np.testing.assert_allclose(by_game["shares_high"], high, atol=1e-12)
