"""Malformed content and patches: every problem is a one-line ContentError naming file, entry, problem.

Each case edits a fresh copy of the built-in folder (the edit helpers assert that the replaced text
exists, so a case cannot silently leave the content valid) and loads it with `load_content(path)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from gwt_sim.content import ContentError, apply_patch, load_content, read_raw
from gwt_sim.tables import compile_tables
from gwt_sim.variant import Variant


def expect_error(fn, file: str, entry: str | None, problem: str, exact_entry: bool = False) -> ContentError:
    """Run fn; it must raise ContentError with this file, an entry containing `entry` (None: empty
    entry) and a problem containing `problem`; the message must be one line."""
    with pytest.raises(ContentError) as info:
        fn()
    e = info.value
    assert type(e) is ContentError
    assert e.file == file, str(e)
    if entry is None:
        assert e.entry == "", str(e)
    elif exact_entry:
        assert e.entry == entry, str(e)
    else:
        assert entry in e.entry, str(e)
    assert problem in e.problem, str(e)
    msg = str(e)
    assert "\n" not in msg and "\r" not in msg, msg
    assert msg == (f"{e.file}: {e.entry}: {e.problem}" if e.entry else f"{e.file}: {e.problem}")
    return e


@dataclass
class Case:
    id: str
    edits: list[tuple[str, str, str]]          # (file, old text, new text)
    file: str                                  # expected ContentError.file
    entry: str | None                          # part of the expected entry (None: no entry)
    problem: str                               # part of the expected problem
    appends: list[tuple[str, str]] = field(default_factory=list)
    exact_entry: bool = False


CASES = [
    Case("toml-syntax-error",
         [("buildings.toml", '[neutral.A]\nhand = "none"', '[neutral.A]\nhand = "none')],
         "buildings.toml", None, "not valid TOML"),
    Case("toml-duplicate-key",
         [("railroad.toml", "turnout_after = 4\ncost = 2", "turnout_after = 4\ncost = 2\ncost = 3")],
         "railroad.toml", None, "not valid TOML"),
    Case("unknown-verb",
         [("buildings.toml", '{ op = "move_engine", min = 1, per = "own_woods_buildings" }',
           '{ op = "mvoe_engine", min = 1, per = "own_woods_buildings" }')],
         "buildings.toml", "private.7b.actions[0][0]", "unknown verb 'mvoe_engine'", exact_entry=True),
    Case("unknown-parameter",
         [("buildings.toml", '[{ op = "gain_money", amount = 4 }],', '[{ op = "gain_money", amount = 4, times = 2 }],')],
         "buildings.toml", "private.10b.actions[0][0]", "verb 'gain_money' has no parameter 'times'",
         exact_entry=True),
    Case("missing-required-parameter",
         [("buildings.toml", '[{ op = "build", cost_per_builder = 2 }]', '[{ op = "build" }]')],
         "buildings.toml", "neutral.B.actions[1][0]", "verb 'build' needs parameter 'cost_per_builder'",
         exact_entry=True),
    Case("step-without-op",
         [("buildings.toml", '[{ op = "upgrade_station_behind" }]', '[{ upgrade = "station_behind" }]')],
         "buildings.toml", "private.9b.actions[0][0]", "step without 'op'", exact_entry=True),
    Case("wrong-type-step-parameter",
         [("cities.toml", 'on_place = [{ op = "gain_money", amount = 4 }]', 'on_place = [{ op = "gain_money", amount = "4" }]')],
         "cities.toml", "cities.kansas_city.on_place[0].amount", "expected an integer, got a string '4'",
         exact_entry=True),
    Case("wrong-type-record-field",
         [("railroad.toml", "turnout_after = 10\ncost = 4", 'turnout_after = 10\ncost = "4"')],
         "railroad.toml", "stations.3.cost", "expected an integer", exact_entry=True),
    Case("float-where-int-expected",
         [("job_market.toml", "token_end_vp = 2", "token_end_vp = 2.5")],
         "job_market.toml", "job_market.token_end_vp", "expected an integer", exact_entry=True),
    Case("negative-amount",
         [("station_masters.toml", '{ op = "gain_money", amount = 12 }', '{ op = "gain_money", amount = -12 }')],
         "station_masters.toml", "station_masters.SM9.immediate[0].amount", "must be >= 0, got -12",
         exact_entry=True),
    Case("negative-station-cost",
         [("railroad.toml", "turnout_after = 25\ncost = 7", "turnout_after = 25\ncost = -7")],
         "railroad.toml", "stations.7.cost", "must be >= 0", exact_entry=True),
    Case("unknown-card-in-discard",
         [("buildings.toml", '[{ op = "discard", card = "galloway" }, { op = "gain_money", amount = 2 }]',
           '[{ op = "discard", card = "guernsey" }, { op = "gain_money", amount = 2 }]')],
         "buildings.toml", "neutral.A.actions[0][0].card", "unknown card 'guernsey'", exact_entry=True),
    Case("unknown-counter-in-per",
         [("buildings.toml", '{ op = "money_per", per = "engineers", amount = 1 }',
           '{ op = "money_per", per = "engineer", amount = 1 }')],
         "buildings.toml", "private.5b.actions[1][0].per", "unknown counter 'engineer'", exact_entry=True),
    Case("pair-same-breed-count-1",
         [("buildings.toml", 'card = "pair_same_breed", count = 2 }, { op = "gain_money", amount = 4 }',
           'card = "pair_same_breed", count = 1 }, { op = "gain_money", amount = 4 }')],
         "buildings.toml", "neutral.F.actions[0][0]", "pair_same_breed' needs count = 2", exact_entry=True),
    Case("choice-with-one-option",
         [("buildings.toml",
           '{ op = "choice", options = [[{ op = "certificates", up_to = 1 }], [{ op = "objective_card", to = "discard" }]] }',
           '{ op = "choice", options = [[{ op = "certificates", up_to = 1 }]] }')],
         "buildings.toml", "neutral.C.actions[0][0].options", "at least 2 options", exact_entry=True),
    Case("move-engine-both-max-and-per",
         [("buildings.toml", '{ op = "move_engine", min = 1, max = 3 }', '{ op = "move_engine", min = 1, max = 3, per = "engineers" }')],
         "buildings.toml", "private.9a.actions[0][0]", "needs exactly one of max, per"),
    Case("bad-enum-value-in-step",
         [("buildings.toml", '[{ op = "objective_card", to = "discard" }]', '[{ op = "objective_card", to = "deck" }]')],
         "buildings.toml", "neutral.C.actions[0][0].options[1][0].to", "unknown value 'deck'", exact_entry=True),
    Case("steps-not-a-list",
         [("player_board.toml", 'on_clear = [{ op = "gain_money", amount = 3 }]', 'on_clear = { op = "gain_money", amount = 3 }')],
         "player_board.toml", "disc_spaces.step_left.on_clear", "expected a list of steps, got a table"),
    Case("empty-actions",
         [("buildings.toml", 'actions = [\n  [{ op = "adjacent_building" }],\n]', "actions = []")],
         "buildings.toml", "private.6b.actions", "non-empty list of local actions"),
    Case("edge-to-unknown-node",
         [("trail.toml", 'next = ["A-1", "FLOOD-1"]', 'next = ["A-1", "FLOOD-0"]')],
         "trail.toml", "nodes.A.next", "edge to unknown node 'FLOOD-0'", exact_entry=True),
    Case("trail-cycle",
         [("trail.toml", '[nodes.G-1]\nkind = "private"\nnext = ["KC"]', '[nodes.G-1]\nkind = "private"\nnext = ["A"]')],
         "trail.toml", "nodes.G-1", "the trail has a cycle through 'A'", exact_entry=True),
    Case("unreachable-node",
         [("trail.toml", 'next = ["A-1", "FLOOD-1"]', 'next = ["A-1"]')],
         "trail.toml", "nodes.FLOOD-1", "cannot be reached from the start", exact_entry=True),
    Case("dead-end-node",
         [("trail.toml", 'next = ["OUTLAW-RISK-1"]', "next = []")],
         "trail.toml", "nodes.OUTLAW-9.next", "no way forward", exact_entry=True),
    Case("off-trail-outlaw-with-edges",
         [("trail.toml", 'bounty = [{ op = "exchange_token", count = 1 }]\nnext = []',
           'bounty = [{ op = "exchange_token", count = 1 }]\nnext = ["OUTLAW-2"]')],
         "trail.toml", "nodes.OUTLAW-1.next", "off-trail outlaw space has no edges", exact_entry=True),
    Case("hazard-index-gap",
         [("trail.toml", 'section = "flood"\nindex = 4', 'section = "flood"\nindex = 5')],
         "trail.toml", "nodes", "hazard section 'flood' must number its spaces 1..4"),
    Case("unknown-field-typo",
         [("railroad.toml", "turnout_after = 10\ncost = 4\nvp = 2", "turnout_after = 10\ncost = 4\nvp = 2\nvlaue = 2")],
         "railroad.toml", "stations.3.vlaue", "unknown field 'vlaue'", exact_entry=True),
    Case("renamed-optional-field",
         [("cities.toml", 'end_vp = 6\nconf = "M"\nconf_end_vp', 'end_pv = 6\nconf = "M"\nconf_end_vp')],
         "cities.toml", "cities.philadelphia.end_pv", "unknown field 'end_pv'", exact_entry=True),
    Case("missing-field",
         [("railroad.toml", "cost = 3\nvp = 9\n", "cost = 3\n")],
         "railroad.toml", "stations.10", "missing field 'vp'", exact_entry=True),
    Case("bad-confidence-tag",
         [("meta.toml", 'conf = "H"\n', 'conf = "X"\n')],
         "meta.toml", "meta.conf", "confidence tag must be H, M or L, got 'X'", exact_entry=True),
    Case("bad-field-confidence-tag",
         [("buildings.toml", 'conf_remove_hazard_cost = "L"', 'conf_remove_hazard_cost = "low"')],
         "buildings.toml", "neutral.F.conf_remove_hazard_cost", "confidence tag must be H, M or L",
         exact_entry=True),
    Case("bad-enum-value-in-record",
         [("buildings.toml", 'builders = 1\nvp = 1\nhand = "green"\nactions = [\n  [{ op = "money_per"',
           'builders = 1\nvp = 1\nhand = "blue"\nactions = [\n  [{ op = "money_per"')],
         "buildings.toml", "private.1a.hand", "unknown value 'blue'", exact_entry=True),
    Case("station-master-scoring-unknown-per",
         [("station_masters.toml", 'per = "hazards_held"', 'per = "hazards"')],
         "station_masters.toml", "station_masters.SM4.scoring.per", "unknown value 'hazards'", exact_entry=True),
    Case("objective-unknown-task",
         [("objectives.toml", 'tasks = ["hereford", "hazard"]', 'tasks = ["hereford", "hazzard"]')],
         "objectives.toml", "deck.DRAW_5H.tasks[1]", "unknown task 'hazzard'", exact_entry=True),
    Case("objective-unknown-immediate",
         [("objectives.toml", '[deck.DRAW_5H]\ncount = 1\nimmediate = "draw"', '[deck.DRAW_5H]\ncount = 1\nimmediate = "drwa"')],
         "objectives.toml", "deck.DRAW_5H.immediate", "unknown immediate action 'drwa'", exact_entry=True),
    Case("objective-positive-penalty",
         [("objectives.toml", "tasks = [\"new_york_disc\"]\nvp = 5\npenalty = -3", "tasks = [\"new_york_disc\"]\nvp = 5\npenalty = 3")],
         "objectives.toml", "deck.AUX_NY.penalty", "must be <= 0", exact_entry=True),
    Case("task-option-unknown",
         [("objectives.toml", 'same_as_option = "green_teepee_task_as"', 'same_as_option = "green_teepee"')],
         "objectives.toml", "tasks.green_teepee_task.same_as_option", "unknown content option 'green_teepee'"),
    Case("content-option-bad-value",
         [("meta.toml", 'green_teepee_task_as = "orange_outlaw"', 'green_teepee_task_as = "blue_teepee"')],
         "meta.toml", "options.green_teepee_task_as", "unknown value 'blue_teepee'", exact_entry=True),
    Case("city-arrow-not-neighbours",
         [("cities.toml", 'between = ["chicago", "toledo"]', 'between = ["chicago", "pittsburgh"]')],
         "cities.toml", "arrows.chicago-toledo.between", "arrows join neighbouring cities", exact_entry=True),
    Case("city-arrow-unknown-city",
         [("cities.toml", 'between = ["chicago", "toledo"]', 'between = ["chicago", "detroit"]')],
         "cities.toml", "arrows.chicago-toledo.between", "expected two known city ids", exact_entry=True),
    Case("city-values-decreasing",
         [("cities.toml", "order = 6\nvalue = 12", "order = 6\nvalue = 9")],
         "cities.toml", "cities", "city values must not decrease", exact_entry=True),
    Case("far-city-not-repeatable",
         [("meta.toml", 'repeatable_far_city = "new_york"', 'repeatable_far_city = "san_francisco"')],
         "meta.toml", "meta.repeatable_far_city", "'san_francisco' is not a repeatable city", exact_entry=True),
    Case("wrong-component-count-market-cattle",
         [("cattle.toml", 'count = 7\nvp = { "1" = 7 }', 'count = 8\nvp = { "1" = 8 }')],
         "cattle.toml", None, "37 market cattle cards, the Second Edition box has 36"),
    Case("breed-vp-table-disagrees-with-count",
         [("cattle.toml", 'count = 7\nvp = { "1" = 7 }', 'count = 8\nvp = { "1" = 7 }')],
         "cattle.toml", "breeds.black_angus.vp", "vp table lists 7 cards but the breed has 8", exact_entry=True),
    Case("wrong-component-count-workers",
         [("kc_supply.toml", "[workers]\ncowboy = 18", "[workers]\ncowboy = 19"),
          ("kc_supply.toml", "workers = { cowboy = 11,", "workers = { cowboy = 12,")],
         "kc_supply.toml", None, "55 worker tiles, the Second Edition box has 54"),
    Case("wrong-component-count-station-masters",
         [("setup.toml", "station_masters_in_box = 9", "station_masters_in_box = 8"),
          ("station_masters.toml", '[station_masters.SM9]\nimmediate = [{ op = "gain_money", amount = 12 }]\norigin = "1E promo"\nconf = "H"', "")],
         "station_masters.toml", None, "8 station-master tiles, the Second Edition box has 9"),
    Case("bag-totals-inconsistent",
         [("kc_supply.toml", "workers = { cowboy = 11,", "workers = { cowboy = 12,")],
         "kc_supply.toml", "bags", "bags hold 19 cowboy tiles but [workers] says 18", exact_entry=True),
    Case("bag-outlaws-inconsistent",
         [("kc_supply.toml", "outlaws = { green = 2, orange = 3 }", "outlaws = { green = 2, orange = 2 }")],
         "kc_supply.toml", "bags", "bags hold 10 orange outlaws but outlaw_tiles.orange says 11", exact_entry=True),
    Case("bag-unknown-worker-kind",
         [("kc_supply.toml", "workers = { cowboy = 7, builder = 7, engineer = 7 }",
           "workers = { cowboy = 7, builder = 7, enginer = 7 }")],
         "kc_supply.toml", "bags.3.workers.enginer", "unknown worker kind 'enginer'", exact_entry=True),
    Case("job-market-row-costs-wrong-length",
         [("job_market.toml", "row_costs = [6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5, 4]", "row_costs = [6, 6, 7, 5, 7, 9, 6, 8, 10, 6, 5]")],
         "job_market.toml", "job_market.row_costs", "11 row costs for 12 rows", exact_entry=True),
    Case("job-market-columns-without-token-column",
         [("job_market.toml", '"2" = [3, 4]', '"2" = [2, 3]')],
         "job_market.toml", "job_market.columns_used", "columns for 2 players"),
    Case("setup-missing-player-count",
         [("setup.toml", '[setup.cattle_market_size]\n"2" = 7\n', "[setup.cattle_market_size]\n")],
         "setup.toml", "setup.cattle_market_size", "missing entry for 2 players", exact_entry=True),
    Case("stations-out-of-order",
         [("railroad.toml", "turnout_after = 13\n", "turnout_after = 6\n")],
         "railroad.toml", "stations", "in number order", exact_entry=True),
    Case("station-master-spaces-vs-setup",
         [("setup.toml", "station_masters_used = 5", "station_masters_used = 4")],
         "railroad.toml", "stations", "5 station-master spaces but setup uses 4 tiles", exact_entry=True),
    Case("card-group-unknown-breed",
         [("cattle.toml", 'value3_market = ["black_angus", "longhorn", "corriente"]',
           'value3_market = ["black_angus", "longhorn", "coriente"]')],
         "cattle.toml", "card_groups.value3_market", "unknown breed 'coriente'", exact_entry=True),
    Case("neutral-default-tile-unknown",
         [("trail.toml", 'default_tile = "G"', 'default_tile = "H"')],
         "trail.toml", "nodes.G.default_tile", "unknown neutral building 'H'", exact_entry=True),
    Case("worker-immediate-on-printed-space",
         [("player_board.toml", '"4" = [{ op = "remove_hazard", cost = 0 }]', '"1" = [{ op = "remove_hazard", cost = 0 }]')],
         "player_board.toml", "worker_rows.immediate.cowboy.1", "not the printed worker's space", exact_entry=True),
    Case("disc-count-vs-setup",
         [("player_board.toml", 'order = 8\ndiscs = 2', 'order = 8\ndiscs = 3')],
         "player_board.toml", "disc_spaces", "disc spaces hold 15 discs but setup.discs_per_player is 14"),
    Case("non-table-where-table-expected",
         [("station_masters.toml", 'scoring = { vp = 3, every = 2, per = "objective_cards_in_area" }', "scoring = 3")],
         "station_masters.toml", "station_masters.SM1.scoring", "expected a table, got an integer", exact_entry=True),
    Case("list-where-table-expected",
         [("cities.toml", '[cities.fulton]\norder = 1\nvalue = 1\ncorner = "white"\nconf = "M"\n', "")],
         "cities.toml", "cities.fulton", "expected a table, got a list", exact_entry=True,
         appends=[("cities.toml", "[cities]\nfulton = [1, 2]")]),
    Case("duplicate-section-across-files",
         [], "cities.toml", "workers", "section also defined in kc_supply.toml", exact_entry=True,
         appends=[("cities.toml", "[workers]\ncowboy = 18")]),
    Case("unknown-section",
         [], "scoring.toml", "bonus", "unknown section", exact_entry=True,
         appends=[("scoring.toml", "[bonus]\nvp = 1")]),
    Case("missing-section",
         [("kc_supply.toml", "[foresight]\n", "[foresite]\n")],
         "content", "foresight", "missing section", exact_entry=True),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_malformed_content(content_folder, case: Case):
    for file, old, new in case.edits:
        content_folder.edit(file, old, new)
    for file, text in case.appends:
        content_folder.append(file, text)
    expect_error(content_folder.load, case.file, case.entry, case.problem, case.exact_entry)


def test_cases_are_distinct():
    assert len(CASES) >= 20
    assert len({c.id for c in CASES}) == len(CASES)
    assert len({(c.file, c.entry, c.problem) for c in CASES}) == len(CASES)


def test_unknown_verb_message_is_exactly_the_documented_one(content_folder):
    content_folder.edit("buildings.toml", 'op = "move_engine", min = 1, per = "own_woods_buildings"',
                        'op = "mvoe_engine", min = 1, per = "own_woods_buildings"')
    with pytest.raises(ContentError) as info:
        content_folder.load()
    assert str(info.value) == "buildings.toml: private.7b.actions[0][0]: unknown verb 'mvoe_engine'"


def test_component_count_check_can_be_switched_off(content_folder):
    content_folder.edit("cattle.toml", 'count = 7\nvp = { "1" = 7 }', 'count = 8\nvp = { "1" = 8 }')
    expect_error(content_folder.load, "cattle.toml", None, "37 market cattle cards")
    content_folder.disable_count_check()
    c = content_folder.load()
    assert c.breeds["black_angus"].count == 8
    assert sum(b.count for b in c.breeds.values() if b.source == "market") == 37


def test_missing_file(content_folder):
    (content_folder.path / "scoring.toml").unlink()
    e = expect_error(content_folder.load, "scoring.toml", None, "file missing from content folder")
    assert str(content_folder.path) in e.problem


def test_missing_folder(tmp_path):
    expect_error(lambda: load_content(tmp_path / "nope"), str(tmp_path / "nope"), None, "content folder not found")


def test_not_utf8(content_folder):
    content_folder.file("trail.toml").write_bytes(b'# caf\xe9\n' + content_folder.file("trail.toml").read_bytes())
    expect_error(content_folder.load, "trail.toml", None, "not UTF-8")


def test_private_building_missing_b_side(content_folder):
    content_folder.remove_table("buildings.toml", "private.12b")
    expect_error(content_folder.load, "buildings.toml", "private", "building 12 has no side 'b'", exact_entry=True)


def test_private_building_numbers_with_gap(content_folder):
    content_folder.edit("buildings.toml", "[private.12a]", "[private.13a]")
    content_folder.edit("buildings.toml", "[private.12b]", "[private.13b]")
    expect_error(content_folder.load, "buildings.toml", "private", "numbered 1..n", exact_entry=True)


def test_step_limit_missing_player_count(content_folder):
    content_folder.remove_table("player_board.toml", 'step_limit."3"')
    expect_error(content_folder.load, "player_board.toml", "step_limit", "missing entry for 3 players",
                 exact_entry=True)


def test_missing_meta_section(content_folder):
    content_folder.edit("meta.toml", "[meta]\n", "[metadata]\n")
    expect_error(content_folder.load, "meta.toml", "meta", "missing section", exact_entry=True)


# --------------------------------------------------------------------------- bugs found


def test_list_as_card_is_a_content_error(content_folder):
    content_folder.edit("buildings.toml", '[{ op = "discard", card = "galloway" }, { op = "gain_money", amount = 2 }]',
                        '[{ op = "discard", card = ["galloway"] }, { op = "gain_money", amount = 2 }]')
    expect_error(content_folder.load, "buildings.toml", "neutral.A.actions[0][0].card", "unknown card")


def test_list_as_op_is_a_content_error(content_folder):
    content_folder.edit("buildings.toml", '[{ op = "upgrade_station_behind" }]', '[{ op = ["upgrade_station_behind"] }]')
    expect_error(content_folder.load, "buildings.toml", "private.9b.actions[0][0]", "unknown verb")


def test_key_with_newline_gives_one_line_message(content_folder):
    content_folder.edit("cities.toml", 'end_vp = 6\nconf = "M"\nconf_end_vp', 'end_vp = 6\n"end\\nvp" = 6\nconf = "M"\nconf_end_vp')
    with pytest.raises(ContentError) as info:
        content_folder.load()
    assert "unknown field" in info.value.problem
    assert "\n" not in str(info.value)


def test_duplicate_default_tile_rejected(content_folder):
    content_folder.edit("trail.toml", 'default_tile = "G"', 'default_tile = "F"')
    expect_error(content_folder.load, "trail.toml", "default_tile", "")


# --------------------------------------------------------------------------- patches


PATCH_CASES = [
    ("syntax-error", "[stations.3\ncost = 5", "patch", None, "not valid TOML"),
    ("missing-component", "[private.13a]\nvp = 1", "patch", "private.13a", "no such component in buildings.toml"),
    ("missing-section", "[bonus]\nvp = 1", "patch", "bonus", "no such component"),
    ("missing-city", "[cities.detroit]\nvalue = 11", "patch", "cities.detroit", "no such component in cities.toml"),
    ("set-missing-path", 'set = { "private.10b.actoins[0][0].amount" = 3 }', "patch",
     "private.10b.actoins[0][0].amount", "no such component or field 'private.10b.actoins'"),
    ("set-missing-component", 'set = { "private.13a.vp" = 3 }', "patch", "private.13a.vp",
     "no such component or field 'private.13a'"),
    ("set-new-component", 'set = { "cities.detroit" = { order = 10 } }', "patch", "cities.detroit",
     "no such component"),
    ("set-index-out-of-range-inner", 'set = { "private.10b.actions[5][0].amount" = 3 }', "patch",
     "private.10b.actions[5][0].amount", "no such component or field 'private.10b.actions.5'"),
    ("set-index-out-of-range-last", 'set = { "private.10b.actions[0][1]" = { op = "gain_money", amount = 1 } }',
     "patch", "private.10b.actions[0][1]", "index out of range"),
    ("set-malformed-path", 'set = { "private..10b" = 3 }', "patch", "private..10b", "malformed path"),
    ("set-negative-index", 'set = { "private.10b.actions[-1]" = 3 }', "patch", "private.10b.actions[-1]",
     "malformed path"),
    ("set-index-on-table", 'set = { "private[0]" = 3 }', "patch", "private[0]", "cannot index a table by number"),
    ("set-through-scalar", 'set = { "meta.name.first" = "x" }', "patch", "meta.name.first",
     "not a table or list"),
    ("set-not-a-table", "set = 5", "patch", "set", "expected a table of path = value"),
    ("makes-verb-unknown", 'set = { "private.7b.actions[0][0].op" = "mvoe_engine" }', "buildings.toml",
     "private.7b.actions[0][0]", "unknown verb 'mvoe_engine'"),
    ("makes-amount-negative", 'set = { "private.10b.actions[0][0].amount" = -3 }', "buildings.toml",
     "private.10b.actions[0][0].amount", "must be >= 0"),
    ("adds-unknown-field", "[cities.chicago]\nvlaue = 3", "cities.toml", "cities.chicago.vlaue",
     "unknown field 'vlaue'"),
    ("breaks-component-count", '[breeds.black_angus]\ncount = 8\nvp = { "1" = 8 }', "cattle.toml", None,
     "37 market cattle cards"),
    ("replaces-section-by-scalar", 'set = { "meta" = 5 }', "meta.toml", "meta", "expected a table, got an integer"),
    ("option-bad-value", '[options]\nturnout_counts_as_next_space = "yes"', "meta.toml",
     "options.turnout_counts_as_next_space", "expected true or false"),
]


@pytest.mark.parametrize("patch,file,entry,problem", [c[1:] for c in PATCH_CASES], ids=[c[0] for c in PATCH_CASES])
def test_malformed_patch(patch, file, entry, problem):
    expect_error(lambda: load_content(patches=[patch]), file, entry, problem)


def test_patch_not_a_table():
    expect_error(lambda: load_content(patches=[5]), "patch", None, "a patch must be a table")


def test_patch_as_mapping_and_does_not_mutate_it(builtin_content):
    patch = {"stations": {"3": {"cost": 5}}, "set": {"private.10b.actions[0][0].amount": 3}}
    before = repr(patch)
    c = load_content(patches=[patch])
    assert c.railroad.stations[2].cost == 5
    assert c.private_buildings["10b"].actions[0][0].get("amount") == 3
    assert repr(patch) == before
    # patches do not leak into later loads
    assert load_content().railroad.stations[2].cost == 4 == builtin_content.railroad.stations[2].cost


def test_patch_applied_to_a_copy_folder(content_folder):
    c = content_folder.load(patches=["[stations.3]\ncost = 5"])
    assert c.railroad.stations[2].cost == 5
    content_folder.edit("railroad.toml", "turnout_after = 10\ncost = 4", "turnout_after = 10\ncost = 6")
    assert content_folder.load().railroad.stations[2].cost == 6
    expect_error(lambda: content_folder.load(patches=["[private.13a]\nvp = 1"]), "patch", "private.13a",
                 "no such component")


def test_apply_patch_directly():
    raw, origin, _ = read_raw()
    apply_patch(raw, 'set = { "stations.4.vp" = 7 }\n[stations.3]\ncost = 5', origin)
    assert raw["stations"]["3"]["cost"] == 5
    assert raw["stations"]["4"]["vp"] == 7
    expect_error(lambda: apply_patch(raw, "[private.13a]\nvp = 1", origin), "patch", "private.13a",
                 "no such component")


def test_bad_patch_through_a_variant():
    expect_error(lambda: compile_tables(None, Variant(patches=["[private.13a]\nvp = 1"])), "patch", "private.13a",
                 "no such component")
    expect_error(lambda: compile_tables(None, Variant(patches=['set = { "private.7b.actions[0][0].op" = "x" }'])),
                 "buildings.toml", "private.7b.actions[0][0]", "unknown verb 'x'")


def test_patch_can_switch_off_component_counts():
    """A what-if with other box counts must be possible from a patch (the count error recommends it)."""
    patch = '[breeds.black_angus]\ncount = 8\nvp = { "1" = 8 }'
    expect_error(lambda: load_content(patches=[patch]), "cattle.toml", None,
                 "set meta.check_component_counts = false to allow")
    c = load_content(patches=["[meta]\ncheck_component_counts = false", patch])
    assert c.breeds["black_angus"].count == 8


# --------------------------------------------------------------------------- editions

# Cases on a copy of the First Edition folder (`edition = "1e"`) or of the Second Edition one ("2e"):
# verbs an edition forbids, counters of components a content set does not have, teepee spaces and
# tiles, the First Edition box, options that only some content needs.
EDITION_CASES = [
    Case("1e-exchange-token-verb",
         [("buildings.toml", '[{ op = "gain_money", amount = 4 }],\n  [{ op = "move_engine", min = 1, max = 4 }]',
           '[{ op = "exchange_token", count = 1 }],\n  [{ op = "move_engine", min = 1, max = 4 }]')],
         "buildings.toml", "private.10b.actions[0][0]",
         "verb 'exchange_token' does not exist in this content's edition (meta.forbidden_verbs)", exact_entry=True),
    Case("1e-bounty-verb",
         [("buildings.toml", '[[{ op = "trade_with_indians" }], [{ op = "pay_money", amount = 2 }',
           '[[{ op = "bounty" }], [{ op = "pay_money", amount = 2 }')],
         "buildings.toml", "neutral.D.actions[0][0].options[0][0]", "verb 'bounty' does not exist", exact_entry=True),
    Case("1e-outlaw-space",
         [("trail.toml", '[nodes.TEEPEE-1]\nkind = "teepee"', '[nodes.TEEPEE-1]\nkind = "outlaw"')],
         "trail.toml", "nodes.TEEPEE-1.kind", "outlaw spaces need the verb 'bounty'", exact_entry=True),
    Case("1e-unknown-forbidden-verb",
         [("meta.toml", 'forbidden_verbs = ["bounty", "exchange_token"]', 'forbidden_verbs = ["bounty", "exchange_tokens"]')],
         "meta.toml", "meta.forbidden_verbs[1]", "unknown verb 'exchange_tokens'", exact_entry=True),
    Case("1e-outlaw-counter-in-task",
         [("objectives.toml", 'counts = "blue_teepees_held"', 'counts = "orange_outlaws_held"')],
         "objectives.toml", "tasks.blue_teepee.counts",
         "counter 'orange_outlaws_held' counts outlaw tiles of colour 'orange', which this content does not have",
         exact_entry=True),
    Case("1e-2e-breed-counter-in-task",
         [("objectives.toml", 'counts = "deck_west_highland"', 'counts = "deck_shorthorn"')],
         "objectives.toml", "tasks.west_highland.counts", "counts card group 'shorthorn'", exact_entry=True),
    Case("1e-2e-city-counter-in-task",
         [("objectives.toml", 'counts = "san_francisco_discs"', 'counts = "new_york_discs"')],
         "objectives.toml", "tasks.san_francisco_disc.counts", "counts city 'new_york'", exact_entry=True),
    Case("1e-outlaw-pairs-in-station-master",
         [("station_masters.toml", 'per = "teepee_pairs"', 'per = "outlaw_pairs"')],
         "station_masters.toml", "station_masters.SM3.scoring.per", "counter 'outlaw_pairs' counts outlaw tiles",
         exact_entry=True),
    Case("1e-outlaw-pairs-in-step",
         [("buildings.toml", '{ op = "money_per", per = "teepee_pairs", amount = 2 }',
           '{ op = "money_per", per = "outlaw_pairs", amount = 2 }')],
         "buildings.toml", "private.7a.actions[0][0].per", "counter 'outlaw_pairs' counts outlaw tiles of colour 'green'",
         exact_entry=True),
    Case("1e-teepee-value-zero",
         [("trail.toml", 'kind = "teepee"\nvalue = 1\n', 'kind = "teepee"\nvalue = 0\n')],
         "trail.toml", "nodes.TEEPEE-1.value", "a teepee space shows a non-zero value", exact_entry=True),
    Case("1e-teepee-values-repeat",
         [("trail.toml", 'kind = "teepee"\nvalue = 2\n', 'kind = "teepee"\nvalue = 1\n')],
         "trail.toml", "nodes", "show the same value 1", exact_entry=True),
    Case("1e-off-trail-teepee-with-edge",
         [("trail.toml", 'value = -2\nconf_value = "H"\non_trail = false\nnext = []',
           'value = -2\nconf_value = "H"\non_trail = false\nnext = ["TEEPEE-1"]')],
         "trail.toml", "nodes.TEEPEE--2.next", "an off-trail teepee space has no edges", exact_entry=True),
    Case("1e-outlaw-and-teepee-tiles",
         [], "kc_supply.toml", None, "needs either [outlaw_tiles] or [teepee_tiles]",
         appends=[("kc_supply.toml", '[outlaw_tiles.orange]\ncount = 11\nhand = "black"')]),
    Case("1e-outlaw-tiles-for-teepee-spaces",
         [("kc_supply.toml", "[teepee_tiles.blue]", "[outlaw_tiles.blue]"),
          ("kc_supply.toml", "[teepee_tiles.green]", "[outlaw_tiles.green]"),
          ("kc_supply.toml", "teepees = { green = 9, blue = 8 }", "outlaws = { green = 9, blue = 8 }"),
          ("kc_supply.toml", "teepees = { green = 2, blue = 3 }", "outlaws = { green = 2, blue = 3 }")],
         "trail.toml", "nodes", "kc_supply.toml has [outlaw_tiles] but the trail has no outlaw spaces",
         exact_entry=True),
    Case("1e-teepee-bag-count",
         [("kc_supply.toml", "teepees = { green = 9, blue = 8 }", "teepees = { green = 8, blue = 8 }")],
         "kc_supply.toml", "bags", "bags hold 10 green teepees but teepee_tiles.green says 11", exact_entry=True),
    Case("1e-box-count",
         [("cattle.toml", 'count = 7\nvp = { "1" = 7 }', 'count = 8\nvp = { "1" = 8 }')],
         "cattle.toml", None, "37 market cattle cards, the First Edition box has 36"),
    Case("1e-private-tiles-per-player",
         [("setup.toml", "private_tiles_per_player = 10", "private_tiles_per_player = 12")],
         "setup.toml", "setup.private_tiles_per_player",
         "12 tiles per player but buildings.toml has 10 private building numbers", exact_entry=True),
    Case("1e-starting-exchange-token",
         [("setup.toml", "starting_exchange_tokens = 0", "starting_exchange_tokens = 1")],
         "setup.toml", "setup.starting_exchange_tokens", "exchange tokens do not exist in this content's edition",
         exact_entry=True),
]

EDITION_CASES_2E = [
    Case("2e-trade-with-indians-verb",
         [("buildings.toml", '[[{ op = "bounty" }], [{ op = "pay_money", amount = 2 }',
           '[[{ op = "trade_with_indians" }], [{ op = "pay_money", amount = 2 }')],
         "buildings.toml", "neutral.D.actions[0][0].options[0][0]", "verb 'trade_with_indians' does not exist",
         exact_entry=True),
    Case("2e-teepee-space",
         [("trail.toml", '[nodes.OUTLAW-4]\nkind = "outlaw"', '[nodes.OUTLAW-4]\nkind = "teepee"')],
         "trail.toml", "nodes.OUTLAW-4.kind", "teepee spaces need the verb 'trade_with_indians'", exact_entry=True),
    Case("2e-simmental-option-missing",
         [("meta.toml", "simmental_pair_counts_as_same_breed = true\n", "")],
         "meta.toml", "options.simmental_pair_counts_as_same_breed", "missing (the content has Simmental cards)",
         exact_entry=True),
    Case("2e-simmental-market-size-missing",
         [("setup.toml", '[setup.cattle_market_size_simmental]\n"2" = 9\n"3" = 12\n"4" = 15\n', "")],
         "setup.toml", "setup.cattle_market_size_simmental", "missing (the content has Simmental cards)",
         exact_entry=True),
    Case("2e-green-teepee-option-missing",
         [("meta.toml", 'green_teepee_task_as = "orange_outlaw"        # or "green_outlaw" (BoardGameFiesta\'s choice)\n',
           "")],
         "objectives.toml", "tasks.green_teepee_task.same_as_option", "unknown content option 'green_teepee_task_as'",
         exact_entry=True),
    Case("2e-teepee-counter",
         [("station_masters.toml", 'per = "outlaw_pairs"', 'per = "teepee_pairs"')],
         "station_masters.toml", "station_masters.SM3.scoring.per", "counts teepee tiles of colour 'blue'",
         exact_entry=True),
    Case("2e-unknown-edition",
         [("meta.toml", "edition = 2\n", "edition = 3\n")],
         "meta.toml", "meta.edition", "no box is known for edition 3", exact_entry=True),
]


@pytest.mark.parametrize("case", EDITION_CASES, ids=[c.id for c in EDITION_CASES])
def test_malformed_first_edition_content(content_folder_1e, case: Case):
    for file, old, new in case.edits:
        content_folder_1e.edit(file, old, new)
    for file, text in case.appends:
        content_folder_1e.append(file, text)
    expect_error(content_folder_1e.load, case.file, case.entry, case.problem, case.exact_entry)


@pytest.mark.parametrize("case", EDITION_CASES_2E, ids=[c.id for c in EDITION_CASES_2E])
def test_malformed_content_across_editions(content_folder, case: Case):
    # The built-in Second Edition set declares no forbidden verbs (adding the line would change its
    # content hash, which replays and datasets are keyed by); the copy declares what 2E lacks.
    content_folder.edit("meta.toml", "[meta]\n", '[meta]\nforbidden_verbs = ["trade_with_indians"]\n')
    for file, old, new in case.edits:
        content_folder.edit(file, old, new)
    expect_error(content_folder.load, case.file, case.entry, case.problem, case.exact_entry)


def test_edition_cases_are_distinct():
    cases = EDITION_CASES + EDITION_CASES_2E
    assert len({c.id for c in cases}) == len(cases)
    assert len({(c.file, c.entry, c.problem) for c in cases}) == len(cases)


def test_edition_without_forbidden_verbs_accepts_every_verb(content_folder_1e):
    """`forbidden_verbs` is the content's own declaration: without it the loader checks no edition."""
    content_folder_1e.edit("meta.toml", 'forbidden_verbs = ["bounty", "exchange_token"]\n', "")
    content_folder_1e.edit("buildings.toml", '[[{ op = "trade_with_indians" }], [{ op = "pay_money", amount = 2 }',
                           '[[{ op = "bounty" }], [{ op = "pay_money", amount = 2 }')
    c = content_folder_1e.load()
    assert c.forbidden_verbs == () and "bounty" in c.uses
