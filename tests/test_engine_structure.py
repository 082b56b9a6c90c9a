"""The engine's structure: named decision frames, the module graph, the schema of what leaves a game
(record filled in C, columns generated from the content's names), the variant draw in C, the
scenario hooks' subclass, and accumulators."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import gwt_sim.engine
from gwt_sim import errors, schema
from gwt_sim.engine import rng
from gwt_sim.engine.game import (
    FRAME_NAMES,
    SETUP_ERRORS,
    STAGES,
    A,
    F,
    GameState,
    RulesHandle,
    draw_game_variant,
)
from gwt_sim.engine.play import play_game, record
from gwt_sim.engine.policy import RandomPolicy
from gwt_sim.engine.scenario import ScenarioState
from gwt_sim.game import rules_for
from gwt_sim.tables import NO, SIDE_RANDOM, compile_tables
from gwt_sim.variant import Variant
from strategies.registry import make_policy

ENGINE = Path(gwt_sim.engine.__file__).parent
RANDOM = dict(sides="random", neutral_layout="random", station_masters="random")


# --------------------------------------------------------------------------- module graph


def _cimports(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    return set(re.findall(r"^from gwt_sim\.engine\.(\w+) cimport", text, re.MULTILINE))


def test_engine_modules_form_an_acyclic_cimport_graph():
    graph: dict[str, set[str]] = {}
    for f in [*ENGINE.glob("*.pyx"), *ENGINE.glob("*.pxd")]:
        graph.setdefault(f.stem, set()).update(_cimports(f) - {f.stem})
    order: list[str] = []
    state: dict[str, int] = {}

    def visit(m: str, path: tuple[str, ...]) -> None:
        if state.get(m) == 2:
            return
        assert state.get(m) != 1, f"cimport cycle: {' -> '.join((*path, m))}"
        state[m] = 1
        for d in sorted(graph.get(m, ())):
            visit(d, (*path, m))
        state[m] = 2
        order.append(m)

    for m in sorted(graph):
        visit(m, ())
    # the rules modules sit below the Python API, the debug and scenario hooks above it
    assert "game" not in graph["turn"] | graph["verbs"] | graph["railroad"] | graph["kansas_city"]
    assert "debug" not in graph["game"] and "scenario" not in graph["game"]
    assert not list(ENGINE.glob("*.pxi")), "no textual includes: every engine module is cimportable"


# Leaf modules the engine may use: they import nothing (gwt_sim.errors: only `from __future__`).
ENGINE_MAY_IMPORT = {"gwt_sim.schema": schema, "gwt_sim.errors": errors}


def test_the_engine_imports_nothing_above_it():
    """Engine sources import only the engine itself and the leaf modules gwt_sim.schema (what leaves a
    game) and gwt_sim.errors (the one user-error class and format), which import nothing."""
    for f in [*ENGINE.glob("*.pyx"), *ENGINE.glob("*.pxd"), *ENGINE.glob("*.py")]:
        for mod in re.findall(r"^\s*(?:from|import) (gwt_sim[\w.]*)", f.read_text(encoding="utf-8"), re.MULTILINE):
            assert mod.startswith("gwt_sim.engine") or mod in ENGINE_MAY_IMPORT, f"{f.name} imports {mod}"
    for name, module in ENGINE_MAY_IMPORT.items():
        imports = re.findall(r"^\s*(?:from|import) ([\w.]+)", Path(module.__file__).read_text(encoding="utf-8"),
                             re.MULTILINE)
        assert set(imports) <= {"__future__"}, f"{name} must import nothing, imports {imports}"


def test_a_game_loads_neither_the_debug_nor_the_scenario_module():
    code = ("import sys; from gwt_sim.game import rules_for, play; from gwt_sim.engine.policy import RandomPolicy;"
            "h = rules_for(); play(h, [RandomPolicy() for _ in range(4)], 3);"
            "print(sorted(m for m in sys.modules if m in ('gwt_sim.engine.debug', 'gwt_sim.engine.scenario')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# --------------------------------------------------------------------------- named frames


def _frames_of_random_games(players: int, seeds: range) -> dict[int, dict]:
    seen: dict[int, dict] = {}
    handle = rules_for(Variant(players=players, simmental=True, **RANDOM))
    for seed in seeds:
        s = GameState(handle, seed)
        pol = RandomPolicy()
        pol.reset(seed, 0)
        while not s.is_terminal():
            kind, args = s.frame()
            seen.setdefault(kind, args)
            s.apply_action(pol.choose(s, s.legal_actions()))
    return seen


def test_frames_name_their_arguments():
    seen = _frames_of_random_games(3, range(40))
    names = {FRAME_NAMES[k]: set(args) for k, args in seen.items()}
    assert names["phase A"] == {"moved", "limit", "charge_fees", "may_enter_kc", "purpose"}
    assert names["phase B"] == {"node", "building", "full_use", "aux_used", "local_used"}
    assert names["delivery city"] == {"mode", "value"}
    assert names["foresight"] == {"column"}
    assert names["before phase A"] == set()
    for kind, args in seen.items():
        assert all(isinstance(v, int) for v in args.values()), FRAME_NAMES[kind]


def test_named_stages_and_modes_are_exported():
    assert STAGES["TURN_START"] == 0 and STAGES["KC_INCOME"] == 3
    assert len(set(STAGES.values())) < len(STAGES)           # separate enums may share values
    assert SETUP_ERRORS and all(isinstance(m, str) for m in SETUP_ERRORS.values())


def test_push_takes_named_arguments_and_rejects_unknown_ones():
    s = ScenarioState(rules_for(Variant(players=2)), seed=1, debug=False)
    with pytest.raises(KeyError, match="no argument x0"):
        s._push(F["AUX_CHOOSE"], x0=1)
    assert s.decision_name() == "first-turn placement"       # the bad frame was not left behind
    s._poke_player(0, discs=[0] * 10)                        # every auxiliary action unlocked
    s._push(F["AUX_CHOOSE"], allow_double=1)
    assert s.decision_name() == "auxiliary action"
    assert s.frame()[1] == {"allow_double": 1}
    assert any((a - A["AUX"]) % 2 == 1 for a in s.legal_actions() if A["AUX"] <= a < A["CARD"])


def test_clones_of_a_scenario_state_keep_the_hooks():
    s = ScenarioState(rules_for(Variant(players=2)), seed=4)
    c = s.clone()
    assert type(c) is ScenarioState and c == s
    c._poke_player(0, money=30)
    assert c.player(0)["money"] == 30 and s.player(0)["money"] != 30
    assert type(GameState(rules_for(Variant(players=2)), seed=4).clone()) is GameState


# --------------------------------------------------------------------------- the variant draw


def _reference_draw(tables, seed: int):
    """The Python draw the engine used before it drew in C (the same streams and algorithms)."""
    base = rng.derive_seed(seed, rng.STREAM_VARIANT)
    r_sides, r_layout, r_masters = (rng.Rng.stream(base, k) for k in range(3))
    sides = tuple(int(r_sides.below(2)) if m == SIDE_RANDOM else int(m) for m in tables.variant_sides.tolist())
    layout = tables.variant_layout.tolist()
    if layout[0] == NO:
        layout = list(range(tables.n_neutral))
        r_layout.shuffle(layout)
    masters = tables.variant_station_masters.tolist()
    if masters[0] == NO:
        pool = list(range(len(tables.names["station_master"])))
        r_masters.shuffle(pool)
        masters = pool[: len(masters)]
    return sides, tuple(layout), tuple(masters)


@pytest.mark.parametrize("knobs", [RANDOM, dict(sides="abbaabbaabab"), dict(neutral_layout="random"),
                                   dict(station_masters="random", sides="b"), {}])
def test_the_engine_draws_the_variant_as_the_python_reference(knobs):
    tables = compile_tables(variant=Variant(**knobs))
    handle = RulesHandle(tables)
    for seed in [*range(300), 2**64 - 1, 12345678901234567]:
        drawn = draw_game_variant(handle, seed)
        assert tuple(drawn) == _reference_draw(tables, seed)
    s = GameState(handle, 77)
    b = s.board()
    drawn = s.variant_drawn
    assert b["sides"] == drawn.sides_string()
    assert b["layout"] == list(drawn.layout[: len(b["layout"])])
    assert b["station_masters_drawn"] == list(drawn.station_masters)


# --------------------------------------------------------------------------- schema and record


def test_schema_agrees_with_the_engine_and_the_content(builtin_content):
    for name in ("STREAM_SETUP", "STREAM_MARKET", "STREAM_OBJECTIVES", "STREAM_BAGS", "STREAM_VARIANT",
                 "STREAM_SAM_DECK", "STREAM_PLAYER_DECK", "STREAM_POLICY"):
        assert getattr(schema, name) == getattr(rng, name), name
    assert set(rng.STREAM_IDS) == {n for n in dir(schema) if n.startswith("STREAM_")} - {"STREAM_SEATING"}
    engine_streams = {schema.STREAM_SETUP, schema.STREAM_MARKET, schema.STREAM_OBJECTIVES, schema.STREAM_BAGS,
                      schema.STREAM_VARIANT, schema.STREAM_SAM_DECK, *(schema.STREAM_PLAYER_DECK + s for s in range(4)),
                      *(schema.STREAM_POLICY + s for s in range(4))}
    assert schema.STREAM_SEATING not in engine_streams
    assert len(engine_streams) == 14                  # all different
    assert tuple(builtin_content.scoring_categories) == schema.SCORE_CATEGORIES
    s = GameState(rules_for(Variant(players=2)), 1)
    assert [k for k in s.scores()[0] if k != "total"] == list(schema.SCORE_CATEGORIES)


def _python_record(state: GameState) -> tuple[list[int], list[list[int]]]:
    """The record from the state's Python view (what play.pyx computed in Python before)."""
    names = state.handle.names
    n = state.num_players
    rows = []
    scores = state.scores()
    for seat in range(n):
        info = state.player(seat)
        st = info["stats"]
        row = [seat, scores[seat]["total"], *[scores[seat][c] for c in schema.SCORE_CATEGORIES], info["money"],
               st["turns"], st["kc_visits"], st["deliveries"], st["delivery_value"], st["workers_hired"],
               *info["workers"], st["buildings_built"], st["buildings_replaced"], st["station_masters_taken"],
               st["stations_upgraded"], st["hazards_removed"], st["bounties"], st["cards_bought"], st["fees_paid"],
               st["fees_received"], st["objectives_gained"], st["income_total"], info["certificates"],
               info["permanent_certificates"], info["engine"],
               info["hand_size"] + info["draw_size"] + len(info["discard"]), info["job_token"],
               info["hand_limit"], info["step_limit"], info["certificate_limit"]]
        row += [int(t != 0) for t in info["tiles"]]
        row += [int(i in info["station_masters"]) for i in range(len(names["station_master"]))]
        row += info["station_master_points"]
        row += info["cities"]
        rows.append(row)
    b = state.board()
    game = [n, state.turn_number, state.decisions, b["end_player"], *(ord(c) - ord("a") for c in b["sides"]),
            *b["layout"], *b["station_masters_drawn"], sum(b["bag_sizes"]), b["market_deck_size"]]
    return game, rows


@pytest.mark.parametrize(("players", "strategy"), [(2, "random"), (3, "random"), (4, "random"), (4, "heuristic")])
def test_the_c_record_equals_the_python_view(players, strategy):
    handle = rules_for(Variant(players=players, simmental=players == 3, **RANDOM))
    for seed in range(25 if strategy == "random" else 4):
        pols = [make_policy(strategy) for _ in range(players)]
        for seat, p in enumerate(pols):
            p.reset(seed, seat)
        s = GameState(handle, seed)
        while not s.is_terminal():
            s.apply_action(pols[s.current_player()].choose(s, s.legal_actions()))
        game, rows = record(s)
        ref_game, ref_rows = _python_record(s)
        assert game.tolist() == ref_game
        assert rows.tolist() == ref_rows
        assert len(handle.game_fields) == len(ref_game) and len(handle.player_fields) == len(ref_rows[0])


def test_component_columns_come_from_the_content_names(content_folder):
    content_folder.edit("station_masters.toml", "[station_masters.SM9]", "[station_masters.TYCOON]")
    content_folder.edit("cities.toml", "[cities.philadelphia]", "[cities.boston]")
    content_folder.edit("cities.toml", "[arrows.pittsburgh-philadelphia]", "[arrows.pittsburgh-boston]")
    content_folder.edit("cities.toml", 'between = ["pittsburgh", "philadelphia"]', 'between = ["pittsburgh", "boston"]')
    handle = RulesHandle(compile_tables(content_folder.load(), Variant(players=2)))
    cols = handle.player_fields
    assert "station_master_taken_TYCOON" in cols and "station_master_points_TYCOON" in cols
    assert "deliveries_boston" in cols and "deliveries_philadelphia" not in cols
    assert not any(c.endswith("SM9") for c in cols)
    game, players = play_game(handle, [RandomPolicy(), RandomPolicy()], 3)
    assert players.shape == (2, len(cols)) and game.shape == (len(handle.game_fields),)


def test_record_columns_are_generated_from_name_lists():
    names = {"building_number": ("1", "2"), "neutral_space": ("A", "B", "C"), "station_master": ("X",),
             "city": ("here", "there")}
    game, player = schema.record_columns(names, 2)
    assert game == ("players", "turns", "decisions", "end_player", "side_1", "side_2", "neutral_space_1",
                    "neutral_space_2", "neutral_space_3", "station_master_1", "station_master_2",
                    "tiles_left_in_bags", "market_deck_left")
    assert player[-6:] == ("built_1", "built_2", "station_master_taken_X", "station_master_points_X",
                           "deliveries_here", "deliveries_there")


# --------------------------------------------------------------------------- accumulators


class Counting:
    """Counts decisions per seat and remembers the game's seed."""

    def before(self, state):
        self.seed = state.seed
        self.per_seat = [0] * state.num_players

    def step(self, state, action):
        assert action in state.legal_actions()
        self.per_seat[state.current_player()] += 1

    def after(self, state):
        return {"seed_low_bits": self.seed & 0xFFFF, "my_decisions": self.per_seat}


class OnlyAfter:
    def after(self, state):
        return {"n_turns": state.turn_number}


def test_accumulators_see_every_decision_and_change_nothing():
    handle = rules_for(Variant(players=3, **RANDOM))
    for seed in range(5):
        plain = play_game(handle, [RandomPolicy() for _ in range(3)], seed)
        game, players, extra = play_game(handle, [RandomPolicy() for _ in range(3)], seed,
                                         accumulators=[Counting(), OnlyAfter()])
        assert np.array_equal(game, plain[0]) and np.array_equal(players, plain[1])
        decisions = int(game[handle.game_fields.index("decisions")])
        assert sum(extra["my_decisions"]) == decisions
        assert extra["seed_low_bits"] == seed and extra["n_turns"] == game[handle.game_fields.index("turns")]
    assert len(play_game(handle, [RandomPolicy() for _ in range(3)], 1, accumulators=[])) == 3


# --------------------------------------------------------------------------- codes shared with Python


def _enum(prefix: str) -> dict[str, int]:
    """NAME -> value of the state.pxd enum constants starting with `prefix`."""
    text = (ENGINE / "state.pxd").read_text(encoding="utf-8")
    return {m[0]: int(m[1]) for m in re.findall(rf"^\s+({prefix}\w*) = (\d+)", text, re.MULTILINE)}


def test_op_codes_and_counters_agree_with_the_vocabulary():
    from gwt_sim import tables
    from gwt_sim.vocabulary import COUNTER_NEEDS, COUNTERS, OP_CODE

    ops = _enum("OP_")
    assert {name[3:].lower(): code for name, code in ops.items()} == OP_CODE
    assert _enum("N_OPS")["N_OPS"] == len(OP_CODE) and _enum("N_COUNTERS")["N_COUNTERS"] == len(COUNTERS)
    # the engine names the counters every content has; the others are compiled from COUNTER_NEEDS
    built_in = set(_enum("C_").values())
    assert built_in == {i for i, c in enumerate(COUNTERS) if c not in COUNTER_NEEDS}
    sources = _enum("COUNTS_")
    assert sources == {name: getattr(tables, name) for name in sources}
    assert (_enum("TILE_SECTION")["TILE_SECTION"], _enum("NK_SECTION")["NK_SECTION"]) == \
        (tables.TILE_SECTION, tables.NODE_KINDS.index("section"))


def test_both_editions_compile_every_counter_they_count():
    from gwt_sim.content import FIRST_EDITION_DIR, load_content
    from gwt_sim.tables import COUNTS_CITY, COUNTS_DECK, COUNTS_NOTHING, COUNTS_TILES
    from gwt_sim.vocabulary import COUNTER_CODE

    second = compile_tables(None, Variant())
    first = compile_tables(load_content(FIRST_EDITION_DIR), Variant())
    src2, src1 = second.counter_source.tolist(), first.counter_source.tolist()
    for name, want2, want1 in [("outlaw_pairs", COUNTS_TILES, COUNTS_NOTHING),
                               ("teepee_pairs", COUNTS_NOTHING, COUNTS_TILES),
                               ("deck_shorthorn", COUNTS_DECK, COUNTS_NOTHING),
                               ("deck_west_highland", COUNTS_NOTHING, COUNTS_DECK),
                               ("deck_value3_market", COUNTS_DECK, COUNTS_DECK),
                               ("new_york_discs", COUNTS_CITY, COUNTS_NOTHING),
                               ("san_francisco_discs", COUNTS_NOTHING, COUNTS_CITY)]:
        assert (src2[COUNTER_CODE[name]], src1[COUNTER_CODE[name]]) == (want2, want1), name
    blue, green = (first.names["section_colour"].index(c) for c in ("blue", "green"))
    assert first.counter_colours[COUNTER_CODE["teepee_pairs"]].tolist() == [blue, green]
    assert first.counter_colours[COUNTER_CODE["blue_teepees_held"]].tolist() == [blue, NO]
    assert first.counter_city[COUNTER_CODE["san_francisco_discs"]] == first.names["city"].index("san_francisco")
