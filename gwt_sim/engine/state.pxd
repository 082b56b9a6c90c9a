# The engine's state: constants, the flat C data and the small helpers every rules module uses.
#
# `Rules` holds the tables compiled from content + variant (immutable during a game, shared by every
# state). `Game` holds everything that changes; it has no pointers, so cloning a state is one memcpy
# and its bytes are deterministic. The decision stack's frames are declared in frames.pxd.
#
# state.pyx implements setup (the variant draw included), the board mutators shared by several rules
# modules (cards, bags, tiles, market, job market, objective display) and the redraw of hidden
# information for policies that look ahead.

from libc.string cimport memcpy, memset

from gwt_sim.engine.frames cimport *
from gwt_sim.engine.rng cimport Xoshiro256
from gwt_sim.engine.typedefs cimport i8, i16, i32, u64

cdef enum:
    MAX_PLAYERS = 4
    N_ARGS = 5
    MAX_STEPS = 320
    MAX_ACTIONS = 224
    MAX_BREEDS = 16
    MAX_CARD_TYPES = 24
    MAX_OBJ = 32
    MAX_CARD_IDS = 56            # cattle card types, then objective card types
    MAX_DECK = 112               # cards a player can own at once
    MAX_MARKET_DECK = 64
    MAX_BUY = 12
    N_DISC = 10                  # disc-space groups of the player board
    N_AUX = 5
    MAX_CERT = 8
    N_WTYPES = 3                 # cowboy, builder, engineer
    MAX_WSPACES = 8
    MAX_JOB_ROWS = 12
    MAX_JOB_COLS = 4
    MAX_TILE_TYPES = 24
    N_BAGS = 3
    MAX_BAG = 40
    MAX_FORESIGHT_ROWS = 2
    MAX_NODES = 64
    MAX_NEXT = 2
    MAX_PREV = 3
    MAX_HAZ_TYPES = 3
    MAX_HAZ_SPACES = 4
    MAX_SECTION_SPACES = 9       # spaces of the trail's tile section (outlaws 2E, teepees 1E)
    MAX_SECTION_COLOURS = 2      # tile colours of that section
    MAX_NEUTRAL = 8
    MAX_PRIVATE_SPACES = 24
    MAX_NUMBERS = 12             # private building numbers
    MAX_BUILDINGS = 32
    MAX_BACTIONS = 3             # local actions per building
    MAX_RAIL = 56
    MAX_SPACES = 40              # numbered railroad spaces + start
    MAX_STATIONS = 12
    MAX_CITIES = 12
    MAX_ARROWS = 12
    MAX_SM = 9
    SM_SPACES = 5
    MAX_TASKS = 12
    N_COUNTERS = 23
    MAX_FRAMES = 32
    MAX_LEGAL = 512
    NONE = -1
    MAX_SAM_CARDS = 16           # Sam's cards (solo mode), numbered 1..
    MAX_SAM_STEPS = 64           # steps of Sam's card actions
    MAX_SAM_ICONS = 4            # variable step icons
    MAX_SAM_EVENTS = 24          # what one turn of Sam's did (SamTurn)
    MAX_SAM_WALK = 8             # locations of one walk of Sam's herder

# Worker types / tile kinds / node kinds / corners / hands (as compiled by gwt_sim.tables).
cdef enum:
    W_COWBOY = 0
    W_BUILDER = 1
    W_ENGINEER = 2
    TILE_WORKER = 0
    TILE_HAZARD = 1
    TILE_SECTION = 2             # a tile of the trail's tile section: an outlaw (2E) or a teepee (1E)
    NK_START = 0
    NK_NEUTRAL = 1
    NK_PRIVATE = 2
    NK_HAZARD = 3
    NK_SECTION = 4               # a space of the tile section (outlaw or teepee space)
    NK_KC = 5
    CORNER_WHITE = 0
    CORNER_DARK = 1
    HAND_GREEN = 1
    HAND_BLACK = 2
    DISCARD_CARDS = 0
    DISCARD_PAIR = 1
    DISCARD_OBJECTIVE = 2

# Building sides of the variant per number (Rules.variant_sides; as gwt_sim.tables.SIDE_*).
cdef enum:
    SIDE_A = 0
    SIDE_B = 1
    SIDE_RANDOM = 2              # drawn per game

# What setup_game reports about content it cannot set up.
cdef enum SetupError:
    SETUP_OK = 0
    SETUP_BAG2_NOT_WORKERS = 1   # bag 2 must hold only workers for the job market setup
    SETUP_TOKEN_MISPLACED = 2    # the initial workers do not end next to the job-market token

# What clearing a disc-space group unlocks (order of gwt_sim.tables.UNLOCK_CODES).
cdef enum:
    UNLOCK_AUX1 = 0
    UNLOCK_STEP_LEFT = 5
    UNLOCK_STEP_RIGHT = 6
    UNLOCK_HAND = 7
    UNLOCK_CERT4 = 8
    UNLOCK_CERT6 = 9

# Verb op codes (order of gwt_sim.vocabulary.VERBS; a test checks they agree).
cdef enum:
    OP_GAIN_MONEY = 0
    OP_PAY_MONEY = 1
    OP_DISCARD = 2
    OP_HIRE = 3
    OP_BUY_CATTLE = 4
    OP_BUILD = 5
    OP_MOVE_ENGINE = 6
    OP_ENGINE_BACK = 7
    OP_CERTIFICATES = 8
    OP_CERTIFICATES_TO_LIMIT = 9
    OP_PERMANENT_CERTIFICATES = 10
    OP_OBJECTIVE_CARD = 11
    OP_AUX = 12
    OP_BOUNTY = 13
    OP_EXCHANGE_TOKEN = 14
    OP_REMOVE_HAZARD = 15
    OP_MOVE_HERDER = 16
    OP_MONEY_PER = 17
    OP_DRAW_DISCARD = 18
    OP_REMOVE_HAND_CARDS = 19
    OP_ADJACENT_BUILDING = 20
    OP_EXTRAORDINARY_DELIVERY = 21
    OP_UPGRADE_STATION_BEHIND = 22
    OP_CHOICE = 23
    OP_TRADE_WITH_INDIANS = 24
    N_OPS = 25

# Sam's verb op codes (order of gwt_sim.vocabulary.SAM_VERBS; a test checks they agree).
cdef enum:
    SAM_OP_HIRE = 0
    SAM_OP_BUY_CATTLE = 1
    SAM_OP_REVEAL_MARKET_CARDS = 2
    SAM_OP_TAKE_MARKET_CARD = 3
    SAM_OP_PLACE_BUILDING = 4
    SAM_OP_MOVE_ENGINE = 5
    SAM_OP_ENGINE_TO_NEXT_FREE_STATION = 6
    SAM_OP_OBJECTIVE_CARD = 7
    SAM_OP_BOUNTY = 8
    SAM_OP_REMOVE_HAZARD = 9
    N_SAM_OPS = 10

# Sam's counters (order of gwt_sim.vocabulary.SAM_COUNTERS).
cdef enum:
    SAM_C_SPECIALISATION_WORKERS = 0
    SAM_C_COWBOYS = 1
    SAM_C_BUILDERS = 2
    SAM_C_ENGINEERS = 3
    SAM_C_MOST_BUILDINGS = 4

# What one turn of Sam's did, event by event (SamTurn.kind; a, b as noted), for readable logs.
cdef enum:
    SAM_EV_NOTHING = 0           # a: the SAM_OP that did nothing
    SAM_EV_HIRE = 1              # a: worker type, b: row * MAX_JOB_COLS + column
    SAM_EV_SPECIALISATION = 2    # a: new specialisation (worker type), b: the old one
    SAM_EV_BUY = 3               # a: buy option, b: card type (one event per card)
    SAM_EV_REVEAL = 4            # a: market cards revealed, b: 1 for the card's free reveal, 0 for a cowboy
    SAM_EV_TAKE_CARD = 5         # a: card type taken for free
    SAM_EV_BUILD = 6             # a: building number, b: node
    SAM_EV_REPLACE = 7           # a: new building number, b: replaced number
    SAM_EV_ENGINE = 8            # a: railroad position from, b: to
    SAM_EV_UPGRADE = 9           # a: station, b: station whose disc he moved (-1: a disc from his supply)
    SAM_EV_MASTER_TO_BOX = 10    # a: station, b: station master
    SAM_EV_TRACK_END = 11        # his engine left the track
    SAM_EV_OBJECTIVE = 12        # a: objective card type, b: display slot
    SAM_EV_BOUNTY = 13           # a: node, b: outlaw tile type
    SAM_EV_HAZARD = 14           # a: node, b: hazard tile type
    SAM_EV_FORESIGHT = 15        # a: column, b: tile type (-1: skipped)
    SAM_EV_DELIVERY = 16         # a: city, b: station whose disc he moved (-1: supply, -2: no disc)
    SAM_EV_END_TRIGGERED = 17    # he took the job-market token

# Counters (order of gwt_sim.vocabulary.COUNTERS) that count what every content has. The others
# count a component of the content (a card group, tile colours, a city): Rules.counter_source says
# which, and the compiled tables say which one (gwt_sim.vocabulary.COUNTER_NEEDS).
cdef enum:
    C_COWBOYS = 0
    C_BUILDERS = 1
    C_ENGINEERS = 2
    C_UPGRADED_STATIONS = 3
    C_OWN_WOODS_BUILDINGS = 4
    C_HAZARDS_HELD = 5
    C_OBJECTIVES_IN_AREA = 7
    C_CERTIFICATES_TOTAL = 8
    C_WORKERS_ON_BOARD = 9
    C_OWN_BUILDINGS = 10

# What a counter counts (Rules.counter_source; as gwt_sim.tables.COUNTS_*).
cdef enum:
    COUNTS_PLAYER = 0            # a count every content has (C_* above)
    COUNTS_DECK = 1              # cattle cards of Rules.counter_breeds in the player's whole deck
    COUNTS_TILES = 2             # section tiles held of Rules.counter_colours (two colours: pairs)
    COUNTS_CITY = 3              # the player's discs on Rules.counter_city
    COUNTS_NOTHING = 4           # a component this content does not have: always 0

# Scoring categories (order of scoring.toml).
cdef enum:
    S_MONEY = 0
    S_BUILDINGS = 1
    S_CITIES = 2
    S_STATIONS = 3
    S_HAZARDS = 4
    S_CATTLE = 5
    S_OBJECTIVES = 6
    S_STATION_MASTERS = 7
    S_WORKERS = 8
    S_STEP_DISC = 9
    S_JOB_TOKEN = 10
    N_SCORES = 11

# Global action ids. Every legal action of every decision is one of these (sorted ints).
cdef enum:
    A_STOP = 0                   # decline / done / end the phase
    A_NODE = 1                   # + trail node (move herder, place herder, bounty, hazard, adjacent building)
    A_LOCAL = 70                 # + local-action slot (0..2 building actions, 3 = risk action)
    A_AUX = 80                   # + 2*aux + (1 if double)
    A_CARD = 100                 # + card id (discard / remove a card)
    A_COUNT = 160                # + number (certificates spent, cards drawn, Simmental upgrades)
    A_OPTION = 180               # + option of an either/or
    A_HIRE = 190                 # + row * 4 + column of the job market
    A_BUY = 240                  # + buy option * MAX_CARD_TYPES + card type
    A_REVEAL = 540               # use an unused cowboy to reveal 2 market cards
    A_BUILD = 550                # + (number - 1) * MAX_PRIVATE_SPACES + private space index
    A_RAIL = 850                 # + railroad position (engine destination)
    A_UPGRADE = 910              # upgrade the station the engine stands on
    A_STATION = 920              # + station (upgrade behind the engine / take back a disc)
    A_DISC = 940                 # + disc-space group
    A_SM_WORKER = 955            # + worker type given up to take the station master
    A_CITY = 960                 # + city
    A_FORESIGHT = 975            # + row of the foresight column
    A_OBJ_TAKE = 980             # + display slot (4 = top of the stack)
    A_OBJ_PLAY = 990             # + objective card type played from hand
    A_EXCHANGE = 1030            # spend an exchange token
    NUM_ACTIONS = 1031

# Forced decisions (a single legal action, applied automatically), recorded for readable logs.
cdef struct Trace:
    int n
    i16 kind[128]
    i8 player[128]
    i16 action[128]
    i32 turn[128]

cdef struct Rules:
    i8 players
    i8 simmental
    # bytecode
    i16 n_actions
    i16 step_op[MAX_STEPS]
    i16 step_arg[MAX_STEPS][N_ARGS]
    i16 action_first[MAX_ACTIONS]
    i16 action_len[MAX_ACTIONS]
    i8 action_has_req[MAX_ACTIONS]          # 1 if the action starts with a requirement or choice
    i8 action_may_block[MAX_ACTIONS]        # 1 if any step is a requirement or choice (else always feasible)
    # cattle
    i8 n_breeds
    i8 breed_value[MAX_BREEDS]
    i8 breed_group[MAX_BREEDS]               # income group (Simmental stages share one)
    i8 breed_upgrade[MAX_BREEDS]             # Simmental stage it upgrades to, or -1
    i8 n_card_types
    i8 card_breed[MAX_CARD_TYPES]
    i8 card_vp[MAX_CARD_TYPES]
    i8 start_deck[24]
    i8 start_deck_n
    i8 market_deck[MAX_MARKET_DECK]
    i8 market_deck_n
    i8 supply_type[MAX_BREEDS]               # Simmental supply: card type per breed, or -1
    i8 supply_count[MAX_BREEDS]
    i8 n_buy
    i8 buy_cowboys[MAX_BUY]
    i8 buy_dollars[MAX_BUY]
    i8 buy_cards[MAX_BUY]
    i32 buy_mask[MAX_BUY]                    # breeds the option buys
    i8 buy_reveal
    i8 simmental_pair
    i32 simmental_mask                       # breeds of the Simmental income group
    # counters of content components (COUNTS_*), by counter code
    i8 counter_source[N_COUNTERS]
    i32 counter_breeds[N_COUNTERS]           # COUNTS_DECK: bit mask of the card group's breeds
    i8 counter_colours[N_COUNTERS][2]        # COUNTS_TILES: section tile colour(s) (tile_sub); -1 unused
    i8 counter_city[N_COUNTERS]              # COUNTS_CITY: the city
    # player board
    i8 disc_count[N_DISC]
    i8 disc_grey[N_DISC]
    i8 disc_corner[N_DISC]
    i8 disc_unlock[N_DISC]
    i16 disc_on_clear[N_DISC]
    i8 disc_clear_cost[N_DISC]
    i8 disc_end_vp[N_DISC]
    i8 disc_of_unlock[N_DISC]                # unlock code -> disc group
    i16 aux_single[N_AUX]
    i16 aux_double[N_AUX]
    i8 step_base
    i8 step_left
    i8 step_right
    i8 hand_base
    i8 hand_per_disc
    i8 hand_max
    i8 n_cert
    i8 cert_positions[MAX_CERT]
    i8 cert_start
    i8 cert_limit_base
    i8 cert_limit_4
    i8 cert_limit_6
    i8 aux5_removal_optional
    i8 worker_spaces
    i16 worker_immediate[N_WTYPES][MAX_WSPACES]
    i8 worker_space_vp[MAX_WSPACES]
    # job market
    i8 job_rows
    i8 job_columns
    i8 job_token_start_row
    i8 job_token_end_vp
    i8 hire_price_floor
    i8 job_row_cost[MAX_JOB_ROWS]
    i8 job_refill_row[MAX_JOB_ROWS]
    # tiles, bags, foresight
    i8 n_tile_types
    i8 tile_kind[MAX_TILE_TYPES]
    i8 tile_sub[MAX_TILE_TYPES]
    i8 tile_vp[MAX_TILE_TYPES]
    i8 tile_hand[MAX_TILE_TYPES]
    i8 bag_size[N_BAGS]
    i8 bag_tiles[N_BAGS][MAX_BAG]
    i8 foresight_bag[N_BAGS]
    i8 foresight_rows
    # trail
    i8 n_nodes
    i8 node_start
    i8 node_kc
    i8 node_next[MAX_NODES][MAX_NEXT]
    i8 node_prev[MAX_NODES][MAX_PREV]
    i8 node_kind[MAX_NODES]
    i8 node_woods[MAX_NODES]
    i16 node_risk[MAX_NODES]
    i16 node_take[MAX_NODES]                 # section space: what taking its tile gives or costs (bounty, trade value)
    i8 node_section[MAX_NODES]
    i8 node_private_index[MAX_NODES]         # index among private spaces, or -1
    i8 n_haz_types
    i8 haz_section_size
    i8 hazard_space[MAX_HAZ_TYPES][MAX_HAZ_SPACES]
    i8 n_section_spaces
    i8 section_space[MAX_SECTION_SPACES]     # in fill order (lowest index / trade value first)
    i8 n_neutral
    i8 neutral_space[MAX_NEUTRAL]
    i8 n_private_spaces
    i8 private_space[MAX_PRIVATE_SPACES]
    i8 fee_green
    i8 fee_black
    # railroad
    i8 n_rail
    i8 rail_end
    i8 rail_end_min_back
    i8 cross_cost
    i16 rail_end_reward
    i8 rail_next[MAX_RAIL][2]
    i8 rail_prev[MAX_RAIL][2]
    i8 rail_number[MAX_RAIL]
    i8 rail_station[MAX_RAIL]
    i8 rail_order[MAX_RAIL]                  # position along the track: 2k for space k, 2k+1 for turnout k.5
    i8 cross_after[MAX_SPACES]
    i8 n_stations
    i8 station_position[MAX_STATIONS]
    i8 station_cost[MAX_STATIONS]
    i8 station_vp[MAX_STATIONS]
    i8 station_corner[MAX_STATIONS]
    i8 station_has_master[MAX_STATIONS]
    # cities
    i8 n_cities
    i8 city_value[MAX_CITIES]
    i8 city_corner[MAX_CITIES]
    i8 city_repeatable[MAX_CITIES]
    i16 city_on_place[MAX_CITIES]
    i8 city_vp_per_disc[MAX_CITIES]
    i8 city_end_vp[MAX_CITIES]
    i8 n_arrows
    i8 arrow_a[MAX_ARROWS]
    i8 arrow_b[MAX_ARROWS]
    i16 arrow_action[MAX_ARROWS]
    i8 arrow_end_vp[MAX_ARROWS]
    i8 arrow_objective_from_stack
    # buildings (neutral A.., then private 1a, 1b, 2a, ...)
    i8 n_buildings
    i8 n_neutral_buildings
    i8 n_numbers
    i16 building_actions[MAX_BUILDINGS][MAX_BACTIONS]
    i8 building_builders[MAX_BUILDINGS]
    i8 building_vp[MAX_BUILDINGS]
    i8 building_hand[MAX_BUILDINGS]
    i8 building_number[MAX_BUILDINGS]
    i8 adjacent_risk_if_owner
    # station masters
    i8 n_sm
    i8 sm_used
    i16 sm_immediate[MAX_SM]
    i8 sm_vp[MAX_SM]
    i8 sm_every[MAX_SM]
    i8 sm_per[MAX_SM]
    # objectives
    i8 n_tasks
    i8 task_counter[MAX_TASKS]
    i8 n_obj
    i8 obj_need[MAX_OBJ][MAX_TASKS]
    i8 obj_count[MAX_OBJ]
    i8 obj_starting[MAX_OBJ]
    i8 obj_vp[MAX_OBJ]
    i8 obj_penalty[MAX_OBJ]
    i16 obj_immediate[MAX_OBJ]
    i8 obj_herder[MAX_OBJ]                   # 1 if the immediate action is a herder move
    # setup
    i16 start_money[MAX_PLAYERS]
    i8 seat_vp[MAX_PLAYERS]                   # VP added per seat at final scoring (seat compensation)
    i8 start_cards[MAX_PLAYERS]
    i8 first_turn_hand
    i8 start_tokens
    i8 start_objectives
    i8 setup_bag1_tiles
    i8 objective_display
    i8 market_target
    i8 initial_workers
    i8 money_per_vp
    i8 variant_sides[MAX_NUMBERS]
    i8 variant_layout[MAX_NEUTRAL]
    i8 variant_sm[SM_SPACES]
    # turns and seats: the frame kind that plays each seat's turn (F_TURN; F_SAM_TURN for Sam)
    i8 seat_turn_frame[MAX_PLAYERS]
    # rules a solo game changes for every seat (zero in 2-4 player games)
    i8 foresight_slide                       # after each Kansas City visit an upper tile slides onto an empty lower space
    i8 obj_display_slide                     # a display card taken: the cards nearer the stack slide away from it
    i8 seat_fees_to_bank[MAX_PLAYERS]        # hand fees for this seat's buildings are paid to the bank
    i8 seat_skip_score[MAX_PLAYERS][N_SCORES]    # scoring categories this seat does not score
    i8 seat_all_objectives[MAX_PLAYERS]      # all of this seat's objective cards count as fulfilled
    # the solo mode's automated opponent Sam (solo.toml; docs/solo_engine.md), zero outside solo games
    i8 solo                                  # 1: seat sam_seat is Sam, played by the engine (sam.pyx)
    i8 sam_seat
    i8 sam_n_cards                           # his cards are numbered 1..sam_n_cards
    i8 sam_in_deck[MAX_SAM_CARDS]            # by number - 1: 1 if the card is in play at this difficulty
    i8 sam_card_steps[MAX_SAM_CARDS]         # locations his herder moves, or -1: the card's step icon
    i8 sam_card_icon[MAX_SAM_CARDS]          # step icon, or -1
    i8 sam_card_spec[MAX_SAM_CARDS]          # worker type for which half 0 applies, or -1: always half 0
    i16 sam_card_first[MAX_SAM_CARDS][2]     # first step of each half of the card's action
    i8 sam_card_len[MAX_SAM_CARDS][2]        # steps of each half
    i8 sam_step_op[MAX_SAM_STEPS]            # SAM_OP_*
    i16 sam_step_arg[MAX_SAM_STEPS]          # its one argument (gwt_sim.tables, Sam bytecode)
    i8 sam_icon_counter[MAX_SAM_ICONS]       # SAM_C_* the icon counts
    i8 sam_icon_min[MAX_SAM_ICONS]
    i8 sam_icon_max[MAX_SAM_ICONS]
    i8 sam_extra_workers[N_WTYPES]           # workers taken from his worker bag at setup (hard), by type
    i8 sam_worker_bag                        # bag (0-based) of his setup workers
    i8 sam_bag_workers                       # random tiles drawn from it onto his board
    i8 sam_discs                             # discs in his supply at the start
    i8 sam_side                              # his building tiles' side (0 a, 1 b)
    i8 sam_first_city                        # city of his first delivery
    i8 sam_reveal_per_cowboy                 # market cards a cowboy he cannot use reveals
    i32 sam_breeds                           # breeds he may buy or take (never Simmental)
    i8 sam_buy_option[MAX_BUY]               # 1: a buy option he uses
    i8 sam_route                             # 0: shortest to Kansas City, 1: most steps (solo.options.route)
    i8 sam_hire_top_left                     # 1: hire_same_type = top_left
    i8 sam_cattle_dollars_first              # 1: equal purchases -> fewest dollars before fewest cowboys
    i8 sam_end_phase_lower_only              # 1: end phase, a worker as lower tile -> skip the column
    i8 sam_most_buildings_counts_sam         # 1: the "most buildings" icon counts his buildings too

cdef struct Player:
    i16 money
    i8 herder                    # trail node, -1 before the first placement
    i8 engine                    # railroad position
    i8 cert                      # index on the certificate track
    i8 perm_certs                # permanent certificates (station masters)
    i8 tokens                    # exchange tokens
    i8 job_token                 # 1 if holding the job-market token
    i8 first_turn_done
    i8 discs[N_DISC]             # discs still on each disc-space group
    i8 workers[N_WTYPES]         # workers per row, printed one included
    i8 tiles[MAX_NUMBERS]        # private tile per number: 0 in supply, 1 on the board, 2 out of the game
    i8 tile_node[MAX_NUMBERS]    # node of the tile when on the board
    i8 station_disc[MAX_STATIONS]
    i8 station_done[MAX_STATIONS]    # upgraded once (never again, even if its disc is moved away)
    i8 city_discs[MAX_CITIES]
    i8 sm_held[MAX_SM]
    i8 hazards[MAX_TILE_TYPES]   # hazard tiles held, by tile type
    i8 section_tiles[MAX_SECTION_COLOURS]    # outlaw / teepee tiles held, by colour (tile_sub)
    i8 objectives[MAX_OBJ]       # objective cards in the objective area, by type
    i8 hand[MAX_CARD_IDS]        # cards in hand, by card id
    i8 hand_n
    i8 draw_n
    i8 discard_n
    i8 draw[MAX_DECK]            # draw pile, top = draw[draw_n - 1]
    i8 discard[MAX_DECK]         # discard pile, top = discard[discard_n - 1]
    i8 removed[MAX_CARD_IDS]     # cards removed from the game (aux 5, Simmental upgrades)
    # statistics for the game record
    i16 turns
    i16 kc_visits
    i16 deliveries
    i16 delivery_value
    i16 workers_hired
    i16 buildings_built
    i16 buildings_replaced
    i16 sm_taken
    i16 hazards_removed
    i16 bounties
    i16 cards_bought
    i16 fees_paid
    i16 fees_received
    i16 objectives_gained
    i16 stations_upgraded
    i16 income_total

# What one turn of Sam's did (rewritten each turn), read by readable logs: his card, his walk, then
# one event per thing that happened (SAM_EV_*).
cdef struct SamTurn:
    i32 turn                     # turn number of his last turn (0: none yet)
    i8 card                      # card number played
    i8 steps                     # locations the card allowed
    i8 walk_n                    # locations entered
    i8 walk[MAX_SAM_WALK]        # the walk's locations (trail nodes)
    i16 fee_to_human             # dollars the bank paid the human for this walk
    i8 n_events
    i8 kind[MAX_SAM_EVENTS]      # SAM_EV_*
    i16 a[MAX_SAM_EVENTS]
    i16 b[MAX_SAM_EVENTS]

# Sam's own state beside his seat's Player (his board, herder, engine, tiles, discs on cities and
# stations, hazards, outlaws, objective cards and bought cattle live there; his money, hand, draw
# pile and disc spaces stay empty). Zero outside solo games.
cdef struct Sam:
    i8 specialisation            # W_*: the specialisation tile
    i8 discs                     # discs left in his supply beside his board
    i8 engine_off                # 1 once his engine left the track (engine cards do nothing)
    i8 last_city                 # city of his last delivery, -1 before the first
    i8 deck_n                    # his draw pile (hidden order): card numbers, top = deck[deck_n - 1]
    i8 deck[MAX_SAM_CARDS]
    i8 discard_n                 # his discard pile (face up), top = discard[discard_n - 1]
    i8 discard[MAX_SAM_CARDS]
    i8 card                      # card being played (0 between turns)
    i16 played[MAX_SAM_CARDS]    # times each card (by number - 1) was played
    i16 fees_to_human            # dollars the bank paid the human because of his walks
    i16 cowboy_reveals           # market cards he revealed (cowboys he could not use, card #13)
    SamTurn last                 # his last turn

cdef struct Game:
    i8 n_players
    i8 current                   # whose turn it is
    i8 terminal
    i8 end_triggered             # the job-market token has left the board
    i8 end_player                # who triggered the end
    i8 last_turns_left           # turns still to play after the triggering turn
    i8 no_worker_picks           # KC steps 2/3 may not take workers (end phase)
    i8 moved                     # set by a herder move (MovePurpose): use the new location / end phase B
    i32 bank_net                 # money the bank paid out minus money paid to it (money invariant)
    i16 tiles_gone               # tiles that left the game (no free space for them)
    i32 turn_number
    i32 decisions
    i8 sides[MAX_NUMBERS]        # drawn building side per number (0 = a, 1 = b)
    i8 layout[MAX_NEUTRAL]       # neutral building on each neutral space
    i8 sm_station[SM_SPACES]     # station master on stations 1..5, -1 once taken
    i8 sm_drawn[SM_SPACES]       # as drawn at setup (for the record)
    # board
    i8 node_building[MAX_NODES]  # building id on the node, or -1
    i8 node_owner[MAX_NODES]     # owner of a private building, -1 for neutral / none
    i8 node_tile[MAX_NODES]      # hazard / section tile type on the node, or -1
    i8 rail_occ[MAX_RAIL]        # player + 1 whose engine stands there (start space: 0)
    i8 job[MAX_JOB_ROWS][MAX_JOB_COLS]    # worker type per job-market space, -1 empty
    i8 token_row                 # row of the job-market token (== job_rows once it left)
    i8 token_fill                # next column (0-based among used columns) to fill in the token row
    i8 foresight[N_BAGS][MAX_FORESIGHT_ROWS]
    i8 bag_n[N_BAGS]
    i8 bag[N_BAGS][MAX_BAG]
    i8 market[MAX_CARD_TYPES]    # face-up market cards by type
    i8 market_n
    i8 market_deck_n
    i8 market_deck[MAX_MARKET_DECK]
    i8 supply[MAX_BREEDS]        # Simmental supply beside Kansas City, by breed
    i8 obj_display[4]
    i8 obj_stack_n
    i8 obj_stack[MAX_OBJ * 2]
    Player p[MAX_PLAYERS]
    # randomness (setup draws are finished before play)
    Xoshiro256 rng_market
    Xoshiro256 rng_objectives
    Xoshiro256 rng_bags
    Xoshiro256 rng_deck[MAX_PLAYERS]
    Xoshiro256 rng_sam           # Sam's deck (solo mode): the setup shuffle and every reshuffle
    Sam sam                      # the solo mode's opponent (zero outside solo games)
    # local actions used this turn: each may be used only once per turn, also through an adjacent
    # building (6b); cleared when a turn starts
    i8 used_building[MAX_NODES]  # building on the node whose local actions used_slots counts
    i8 used_slots[MAX_NODES]     # bit i: local-action slot i used this turn (slot 3: the space's risk action)
    # decision stack
    i8 sp
    Frame stack[MAX_FRAMES]
    # ended-game results
    i16 score[MAX_PLAYERS][N_SCORES]
    i16 sm_points[MAX_PLAYERS][MAX_SM]      # VP from each station master's lower half
    i16 total[MAX_PLAYERS]


# ----------------------------------------------------------------------------- bit sets and byte arrays

cdef extern from *:
    int __builtin_ctzll(unsigned long long x) nogil

cdef inline int is_requirement(int op) noexcept nogil:
    """Verbs that may keep an action from being taken (verbs.steps_feasible checks them): a payment,
    a discard, an exact backward engine move, a choice among actions."""
    return op == OP_PAY_MONEY or op == OP_DISCARD or op == OP_ENGINE_BACK or op == OP_CHOICE

cdef inline int lowest_bit(u64 x) noexcept nogil:
    """Index of the lowest set bit of a non-empty bit set (iterate: i = lowest_bit(s); s &= s - 1)."""
    return __builtin_ctzll(x)

cdef inline int any_nonzero(const i8* a, int n) noexcept nogil:
    """Is any of the n bytes non-zero (8 at a time)?"""
    cdef u64 w
    cdef int i = 0
    while i + 8 <= n:
        memcpy(&w, a + i, 8)
        if w:
            return 1
        i += 8
    while i < n:
        if a[i]:
            return 1
        i += 1
    return 0

# ----------------------------------------------------------------------------- the decision stack

# The three functions of a frame kind (registered in flow.pyx):
#   resume(g, r, f) -> 1 if the frame now waits for a decision, 0 if it changed the stack itself
#   legal(g, r, f, out) -> number of legal actions written to out
#   apply(g, r, f, action)
ctypedef int (*resume_fn)(Game* g, const Rules* r, Frame* f) noexcept nogil
ctypedef int (*legal_fn)(Game* g, const Rules* r, Frame* f, i16* out) noexcept nogil
ctypedef void (*apply_fn)(Game* g, const Rules* r, Frame* f, int a) noexcept nogil

cdef inline Frame* top(Game* g) noexcept nogil:
    return &g.stack[g.sp - 1]

cdef inline Frame* push(Game* g, int kind) noexcept nogil:
    """Push a zeroed frame of `kind` for the current player."""
    cdef Frame* f
    if g.sp >= MAX_FRAMES:
        g.terminal = 2          # engine fault: reported by GameState
        return &g.stack[MAX_FRAMES - 1]
    f = &g.stack[g.sp]
    memset(f, 0, sizeof(Frame))
    f.kind = kind
    f.player = g.current
    g.sp += 1
    return f

cdef inline void pop(Game* g) noexcept nogil:
    g.sp -= 1

cdef inline Frame* push_action(Game* g, const Rules* r, int action) noexcept nogil:
    """Run the steps of an action (nothing for -1)."""
    cdef Frame* f
    if action < 0:
        return NULL
    f = push(g, F_ACTION)
    f.args.action.action = action
    return f

# ----------------------------------------------------------------------------- money and cards

cdef inline void add_money(Game* g, int pl, int delta) noexcept nogil:
    """Money from (delta > 0) or to (delta < 0) the bank; the ledger backs the money invariant."""
    g.p[pl].money += delta
    g.bank_net += delta

cdef inline int is_objective_card(const Rules* r, int c) noexcept nogil:
    return c >= r.n_card_types

cdef inline void discard_from_hand(Game* g, int pl, int c) noexcept nogil:
    cdef Player* p = &g.p[pl]
    p.hand[c] -= 1
    p.hand_n -= 1
    p.discard[p.discard_n] = c
    p.discard_n += 1

cdef inline void gain_to_discard(Game* g, int pl, int c) noexcept nogil:
    cdef Player* p = &g.p[pl]
    p.discard[p.discard_n] = c
    p.discard_n += 1

cdef inline void mark_local_used(Game* g, int node, int building, int slot) noexcept nogil:
    """Record that a local action (slot 3: the risk action) of the building on `node` was used this turn."""
    if g.used_building[node] != building:
        g.used_building[node] = building
        g.used_slots[node] = 0
    g.used_slots[node] |= 1 << slot

cdef inline void move_engine_to(Game* g, int pl, int pos) noexcept nogil:
    if g.p[pl].engine != 0:
        g.rail_occ[g.p[pl].engine] = 0
    g.p[pl].engine = pos
    if pos != 0:
        g.rail_occ[pos] = pl + 1

# ----------------------------------------------------------------------------- state.pyx

# Setup: memset, the variant drawn from the game seed (random sides, layout, station masters: each
# knob from its own stream of STREAM_VARIANT), the board, the market, objectives and the players.
# Returns a SetupError (SETUP_OK = 0).
cdef int setup_game(Game* g, const Rules* r, u64 seed) noexcept nogil
# The variant knobs of one game (what setup_game draws), without setting up a game; returns the
# number of layout entries (layout needs room for MAX_BUILDINGS).
cdef int draw_variant(const Rules* r, u64 seed, i8* sides, i8* layout, i8* masters) noexcept nogil

# Board mutators shared by the rules modules.
cdef int draw_card(Game* g, const Rules* r, int pl) noexcept nogil
cdef int bag_draw(Game* g, int bag) noexcept nogil
cdef int free_tile_space(Game* g, const Rules* r, int t) noexcept nogil
cdef void refill_market(Game* g, const Rules* r) noexcept nogil
cdef void reveal_market(Game* g, int n) noexcept nogil
cdef void job_market_add(Game* g, const Rules* r, int worker_type, int in_setup) noexcept nogil
cdef void place_tile(Game* g, const Rules* r, int t) noexcept nogil
cdef void refill_display(Game* g, int slot) noexcept nogil
# Take the objective display card in `slot`: refill the slot, or (obj_display_slide) slide the cards
# nearer the stack one slot away from it and refill slot 0. Returns the card type.
cdef int take_display_card(Game* g, const Rules* r, int slot) noexcept nogil

# Redraw everything `me` cannot know (policies that look ahead; the no-cheating test).
cdef void resample_hidden(Game* g, const Rules* r, int me, Xoshiro256* rng) noexcept nogil
