"""The expert's parameter files are what their one documented command makes: `bash
benchmarks/train_expert.sh` rerun here must write the shipped value model and profile byte for byte
(a change to the bots' games or to the fitter that moves them shows up here, and the files must be
remade with the command)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_train_expert_reproduces_the_shipped_files(tmp_path: Path) -> None:
    values, profile = tmp_path / "fast_league.toml", tmp_path / "expert_base.toml"
    # the script calls `python`: this interpreter's
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    subprocess.run(["bash", "benchmarks/train_expert.sh", str(values), str(profile)], cwd=ROOT, check=True,
                   capture_output=True, env=env)
    assert values.read_bytes() == (ROOT / "strategies/values/fast_league.toml").read_bytes()
    assert profile.read_bytes() == (ROOT / "strategies/profiles/expert_base.toml").read_bytes()


def test_fast_is_stage_6_of_train_fast(tmp_path: Path) -> None:
    # train_fast.sh keeps its stage 5's profile (benchmarks/profiles/training/fast_stage_5.toml; the stages
    # before take about 50 minutes); its last stage, rerun here from that file, must make the shipped fast
    out = tmp_path / "fast.toml"
    env = dict(os.environ, PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    subprocess.run(["bash", "benchmarks/train_fast.sh", "--last-stage", str(out),
                    "benchmarks/profiles/training/fast_stage_5.toml"], cwd=ROOT, check=True, capture_output=True, env=env)
    assert out.read_bytes() == (ROOT / "strategies/profiles/fast.toml").read_bytes()
