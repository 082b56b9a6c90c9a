"""Sweeps: parameter paths and values (gwt_sim.params), [sweep] tables and `gwt-sim sweep` (arms per
value sharing seeds, recorded in the manifest), and the report's Sweep section finding planted effects."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from gwt_sim.cli import cli
from gwt_sim.experiment import ExperimentError, Overrides, load_experiment
from gwt_sim.params import ParamError, parse_values, range_bounds
from gwt_sim.runner import simulate
from gwt_sim.targets import crossings, fit_line, metric_rows, point_estimates
from reports.report import build_report
from reports.synthetic import make_paired_dataset

BASE = {"name": "s", "games": 40, "seed": 9, "players": 2, "strategies": ["random"], "seating": "fixed"}
AMOUNT = "private.10b.actions[0][0].amount"


# --------------------------------------------------------------------------- values and paths


@pytest.mark.parametrize(("spec", "values"), [
    ("2,3,4,5", (2, 3, 4, 5)), ("2..5", (2, 3, 4, 5)), ("-3..3:3", (-3, 0, 3)), ("0..1:0.25", (0, 0.25, 0.5, 0.75, 1)),
    ([1, 2.5], (1, 2.5)), ("7", (7,)), (" 1 .. 2 ", (1, 2)), ("0.5..1.5", (0.5, 1.5))])
def test_values(spec, values) -> None:
    assert parse_values(spec, "--values") == values


@pytest.mark.parametrize(("spec", "message"), [
    ("5..2", "range '5..2' is empty"), ("1..3:0", "step must be positive"), ("1..3:-1", "step must be positive"),
    ("a,b", "'a' is not a number"), ("1,,2", "an empty value"), ("", "no values given"), ([], "no values given"),
    ([True], "True is not a number"), ("1,1", "value 1 is given twice"), ("0..5000", "at most 1000"),
    ({"from": 1}, "expected a list of numbers or a range"), ("nan", "not a finite number"),
    ("0..4:1e-320", "more than 1000 values"), ("0...4", "two dots")])
def test_bad_values(spec, message) -> None:
    with pytest.raises(ParamError, match=f"^--values: .*{message}"):
        parse_values(spec, "--values")


def test_range_bounds() -> None:
    assert range_bounds("-10..10", "--range") == (-10, 10)
    for bad, message in (("3..-3", "empty"), ("1..5:2", "expected a range LO..HI"), ("x", "expected a range"),
                         ("0...4", "expected a range LO..HI")):
        with pytest.raises(ParamError, match=message):
            range_bounds(bad, "--range")


def test_content_path_sweep_expands_arms() -> None:
    exp = load_experiment(BASE, Overrides(sweep=((AMOUNT, "2..4"),)))
    assert [a.name for a in exp.arms] == ["10b.amount_2", "10b.amount_3", "10b.amount_4"]
    assert [a.variant.patches[-1] for a in exp.arms] == [{"set": {AMOUNT: v}} for v in (2, 3, 4)]
    rec = exp.sweep.record()
    assert rec["params"][0] | {"values": None} == {
        "path": AMOUNT, "kind": "content", "knob": None, "seat": None, "integer": True, "label": "10b.amount",
        "subject": {"building": "10b", "number": 10, "side": "b"}, "values": None}
    assert rec["base"] == {"main": [4]}                       # 10b gains $4 as printed
    assert rec["arms"]["10b.amount_3"] == {"base_arm": "main", "values": [3]}


def test_grid_of_two_parameters_and_several_base_arms() -> None:
    spec = {**BASE, "arms": [{"name": "a"}, {"name": "b", "players": 3}],
            "sweep": {"seat_vp[1]": [0, 2], "starting_money[0]": "5..6"}}
    exp = load_experiment(spec)
    assert len(exp.arms) == 2 * 2 * 2
    assert exp.arms[0].name == "a.seat_vp.1_0_starting_money.0_5"
    b = [a for a in exp.arms if a.name.startswith("b.")]
    assert {(a.variant.seat_vp, a.variant.starting_money) for a in b} == {
        ((0, v, 0), (m, 7, 8, 9)) for v in (0, 2) for m in (5, 6)}
    assert exp.sweep.base == {"a": (0, 6), "b": (0, 6)}


def test_command_line_sweep_replaces_the_files_and_arm_keeps_one() -> None:
    spec = {**BASE, "arms": [{"name": "a"}, {"name": "b"}], "sweep": {"seat_vp[0]": [1, 2]}}
    exp = load_experiment(spec, Overrides(arm="b", sweep=(("seat_vp[1]", "3..4"),)))
    assert [a.name for a in exp.arms] == ["seat_vp.1_3", "seat_vp.1_4"]
    assert Overrides(sweep=(("seat_vp[1]", [3, 4]),)).given() == {"sweep": [["seat_vp[1]", [3, 4]]]}
    with pytest.raises(ExperimentError, match=r"^<experiment>: --arm: no arm named 'c' \(arms: a, b\)"):
        load_experiment(spec, Overrides(arm="c"))


@pytest.mark.parametrize(("path", "values", "message"), [
    ("private.10b.actions[0][9].amount", "1", "unknown path: no such component or field 'private.10b.actions.0.9'"),
    ("private.99z.vp", "1", "unknown path: no such component or field 'private.99z'"),
    ("bogus.x", "1", "unknown path: 'bogus' is neither a content section"),
    ("private.10b.hand", "1", "not a number: private.10b.hand is 'black'"),
    ("private.10b.actions", "1", "not a number: private.10b.actions is a list"),
    (AMOUNT, "2.5", "wrong type: private.10b.actions\\[0\\]\\[0\\].amount holds a whole number \\(4 as it stands\\)"),
    (AMOUNT, "5..1", "range '5..1' is empty"),
    ("starting_money", "1", "holds one value per seat"),
    ("starting_money[2]", "1", "seat 3, but arm 'main' has 2 players"),
    ("seat_vp[x]", "1", "seat index must be a whole number"),
    ("sides[0]", "1", "sides is not a numeric variant knob"),
    ("seat_vp[0]", "300", "value 300: seat 1: value 300 is out of range"),
    ("starting_money[0]", "-1", "value -1: expected a list of non-negative dollars"),
    ("private..vp", "1", "malformed path")])
def test_bad_parameters_name_the_parameter(path, values, message) -> None:
    with pytest.raises(ExperimentError, match=f"^<experiment>: --param {path.replace('[', '.').replace(']', '.')}: .*{message}"):
        load_experiment(BASE, Overrides(sweep=((path, values),)))


def test_file_sweep_errors_name_the_file(tmp_path: Path) -> None:
    f = tmp_path / "e.toml"
    f.write_text('name = "e"\ngames = 3\nplayers = 2\n[sweep]\n"seat_vp[0]" = "4..1"\n', encoding="utf-8")
    with pytest.raises(ExperimentError, match=r"e\.toml: sweep\.seat_vp\[0\]: range '4\.\.1' is empty"):
        load_experiment(f)
    f.write_text('name = "e"\ngames = 3\nplayers = 2\n[sweep]\n', encoding="utf-8")
    with pytest.raises(ExperimentError, match="sweep: no parameter given"):
        load_experiment(f)


# --------------------------------------------------------------------------- played sweeps


def test_sweep_of_seat_vp_is_paired_and_monotone(tmp_path: Path) -> None:
    """Common random numbers: every value plays the same games, so seat 1's result can only improve
    as its VP grow — game by game, not just on average."""
    res = simulate({**BASE, "games": 60, "sweep": {"seat_vp[0]": "-4..4:2"}}, tmp_path / "d", jobs=1, progress=False)
    players = pl.read_parquet(res.path / "players" / "*.parquet").filter(pl.col("seat") == 1)
    wide = players.pivot(on="arm", index="seed_index", values="win_share").sort("seed_index")
    cols = [f"seat_vp.0_{v}" for v in (-4, -2, 0, 2, 4)]
    w = wide.select(cols).to_numpy()
    assert (np.diff(w, axis=1) >= 0).all() and w[:, -1].sum() > w[:, 0].sum()
    manifest = json.loads((res.path / "manifest.json").read_text())
    assert manifest["sweep"]["params"][0]["path"] == "seat_vp[0]"
    assert manifest["printed_starting_money"] == [6, 7, 8, 9]
    games = pl.read_parquet(res.path / "games" / "*.parquet")
    turns = games.pivot(on="arm", index="seed_index", values="turns").select(cols).to_numpy()
    assert (turns == turns[:, :1]).all()                  # the same games at every value


def test_cli_sweep_runs_resumes_and_reports(tmp_path: Path) -> None:
    exp = tmp_path / "e.toml"
    exp.write_text('name = "e"\ngames = 30\nseed = 2\nplayers = 2\nstrategies = ["random"]\n'
                   '[variant]\nsides = "random"\n', encoding="utf-8")
    out = tmp_path / "sw"
    args = ["sweep", str(exp), "--param", AMOUNT, "--values", "0,4,8", "--out", str(out), "-j", "1", "-q"]
    first = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert first.exit_code == 0, first.output
    assert "90 games (3 arms)" in first.output
    again = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert "complete, 90 games (3 arms); nothing to run" in again.output
    report = build_report(out)
    sweep = next(s for s in report.sections if s.key == "sweep")
    labels = [o.label for o in sweep.data["curves"][0].outcomes]
    users = players_built = pl.read_parquet(out / "players" / "*.parquet")["built_10"].sum()
    assert ("win share of building 10's builders" in labels) == (players_built > 0)
    if not users:
        assert "Win share of building 10's builders (10b.amount): nobody built building 10 in these games." \
            in sweep.notes
    assert "building 10 side b − side a (average score)" in labels
    assert sweep.figures and "Sweeping 10b.amount (private.10b.actions[0][0].amount) over 0, 4, 8" in sweep.finding
    whatif = next(s for s in report.sections if s.key == "what-if")
    assert "Sweep section" in whatif.finding
    bad = CliRunner().invoke(cli, ["sweep", str(exp), "--param", AMOUNT, "--param", "seat_vp[0]", "--values", "1"])
    assert bad.exit_code == 2 and "--param and --values come in pairs" in bad.output
    # without --param: the file's [sweep] table, or one line naming the file when it has none
    none = CliRunner().invoke(cli, ["sweep", str(exp), "--out", str(tmp_path / "none")])
    assert none.exit_code == 2 and f"{exp}: no [sweep] table to play" in none.output
    assert not (tmp_path / "none").exists()
    exp.write_text(exp.read_text(encoding="utf-8") + f'[sweep]\n"{AMOUNT}" = [0, 4, 8]\n', encoding="utf-8")
    from_file = CliRunner().invoke(cli, ["sweep", str(exp), "--out", str(out), "-j", "1", "-q"],
                                   catch_exceptions=False)
    assert "complete, 90 games (3 arms); nothing to run" in from_file.output   # the same dataset as --param's


# --------------------------------------------------------------------------- planted effects


def _sweep_record(xs, label="1a.vp", path="private.1a.vp", subject=None):
    return {"design": "grid", "params": [{"path": path, "kind": "content", "knob": None, "seat": None, "integer": True,
                                          "label": label, "subject": subject or {"section": "private"}, "values": xs}],
            "base": {"main": [0]}, "arms": {f"x_{x}": {"base_arm": "main", "values": [x]} for x in xs}}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sweep_recovers_a_planted_monotone_effect(tmp_path: Path, seed: int) -> None:
    """Seat 1 gets 2 VP per unit of the parameter above 1.5: its win share crosses par at 1.5 and the
    average player's score rises by 1 VP per unit (2 players)."""
    xs = [-2, -1, 0, 1, 2, 3, 4]
    arms = [{"name": f"x_{x}", "vp": [2.0 * (x - 1.5), 0]} for x in xs]
    make_paired_dataset(tmp_path / "d", arms, players=2, games=3000, sweep=_sweep_record(xs), seed=seed)
    sweep = next(s for s in build_report(tmp_path / "d").sections if s.key == "sweep")
    curve = sweep.data["curves"][0]
    by = {o.label: o for o in curve.outcomes}
    seat1 = by["seat 1 win share"]
    assert np.all(np.diff(seat1.points["estimate"].to_numpy()) > 0)          # monotone
    (cross,) = seat1.crossings
    assert cross.lo == 1 and cross.hi == 2
    assert cross.root.low < 1.5 < cross.root.high and cross.root.high - cross.root.low < 1
    slope, low, high = by["average player's score"].slope
    assert low - 1e-9 <= 1.0 <= high + 1e-9 and slope == pytest.approx(1.0)
    changes = [f for f in sweep.findings if "seat 1 win share" in f.subject]
    # N(0, 10) scores: P(win) goes from Φ(-7/√200) ≈ 0.31 to Φ(5/√200) ≈ 0.64
    assert changes and 0.25 < changes[0].estimate < 0.42 and changes[0].p_adj < 0.001


def test_no_crossing_is_said_with_the_ends(tmp_path: Path) -> None:
    xs = [0, 1, 2]
    arms = [{"name": f"x_{x}", "vp": [10.0 + x, 0]} for x in xs]
    make_paired_dataset(tmp_path / "d", arms, players=2, games=800, sweep=_sweep_record(xs))
    sweep = next(s for s in build_report(tmp_path / "d").sections if s.key == "sweep")
    assert "seat 1 win share stays above par from 0 to 2" in sweep.finding


def test_estimates_are_clustered_by_seed_and_paired() -> None:
    """Two values on the same 4 seeds: the mean per value, the slope from the paired differences."""
    rows = pl.DataFrame({"x": [0.0] * 4 + [1.0] * 4, "y": [1.0, 0, 1, 0, 1, 1, 1, 0], "g": [0] * 8,
                         "cluster": [0, 1, 2, 3] * 2, "block": [0, 64, 128, 192] * 2})
    pts = point_estimates(rows)
    assert pts["estimate"].to_list() == [0.5, 0.75]
    line = fit_line(rows)
    assert line.slope == pytest.approx(0.25) and line.level == pytest.approx(0.625)
    # paired: the slope's variance is the paired t-test's, var(differences) / n, times statsmodels'
    # small-sample factor (N - 1) / (N - K) = 7 / 6
    d = np.array([0, 1, 0, 0.0])
    assert line.cov[1][1] == pytest.approx(d.var(ddof=1) / 4 * 7 / 6)
    unpaired = fit_line(rows.with_columns(cluster=pl.Series(range(8)), block=pl.Series(range(8))))
    assert unpaired.cov[1][1] > 1.5 * line.cov[1][1]
    assert crossings(pts, rows, 0.6)[0].lo == 0.0


def test_metric_rows_for_every_metric(tmp_path: Path) -> None:
    res = simulate({**BASE, "games": 12, "variant": {"sides": "random"}, "sweep": {AMOUNT: [3, 5]}},
                   tmp_path / "d", jobs=1, progress=False)
    players = pl.read_parquet(res.path / "players" / "*.parquet")
    games = pl.read_parquet(res.path / "games" / "*.parquet")
    arm_x = {"10b.amount_3": 3, "10b.amount_5": 5}
    from gwt_sim.targets import parse_metric

    for text, n in (("seat_1_win_share", 24), ("mean_score", 48), ("turns", 24), ("win_share[random]", 48),
                    ("side_b - side_a[10]", 24)):
        rows = metric_rows(parse_metric(text), players, games, arm_x)
        assert rows.height == n and set(rows["x"].unique()) == {3.0, 5.0}
    built = metric_rows(parse_metric("users_win_share[1]"), players, games, arm_x)
    assert built.height == players.filter(pl.col("built_1") == 1).height
