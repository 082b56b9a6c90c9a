"""The one user-error module: `UserError`, `one_line`, the exit code, and the one strict TOML reader."""

from __future__ import annotations

import errno
import re
from pathlib import Path

import pytest

from gwt_sim.errors import EXIT_USER_ERROR, UserError, escape_controls, one_line
from gwt_sim.files import parse_toml, read_text, read_toml

ROOT = Path(__file__).resolve().parent.parent


def test_every_layer_raises_user_errors() -> None:
    from gwt_sim.cli import CliError
    from gwt_sim.content import ContentError
    from gwt_sim.dataset import DatasetError
    from gwt_sim.describe import UnknownComponentError
    from gwt_sim.experiment import ExperimentError
    from gwt_sim.runner import RunnerError, SimulationError
    from gwt_sim.variant import VariantError
    from reports import ReportError
    from strategies.profiles import ProfileError
    from strategies.registry import StrategyError
    from strategies.values import ValueModelError

    for cls in (CliError, ContentError, DatasetError, UnknownComponentError, ExperimentError, RunnerError,
                SimulationError, VariantError, ReportError, ProfileError, StrategyError, ValueModelError):
        assert issubclass(cls, UserError), cls
    assert EXIT_USER_ERROR == 2


def test_one_line() -> None:
    assert one_line(UserError("a\n  b\tc")) == "a b c"                      # user errors: the message
    assert str(UserError("x\n\ny")) == "x y"                                  # one line by construction
    assert one_line(ValueError("boom\nagain")) == "ValueError: boom again"    # others: named by type
    assert one_line(KeyError()) == "KeyError"
    assert one_line(OSError(errno.ENOSPC, "No space left on device", "/d/part.parquet")) == \
        "/d/part.parquet: No space left on device"
    assert one_line(ValueError("bell\x07")) == "ValueError: bell\\x07"
    assert escape_controls("end\nvp") == "end\\nvp"


def test_read_toml_problems(tmp_path: Path) -> None:
    def fail(problem: str) -> UserError:
        return UserError(f"F: {problem}")

    with pytest.raises(UserError, match=r"^F: experiment file not found$"):
        read_toml(tmp_path / "missing.toml", fail, "experiment")
    with pytest.raises(UserError, match=r"^F: is a folder, expected an experiment file$"):
        read_toml(tmp_path, fail, "experiment")
    (tmp_path / "latin1.toml").write_bytes(b"name = '\xe9'\n")
    with pytest.raises(UserError, match=r"^F: not UTF-8 text$"):
        read_toml(tmp_path / "latin1.toml", fail)
    with pytest.raises(UserError, match=r"^F: not valid TOML: .*line 1"):
        parse_toml("games = \n", fail)
    (tmp_path / "ok.toml").write_text("a = 1\n")
    assert read_toml(tmp_path / "ok.toml", fail) == {"a": 1}
    assert read_text(tmp_path / "ok.toml", fail) == "a = 1\n"


def test_one_toml_reader_and_one_formatter() -> None:
    """Only gwt_sim/files.py parses TOML and only gwt_sim/errors.py formats error lines."""
    sources = [p for folder in ("gwt_sim", "strategies", "reports") for p in (ROOT / folder).rglob("*.py")]
    sources += list((ROOT / "gwt_sim" / "engine").glob("*.pyx"))
    for path in sources:
        text = path.read_text(encoding="utf-8")
        if path.name != "files.py":
            assert not re.search(r"^\s*import tomll?i[bt]|tomllib\.loads", text, re.MULTILINE), path
        if path.name != "errors.py":
            assert "def one_line" not in text and "def _one_line" not in text and "def _exc_line" not in text, path


def test_every_plugin_failure_handler_lets_ctrl_c_through() -> None:
    """PLUGIN_FAILURES is every BaseException, so each `except PLUGIN_FAILURES` must follow an
    `except KeyboardInterrupt: raise` of the same `try`, or Ctrl-C would be reported as a plugin's failure."""
    sources = [p for folder in ("gwt_sim", "strategies", "reports", "benchmarks") for p in (ROOT / folder).rglob("*.py")]
    sources += list((ROOT / "gwt_sim" / "engine").glob("*.pyx"))
    sites = 0
    for path in sources:
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            m = re.match(r"(\s*)except\b.*\bPLUGIN_FAILURES\b", line)
            if not m:
                continue
            sites += 1
            indent, guarded = m.group(1), False
            for prev in reversed(lines[:i]):          # the earlier handlers of the same try, up to the try
                if not prev.strip():
                    continue
                depth = len(prev) - len(prev.lstrip())
                if depth < len(indent):
                    break                                   # left the block the try is in
                if depth > len(indent):
                    continue                                # a handler's or the try's body
                head = prev[len(indent):]
                if head.startswith("try:"):
                    break
                if head.startswith("except KeyboardInterrupt:"):
                    guarded = True
                    break
                if not head.startswith(("except", "#")):
                    break                                   # left the handler chain
            assert guarded, f"{path.relative_to(ROOT)}:{i + 1}: except PLUGIN_FAILURES without except KeyboardInterrupt first"
    assert sites >= 10


def test_ctrl_c_while_a_plugin_is_built_still_interrupts() -> None:
    from strategies.registry import make_policy

    with pytest.raises(KeyboardInterrupt):
        make_policy("tests.plugins.misbehaving:InterruptedWhenBuilt")
