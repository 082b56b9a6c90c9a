"""Reliability of runs (README "Reliability"): workers end with their run, a killed run resumes to
the same dataset, damaged or foreign parts are caught, a folder has one writer, a dead worker or a
full disk ends the run in one line with the resume hint, --overwrite deletes only its own parts.

The process tests start `gwt-sim simulate` as a real process with 2 loky workers and send signals
to it; they read /proc (Linux). Long versions are marked `slow`.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from polars.testing import assert_frame_equal

from gwt_sim import dataset as ds
from gwt_sim.cli import cli
from gwt_sim.parts import file_sha256
from gwt_sim.runner import simulate

linux_only = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")

SMALL = 'name = "small"\ngames = 40\nseed = 3\nplayers = 2\nchunk_size = 10\nstrategies = ["random"]\n'
# long enough that it is still running when the tests stop it (2 players, random strategies)
LONG = 'name = "long"\ngames = 400000\nseed = 9\nplayers = 2\nchunk_size = 400\nstrategies = ["random"]\n'
MEDIUM_GAMES = 6000
MEDIUM = (f'name = "medium"\ngames = {MEDIUM_GAMES}\nseed = 4\nplayers = 2\nchunk_size = 100\n'
          f'strategies = ["random"]\n[variant]\nsides = "random"\n')
WAIT = 10.0          # seconds within which every worker must be gone (the promise)


# --------------------------------------------------------------------------- helpers


def write(folder: Path, text: str, name: str = "exp.toml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def frames(out: Path) -> tuple[pl.DataFrame, pl.DataFrame]:
    return (pl.read_parquet(f"{out}/games/*.parquet").sort("game_id"),
            pl.read_parquet(f"{out}/players/*.parquet").sort("game_id", "seat"))


def assert_same_dataset(a: Path, b: Path) -> None:
    for x, y in zip(frames(a), frames(b), strict=True):
        assert_frame_equal(x, y)


def children(pid: int) -> list[int]:
    """Processes whose parent is `pid`."""
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(d.name))
    return out


def alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped has ended)."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def is_worker(pid: int) -> bool:
    try:
        return b"LokyProcess" in (Path("/proc") / str(pid) / "cmdline").read_bytes()
    except OSError:
        return False


def start(exp: Path, out: Path, *args: str) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "gwt_sim.cli", "simulate", str(exp), "--out", str(out), "-q", *args]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_parts(proc: subprocess.Popen, out: Path, n: int, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while len(list((out / "games").glob("*.parquet"))) < n:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the run wrote no chunks"
        time.sleep(0.005)


def wait_gone(pids: list[int], within: float = WAIT) -> float:
    """Seconds until every pid has ended; fails (after killing them) if one outlives `within`."""
    t0 = time.monotonic()
    while any(alive(p) for p in pids):
        if time.monotonic() - t0 > within:
            left = [p for p in pids if alive(p)]
            for p in left:
                os.kill(p, signal.SIGKILL)
            pytest.fail(f"processes {left} still alive {within} s after their run was stopped")
        time.sleep(0.02)
    return time.monotonic() - t0


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.communicate(timeout=60)


@pytest.fixture(scope="module")
def medium(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The medium experiment and its uninterrupted dataset."""
    folder = tmp_path_factory.mktemp("medium")
    exp = write(folder, MEDIUM)
    return exp, simulate(exp, folder / "ref", jobs=1, progress=False).path


# --------------------------------------------------------------------------- process hygiene


@linux_only
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["term", "ctrl-c"])
def test_workers_end_with_their_run(tmp_path: Path, sig: signal.Signals) -> None:
    """SIGTERM or SIGINT of the run's process: chunks saved, workers ended, resume hint (kill -9:
    `test_kill_with_workers_and_resume`)."""
    exp = write(tmp_path, LONG)
    out = tmp_path / "out"
    proc = start(exp, out, "--jobs", "2")
    try:
        wait_for_parts(proc, out, 1)
        kids = children(proc.pid)
        assert sum(is_worker(k) for k in kids) == 2, kids
        proc.send_signal(sig)
        seconds = wait_gone(kids)
        _, err = proc.communicate(timeout=60)
    finally:
        stop(proc)
    assert seconds < WAIT
    assert proc.returncode == 128 + sig
    (line,) = [x for x in err.splitlines() if x.startswith("interrupted")]
    assert "chunks are saved in" in line and "run the same command again to resume" in line
    assert "Traceback" not in err


@linux_only
def test_a_dead_worker_ends_the_run_in_one_line(tmp_path: Path) -> None:
    exp = write(tmp_path, LONG)
    out = tmp_path / "out"
    proc = start(exp, out, "--jobs", "2")
    try:
        wait_for_parts(proc, out, 1)
        kids = children(proc.pid)
        os.kill(next(k for k in kids if is_worker(k)), signal.SIGKILL)
        _, err = proc.communicate(timeout=60)
        wait_gone(kids)
    finally:
        stop(proc)
    assert proc.returncode == 1
    (line,) = err.splitlines()
    assert line.startswith("error: a worker process died (exit codes {SIGKILL(-9)}")
    assert f"chunks are saved in {out}: run the same command again to resume" in line


# --------------------------------------------------------------------------- kill and resume


@linux_only
def test_kill_with_workers_and_resume(tmp_path: Path, medium: tuple[Path, Path]) -> None:
    exp, ref = medium
    out = tmp_path / "out"
    proc = start(exp, out, "--jobs", "2")
    try:
        wait_for_parts(proc, out, 3)
        kids = children(proc.pid)
        assert sum(is_worker(k) for k in kids) == 2, kids
        proc.kill()
        assert wait_gone(kids) < WAIT                      # the workers end with their run
    finally:
        stop(proc)
    assert proc.returncode == -signal.SIGKILL
    manifest = ds.read_manifest(out)
    assert manifest is not None and not manifest["complete"]
    res = simulate(exp, out, jobs=1, progress=False)        # the lock died with the process
    assert 0 < res.chunks_run < res.chunks_total
    assert_same_dataset(out, ref)
    games, _ = frames(out)
    assert games["game_id"].is_unique().all() and games.height == MEDIUM_GAMES


@pytest.mark.slow
@linux_only
def test_repeated_kills_resume_to_the_same_dataset(tmp_path: Path, medium: tuple[Path, Path]) -> None:
    exp, ref = medium
    out = tmp_path / "out"
    for sig, parts in ((signal.SIGKILL, 5), (signal.SIGTERM, 20), (signal.SIGKILL, 35), (signal.SIGINT, 50)):
        proc = start(exp, out, "--jobs", "2")
        try:
            wait_for_parts(proc, out, parts)
            kids = children(proc.pid)
            proc.send_signal(sig)
            wait_gone(kids)
        finally:
            stop(proc)
    simulate(exp, out, jobs=2, progress=False)
    assert_same_dataset(out, ref)


# --------------------------------------------------------------------------- verified parts


def test_manifest_records_every_part(tmp_path: Path) -> None:
    out = simulate(write(tmp_path, SMALL), tmp_path / "out", jobs=1, progress=False).path
    manifest = ds.read_manifest(out)
    assert manifest["format"] == "gwt-sim-dataset/2" and manifest["complete"]
    parts = manifest["parts"]
    assert sorted(parts, key=int) == ["0", "1", "2", "3"]
    for chunk, record in parts.items():
        for table in ds.TABLES:
            path = out / record[table]["file"]
            assert record[table]["sha256"] == file_sha256(path)
            assert record[table]["bytes"] == path.stat().st_size
            assert record[table]["rows"] == pl.read_parquet(path).height
        ids = pl.read_parquet(out / record["games"]["file"])["game_id"]
        assert record["game_ids"] == [ids.min(), ids.max()] == [10 * int(chunk), 10 * int(chunk) + 9]


def test_damaged_or_missing_parts_are_named_and_played_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    exp = write(tmp_path, SMALL)
    ref = simulate(exp, tmp_path / "ref", jobs=1, progress=False).path
    out = simulate(exp, tmp_path / "out", jobs=1, progress=False).path
    capsys.readouterr()
    damaged = out / "games" / ds.part_name(2)
    data = bytearray(damaged.read_bytes())
    data[len(data) // 2] ^= 0x01                       # one flipped bit: the footer's row count still reads right
    damaged.write_bytes(bytes(data))
    (out / "players" / ds.part_name(0)).unlink()
    res = simulate(exp, out, jobs=1, progress=False)
    assert res.chunks_run == 2 and res.games_run == 20
    warnings = capsys.readouterr().err.splitlines()
    assert len(warnings) == 2
    assert warnings[0].startswith(f"warning: {out / 'players' / ds.part_name(0)}: missing")
    assert warnings[1].startswith(f"warning: {damaged}: damaged") and warnings[1].endswith("chunk 2 is played again")
    assert_same_dataset(out, ref)
    assert ds.read_manifest(out)["complete"]


def test_a_foreign_part_over_a_recorded_one_is_replaced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A part copied over another (same name, other games) is damaged by its checksum: replayed,
    so the dataset ends with no duplicate game ids."""
    exp = write(tmp_path, SMALL)
    out = simulate(exp, tmp_path / "out", jobs=1, progress=False).path
    for table in ds.TABLES:
        (out / table / ds.part_name(1)).write_bytes((out / table / ds.part_name(0)).read_bytes())
    res = simulate(exp, out, jobs=1, progress=False)
    assert res.chunks_run == 1
    games, _ = frames(out)
    assert games["game_id"].is_unique().all() and games.height == 40


def test_a_stray_part_is_refused_and_left_alone(tmp_path: Path) -> None:
    exp = write(tmp_path, SMALL)
    out = simulate(exp, tmp_path / "out", jobs=1, progress=False).path
    stray = out / "games" / "part-00009.parquet"
    stray.write_bytes((out / "games" / ds.part_name(0)).read_bytes())
    with pytest.raises(ds.DatasetError, match=r"part-00009\.parquet: not a part of this dataset"):
        simulate(exp, out, jobs=1, progress=False)
    assert stray.exists()


def test_overwrite_deletes_only_what_the_run_wrote(tmp_path: Path) -> None:
    exp = write(tmp_path, SMALL)
    out = simulate(exp, tmp_path / "out", jobs=1, progress=False).path
    mine = out / "games" / "mine.parquet"
    mine.write_bytes(b"my own file")
    (out / "notes.txt").write_text("keep")
    other = write(tmp_path, SMALL.replace("seed = 3", "seed = 4"), "other.toml")
    with pytest.raises(ds.DatasetError, match=r"mine\.parquet: not a part of this dataset"):
        simulate(other, out, jobs=1, progress=False, overwrite=True)
    assert mine.read_bytes() == b"my own file" and (out / "notes.txt").read_text() == "keep"
    assert not list((out / "players").glob("*.parquet"))          # the old run's parts are gone
    mine.unlink()
    res = simulate(other, out, jobs=1, progress=False, overwrite=True)
    assert res.games_run == 40 and (out / "notes.txt").read_text() == "keep"


def test_overwrite_keeps_the_old_dataset_until_the_new_run_has_played_a_chunk(tmp_path: Path) -> None:
    from gwt_sim.runner import SimulationError

    exp = write(tmp_path, SMALL)
    out = simulate(exp, tmp_path / "out", jobs=1, progress=False).path
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and p.name != ".lock"}
    failing = write(tmp_path, SMALL.replace('strategies = ["random"]', 'strategies = ["tests.plugins.misbehaving:Raises"]'),
                    "failing.toml")
    with pytest.raises(SimulationError, match="kaboom"):
        simulate(failing, out, jobs=1, progress=False, overwrite=True)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and p.name != ".lock"} == before
    other = write(tmp_path, SMALL.replace("seed = 3", "seed = 4"), "other.toml")
    assert simulate(other, out, jobs=1, progress=False, overwrite=True).games_run == 40


def test_report_checks_what_it_reads(tmp_path: Path) -> None:
    from reports import ReportError
    from reports.data import load

    out = simulate(write(tmp_path, SMALL), tmp_path / "out", jobs=1, progress=False).path
    assert load(out).games.height == 40
    (out / "games" / ds.part_name(3)).write_bytes(b"PAR1 not really")
    with pytest.raises(ReportError, match=r"part-00003\.parquet: damaged"):
        load(out)


# --------------------------------------------------------------------------- locks


def test_a_locked_folder_is_refused_in_one_line(tmp_path: Path) -> None:
    exp = write(tmp_path, SMALL)
    out = tmp_path / "out"
    with ds.locked(out):
        result = CliRunner().invoke(cli, ["simulate", str(exp), "--out", str(out), "-q", "-j", "1"],
                                    catch_exceptions=False)
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line == f"error: {out}: another gwt-sim run is writing to this folder"
    assert simulate(exp, out, jobs=1, progress=False).games_run == 40     # released


@linux_only
def test_two_runs_one_folder(tmp_path: Path, medium: tuple[Path, Path]) -> None:
    """A second process on a folder being written is refused; after the first is killed the lock is
    free and the folder resumes to the uninterrupted dataset."""
    exp, ref = medium
    out = tmp_path / "out"
    first = start(exp, out, "--jobs", "1")
    try:
        wait_for_parts(first, out, 1)
        second = start(exp, out, "--jobs", "1")
        _, err = second.communicate(timeout=60)
        assert second.returncode == 2
        assert err.splitlines() == [f"error: {out}: another gwt-sim run is writing to this folder"]
        first.send_signal(signal.SIGKILL)
    finally:
        stop(first)
    simulate(exp, out, jobs=1, progress=False)
    assert_same_dataset(out, ref)


# --------------------------------------------------------------------------- a full disk


def test_a_full_disk_names_the_file_and_keeps_the_chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    exp = write(tmp_path, SMALL)
    out = tmp_path / "out"
    writes = []
    real_open = builtins.open

    class Full:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

    def fake_open(path, mode="r", *args, **kwargs):
        f = real_open(path, mode, *args, **kwargs)
        if "w" in mode and str(path).endswith(".tmp") and "part-" in str(path):
            writes.append(path)
            if len(writes) > 4:                       # chunks 0 and 1 fit, chunk 2's players part does not
                return Full(f)
        return f

    monkeypatch.setattr(ds, "open", fake_open, raising=False)
    result = CliRunner().invoke(cli, ["simulate", str(exp), "--out", str(out), "-q", "-j", "1"],
                                catch_exceptions=False)
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert line == (f"error: {out / 'players' / ds.part_name(2)}: No space left on device; 2 of 4 chunks are saved "
                    f"in {out}: run the same command again to resume")
    assert not list((out / "players").glob(".*.tmp"))
    monkeypatch.undo()
    res = simulate(exp, out, jobs=1, progress=False)
    assert res.chunks_run == 2 and ds.read_manifest(out)["complete"]
    assert json.loads((out / "manifest.json").read_text())["parts"].keys() == {"0", "1", "2", "3"}
