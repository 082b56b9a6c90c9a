"""The engine's field widths (gwt_sim/limits.py): the table agrees with the C declarations, names
every integer the content loader reads, and each loader refuses a value that does not fit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gwt_sim.content import ContentError, load_content
from gwt_sim.limits import CONTENT_FIELDS, ENGINE_FIELDS, I8, I16, misfit

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "gwt_sim" / "engine"


def _declared_types() -> dict[str, str]:
    """name -> C type of every i8/i16/i32/u64 field or variable declared in the engine's .pxd files."""
    out: dict[str, str] = {}
    for pxd in ENGINE.glob("*.pxd"):
        for m in re.finditer(r"^\s*(?:cdef\s+)?(?:readonly\s+|public\s+)?(i8|i16|i32|u64)\s+(\w+)", pxd.read_text(), re.MULTILINE):
            out.setdefault(m.group(2), m.group(1))
    return out


def test_engine_fields_match_the_c_declarations() -> None:
    declared = _declared_types()
    for field, t in ENGINE_FIELDS.items():
        assert field in declared, f"{field} is not declared in gwt_sim/engine/*.pxd"
        assert declared[field] == t.name, f"{field}: the engine declares {declared[field]}, the table says {t.name}"


def test_every_integer_the_content_loader_reads_is_in_the_table() -> None:
    source = (ROOT / "gwt_sim" / "content.py").read_text()
    keys = set(re.findall(r"\.ints?\(\"(\w+)\"", source))
    declared = {k.split(".", 1)[1] for k in CONTENT_FIELDS}
    assert keys - declared == set()
    for field in CONTENT_FIELDS.values():
        assert field is None or field in ENGINE_FIELDS


def test_misfit_names_value_field_and_range() -> None:
    assert misfit(127, "building_vp") is None and misfit(-128, "building_vp") is None
    assert misfit(128, "building_vp") == "value 128 is out of range: the engine stores it in building_vp (i8, -128..127)"
    assert misfit(10**6, None) is None
    assert I8.fits(-128) and not I16.fits(2**15)


@pytest.mark.parametrize(("patch", "where"), [
    ('[setup]\nstarting_money_by_seat = [40000, 7, 8, 9]', "setup.starting_money_by_seat[0]"),
    ('set = { "private.10b.actions[0][0].amount" = 100000 }', "private.10b.actions[0][0].amount"),
    ('[station_masters.SM1.scoring]\nvp = 40000', "station_masters.SM1.scoring.vp"),
    ('[private.7b]\nvp = 128', "private.7b.vp"),
    ('[stations.3]\ncost = 200', "stations.3.cost"),
    ('[setup.cattle_market_size]\n"2" = 300', "setup.cattle_market_size.2"),
])
def test_content_values_that_do_not_fit_are_refused(patch: str, where: str) -> None:
    with pytest.raises(ContentError) as info:
        load_content(patches=[patch])
    assert where in str(info.value) and "out of range" in str(info.value), str(info.value)


def test_values_at_the_limit_load() -> None:
    content = load_content(patches=['[private.7b]\nvp = 127', 'set = { "private.10b.actions[0][0].amount" = 32767 }'])
    assert content.private_buildings["7b"].vp == 127


@pytest.mark.parametrize(("patch", "where"), [
    ("[solo.setup]\ndiscs = 300", "solo.setup.discs"),
    ("[solo.cards.3]\nsteps = 200", "solo.cards.3.steps"),
    ("[solo.step_icons.specialisation]\nmax = 1000", "solo.step_icons.specialisation.max"),
    ("[solo.cattle]\nreveal_per_cowboy = 999", "solo.cattle.reveal_per_cowboy"),
])
def test_solo_values_that_do_not_fit_are_refused(patch: str, where: str) -> None:
    with pytest.raises(ContentError) as info:
        load_content(patches=[patch])
    assert where in str(info.value) and "out of range" in str(info.value), str(info.value)
