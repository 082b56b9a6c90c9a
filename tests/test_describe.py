"""Tests of gwt_sim.describe: content in words, component counts, low-confidence values."""

import shutil
from pathlib import Path

import pytest

from gwt_sim.content import BUILTIN_DIR, load_content
from gwt_sim.describe import (
    COUNTER_WORDING,
    VERB_WORDING,
    UnknownComponentError,
    card_phrase,
    content_summary,
    counter_phrase,
    describe_building,
    describe_city,
    describe_objective,
    describe_station,
    describe_station_master,
    describe_step,
    describe_steps,
    display_name,
    low_confidence_values,
)
from gwt_sim.model import Step
from gwt_sim.vocabulary import COUNTERS, VERBS


@pytest.fixture(scope="module")
def content():
    return load_content()


def _sample_step(verb) -> Step:
    """A valid step of `verb` with every parameter given (first choice, minimum, first counter...)."""
    args = {}
    options = ()
    for name, p in verb.params.items():
        if p.kind == "int":
            args[name] = max(p.minimum if p.minimum is not None else 1, 1) + 1
        elif p.kind == "bool":
            args[name] = not p.default
        elif p.kind == "str":
            args[name] = p.choices[0] if p.choices else "x"
        elif p.kind == "counter":
            args[name] = COUNTERS[0]
        elif p.kind == "card":
            args[name] = "any"
        elif p.kind == "steps_list":
            options = ((Step("gain_money", {"amount": 1}),), (Step("bounty"),))
    # a verb with one-of parameter groups takes just the first of each group
    for group in verb.one_of:
        for other in group[1:]:
            args.pop(other, None)
    return Step(verb.name, args, options)


# --------------------------------------------------------------------------- vocabulary coverage


@pytest.mark.parametrize("verb", VERBS, ids=lambda v: v.name)
def test_every_verb_has_a_wording(verb, content):
    assert verb.name in VERB_WORDING, f"verb {verb.name!r} has no wording in gwt_sim.describe.VERB_WORDING"
    text = describe_step(_sample_step(verb), content)
    assert text and "{" not in text and "None" not in text


@pytest.mark.parametrize("counter", COUNTERS)
def test_every_counter_has_a_wording(counter):
    assert counter in COUNTER_WORDING, f"counter {counter!r} has no wording in gwt_sim.describe.COUNTER_WORDING"
    assert counter_phrase(counter) and counter_phrase(counter, 2)
    assert "_" not in counter_phrase(counter) and "_" not in counter_phrase(counter, 2)


def test_no_wording_for_unknown_verbs_or_counters():
    assert set(VERB_WORDING) == {v.name for v in VERBS}
    assert set(COUNTER_WORDING) == set(COUNTERS)
    with pytest.raises(UnknownComponentError):
        describe_step(Step("fly_to_the_moon"))
    with pytest.raises(UnknownComponentError):
        counter_phrase("moons")


# --------------------------------------------------------------------------- steps


def test_steps_in_words(content):
    b = content.building
    assert describe_steps(b("2a").actions[0], content) == "discard 1 Galloway → gain $4"
    assert describe_steps(b("D").actions[0], content) == (
        "EITHER collect 1 outlaw bounty OR pay $2, then move your engine up to 2 spaces forward")
    assert describe_steps(b("G").actions[0], content) == "move your engine up to 1 space per engineer"
    assert describe_steps(b("1a").actions[0], content) == "gain $2 per own building on a woods space"
    assert describe_steps(b("A").actions[1], content) == "hire 1 worker at row cost"
    assert describe_steps(b("A").actions[2], content) == "hire 1 worker at row cost +$2"
    assert describe_steps(b("6a").actions[0], content) == "hire 1 worker at row cost -$1"
    assert describe_steps(b("D").actions[1], content) == "single or double auxiliary action"
    assert describe_steps(b("5a").actions[0], content) == (
        "discard 1 value-3 card (Black Angus, Longhorn or Corriente) → gain $7")
    assert describe_steps(b("F").actions[0], content) == "discard 2 cards of the same breed → gain $4"
    assert describe_steps(b("1b").actions[0], content) == "discard 1 objective card → gain up to 2 certificates"
    assert describe_steps(b("8b").actions[0], content) == (
        "discard 1 card → gain $6, then take 1 objective card into your hand")
    assert describe_steps(b("4b").actions[0], content) == "draw up to 1 card per cowboy, then discard as many"
    assert describe_steps(b("10b").actions[2], content) == "move your herder up to 4 locations"


def test_worker_and_objective_steps_in_words(content):
    builder4 = content.board.worker_immediate[("builder", 4)]
    assert describe_steps(builder4, content) == "place or replace a private building at $1 per builder"
    assert describe_steps(content.objective_immediates["draw"], content) == "draw up to 3 cards, then discard as many"
    assert describe_steps(content.objective_immediates["herder"], content) == (
        "move your herder up to 3 locations (no hand fees, the location is not used, not into Kansas City)")
    aux3 = content.board.aux_actions["aux3"].double
    assert describe_steps(aux3, content) == (
        "pay $2, then move your engine exactly 2 spaces back → gain up to 2 certificates")
    assert describe_steps((), content) == "nothing"


def test_breed_and_card_names(content):
    assert card_phrase("criollo", content) == "Criollo"
    assert card_phrase("santa_gertrudis", content) == "Santa Gertrudis"
    assert card_phrase("value3_market", content) == "value-3 card (Black Angus, Longhorn or Corriente)"
    assert card_phrase("pair_same_breed", content, 2) == "cards of the same breed"
    assert card_phrase("objective", content) == "objective card"
    assert card_phrase("shorthorn", content) == "Shorthorn"
    assert display_name("new_york") == "New York"


# --------------------------------------------------------------------------- components


def test_describe_private_building(content):
    text = describe_building(content, "7b")
    head, *actions = text.splitlines()
    assert head.startswith("Private building 7b — 5 builders, 6 VP, green and black hands (fees for other players)")
    assert head.endswith("[M]")
    assert actions == ["  1. move your engine up to 1 space per own building on a woods space"]
    text = describe_building(content, "10b")
    assert "8 builders, 11 VP, black hand (fees for other players)" in text
    assert "  1. gain $4" in text and "  2. move your engine up to 4 spaces forward" in text
    assert "  3. move your herder up to 4 locations" in text


def test_describe_building_confidence_tags(content):
    assert "[M] hand [L]" in describe_building(content, "11a").splitlines()[0]
    f = describe_building(content, "F")
    assert "remove 1 hazard tile for $7  [remove_hazard_cost L]" in f
    assert "[M] actions [H]" in describe_building(content, "2a")


def test_describe_neutral_building(content):
    d = describe_building(content, "D")
    assert d.splitlines()[0] == "Neutral building D — no hands  [M]"
    assert "1. EITHER collect 1 outlaw bounty OR pay $2" in d
    a = describe_building(content, "A")
    assert a.startswith("Neutral building A — no hands  [H]")
    assert "  1. discard 1 Galloway → gain $2" in a


def test_unknown_ids(content):
    with pytest.raises(UnknownComponentError, match="13z"):
        describe_building(content, "13z")
    with pytest.raises(UnknownComponentError):
        describe_station_master(content, "SM10")
    with pytest.raises(UnknownComponentError):
        describe_objective(content, "NOPE")
    with pytest.raises(UnknownComponentError):
        describe_city(content, "atlantis")
    with pytest.raises(UnknownComponentError):
        describe_station(content, 11)


def test_ids_are_matched_loosely(content):
    assert describe_building(content, "7B") == describe_building(content, "7b")
    assert describe_city(content, "New York") == describe_city(content, "new_york")
    assert describe_station_master(content, "sm3") == describe_station_master(content, "SM3")


def test_describe_station_master(content):
    sm4 = describe_station_master(content, "SM4")
    assert "when taken: gain 1 permanent certificate" in sm4
    assert "at game end: 3 VP per 2 hazard tiles held (rounded down)" in sm4
    assert "3 VP per green-and-orange outlaw pair held" in describe_station_master(content, "SM3")
    assert "at game end: no VP" in describe_station_master(content, "SM9")
    assert "when taken: gain $12" in describe_station_master(content, "SM9")


def test_describe_objective(content):
    aux = describe_objective(content, "AUX_NY")
    assert "4 copies in the 24-card deck" in aux
    assert "immediate action (aux): single or double auxiliary action" in aux
    assert "tasks: 1 × new york disc" in aux
    assert "fulfilled: +5 VP; not fulfilled: -3 VP" in aux
    assert "[M]" in aux.splitlines()[0]
    start = describe_objective(content, "START_BBH")
    assert "starting card" in start and "immediate action: none" in start
    assert "tasks: 2 × building, 1 × hazard" in start
    ssh = describe_objective(content, "GAIN2_SSH")
    assert "tasks: 2 × station, 1 × hazard" in ssh and "[L]" in ssh
    # a task printed as a 1E green teepee is read through a content option
    assert "green_teepee_task" in describe_objective(content, "START_SSG")


def test_describe_city_and_station(content):
    ny = describe_city(content, "new_york")
    assert "New York" in ny and "value 18" in ny and "dark corner" in ny
    assert "repeatable" in ny and "+9 VP per disc" in ny and "repeatable [H]" in ny
    kc = describe_city(content, "kansas_city")
    assert "gain $4" in kc and "-6 VP per disc" in kc
    assert "+8 VP" in describe_city(content, "toledo")
    s5 = describe_station(content, 5)
    assert "turnout between spaces 16 and 17" in s5
    assert "$6" in s5 and "VP at game end: 3" in s5 and "corner: dark" in s5 and "station-master space: yes" in s5
    s10 = describe_station(content, "10")
    assert "on space 39 (end of the track)" in s10 and "station-master space: no" in s10


# --------------------------------------------------------------------------- summary


def test_content_summary_counts(content):
    summary = dict(content_summary(content))
    expected = {
        "market cattle cards": 36, "starting cattle cards per player": 14, "worker tiles": 54,
        "hazard tiles": 18, "outlaw tiles": 22, "station-master tiles": 9, "objective cards (deck)": 24,
        "starting objective cards": 4, "neutral buildings": 7, "neutral building spaces": 7,
        "private building spaces": 22, "railroad spaces": 39, "stations": 10, "cities": 10,
        "discs per player": 14,
    }
    for label, n in expected.items():
        assert summary[label] == n, label
    assert summary["private buildings"] == "12 × 2 sides"
    assert summary["trail nodes"] == len(content.trail.nodes)
    assert summary["content"] == content.name and summary["version"] == content.version
    assert summary["source"] == "builtin:gwt2e" and summary["content hash"] == content.content_hash


def test_content_summary_is_computed(tmp_path: Path):
    folder = tmp_path / "c"
    shutil.copytree(BUILTIN_DIR, folder)
    meta = folder / "meta.toml"
    text = meta.read_text()
    assert 'content_version = "2E-1"' in text and "check_component_counts = true" in text
    meta.write_text(text.replace('content_version = "2E-1"', 'content_version = "test"')
                    .replace("check_component_counts = true", "check_component_counts = false"))
    obj = folder / "objectives.toml"
    text = obj.read_text()
    obj.write_text(text.replace('[deck.AUX_NY]\ncount = 4', '[deck.AUX_NY]\ncount = 6'))
    summary = dict(content_summary(load_content(folder)))
    assert summary["objective cards (deck)"] == 26
    assert summary["version"] == "test" and summary["source"] == str(folder)


# --------------------------------------------------------------------------- low confidence


def test_low_confidence_values(content):
    rows = low_confidence_values(content)
    assert all(len(r) == 3 and all(isinstance(x, str) for x in r) for r in rows)
    by_place = {(where, field): value for where, field, value in rows}
    f_cost = by_place[("buildings.toml: neutral.F", "remove_hazard_cost")]
    assert f_cost.startswith("7 ")
    assert by_place[("buildings.toml: private.11a", "hand")] == "none"
    assert by_place[("cattle.toml: breeds.galloway", "colour")] == "white"
    assert "cowboy = 11" in by_place[("kc_supply.toml: bags.2", "workers")]
    cards = [where for where, field, _ in rows if where.startswith("objectives.toml: deck.")]
    low_deck = [c.id for c in content.objective_cards.values() if not c.starting and c.conf.default == "L"]
    assert "objectives.toml: deck.GAIN2_SSH" in cards and len(cards) == len(low_deck) > 10
    assert "tasks = [station, station, hazard]" in by_place[("objectives.toml: deck.GAIN2_SSH", "*")]
    # values tagged H or M are not listed (except the content options)
    assert not any("AUX_NY" in where or "neutral.A" in where or "railroad" in where for where, _, _ in rows)


def test_low_confidence_lists_every_option(content):
    rows = low_confidence_values(content)
    options = {field: value for where, field, value in rows if where == "meta.toml: options"}
    assert set(options) == set(content.options)
    assert options["aux5_removal_optional"] == "true [M]"
    assert options["green_teepee_task_as"] == "orange_outlaw"
    solo = {field: value for where, field, value in rows if where == "solo.toml: solo.options"}
    assert set(solo) == set(content.solo.options)
    assert solo["route"] == "shortest_to_kansas_city"
    assert solo["most_buildings_counts_sam"] == "true [M]"


def test_low_confidence_follows_patches():
    patched = load_content(patches=['[stations.5]\nconf = "L"\n'])
    rows = low_confidence_values(patched)
    assert any(where == "railroad.toml: stations.5" and field == "*" and "cost = 6" in value
               for where, field, value in rows)
