"""Shared fixtures: the built-in content, throw-away copies of the content folder to break, and the
benchmark scripts (importable, or run as a user runs them).

    def test_something(content_copy, edit_content):
        edit_content("buildings.toml", 'op = "move_engine", min = 1, per = "own_woods_buildings"',
                     'op = "mvoe_engine", min = 1, per = "own_woods_buildings"')
        load_content(content_copy)   # -> ContentError

Every edit asserts that the text it replaces is in the file (exactly `count` times), so a typo in a
test's fixture text fails loudly instead of leaving the content valid and the test vacuous.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from gwt_sim.content import BUILTIN_DIR, FIRST_EDITION_DIR, load_content
from gwt_sim.model import Content

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture(scope="module")
def benchmarks_importable():
    """benchmarks/ on sys.path for the module's tests (its scripts import each other by plain name)."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        yield BENCHMARKS
    finally:
        sys.path.remove(str(BENCHMARKS))


@pytest.fixture
def run_benchmark() -> Callable[..., subprocess.CompletedProcess]:
    """Run benchmarks/<script> with these arguments in a new interpreter, as a user does."""
    def run(script: str, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(BENCHMARKS / script), *args], capture_output=True, text=True)
    return run


class ContentFolder:
    """Text-level editing of one copied content folder."""

    def __init__(self, path: Path):
        self.path = path

    def file(self, name: str) -> Path:
        f = self.path / name
        assert f.is_file(), f"fixture error: {name} is not a file of the content copy"
        return f

    def read(self, name: str) -> str:
        return self.file(name).read_text(encoding="utf-8")

    def write(self, name: str, text: str) -> None:
        self.file(name).write_text(text, encoding="utf-8")

    def edit(self, name: str, old: str, new: str, count: int | None = 1) -> None:
        """Replace `old` by `new` in one file. `old` must occur exactly `count` times (None: at least once)."""
        text = self.read(name)
        found = text.count(old)
        if count is None:
            assert found >= 1, f"fixture error: {old!r} not found in {name}"
        else:
            assert found == count, f"fixture error: {old!r} occurs {found} times in {name}, expected {count}"
        self.write(name, text.replace(old, new))

    def append(self, name: str, text: str) -> None:
        self.write(name, self.read(name) + "\n" + text + "\n")

    def remove_table(self, name: str, header: str) -> None:
        """Delete the table `[header]` (its header line up to the next table header or end of file)."""
        text = self.read(name)
        pattern = re.compile(r"^\[" + re.escape(header) + r"\]\n(?:(?!\[).*\n?)*", re.MULTILINE)
        matches = pattern.findall(text)
        assert len(matches) == 1, f"fixture error: table [{header}] found {len(matches)} times in {name}"
        self.write(name, pattern.sub("", text))

    def disable_count_check(self) -> None:
        """Set meta.check_component_counts = false (replacing the key or adding it)."""
        text = self.read("meta.toml")
        if "check_component_counts = true" in text:
            self.edit("meta.toml", "check_component_counts = true", "check_component_counts = false")
        else:
            self.edit("meta.toml", "[meta]\n", "[meta]\ncheck_component_counts = false\n")

    def load(self, patches=()) -> Content:
        return load_content(self.path, patches=patches)


@pytest.fixture(scope="session")
def builtin_content() -> Content:
    """The built-in Second Edition content (loaded once; Content is immutable)."""
    return load_content()


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A fresh copy of gwt_sim/content/gwt2e in tmp_path; returns the folder."""
    dest = tmp_path / "gwt2e"
    shutil.copytree(BUILTIN_DIR, dest)
    return dest


@pytest.fixture
def content_folder(content_copy: Path) -> ContentFolder:
    """The copy of `content_copy` wrapped with edit helpers."""
    return ContentFolder(content_copy)


@pytest.fixture
def content_folder_1e(tmp_path: Path) -> ContentFolder:
    """A fresh copy of gwt_sim/content/gwt1e (the First Edition) with the edit helpers."""
    dest = tmp_path / "gwt1e"
    shutil.copytree(FIRST_EDITION_DIR, dest)
    return ContentFolder(dest)


@pytest.fixture
def edit_content(content_folder: ContentFolder) -> Callable[..., None]:
    """edit_content(file, old, new, count=1): text replacement in one TOML file of the copy."""
    return content_folder.edit


@pytest.fixture
def run():
    """Invoke the gwt-sim command line in-process: run("content", "check") -> click Result."""
    from click.testing import CliRunner

    from gwt_sim.cli import cli

    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(cli, list(args), catch_exceptions=False)

    return invoke
