"""Reports: every section on small real datasets from the runner; planted effects of known size on
synthetic data (found) and nulls (not flagged); self-contained HTML; Markdown; the CLI and its errors."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from gwt_sim.cli import main
from reports import ReportError, build_report, make_report, render
from reports import stats as st
from reports.data import load
from reports.sections import buildings, seats, station_masters, strategies, tempo, whatif
from reports.synthetic import make_dataset

ROOT = Path(__file__).resolve().parent.parent
SECTION_KEYS = ["summary", "overview", "coverage", "seat-balance", "strategies", "building-sides", "station-masters",
                "score-breakdown", "tempo", "what-if"]


def _simulate(out: Path, experiment: str, games: int, *extra: str) -> Path:
    cmd = [sys.executable, "-m", "gwt_sim.cli", "simulate", str(ROOT / "experiments" / f"{experiment}.toml"),
           "--out", str(out), "--games", str(games), "--jobs", "1", "--quiet", *extra]
    subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
    return out


@pytest.fixture(scope="session")
def real(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("real")
    return {"quickstart": _simulate(base / "qs", "quickstart", 60),
            "seats": _simulate(base / "seats", "seat_balance", 40),
            "sides": _simulate(base / "sides", "building_sides", 120),
            "h2h": _simulate(base / "h2h", "strategy_matrix", 30, "--players", "2",
                             "--strategies", "random,heuristic:profile=cattle"),
            # the First Edition: 10 building numbers, all 5 station masters in every game
            "quickstart_1e": _simulate(base / "qs1e", "quickstart", 60, "--edition", "1e"),
            "sides_1e": _simulate(base / "sides1e", "building_sides", 120, "--edition", "1e",
                                  "--strategies", "heuristic:profile=balanced")}


def _check_html(text: str) -> None:
    assert "http://" not in text and "https://" not in text
    assert 'src="/' not in text
    for src in re.findall(r'src="([^"]*)"', text):
        assert src.startswith("data:image/png;base64,")
    assert "<link" not in text and "<script src" not in text.replace("<script  ", "<script ")
    assert text.count("<script>") == 1                 # the inline table-sorting script, nothing else


def _check_report(report) -> None:
    assert [s.key for s in report.sections] == SECTION_KEYS
    for s in report.sections:
        assert s.finding and s.finding.rstrip().endswith("."), s.key
        for f in s.figures:
            assert f.title and f.png.startswith(b"\x89PNG")
        for t in s.tables:
            assert all(len(r) == len(t.columns) for r in t.rows), (s.key, t.title)
            if s.key != "overview" and "content as run" not in t.title:   # every number carries its sample size
                assert any("(n)" in c or c.startswith("n ") or c == "n" or "n =" in c or c.endswith(", n")
                           for c in t.columns), \
                    (s.key, t.title)


@pytest.mark.parametrize("name", ["quickstart", "seats", "sides", "h2h", "quickstart_1e", "sides_1e"])
def test_report_on_real_datasets(real, name, tmp_path):
    report = build_report(real[name])
    _check_report(report)
    out = render.write(report, tmp_path / "r.html")
    _check_html(out.read_text(encoding="utf-8"))


def test_real_dataset_sections(real):
    qs = build_report(real["quickstart"])
    sec = {s.key: s for s in qs.sections}
    assert "do not vary" in sec["building-sides"].finding           # quickstart fixes sides per arm
    assert sec["what-if"].data["comparisons"][0]["paired"]           # sides_b vs sides_a on the same seeds
    assert "sides_b against arm sides_a" in sec["what-if"].finding
    seat_df = {s.key: s for s in build_report(real["seats"]).sections}["seat-balance"].data["table"]
    assert sorted(seat_df["players"].unique().to_list()) == [2, 3, 4] and seat_df.height == 9
    sides = load(real["sides"])
    eff = buildings.build(sides).data["effects"]
    assert eff["number"].to_list() == list(range(1, 13))
    h2h = strategies.build(load(real["h2h"]))
    assert h2h.data["names"] == ["heuristic:profile=cattle", "random"]
    assert h2h.data["strengths"].strength[0] > h2h.data["strengths"].strength[1]


def test_first_edition_dataset_sections(real):
    qs = {s.key: s for s in build_report(real["quickstart_1e"]).sections}
    content = dict(qs["overview"].tables[0].rows)["content"]
    assert content.startswith("Great Western Trail, First Edition (edition 1;")
    # every game draws all five tiles: no effect of drawing one, but the takers are compared
    sm = qs["station-masters"]
    assert "do not vary" in sm.finding and "Taken most" in sm.finding
    assert {r["tile"] for r in sm.data["direct"]} == {"SM1", "SM2", "SM3", "SM4", "SM5"}
    eff = buildings.build(load(real["sides_1e"])).data["effects"]
    assert eff["number"].to_list() == list(range(1, 11))


def test_compare_first_with_second_edition_category_by_category(real):
    sec = {s.key: s for s in build_report(real["quickstart_1e"], real["quickstart"]).sections}["what-if"]
    assert "plays the First Edition" in sec.finding and "the Second Edition" in sec.finding
    comparisons = sec.data["comparisons"]
    assert len(comparisons) == 2                        # arm by arm: sides_a, sides_b
    for c in comparisons:
        assert not c["paired"]                          # seeds pair nothing across editions
        metrics = [r["metric"] for r in c["rows"]]
        assert len([m for m in metrics if m.endswith(" VP")]) == 11      # the 11 scoresheet categories


def test_markdown_output(real, tmp_path):
    out = make_report(real["quickstart"], tmp_path / "sub" / "report.md")
    text = out.read_text(encoding="utf-8")
    links = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert links and all(not link.startswith("/") for link in links)
    assert all((out.parent / link).is_file() for link in links)
    assert "## Seat balance" in text and "| seat |" in text.replace("|seat|", "| seat |")


# --------------------------------------------------------------------------- planted effects and nulls


def test_seat_effect_found_and_null_not_flagged(tmp_path):
    planted = load(make_dataset(tmp_path / "p", games=6000, players=3, seat_bonus=[3, 0, 0], seed=1))
    sec = seats.build(planted)
    assert (planted.arms[0], 3, 1) in sec.data["flagged"]
    assert sec.finding.startswith("Seat 1 wins") and "above par (33.3%" in sec.finding
    df = sec.data["table"]
    # known size: seat 1 scores 3 VP more than the other seats
    s1, s2 = (df.filter(pl.col("seat") == k).row(0, named=True) for k in (1, 2))
    d = st.welch(s2["score_mean"], s2["score_var"], s2["games"], s1["score_mean"], s1["score_var"], s1["games"])
    assert d.low < 3 < d.high
    null = seats.build(load(make_dataset(tmp_path / "n", games=6000, players=3, seed=2)))
    assert null.data["flagged"] == [] and "no seat's win share differs from par" in null.finding


def test_strategy_strengths_found_and_null(tmp_path):
    ds = load(make_dataset(tmp_path / "p", games=3000, players=4, strategies=("A", "B", "C"),
                           strategy_bonus={"A": 4.0, "C": -4.0}, seed=3))
    sec = strategies.build(ds)
    bt = sec.data["strengths"]
    assert bt.strength[0] > bt.strength[1] > bt.strength[2]
    assert sec.finding.startswith("A is the strongest") and len(sec.data["significant_pairs"]) == 3
    null = strategies.build(load(make_dataset(tmp_path / "n", games=3000, players=4, strategies=("A", "B", "C"),
                                              seed=4)))
    assert null.data["significant_pairs"] == [] and "No head-to-head pair differs" in null.finding


def test_how_each_strategy_played(tmp_path):
    """The Strategies section shows each strategy's plan indicators (per player count and pool), the
    measures of `reports.plan_indicators`, so a finding can be read with the play that produced it."""
    from reports import fmt
    from reports.plan_indicators import INDICATORS, plan_indicators

    ds = load(make_dataset(tmp_path / "p", games=2000, players=4, strategies=("A", "B"), built=True,
                           build_rate={3: 0.8, 9: 0.05}, seed=8))
    table = next(t for t in strategies.build(ds).tables if t.title.startswith("How each strategy played"))
    assert table.columns[:3] == ["strategy", "players", "player-games (n)"]
    rows = {r[0]: dict(zip(table.columns, r, strict=True)) for r in table.rows}
    assert list(rows) == ["A", "B"]
    want = plan_indicators(ds.players)
    for s in ("A", "B"):
        assert rows[s]["player-games (n)"] == fmt.n(ds.players.filter(pl.col("strategy") == s).height)
        for key in ("builders_3", "least_built"):
            assert rows[s][INDICATORS[key]] == fmt.pct(want[s][key])
        for key in ("value_per_delivery", "winners_vp"):
            assert rows[s][INDICATORS[key]] == fmt.num(want[s][key], 2)
    pooled = load(make_dataset(tmp_path / "q", games=400, players=2, pools={"x": {}, "y": {}}, seed=9))
    table = next(t for t in strategies.build(pooled).tables if t.title.startswith("How each strategy played"))
    assert [r[:4] for r in table.rows] == [["x", "random", "2", "400"], ["y", "random", "2", "400"]]


def test_building_side_effect_found_and_null(tmp_path):
    ds = load(make_dataset(tmp_path / "p", games=4000, players=4, side_b_bonus={7: 3.0}, seed=5))
    eff = buildings.build(ds).data["effects"]
    flagged = eff.filter(pl.col("p_holm") < st.ALPHA)
    assert flagged["number"].to_list() == [7]
    row = flagged.row(0, named=True)
    assert row["low"] < 3.0 < row["high"]                       # the known size lies in the interval
    null = buildings.build(load(make_dataset(tmp_path / "n", games=4000, players=4, seed=6)))
    assert null.data["effects"].filter(pl.col("p_holm") < st.ALPHA).height == 0
    assert null.finding.startswith("No building number's side")


def test_building_builders_columns_used(tmp_path):
    ds = load(make_dataset(tmp_path / "b", games=4000, players=4, side_b_bonus={4: 6.0}, built=True,
                           build_rate=0.4, strategies=("A", "B"), seed=7))
    sec = buildings.build(ds)
    b = sec.data["builders"]
    assert b is not None and b.filter(pl.col("p_holm") < st.ALPHA)["number"].to_list() == [4]
    r4 = b.filter(pl.col("number") == 4).row(0, named=True)
    assert r4["win_b"] > r4["win_a"]
    assert sec.data["archetypes"] is not None and "building(s) 4" in sec.finding
    ds2 = load(make_dataset(tmp_path / "c", games=50, players=2, cities=("fulton", "chicago"), seed=8))
    tempo_sec = tempo.build(ds2)
    assert any(t.title == "Deliveries by city" for t in tempo_sec.tables) and len(tempo_sec.figures) == 2
    assert any("Who built it" in t.title for t in sec.tables)


def test_station_master_effects_found_and_null(tmp_path):
    ds = load(make_dataset(tmp_path / "p", games=6000, players=4, master_bonus={"SM3": 2.0},
                           master_points={"SM2": 6}, take_rate=0.6, direct=True, seed=8))
    sec = station_masters.build(ds)
    eff = sec.data["effects"]
    sm3 = eff.filter(pl.col("tile") == "SM3").row(0, named=True)
    assert sm3["p_holm"] < st.ALPHA and sec.finding.startswith("Drawing SM3")
    # SM2's task: 6 VP to the taker, taken in 60% of the games where it is drawn -> 3.6 VP per game
    sm2 = eff.filter(pl.col("tile") == "SM2").row(0, named=True)
    assert abs(sm2["points"] - 3.6) < 4 * sm2["points_se"] and abs(sm2["take"] - 0.6) < 0.05
    direct = {r["tile"]: r for r in sec.data["direct"]}
    assert abs(direct["SM2"]["take_rate"][0] - 0.6) < 0.05 and direct["SM2"]["points"] == pytest.approx(6)
    null = station_masters.build(load(make_dataset(tmp_path / "n", games=6000, players=4, seed=9)))
    assert null.data["effects"].filter(pl.col("p_holm") < st.ALPHA).height == 0
    assert null.finding.startswith("No station-master tile")


def test_whatif_compare_found_and_null(tmp_path):
    base = make_dataset(tmp_path / "base", games=3000, players=4, seed=10)
    shifted = make_dataset(tmp_path / "var", games=3000, players=4, mean=61.0, seed=11)
    same = make_dataset(tmp_path / "same", games=3000, players=4, seed=12)
    sec = whatif.build(load(shifted), load(base))
    rows = {r["metric"]: r for r in sec.data["comparisons"][0]["rows"]}
    avg = rows["average score"]
    assert avg["p_holm"] < st.ALPHA and avg["diff"].low < 1.0 < avg["diff"].high
    null = whatif.build(load(same), load(base))
    assert all(r["p_holm"] >= st.ALPHA for r in null.data["comparisons"][0]["rows"])
    assert "none of the" in null.finding
    # arms of one dataset: the arm named "baseline" is the reference
    arms = load(make_dataset(tmp_path / "arms", games=2000, arms=[("patched", 4), ("baseline", 4)], seed=13))
    cmp_ = whatif.build(arms).data["comparisons"]
    assert len(cmp_) == 1 and cmp_[0]["label"].startswith("arm patched vs arm baseline")


# --------------------------------------------------------------------------- command line


def _run(argv, capsys) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err


def test_cli_report_html_and_compare(real, tmp_path, capsys):
    code, out, _ = _run(["report", str(real["quickstart"]), "--out", str(tmp_path / "r.html")], capsys)
    assert code == 0 and (tmp_path / "r.html").is_file() and "report:" in out
    other = make_dataset(tmp_path / "syn", games=200, players=4, seed=1)
    code, _, _ = _run(["report", str(real["quickstart"]), "--compare", str(other), "--out",
                       str(tmp_path / "c.md"), "--format", "md"], capsys)
    text = (tmp_path / "c.md").read_text(encoding="utf-8")
    assert code == 0 and "## What-if comparison" in text


def test_cli_report_errors(real, tmp_path, capsys):
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "x.txt").write_text("x")
    empty = tmp_path / "empty"
    (empty / "games").mkdir(parents=True)
    (empty / "manifest.json").write_text((real["quickstart"] / "manifest.json").read_text())
    cases = [[str(tmp_path / "missing")], [str(tmp_path / "junk")], [str(empty)],
             [str(real["seats"]), "--compare", str(real["quickstart"])],
             [str(real["quickstart"]), "--format", "pdf"]]
    for args in cases:
        code, _, err = _run(["report", *args, "--out", str(tmp_path / "x.html")], capsys)
        assert code == 2, args
        assert err.startswith("error: ") and err.count("\n") == 1, err
    with pytest.raises(ReportError, match="player counts differ"):
        build_report(real["seats"], compare=real["quickstart"])


# --------------------------------------------------------------------------- solo datasets


@pytest.fixture(scope="session")
def solo_dataset(tmp_path_factory) -> Path:
    """A small solo dataset: the balanced archetype at medium and hard, and at medium with Sam's first
    delivery to St. Louis (common seeds)."""
    base = tmp_path_factory.mktemp("solo")
    exp = base / "solo.toml"
    exp.write_text('name = "solo_small"\ngames = 60\nseed = 3\nplayers = 1\n'
                   'strategies = ["heuristic:profile=balanced"]\n'
                   '[[arms]]\nname = "medium"\n[arms.variant]\nsolo_difficulty = "medium"\n'
                   '[[arms]]\nname = "hard"\n[arms.variant]\nsolo_difficulty = "hard"\n'
                   '[[arms]]\nname = "medium_st_louis"\n[arms.variant]\nsolo_difficulty = "medium"\n'
                   'solo_first_delivery = "st_louis"\n', encoding="utf-8")
    out = base / "out"
    subprocess.run([sys.executable, "-m", "gwt_sim.cli", "simulate", str(exp), "--out", str(out), "--jobs", "1",
                    "--quiet"], check=True, capture_output=True, cwd=ROOT)
    return out


def test_solo_dataset_rows(solo_dataset):
    games = pl.read_parquet(solo_dataset / "games" / "*.parquet")
    players = pl.read_parquet(solo_dataset / "players" / "*.parquet")
    assert games.height == 180 and players.height == 360 and set(games["players"]) == {1}
    sam = players.filter(pl.col("strategy").str.starts_with("sam:"))
    human = players.filter(~pl.col("strategy").str.starts_with("sam:"))
    assert set(sam["seat"]) == {2} and set(human["seat"]) == {1}
    assert set(sam["strategy"]) == {"sam:medium", "sam:hard"}
    assert (sam["score_money"] == 0).all() and (sam["score_step_disc"] == 0).all()
    g = games.join(human.select("game_id", pl.col("score").alias("h")), on="game_id") \
             .join(sam.select("game_id", pl.col("score").alias("s")), on="game_id")
    assert (g["solo_margin"] == g["h"] - g["s"]).all()
    expected = pl.when(pl.col("solo_margin") > 0).then(pl.lit("won")).when(pl.col("solo_margin") < 0) \
        .then(pl.lit("lost")).otherwise(pl.lit("tie"))
    assert (g["solo_result"] == g.select(expected)["literal"]).all()
    first = dict(games.select("arm", "solo_first_delivery").unique().rows())
    assert first == {"medium": "bloomington", "hard": "peoria", "medium_st_louis": "st_louis"}
    played = games.sort("game_id").select(pl.sum_horizontal(pl.col(r"^sam_cards_played_\d+$")).alias("n"))["n"]
    assert (played == sam.sort("game_id")["turns"]).all()
    assert games.filter(pl.col("arm") == "hard")["strategies"][0] == "heuristic:profile=balanced,sam:hard"


def test_solo_report(solo_dataset, tmp_path):
    report = build_report(solo_dataset)
    keys = [s.key for s in report.sections]
    assert keys == ["summary", "overview", "coverage", "solo", "score-breakdown", "tempo", "what-if"]
    solo = next(s for s in report.sections if s.key == "solo")
    arms = solo.data["arms"]
    assert arms["games"].to_list() == [60, 60, 60]
    assert (arms["low"] <= arms["share"]).all() and (arms["share"] <= arms["high"]).all()
    assert solo.data["cards"].height == 15 and set(solo.data["sam"]["solo_difficulty"]) == {"medium", "hard"}
    assert "St" in solo.finding or "st_louis" in solo.finding          # first deliveries compared
    _check_html(make_report(solo_dataset, tmp_path / "r.html").read_text(encoding="utf-8"))
    make_report(solo_dataset, tmp_path / "r.md")


def test_solo_and_multiplayer_datasets_are_not_compared(solo_dataset, real):
    with pytest.raises(ReportError, match="player counts differ"):
        build_report(solo_dataset, compare=real["h2h"])
