# The decision stack. A game is a stack of frames: the top frame is either a decision waiting for
# the current player's action or a control frame that runs by itself (see flow.pyx). Each frame kind
# has its own small argument struct; the `Frame` union holds one of them, so a frame stays 14 bytes
# and the whole game state stays flat (clone = memcpy). Frames are zeroed when pushed.
#
# Each kind's resume / legal / apply functions live in the module named after it below and are
# registered in flow.pyx.

from gwt_sim.engine.typedefs cimport i8, i16

# Frame kinds. Decision frames wait for a player's action; control frames run by themselves.
cdef enum:
    F_GAME = 0                   # control: the root; runs turns and ends the game          (turn)
    F_TURN = 1                   # control: a player's whole turn                           (turn)
    F_FIRST_DISCARD = 2          # decision: first turn, discard down to 4                  (turn)
    F_FIRST_PLACE = 3            # decision: first turn, herder onto a neutral building     (turn)
    F_BEFORE_MOVE = 4            # decision: objectives / exchange token / first step of phase A (turn)
    F_MOVE = 5                   # decision: continue moving the herder or stop             (turn)
    F_PHASE_B = 6                # decision: local actions, single aux, objectives, exchange, end phase B (turn)
    F_ACTION = 7                 # control: run the steps of one action                     (turn)
    F_DISCARD = 8                # decision: choose cards for a discard requirement         (verbs)
    F_HIRE = 9                   # decision: which worker to hire                           (verbs)
    F_BUY = 10                   # decision: cattle purchases                               (verbs)
    F_BUY_SECOND = 11            # decision: second card of a 2-card purchase               (verbs)
    F_BUILD = 12                 # decision: which building where                           (verbs)
    F_ENGINE = 13                # decision: engine destination (forward / back / end of track) (railroad)
    F_UPGRADE = 14               # decision: upgrade the station at the engine              (railroad)
    F_DISC = 15                  # decision: which disc to take from the board              (railroad)
    F_SM = 16                    # decision: take the station master (give up a worker)     (railroad)
    F_DELIVER = 17               # control: place a disc on a city and apply its effects    (kansas_city)
    F_OBJ_TAKE = 18              # decision: which objective card to take                   (verbs)
    F_AUX_CHOOSE = 19            # decision: which aux action (verb aux)                    (verbs)
    F_BOUNTY = 20                # decision: which outlaw (bounty) / teepee (trade with Indians) (verbs)
    F_HAZARD = 21                # decision: which hazard                                   (verbs)
    F_HERDER = 22                # decision: move_herder steps                              (turn)
    F_DRAW_COUNT = 23            # decision: how many cards to draw (draw_discard up to N)  (verbs)
    F_DISCARD_N = 24             # decision: discard cards after drawing                    (verbs)
    F_REMOVE_CARDS = 25          # decision: cards removed from the game                    (verbs)
    F_ADJACENT = 26              # decision: which adjacent building                        (verbs)
    F_ADJ_ACTIONS = 27           # decision: local actions of the adjacent building         (verbs)
    F_EXTRA_DELIVERY = 28        # decision: engine back for an extraordinary delivery      (kansas_city)
    F_CITY = 29                  # decision: delivery city                                  (kansas_city)
    F_STATION_BEHIND = 30        # decision: station behind the engine                      (railroad)
    F_OPTION = 31                # decision: either/or                                      (verbs)
    F_KC = 32                    # control: Kansas City steps                               (kansas_city)
    F_FORESIGHT = 33             # decision: foresight tile of a column                     (kansas_city)
    F_INCOME = 34                # decision: certificates spent at income (and exchange token) (kansas_city)
    F_SIMMENTAL = 35             # decision: Simmental upgrades                             (kansas_city)
    F_EXCHANGE = 36              # decision: cards drawn for an exchange token              (verbs)
    F_PHASE_C = 37               # control: refill the hand                                 (turn)
    F_SAM_TURN = 38              # forced: a whole turn of Sam's (solo mode), his one legal action (sam)
    N_FRAMES = 39

# What a turn does when its frame resumes (TurnArgs.stage).
cdef enum TurnStage:
    TURN_START = 0               # nothing done yet: count the turn, then first turn or phase A
    TURN_FIRST_PLACEMENT = 1     # first turn, the discard down to 4 is done: place the herder
    TURN_PHASE_B = 2             # phase A (or the first placement) is done: visit the location
    TURN_PHASE_C = 3             # phase B is done: refill the hand
    TURN_END = 4                 # phase C is done: the turn ends

# Kansas City steps (KcArgs.step): foresight columns 0..N_BAGS-1 first, then these.
cdef enum KcStep:
    KC_FORESIGHT = 0             # + column: take a tile from that foresight column
    KC_INCOME = 3                # = N_BAGS: income (certificates spent, exchange token)
    KC_SIMMENTAL = 4             # Simmental upgrades (variant)
    KC_DELIVERY = 5              # discard the hand, choose the city
    KC_END = 6                   # herder back to the start, foresight refilled

# Why a herder moves (MoveArgs.purpose) and what happens after (Game.moved holds it once moved).
cdef enum MovePurpose:
    MOVE_PHASE_A = 0             # the turn's phase A
    MOVE_USE_LOCATION = 1        # a building's herder move: phase B continues at the new location
    MOVE_END_PHASE_B = 2         # a building's herder move that ends phase B

# Engine moves (EngineArgs.mode).
cdef enum EngineMode:
    ENGINE_FORWARD = 0           # forward min..max counted steps, may stop (decline)
    ENGINE_BACK = 1              # exactly back (a requirement)
    ENGINE_END_OF_TRACK = 2      # after reaching the end: back to any free space

# Where a disc taken from the board goes (DiscArgs.purpose).
cdef enum DiscFor:
    DISC_FOR_CITY = 0
    DISC_FOR_STATION = 1

# Deliveries (CityArgs.mode, DeliverArgs.mode) and their steps (DeliverArgs.step).
cdef enum DeliveryMode:
    DELIVERY_KANSAS_CITY = 0     # the turn's delivery: transport cost paid
    DELIVERY_EXTRAORDINARY = 1   # building 9a: no income, no transport cost
cdef enum DeliveryStep:
    DELIVER_PLACE_DISC = 0       # take a disc for the city
    DELIVER_EFFECTS = 1          # statistics, arrows, the city's own effect
    DELIVER_PAY = 2              # transport cost, then done

# ----------------------------------------------------------------------------- argument structs

cdef struct RootArgs:            # F_GAME
    i16 started                  # 0 before the first turn

cdef struct TurnArgs:            # F_TURN
    i16 stage                    # TurnStage: what comes next

cdef struct MoveArgs:            # F_MOVE (phase A) and F_HERDER (a building's herder move)
    i16 moved                    # locations moved so far
    i16 limit                    # at most this many locations
    i16 charge_fees              # 1: hand fees are paid for the locations entered
    i16 may_enter_kc             # 1: Kansas City may be entered
    i16 purpose                  # MovePurpose

cdef struct VisitArgs:           # F_PHASE_B (the herder's location) and F_ADJ_ACTIONS (6b)
    i16 node                     # trail node of the building used
    i16 building                 # building id on it when the visit started (-1: none)
    i16 full_use                 # 1: the building's actions may be used (neutral or own), else only a single aux
    i16 aux_used                 # 1: the single auxiliary action was used (replaces the local actions)
    i16 local_used               # 1: a local action was used here (no single auxiliary action any more)
                                 # (which local actions were used this turn: Game.used_slots)

cdef struct ActionArgs:          # F_ACTION
    i16 action                   # action index (bytecode)
    i16 step                     # next step of it to run

cdef struct DiscardArgs:         # F_DISCARD
    i16 breeds                   # bit mask of the breeds that may be discarded
    i16 count                    # cards still to discard
    i16 kind                     # DISCARD_CARDS / DISCARD_PAIR / DISCARD_OBJECTIVE

cdef struct HireArgs:            # F_HIRE
    i16 cost_delta               # dollars added to the row's hiring cost

cdef struct BuyArgs:             # F_BUY
    i16 cowboys                  # cowboys not used yet this action

cdef struct BuySecondArgs:       # F_BUY_SECOND
    i16 breeds                   # bit mask of the breeds the second card may have

cdef struct BuildArgs:           # F_BUILD
    i16 cost_per_builder         # dollars per builder

cdef struct EngineArgs:          # F_ENGINE
    i16 mode                     # EngineMode
    i16 min_steps                # counted steps, at least
    i16 max_steps                # counted steps, at most

cdef struct StationArgs:         # F_UPGRADE, F_SM
    i16 station                  # station index

cdef struct DiscArgs:            # F_DISC
    i16 corner                   # corner colour of the target space (CORNER_WHITE / CORNER_DARK)
    i16 purpose                  # DiscFor
    i16 target                   # city or station the disc goes to
    i16 reserve                  # dollars a disc's own cost must leave: a delivery's transport cost, paid after it

cdef struct DeliverArgs:         # F_DELIVER
    i16 city                     # city delivered to
    i16 mode                     # DeliveryMode
    i16 step                     # DeliveryStep
    i16 discs_before             # the player's discs on the city before this delivery

cdef struct ObjTakeArgs:         # F_OBJ_TAKE
    i16 to_hand                  # 1: the card goes to the hand, 0: onto the discard pile
    i16 from_stack               # 1: the top of the stack may be taken too
    i16 compulsory               # 1: a card must be taken (city arrows); else it may be declined

cdef struct AuxArgs:             # F_AUX_CHOOSE
    i16 allow_double             # 1: single or double, 0: single only

cdef struct HazardArgs:          # F_HAZARD
    i16 cost                     # dollars to pay

cdef struct DrawCountArgs:       # F_DRAW_COUNT
    i16 most                     # cards that may be drawn at most

cdef struct CardsLeftArgs:       # F_DISCARD_N
    i16 left                     # cards still to discard

cdef struct RemoveArgs:          # F_REMOVE_CARDS
    i16 left                     # cards that may still be removed
    i16 compulsory               # 1: all of them must be removed; 0: may stop

cdef struct CityArgs:            # F_CITY
    i16 mode                     # DeliveryMode
    i16 value                    # the delivery's value: cities up to it may be chosen

cdef struct OptionArgs:          # F_OPTION
    i16 first_action             # action index of option 1 (options are consecutive actions)
    i16 options                  # number of options
    i16 may_decline              # 1: none may be chosen

cdef struct KcArgs:              # F_KC
    i16 step                     # KcStep
    i16 income                   # the value available for delivery (set by income)

cdef struct ForesightArgs:       # F_FORESIGHT
    i16 column                   # foresight column (bag)

cdef struct SimmentalArgs:       # F_SIMMENTAL
    i16 next_breed               # first breed still to consider
    i16 breed                    # the breed being decided

cdef union FrameArgs:
    RootArgs root
    TurnArgs turn
    MoveArgs move
    VisitArgs visit
    ActionArgs action
    DiscardArgs discard
    HireArgs hire
    BuyArgs buy
    BuySecondArgs buy_second
    BuildArgs build
    EngineArgs engine
    StationArgs station
    DiscArgs disc
    DeliverArgs deliver
    ObjTakeArgs obj_take
    AuxArgs aux
    HazardArgs hazard
    DrawCountArgs draw_count
    CardsLeftArgs cards
    RemoveArgs remove
    CityArgs city
    OptionArgs option
    KcArgs kc
    ForesightArgs foresight
    SimmentalArgs simmental

# One entry of the decision stack.
cdef struct Frame:
    i8 kind                      # F_*
    i8 player                    # seat whose turn it was when pushed
    FrameArgs args               # the kind's arguments (see above)
