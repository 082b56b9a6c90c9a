"""Reports a designer can act on: the ranked summary and its thresholds, coverage (an unused component is
"not enough evidence", never "no effect"), minimum detectable effects, robustness across strategy pools,
the game's vocabulary from the manifest (patched content shows the patched text), CSV tables, dataset
labels and the overview as run."""

from __future__ import annotations

import csv
import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from gwt_sim.cli import main
from gwt_sim.content import load_content, patched
from gwt_sim.describe import dataset_vocabulary, vocabulary
from reports import build_report, fmt, make_report
from reports import stats as st
from reports.data import load
from reports.findings import classify, pool_flag
from reports.model import INCONCLUSIVE, MATTERS, NEGLIGIBLE, NOT_ENOUGH, Finding, PoolEstimate
from reports.options import ReportOptions
from reports.sections import buildings, coverage, seats, station_masters
from reports.synthetic import make_dataset

ROOT = Path(__file__).resolve().parent.parent
PATCH_10B = {"set": {"private.10b.actions[0][0].amount": 3}}


@pytest.fixture(scope="module")
def vocab() -> dict:
    return vocabulary(load_content())


def _sections(report) -> dict:
    return {s.key: s for s in report.sections}


# --------------------------------------------------------------------------- coverage


def test_unused_components_are_not_enough_evidence_never_no_effect(tmp_path, vocab):
    # building 9 is almost never built, SM7 almost never taken; building 4's side b is worth 6 VP to builders
    root = make_dataset(tmp_path / "d", games=4000, players=4, built=True, build_rate={9: 0.002},
                        side_b_bonus={4: 6.0}, direct=True, take_rate={"SM7": 0.01}, master_bonus={"SM3": 2.0},
                        cities=("fulton", "new_york"), vocabulary=vocab, seed=21)
    report = build_report(root)
    sec = _sections(report)
    b = sec["building-sides"]
    eff = b.data["effects"]
    nine = eff.filter(pl.col("number") == 9).row(0, named=True)
    assert not nine["enough"] and nine["usage"] < 0.05 and math.isnan(nine["p_holm"])
    assert "Not enough evidence for 1 number(s)" in b.finding and "9 (" in b.finding
    four = eff.filter(pl.col("number") == 4).row(0, named=True)
    assert four["enough"] and four["p_holm"] < st.ALPHA
    sm = sec["station-masters"].data["effects"]
    sm7 = sm.filter(pl.col("tile") == "SM7").row(0, named=True)
    assert not sm7["enough"] and math.isnan(sm7["p_holm"]) and "SM7 (" in sec["station-masters"].finding
    # the summary: rare components only under "not enough evidence", with their usage
    found = {f.subject: f for f in sec["summary"].data["findings"]}
    assert found["building 9: side b vs a"].status == NOT_ENOUGH
    assert "built in" in found["building 9: side b vs a"].usage_text
    assert found["station master SM7"].status == NOT_ENOUGH
    assert found["building 4: side b vs a"].status == MATTERS
    assert found["station master SM3"].status == MATTERS
    heading = next(h for h, _ in sec["summary"].lists if h.startswith("Not enough evidence"))
    items = dict(sec["summary"].lists)[heading]
    assert any(i.startswith("Building 9") for i in items) and any(i.startswith("Station master SM7") for i in items)
    for s in report.sections:                 # no sentence anywhere says an unused component has no effect
        for text in [s.finding, *(i for _, items in s.lists for i in items)]:
            for sentence in text.split(". "):
                if "building 9" in sentence.lower() or "SM7" in sentence:
                    assert "no significant" not in sentence and "no effect" not in sentence, sentence
    cov = sec["coverage"]
    rare = {name for _, name, _ in cov.data["rare"]}
    assert {"9a", "9b", "SM7"} <= rare and "4a" not in rare
    assert "not enough evidence" in cov.finding
    # a looser usage threshold judges them again
    loose = buildings.build(load(root), None, ReportOptions(min_usage=0.001))
    assert loose.data["effects"].filter(pl.col("number") == 9)["enough"].to_list() == [True]


def test_coverage_counts(tmp_path):
    ds = load(make_dataset(tmp_path / "d", games=2000, players=2, built=True, build_rate=0.25, direct=True,
                           take_rate=0.5, cities=("fulton",), seed=22))
    cov = coverage.build(ds)
    b = cov.data["buildings"]
    # per player-game 0.25; per game (2 players) 1 - 0.75^2 = 43.75%
    assert b["per_player"].mean() == pytest.approx(0.25, abs=0.02)
    assert b["share"].mean() == pytest.approx(0.4375, abs=0.03)
    assert int(b.filter(pl.col("number") == 1)["games"].sum()) == 2000
    m = cov.data["station_masters"]
    assert m["share"].mean() == pytest.approx(0.5, abs=0.04)          # taken in half the games drawn
    assert int(m["games"].sum()) == 5 * 2000                         # five tiles drawn per game
    assert [t.title for t in cov.tables][:3] == ["Buildings: built", "Station masters: taken", "Cities: reached"]


def test_minimum_detectable_effect_in_sections(tmp_path):
    ds = load(make_dataset(tmp_path / "d", games=3000, players=4, seed=23))
    eff = buildings.build(ds).data["effects"]
    r = eff.row(0, named=True)
    # the building test's MDE is TTestIndPower's d at the Holm family's first level × the per-game SD
    per_game = ds.players.group_by("game_id").agg(pl.col("score").mean()).join(
        ds.games.select("game_id", "side_1"), on="game_id")
    a = per_game.filter(pl.col("side_1") == "a")["score"]
    b = per_game.filter(pl.col("side_1") == "b")["score"]
    sd = math.sqrt(((a.len() - 1) * a.var() + (b.len() - 1) * b.var()) / (a.len() + b.len() - 2))
    assert r["mde"] == pytest.approx(st.mde_means(a.len(), b.len(), sd, 0.05 / 12), rel=1e-6)
    seat = seats.build(ds).data["table"].row(0, named=True)
    assert seat["mde"] == pytest.approx(st.mde_share_vs(0.25, 3000, 0.05 / 4), rel=1e-9)


# --------------------------------------------------------------------------- summary and thresholds


def test_classify_thresholds():
    opts = ReportOptions()

    def f(est, low, high, p, unit="VP", usage=None):
        return Finding("x", (1,), "s", "t.", unit, est, low, high, p, 100, usage=usage)

    assert classify(f(1.5, 1.2, 1.8, 0.001), opts) == MATTERS
    assert classify(f(0.5, 0.3, 0.7, 0.001), opts) == NEGLIGIBLE                 # significant but small
    assert classify(f(0.1, -0.4, 0.6, 0.6), opts) == NEGLIGIBLE                  # interval rules out 1 VP
    assert classify(f(0.1, -1.5, 1.7, 0.9), opts) == INCONCLUSIVE
    assert classify(f(3.0, 2.0, 4.0, 0.001, usage=0.01), opts) == NOT_ENOUGH
    assert classify(f(0.03, 0.025, 0.035, 0.001, "share"), opts) == MATTERS       # 3 points of win share
    assert classify(f(0.03, 0.025, 0.035, 0.001, "share"), ReportOptions(min_share=0.05)) == NEGLIGIBLE
    assert classify(f(1.5, 1.2, 1.8, 0.001), ReportOptions(min_vp=2)) == NEGLIGIBLE
    with pytest.raises(ValueError):
        ReportOptions(min_usage=5)


def test_summary_ranks_matters_first(tmp_path):
    root = make_dataset(tmp_path / "d", games=6000, players=3, seat_bonus=[4, 0, 0], side_b_bonus={2: 2.5},
                        master_bonus={"SM5": 1.5}, seed=24)
    summ = _sections(build_report(root))["summary"]
    ranked = summ.data["findings"]
    matters = [f for f in ranked if f.status == MATTERS]
    assert {f.subject for f in matters} >= {"seat 1, 3 players", "building 2: side b vs a", "station master SM5"}
    assert ranked[:len(matters)] == matters                       # matters first, by size over threshold
    sizes = [abs(f.estimate) / ReportOptions().threshold(f.unit) for f in matters]
    assert sizes == sorted(sizes, reverse=True)
    assert summ.lists[0][0].startswith("Matters") and summ.finding.startswith(f"{len(matters)} finding")
    assert summ.tables[0].rows[0][1] == "matters"
    # a designer who only cares from 3 VP on: the building (2.5 VP) becomes negligible
    strict = {f.subject: f for f in _sections(build_report(root, options=ReportOptions(min_vp=3)))["summary"]
              .data["findings"]}
    assert strict["building 2: side b vs a"].status == NEGLIGIBLE


# --------------------------------------------------------------------------- strategy pools


def test_pool_flags():
    def pe(pool, est, p):
        return PoolEstimate(pool, est, est - 1, est + 1, p, 100)

    assert pool_flag([pe("a", 2, 0.001), pe("b", -2, 0.001)]).startswith("opposite significant effects")
    assert pool_flag([pe("a", 2, 0.001), pe("b", -0.3, 0.5)]).startswith("different sign")
    assert pool_flag([pe("a", 2, 0.001), pe("b", 0.3, 0.5)]).startswith("significant only in a")
    assert pool_flag([pe("a", 2, 0.001), pe("b", 1.8, 0.002)]) == ""
    assert pool_flag([pe("a", 0.2, 0.5), pe("b", -0.2, 0.5)]) == ""                # noise is no disagreement


def test_opposite_effects_in_two_pools_are_flagged(tmp_path):
    root = make_dataset(tmp_path / "d", games=8000, players=3, seed=25, pools={
        "expert": {"seat_bonus": [3, 0, 0], "side_b_bonus": {5: 2.0}, "master_bonus": {"SM4": 2.0}},
        "mix": {"seat_bonus": [-3, 0, 0], "side_b_bonus": {5: -2.0}, "master_bonus": {"SM4": -2.0}}})
    ds = load(root)
    assert ds.pools == ["expert", "mix"] and ds.for_pool("mix").games.height == 4000
    for module, subject in ((seats, "seat 1, 3 players"), (buildings, "building 5: side b vs a"),
                            (station_masters, "station master SM4")):
        sec = module.build(ds)
        f = {f.subject: f for f in sec.findings}[subject]
        assert [p.pool for p in f.pools] == ["expert", "mix"]
        assert f.pools[0].estimate > 0 > f.pools[1].estimate and all(p.significant for p in f.pools)
        assert f.pool_flag.startswith("opposite significant effects"), (subject, f.pool_flag)
        assert "disagree" in sec.finding and any(t.title.endswith("by strategy pool") or "by strategy pool" in t.title
                                                 for t in sec.tables)
    # the same effect in both pools: no flag on it
    same = make_dataset(tmp_path / "s", games=6000, players=3, seed=26, pools={
        "expert": {"side_b_bonus": {5: 2.5}}, "mix": {"side_b_bonus": {5: 2.5}}})
    f = {f.subject: f for f in buildings.build(load(same)).findings}["building 5: side b vs a"]
    assert f.pool_flag == "" and len(f.pools) == 2
    summ = _sections(build_report(root))["summary"]
    assert "strategy pools disagree" in summ.finding


# --------------------------------------------------------------------------- vocabulary


def test_vocabulary_from_patched_content():
    base = load_content()
    v = vocabulary(base)
    v3 = vocabulary(patched(base, [PATCH_10B]))
    assert "1. gain $4" in v["buildings"]["10b"]["effect"] and "1. gain $3" in v3["buildings"]["10b"]["effect"]
    assert v["buildings"]["10a"] == v3["buildings"]["10a"]
    assert v["station_masters"]["SM5"]["effect"].startswith("when taken: gain $2")
    assert v["cities"]["new_york"]["name"] == "New York"
    assert v["scoring"]["objectives"]["name"] == "Objective cards"
    assert set(v["workers"]) == {"cowboy", "builder", "engineer"} and v["workers"]["cowboy"]["printed"] == 1
    assert set(v["objectives"]) == set(base.objective_cards)
    json.dumps(v)                                                   # plain JSON for the manifest
    out = dataset_vocabulary(base, [("baseline", ()), ("10b_gives_3", (PATCH_10B,))])
    assert out["vocabulary"] == v and out["vocabulary_arms"] == {"10b_gives_3": v3}
    assert "vocabulary_arms" not in dataset_vocabulary(base, [("a", ()), ("b", ())])


def test_runner_manifest_carries_vocabulary_and_report_shows_patched_text(tmp_path):
    out = tmp_path / "w"
    subprocess.run([sys.executable, "-m", "gwt_sim.cli", "simulate", str(ROOT / "experiments" / "whatif_10b.toml"),
                    "--out", str(out), "--games", "6", "--jobs", "1", "--quiet", "--strategies", "random"],
                   check=True, capture_output=True, cwd=ROOT)
    m = json.loads((out / "manifest.json").read_text())
    assert "gain $4" in m["vocabulary"]["buildings"]["10b"]["effect"]
    assert "gain $3" in m["vocabulary_arms"]["10b_gives_3"]["buildings"]["10b"]["effect"]
    ds = load(out)
    assert ds.vocab.effect("buildings", "10b", "10b_gives_3").startswith("8 builders, 11 VP")
    assert ds.vocab.differs("buildings", "10b") == ["10b_gives_3"]
    assert ds.vocab.category("job_market_token") == "Job-market token"
    assert ds.vocab.station_master_text("SM5").startswith("SM5 (when taken: gain $2")


def test_old_dataset_without_vocabulary_falls_back_to_ids(tmp_path):
    ds = load(make_dataset(tmp_path / "d", games=500, players=4, cities=("new_york",), seed=27))
    assert not ds.vocab.known
    assert ds.vocab.city("new_york") == "New York" and ds.vocab.station_master("SM3") == "SM3"
    assert ds.vocab.building_text("7b") == "7b" and ds.vocab.category("station_masters") == "station masters"
    report = build_report(ds.path)
    assert "no content vocabulary" in _sections(report)["overview"].finding


def test_vocabulary_in_tables_and_findings(tmp_path, vocab):
    root = make_dataset(tmp_path / "d", games=3000, players=4, master_bonus={"SM5": 3.0}, cities=("new_york",),
                        vocabulary=vocab, seed=28)
    sec = _sections(build_report(root))
    sm = sec["station-masters"]
    assert "SM5 (when taken: gain $2; at game end: 1 VP per worker on your player board)" in sm.finding
    table = sm.tables[0]
    row = next(r for r in table.rows if r[1] == "SM5")
    assert row[table.columns.index("effect (content as run)")] == vocab["station_masters"]["SM5"]["effect"]
    gloss = next(t for t in sec["building-sides"].tables if t.title.startswith("The buildings compared"))
    assert [r[1] for r in gloss.rows if r[0] == "7b"] == [vocab["buildings"]["7b"]["effect"]]
    assert "New York" in [r[0] for r in next(t for t in sec["tempo"].tables if t.title == "Deliveries by city").rows]
    assert "Cattle cards" in next(t for t in sec["score-breakdown"].tables if "category and seat" in t.title).columns


# --------------------------------------------------------------------------- CSV, labels, overview, CLI


def _run(argv, capsys) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err


def test_tables_dir_csv_and_labels(tmp_path, capsys):
    base = make_dataset(tmp_path / "runs" / "base", games=1500, players=4, seed=29, experiment="whatif")
    var = make_dataset(tmp_path / "runs" / "var", games=1500, players=4, mean=62.0, seed=30, experiment="whatif")
    code, _out, err = _run(["report", str(var), "--compare", str(base), "--out", str(tmp_path / "r.html"),
                           "--tables-dir", str(tmp_path / "csv"), "--min-vp", "0.5", "--min-share", "3",
                           "--min-usage", "2"], capsys)
    assert code == 0, err
    report = build_report(var, compare=base)
    files = sorted((tmp_path / "csv").glob("*.csv"))
    tables = [t for s in report.sections for t in s.tables]
    assert len(files) == len(tables)
    with files[0].open(encoding="utf-8") as fh:
        head = next(csv.reader(fh))
    assert head == tables[0].columns
    # same experiment name: the folder names label the datasets, the baseline is named
    w = _sections(report)["what-if"]
    assert w.data["comparisons"][0]["label"].startswith("var vs base (baseline)")
    assert "Against the baseline base (4 players), var changes the" in w.findings[0].text and str(tmp_path) not in w.finding
    labelled = build_report(var, compare=base, options=ReportOptions(label="patched", compare_label="original"))
    assert _sections(labelled)["what-if"].data["comparisons"][0]["label"].startswith("patched vs original (baseline)")
    code, _, err = _run(["report", str(var), "--compare", str(base), "--label", "A=p,B=q", "--out",
                         str(tmp_path / "l.html")], capsys)
    assert code == 0 and "p vs q (baseline)" in (tmp_path / "l.html").read_text(encoding="utf-8")
    for bad in (["--label", "C=x"], ["--label", "B=x"], ["--min-usage", "500"], ["--min-vp", "-1"],
                ["--min-vp", "inf"], ["--min-share", "nan"], ["--min-share", "101"]):
        code, _, err = _run(["report", str(var), "--out", str(tmp_path / "x.html"), *bad], capsys)
        assert code == 2 and err.startswith("error: ") and err.count("\n") == 1, (bad, err)
        assert bad[0] in err and (bad[1] in err or bad[0].startswith("--label")), (bad, err)   # names flag and value


def test_overview_shows_what_ran(tmp_path):
    out = tmp_path / "qs2"
    subprocess.run([sys.executable, "-m", "gwt_sim.cli", "simulate", str(ROOT / "experiments" / "quickstart.toml"),
                    "--out", str(out), "--games", "8", "--jobs", "1", "--quiet", "--players", "2",
                    "--strategies", "random"], check=True, capture_output=True, cwd=ROOT)
    ov = _sections(build_report(out))["overview"]
    assert "overrode" in ov.finding and "players = 2" in ov.finding
    meta = dict(ov.tables[0].rows)
    assert meta["as run"].startswith("arm sides_a: 2 players, random seating of random")
    assert "4 players" in meta["description"] and "this run overrode" in meta["description"]
    md = make_report(out, tmp_path / "r.md")
    assert "as run" in md.read_text(encoding="utf-8")


def test_games_that_replay_a_seed_are_clustered_by_seed(tmp_path: Path) -> None:
    """Four games per seed share its setup and a large effect of that setup on every player, as an
    experiment's strategy pools or rotations replay each seed. No side and no tile does anything. Counted
    as independent games the building-side and station-master intervals are about half as wide as they
    should be (the design effect here is about 3.8); clustered by seed they are not, and the estimates stay."""
    root = make_dataset(tmp_path / "d", games=8000, players=4, replays=4, seed_sd=20.0, seed=11)
    ds = load(root)
    assert ds.replays_seeds("main")
    # the same games as if every game had its own seed
    own = ds.games["game_id"]
    alone = load(root)
    alone.games = alone.games.with_columns(seed_index=own)
    alone.players = alone.players.with_columns(seed_index=pl.col("game_id"))
    assert not alone.replays_seeds("main")
    opts = ReportOptions()
    ratios = []
    for got, naive in zip(buildings.analyse(ds, opts)["main"], buildings.analyse(alone, opts)["main"], strict=True):
        d, w = got["mean_score"]["diff"], naive["mean_score"]["diff"]
        assert d.estimate == pytest.approx(w.estimate)
        ratios.append((d.high - d.low) / (w.high - w.low))
    assert 1.6 < min(ratios) and max(ratios) < 2.4
    ratios = []
    for got, naive in zip(station_masters.analyse(ds, opts)["ok"], station_masters.analyse(alone, opts)["ok"],
                          strict=True):
        assert got["mean_score"].estimate == pytest.approx(naive["mean_score"].estimate)
        ratios.append(got["mean_score"].se / naive["mean_score"].se)
    assert 1.6 < min(ratios) and max(ratios) < 2.4
    notes = " ".join(t.note for t in buildings.build(ds).tables + station_masters.build(ds).tables)
    assert "clustered by seed" in notes
    assert "clustered by seed" not in " ".join(t.note for t in buildings.build(alone).tables)


def test_paired_what_if_differences_that_share_a_seed_are_clustered(tmp_path: Path) -> None:
    """Two arms on the same seeds, each seed replayed four times (its rotations) with a large effect of
    the seed on every player, drawn apart in each arm: the four paired differences of a seed share that
    effect, so the paired test clusters them by seed; counted as independent pairs it would be about
    half as wide."""
    from reports.sections import whatif

    root = make_dataset(tmp_path / "d", games=8000, players=4, arms=[("base", 4), ("variant", 4)], replays=4,
                        seed_sd=20.0, seed=12)
    ds = load(root)
    alone = load(root)
    alone.games = alone.games.with_columns(seed_index=pl.col("seed_index") * 4 + pl.col("rotation"))
    alone.players = alone.players.with_columns(seed_index=pl.col("seed_index") * 4 + pl.col("rotation"))
    got, naive = (next(r for r in whatif.build(d).data["comparisons"][0]["rows"] if r["metric"] == "average score")
                  for d in (ds, alone))
    assert got["clustered"] and not naive["clustered"]
    assert got["diff"].estimate == pytest.approx(naive["diff"].estimate)
    assert 1.6 < (got["diff"].high - got["diff"].low) / (naive["diff"].high - naive["diff"].low) < 2.4
    assert "clustered by seed" in whatif.build(ds).finding
    # a seat's win share: paired by seed too; with four games a side per seed, the paired t-test of the
    # seeds' seat-1 shares (statsmodels' least squares with seed clusters says the same)
    from scipy import stats as sps

    share = next(r for r in whatif.build(ds).data["comparisons"][0]["rows"] if r["metric"] == "seat 1 win share")
    seat1 = (ds.players.filter(pl.col("seat") == 1).group_by("seed_index", "arm").agg(pl.col("win_share").mean())
             .pivot("arm", index="seed_index", values="win_share").sort("seed_index"))
    assert share["clustered"]
    assert share["diff"].estimate == pytest.approx(float((seat1["variant"] - seat1["base"]).mean()))
    assert share["diff"].p == pytest.approx(float(sps.ttest_rel(seat1["variant"], seat1["base"]).pvalue), rel=1e-9)


def test_seat_and_strategy_win_shares_of_replayed_seeds_are_clustered(tmp_path: Path) -> None:
    """Each seed favours some seats (a N(0, 8) VP draw per seed and seat) and is replayed by four
    games: a seat's wins are then clustered by seed, and its interval is wider than if the games were
    independent; the shares stay. A strategy's win share is clustered by seed too: its interval is
    least squares' cluster-robust one (narrower here than Wilson's on the player rows, which ignores
    that the players of one game share its win)."""
    import statsmodels.api as sm
    from scipy import stats as sps

    from reports.sections import strategies

    root = make_dataset(tmp_path / "d", games=8000, players=4, replays=4, seat_sd=8.0, strategies=("A", "B"),
                        seed=13)
    ds = load(root)
    alone = load(root)
    alone.games = alone.games.with_columns(seed_index=pl.col("game_id"))
    alone.players = alone.players.with_columns(seed_index=pl.col("game_id"))
    got, naive = seats.seat_table(ds), seats.seat_table(alone)
    assert got["clustered"].all() and not naive["clustered"].any()
    assert got["share"].to_list() == pytest.approx(naive["share"].to_list())
    width = (got["high"] - got["low"]) / (naive["high"] - naive["low"])
    assert width.min() > 1.15
    assert "clustered by seed" in seats.seat_findings(ds)[0].text
    # the test of equal shares: clustered by seed (the shares of the four seats per seed), else χ²
    test, plain = seats.equal_share_tests(ds, got)[("main", 4)], seats.equal_share_tests(alone, naive)[("main", 4)]
    per_seed = (ds.players.group_by("seed_index").agg([(pl.col("win_share") * (pl.col("seat") == k)).sum()
                                                        .alias(str(k)) for k in range(1, 5)]).sort("seed_index"))
    f, _, _, p = st.clustered_equal_shares(per_seed["seed_index"], per_seed.select("1", "2", "3", "4").to_numpy(),
                                               np.full(per_seed.height, 4))
    assert (test["clustered"], test["statistic"], test["df"], test["p"]) == (True, pytest.approx(f), "3, 1999",
                                                                              pytest.approx(p))
    assert not plain["clustered"] and plain["p"] < p
    table = next(t for t in seats.build(ds).tables if t.title.startswith("Test of equal"))
    assert table.rows[0][3] == "F, clustered by seed"
    got, naive = strategies.strategy_table(ds), strategies.strategy_table(alone)
    assert got["clustered"].all() and not naive["clustered"].any()
    rows = ds.players.filter(pl.col("strategy") == "A")
    y = rows["win_share"].to_numpy()
    fit = sm.OLS(y, np.ones_like(y)).fit(cov_type="cluster", cov_kwds={"groups": rows["seed_index"].to_numpy(),
                                                                        "use_correction": False})
    half = sps.t.ppf(0.975, 1999) * float(fit.bse[0]) * np.sqrt(2000 / 1999)
    a = got.filter(pl.col("strategy") == "A").row(0, named=True)
    assert (a["low"], a["high"]) == pytest.approx((y.mean() - half, y.mean() + half), rel=1e-9)


def test_build_and_take_rates_use_the_effective_number_of_rows(tmp_path: Path) -> None:
    """Building 3 is built by every player of a seed's four games or by none of them, and station master
    SM1 taken by seat 1 in every game of a seed or in none: the build rate's 16 player rows of a seed are
    one seed's worth of evidence, the take rate's 4 games too. The Wilson intervals are those at the
    effective number of rows (`wilson_clustered` on one sum per seed), about 4 and 2 times as wide as
    counting the rows; when every game has its own seed, the build rate is still clustered by game."""
    root = make_dataset(tmp_path / "d", games=8000, players=4, replays=4, built=True, direct=True, seed=15)
    ds = load(root)
    rng = np.random.default_rng(15)
    built = rng.random(2000) < 0.3
    taken = rng.random(2000) < 0.5
    seed = ds.players["seed_index"].to_numpy()
    ds.players = ds.players.with_columns(
        built_3=pl.Series(built[seed]).cast(ds.players["built_3"].dtype),
        station_master_taken_SM1=pl.Series(taken[seed] & (ds.players["seat"] == 1).to_numpy())
        .cast(ds.players["station_master_taken_SM1"].dtype))
    opts = ReportOptions()
    row = next(r for r in buildings.analyse(ds, opts)["builders"] if r["number"] == 3)
    side_a = ds.players.join(ds.games.select("game_id", "side_3"), on="game_id").filter(pl.col("side_3") == "a")
    per_seed = side_a.group_by("seed_index").agg(pl.col("built_3").sum(), pl.len())
    rate, low, high, n = row["build_rate_a"]
    assert (low, high) == pytest.approx(st.wilson_clustered(per_seed["seed_index"], per_seed["built_3"],
                                                            per_seed["len"])[:2], rel=1e-12)
    naive = st.wilson(side_a["built_3"].sum(), side_a.height)
    assert (high - low) / (naive[1] - naive[0]) > 3.5
    tile = next(r for r in station_masters.analyse(ds, opts)["direct"] if r["tile"] == "SM1")
    rate, low, high = tile["take_rate"]
    naive = st.wilson(tile["takers"], tile["games"])
    assert 1.7 < (high - low) / (naive[1] - naive[0]) < 2.3
    ds.games = ds.games.with_columns(seed_index=pl.col("game_id"))
    ds.players = ds.players.with_columns(seed_index=pl.col("game_id"))
    row = next(r for r in buildings.analyse(ds, opts)["builders"] if r["number"] == 3)
    rate, low, high, n = row["build_rate_a"]
    naive = st.wilson(rate * n, n)
    assert (high - low) / (naive[1] - naive[0]) > 1.7          # the four players of a game built it or none
    tile = next(r for r in station_masters.analyse(ds, opts)["direct"] if r["tile"] == "SM1")
    assert tile["take_rate"][1:] == pytest.approx(st.wilson(tile["takers"], tile["games"]))   # one row per game
    notes = " ".join(t.note for t in buildings.build(ds).tables + station_masters.build(ds).tables)
    assert "effective number of rows" in notes


def test_player_row_comparisons_are_clustered_by_game(tmp_path: Path) -> None:
    """Every game has its own seed, and a large effect of the game (N(0, 20) VP) is shared by its players,
    as a game's length is. The comparisons over player rows — a strategy's side effect, the takers against
    the other players of their games — are least squares' cluster-robust ones with the game as the
    cluster; counting the rows as independent (Welch, as before) made the strategy's interval too narrow."""
    import statsmodels.api as sm
    from scipy import stats as sps

    ds = load(make_dataset(tmp_path / "d", games=4000, players=4, strategies=("A", "B"), seed_sd=20.0,
                           built=True, direct=True, seed=16))
    assert not ds.replays_seeds("main")

    def cluster_ols(y: np.ndarray, x: np.ndarray, games: np.ndarray) -> tuple[float, float, float]:
        fit = sm.OLS(y, np.column_stack([np.ones_like(y), x])).fit(
            cov_type="cluster", cov_kwds={"groups": games, "use_correction": False})
        g = np.unique(games).size
        half = sps.t.ppf(0.975, g - 1) * float(fit.bse[1]) * np.sqrt(g / (g - 1))
        return float(fit.params[1]), float(fit.params[1]) - half, float(fit.params[1]) + half

    got = next(r for r in buildings.analyse(ds, ReportOptions())["arche"] if r["number"] == 5 and r["strategy"] == "A")
    rows = ds.players.join(ds.games.select("game_id", "side_5"), on="game_id").filter(pl.col("strategy") == "A")
    b = (rows["side_5"] == "b").to_numpy().astype(float)
    d = got["score"]["diff"]
    assert (d.estimate, d.low, d.high) == pytest.approx(cluster_ols(rows["score"].to_numpy().astype(float), b,
                                                                    rows["game_id"].to_numpy()), rel=1e-9)
    ya, yb = (rows.filter(pl.col("side_5") == side)["score"].to_numpy().astype(float) for side in ("a", "b"))
    naive = st.welch(ya.mean(), ya.var(ddof=1), ya.size, yb.mean(), yb.var(ddof=1), yb.size)
    assert (d.high - d.low) > 1.25 * (naive.high - naive.low)
    taker = next(r for r in station_masters.analyse(ds, ReportOptions())["direct"] if r["tile"] == "SM2")
    drawn = ds.games.filter(pl.any_horizontal([pl.col(f"station_master_{k}") == "SM2" for k in range(1, 6)]))
    rows = ds.players.filter(pl.col("game_id").is_in(drawn["game_id"].implode()))
    took = (rows["station_master_taken_SM2"] > 0).to_numpy().astype(float)
    w = taker["win_diff"]
    assert (w.estimate, w.low, w.high) == pytest.approx(
        cluster_ols(rows["win_share"].to_numpy().astype(float), took, rows["game_id"].to_numpy()), rel=1e-9)
    notes = " ".join(t.note for t in buildings.build(ds).tables + station_masters.build(ds).tables)
    assert "cluster them by game" in notes and "clustered by seed" not in notes


def test_head_to_head_pairings_are_clustered_by_seed(tmp_path: Path) -> None:
    """The pairings of one game (and of the games that replay its seed) share that game: the head-to-head
    interval is least squares' cluster-robust one over the pairing rows, with the seed as the cluster."""
    import statsmodels.api as sm
    from scipy import stats as sps

    from reports.sections import strategies

    ds = load(make_dataset(tmp_path / "d", games=4000, players=4, replays=2, seat_sd=8.0, strategies=("A", "B"),
                           strategy_bonus={"A": 1.0}, seed=14))
    sec = strategies.build(ds)
    table = next(t for t in sec.tables if t.title.startswith("Head to head"))
    assert "clustered by seed" in table.note
    p = ds.players.select("game_id", "seed_index", "seat", "strategy", "rank")
    rows = (p.join(p.drop("seed_index"), on="game_id", suffix="_b")
            .filter((pl.col("strategy") == "A") & (pl.col("strategy_b") == "B")))
    y = ((rows["rank"] < rows["rank_b"]).cast(pl.Float64) + 0.5 * (rows["rank"] == rows["rank_b"])).to_numpy()
    groups = rows["seed_index"].to_numpy()
    fit = sm.OLS(y, np.ones_like(y)).fit(cov_type="cluster", cov_kwds={"groups": groups, "use_correction": False})
    g = np.unique(groups).size
    half = sps.t.ppf(0.975, g - 1) * float(fit.bse[0]) * np.sqrt(g / (g - 1))
    row = next(r for r in table.rows if r[:2] == ["A", "B"])
    assert row[4] == fmt.ci(y.mean() - half, y.mean() + half, percent=True)


def test_descriptive_means_are_clustered_by_seed_or_game() -> None:
    """The overview's, tempo's and score breakdown's mean intervals: the players of a game share it, so
    the interval is least squares' cluster-robust one with the game (here: no seed_index) as the cluster."""
    import statsmodels.api as sm
    from scipy import stats as sps

    from reports.sections.common import mean_intervals

    rng = np.random.default_rng(5)
    game = np.repeat(np.arange(500), 4)
    y = np.repeat(rng.normal(0, 5, 500), 4) + rng.normal(0, 1, game.size)
    lf = pl.DataFrame({"game_id": game, "players": 4, "score": y}).lazy()
    low, high = mean_intervals(lf, "score", ("players",))[(4,)]
    fit = sm.OLS(y, np.ones_like(y)).fit(cov_type="cluster", cov_kwds={"groups": game, "use_correction": False})
    half = sps.t.ppf(0.975, 499) * float(fit.bse[0]) * np.sqrt(500 / 499)
    assert (low, high) == pytest.approx((y.mean() - half, y.mean() + half), rel=1e-9)
    assert mean_intervals(lf, "score", ())[()] == pytest.approx((low, high))
    naive = sps.t.ppf(0.975, y.size - 1) * y.std(ddof=1) / np.sqrt(y.size)
    assert half > 1.5 * naive            # rows counted as independent: far too narrow
