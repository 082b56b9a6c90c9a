# Heuristic bot archetypes: one valuation model, weighted by a profile.
from gwt_sim.engine.game cimport GameState
from gwt_sim.engine.policy cimport CompiledPolicy
from gwt_sim.engine.state cimport MAX_ACTIONS, MAX_ARROWS, MAX_BREEDS, MAX_BUY, MAX_CARD_IDS, MAX_CARD_TYPES, MAX_CITIES, MAX_NODES, MAX_NUMBERS, MAX_OBJ, MAX_PRIVATE_SPACES, MAX_SECTION_COLOURS, MAX_STEPS, N_COUNTERS, MAX_TASKS, Frame, Game, Player, Rules
from gwt_sim.engine.typedefs cimport i8, i16, u64
from libc.stdint cimport uint32_t as u32

cdef enum:
    WT_MONEY_EARLY = 0
    WT_MONEY_LATE
    WT_COWBOY
    WT_BUILDER
    WT_ENGINEER
    WT_WORKER_ROW_VP
    WT_BUILDING_VP
    WT_BUILDING_USE
    WT_FEE_INCOME
    WT_ENGINE_STEP
    WT_STATION
    WT_STATION_MASTER
    WT_CERTIFICATE
    WT_OBJECTIVE
    WT_HAZARD
    WT_CATTLE_VP
    WT_BREEDING
    WT_DELIVERY
    WT_KC_HAND_TARGET
    WT_KC_URGENCY
    WT_FEE_OPPONENT
    WT_DISC_AUX
    WT_DISC_HAND
    WT_DISC_STEP
    WT_DISC_CERT
    WT_DENY
    WT_EXCHANGE
    WT_THIN_DECK
    WT_AUX_BIAS
    WT_TURN_COST
    WT_TARGET_COWBOYS        # plan targets (0: no target), in the order of the worker types
    WT_TARGET_BUILDERS
    WT_TARGET_ENGINEERS
    WT_TARGET_HAND
    WT_TARGET_STATIONS
    WT_TARGET_OBJECTIVES
    WT_TARGET_SMS
    WT_PLAN_BONUS
    WT_BIG_FROM
    WT_BIG_BONUS
    WT_OBJECTIVE_PURSUIT
    WT_OBJ_PLAY_MISSING
    WT_SPACE_EARLY
    N_WEIGHTS

cdef struct Known:
    double val           # a memoised value
    u32 at               # the decision stamp it was computed in (valid when == Memo.stamp)

cdef struct RulesCache:
    # What the heuristic derives from the rules alone, once per rules handle (HeuristicPolicy.set_rules).
    i16 canon[MAX_STEPS]            # one number per verb and arguments (the same estimate), dense from 0
    double shares[MAX_SECTION_COLOURS]   # section_task_shares
    int colour_codes[MAX_SECTION_COLOURS][N_COUNTERS]   # counters of section tiles of one colour, in order
    int n_colour_codes[MAX_SECTION_COLOURS]
    int obj_tasks[MAX_OBJ][MAX_TASKS]    # the tasks each objective card asks for (obj_need > 0), in order
    int n_obj_tasks[MAX_OBJ]
    int city_codes[MAX_CITIES][N_COUNTERS]   # counters of discs on each city, in order
    int n_city_codes[MAX_CITIES]
    double early[MAX_NODES]         # 1 on the private space nearest the trail's start .. 0 on the farthest
    u64 buy_types[MAX_BUY]          # the card types each buy option takes (its breeds), bit per type
    int city_arrows[MAX_CITIES][MAX_ARROWS]       # the arrows between each city and another, in order
    int city_arrow_other[MAX_CITIES][MAX_ARROWS]  # (the other city)
    int n_city_arrows[MAX_CITIES]
    int breed_codes[MAX_BREEDS][N_COUNTERS]       # the deck counters counting each breed, in order
    int n_breed_codes[MAX_BREEDS]
    u64 code_types[N_COUNTERS]      # the card types a deck counter counts (its breeds), bit per type

cdef struct Memo:
    # Values that stay true for one decision (the state does not change while the policy decides),
    # kept by the policy between decisions and invalidated by a new stamp instead of being cleared;
    # each value beside its stamp (one cache line).
    u32 stamp                       # the current decision's stamp (never 0)
    Known step[6][MAX_STEPS]        # est_step per (nest 1..3, depth > 0) and canonical number
    u32 feasible[MAX_ACTIONS]       # action_feasible per action: 2 * stamp + feasible
    Known use[4][32]                # building_use per nesting level and building id
    u32 pull_at                     # task_pull per counter code, all computed on first use
    double pull[32]
    Known city[16][MAX_CITIES]      # best_city's city_gain per (nest, depth > 0, with transport)
    Known aux_single[8]             # best single auxiliary action (the same on every location) per nest and depth>0
    Known card[MAX_CARD_TYPES]      # card_value per cattle card type
    Known objective[MAX_OBJ]        # objective_value per objective card
    u32 missing_at[MAX_OBJ]         # objective_missing per objective card: valid when == stamp
    int missing[MAX_OBJ]
    u32 disc_at[2]                  # best_disc per target corner (white, dark): valid when == stamp
    int disc_best[2]
    double disc_val[2]
    # next_locations per node, kept across decisions (and rules handles: set_rules clears nxt_valid):
    # an entry stays valid while none of the nodes its answer depends on (the locations found and the
    # empty spaces passed, nxt_dep) changes whether it is a location. The board's buildings and tiles
    # as last seen are in nxt_building / nxt_tile, compared once per decision (nxt_at).
    u64 nxt[MAX_NODES]
    u64 nxt_dep[MAX_NODES]
    u64 nxt_valid                   # bit per node: nxt[node] valid
    u32 nxt_at
    i8 nxt_building[MAX_NODES]
    i8 nxt_tile[MAX_NODES]

cdef struct Ctx:
    Game* g
    Memo* m
    const RulesCache* rc # what the policy derived from the rules
    const Rules* r
    const double* w
    int me
    Player* p
    double t             # game progress 0..1 (job market filled)
    double rem           # what is left of the game, 1 - t
    double vm            # VP per dollar now
    int depth            # nesting guard (herder moves, adjacent buildings)
    int nest             # nesting of action estimates (an action's value may look at another's)
    bint backward_loop   # the rest of the loop summed up backwards (HeuristicPolicy.backward_loop)
    bint keep_stops      # the plan notes each stop's best walk value (Plan.stop_best; HeuristicPolicy.keep_stops)
    int deficit[MAX_TASKS]   # items each objective task still needs (task_deficit), once per decision
    int deficit_known        # bit t: deficit[t] computed
    int need[MAX_TASKS]      # items the objective area's cards ask for per task (with the first deficit)
    i8 owned[MAX_CARD_IDS]       # cards of each id owned (hand, draw and discard piles), once per decision
    int owned_known          # owned, obj_owned, obj_area made (scan_owned)
    u64 obj_owned            # objective cards owned (hand, draw and discard piles), bit per card
    u64 obj_area             # objective cards in the objective area, bit per card
    int group_hand[MAX_BREEDS]   # cattle cards in hand per breed income group (hand_counts)
    int breed_hand[MAX_BREEDS]   # cattle cards in hand per breed (hand_counts)
    int hand_known
    int spaces[MAX_PRIVATE_SPACES]   # distinct_empty_spaces, once per decision
    int n_spaces
    int spaces_known
    int built[MAX_NUMBERS]           # the numbers of the player's buildings on the board, once per decision
    int n_built
    int built_known
    u64 rail_targets                 # the engine's forward rail_targets for rail_lo..rail_hi steps
    int rail_lo
    int rail_hi
    int rail_known
cdef struct LoopPlan:
    # per node, valid when seen (loop_first): computed once per plan (they do not depend on the path)
    char seen[64]
    double fee[64]       # fee_cost of passing the node
    double visit[64]     # value of stopping on the node for a turn (Kansas City: kc_value)
    double val[64]       # best value of the rest of the loop with the herder standing on the node
    # the backward sum's (Ctx.backward_loop) only:
    double stop[64]      # visit - turn_cost + val (Kansas City: visit - turn_cost): what stopping there brings
    double within[64][16]  # within[x][d]: the best stop's stop[] minus the fees paid on the way, over the
                           # walks of 1..d + 1 locations from x (not past Kansas City)
    u64 nxt[64]          # next_locations of a node (valid when nknown)
    char nknown[64]
cdef struct Plan:
    double best
    int path[16]
    int n
    int cur[16]
    double visit[64]     # visit value per node, computed once per plan (NaN-free: see known)
    char known[64]
    double stop_best[64] # with Ctx.keep_stops: the best walk's value per stop (NEG: none reaches it)


cdef class HeuristicPolicy(CompiledPolicy):
    cdef double w[N_WEIGHTS]       # profile weights, PROFILE_FIELDS order
    cdef int plan[16]              # planned herder path (nodes), followed step by step
    cdef int plan_n
    cdef int plan_i
    cdef int plan_turn
    cdef readonly str profile_name
    cdef readonly bint backward_loop   # the rest of the loop summed up backwards (loop_rest_backward)
    cdef readonly bint plan_forced     # a turn whose first step was forced is planned (d_move)
    cdef bint keep_stops               # its turn plans keep each stop's value (stop_best; the expert's ranking of walks)
    cdef double stop_best[64]          # the last turn plan's best walk value per stop (NEG: unreached)
    cdef int stop_turn                 # the turn that plan was made in (-1: none)
    cdef Memo memo                 # per-decision memos (see Memo)
    cdef RulesCache rc             # derived from the rules of canon_rules
    cdef object canon_rules        # the RulesHandle rc was made for
    cdef void set_rules(self, GameState state) noexcept
    cdef int decide(self, Ctx* c, Frame* f, const i16* legal, int n) noexcept
    cdef void store_plan(self, Ctx* c, Plan* pl) noexcept
    cdef int follow_plan(self, Ctx* c, const i16* legal, int n) noexcept
    cdef int turn_extras(self, Ctx* c, const i16* legal, int n, int in_phase_b) noexcept
    cdef int phase_b(self, Ctx* c, Frame* f, const i16* legal, int n, int adjacent) noexcept
    cdef int engine(self, Ctx* c, Frame* f, const i16* legal, int n) noexcept
    cdef int sm_worker(self, Ctx* c, Frame* f, const i16* legal, int n) noexcept
    cdef int worst_card(self, Ctx* c, const i16* legal, int n) noexcept
    cdef int best_card_of(self, Ctx* c, const i16* legal, int n) noexcept
    cdef int remove_card(self, Ctx* c, const i16* legal, int n) noexcept
    cdef int foresight(self, Ctx* c, Frame* f, const i16* legal, int n) noexcept
    cdef int income(self, Ctx* c, const i16* legal, int n) noexcept

