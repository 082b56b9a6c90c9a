"""What one turn of Sam's (the solo mode) did, event by event, in the game's own words, from what the
engine recorded (`GameState.sam_last_turn()`). The play log (`gwt_sim.playlog`) writes his turn: its
header, his card, steps and walk, then one line per event from `event_text`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gwt_sim.engine.describe_action import MAX_JOB_COLS, WORKERS

SAM_VERB_WORDS = {       # what a verb that did nothing would have done
    "hire": "hire a worker", "buy_cattle": "buy cattle", "reveal_market_cards": "add market cards",
    "take_market_card": "take a market card", "place_building": "place a building", "move_engine": "move his engine",
    "engine_to_next_free_station": "move his engine to a station", "objective_card": "take an objective card",
    "bounty": "collect a bounty", "remove_hazard": "remove a hazard",
}


def _node(names: Mapping[str, Any], node: int) -> str:
    return names["node"][node]


def _disc_source(names: Mapping[str, Any], station: int) -> str:
    if station == -1:
        return "a disc from his supply"
    if station == -2:
        return "no disc left"
    return f"his disc moved from station {station + 1}"


def event_text(names: Mapping[str, Any], ops: Sequence[str], kind: str, a: int, b: int,
               card: Callable[[int], str], city: Callable[[int], str]) -> str | None:
    """One event of his turn as a phrase (None for events shown elsewhere): `ops` are the Sam verb names
    by op code, `card` and `city` name a card and a city as the rest of the log does."""
    tile = names["tile"]
    if kind == "nothing":
        return f"cannot {SAM_VERB_WORDS.get(ops[a], ops[a])}: nothing happens"
    if kind == "hire":
        row, col = divmod(b, MAX_JOB_COLS)
        return f"hires {'an' if WORKERS[a][0] in 'aeiou' else 'a'} {WORKERS[a]} from row {row + 1}, column {col + 1} for free"
    if kind == "specialisation":
        return f"turns his specialisation tile: {WORKERS[b]} → {WORKERS[a]}"
    if kind == "buy":
        return f"buys {card(b)} ({names['buy_option'][a].replace('_', ' ')})"
    if kind == "reveal":
        return f"adds {a} market card{'s' if a != 1 else ''}" + (" for free" if b else " (a cowboy)")
    if kind == "take_card":
        return f"takes {card(a)} from the market for free"
    if kind == "build":
        return f"places building {a}b on {_node(names, b)}"
    if kind == "replace":
        return f"replaces his building {b}b by {a}b"
    if kind == "engine":
        pos = names["rail_position"]
        return f"moves his engine from {pos[a]} to {pos[b]}"
    if kind == "upgrade":
        return f"upgrades station {a + 1} ({_disc_source(names, b)})"
    if kind == "master_to_box":
        return f"station master {names['station_master'][b]} of station {a + 1} goes to the box"
    if kind == "track_end":
        return "his engine reached the end of the track and leaves it"
    if kind == "objective":
        return f"takes objective card {names['objective'][a]} (display slot {b + 1})"
    if kind == "bounty":
        return f"collects the {tile[b]} on {_node(names, a)}"
    if kind == "hazard":
        return f"removes the {tile[b]} on {_node(names, a)}"
    if kind == "foresight":
        return f"Kansas City column {a + 1}: " + ("takes nothing" if b < 0 else f"takes {tile[b]}")
    if kind == "delivery":
        return f"delivers to {city(a)} ({_disc_source(names, b)})"
    if kind == "end_triggered":
        return "takes the job-market token: the end of the game is triggered"
    return f"{kind} {a} {b}"

