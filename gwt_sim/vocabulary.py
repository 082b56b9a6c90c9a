"""The action vocabulary: every verb a content file may use, with its parameters.

The engine implements each verb once; content recombines them. The order of `VERBS` fixes the
numeric op codes that compiled tables use (append new verbs at the end to keep old codes stable);
the same holds for `COUNTERS`.

Editions differ only by the content they load: a content set names the verbs its edition does not
have (`forbidden_verbs` in meta.toml), and every counter says which component it counts
(`COUNTER_NEEDS`), so the loader can reject a First Edition set that uses a Second Edition verb or
counts a component it does not have.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Counters the engine can evaluate for a player. Used by `per` parameters, objective tasks and
# station-master scoring. Counts include printed workers.
COUNTERS: tuple[str, ...] = (
    "cowboys",                  # workers in the cowboy row (printed one included)
    "builders",
    "engineers",
    "upgraded_stations",        # stations holding the player's disc
    "own_woods_buildings",      # own private tiles on woods spaces
    "hazards_held",
    "outlaw_pairs",             # min(green outlaws held, orange outlaws held)
    "objective_cards_in_area",
    "certificates_total",       # temporary (marker value) + permanent
    "workers_on_board",         # all workers on the player board, printed ones included
    "own_buildings_on_board",
    "orange_outlaws_held",
    "green_outlaws_held",
    "deck_value3_market",       # cards of breeding value 3 (market breeds) in the whole deck
    "deck_shorthorn",
    "deck_hereford",
    "new_york_discs",
    # First Edition (teepees instead of outlaws, its own breed names and far city)
    "teepee_pairs",             # min(blue teepees held, green teepees held)
    "blue_teepees_held",
    "green_teepees_held",
    "deck_west_highland",
    "deck_texas_longhorn",
    "san_francisco_discs",
)

# The component each counter counts, as (kind, ids): the loader checks that the content has it, and
# the compiler resolves it to the content's own indices. Kinds: "card_group" (cattle cards of that
# [card_groups] entry in the whole deck), "outlaw_colour" / "teepee_colour" (tiles of that colour held;
# a pair counter names both colours), "city" (the player's discs on that city). Counters not listed
# count things every content has (workers, stations, hazards, buildings, certificates...).
COUNTER_NEEDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "outlaw_pairs": ("outlaw_colour", ("green", "orange")),
    "orange_outlaws_held": ("outlaw_colour", ("orange",)),
    "green_outlaws_held": ("outlaw_colour", ("green",)),
    "deck_value3_market": ("card_group", ("value3_market",)),
    "deck_shorthorn": ("card_group", ("shorthorn",)),
    "deck_hereford": ("card_group", ("hereford",)),
    "new_york_discs": ("city", ("new_york",)),
    "teepee_pairs": ("teepee_colour", ("blue", "green")),
    "blue_teepees_held": ("teepee_colour", ("blue",)),
    "green_teepees_held": ("teepee_colour", ("green",)),
    "deck_west_highland": ("card_group", ("west_highland",)),
    "deck_texas_longhorn": ("card_group", ("texas_longhorn",)),
    "san_francisco_discs": ("city", ("san_francisco",)),
}

# Special card filters for `discard{card}` besides breed ids and [card_groups] names.
SPECIAL_CARD_FILTERS: tuple[str, ...] = ("any", "pair_same_breed", "objective")

REQUIREMENT = "requirement"
REWARD = "reward"
CONTROL = "control"


@dataclass(frozen=True)
class Param:
    """One parameter of a verb."""

    kind: str                      # "int", "bool", "str", "counter", "card", "steps_list"
    required: bool = False
    default: Any = None
    minimum: int | None = None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verb:
    name: str
    kind: str                                 # requirement | reward | control
    params: dict[str, Param]
    one_of: tuple[tuple[str, ...], ...] = ()  # groups of parameters of which exactly one is given
    text: str = ""


def _v(name: str, kind: str, text: str, one_of: tuple[tuple[str, ...], ...] = (), **params: Param) -> Verb:
    return Verb(name, kind, params, one_of, text)


VERBS: tuple[Verb, ...] = (
    _v("gain_money", REWARD, "gain ${amount}", amount=Param("int", True, minimum=0)),
    _v("pay_money", REQUIREMENT, "pay ${amount}", amount=Param("int", True, minimum=0)),
    _v("discard", REQUIREMENT, "discard {count} {card}",
       card=Param("card", True), count=Param("int", False, 1, minimum=1)),
    _v("hire", REWARD, "hire 1 worker at row cost {cost_delta:+d}", cost_delta=Param("int", False, 0)),
    _v("buy_cattle", REWARD, "buy cattle"),
    _v("build", REWARD, "place or replace a private building at ${cost_per_builder} per builder",
       cost_per_builder=Param("int", True, minimum=0)),
    _v("move_engine", REWARD, "move engine forward", (("max", "per"),),
       min=Param("int", False, 1, minimum=1), max=Param("int", minimum=1), per=Param("counter")),
    _v("engine_back", REQUIREMENT, "move engine exactly {exactly} back", exactly=Param("int", True, minimum=1)),
    _v("certificates", REWARD, "certificates up to {up_to}",
       up_to=Param("int", True, minimum=1), per=Param("counter")),
    _v("certificates_to_limit", REWARD, "certificate marker to your limit"),
    _v("permanent_certificates", REWARD, "{count} permanent certificate(s)", count=Param("int", True, minimum=1)),
    _v("objective_card", REWARD, "take 1 objective card",
       to=Param("str", False, "discard", choices=("discard", "hand"))),
    _v("aux", REWARD, "auxiliary action", mode=Param("str", True, choices=("single", "single_or_double"))),
    _v("bounty", REWARD, "collect 1 outlaw bounty"),
    _v("exchange_token", REWARD, "gain {count} exchange token(s)", count=Param("int", False, 1, minimum=1)),
    _v("remove_hazard", REWARD, "remove 1 hazard", cost=Param("int", False, 0, minimum=0)),
    _v("move_herder", REWARD, "move your herder up to {max}",
       max=Param("int", True, minimum=1), ignore_fees=Param("bool", False, False),
       use_location=Param("bool", False, True), may_enter_kc=Param("bool", False, True)),
    _v("money_per", REWARD, "gain ${amount} per {per}",
       per=Param("counter", True), amount=Param("int", True, minimum=0)),
    _v("draw_discard", REWARD, "draw cards, then discard as many", (("max", "exactly", "per"),),
       max=Param("int", minimum=1), exactly=Param("int", minimum=1), per=Param("counter")),
    _v("remove_hand_cards", REWARD, "remove up to {up_to} hand card(s) from the game",
       up_to=Param("int", True, minimum=1)),
    _v("adjacent_building", REWARD, "use the local actions of an adjacent building"),
    _v("extraordinary_delivery", REWARD, "extraordinary delivery"),
    _v("upgrade_station_behind", REWARD, "upgrade a station behind your engine"),
    _v("choice", CONTROL, "either/or", options=Param("steps_list", True)),
    # First Edition: take any one teepee tile from the Indian village and gain the value printed on
    # its space, or pay it when the value is negative (a cost, so only if it can be paid in full).
    _v("trade_with_indians", REWARD, "trade with Indians"),
)

# Trail spaces holding tiles that a verb takes: the kind of space -> the verb taking its tile. A content
# set whose edition forbids the verb cannot have such spaces.
SPACE_VERB: dict[str, str] = {"outlaw": "bounty", "teepee": "trade_with_indians"}

VERB_BY_NAME: dict[str, Verb] = {v.name: v for v in VERBS}
OP_CODE: dict[str, int] = {v.name: i for i, v in enumerate(VERBS)}
COUNTER_CODE: dict[str, int] = {c: i for i, c in enumerate(COUNTERS)}


# --------------------------------------------------------------------------- solo mode: Sam

# What Sam's variable step icons and engine moves count (solo.toml). Sam has no player board
# disc spaces, money or cards, so the player counters above mostly do not apply to him.
SAM_COUNTERS: tuple[str, ...] = (
    "specialisation_workers",         # Sam's workers of his specialisation type (printed one included)
    "cowboys",                        # Sam's workers of each type (printed one included)
    "builders",
    "engineers",
    "most_buildings_of_a_player",     # private buildings on the board of the player (Sam or the human) with most
)

# Sam's card actions (solo.toml [solo.cards.N].action). Sam never chooses: each verb is one fixed
# procedure with the rules' tie-breaks (docs/solo_engine.md). Separate from VERBS: the human's
# verbs are decisions, these are not, and their op codes never mix.
SAM_VERBS: tuple[Verb, ...] = (
    _v("hire", REWARD, "hire 1 worker for free: the {prefer} one",
       prefer=Param("str", True, choices=("cheapest", "specialisation"))),
    _v("buy_cattle", REWARD, "buy cattle with up to ${dollars} and his cowboys",
       dollars=Param("int", True, minimum=0)),
    _v("reveal_market_cards", REWARD, "add {cards} market cards for free", cards=Param("int", True, minimum=1)),
    _v("take_market_card", REWARD, "take the value-{value} market card with the most VP for free",
       value=Param("int", True, minimum=0)),
    _v("place_building", REWARD, "place or replace one of his buildings",
       max_builders=Param("int", False, None, minimum=1)),
    _v("move_engine", REWARD, "move his engine 1 space per {per}", per=Param("counter", True)),
    _v("engine_to_next_free_station", REWARD, "move his engine to the next station the human's engine is not on"),
    _v("objective_card", REWARD, "take the objective card farthest from the stack"),
    _v("bounty", REWARD, "take the outlaw on the highest-numbered occupied space"),
    _v("remove_hazard", REWARD, "take the highest-VP hazard of the section with the most tiles"),
)

SAM_VERB_BY_NAME: dict[str, Verb] = {v.name: v for v in SAM_VERBS}
SAM_OP_CODE: dict[str, int] = {v.name: i for i, v in enumerate(SAM_VERBS)}
SAM_COUNTER_CODE: dict[str, int] = {c: i for i, c in enumerate(SAM_COUNTERS)}
