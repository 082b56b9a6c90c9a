"""constraints.txt pins every package pyproject.toml names (runtime, extras, build) to one version its
range admits, and scripts/setup.sh installs those pins: a fresh machine installs what the suite passed
with, not whatever was released since."""

from __future__ import annotations

import os
import re
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from gwt_sim.files import tomllib

ROOT = Path(__file__).resolve().parent.parent


def _pins() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)", line)
        assert m, f"constraints.txt: not a name==version pin: {line!r}"
        name = canonicalize_name(m.group(1))
        assert name not in pins, f"constraints.txt pins {name} twice"
        pins[name] = m.group(2)
    return pins


def _requirements() -> list[tuple[str, Requirement]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    named = [("dependencies", r) for r in project["project"]["dependencies"]]
    named += [(f"extra {extra}", r) for extra, reqs in project["project"]["optional-dependencies"].items()
              for r in reqs]
    named += [("build-system", r) for r in project["build-system"]["requires"]]
    return [(where, Requirement(r)) for where, r in named]


def test_every_requirement_is_pinned_within_its_range() -> None:
    pins = _pins()
    for where, req in _requirements():
        if req.marker is not None and not req.marker.evaluate():
            continue                            # e.g. tomli, only before Python 3.11
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} ({where}) has no pin in constraints.txt"
        assert req.specifier.contains(pins[name], prereleases=True), \
            f"constraints.txt pins {req.name}=={pins[name]}, outside {where}'s {req.specifier}"


def test_setup_installs_the_pins_for_the_package_and_its_build() -> None:
    script = (ROOT / "scripts" / "setup.sh").read_text()
    assert "--constraint constraints.txt" in script
    assert "--build-constraint constraints.txt" in script


@pytest.mark.skipif(bool(os.environ.get("GWT_SIM_UNPINNED")), reason="installed unpinned on purpose")
def test_the_installed_runtime_is_the_pinned_one() -> None:
    pins = _pins()
    for where, req in _requirements():
        if where != "dependencies" or (req.marker is not None and not req.marker.evaluate()):
            continue
        try:
            installed = version(req.name)
        except PackageNotFoundError:
            pytest.fail(f"{req.name} is not installed")
        assert installed == pins[canonicalize_name(req.name)], \
            f"{req.name} {installed} installed, constraints.txt pins {pins[canonicalize_name(req.name)]}"
