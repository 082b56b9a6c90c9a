"""The solo mode's content (solo.toml): Sam's cards, difficulties and rules as data, their loader
and validation. Expected values come from the solo rules (shared/seeds/003) and the reference
(§16); the malformed cases edit a fresh copy of the built-in folder, as in test_content_errors.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from gwt_sim.content import ContentError, load_content
from gwt_sim.describe import (
    SAM_COUNTER_WORDING,
    SAM_VERB_WORDING,
    UnknownComponentError,
    content_summary,
    describe_sam_card,
    describe_sam_steps,
    low_confidence_values,
)
from gwt_sim.vocabulary import SAM_COUNTERS, SAM_OP_CODE, SAM_VERBS, VERBS
from tests.test_content_errors import expect_error

# --------------------------------------------------------------------------- the built-in solo mode


def ops(steps) -> list[tuple[str, dict]]:
    return [(s.op, dict(s.args)) for s in steps]


def test_solo_is_loaded(builtin_content):
    solo = builtin_content.solo
    assert solo is not None and solo.name == "Sam"
    assert sorted(solo.cards) == list(range(1, 16))
    assert solo.default_difficulty == "medium"
    assert (solo.board_players, solo.sam_seat) == (2, 2)
    assert (solo.worker_bag, solo.workers_from_bag) == (2, 1)
    assert (solo.discs, solo.building_side, solo.starting_objective_cards) == (14, "b", 1)


def test_cards_by_action(builtin_content):
    """The rules list the actions by card number: hire #1 #2, cattle #3 #10 #13, buildings #4 #11 #14,
    engine #5 #6 #12 #15, objective #7, bounty #8, hazard #9."""
    cards = builtin_content.solo.cards
    first_op = {n: c.action[-1].op for n, c in cards.items()}
    assert [n for n, op in first_op.items() if op == "hire"] == [1, 2]
    assert [n for n, op in first_op.items() if op == "buy_cattle"] == [3, 10, 13]
    assert [n for n, op in first_op.items() if op == "place_building"] == [4, 11, 14]
    assert [n for n, op in first_op.items() if op in ("move_engine", "engine_to_next_free_station")] == [5, 6, 12, 15]
    assert (first_op[7], first_op[8], first_op[9]) == ("objective_card", "bounty", "remove_hazard")
    assert ops(cards[1].action) == [("hire", {"prefer": "cheapest"})]
    assert ops(cards[2].action) == [("hire", {"prefer": "specialisation"})]
    for n in (3, 10):
        assert ops(cards[n].action) == [("buy_cattle", {"dollars": 8})]


def test_specialisation_cards(builtin_content):
    cards = builtin_content.solo.cards
    c13, c14, c15 = cards[13], cards[14], cards[15]
    assert ops(c13.action_for("cowboy")) == [("reveal_market_cards", {"cards": 2}), ("buy_cattle", {"dollars": 8})]
    assert ops(c13.action_for("builder")) == [("take_market_card", {"value": 3})]
    assert ops(c14.action_for("builder")) == [("place_building", {})]
    assert ops(c14.action_for("engineer")) == [("place_building", {"max_builders": 1})]
    assert ops(c15.action_for("engineer")) == [("engine_to_next_free_station", {})]
    assert ops(c15.action_for("cowboy")) == [("move_engine", {"per": "engineers"})]
    for n in range(1, 13):
        assert cards[n].when_specialisation is None
        assert cards[n].action_for("cowboy") == cards[n].action_for("engineer") == cards[n].action


def test_steps_and_icons(builtin_content):
    solo = builtin_content.solo
    fixed = {n: c.steps for n, c in solo.cards.items() if c.steps is not None}
    assert fixed == {1: 1, 2: 1, 3: 2, 4: 2, 5: 1, 6: 2, 7: 1, 8: 1, 9: 1}
    icons = {n: c.step_icon for n, c in solo.cards.items() if c.step_icon is not None}
    assert icons == {10: "most_buildings", 11: "most_buildings", 12: "most_buildings",
                     13: "specialisation", 14: "specialisation", 15: "specialisation"}
    for icon in solo.step_icons.values():
        assert (icon.min, icon.max) == (1, 5)
    assert solo.step_icons["specialisation"].counts == "specialisation_workers"
    assert solo.step_icons["most_buildings"].counts == "most_buildings_of_a_player"
    # estimates are tagged L (the worked example backs #13's icon: M)
    assert all(solo.cards[n].conf.of("steps") == "L" for n in fixed)
    assert [solo.cards[n].conf.of("step_icon") for n in range(10, 16)] == ["L", "L", "L", "M", "L", "L"]
    assert solo.cards[1].conf.of("action") == solo.cards[2].conf.of("action") == "L"


def test_difficulties(builtin_content):
    solo = builtin_content.solo
    easy, medium, hard = (solo.difficulties[d] for d in ("easy", "medium", "hard"))
    assert (easy.remove_cards, easy.extra_workers, easy.first_delivery) == ((13, 14, 15), (), "bloomington")
    assert (medium.remove_cards, medium.extra_workers, medium.first_delivery) == ((), (), "bloomington")
    assert (hard.remove_cards, hard.first_delivery) == ((), "peoria")
    assert sorted(hard.extra_workers) == ["builder", "cowboy", "engineer"]
    assert solo.deck("easy") == tuple(range(1, 13))
    assert solo.deck("medium") == solo.deck("hard") == tuple(range(1, 16))


def test_fixed_rules(builtin_content):
    solo = builtin_content.solo
    assert solo.kc_skip_steps == (4,)
    assert solo.skip_scoring == ("money", "station_masters", "step_disc")
    assert set(solo.skip_scoring) <= set(builtin_content.scoring_categories)
    r = solo.rules
    assert r["kansas_city.foresight_tile"] == "lower"
    assert r["picks.objective_card"] == "farthest_from_stack"
    assert r["human.fees_on_sam_buildings"] == "to_bank"
    assert r["human.objective_display"] == "slide_away_from_stack"
    assert r["movement.tie_breaks"] == ("lowest_fees", "least_paid_to_human")
    assert r["cattle.reveal_per_cowboy"] == 2 and r["cattle.buys_simmental"] is False
    assert r["scoring.objectives"] == "all_fulfilled"


def test_options_defaults(builtin_content):
    o = builtin_content.solo.options
    assert o["route"] == "shortest_to_kansas_city"
    assert o["hire_same_type"] == "cheapest_then_top_left"
    assert o["cattle_last_ties"] == ("fewest_cowboys", "fewest_dollars")
    assert o["most_buildings_counts_sam"] is True


def test_b_sides_fit_the_rules(builtin_content):
    """Sam's supply: the b-side of each of the 12 numbers; #14 needs 1-builder tiles (1b, 2b)."""
    b_sides = [b for b in builtin_content.private_buildings.values() if b.side == "b"]
    assert len(b_sides) == 12
    assert sorted(b.id for b in b_sides if b.builders == 1) == ["1b", "2b"]


# --------------------------------------------------------------------------- options and patches


def test_option_flipped_by_patch(builtin_content):
    c = load_content(patches=['[solo.options]\nroute = "most_steps"\nend_phase_foresight = "lower_only"'])
    assert c.solo.options["route"] == "most_steps"
    assert c.solo.options["end_phase_foresight"] == "lower_only"
    assert c.content_hash != builtin_content.content_hash


def test_card_patched(builtin_content):
    c = load_content(patches=['set = { "solo.cards.3.steps" = 3, "solo.cards.3.action[0].dollars" = 10 }'])
    assert c.solo.cards[3].steps == 3
    assert ops(c.solo.cards[3].action) == [("buy_cattle", {"dollars": 10})]
    assert c.content_hash != builtin_content.content_hash


def test_first_delivery_patched():
    c = load_content(patches=['[solo.difficulties.medium]\nfirst_delivery = "chicago"'])
    assert c.solo.difficulties["medium"].first_delivery == "chicago"


def test_content_without_solo_mode(content_folder, builtin_content):
    (content_folder.path / "solo.toml").unlink()
    c = content_folder.load()
    assert c.solo is None
    assert c.private_buildings == builtin_content.private_buildings
    assert ("solo mode", "none") in content_summary(c)
    with pytest.raises(UnknownComponentError, match="no solo mode"):
        describe_sam_card(c, 1)


def test_patch_into_content_without_solo_mode(content_folder):
    (content_folder.path / "solo.toml").unlink()
    expect_error(lambda: content_folder.load(patches=['[solo.cards.3]\nsteps = 3']), "patch", "solo",
                 "no such component")


def test_sam_card_count_check(content_folder):
    content_folder.edit("solo.toml", "remove_cards = [13, 14, 15]", "remove_cards = [13, 14]")
    text = content_folder.read("solo.toml")
    cut = text.index("[solo.cards.15]")
    content_folder.write("solo.toml", text[:cut] + text[text.index("# Sam's turn"):])
    expect_error(content_folder.load, "solo.toml", None, "14 Sam cards, the Second Edition box has 15")
    content_folder.disable_count_check()
    assert len(content_folder.load().solo.cards) == 14


# --------------------------------------------------------------------------- malformed solo content


@dataclass
class Case:
    id: str
    edits: list[tuple[str, str]]               # (old text, new text) in solo.toml
    entry: str | None                          # part of the expected entry (None: no entry)
    problem: str                               # part of the expected problem
    exact_entry: bool = True


CASES = [
    Case("unknown-sam-verb", [('action = [{ op = "bounty" }]', 'action = [{ op = "bounty_hunt" }]')],
         "solo.cards.8.action[0]", "unknown Sam verb 'bounty_hunt'"),
    Case("human-verb-on-a-sam-card", [('action = [{ op = "bounty" }]', 'action = [{ op = "gain_money", amount = 2 }]')],
         "solo.cards.8.action[0]", "unknown Sam verb 'gain_money'"),
    Case("unknown-sam-verb-parameter", [('{ op = "hire", prefer = "cheapest" }', '{ op = "hire", prefer = "cheapest", cost = 0 }')],
         "solo.cards.1.action[0]", "verb 'hire' has no parameter 'cost'"),
    Case("bad-hire-preference", [('{ op = "hire", prefer = "cheapest" }', '{ op = "hire", prefer = "cheap" }')],
         "solo.cards.1.action[0].prefer", "unknown value 'cheap'"),
    Case("missing-required-parameter", [('action = [{ op = "buy_cattle", dollars = 8 }]\ntext = "buy cattle"\nconf = "H"\nconf_steps',
                                         'action = [{ op = "buy_cattle" }]\ntext = "buy cattle"\nconf = "H"\nconf_steps')],
         "solo.cards.3.action[0]", "verb 'buy_cattle' needs parameter 'dollars'"),
    Case("unknown-sam-counter", [('action = [{ op = "move_engine", per = "engineers" }]\ntext = "move Sam\'s engine"\nconf = "H"\nconf_steps = "L"\nconf_action = "L"                  # engine distance',
                                  'action = [{ op = "move_engine", per = "engineer" }]\ntext = "move Sam\'s engine"\nconf = "H"\nconf_steps = "L"\nconf_action = "L"                  # engine distance')],
         "solo.cards.5.action[0].per", "unknown counter 'engineer'"),
    Case("player-counter-is-not-a-sam-counter", [('action = [{ op = "move_engine", per = "engineers" }]\ntext = "move Sam\'s engine"\nconf = "H"\nconf_steps = "L"\nconf_action = "L"                  # engine distance',
                                                 'action = [{ op = "move_engine", per = "upgraded_stations" }]\ntext = "move Sam\'s engine"\nconf = "H"\nconf_steps = "L"\nconf_action = "L"                  # engine distance')],
         "solo.cards.5.action[0].per", "unknown counter 'upgraded_stations'"),
    Case("empty-action", [('action = [{ op = "objective_card" }]', "action = []")],
         "solo.cards.7.action", "empty list of steps"),
    Case("take-card-of-unknown-value", [('{ op = "take_market_card", value = 3 }', '{ op = "take_market_card", value = 2 }')],
         "solo.cards.13.otherwise[0].value", "no market breed has value 2"),
    Case("steps-and-icon", [('[solo.cards.10]\nstep_icon = "most_buildings"', '[solo.cards.10]\nsteps = 2\nstep_icon = "most_buildings"')],
         "solo.cards.10", "give exactly one of steps or step_icon"),
    Case("neither-steps-nor-icon", [('[solo.cards.9]\nsteps = 1\n', '[solo.cards.9]\n')],
         "solo.cards.9", "give exactly one of steps or step_icon"),
    Case("zero-steps", [('[solo.cards.9]\nsteps = 1\n', '[solo.cards.9]\nsteps = 0\n')],
         "solo.cards.9.steps", "must be >= 1, got 0"),
    Case("steps-as-string", [('[solo.cards.9]\nsteps = 1\n', '[solo.cards.9]\nsteps = "1"\n')],
         "solo.cards.9.steps", "expected an integer, got a string '1'"),
    Case("unknown-step-icon", [('[solo.cards.10]\nstep_icon = "most_buildings"', '[solo.cards.10]\nstep_icon = "buildings"')],
         "solo.cards.10.step_icon", "unknown step icon 'buildings'"),
    Case("unknown-specialisation", [('when_specialisation = "cowboy"', 'when_specialisation = "cowboys"')],
         "solo.cards.13.when_specialisation", "unknown value 'cowboys'"),
    Case("otherwise-without-specialisation", [('[solo.cards.9]\nsteps = 1\n', '[solo.cards.9]\nsteps = 1\notherwise = [{ op = "bounty" }]\n')],
         "solo.cards.9.otherwise", "'otherwise' goes with 'when_specialisation'"),
    Case("specialisation-without-otherwise", [('otherwise = [{ op = "take_market_card", value = 3 }]\n', '')],
         "solo.cards.13.when_specialisation", "'otherwise' goes with 'when_specialisation'"),
    Case("unknown-card-field", [('[solo.cards.9]\nsteps = 1\n', '[solo.cards.9]\nsteps = 1\nstep = 2\n')],
         "solo.cards.9.step", "unknown field 'step'"),
    Case("card-numbers-with-gap", [('[solo.cards.9]\n', '[solo.cards.19]\n')],
         "solo.cards", "Sam cards must be numbered 1..n"),
    Case("card-not-numbered", [('[solo.cards.9]\n', '[solo.cards.nine]\n')],
         "solo.cards.nine", "Sam cards are numbered"),
    Case("icon-min-above-max", [('min = 1                            # also when nobody has built yet\nmax = 5',
                                 'min = 1                            # also when nobody has built yet\nmax = 0')],
         "solo.step_icons.most_buildings.max", "must be >= 1, got 0"),
    Case("icon-unknown-counter", [('counts = "specialisation_workers"', 'counts = "specialists"')],
         "solo.step_icons.specialisation.counts", "unknown value 'specialists'"),
    Case("difficulty-removes-unknown-card", [("remove_cards = [13, 14, 15]", "remove_cards = [13, 14, 16]")],
         "solo.difficulties.easy.remove_cards", "no Sam card 16"),
    Case("difficulty-removes-card-twice", [("remove_cards = [13, 14, 15]", "remove_cards = [13, 13, 15]")],
         "solo.difficulties.easy.remove_cards", "a card is listed twice"),
    Case("difficulty-unknown-worker", [('extra_workers = ["cowboy", "builder", "engineer"]', 'extra_workers = ["cowboy", "craftsman"]')],
         "solo.difficulties.hard.extra_workers", "unknown worker type 'craftsman'"),
    Case("difficulty-too-many-workers", [('extra_workers = ["cowboy", "builder", "engineer"]', 'extra_workers = ["cowboy", "cowboy", "cowboy", "cowboy", "cowboy"]')],
         "solo.difficulties.hard.extra_workers", "Sam's cowboy row cannot hold so many workers"),
    Case("difficulty-unknown-city", [('first_delivery = "peoria"', 'first_delivery = "san_francisco"')],
         "solo.difficulties.hard.first_delivery", "unknown city 'san_francisco'"),
    Case("unknown-default-difficulty", [('default_difficulty = "medium"', 'default_difficulty = "insane"')],
         "solo.default_difficulty", "unknown difficulty 'insane'"),
    Case("no-difficulties", [], "solo.difficulties", "at least one difficulty is needed"),  # tables removed in the test
    Case("worker-bag-without-workers", [("worker_bag = 2 ", "worker_bag = 1 ")],
         "solo.setup.worker_bag", "bag 1 holds no worker tiles"),
    Case("board-for-three", [("board_players = 2", "board_players = 3")],
         "solo.setup.board_players", "the board is set up for 2 players"),
    Case("seat-out-of-range", [("sam_seat = 2 ", "sam_seat = 3 ")],
         "solo.setup.sam_seat", "must be <= 2, got 3"),
    Case("unknown-building-side", [('building_side = "b"', 'building_side = "c"')],
         "solo.setup.building_side", "unknown value 'c'"),
    Case("too-many-starting-objectives", [("starting_objective_cards = 1 ", "starting_objective_cards = 5 ")],
         "solo.setup.starting_objective_cards", "must be <= 4, got 5"),
    Case("unsupported-fixed-rule", [('foresight_tile = "lower"', 'foresight_tile = "upper"')],
         "solo.kansas_city.foresight_tile", "unsupported value 'upper' (the engine implements: 'lower')"),
    Case("fixed-rule-of-wrong-type", [("transport_cost = false", 'transport_cost = "no"')],
         "solo.kansas_city.transport_cost", "expected true or false, got a string 'no'"),
    Case("fixed-rule-list-changed", [('tie_breaks = ["lowest_fees", "least_paid_to_human"]', 'tie_breaks = ["least_paid_to_human", "lowest_fees"]')],
         "solo.movement.tie_breaks", "unsupported value ['least_paid_to_human', 'lowest_fees'] (the engine implements: "
         "['lowest_fees', 'least_paid_to_human'])"),
    Case("skip-a-foresight-step", [("skip_steps = [4]", "skip_steps = [2, 4]")],
         "solo.kansas_city.skip_steps", "only the income step (4) can be skipped, not step 2"),
    Case("unknown-scoring-category", [('skip_categories = ["money", "station_masters", "step_disc"]', 'skip_categories = ["money", "station_master"]')],
         "solo.scoring.skip_categories", "unknown scoring category 'station_master'"),
    Case("unsupported-option", [('route = "shortest_to_kansas_city"', 'route = "longest"')],
         "solo.options.route", "unsupported value 'longest'"),
    Case("option-of-wrong-type", [("most_buildings_counts_sam = true", 'most_buildings_counts_sam = "yes"')],
         "solo.options.most_buildings_counts_sam", "expected true or false"),
    Case("unknown-option", [("most_buildings_counts_sam = true", "most_buildings_counts_sam = true\nsam_cheats = true")],
         "solo.options.sam_cheats", "unknown field 'sam_cheats'"),
    Case("missing-option", [('route_last_tie = "first_listed_branch"\n', "")],
         "solo.options", "missing field 'route_last_tie'"),
    Case("unknown-solo-field", [('name = "Sam"', 'name = "Sam"\nnickname = "Sammy"')],
         "solo.nickname", "unknown field 'nickname'"),
    Case("bad-conf-tag", [('conf_step_icon = "M"  ', 'conf_step_icon = "X"  ')],
         "solo.cards.13.conf_step_icon", "confidence tag must be H, M or L"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_malformed_solo_content(content_folder, case: Case):
    for old, new in case.edits:
        content_folder.edit("solo.toml", old, new)
    if case.id == "no-difficulties":
        for d in ("easy", "medium", "hard"):
            content_folder.remove_table("solo.toml", f"solo.difficulties.{d}")
        content_folder.edit("solo.toml", "[solo.step_icons.specialisation]",
                            "[solo.difficulties]\n\n[solo.step_icons.specialisation]")
    expect_error(content_folder.load, "solo.toml", case.entry, case.problem, case.exact_entry)


def test_solo_cases_are_distinct():
    assert len({c.id for c in CASES}) == len(CASES)
    assert len({(c.entry, c.problem) for c in CASES}) == len(CASES)


def test_solo_toml_syntax_error(content_folder):
    content_folder.append("solo.toml", "[solo.options\nroute = 1")
    expect_error(content_folder.load, "solo.toml", None, "not valid TOML")


def test_solo_section_defined_twice(content_folder):
    content_folder.append("meta.toml", "[solo]\nname = 'Garth'")
    expect_error(content_folder.load, "solo.toml", "solo", "section also defined in meta.toml")


def test_bad_solo_patch():
    expect_error(lambda: load_content(patches=['[solo.options]\nroute = "scenic"']), "solo.toml",
                 "solo.options.route", "unsupported value 'scenic'")


# --------------------------------------------------------------------------- vocabulary and words


def test_sam_vocabulary_is_separate():
    assert len(SAM_OP_CODE) == len(SAM_VERBS)
    assert all(v.kind == "reward" for v in SAM_VERBS)
    human = {v.name: v for v in VERBS}
    # shared names (hire, buy_cattle, ...) are different verbs: Sam's take no player decisions
    assert SAM_VERBS[0].params != human["hire"].params


@pytest.mark.parametrize("verb", SAM_VERBS, ids=lambda v: v.name)
def test_every_sam_verb_has_a_wording(verb):
    assert verb.name in SAM_VERB_WORDING


def test_no_wording_for_unknown_sam_verbs_or_counters():
    assert set(SAM_VERB_WORDING) == {v.name for v in SAM_VERBS}
    assert set(SAM_COUNTER_WORDING) == set(SAM_COUNTERS)


def test_every_card_described(builtin_content):
    for n in builtin_content.solo.cards:
        text = describe_sam_card(builtin_content, n)
        assert text.startswith(f"Sam card #{n} — ")
    assert "1 location per worker of his specialisation (at least 1, at most 5)" in describe_sam_card(builtin_content, 13)
    assert "not used at difficulty easy" in describe_sam_card(builtin_content, "#14")
    assert "if his specialisation is engineer: move his engine to the next station" in describe_sam_card(builtin_content, 15)
    assert describe_sam_steps(builtin_content.solo.cards[13].action_for("cowboy")).startswith(
        "add 2 market cards for free, then buy")
    with pytest.raises(UnknownComponentError, match="unknown Sam card '16'"):
        describe_sam_card(builtin_content, 16)


def test_uncertain_lists_the_open_solo_values(builtin_content):
    rows = low_confidence_values(builtin_content)
    solo = {(where.split(": ")[1], field) for where, field, _ in rows if where.startswith("solo.toml")}
    for n in range(1, 10):
        assert (f"solo.cards.{n}", "steps") in solo
    for n in (10, 11, 12, 14, 15):
        assert (f"solo.cards.{n}", "step_icon") in solo
    assert ("solo.cards.13", "step_icon") not in solo           # [M]: the rules' worked example
    for n in (1, 2, 5, 6, 12):
        assert (f"solo.cards.{n}", "action") in solo
    assert ("solo.cards.15", "otherwise") in solo
    for option in builtin_content.solo.options:
        assert ("solo.options", option) in solo
    assert ("solo.cards.3", "action") not in solo              # the $8 purchase is printed in the rules


def test_summary_counts(builtin_content):
    summary = dict(content_summary(builtin_content))
    assert summary["Sam cards"] == 15
    assert summary["solo difficulties"] == "easy (12 cards), medium (15 cards), hard (15 cards)"


# --------------------------------------------------------------------------- command line


def test_cli_check_and_show(run):
    result = run("content", "check")
    assert result.exit_code == 0
    assert re.search(r"^Sam cards\s+15$", result.stdout, re.MULTILINE)
    result = run("content", "show", "sam-card", "13")
    assert result.exit_code == 0 and "Sam card #13" in result.stdout and "otherwise:" in result.stdout
    result = run("content", "show", "sam-cards")
    assert result.stdout.strip() == "Sam card ids: " + ", ".join(str(n) for n in range(1, 16))


def test_cli_uncertain_lists_solo(run):
    result = run("content", "uncertain")
    assert result.exit_code == 0
    assert re.search(r"^solo\.toml: solo\.options\s+route\s+shortest_to_kansas_city$", result.stdout, re.MULTILINE)
    assert re.search(r"^solo\.toml: solo\.cards\.1\s+steps\s+1$", result.stdout, re.MULTILINE)


def test_cli_bad_solo_content_is_one_line(run, content_folder):
    content_folder.edit("solo.toml", 'first_delivery = "peoria"', 'first_delivery = "peorya"')
    result = run("content", "check", str(content_folder.path))
    assert result.exit_code == 2
    assert result.stderr.strip() == ("error: solo.toml: solo.difficulties.hard.first_delivery: unknown city 'peorya' "
                                     "(expected one of kansas_city, fulton, st_louis, bloomington, peoria, chicago, "
                                     "toledo, pittsburgh, philadelphia, new_york)")


def test_content_error_type(content_folder):
    content_folder.edit("solo.toml", 'default_difficulty = "medium"', "default_difficulty = 2")
    with pytest.raises(ContentError) as info:
        content_folder.load()
    assert str(info.value) == "solo.toml: solo.default_difficulty: expected a string, got an integer 2"
