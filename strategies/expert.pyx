"""Expert: a search over the turn's walk, played out by the heuristic.

Where the herder goes is the decision that shapes a turn: the stop gives the turn's actions, the walk
its fees and hazards, and everything after follows from them. At the first walk decision of a turn
(objective cards, exchange token or the first step of phase A) the expert lists every complete walk
it could make (every sequence of walk decisions up to the stop) and keeps one walk per stop (the one
that keeps the most money), plus the heuristic's own walk (at 4 players at most 8 of them: `widen`
below). It tries each on `samples` copies of the
game whose hidden part (own draw pile, rivals' hands, market deck, bags, future draws) is redrawn
from its own stream, so it never sees what the player may not know; every walk is tried on the same
redraws (common random numbers). After the walk the heuristic (`profile`) plays every seat: the rest
of the turn, the rivals' turns and the expert's next turns until its `horizon`-th next turn begins.
That position is valued by the expert's lead: its estimated final score minus `lead` x the mean of
its rivals' (each: VP as the game stands plus the value model `value`, as the planner's), or the
final scores once the game has ended. With `halving`, after 1, 2, 4... redraws only the better half
of the walks goes on (sequential halving: the budget goes to the walks that might be best). The
heuristic's own walk gets `prior` VP on top, so the expert leaves it only for a walk that plays out
clearly better.

The rest of the chosen walk's turn (the actions at the stop, the Kansas City choices) is played by
one of the heuristic's profiles: its own `profile`, or one of the `finish` profiles (default the four
plan archetypes: builder, cattle, engineer, objectives) when, on the same redraws and play-outs as the
walk search, that profile finishing the turn ends up ahead of the own profile by more than
`finish_prior` VP on average. A finisher that decides the turn's rest exactly as the own profile on
the first redraw is not tried further; with `halving` one that is behind the own profile after 1, 2,
4... redraws is dropped. So the expert hires the builder, buys the high-value cattle or takes the
station master when the play-out says this turn it pays, even where its own profile would not.
Every other decision is the heuristic's own. Its heuristics (its own, the play-outs', the finishers')
sum the rest of the loop up backwards (HeuristicPolicy's backward_loop; 2026-11-27, the heuristic's
default since 2026-11-28): about 9% fewer instructions, the same values up to rounding.

The search budget depends on the player count (BUDGET: samples 8 and horizon 6 at 2 players, 6 and
5 at 3, 3 and 4 at 4: a 2-player game has half the searching seats of a 4-player one and plays half
the turns per round of a play-out, so one budget costs about a quarter as much per game). The settings were
chosen on fixed-seed 2-player games against the planner (1,000 or 2,000 per setting, seeds 5,000,000
on, prior 3 unless named): horizon 2 / 4 / 5 / 6 won 65% / 71% / 73% / 73% with 4 samples (8 samples
added little at horizon 4: the value model's error, not the redraws, limits a short horizon; playing
every walk to the end with 4 samples won 58%: too noisy); at horizon 4, prior 2 / 4.5 / 6 / 8 won 66%
/ 72% / 73% / 69%; halving made 4-player self-play 1.7x faster for the same strength. On
strategy_quality's seeds (4,000,000 on) samples 4 and horizon 4 won only 68.2% at 2 players, samples 8
and horizon 6 73.3%: hence the bigger 2-player budget. The planner's value model (`value=default`)
won 71.6% there with samples 4 and horizon 4 but less at 4 players (47.9% against 51.0% as one seat
among three planners, 1,600 games), and as much with samples 8 and horizon 6 (73.3%). At 4 players,
as one seat among three planners (benchmarks/head_to_head.py, 1,000 games), samples 3 won as much as
4 (49.3% and 49.1%; horizon 3: 47.5%) in 13% less time.

The turn finishers and the profile were chosen on benchmarks/head_to_head.py's seeds (100,000 on; 4
players: one seat among three planners, 1,000 games; 2 players: against the planner, 2,000 games).
Without finishers the expert won 49.3% at 4 players; with the four plan archetypes as finishers
61.3% (samples 2: 56.7%) and 78.1% at 2 players, at about 0.87x the 4-player self-play speed (on
other seeds, 5,000,000 on: the balanced archetype alone as finisher added 3 points at 2 players and
1 at 4, the four archetypes 5.4 and 8). It then raced (4-player self-play winners 72.3 VP in 300
games), so its profile `expert_base` is `fast`'s at a slower tempo, turn_cost 3.0 instead of 3.3:
winners 75.8 VP, 58.2% at 4 players, 78.8% at 2 (turn_cost 2.5: 79.2 VP, 53.5%, 76.1%; but as one
seat among three experts at turn_cost 3.0 it won only 20.6%, par 25%: a slower tempo is weaker).

`lead` depends on the player count (LEAD; 2026-11-27): 1 at 2 and 3 players, 0.5 at 4, where the
rivals' estimate counts half. Valued by the full lead, the expert's search prefers what keeps the
rivals down as much as what raises its own score; at 4 players holding one rival down helps the
other two, and in self-play four players holding each other down keep the games small. At 4
players, on strategy_quality's self-play seeds (400 games) its winners scored 78.3 VP at lead 0.5
against 73.1 at 1; as one seat among three planners it won 57.3% against 58.2% (1,000 games, within
noise), and as one seat among three lead-1 experts 26.4% (par 25%, mean margin -0.08 VP; 800
games): as strong, bigger games (lead 0.25: 81.1 VP, but 52.8% against the planners and 22.6% as
one seat among three lead-0.5 experts; with `fast`'s faster tempo, profile=fast, 75.0 VP and 29.6%
as one seat among three default experts: the tempo trades self-play score for wins). At 2 and 3 players lead 0.5 cost about 3 points against the
planner (2 players: 76.0% against 78.8%, 2,000 games; 3 players, one seat among two planners:
60.5% against 63.3%, 1,000 games; strategy_quality's 2-player matrix 76.3% against 77.9%).
`builder_prior` (2026-11-27) adds 4.3 VP per builder hired x the part of the game left to every
player's estimate. The value model (fast_league: 4.7 VP per builder x the game left at 4 players,
fitted to a league whose builders are played by heuristics that lose with them) made the search
avoid builders: 4-player self-play hired 3 or more in 3.9% of player-games and placed buildings 5-10
in 1-4%, fewer than the heuristic alone (12% with 3 builders); a feature for the VP the builders can
place got no weight when refitted on that league. With the prior, on strategy_quality's self-play
seeds (1,000 games), 22% of player-games hire 3 or more, every building number is placed in at least
4.7% of player-games, and winners score 78.5 VP against 78.1. It costs a little strength against
experts without it: as one seat among three of them it won 22.1% (par 25%, mean margin -2.1 VP;
1,000 games); against the planners it wins as much (4 players: 57.6% against 57.3%; 2 players: 77.3%
against 78.8%, 2,000 games, within noise). 2.5 / 3.3 won 24.8% / 23.5% among experts with 12% / 17%
of player-games hiring 3 builders; 9.3 won 15.6% (44%). It is kept because a balance tool must see
buildings 5-12 played; `builder_prior=0` plays as before.
Tried the same day and not kept: fitting the value model to a league with the expert in the fast seats (57.9%, winners 73.0 VP: no change), finishers that also play the expert's
later turns of their play-outs (52.9%, fewer builders), two finishers instead of four (cattle and
engineer 56.4%, builder and cattle 54.0%, each about 6% less time per decision).

`rival_loop_turns` (2026-11-27) trades strength for speed: with 1 the rivals plan only the turn's
stop (the profile at turn_cost 0) on their play-out turns after the expert's next turn has begun,
about 1.15-1.2x the 4-player games per second (callgrind: 18% fewer instructions); as one seat among
three experts planning whole loops it won 23.9% (22.4-25.5%, par 25%), mean margin -0.80 VP, 3,000
games (with 2, 14% fewer instructions: 23.9%, -0.90 VP), and as one seat among three `fast` 52.2%
against 57.1% (1,500 games): rivals who plan whole loops are modelled worse. It depends on the
player count (RIVAL_LOOP_TURNS; 2026-11-27, later): 2 at 4 players, where issue 11 asks for 10 games/s per
core and whole loops gave about 8.9 on the speed table's machine: side by side 1.16x the 4-player
games per second (with its heuristics' backward loop sum about 10 on that machine), for about 1-2 points of 4-player win share (same seeds, both ways:
55.2% against 57.1% as one seat among three `fast`, 1,500 games; 56.5% against 57.6% among three
planners, 1,000 games; the 23.9% above among experts planning whole loops; with the backward loop
sum too 55.3% and 56.6%); always whole loops at 2
and 3 players, whose speed was not short (benchmarks/results/expert_speed.md).
`widen` (2026-11-28) also trades for speed: a search plays out at most that many walks, the
heuristic's own and those to the stops its turn plan values most (the best walk's value per stop,
HeuristicPolicy.stop_best). It depends on the player count (WIDEN): 8 at 4 players, where a search
lists 7.9 walks on average but many more in some turns, every walk at 2 and 3. The 4-player speed
target had only about the 10 games/s per core the issue asks for (measured again on 2026-11-28: 0.83
and 0.85 of the speed table's build, about 9.6-9.8); widen 8 takes 13% fewer instructions (callgrind,
3 games); as one seat among three experts playing out every walk it won 24.2% (22.7-25.7%, par 25%),
mean margin -0.16 VP (3,000 games), 54.5% as one seat among three `fast` (55.3% before, 1,500
games) and 56.2% among three planners (56.6%, 1,000 games). widen 6 and 4 were faster still (about
1.3x) but won 22.1% among those experts (-0.83 / -0.54 VP, 1,000 games each).
`plan_forced` (2026-11-28): its heuristics (its own, the play-outs', the finishers') plan a turn whose
first step the engine took itself (HeuristicPolicy plan_forced; without it a heuristic stops on that
first location: README "Strategies", the heuristic's options). Its own walks are searched either way, but the
prior's walk, the play-outs (the rivals' turns and its own later ones) and the finishers are the
heuristic's: as one seat among three experts without it it won 28.2% (26.7-29.9%, par 25%), mean
margin +1.82 VP (3,000 games). Later that day plan_forced became the heuristic's default, so the
value model's league (`fast` and the archetypes) plays with it and benchmarks/train_expert.sh fitted
the model again (its profile, `fast`'s weights at turn_cost 3.0, is unchanged: `fast` keeps the
weights trained without the option). As one seat among three experts with the model before, the
expert with the new one won 27.8% (24.3-31.5%, +0.45 VP, 600 games).
Tried the same day for 4 players and not kept (benchmarks/results/head_to_head.md): prior 2 / 3 / 4 /
8 won 22.1% / 26.1% / 27.3% (25.8-28.9%) / 22.2% as one seat among three default experts (3,000
games), prior 4 as much as prior 6 against planners and `fast`, but it hired 3 builders in 17.5% of
self-play player-games (issue 11 asks 20%); with builder_prior 5 too 21.1%, 26.5% (25.0-28.1%) among
default experts and 58.0% against planners, but its self-play winners scored 77.8 VP against 78.5 in
the Second Edition and 76.9 against 80.4 in the First (strategy_quality's seeds), and its mixed-pool
win share fell in the First Edition (63.5% against 64.8%): no clear gain. With rival_loop_turns 1
as well it held par among default experts (24.7%) but won only 53.9% among three `fast`.
Tried the same day and not kept: a cattle prior like the builder prior (VP per breeding value of the
deck's best hand, the value model's best_hand, x the game left; strategy_quality's 4-player
self-play seeds): 1 VP raised breeding value per delivery from 7.22 to 7.48 and winners from 78.7 to
80.8 VP (400 games) at equal strength (24.2% as one seat among three default experts, -0.07 VP,
2,000 games) but hired 3 builders in 19% of player-games against 21%; with builder_prior 5 (1,000
games) 7.31 per delivery, winners 79.3 VP, 23% with 3 builders, 23.8% (22.3-25.4%) among experts,
-0.45 VP; 2.5 / 6 VP: 7.65 / 7.87 per delivery, 16% / 11% with 3 builders. Issue 11's 9 per delivery
is far beyond what the prior moves.
Tried on 2026-11-28 and not kept (benchmarks/results/head_to_head.md; the deliveries measured by
benchmarks/deliveries.py): the cattle archetype as the expert's profile (7.8-7.9 per delivery; with
builder_prior 8 it kept 29% of player-games at 3 builders, but won 1.2% as one seat among three
default experts), the same without finishers (8.7 per delivery, no builders), the deliveries (income
and city) decided by the cattle profile (7.4), the most valuable city allowed at every delivery (7.39,
24.2% among three default experts): each city counts once, so the order of deliveries matters little;
more per delivery needs bigger hands over the whole game.
`endgame` and `endgame_from` (2026-11-28, ninth session; default 20 from 0.8, `endgame=0`: off): from
`endgame_from` of the game's progress on (the part of the job market filled; 1 once the end is
triggered, when every play-out reaches the end) a search adds `endgame` VP x the expert's share of the
win to each play-out's value: by the final scores where the play-out reached the end, by the
estimates (VP plus the value model) where it did not; equal values share the win. So near the end it
plays to win, not for the average lead. Measured paired (benchmarks/head_to_head.py --baseline: the
expert with and without it in one seat, the same seeds and opponents, 2,000 games each) as one seat
among default experts: at 4 players endgame 20 from 1.0 / 0.9 / 0.8 / 0.7 / 0.5 / 0 won +0.95 / +2.28
/ +2.48 / +2.79 / +1.27 / +2.36 points of win share (paired 95% intervals +0.55-1.35, +1.52-3.04,
+1.43-3.53, +1.49-4.09, -0.32-2.86, +0.07-4.65), endgame 10 / 40 from 0.8 +1.70 / +2.58; endgame 20
from 0.8 at 2 players +2.27 (+1.31-3.24), at 3 players +2.42 (+1.28-3.57, 1,500 games), and as one
seat among three planners at 4 players +1.62 (+0.07-3.16; 63.1% against 61.5%, 1,000 games).
`last_turn` (the same session; default true, `last_turn=false`: off): once the end is triggered the
expert has at most one turn left, and every decision of it with 2-48 choices is searched, not only
the walk: each legal action is tried on the search's redraws and played out to the end of the game
(every seat by the heuristic), valued as the walks' play-outs are (the endgame's share of the win included), and
the heuristic's (or the turn's finisher's) own choice gets LAST_TURN_PRIOR (1) VP. Measured paired as
the endgame was, with the endgame on: +0.75 points of 4-player win share (+0.40-1.10, mean margin
+0.36 VP, 2,000 games) and +0.62 at 2 players (+0.28-0.97, +0.43 VP, 2,000 games), for 0.965x the
4-player and 0.95x the 2-player games per second (benchmarks/results/speed_history.md).
`fee_income` 5 in `expert_base` and `builder_prior` 5 (2026-11-29; before: fast's 6.75 and 4.3): with
fast's fee income seat 1 built first on the early spaces every herder passes and collected their
fees all game, winning 36.2 points above par in 3-player self-play (12.7 at 2 players, 8.2 at 4;
benchmarks/experiments/expert_fee_seats.toml). fee_income 5 halved that at no measurable cost, and
builder_prior 5 keeps issue 11's builders (fee_income 5 alone hired 3 builders in 20.0% of self-play
player-games). Measured together against the expert before (benchmarks/results/head_to_head.md,
2026-11-29): 25.1% as one seat among three of it (par 25%, +0.26 VP, 3,000 games), 36.9% as one
seat among two at 3 players (par 33.3%, 1,000 games), against the planner 79.8% of 2-player games
(the expert before 81.6% on the same seeds: -1.77, -3.58 to +0.03, 2,000 games) and 63.4% as one
seat among three at 4 players (63.9%: -0.45, -2.32 to +1.42, 1,000 games); head to head against the
expert before at 2 players 48.6% (46.4-50.8%, -0.80 VP, 2,000 games); strategy_quality's 2-player
seeds 79.9% against the planner (82.7% before). Its seat 1 then won 16.2 points above par at 3 players.
`space_early` 4.5 in `expert_base` (2026-11-29, later; before: fast's 3): what was left of seat 1's
habit was a race for the early spaces; at 4.5 every seat races, the fees spread, and every seat of
its self-play is within 4 points of par at 2, 3 and 4 players (seat_balance's expert pool, 1,000
games per arm: seat 1 52.3% / 32.6% / 25.9%). Against the expert before (head_to_head.md): 38.6%
as one seat among two at 3 players, 27.0% among three at 4, paired on the same games +2.38 (-0.59 to
+5.35) points among planners at 3 players, +3.10 (+0.18 to +6.02) at 4, +5.76 (+3.06 to +8.45)
among `fast` at 4; head to head at 2 players 47.9% (45.7-50.1%), and strategy_quality's 2-player
seeds 81.1% against `fast` (84.2% before), 79.9% against the planner (as before): stronger at 3-4
players, a little weaker at 2.
"""

from gwt_sim.engine.frames cimport F_BEFORE_MOVE, F_MOVE
from gwt_sim.engine.game cimport GameState
from gwt_sim.engine.policy cimport CompiledPolicy, Policy, check_built
from gwt_sim.engine.rng cimport Xoshiro256, rng_next
from gwt_sim.engine.state cimport MAX_PLAYERS, W_BUILDER, resample_hidden
from gwt_sim.engine.typedefs cimport i16
from strategies.heuristic cimport HeuristicPolicy
from strategies.planner cimport PlannerPolicy, progress

from libc.math cimport INFINITY

from strategies.checks import check_bool, check_int, check_number
from strategies.profiles import Profile, load_profile, with_settings


# The search budget by player count, (samples, horizon): fewer players buy more redraws and a longer
# horizon for the same time per game (module docstring). `samples=` / `horizon=` set one value for
# every player count. The solo mode (the player and Sam) takes the 2-player budget.
BUDGET = {2: (8, 6), 3: (6, 5), 4: (3, 4)}
DEFAULT_PRIOR = 6.0
# The weight of the rivals' mean estimate by player count (module docstring); `lead=` sets one value
# for every player count. The solo mode takes the 2-player value.
LEAD = {2: 1.0, 3: 1.0, 4: 0.5}
DEFAULT_FINISH = "builder+cattle+engineer+objectives"
DEFAULT_FINISH_PRIOR = 0.0
# VP per builder hired x the part of the game left, added to every player's estimate (module
# docstring: the value model learnt builders from players who use them badly).
DEFAULT_BUILDER_PRIOR = 5.0
# The expert's turns of a play-out (the tried one first) during which the rivals plan their walks over
# the whole loop, as their profile does; on their turns after that they plan only the turn's stop (the
# profile with turn_cost 0, which skips the loop plan: cheaper). ALWAYS_LOOP (the most horizon allows):
# always the whole loop. By player count (module docstring): at 4 players the rivals' last two rounds of
# a play-out plan only their stop, for speed; `rival_loop_turns=` sets one value for every player count.
ALWAYS_LOOP = 40
RIVAL_LOOP_TURNS = {2: ALWAYS_LOOP, 3: ALWAYS_LOOP, 4: 2}
# The most walks a search plays out (ALL_WALKS: every walk), by player count: the heuristic's own walk
# and the walks to the stops its turn plan values most (module docstring: at 4 players 8, for speed).
# `widen=` sets one value for every player count.
ALL_WALKS = 0
WIDEN = {2: ALL_WALKS, 3: ALL_WALKS, 4: 8}
# Its heuristics (its own, the play-outs', the finishers') plan a turn whose first step the engine took
# itself (HeuristicPolicy plan_forced, the heuristic's default too; module docstring); false: they stop
# there, as before 2026-11-28.
DEFAULT_PLAN_FORCED = True
# The endgame: from `endgame_from` of the game's progress (1: once the end is triggered, when every
# play-out reaches the end) a search adds `endgame` VP x the expert's share of the win to each play-out's
# value: the final scores' at the end, the estimates' otherwise (module docstring). endgame=0: off.
DEFAULT_ENDGAME = 20.0
DEFAULT_ENDGAME_FROM = 0.8
# The last turn: once the end is triggered every decision of the expert's turn with at most
# MAX_CANDIDATES choices (not only the walk) is searched, each action tried on the redraws and played
# out to the end of the game; its heuristic's own choice gets LAST_TURN_PRIOR VP (module docstring).
DEFAULT_LAST_TURN = True
LAST_TURN_PRIOR = 1.0


cdef inline bint is_walk(GameState s, int me) noexcept:
    """A decision of `me` that is part of the turn's walk (before the stop)."""
    cdef int kind
    if s.g.terminal or s.g.current != me:
        return False
    kind = s.g.stack[s.g.sp - 1].kind
    return kind == F_BEFORE_MOVE or kind == F_MOVE


cdef class ExpertPolicy(CompiledPolicy):
    """Turn-level search over the herder's walk, played out by the heuristic. Parameters: profile
    (the heuristic's profile; default expert_base: the weights of fast as it was until 2026-11-29 at a slower tempo, fee_income lowered, space_early raised), value (value
    model name or .toml path; default fast_league; both made by benchmarks/train_expert.sh), samples (redraws, 1-64) and horizon (own turns played
    out after the tried one, 0-40; 0: to the end of the game), both by player count by default
    (BUDGET), prior (VP for the heuristic's own walk, 0-100;
    default 6), lead (weight of the rivals' mean estimate, 0-1; 1: the lead, 0: own score;
    by player count by default, LEAD), halving (sequential halving of the walks over the redraws; default true), finish (profiles
    that may play the rest of the chosen walk's turn, joined by '+', at most 6; '' for none; default
    builder+cattle+engineer+objectives; none: no finisher), finish_prior (VP a finisher must gain over the own profile,
    0-100; default 0), builder_prior (VP per builder hired x the part of the game left, added to every
    player's estimate, 0-20; default 5), rival_loop_turns (the expert's play-out turns, the tried one
    first, during which the rivals plan whole loops; on their later turns they plan only the turn's
    stop: cheaper; 1-40, 40: always whole loops; by player count by default, RIVAL_LOOP_TURNS), widen
    (the most walks a search plays out: the heuristic's own and those to the stops its turn plan values
    most; 0-48, 0: every walk; by player count by default, WIDEN), plan_forced (its heuristics plan a
    turn whose first step was forced; default true), endgame (VP per share of the win added to a
    play-out's value in the endgame, 0-1000; default 20; 0: off) and endgame_from (the game's progress
    from which searches are the endgame's, 0-1; default 0.8; 1: once the end is triggered), last_turn
    (every decision of its last turn searched, each action played out to the end; default true).
    Without value coefficients for the game's player count it plays as its heuristic."""

    @property
    def budget(self) -> dict:
        """{player count: (samples, horizon)} this expert searches with."""
        return {n: (self.samples_of[n], self.horizon_of[n]) for n in BUDGET}

    @property
    def leads(self) -> dict:
        """{player count: weight of the rivals' mean estimate} this expert values positions with."""
        return {n: self.lead_of[n] for n in LEAD}

    @property
    def rival_loops(self) -> dict:
        """{player count: the expert's play-out turns during which the rivals plan whole loops}."""
        return {n: self.rival_loop_turns_of[n] for n in RIVAL_LOOP_TURNS}

    @property
    def widths(self) -> dict:
        """{player count: the most walks a search plays out (0: every walk)}."""
        return {n: self.widen_of[n] for n in WIDEN}

    @property
    def name(self):
        extra = f":samples={self.samples}" if self.samples else ""
        extra += f":horizon={self.horizon}" if self.horizon >= 0 else ""
        extra += f":prior={self.prior:g}" if self.prior != DEFAULT_PRIOR else ""
        extra += f":lead={self.lead:g}" if self.lead >= 0 else ""
        extra += "" if self.halving else ":halving=false"
        extra += f":finish={self.finish_names or 'none'}" if self.finish_names != DEFAULT_FINISH else ""
        extra += f":finish_prior={self.finish_prior:g}" if self.finish_prior != DEFAULT_FINISH_PRIOR else ""
        extra += f":builder_prior={self.builder_prior:g}" if self.builder_prior != DEFAULT_BUILDER_PRIOR else ""
        extra += f":rival_loop_turns={self.rival_loop_turns}" if self.rival_loop_turns else ""
        extra += f":widen={self.widen}" if self.widen >= 0 else ""
        extra += "" if self.plan_forced == DEFAULT_PLAN_FORCED else f":plan_forced={str(self.plan_forced).lower()}"
        extra += f":endgame={self.endgame:g}" if self.endgame != DEFAULT_ENDGAME else ""
        extra += f":endgame_from={self.endgame_from:g}" if self.endgame_from != DEFAULT_ENDGAME_FROM else ""
        extra += "" if self.last_turn == DEFAULT_LAST_TURN else f":last_turn={str(self.last_turn).lower()}"
        return f"expert:profile={self.profile_name}:value={self.value_name}{extra}"

    def __init__(self, profile="expert_base", value="fast_league", samples=None, horizon=None, prior=DEFAULT_PRIOR,
                 lead=None, halving=True, finish=DEFAULT_FINISH, finish_prior=DEFAULT_FINISH_PRIOR,
                 builder_prior=DEFAULT_BUILDER_PRIOR, rival_loop_turns=None, widen=None,
                 plan_forced=DEFAULT_PLAN_FORCED, endgame=DEFAULT_ENDGAME, endgame_from=DEFAULT_ENDGAME_FROM,
                 last_turn=DEFAULT_LAST_TURN):
        check_bool("plan_forced", plan_forced)
        self.plan_forced = plan_forced
        check_number("endgame", endgame, 0, 1000)
        check_number("endgame_from", endgame_from, 0, 1)
        self.endgame = endgame
        self.endgame_from = endgame_from
        self.endgame_on = False
        check_bool("last_turn", last_turn)
        self.last_turn = last_turn

        def heuristic(prof):
            """One of its heuristics: the backward loop sum, forced first steps planned as set."""
            return HeuristicPolicy(prof, backward_loop=True, plan_forced=plan_forced)

        check_bool("halving", halving)
        self.halving = halving
        if samples is not None:
            check_int("samples", samples, 1, MAX_SAMPLES)
        if horizon is not None:
            check_int("horizon", horizon, 0, 40)
        check_number("prior", prior, 0, 100)
        if lead is not None:
            check_number("lead", lead, 0, 1)
        self.lead = -1 if lead is None else lead
        if not isinstance(finish, str):
            raise ValueError(f"finish must be profile names joined by '+', got {finish!r}")
        names = [] if finish in ("", "none") else finish.split("+")
        if "" in names:
            raise ValueError(f"finish must be profile names joined by '+', got {finish!r}")
        if len(names) > MAX_FINISHERS:
            raise ValueError(f"finish names at most {MAX_FINISHERS} profiles, got {len(names)}")
        if len(set(names)) != len(names):
            raise ValueError(f"finish names a profile twice: {finish!r}")
        check_number("finish_prior", finish_prior, 0, 100)
        self.finish_prior = finish_prior
        check_number("builder_prior", builder_prior, 0, 20)
        self.builder_prior = builder_prior
        self.finish_names = "+".join(names)
        self.finishers = [heuristic(name) for name in names]
        self.finisher_sims = [heuristic(name) for name in names]
        self.n_fin = len(names)
        self.finisher = None
        self.finish_turn = -1
        self.samples = samples or 0          # 0 / -1: the player count's BUDGET
        self.horizon = -1 if horizon is None else horizon
        for players in range(MAX_PLAYERS + 1):
            default = BUDGET.get(players, BUDGET[2])
            self.samples_of[players] = samples or default[0]
            self.horizon_of[players] = default[1] if horizon is None else horizon
            self.lead_of[players] = LEAD.get(players, LEAD[2]) if lead is None else lead
        self.prior = prior
        self.inner = heuristic(profile)
        self.sims = [heuristic(profile) for _ in range(MAX_PLAYERS)]
        if rival_loop_turns is not None:
            check_int("rival_loop_turns", rival_loop_turns, 1, ALWAYS_LOOP)
        self.rival_loop_turns = rival_loop_turns or 0    # 0: the player count's RIVAL_LOOP_TURNS
        for players in range(MAX_PLAYERS + 1):
            self.rival_loop_turns_of[players] = rival_loop_turns or RIVAL_LOOP_TURNS.get(players, ALWAYS_LOOP)
        self.rival_sims = None
        if min(self.rival_loop_turns_of) < ALWAYS_LOOP:
            own = profile if isinstance(profile, Profile) else load_profile(str(profile))
            this_turn = with_settings(own, "turn_cost=0")
            self.rival_sims = [heuristic(this_turn) for _ in range(MAX_PLAYERS)]
        if widen is not None:
            check_int("widen", widen, 0, MAX_CANDIDATES)
        self.widen = -1 if widen is None else widen
        for players in range(MAX_PLAYERS + 1):
            self.widen_of[players] = WIDEN.get(players, ALL_WALKS) if widen is None else widen
        self.inner.keep_stops = True
        self.valuer = PlannerPolicy(value=value, profile=profile)
        self.profile_name = self.inner.profile_name
        self.value_name = self.valuer.value_name
        self.plan_n = 0
        self.plan_i = 0
        self.scratch = [None] * N_SLOTS

    cpdef void reset(self, unsigned long long game_seed, int seat):
        check_built(self, self.inner, ExpertPolicy)
        Policy.reset(self, game_seed, seat)
        self.inner.reset(game_seed, seat)
        for pol in self.finishers:
            (<HeuristicPolicy>pol).reset(game_seed, seat)
        self.finisher = None
        self.finish_turn = -1
        self.plan_n = 0
        self.plan_i = 0

    cdef int choose_c(self, GameState state, const i16* legal, int n) except? -1:
        cdef int me = state.g.current, i, a
        cdef HeuristicPolicy pol
        check_built(self, self.inner, ExpertPolicy)
        if not is_walk(state, me) or not self.valuer.have_coef[state.g.n_players]:
            self.plan_n = 0
            pol = self.inner
            if self.finisher is not None and state.g.turn_number == self.finish_turn:
                pol = self.finisher
            if self.last_turn and state.g.end_triggered and 1 < n <= MAX_CANDIDATES \
                    and self.valuer.have_coef[state.g.n_players]:
                return self.search_last(state, legal, n, pol)
            return pol.choose_c(state, legal, n)
        if self.plan_i < self.plan_n:            # the walk chosen at the turn's first walk decision
            a = self.plan[self.plan_i]
            self.plan_i += 1
            for i in range(n):
                if legal[i] == a:
                    return a
        self.plan_n = 0
        if n == 1:
            return legal[0]
        return self.search(state, legal, n)

    cdef int search(self, GameState state, const i16* legal, int n) except? -1:
        cdef GameState base, trial
        cdef i16 path[MAX_WALK_STEPS]
        cdef i16 own[MAX_WALK_STEPS]
        cdef int k, c, i, n_own, own_c = -1, best_c, alive, f
        cdef unsigned long long seed
        self.finisher = None
        self.begin_search(state, self.endgame > 0 and progress(&state.g, state.r) >= self.endgame_from)
        # the heuristic's own walk (it reads only what the player may know)
        n_own = self.heuristic_walk(state, own)
        # the walks, listed on a redrawn copy (walking reveals nothing, but the search never reads the
        # real hidden part)
        base = self.redrawn(SLOT_BASE, state, &self.rng)
        self.n_cand = 0
        self.enumerate_walks(base, path, 0)
        for c in range(self.n_cand):
            if self.cand[c].n == n_own:
                own_c = c
                for i in range(n_own):
                    if self.cand[c].path[i] != own[i]:
                        own_c = -1
                        break
                if own_c >= 0:
                    break
        if own_c < 0 and self.n_cand < MAX_CANDIDATES and n_own > 0:
            own_c = self.n_cand          # its walk was merged into another to the same stop: tried too
            self.n_cand += 1
            self.cand[own_c].n = n_own
            for i in range(n_own):
                self.cand[own_c].path[i] = own[i]
        if self.n_cand == 0:
            return legal[0]
        self.searches += 1
        self.candidates += self.n_cand
        if self.n_cand == 1 and self.n_fin == 0:
            best_c = 0
        else:
            for c in range(self.n_cand):
                self.cand[c].total = 0
                self.cand[c].alive = 1
            alive = self.n_cand
            k = self.widen_of[state.g.n_players]
            if 0 < k < alive and self.inner.stop_turn == state.g.turn_number:
                alive = self.keep_planned(own_c, k)
            for k in range(self.n_samples):
                seed = rng_next(&self.rng)
                self.redraw_seed[k] = seed
                self.redraw_rng[k] = self.rng
                base = self.redrawn(SLOT_BASE, state, &self.rng)
                for c in range(self.n_cand):
                    if self.cand[c].alive:
                        trial = self.copy_to(SLOT_TRIAL, base)
                        for i in range(self.cand[c].n):
                            trial.c_apply(self.cand[c].path[i])
                        self.cand[c].vals[k] = self.play_out(trial, seed)
                        self.cand[c].total += self.cand[c].vals[k]
                        self.tried += 1
                # sequential halving: after 1, 2, 4... redraws the better half goes on (the same
                # redraws for all: their means compare)
                if self.halving and k + 1 < self.n_samples and ((k + 1) & k) == 0 and alive > 2:
                    alive = self.keep_best(own_c, (alive + 1) // 2, k + 1)
            best_c = self.keep_best(own_c, 1, 0)
            if self.n_fin:
                f = self.choose_finisher(state, best_c)
                if f >= 0:
                    self.finisher = <HeuristicPolicy>self.finishers[f]
                    self.finish_turn = self.turn
                    self.finished += 1
        self.plan_n = self.cand[best_c].n
        for i in range(self.plan_n):
            self.plan[i] = self.cand[best_c].path[i]
        self.plan_i = 1
        return self.plan[0]

    cdef int search_last(self, GameState state, const i16* legal, int n, HeuristicPolicy pol) except? -1:
        """A decision of the last turn (the end triggered): each legal action tried on the search's redraws
        and played out to the end of the game (valued as every play-out, the endgame's share of the win
        included); the best, `pol`'s own choice given LAST_TURN_PRIOR VP."""
        cdef GameState base, trial
        cdef double total[MAX_CANDIDATES]
        cdef double v, best = -INFINITY
        cdef int k, i, own, best_a = -1
        cdef unsigned long long seed
        own = pol.choose_c(state, legal, n)
        self.begin_search(state, self.endgame > 0)
        for i in range(n):
            total[i] = 0
        for k in range(self.n_samples):
            seed = rng_next(&self.rng)
            base = self.redrawn(SLOT_BASE, state, &self.rng)
            for i in range(n):
                trial = self.copy_to(SLOT_TRIAL, base)
                trial.c_apply(legal[i])
                total[i] += self.play_out(trial, seed)     # (not counted in `tried`: the walks')
        for i in range(n):
            v = total[i] / self.n_samples + (LAST_TURN_PRIOR if legal[i] == own else 0.0)
            if v > best:
                best = v
                best_a = legal[i]
        self.last_searches += 1
        self.last_changed += best_a != own
        return best_a

    cdef void begin_search(self, GameState state, bint endgame_on):
        """A search from `state`: whose it is, from which turn, its budget by player count, and whether
        its play-outs are valued by winning too (the endgame)."""
        self.me = state.g.current
        self.turn = state.g.turn_number
        self.n_samples = self.samples_of[state.g.n_players]
        self.n_turns = self.horizon_of[state.g.n_players]
        self.endgame_on = endgame_on

    cdef GameState redrawn(self, int slot, GameState state, Xoshiro256* rng):
        """A copy of `state` in scratch `slot` whose hidden part (for `self.me`) is redrawn from `rng`,
        quiet (no debug checks, no trace): what every search plays its tries on."""
        cdef GameState base = self.copy_to(slot, state)
        base.debug = False
        base.tracing = False
        resample_hidden(&base.g, base.r, self.me, rng)
        return base

    cdef GameState copy_to(self, int slot, GameState src):
        """A copy of `src` in scratch state `slot` (allocated on first use, or when `src` is of another
        type: a scenario's states), valid until that slot is copied into again."""
        cdef GameState s = self.scratch[slot]
        if s is None or type(s) is not type(src):
            s = src.c_clone()
            self.scratch[slot] = s
        else:
            s.c_copy_from(src)
        return s

    cdef int keep_top(self, const double* score, int first, int keep, int* last) noexcept:
        """Keep `keep` of the alive candidates alive, the others no more: `first` (if >= 0), then those
        of highest `score` (ties: the earlier); the number kept, the last one kept into `last`."""
        cdef int c, j, best_c, kept = 0
        last[0] = -1
        if 0 <= first < self.n_cand:
            self.cand[first].alive = 2             # kept (marked for now)
            kept = 1
            last[0] = first
        for j in range(kept, keep):
            best_c = -1
            for c in range(self.n_cand):
                if self.cand[c].alive == 1 and (best_c < 0 or score[c] > score[best_c]):
                    best_c = c
            if best_c < 0:
                break
            self.cand[best_c].alive = 2
            kept += 1
            last[0] = best_c
        for c in range(self.n_cand):
            self.cand[c].alive = self.cand[c].alive == 2
        return kept

    cdef int keep_planned(self, int own_c, int keep) noexcept:
        """Keep `keep` candidates alive: the heuristic's own walk and those to the stops its turn plan
        values most (ties: the earlier); the number kept."""
        cdef int c, last
        cdef double value[MAX_CANDIDATES]
        for c in range(self.n_cand):
            if c != own_c:                   # (the own walk may have been added without its stop)
                value[c] = self.inner.stop_best[self.cand[c].stop]
        return self.keep_top(value, own_c, keep, &last)

    cdef int keep_best(self, int own_c, int keep, int samples) noexcept:
        """Keep the `keep` alive candidates of best mean (the heuristic's own walk with its prior; ties:
        the earlier) alive, the others no more; `samples` redraws tried so far (0: all of them). With
        keep 1, the index of the best."""
        cdef int c, kept, last
        cdef double mean[MAX_CANDIDATES]
        for c in range(self.n_cand):
            if self.cand[c].alive:
                mean[c] = self.cand[c].total / (samples if samples else self.n_samples) \
                    + (self.prior if c == own_c else 0.0)
        kept = self.keep_top(mean, -1, keep, &last)
        return last if keep == 1 else kept

    cdef int heuristic_walk(self, GameState state, i16* path) except -1:
        """The walk the heuristic would make from here (played on a copy), into `path`."""
        cdef GameState s = self.copy_to(SLOT_OWN_WALK, state)
        cdef int n = 0, a
        s.debug = False
        s.tracing = False
        while n < MAX_WALK_STEPS and is_walk(s, self.me):
            a = self.inner.choose_c(s, s.legal_buf, s.n_legal)
            path[n] = a
            n += 1
            s.c_apply(a)
        return n

    cdef int enumerate_walks(self, GameState s, i16* path, int depth) except -1:
        """Every complete walk from `s` (depth first, in the order of the legal actions), one per
        stop: of the walks ending on one node the first that keeps the most money."""
        cdef GameState child
        cdef int i, c, m, node
        if depth >= MAX_WALK_STEPS or not is_walk(s, self.me):
            if depth == 0:
                return 0
            node = s.g.p[self.me].herder
            m = s.g.p[self.me].money
            for c in range(self.n_cand):
                if self.cand[c].stop == node:
                    if m > self.cand[c].money:
                        self.cand[c].money = m
                        self.cand[c].n = depth
                        for i in range(depth):
                            self.cand[c].path[i] = path[i]
                    return 0
            if self.n_cand < MAX_CANDIDATES:
                c = self.n_cand
                self.n_cand += 1
                self.cand[c].stop = node
                self.cand[c].money = m
                self.cand[c].n = depth
                for i in range(depth):
                    self.cand[c].path[i] = path[i]
            return 0
        for i in range(s.n_legal):
            child = self.copy_to(SLOT_WALK + depth + 1, s)
            path[depth] = s.legal_buf[i]
            child.c_apply(s.legal_buf[i])
            self.enumerate_walks(child, path, depth + 1)
        return 0

    cdef int choose_finisher(self, GameState state, int best_c) except -2:
        """The finish profile (index) that plays the rest of walk `best_c`'s turn best on the search's
        redraws, or -1: none beats the own profile (whose values the walk search left in vals)."""
        cdef GameState base, trial
        cdef Xoshiro256 rng
        cdef Candidate* cand = &self.cand[best_c]
        cdef i16 own_taken[MAX_TURN_DECISIONS]
        cdef i16 taken[MAX_TURN_DECISIONS]
        cdef double fin_total[MAX_FINISHERS]
        cdef int fin_alive[MAX_FINISHERS]
        cdef int k, f, i, n_own = 0, n_taken, alive = self.n_fin, best_f = -1
        cdef double own_total = 0, best
        for f in range(self.n_fin):
            fin_total[f] = 0
            fin_alive[f] = 1
        for k in range(self.n_samples):
            rng = self.redraw_rng[k]              # the walk search's k-th redraw, again
            base = self.redrawn(SLOT_FIN_BASE, state, &rng)
            for i in range(cand.n):
                base.c_apply(cand.path[i])
            if k == 0:
                trial = self.copy_to(SLOT_FIN_TRIAL, base)
                n_own = self.finish_turn_with(trial, <HeuristicPolicy>self.sims[self.me],
                                              self.redraw_seed[k], own_taken)
            for f in range(self.n_fin):
                if not fin_alive[f]:
                    continue
                trial = self.copy_to(SLOT_FIN_TRIAL, base)
                n_taken = self.finish_turn_with(trial, <HeuristicPolicy>self.finisher_sims[f],
                                                self.redraw_seed[k], taken)
                if k == 0 and n_taken == n_own:
                    for i in range(min(n_own, <int>MAX_TURN_DECISIONS)):
                        if taken[i] != own_taken[i]:
                            break
                    else:                         # decides as the own profile: same value
                        fin_alive[f] = 0
                        alive -= 1
                        continue
                fin_total[f] += self.play_out(trial, self.redraw_seed[k])
                self.tried += 1
            own_total += cand.vals[k]
            if self.halving and k + 1 < self.n_samples and ((k + 1) & k) == 0:
                for f in range(self.n_fin):       # behind the own profile on the same redraws
                    if fin_alive[f] and fin_total[f] <= own_total + self.finish_prior * (k + 1):
                        fin_alive[f] = 0
                        alive -= 1
            if alive == 0:
                return -1
        best = own_total + self.finish_prior * self.n_samples
        for f in range(self.n_fin):
            if fin_alive[f] and fin_total[f] > best:
                best = fin_total[f]
                best_f = f
        return best_f

    cdef int finish_turn_with(self, GameState s, HeuristicPolicy pol, unsigned long long seed,
                              i16* taken) except -1:
        """The rest of the search's turn played on `s` with `pol` in the expert's seat (the other
        seats by their play-out heuristics, should they decide in it); its decisions into `taken` (at
        most MAX_TURN_DECISIONS); their number."""
        cdef int pl, a, n = 0
        for pl in range(s.g.n_players):
            (<HeuristicPolicy>self.sims[pl]).reset(seed + <unsigned long long>pl, pl)
        pol.reset(seed + <unsigned long long>self.me, self.me)
        while not s.g.terminal and s.g.turn_number == self.turn:
            pl = s.g.current
            if pl == self.me:
                a = pol.choose_c(s, s.legal_buf, s.n_legal)
            else:
                a = (<HeuristicPolicy>self.sims[pl]).choose_c(s, s.legal_buf, s.n_legal)
            if n < MAX_TURN_DECISIONS:
                taken[n] = a
            n += 1
            s.c_apply(a)
        return n

    cdef double play_out(self, GameState s, unsigned long long seed) except? -1e18:
        """Every seat played by the heuristic until the expert's `horizon`-th next turn begins (or
        the game ends); the expert's lead then."""
        cdef int pl, a, turns = 0, last = self.turn
        cdef int started[MAX_PLAYERS]       # the turn each rival was last seen deciding in
        cdef bint later[MAX_PLAYERS]        # that turn began after the expert's first rival_loop_turns
        cdef double v = 0, e, rem, others = 0, best = -INFINITY
        cdef int tied = 0
        cdef HeuristicPolicy pol
        for pl in range(s.g.n_players):
            (<HeuristicPolicy>self.sims[pl]).reset(seed + <unsigned long long>pl, pl)
            if self.rival_sims is not None:
                (<HeuristicPolicy>self.rival_sims[pl]).reset(seed + <unsigned long long>pl, pl)
            started[pl] = -1
            later[pl] = False
        while not s.g.terminal:
            pl = s.g.current
            if pl == self.me and s.g.turn_number != last:
                turns += 1
                last = s.g.turn_number
                if self.n_turns and turns >= self.n_turns:
                    break
            elif pl != self.me and s.g.turn_number != started[pl]:
                # a rival switches plans only between its own turns (a plan is made at a turn's start)
                started[pl] = s.g.turn_number
                later[pl] = turns >= self.rival_loop_turns_of[s.g.n_players]
            pol = <HeuristicPolicy>(self.rival_sims[pl] if later[pl] and self.rival_sims is not None
                                    else self.sims[pl])
            a = pol.choose_c(s, s.legal_buf, s.n_legal)
            s.c_apply(a)
        rem = 0.0 if s.g.terminal else 1.0 - progress(&s.g, s.r)
        for pl in range(s.g.n_players):
            e = self.estimate(s, pl, rem)
            if pl == self.me:
                v = e
            else:
                others += e
            if e > best:
                best = e
                tied = 1
            elif e == best:
                tied += 1
        if self.endgame_on and v == best:         # equal totals share the win
            v += self.endgame / tied
        if s.g.n_players > 1:
            v -= self.lead_of[s.g.n_players] * others / (s.g.n_players - 1)
        return v

    cdef double estimate(self, GameState s, int pl, double rem) noexcept:
        """A player's estimated final score: the value model's, plus `builder_prior` VP per builder
        hired x `rem`, the part of the game left (0 once it has ended)."""
        cdef double v = self.valuer.player_value(s, pl)
        if self.builder_prior and rem > 0 and not (s.r.solo and pl == s.r.sam_seat):
            v += self.builder_prior * rem * s.g.p[pl].workers[W_BUILDER]
        return v
