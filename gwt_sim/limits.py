"""The engine's field widths: the one table of how narrowly the compiled engine stores each number
that comes from the user (content, patches, variants, replays), and the range check against it.

The engine keeps its rules tables (`Rules`) and game state (`Player`, `GameState`) in fixed-width C
integers (gwt_sim/engine/structs.pxd, game.pxd): ``i8`` (-128..127), ``i16`` (-32,768..32,767),
``i32``. A value that does not fit would overflow inside the engine, so every loader checks it here
first and fails with one line naming file, key, value and the allowed range, e.g.
``buildings.toml: private.10b.vp: value 40000 is out of range: the engine stores it in building_vp
(i8, -128..127)``.
`tests/test_limits.py` checks this table against the C declarations.

This module imports nothing from gwt-sim (every layer may use it).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class IntType:
    """A C integer type of the engine."""

    name: str
    lo: int
    hi: int

    def fits(self, value: int) -> bool:
        return self.lo <= value <= self.hi

    @property
    def range(self) -> str:
        return f"{self.lo:,}..{self.hi:,}"


I8 = IntType("i8", -(2**7), 2**7 - 1)
I16 = IntType("i16", -(2**15), 2**15 - 1)
I32 = IntType("i32", -(2**31), 2**31 - 1)
U64 = IntType("u64", 0, 2**64 - 1)

# Engine field -> its C type (as declared in gwt_sim/engine/*.pxd), for every field a value from
# content, a variant or a replay is stored in.
ENGINE_FIELDS: dict[str, IntType] = {
    # Rules: the compiled tables
    "step_arg": I16, "start_money": I16, "seat_vp": I8, "start_cards": I8, "players": I8,
    "first_turn_hand": I8, "start_tokens": I8, "start_objectives": I8, "setup_bag1_tiles": I8,
    "objective_display": I8, "n_sm": I8, "sm_used": I8, "market_target": I8, "initial_workers": I8,
    "hire_price_floor": I8, "breed_value": I8, "card_vp": I8, "buy_cowboys": I8, "buy_dollars": I8,
    "buy_cards": I8, "buy_reveal": I8, "disc_count": I8, "disc_grey": I8, "disc_clear_cost": I8,
    "disc_end_vp": I8, "hand_base": I8, "hand_per_disc": I8, "hand_max": I8, "step_base": I8,
    "step_left": I8, "step_right": I8, "cert_positions": I8, "worker_spaces": I8, "worker_space_vp": I8,
    "job_rows": I8, "job_columns": I8, "job_row_cost": I8, "job_token_start_row": I8,
    "job_token_end_vp": I8, "tile_vp": I8, "foresight_rows": I8, "foresight_bag": I8, "fee_green": I8,
    "fee_black": I8, "rail_end": I8, "rail_end_min_back": I8, "cross_cost": I8, "station_cost": I8,
    "station_vp": I8, "city_value": I8, "city_vp_per_disc": I8, "city_end_vp": I8, "arrow_end_vp": I8,
    "building_builders": I8, "building_vp": I8, "sm_vp": I8, "sm_every": I8, "obj_count": I8,
    "obj_vp": I8, "obj_penalty": I8, "money_per_vp": I8,
    "sam_seat": I8, "sam_bag_workers": I8, "sam_discs": I8, "sam_card_steps": I8, "sam_icon_min": I8,
    "sam_icon_max": I8, "sam_reveal_per_cowboy": I8,
    # Player: a seat's state (its starting money becomes `money`)
    "money": I16,
    # GameState: the legal actions of a decision (a replay's actions)
    "legal_buf": I16,
    # the game seed
    "seed": U64,
}

# Content field -> the engine field it is stored in. A content field is written "section.key":
# the section is the first name of the entry's path (``private`` for ``private.10b.vp``), the key
# the field's own name. None: read and checked by the content loader, but not stored as it is (an
# order, a count of components, an index already bounded by another field).
CONTENT_FIELDS: dict[str, str | None] = {
    "meta.edition": None,
    "options.hire_price_floor": "hire_price_floor",
    "setup.players": "players",
    "setup.starting_money_by_seat": "start_money",
    "setup.starting_cards_by_seat": "start_cards",
    "setup.first_turn_discard_down_to": "first_turn_hand",
    "setup.starting_exchange_tokens": "start_tokens",
    "setup.starting_objective_cards": "start_objectives",
    "setup.bag1_tiles_placed_at_setup": "setup_bag1_tiles",
    "setup.objective_display_size": "objective_display",
    "setup.station_masters_in_box": "n_sm",
    "setup.station_masters_used": "sm_used",
    "setup.private_tiles_per_player": None,
    "setup.discs_per_player": None,
    "setup.cattle_market_size": "market_target",
    "setup.cattle_market_size_simmental": "market_target",
    "setup.job_market_initial_workers": "initial_workers",
    "breeds.vp": "card_vp",                       # the VP keys of a breed's vp table
    "breeds.per_player": None,
    "breeds.count": None,
    "breeds.value": "breed_value",
    "breeds.stage": None,
    "buy_options.cowboys": "buy_cowboys",
    "buy_options.dollars": "buy_dollars",
    "buy_options.cards": "buy_cards",
    "buy_rules.unused_cowboy_reveals_market_cards": "buy_reveal",
    "disc_spaces.order": None,
    "disc_spaces.discs": "disc_count",
    "disc_spaces.grey_empty_spaces": "disc_grey",
    "disc_spaces.clear_cost": "disc_clear_cost",
    "disc_spaces.end_vp": "disc_end_vp",
    "aux_rules.available_when_cleared_discs_at_least": None,
    "aux_rules.double_when_cleared_discs": None,
    "hand_limit.base": "hand_base",
    "hand_limit.per_cleared_disc": "hand_per_disc",
    "hand_limit.max": "hand_max",
    "step_limit.base": "step_base",
    "step_limit.left_disc": "step_left",
    "step_limit.right_disc": "step_right",
    "certificate_track.positions": "cert_positions",
    "certificate_track.start": "cert_positions",
    "certificate_track.limit_base": "cert_positions",
    "certificate_track.limit_with_cert_limit_4": "cert_positions",
    "certificate_track.limit_with_cert_limit_4_and_6": "cert_positions",
    "worker_rows.spaces_per_row": "worker_spaces",
    "worker_rows.printed_worker_on_space": None,
    "worker_rows.vp_per_worker_on_space": "worker_space_vp",
    "job_market.rows": "job_rows",
    "job_market.columns": "job_columns",
    "job_market.row_costs": "job_row_cost",
    "job_market.token_start_row": "job_token_start_row",
    "job_market.token_column": None,
    "job_market.refill_cattle_market_when_token_enters_row": None,
    "job_market.token_end_vp": "job_token_end_vp",
    "workers.cowboy": None,
    "workers.builder": None,
    "workers.engineer": None,
    "hazard_tiles.vp": "tile_vp",
    "hazard_tiles.count": None,
    "outlaw_tiles.count": None,
    "teepee_tiles.count": None,                   # First Edition teepee tiles per colour (the bags hold them)
    "bags.*": None,                               # tiles per kind: the bag's size is checked
    "foresight.columns": None,
    "foresight.spaces_per_column": "foresight_rows",
    "foresight.bag_for_column": "foresight_bag",
    "nodes.index": None,
    "nodes.value": "step_arg",                    # a 1E teepee space's value: the amount of its trade
    "hand_fees.green": "fee_green",
    "hand_fees.black": "fee_black",
    "railroad.start_space": None,
    "railroad.numbered_spaces": "rail_end",
    "railroad.crosses_after": None,
    "railroad.transport_cost_per_cross": "cross_cost",
    "railroad.space": "rail_end",
    "railroad.must_move_back_min": "rail_end_min_back",
    "stations.turnout_after": None,
    "stations.on_space": None,
    "stations.cost": "station_cost",
    "stations.vp": "station_vp",
    "cities.order": None,
    "cities.value": "city_value",
    "cities.vp_per_disc": "city_vp_per_disc",
    "cities.end_vp": "city_end_vp",
    "arrows.end_vp": "arrow_end_vp",
    "building_rules.place_rate_neutral_b": None,
    "building_rules.place_rate_builder_row": None,
    "private.builders": "building_builders",
    "private.vp": "building_vp",
    "station_masters.vp": "sm_vp",
    "station_masters.every": "sm_every",
    "starting.count": "obj_count", "deck.count": "obj_count",
    "starting.vp": "obj_vp", "deck.vp": "obj_vp",
    "starting.penalty": "obj_penalty", "deck.penalty": "obj_penalty",
    "scoring.money_per_vp": "money_per_vp",
    "categories.n": None,
    # Sam (solo.toml). "solo.*" covers the keys of its tables keyed by names (cards, difficulties,
    # step icons); his verbs' parameters are step arguments like every verb's (sam_step_arg).
    "solo.*": None,
    "solo.board_players": None,                   # a player count of the content (the board's)
    "solo.engine_start": None,                    # must be 0
    "solo.sam_seat": "sam_seat",
    "solo.worker_bag": None,                      # a bag number of the content
    "solo.workers_from_bag": "sam_bag_workers",
    "solo.discs": "sam_discs",
    "solo.starting_objective_cards": None,        # at most the content's starting cards
    "solo.remove_cards": None,                    # card numbers, checked against his cards
    "solo.steps": "sam_card_steps",
    "solo.min": "sam_icon_min",
    "solo.max": "sam_icon_max",
    "solo.reveal_per_cowboy": "sam_reveal_per_cowboy",
    "solo.skip_steps": None,                      # only the income step may be skipped
}

# Every verb parameter of a step (an amount, a cost, a count...) is one of the step's arguments.
STEP_ARGUMENT = "step_arg"


def section_of(path: str) -> str:
    """The section of an entry path: ``private.10b.actions[0]`` -> ``private``."""
    return path.split(".", 1)[0].split("[", 1)[0]


def content_field(path: str, key: str) -> str | None:
    """The engine field a content value (entry `path`, field `key`) is stored in, or None.

    A field missing from `CONTENT_FIELDS` is a programming error (KeyError): the table must name
    every integer the content loader reads ("section.*" stands for every key of a section whose
    keys are names the content chooses)."""
    section = section_of(path)
    field = f"{section}.{key}"
    return CONTENT_FIELDS[field if field in CONTENT_FIELDS else f"{section}.*"]


def misfit(value: int, field: str | None) -> str | None:
    """Why `value` cannot be stored in engine field `field` (None when it fits or is not stored)."""
    if field is None:
        return None
    t = ENGINE_FIELDS[field]
    if t.fits(value):
        return None
    return f"value {value} is out of range: the engine stores it in {field} ({t.name}, {t.range})"
