"""Readable names for engine actions, in the game's own words (used by logs and errors)."""

from __future__ import annotations

from typing import Any

# Action id ranges, mirrored from state.pxd (a test checks they agree with the engine).
A_STOP, A_NODE, A_LOCAL, A_AUX, A_CARD, A_COUNT, A_OPTION, A_HIRE = 0, 1, 70, 80, 100, 160, 180, 190
A_BUY, A_REVEAL, A_BUILD, A_RAIL, A_UPGRADE, A_STATION, A_DISC = 240, 540, 550, 850, 910, 920, 940
A_SM_WORKER, A_CITY, A_FORESIGHT, A_OBJ_TAKE, A_OBJ_PLAY, A_EXCHANGE = 955, 960, 975, 980, 990, 1030
MAX_CARD_TYPES, MAX_PRIVATE_SPACES, MAX_JOB_COLS = 24, 24, 4
WORKERS = ("cowboy", "builder", "engineer")

STOP_WORDS = {
    "before phase A": "start moving",
    "phase A": "stop here",
    "phase B": "end phase B",
    "herder move": "stop moving",
    "hire": "hire nobody",
    "buy cattle": "stop buying",
    "build": "build nothing",
    "engine": "do not move the engine",
    "station upgrade": "do not upgrade",
    "station master": "leave the station master",
    "objective card": "take no objective card",
    "auxiliary action": "no auxiliary action",
    "bounty": "collect no bounty",
    "trade with Indians": "trade with nobody",
    "hazard": "remove no hazard",
    "draw count": "draw nothing",
    "remove cards": "remove no more cards",
    "adjacent building": "use no adjacent building",
    "adjacent actions": "done with the adjacent building",
    "extraordinary delivery": "no extraordinary delivery",
    "station behind engine": "upgrade no station",
    "disc": "no disc to take",
}


def card_name(names: dict[str, Any], card: int) -> str:
    cards = names["card"]
    if card < len(cards):
        return cards[card].replace("_", " ")
    return f"objective card {names['objective'][card - len(cards)]}"


def action_name(state: Any, action: int, decision: str | None = None) -> str:
    try:
        return _action_name(state, action, decision)
    except (IndexError, KeyError):
        # an id no component of this game has (e.g. an illegal action named in an error message)
        return f"action {int(action)}"


def _action_name(state: Any, action: int, decision: str | None = None) -> str:
    names = state.handle.names
    a = int(action)
    current = decision is None
    decision = decision or state.decision_name()
    if a == A_STOP:
        return STOP_WORDS.get(decision, "done")
    if A_NODE <= a < A_LOCAL:
        node = names["node"][a - A_NODE]
        verb = {"first-turn placement": "place herder on", "bounty": "collect the outlaw on",
                "trade with Indians": "trade for the teepee on",
                "hazard": "remove the hazard on", "adjacent building": "use the building on"}.get(decision, "move to")
        return f"{verb} {node}"
    if A_LOCAL <= a < A_AUX:
        slot = a - A_LOCAL
        return "risk action" if slot == 3 else f"local action {slot + 1}"
    if A_AUX <= a < A_CARD:
        k, double = divmod(a - A_AUX, 2)
        return f"aux {k + 1} {'double' if double else 'single'}"
    if A_CARD <= a < A_COUNT:
        verb = {"remove cards": "remove", "buy second card": "buy"}.get(decision, "discard")
        return f"{verb} {card_name(names, a - A_CARD)}"
    if A_COUNT <= a < A_OPTION:
        n = a - A_COUNT
        what = {"income": "spend {n} certificate(s)", "exchange token": "draw {n}",
                "draw count": "draw {n}", "Simmental upgrades": "upgrade {n} card(s)"}.get(decision, "{n}")
        return what.format(n=n)
    if A_OPTION <= a < A_HIRE:
        return f"option {a - A_OPTION + 1}"
    if A_HIRE <= a < A_BUY:
        row, col = divmod(a - A_HIRE, MAX_JOB_COLS)
        board = state.board()["job_market"]
        worker = board[row][col] if row < len(board) and col < len(board[row]) else -1
        return f"hire {WORKERS[worker] if worker >= 0 else 'worker'} (row {row + 1}, column {col + 1})"
    if A_BUY <= a < A_REVEAL:
        option, card = divmod(a - A_BUY, MAX_CARD_TYPES)
        return f"buy {card_name(names, card)} ({names['buy_option'][option]})"
    if a == A_REVEAL:
        return "reveal 2 market cards"
    if A_BUILD <= a < A_RAIL:
        number, space = divmod(a - A_BUILD, MAX_PRIVATE_SPACES)
        side = state.board()["sides"][number]
        node = names["node"][_private_space_node(state, space)]
        return f"build {number + 1}{side} on {node}"
    if A_RAIL <= a < A_UPGRADE:
        return f"engine to {names['rail_position'][a - A_RAIL]}"
    if a == A_UPGRADE:
        return "upgrade the station"
    if A_STATION <= a < A_DISC:
        return f"station {a - A_STATION + 1}"
    if A_DISC <= a < A_SM_WORKER:
        return f"disc from {names['disc_space'][a - A_DISC]}"
    if A_SM_WORKER <= a < A_CITY:
        return f"take the station master, giving up a {WORKERS[a - A_SM_WORKER]}"
    if A_CITY <= a < A_FORESIGHT:
        return f"deliver to {names['city'][a - A_CITY].replace('_', ' ').title()}"
    if A_FORESIGHT <= a < A_OBJ_TAKE:
        row = a - A_FORESIGHT
        if current and decision == "foresight":
            column = state.frame()[1]["column"]
            tile = state.board()["foresight"][column][row]
            if tile >= 0:
                return f"take {names['tile'][tile]} (foresight column {column + 1})"
        return f"foresight tile {row + 1}"
    if A_OBJ_TAKE <= a < A_OBJ_PLAY:
        slot = a - A_OBJ_TAKE
        return "objective card from the top of the stack" if slot == 4 else f"objective card from display slot {slot + 1}"
    if A_OBJ_PLAY <= a < A_EXCHANGE:
        return f"play objective card {names['objective'][a - A_OBJ_PLAY]}"
    if a == A_EXCHANGE:
        return "use an exchange token"
    return f"action {a}"


def _private_space_node(state: Any, space: int) -> int:
    return int(state.handle.tables.private_space[space])
