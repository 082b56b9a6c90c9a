"""Play whole games in compiled code and turn each into a fixed-size numeric record."""

import numpy as np

from gwt_sim.engine.game cimport GameState, RulesHandle
from gwt_sim.engine.policy cimport Policy
from gwt_sim.engine.policy import PolicyError, illegal_action  # noqa: F401 (PolicyError: re-exported)
from gwt_sim.engine.structs cimport Game, N_SCORES, MAX_PLAYERS
from gwt_sim.engine.typedefs cimport i16, u64

from gwt_sim.engine.game import SCORE_CATEGORIES

STATION_MASTERS = tuple(f"SM{i}" for i in range(1, 10))
CITIES = ("kansas_city", "fulton", "st_louis", "bloomington", "peoria", "chicago", "toledo", "pittsburgh",
          "philadelphia", "new_york")

# Columns of the per-player record (one row per seat) and of the per-game record.
PLAYER_FIELDS = ("seat", "score", *(f"score_{c}" for c in SCORE_CATEGORIES), "money", "turns",
                 "kc_visits", "deliveries", "delivery_value", "workers_hired", "cowboys", "builders",
                 "engineers", "buildings_built", "buildings_replaced", "station_masters_taken",
                 "stations_upgraded", "hazards_removed", "bounties", "cards_bought", "fees_paid",
                 "fees_received", "objectives_gained", "income_total", "certificates",
                 "permanent_certificates", "engine_position", "deck_size", "job_token",
                 # per component, for the balance reports (named after the built-in 2E content's ids;
                 # a content without such a component records 0)
                 *(f"built_{n}" for n in range(1, 13)),
                 *(f"station_master_taken_{m}" for m in STATION_MASTERS),
                 *(f"station_master_points_{m}" for m in STATION_MASTERS),
                 *(f"deliveries_{c}" for c in CITIES))
GAME_FIELDS = ("players", "turns", "decisions", "end_player", *(f"side_{i}" for i in range(1, 13)),
               *(f"neutral_space_{i}" for i in range(1, 8)), *(f"station_master_{i}" for i in range(1, 6)),
               "tiles_left_in_bags", "market_deck_left")


cdef int _play(GameState state, list policies) except -1:
    cdef Game* g = &state.g
    cdef Policy pol
    cdef int a, i, ok
    while not g.terminal:
        pol = <Policy>policies[g.current]
        a = pol.choose_c(state, state.legal_buf, state.n_legal)
        ok = 0
        for i in range(state.n_legal):
            if state.legal_buf[i] == a:
                ok = 1
                break
        if not ok:
            raise illegal_action(pol, g.current, a, state)
        state.c_apply(a)
    return 0


def play_state(GameState state, list policies):
    """Play an existing state to the end with one policy per seat (already reset)."""
    for p in policies:
        if not isinstance(p, Policy):
            raise TypeError(f"{p!r} is not a gwt_sim Policy")
    _play(state, policies)
    return state


def play_game(handle, policies, u64 seed, bint debug=False):
    """Play one game: `handle` (RulesHandle or Tables), one Policy per seat, the game seed.

    Returns (game_record, player_records): int32 arrays with columns GAME_FIELDS and PLAYER_FIELDS.
    """
    cdef GameState state
    if not isinstance(handle, RulesHandle):
        handle = RulesHandle(handle)
    policies = list(policies)
    if len(policies) != (<RulesHandle>handle).players:
        raise ValueError(f"{len(policies)} policies for {(<RulesHandle>handle).players} players")
    for seat, p in enumerate(policies):
        if not isinstance(p, Policy):
            raise TypeError(f"seat {seat + 1}: {p!r} is not a gwt_sim Policy")
        (<Policy>p).reset(seed, seat)
    state = GameState(handle, seed, debug)
    _play(state, policies)
    return record(state)


def record(GameState state):
    """The numeric records of a finished game."""
    cdef Game* g = &state.g
    cdef int n = g.n_players
    players = np.zeros((n, len(PLAYER_FIELDS)), dtype=np.int32)
    names = state.handle.names
    sm_index = {m: i for i, m in enumerate(names["station_master"])}
    city_index = {c: i for i, c in enumerate(names["city"])}
    for seat in range(n):
        info = state.player(seat)
        st = info["stats"]
        row = [seat, g.total[seat], *[g.score[seat][i] for i in range(N_SCORES)], info["money"], st["turns"],
               st["kc_visits"], st["deliveries"], st["delivery_value"], st["workers_hired"],
               info["workers"][0], info["workers"][1], info["workers"][2], st["buildings_built"],
               st["buildings_replaced"], st["station_masters_taken"], st["stations_upgraded"],
               st["hazards_removed"], st["bounties"], st["cards_bought"], st["fees_paid"], st["fees_received"],
               st["objectives_gained"], st["income_total"], info["certificates"],
               info["permanent_certificates"], info["engine"],
               info["hand_size"] + info["draw_size"] + len(info["discard"]), info["job_token"]]
        tiles = info["tiles"]
        row += [int(tiles[n] != 0) if n < len(tiles) else 0 for n in range(12)]   # ever built (replaced too)
        held = set(info["station_masters"])
        row += [int(sm_index.get(m, -1) in held) for m in STATION_MASTERS]
        points = info["station_master_points"]
        row += [points[sm_index[m]] if m in sm_index else 0 for m in STATION_MASTERS]
        row += [info["cities"][city_index[c]] if c in city_index else 0 for c in CITIES]
        players[seat] = row
    board = state.board()
    sides = [ord(c) - ord("a") for c in board["sides"]] + [-1] * 12
    game = np.array([n, g.turn_number, g.decisions, g.end_player, *sides[:12], *board["layout"][:7],
                     *board["station_masters_drawn"][:5], sum(board["bag_sizes"]), board["market_deck_size"]],
                    dtype=np.int32)
    return game, players
