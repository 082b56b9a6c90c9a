# Expert: a search over whole walks of the herder (the choice of where to stop each turn), each
# candidate played out on redrawn copies by the heuristic for a few turns of every player and valued
# by a value model (strategies/values/*.toml) or, once the game ends, by the final scores.
from gwt_sim.engine.game cimport GameState
from gwt_sim.engine.policy cimport CompiledPolicy
from gwt_sim.engine.rng cimport Xoshiro256
from gwt_sim.engine.state cimport MAX_PLAYERS
from gwt_sim.engine.typedefs cimport i16
from strategies.heuristic cimport HeuristicPolicy
from strategies.planner cimport PlannerPolicy

cdef enum:
    MAX_WALK_STEPS = 16      # decisions of one walk (objective cards, exchange token, steps, stop)
    MAX_CANDIDATES = 48      # distinct stops searched in one turn
    MAX_SAMPLES = 64         # redraws of one search
    MAX_FINISHERS = 6        # profiles tried for finishing the chosen walk's turn
    MAX_TURN_DECISIONS = 64  # decisions of one turn's rest compared between profiles
    # scratch states (ExpertPolicy.scratch), each reused for one kind of copy: a walk's states (one per
    # depth), a search's redraw and its try, the finisher search's redraw and its try, the own walk
    SLOT_WALK = 0
    SLOT_BASE = MAX_WALK_STEPS + 1
    SLOT_TRIAL = MAX_WALK_STEPS + 2
    SLOT_FIN_BASE = MAX_WALK_STEPS + 3
    SLOT_FIN_TRIAL = MAX_WALK_STEPS + 4
    SLOT_OWN_WALK = MAX_WALK_STEPS + 5
    N_SLOTS = MAX_WALK_STEPS + 6

cdef struct Candidate:
    i16 path[MAX_WALK_STEPS]   # the walk's decisions, in order
    int n                      # its length
    int stop                   # the node the herder ends on (the candidate's key)
    int money                  # money left after the walk (of walks to one stop, the one keeping most)
    double total               # summed value over the samples
    int alive                  # still tried (sequential halving drops the worse half)
    double vals[MAX_SAMPLES]   # its value on each redraw (the finishers are compared redraw by redraw)

cdef class ExpertPolicy(CompiledPolicy):
    cdef HeuristicPolicy inner                 # the heuristic: every decision but the walk, and its prior
    cdef list sims                             # HeuristicPolicy per seat: play the candidates out
    cdef list rival_sims                       # HeuristicPolicy per seat: rivals' turns after rival_loop_turns (or None)
    cdef readonly int rival_loop_turns         # rival_loop_turns= as given (0: by player count, expert.RIVAL_LOOP_TURNS)
    cdef int rival_loop_turns_of[MAX_PLAYERS + 1]  # per player count: the expert's play-out turns during which rivals plan whole loops
    cdef PlannerPolicy valuer                  # its value model values a played-out position
    cdef readonly str profile_name
    cdef readonly str value_name
    cdef readonly int samples                  # samples= as given (0: by player count, expert.BUDGET)
    cdef readonly int horizon                  # horizon= as given (-1: by player count, expert.BUDGET)
    cdef int samples_of[MAX_PLAYERS + 1]       # per player count: redraws of the hidden information per search
    cdef int horizon_of[MAX_PLAYERS + 1]       # per player count: own turns each walk is played out for (0: to the end)
    cdef int n_samples                         # this search's (the game's player count)
    cdef int n_turns
    cdef readonly double prior                 # VP added to the heuristic's own walk
    cdef readonly double lead                  # lead= as given (-1: by player count, expert.LEAD)
    cdef double lead_of[MAX_PLAYERS + 1]       # per player count: weight of the rivals' mean estimate (1: the lead, 0: own score)
    cdef readonly long searches                # walk searches made (statistics for benchmarks)
    cdef readonly long candidates              # candidate walks listed over those searches
    cdef readonly long tried                   # play-outs made
    cdef readonly bint halving                 # sequential halving of the candidates over the samples
    cdef readonly str finish_names             # finish= as given ('+'-joined profile names; '': none)
    cdef list finishers                        # HeuristicPolicy per finish profile: the real turn's rest
    cdef list finisher_sims                    # HeuristicPolicy per finish profile: the tried turns' rest
    cdef int n_fin
    cdef readonly double finish_prior          # VP a finisher must beat the own profile by
    cdef readonly long finished                # turns whose rest a finisher played (statistics)
    cdef readonly double builder_prior         # VP per builder hired x part of the game left, on every estimate
    cdef HeuristicPolicy finisher              # plays the rest of turn `finish_turn` (None: `inner`)
    cdef int finish_turn
    cdef readonly int widen                    # widen= as given (-1: by player count, expert.WIDEN)
    cdef int widen_of[MAX_PLAYERS + 1]         # per player count: the most walks searched (0: all)
    cdef readonly bint plan_forced             # its heuristics plan a turn whose first step was forced (HeuristicPolicy)
    cdef readonly double endgame               # VP per share of the win added to a play-out's value in the endgame (0: off)
    cdef readonly double endgame_from          # game progress (0..1; 1: the end triggered) from which a search is the endgame's
    cdef bint endgame_on                       # this search values play-outs by winning too
    cdef readonly bint last_turn               # once the end is triggered every decision of its turn is searched
    cdef readonly long last_searches           # decisions of last turns searched (statistics)
    cdef readonly long last_changed            # of them, decided otherwise than its heuristic would
    cdef Xoshiro256 redraw_rng[MAX_SAMPLES]    # the search stream before each redraw (replayed for finishers)
    cdef unsigned long long redraw_seed[MAX_SAMPLES]  # each redraw's play-out seed
    cdef Candidate cand[MAX_CANDIDATES]
    cdef int n_cand
    cdef i16 plan[MAX_WALK_STEPS]              # the chosen walk, followed decision by decision
    cdef int plan_n
    cdef int plan_i
    cdef int me
    cdef int turn
    cdef list scratch                          # GameState per SLOT_*: copies reuse them (copy_to)
    cdef GameState copy_to(self, int slot, GameState src)
    cdef void begin_search(self, GameState state, bint endgame_on)
    cdef GameState redrawn(self, int slot, GameState state, Xoshiro256* rng)
    cdef int search(self, GameState state, const i16* legal, int n) except? -1
    cdef int search_last(self, GameState state, const i16* legal, int n, HeuristicPolicy pol) except? -1
    cdef int keep_top(self, const double* score, int first, int keep, int* last) noexcept
    cdef int keep_planned(self, int own_c, int keep) noexcept
    cdef int keep_best(self, int own_c, int keep, int samples) noexcept
    cdef int enumerate_walks(self, GameState s, i16* path, int depth) except -1
    cdef int heuristic_walk(self, GameState state, i16* path) except -1
    cdef double play_out(self, GameState s, unsigned long long seed) except? -1e18
    cdef double estimate(self, GameState s, int pl, double rem) noexcept
    cdef int choose_finisher(self, GameState state, int best_c) except -2
    cdef int finish_turn_with(self, GameState s, HeuristicPolicy pol, unsigned long long seed,
                              i16* taken) except -1
