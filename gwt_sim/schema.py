"""What leaves a game, in one place: score categories, the columns of the game record, stream ids and
the dataset format. This module imports nothing, so every layer (engine, runner, dataset, reports)
can read it without pulling in the others.

The per-component columns are generated from the content's names (a content set with other building
numbers, station masters or cities gets its own columns without code):

    built_<number>                     building number <number> was built (0/1; a replaced tile counts)
    station_master_taken_<id>          the player took station master <id> (0/1)
    station_master_points_<id>         VP from that tile's task at the end
    deliveries_<city>                  discs the player placed on <city>
    side_<number>                      side of building <number> in this game (0 = a, 1 = b)
    neutral_space_<space>              neutral tile on neutral space <space> (index into the buildings)
    station_master_<k>                 station master drawn for station k (index into the station masters)
    sam_cards_played_<number>          (solo games) times Sam played his card <number>
"""

from __future__ import annotations

# Scoring categories, in scoresheet order (the engine's S_* enum; a test checks they agree).
SCORE_CATEGORIES = ("money", "buildings", "cities", "stations", "hazards", "cattle", "objectives",
                    "station_masters", "workers", "step_disc", "job_market_token")
SCORE_COLUMNS = tuple(f"score_{c}" for c in SCORE_CATEGORIES)

# End-of-game statistics of a player, in record order (after seat, score and the categories).
PLAYER_STATISTICS = ("money", "turns", "kc_visits", "deliveries", "delivery_value", "workers_hired",
                     "cowboys", "builders", "engineers", "buildings_built", "buildings_replaced",
                     "station_masters_taken", "stations_upgraded", "hazards_removed", "bounties",
                     "cards_bought", "fees_paid", "fees_received", "objectives_gained", "income_total",
                     "certificates", "permanent_certificates", "engine_position", "deck_size", "job_token",
                     "hand_limit", "step_limit", "certificate_limit")

# The strategy pool that played a game (both tables; only in datasets of experiments with [[pools]]).
POOL = "pool"
# Game i's setup seed, derive(root seed, i) (both tables): the pools, rotations and arms of an experiment
# replay each seed, so games with one seed_index in one arm share their setup.
SEED_INDEX = "seed_index"

# Per-component column prefixes (players table, then games table).
BUILT, STATION_MASTER_TAKEN, STATION_MASTER_POINTS, DELIVERIES = (
    "built_", "station_master_taken_", "station_master_points_", "deliveries_")
PLAYER_COMPONENT_PREFIXES = (BUILT, STATION_MASTER_TAKEN, STATION_MASTER_POINTS, DELIVERIES)
SIDE, NEUTRAL_SPACE, STATION_MASTER = "side_", "neutral_space_", "station_master_"

# The solo mode (one player against Sam): Sam's row in the players table has this strategy name
# (+ ":<difficulty>"); the games table adds the solo columns below and, per Sam card, how often he
# played it (`sam_cards_played_<number>`).
SAM_STRATEGY = "sam"
SAM_CARD_PLAYED = "sam_cards_played_"
SAM_SPECIALISATION = "sam_specialisation"      # his specialisation at the end (the engine's game record has it)
SOLO_GAME_COLUMNS = ("solo_difficulty", "solo_first_delivery", "solo_result", "solo_margin", SAM_SPECIALISATION)
SOLO_RESULTS = ("won", "lost", "tie")           # the human's result against Sam


def player_columns(building_numbers: tuple[str, ...], station_masters: tuple[str, ...],
                   cities: tuple[str, ...]) -> tuple:
    """Columns of a player record: seat, score, the categories, the statistics, then per component."""
    return ("seat", "score", *SCORE_COLUMNS, *PLAYER_STATISTICS,
            *(f"{BUILT}{n}" for n in building_numbers),
            *(f"{STATION_MASTER_TAKEN}{m}" for m in station_masters),
            *(f"{STATION_MASTER_POINTS}{m}" for m in station_masters),
            *(f"{DELIVERIES}{c}" for c in cities))


def game_columns(building_numbers: tuple[str, ...], neutral_spaces: tuple[str, ...], station_master_spaces: int,
                 sam_cards: tuple[str, ...] = ()) -> tuple:
    """Columns of a game record (`sam_cards`: Sam's card numbers in a solo game, else none)."""
    return ("players", "turns", "decisions", "end_player",
            *(f"{SIDE}{n}" for n in building_numbers),
            *(f"{NEUTRAL_SPACE}{i}" for i in range(1, len(neutral_spaces) + 1)),
            *(f"{STATION_MASTER}{i}" for i in range(1, station_master_spaces + 1)),
            "tiles_left_in_bags", "market_deck_left",
            *((SAM_SPECIALISATION, *(f"{SAM_CARD_PLAYED}{n}" for n in sam_cards)) if sam_cards else ()))


def record_columns(names: dict[str, tuple[str, ...]], station_master_spaces: int) -> tuple:
    """(game columns, player columns) for compiled tables' `names` and the number of stations that
    hold a station master (a solo game's tables name Sam's cards: `names["sam_card"]`)."""
    numbers = names["building_number"]
    return (game_columns(numbers, names["neutral_space"], station_master_spaces, names.get("sam_card", ())),
            player_columns(numbers, names["station_master"], names["city"]))


# Random streams of a game: stream s of game seed g draws from derive_seed(g, s) (mirrored from
# gwt_sim/engine/rng.pxd; a test checks they agree). Each player's deck and policy use id + seat.
STREAM_SETUP = 1             # game setup (starting objectives, tiles, ...)
STREAM_MARKET = 2            # market cattle deck
STREAM_OBJECTIVES = 3        # objective card deck
STREAM_BAGS = 4              # Kansas City bags
STREAM_VARIANT = 5           # per-game variant draws (sub-streams: 0 sides, 1 neutral layout, 2 station masters)
STREAM_SAM_DECK = 6          # the solo mode's Sam: his deck
STREAM_PLAYER_DECK = 16      # + seat
STREAM_POLICY = 32           # + seat
STREAM_SEATING = 64          # the runner's random seat orders and strategy draws

# Format tag of a dataset's manifest (gwt_sim.dataset writes it, reports check it).
DATASET_FORMAT = "gwt-sim-dataset/2"


def solo_result(human_total: int, sam_total: int) -> tuple[str, int]:
    """The human's result against Sam ("won" / "lost" / "tie": equal totals share the win, the base
    rule) and the margin, the human's total minus Sam's."""
    margin = human_total - sam_total
    return (SOLO_RESULTS[0] if margin > 0 else SOLO_RESULTS[1] if margin < 0 else SOLO_RESULTS[2]), margin
