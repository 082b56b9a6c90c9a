"""The runner: dataset contents, determinism across jobs / chunk sizes / backends, resume after
kill -9 and Ctrl-C, refusal of another experiment's folder, misbehaving strategies, CLI and API."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import polars as pl
import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal

import gwt_sim
from gwt_sim import dataset as ds
from gwt_sim.cli import cli
from gwt_sim.engine.game import SCORE_CATEGORIES, RulesHandle
from gwt_sim.engine.play import play_game
from gwt_sim.engine.policy import Policy, RandomPolicy
from gwt_sim.engine.rng import derive_game_seed
from gwt_sim.experiment import load_experiment
from gwt_sim.plan import AccumulatorError, compile_arms
from gwt_sim.runner import STREAM_SEATING, RunnerError, SimulationError, simulate

SPEC = """
name = "small"
games = 24
seed = 77
chunk_size = 10
strategies = ["random"]

[variant]
sides = "random"
neutral_layout = "random"

[[arms]]
name = "four"
players = 4
seating = "random"

[[arms]]
name = "two_draw"
players = 2
seating = "draw"
[arms.variant]
sides = "b"
station_masters = ["SM1", "SM2", "SM3", "SM4", "SM5"]
simmental = true
starting_money = [10, 3]
"""


@pytest.fixture
def spec(tmp_path: Path) -> Path:
    path = tmp_path / "small.toml"
    path.write_text(SPEC, encoding="utf-8")
    return path


def frames(out: Path) -> tuple[pl.DataFrame, pl.DataFrame]:
    games = pl.read_parquet(f"{out}/games/*.parquet").sort("game_id")
    players = pl.read_parquet(f"{out}/players/*.parquet").sort("game_id", "seat")
    return games, players


def assert_same_dataset(a: Path, b: Path) -> None:
    for x, y in zip(frames(a), frames(b), strict=True):
        assert_frame_equal(x, y)


@pytest.fixture
def two_strategies(monkeypatch: pytest.MonkeyPatch):
    """Register test strategies in this process: `x` and `y` (random), `illegal:after=N` (returns an
    illegal action once N games have started), `raises` (raises in choose)."""
    import strategies.registry as registry

    real = registry.make_policy

    class Illegal(Policy):
        games_started = 0

        def __init__(self, after: str = "0"):
            self.after = int(after)

        def reset(self, game_seed, seat):
            Illegal.games_started += 1        # one Illegal seat per game
            super().reset(game_seed, seat)

        def choose(self, state, legal):
            return 9999 if Illegal.games_started > self.after else legal[0]

    class Raises(Policy):
        def choose(self, state, legal):
            raise ValueError("boom")

    def make(text: str):
        name, params = registry.parse_strategy(text)
        if name in ("x", "y"):
            return RandomPolicy()
        if name == "illegal":
            return Illegal(**params)
        if name == "raises":
            return Raises()
        return real(text)

    monkeypatch.setattr(registry, "make_policy", make)
    return Illegal


# --------------------------------------------------------------------------- contents


def test_dataset_contents(spec: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    res = simulate(spec, out, jobs=1, progress=False)
    assert res.path == out and res.games_run == res.total_games == 48 and res.chunks_run == 5
    games, players = frames(out)
    assert games.height == 48 and players.height == 24 * 4 + 24 * 2

    required = {"arm", "game_id", "seed_index", "seed", "rotation", "players", "turns", "decisions", "sides",
                "neutral_layout", "station_masters", "simmental", "winner_seat", "n_winners", "strategies"}
    assert required <= set(games.columns)
    assert {f"side_{i}" for i in range(1, 13)} | {f"station_master_{i}" for i in range(1, 6)} <= set(games.columns)
    cats = [f"score_{c}" for c in SCORE_CATEGORIES]
    assert len(cats) == 11
    assert {"game_id", "seed", "seat", "strategy", "score", "rank", "win_share", "winner", "starting_money",
            "buildings_built", "station_masters_taken", "deliveries", "workers_hired", *cats} <= set(players.columns)

    # ids, seeds: game i of every arm has derive_game_seed(root, i); ids dense and unique
    assert games["game_id"].to_list() == list(range(48))
    for row in games.select("seed_index", "seed").iter_rows():
        assert row[1] == derive_game_seed(77, row[0])
    assert games.group_by("seed_index").agg(pl.col("seed").n_unique())["seed"].max() == 1

    # the score columns line up: the categories sum to the total (an engine invariant)
    assert (players["score"] == players.select(pl.sum_horizontal(cats)).to_series()).all()
    # ranks and win shares
    per_game = players.group_by("game_id").agg(pl.col("win_share").sum(), (pl.col("rank") == 1).sum().alias("top"),
                                               pl.col("score").max().alias("best"))
    assert np.allclose(per_game["win_share"].to_numpy(), 1.0)
    joined = games.join(per_game, on="game_id")
    assert (joined["n_winners"] == joined["top"]).all() and (joined["winning_score"] == joined["best"]).all()
    assert (players.filter(pl.col("winner"))["rank"] == 1).all()
    assert (players.filter(pl.col("rank") > 1)["win_share"] == 0).all()

    # variant knobs as drawn / as fixed per arm
    joined_sides = games.select(pl.concat_str([f"side_{i}" for i in range(1, 13)])).to_series()
    joined_layout = games.select(pl.concat_str([f"neutral_space_{i}" for i in range(1, 8)])).to_series()
    assert (games["sides"] == joined_sides).all() and (games["neutral_layout"] == joined_layout).all()
    two = games.filter(pl.col("arm") == "two_draw")
    assert set(two["sides"]) == {"b" * 12} and set(two["station_masters"]) == {"SM1,SM2,SM3,SM4,SM5"}
    assert two["simmental"].all() and not games.filter(pl.col("arm") == "four")["simmental"].any()
    assert len(set(games.filter(pl.col("arm") == "four")["sides"])) > 1
    assert sorted(set(players.filter(pl.col("arm") == "two_draw")["starting_money"])) == [3, 10]
    assert set(players["seat"]) == {1, 2, 3, 4}

    m = json.loads((out / "manifest.json").read_text())
    exp = load_experiment(spec)
    assert m["experiment_hash"] == exp.hash and m["engine_version"] == gwt_sim.__version__ and m["complete"]
    assert [a["content_hash"] for a in m["arms"]] == [c.content_hash for c in compile_arms(exp)]
    assert m["total_games"] == 48 and m["chunk_size"] == 10


def test_records_are_the_games_play_game_plays(spec: Path, tmp_path: Path) -> None:
    out = simulate(spec, tmp_path / "out", jobs=1, progress=False).path
    games, players = frames(out)
    compiled = {c.arm.name: c for c in compile_arms(load_experiment(spec))}
    for game_id in (0, 1, 45):
        g = games.row(game_id, named=True)
        handle = RulesHandle(compiled[g["arm"]].tables)
        rec, prec = play_game(handle, [RandomPolicy() for _ in range(g["players"])], g["seed"])
        assert (int(rec[1]), int(rec[2])) == (g["turns"], g["decisions"])
        assert prec[:, 1].tolist() == players.filter(pl.col("game_id") == game_id)["score"].to_list()


def test_random_seating_shared_across_arms(tmp_path: Path, two_strategies) -> None:
    spec = {"name": "seats", "games": 30, "seed": 4, "players": 3, "strategies": ["x", "y", "y"],
            "arms": [{"name": "a"}, {"name": "b", "variant": {"sides": "b"}}]}
    out = simulate(spec, tmp_path / "out", jobs=1, progress=False).path
    games, _ = frames(out)
    a = games.filter(pl.col("arm") == "a").sort("seed_index")
    b = games.filter(pl.col("arm") == "b").sort("seed_index")
    assert a["strategies"].to_list() == b["strategies"].to_list()        # common random numbers
    assert len(set(a["strategies"])) == 3                                 # x sat at every seat
    from gwt_sim.engine.rng import Rng
    order = list(range(3))
    Rng.stream(derive_game_seed(4, 0), STREAM_SEATING).shuffle(order)
    assert a["strategies"][0] == ",".join(["x", "y", "y"][o] for o in order)


def test_rotations(tmp_path: Path, two_strategies) -> None:
    spec = {"name": "rot", "games": 9, "seed": 8, "players": 2, "seating": "rotations", "strategies": ["x", "y"],
            "variant": {"sides": "random"}}
    out = simulate(spec, tmp_path / "out", jobs=1, chunk_size=4, progress=False).path
    games, players = frames(out)
    assert games.height == 18 and games["rotation"].to_list() == [0, 1] * 9
    for i in range(9):
        pair = games.filter(pl.col("seed_index") == i)
        assert pair["strategies"].to_list() == ["x,y", "y,x"]
        assert pair["seed"].n_unique() == 1 and pair["sides"].n_unique() == 1   # same setup
    assert players.filter(pl.col("strategy") == "x")["seat"].value_counts()["count"].to_list() == [9, 9]
    # chunking does not matter
    other = simulate(spec, tmp_path / "other", jobs=1, chunk_size=100, progress=False).path
    assert_same_dataset(out, other)


# --------------------------------------------------------------------------- determinism


def test_identical_across_jobs_and_chunk_sizes(spec: Path, tmp_path: Path) -> None:
    a = simulate(spec, tmp_path / "a", jobs=1, chunk_size=7, progress=False)
    b = simulate(spec, tmp_path / "b", jobs=2, progress=False)
    c = simulate(spec, tmp_path / "c", jobs=2, chunk_size=1000, progress=False)
    assert (a.chunks_total, b.chunks_total, c.chunks_total) == (8, 5, 1)
    assert_same_dataset(a.path, b.path)
    assert_same_dataset(a.path, c.path)


def test_plugin_strategy_in_worker_processes(tmp_path: Path) -> None:
    """A `module:Class` plugin is built in each worker process; rotations; same data with 1 or 2 jobs."""
    from strategies.registry import StrategyError, make_policy

    bot = "tests.plugins.example_bot:ExampleBot:prefer=go"
    try:
        make_policy(bot)
    except StrategyError as exc:  # the registry or the example plugin is not there (yet)
        pytest.skip(str(exc))
    spec = {"name": "plugin", "games": 6, "seed": 2, "players": 2, "seating": "rotations", "chunk_size": 4,
            "strategies": [bot, "random"]}
    a = simulate(spec, tmp_path / "a", jobs=1, progress=False)
    b = simulate(spec, tmp_path / "b", jobs=2, progress=False)
    assert a.games_run == 12 and a.chunks_total == 3
    assert_same_dataset(a.path, b.path)
    _, players = frames(a.path)
    assert sorted(players.filter(pl.col("strategy") == bot)["seat"].to_list()) == [1] * 6 + [2] * 6


def test_dask_backend_local_cluster(spec: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    ref = simulate(spec, tmp_path / "ref", jobs=1, progress=False).path
    with distributed.LocalCluster(n_workers=2, processes=True, host="127.0.0.1", threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        res = simulate(spec, tmp_path / "dask", backend="dask", scheduler=cluster.scheduler_address,
                       progress=False)
    assert res.games_run == 48
    assert_same_dataset(ref, res.path)


# --------------------------------------------------------------------------- resume and refusal


def test_resume_redoes_only_missing_or_broken_chunks(spec: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    simulate(spec, out, jobs=1, progress=False)
    ref = tmp_path / "ref"
    simulate(spec, ref, jobs=1, progress=False)
    again = simulate(spec, out, jobs=1, progress=False)
    assert again.games_run == 0 and again.chunks_run == 0
    (out / "games" / ds.part_name(1)).unlink()                       # only the players part left
    broken = out / "players" / ds.part_name(2)
    broken.write_bytes(broken.read_bytes()[:100])                     # a torn file
    (out / "players" / ".part-00000.parquet.123.tmp").write_bytes(b"junk")
    res = simulate(spec, out, jobs=1, chunk_size=3, progress=False)   # the folder's chunking is kept
    assert res.chunks_run == 2 and res.games_run == 2 * 10
    assert not list((out / "players").glob(".*.tmp"))
    assert_same_dataset(out, ref)


def test_refuses_another_experiment(spec: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    simulate(spec, out, jobs=1, progress=False)
    with pytest.raises(ds.DatasetError, match="holds experiment 'small'"):
        simulate(spec, out, games=25, jobs=1, progress=False)
    result = CliRunner().invoke(cli, ["simulate", str(spec), "--out", str(out), "--seed", "5", "-q"],
                                catch_exceptions=False)
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    old_hash = load_experiment(spec).hash
    new_hash = load_experiment(spec, seed=5).hash
    assert line.startswith("error: ") and old_hash in line and new_hash in line
    assert json.loads((out / "manifest.json").read_text())["experiment_hash"] == old_hash
    assert "--overwrite" in line

    # other code (engine / strategies) wrote the folder: refused too
    manifest = json.loads((out / "manifest.json").read_text())
    ds.write_manifest(out, {**manifest, "code_hash": "0123456789abcdef"})
    with pytest.raises(ds.DatasetError, match="engine/strategy code 0123456789abcdef"):
        simulate(spec, out, jobs=1, progress=False)

    # --overwrite replaces a dataset folder (and only its dataset files)
    (out / "notes.txt").write_text("mine")
    res = simulate(spec, out, seed=5, jobs=1, progress=False, overwrite=True)
    assert res.games_run == 48 and (out / "notes.txt").read_text() == "mine"
    assert json.loads((out / "manifest.json").read_text())["experiment_hash"] == new_hash
    assert frames(out)[0]["seed"][0] == derive_game_seed(5, 0)


def test_refuses_a_folder_that_is_not_a_dataset(spec: Path, tmp_path: Path) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    with pytest.raises(ds.DatasetError, match="not a gwt-sim dataset"):
        simulate(spec, out, jobs=1, progress=False)
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]


def test_one_run_per_folder(spec: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    with ds.locked(out), pytest.raises(ds.DatasetError, match="another gwt-sim run"):
        simulate(spec, out, jobs=1, progress=False)


def _start_run(exp: Path, out: Path) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "gwt_sim.cli", "simulate", str(exp), "--out", str(out), "--jobs", "1", "-q"]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for_parts(proc: subprocess.Popen, out: Path, n: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while len(list((out / "games").glob("*.parquet"))) < n:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the run wrote no chunks"
        time.sleep(0.005)


BIG_GAMES = 20000
BIG = f'name = "big"\ngames = {BIG_GAMES}\nseed = 11\nplayers = 2\nchunk_size = 150\n[variant]\nsides = "random"\n'


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The experiment file of the interruption tests and its uninterrupted dataset."""
    folder = tmp_path_factory.mktemp("big")
    exp = folder / "big.toml"
    exp.write_text(BIG, encoding="utf-8")
    return exp, simulate(exp, folder / "ref", jobs=1, progress=False).path


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["kill-9", "ctrl-c"])
def test_interrupted_run_resumes(tmp_path: Path, sig: signal.Signals, big: tuple[Path, Path]) -> None:
    exp, ref = big
    out = tmp_path / "out"
    proc = _start_run(exp, out)
    _wait_for_parts(proc, out, 3)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    if sig == signal.SIGKILL:
        assert proc.returncode == -signal.SIGKILL
    else:
        assert proc.returncode == 130 and "interrupted:" in err and "resume" in err and "Traceback" not in err
    total = -(-BIG_GAMES // load_experiment(exp).seeds_per_chunk)
    done = len(list((out / "games").glob("*.parquet")))
    assert 3 <= done < total and not json.loads((out / "manifest.json").read_text())["complete"]

    res = simulate(exp, out, jobs=1, progress=False)
    assert 0 < res.chunks_run <= total - done + 1            # + 1: a chunk whose games part was not written
    assert_same_dataset(out, ref)
    games, players = frames(out)
    assert games["game_id"].is_unique().all() and games.height == BIG_GAMES and players.height == 2 * BIG_GAMES


# --------------------------------------------------------------------------- strategies that misbehave


def test_illegal_action_is_reported_and_finished_chunks_kept(tmp_path: Path, two_strategies) -> None:
    two_strategies.games_started = 0
    spec = {"name": "bad", "games": 40, "seed": 1, "players": 2, "chunk_size": 10,
            "strategies": ["random", "illegal:after=25"], "seating": "fixed"}
    out = tmp_path / "out"
    with pytest.raises(SimulationError) as info:
        simulate(spec, out, jobs=1, progress=False)
    msg = str(info.value)
    assert "\n" not in msg and "arm 'main', game 25" in msg and "not a legal action" in msg
    assert "seats: random, illegal:after=25" in msg
    assert sorted(p.name for p in (out / "games").glob("*.parquet")) == [ds.part_name(c) for c in (0, 1)]

    two_strategies.games_started = 0
    spec_file = tmp_path / "bad.toml"
    spec_file.write_text('games = 40\nplayers = 2\nchunk_size = 10\nseating = "fixed"\n'
                         'strategies = ["random", "illegal:after=25"]\n')
    result = CliRunner().invoke(cli, ["simulate", str(spec_file), "--out", str(tmp_path / "cli"), "-j", "1", "-q"],
                                catch_exceptions=False)
    assert result.exit_code == 2 and "Traceback" not in result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: arm 'main', game 25") and "not a legal action" in line


def test_plugin_raising_is_one_line(tmp_path: Path, two_strategies) -> None:
    spec = {"name": "raises", "games": 4, "players": 2, "strategies": ["raises", "random"], "seating": "fixed"}
    with pytest.raises(SimulationError, match=r"arm 'main', game 0 \(seed \d+; seats: raises, random\): "
                                              r"policy Raises \(seat 1\) raised ValueError: boom$"):
        simulate(spec, tmp_path / "out", jobs=1, progress=False)


# --------------------------------------------------------------------------- CLI and API


def test_cli_simulate_and_read_back(spec: Path, tmp_path: Path) -> None:
    out = tmp_path / "cli"
    args = ["simulate", str(spec), "--out", str(out), "--jobs", "1", "--games", "6", "--quiet"]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    first, second = result.stdout.splitlines()
    assert first.startswith(f"{out}: 12 games (2 arms) in ") and "games/s" in first
    assert "pl.read_parquet" in second
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0 and "complete, 12 games (2 arms); nothing to run" in result.stdout

    # the README's one-liners
    assert pl.read_parquet(f"{out}/players/*.parquet").height == 6 * 6
    assert pd.read_parquet(f"{out}/games").shape[0] == 12
    assert ds.read(out, "games").height == 12 and ds.read_pandas(out).shape[0] == 36
    assert ds.read(out, lazy=True).select(pl.len()).collect().item() == 36


def test_python_api_head_to_head(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = gwt_sim.run({"name": "h2h", "games": 5}, tmp_path / "api", jobs=1, players=2,
                       strategies="random,random", seating="rotations", progress=True)
    assert isinstance(path, Path) and path == tmp_path / "api"
    assert "games" in capsys.readouterr().err              # the progress bar
    games, players = frames(path)
    assert games.height == 5 and set(players["strategy"]) == {"random"}


def test_default_out_folder(spec: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert simulate(spec, games=2, jobs=1, progress=False).path == Path("runs") / "small"
    assert (tmp_path / "runs" / "small" / "manifest.json").is_file()


# --------------------------------------------------------------------------- accumulators

ACC = "tests.plugins.example_accumulator:ExchangeTokens"


def test_accumulator_columns_in_the_dataset(tmp_path: Path) -> None:
    spec = {"name": "acc", "games": 6, "seed": 3, "players": 3, "chunk_size": 4, "strategies": ["random"]}
    plain = simulate(spec, tmp_path / "plain", jobs=1, progress=False)
    one = simulate(spec, tmp_path / "one", jobs=1, progress=False, accumulators=[ACC])
    two = simulate(spec, tmp_path / "two", jobs=2, progress=False, accumulators=[ACC])
    assert_same_dataset(one.path, two.path)
    games, players = frames(one.path)
    base_games, base_players = frames(plain.path)
    assert games.columns == [*base_games.columns, "first_exchange_turn"]
    assert players.columns == [*base_players.columns, "exchange_tokens_used"]
    assert_frame_equal(games.drop("first_exchange_turn"), base_games)      # the games are the same games
    assert players["exchange_tokens_used"].dtype == pl.Float64 and players["exchange_tokens_used"].sum() > 0
    assert one.manifest["accumulators"] == [ACC]
    with pytest.raises(ds.DatasetError, match="accumulators"):
        simulate(spec, tmp_path / "plain", jobs=1, progress=False, accumulators=[ACC])


@pytest.mark.parametrize(("acc", "message"), [
    ("tests.plugins.example_accumulator:Missing", "cannot import it"),
    ("no_such_module_xyz:Thing", "cannot import it"),
    ("tests.plugins.example_accumulator", "expected 'package.module:Class'"),
    ("tests.plugins.example_bot:PREFERENCES", "cannot create it"),
    ("tests.plugins.example_accumulator:Broken", "column 'oops' must be a number"),
    ("tests.plugins.example_accumulator:TooBig", "column 'huge' must be a number"),
    ("tests.plugins.example_accumulator:NumberedColumn", "column names must be non-empty strings, got 5"),
    ("tests.plugins.example_accumulator:BadLength", "column 'odd' must be a number"),
    ("tests.plugins.example_accumulator:RaisesOwnBaseException", "_OwnBaseException: accumulator gave up"),
    ("tests.plugins.own_base_exception_plugin:Acc", "PluginGaveUp: gave up while importing"),
])
def test_bad_accumulator_is_one_line(tmp_path: Path, acc: str, message: str) -> None:
    spec = {"name": "bad", "games": 2, "players": 2, "strategies": ["random"]}
    with pytest.raises((AccumulatorError, RunnerError), match=message):
        simulate(spec, tmp_path / "out", jobs=1, progress=False, accumulators=[acc])
    path = tmp_path / "bad.toml"
    path.write_text('name = "bad"\ngames = 2\nplayers = 2\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["simulate", str(path), "--out", str(tmp_path / "cli"), "--jobs", "1",
                                      "--quiet", "--accumulator", acc])
    assert result.exit_code == 2
    assert result.output.startswith("error: ") and message in result.output and len(result.output.splitlines()) == 1


def test_cli_accumulator(spec: Path, tmp_path: Path) -> None:
    out = tmp_path / "cli"
    args = ["simulate", str(spec), "--out", str(out), "--jobs", "1", "--games", "3", "--quiet", "--accumulator", ACC]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "exchange_tokens_used" in pl.read_parquet(f"{out}/players/*.parquet").columns
