"""The `expert` strategy: a search over the turn's walk, played out by the heuristic
(strategies/expert.pyx). Its contract (legal, deterministic, blind to hidden information) is checked
with every registered strategy in test_strategy_contract.py; strength at scale is a benchmark
(benchmarks/strategy_quality.py), the `slow` test below a small fixed-seed version of it.
"""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from gwt_sim.engine.game import GameState
from gwt_sim.engine.play import play_game
from gwt_sim.game import game_log, rules_for, score_table
from gwt_sim.variant import EXPERIENCED_SETUP, Variant
from strategies.expert import (
    BUDGET,
    DEFAULT_BUILDER_PRIOR,
    DEFAULT_ENDGAME,
    DEFAULT_ENDGAME_FROM,
    DEFAULT_FINISH,
    DEFAULT_FINISH_PRIOR,
    DEFAULT_LAST_TURN,
    DEFAULT_PLAN_FORCED,
    DEFAULT_PRIOR,
    LEAD,
    RIVAL_LOOP_TURNS,
    WIDEN,
    ExpertPolicy,
)
from strategies.planner import position_features
from strategies.profiles import load_profile
from strategies.registry import StrategyError, make_policy
from strategies.values import FEATURE_SIGNS, VALUE_DIR, coefficient_names, load_value_model
from tests.test_strategies_registry import strategy_error

GOLDEN = Path(__file__).parent / "golden" / "expert_2p_seed31.txt"


def experienced(players: int):
    return rules_for(Variant(players=players, **EXPERIENCED_SETUP))


def test_expert_is_registered_with_its_defaults():
    policy = make_policy("expert")
    assert isinstance(policy, ExpertPolicy)
    assert policy.name == "expert:profile=expert_base:value=fast_league"
    assert policy.budget == BUDGET == {2: (8, 6), 3: (6, 5), 4: (3, 4)}
    assert policy.prior == DEFAULT_PRIOR and policy.halving
    assert policy.leads == LEAD == {2: 1.0, 3: 1.0, 4: 0.5}
    assert make_policy("expert:lead=1").name.endswith(":lead=1")
    assert make_policy("expert:lead=1").leads == {2: 1, 3: 1, 4: 1}
    assert policy.finish_names == DEFAULT_FINISH == "builder+cattle+engineer+objectives"
    assert policy.finish_prior == DEFAULT_FINISH_PRIOR == 0
    assert make_policy("expert:samples=3").budget == {2: (3, 6), 3: (3, 5), 4: (3, 4)}
    named = make_policy("expert:samples=2:horizon=0:prior=1.5:lead=0.8:halving=false").name
    assert named == "expert:profile=expert_base:value=fast_league:samples=2:horizon=0:prior=1.5:lead=0.8:halving=false"
    assert make_policy("expert:finish=cattle+builder:finish_prior=2").name.endswith(
        ":finish=cattle+builder:finish_prior=2")
    assert make_policy("expert:finish=none").name.endswith(":finish=none")
    assert make_policy("expert:finish=none").finish_names == ""
    assert policy.builder_prior == DEFAULT_BUILDER_PRIOR == 5.0
    assert make_policy("expert:builder_prior=0").name.endswith(":builder_prior=0")
    assert policy.rival_loop_turns == 0
    assert policy.rival_loops == RIVAL_LOOP_TURNS == {2: 40, 3: 40, 4: 2}
    assert make_policy("expert:rival_loop_turns=40").name.endswith(":rival_loop_turns=40")
    assert make_policy("expert:rival_loop_turns=40").rival_loops == {2: 40, 3: 40, 4: 40}
    assert make_policy("expert:rival_loop_turns=2").name.endswith(":rival_loop_turns=2")
    assert policy.widen == -1
    assert policy.widths == WIDEN == {2: 0, 3: 0, 4: 8}
    assert make_policy("expert:widen=5").name.endswith(":widen=5")
    assert make_policy("expert:widen=5").widths == {2: 5, 3: 5, 4: 5}
    assert make_policy("expert:widen=0").widths == {2: 0, 3: 0, 4: 0}
    assert make_policy("expert:widen=0").name.endswith(":widen=0")
    assert policy.plan_forced and DEFAULT_PLAN_FORCED
    assert make_policy("expert:plan_forced=false").name.endswith(":plan_forced=false")
    assert not make_policy("expert:plan_forced=false").plan_forced
    assert (policy.endgame, policy.endgame_from) == (DEFAULT_ENDGAME, DEFAULT_ENDGAME_FROM)
    assert make_policy("expert:endgame=7").name.endswith(":endgame=7")
    assert make_policy("expert:endgame_from=0.55").name.endswith(":endgame_from=0.55")
    assert policy.last_turn and DEFAULT_LAST_TURN
    assert make_policy("expert:last_turn=false").name.endswith(":last_turn=false")


@pytest.mark.parametrize("text, fragment", [
    ("expert:samples=0", "samples must be an integer from 1 to 64, got 0"),
    ("expert:samples=2.5", "samples must be an integer"),
    ("expert:horizon=41", "horizon must be an integer from 0 to 40"),
    ("expert:prior=-1", "prior must be a number from 0 to 100"),
    ("expert:prior=true", "prior must be a number"),
    ("expert:lead=2", "lead must be a number from 0 to 1"),
    ("expert:halving=1", "halving must be true or false"),
    ("expert:value=no_such_model", "unknown value model 'no_such_model'"),
    ("expert:profile=no_such_profile", "unknown profile 'no_such_profile'"),
    ("expert:depth=3", "depth"),
    ("expert:finish=3", "finish must be profile names joined by '+', got 3"),
    ("expert:finish=cattle++builder", "finish must be profile names joined by '+'"),
    ("expert:finish=cattle+cattle", "finish names a profile twice"),
    ("expert:finish=" + "+".join(["cattle", "builder", "engineer", "objectives", "balanced", "fast", "planner_base"]),
     "finish names at most 6 profiles, got 7"),
    ("expert:finish=cattle+no_such_profile", "unknown profile 'no_such_profile'"),
    ("expert:finish_prior=101", "finish_prior must be a number from 0 to 100"),
    ("expert:builder_prior=21", "builder_prior must be a number from 0 to 20"),
    ("expert:builder_prior=true", "builder_prior must be a number from 0 to 20"),
    ("expert:rival_loop_turns=0", "rival_loop_turns must be an integer from 1 to 40, got 0"),
    ("expert:rival_loop_turns=loop", "rival_loop_turns must be an integer from 1 to 40"),
    ("expert:widen=-1", "widen must be an integer from 0 to 48, got -1"),
    ("expert:widen=all", "widen must be an integer from 0 to 48"),
    ("expert:plan_forced=1", "plan_forced must be true or false"),
    ("expert:endgame=-1", "endgame must be a number from 0 to 1000, got -1"),
    ("expert:endgame=yes", "endgame must be a number from 0 to 1000"),
    ("expert:endgame_from=1.5", "endgame_from must be a number from 0 to 1, got 1.5"),
    ("expert:last_turn=yes", "last_turn must be true or false"),
])
def test_bad_parameters_are_one_line(text, fragment):
    strategy_error(text, fragment)


def test_its_value_model_covers_every_player_count_and_keeps_the_signs():
    model = load_value_model("fast_league")
    names = coefficient_names()
    for players in (2, 3, 4):
        coef = dict(zip(names, model.coefficients[players], strict=True))
        for feature, sign in FEATURE_SIGNS.items():
            for term in (f"{feature}_rem", f"{feature}_rem2"):
                assert sign == 0 or coef[term] * sign >= 0, (players, term)


def test_a_malformed_value_file_is_one_line_naming_file_and_key(tmp_path):
    text = (VALUE_DIR / "fast_league.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("money_rem = ", "money_rem = 'lots' #", 1), encoding="utf-8")
    with pytest.raises(StrategyError) as err:
        make_policy(f"expert:value={bad}")
    message = str(err.value)
    assert "\n" not in message and "bad.toml" in message and "money_rem" in message


def test_expert_is_deterministic_and_searches():
    handle = experienced(3)
    first = [make_policy("expert:samples=2:horizon=2") for _ in range(3)]
    a = play_game(handle, first, 5)
    b = play_game(handle, [make_policy("expert:samples=2:horizon=2") for _ in range(3)], 5)
    assert a[0].tolist() == b[0].tolist() and a[1].tolist() == b[1].tolist()
    searches = sum(p.searches for p in first)
    assert searches > 20                                   # about one search a turn
    assert sum(p.candidates for p in first) > 2 * searches  # several stops to choose from
    assert sum(p.tried for p in first) >= sum(p.candidates for p in first)


@pytest.mark.parametrize("finish", ["finish=none", "finish_prior=100"])
def test_with_an_overwhelming_prior_it_plays_the_heuristics_game(finish):
    """Its own walk wins every search and its own profile finishes every turn (no finishers, or none
    can beat the own profile by 100 VP), so every decision is the heuristic's: the same game as its
    heuristic's, fast's profile as the expert's heuristics play it (backward loop sum, forced first
    steps planned; the walk it follows is the one the heuristic makes; nothing else is the expert's;
    its last turn's search, whose prior is LAST_TURN_PRIOR, is off)."""
    handle = experienced(2)
    for seed in (3, 4):
        expert = make_policy(f"expert:profile=fast:samples=1:horizon=1:prior=100:last_turn=false:{finish}")
        game = play_game(handle, [expert, make_policy("fast")], seed)
        own = make_policy("heuristic:profile=fast:backward_loop=true:plan_forced=true")
        fast = play_game(handle, [own, make_policy("fast")], seed)
        assert game[0].tolist() == fast[0].tolist() and game[1].tolist() == fast[1].tolist()
        assert expert.searches > 0 and expert.finished == 0


def test_finishers_take_over_turns_and_change_the_game():
    """With the heuristic's walk forced (prior 100), only the finishers can change the game: the
    archetypes finish some turns (hiring, buying cattle, ... where the own profile would not)."""
    handle = experienced(2)
    expert = make_policy("expert:profile=fast:samples=2:horizon=2:prior=100")
    game = play_game(handle, [expert, make_policy("fast")], 3)
    fast = play_game(handle, [make_policy("fast"), make_policy("fast")], 3)
    assert 0 < expert.finished < expert.searches
    assert game[1].tolist() != fast[1].tolist()


def test_without_the_prior_it_leaves_the_heuristics_walk():
    handle = experienced(2)
    expert = play_game(handle, [make_policy("expert:profile=fast:samples=2:horizon=2:prior=0"), make_policy("fast")], 3)
    fast = play_game(handle, [make_policy("fast"), make_policy("fast")], 3)
    assert expert[1].tolist() != fast[1].tolist()


def test_halving_tries_fewer_walks_with_the_same_first_redraw():
    handle = experienced(2)
    full, halved = make_policy("expert:samples=4:halving=false:finish=none"), make_policy("expert:samples=4:finish=none")
    play_game(handle, [full, make_policy("fast")], 8)
    play_game(handle, [halved, make_policy("fast")], 8)
    assert full.tried == 4 * full.candidates
    assert halved.tried < 0.7 * full.tried


def test_lead_by_player_count_decides_the_games():
    """The default lead is LEAD's for the game's player count: at 4 players the default plays as
    lead=0.5 and not as lead=1, at 2 players as lead=1 and not as lead=0.5 (on some seed)."""
    def record(name: str, players: int, seed: int):
        policies = [make_policy(f"expert:samples=1:horizon=1{name}")]
        policies += [make_policy("fast") for _ in range(players - 1)]   # one policy per seat
        games, seats = play_game(experienced(players), policies, seed)
        return games.tolist(), seats.tolist()

    seeds = range(3)
    default4 = [record("", 4, seed) for seed in seeds]
    assert default4 == [record(":lead=0.5", 4, seed) for seed in seeds]
    assert default4 != [record(":lead=1", 4, seed) for seed in seeds]
    default2 = [record("", 2, seed) for seed in seeds]
    assert default2 == [record(":lead=1", 2, seed) for seed in seeds]
    assert default2 != [record(":lead=0.5", 2, seed) for seed in seeds]


def test_builder_prior_makes_it_hire_builders():
    """The builder prior is what makes the expert hire builders: on the same fixed seeds (4 players,
    every seat an expert) the default hires more of them than builder_prior=0."""
    handle = experienced(4)
    builders = handle.player_fields.index("builders")

    def hired(extra: str) -> int:
        total = 0
        for seed in range(3):
            policies = [make_policy(f"expert:samples=1:horizon=2{extra}") for _ in range(4)]
            total += int(play_game(handle, policies, 70 + seed)[1][:, builders].sum())
        return total

    assert hired("") > 1.5 * hired(":builder_prior=0")      # 29 against 14


def test_rivals_plan_whole_loops_for_rival_loop_turns_of_the_play_out():
    """Rivals plan only the turn's stop on their turns after the expert's first `rival_loop_turns`
    turns of a play-out: with a horizon of 1 no such turn is played out (the same games as always
    planning whole loops), with a horizon of 3 the play-outs, and so the games, change."""
    handle = experienced(3)

    def games(spec: str) -> list:
        out = []
        for seed in range(2):
            rows = play_game(handle, [make_policy(spec) for _ in range(3)], 40 + seed)
            out.append((rows[0].tolist(), rows[1].tolist()))
        return out

    assert games("expert:samples=1:horizon=1:rival_loop_turns=1") == games("expert:samples=1:horizon=1")
    assert games("expert:samples=1:horizon=3:rival_loop_turns=1") != games("expert:samples=1:horizon=3")


def test_at_4_players_rivals_plan_whole_loops_for_2_play_out_turns_by_default():
    """RIVAL_LOOP_TURNS: the default plays a 4-player game as rival_loop_turns=2, not as 40."""
    handle = experienced(4)

    def game(spec: str) -> tuple:
        rows = play_game(handle, [make_policy(spec) for _ in range(4)], 44)
        return rows[0].tolist(), rows[1].tolist()

    default = game("expert:samples=1:horizon=3")
    assert default == game("expert:samples=1:horizon=3:rival_loop_turns=2")
    assert default != game("expert:samples=1:horizon=3:rival_loop_turns=40")


def test_widen_plays_out_the_own_walk_and_the_best_planned_ones():
    """widen=K plays out at most K walks per search (the heuristic's own and those to the stops its turn
    plan values most): fewer play-outs, other games; at 4 players the default plays as widen=8."""
    handle = experienced(4)

    def game(spec: str) -> tuple:
        policies = [make_policy(spec) for _ in range(4)]
        rows = play_game(handle, policies, 49)
        return rows[0].tolist(), rows[1].tolist(), sum(p.tried for p in policies), \
            sum(p.candidates for p in policies), sum(p.searches for p in policies)

    every, two, default, eight = (game(f"expert:samples=1:horizon=2{w}") for w in (":widen=0", ":widen=2", "", ":widen=8"))
    assert default == eight and default[:2] != every[:2] and two[:2] != every[:2]
    # with one redraw every alive walk is played out once (and the finishers on top)
    assert every[2] >= every[3] and two[2] < 0.6 * every[2]
    assert every[3] / every[4] > 2      # searches list more than 2 walks on average


def first_difference(plain: str, other: str, seed: int, players: int = 3):
    """One game played by `plain` in every seat, with `other` asked too at every decision of seat 1 (in
    lockstep: the same states, its own stream): the game's progress at the first decision where
    `other` would decide otherwise (None: never), and the `other` policy."""
    handle = experienced(players)
    policies = [make_policy(plain) for _ in range(players)]
    asked = make_policy(other)
    for seat, policy in enumerate(policies):
        policy.reset(seed, seat)
    asked.reset(seed, 0)
    state = GameState(handle, seed)
    while not state.is_terminal():
        seat, legal = state.current_player(), state.legal_actions()
        action = policies[seat].choose(state, legal)
        if seat == 0 and asked.choose(state, legal) != action:
            return position_features(state, 0)[0], asked
        state.apply_action(action)
    return None, asked


def test_the_endgame_changes_only_the_decisions_from_its_progress_on():
    """`endgame` adds the share of the win to the play-outs' values only in searches made from
    `endgame_from` of the game's progress on: played in lockstep with an expert without it, its first
    different decision comes at that progress or later, and on some of these seeds there is one."""
    spec = "expert:samples=1:horizon=1"
    firsts = [first_difference(f"{spec}:endgame=0", f"{spec}:endgame=20:endgame_from=0.8", seed)[0]
              for seed in range(26, 38)]       # 1 of them differs (seed 36)
    differ = [p for p in firsts if p is not None]
    assert differ and min(differ) >= 0.8, differ


def test_the_last_turn_is_searched_decision_by_decision():
    """With `last_turn` every decision of the expert's turn after the end is triggered is searched (the
    walk's are searched always): in lockstep with an expert without it, its first different decision
    comes at the game's full progress, after some such searches, and on some of these seeds there is one."""
    spec = "expert:samples=1:horizon=1"
    runs = [first_difference(f"{spec}:last_turn=false", f"{spec}:last_turn=true", seed) for seed in range(8, 14)]
    differ = [p for p, _ in runs if p is not None]
    searched = sum(policy.last_searches for _, policy in runs)
    assert differ and set(differ) == {1.0} and searched > len(differ), (differ, searched)


def render_golden() -> str:
    variant = Variant(players=2, **EXPERIENCED_SETUP)
    handle = rules_for(variant)
    names = ["expert:samples=2:horizon=2:finish=cattle+builder", "fast"]
    lines, state, _ = game_log(handle, [make_policy(n) for n in names], 31, variant, names)
    return "\n".join([f"# {variant.describe()} seed=31 {' vs '.join(names)}", *lines,
                      f"game over after {state.turn_number} turns", *score_table(state)]) + "\n"


def test_fixed_seed_game_matches_its_golden_log():
    """A small fixed-seed regression of the expert's decisions: one 2-player game against fast, as
    `gwt-sim play` logs it. Regenerate after a deliberate change with
    GWT_SIM_UPDATE_GOLDEN=1 python -m pytest tests/test_expert.py"""
    text = render_golden()
    if os.environ.get("GWT_SIM_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), text.splitlines(True),
                                                 "golden", "now"))[:60])
        pytest.fail(f"the expert's game changed (GWT_SIM_UPDATE_GOLDEN=1 to accept):\n{diff}")


def test_expert_beats_fast_on_fixed_seeds():
    handle = experienced(2)
    wins = 0
    games = 40
    for seed in range(games):
        seat = seed % 2
        pols = [make_policy("expert") if i == seat else make_policy("fast") for i in range(2)]
        scores = play_game(handle, pols, 1000 + seed)[1][:, 1]
        wins += scores[seat] > scores[1 - seat]
    assert wins >= 0.6 * games     # 78% over 2,000 games (benchmarks/head_to_head.py)


@pytest.mark.slow
def test_expert_beats_the_planner():
    handle = experienced(2)
    margins = []
    for seed in range(400):
        seat = seed % 2
        pols = [make_policy("expert") if i == seat else make_policy("planner") for i in range(2)]
        scores = play_game(handle, pols, 2000 + seed)[1][:, 1].astype(float)
        margins.append(scores[seat] - scores[1 - seat])
    assert np.mean(np.array(margins) > 0) >= 0.65


@pytest.mark.parametrize("args, fragment", [
    (["expert:samples=0", "4", "1"], "samples must be an integer from 1 to 64"),
    (["expert", "5", "1"], "argument players: expected 2 to 4, got 5"),
])
def test_bench_one_rejects_bad_arguments_in_one_line(args, fragment):
    script = Path(__file__).parent.parent / "benchmarks" / "bench_one.py"
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True)
    assert done.returncode == 2 and fragment in done.stderr and done.stderr.count("\n") == 1


def test_bench_one_times_a_strategy():
    script = Path(__file__).parent.parent / "benchmarks" / "bench_one.py"
    done = subprocess.run([sys.executable, str(script), "expert:samples=1:horizon=1", "2", "1"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.startswith("expert:samples=1:horizon=1 2p: ") and "µs per decision" in done.stdout


def test_its_profile_is_fasts_at_a_slower_tempo_with_less_fee_income_and_more_early_spaces():
    """benchmarks/train_expert.sh makes expert_base from `fast` as it was until 2026-11-29 (the file it
    names, so later changes to `fast` leave the expert as it is) with turn_cost 3.0, fee_income 5 and
    space_early 4.5."""
    base = load_profile("expert_base")
    fast = load_profile(str(Path(__file__).parent.parent / "benchmarks/profiles/earlier/fast_to_2026-11-29.toml"))
    assert base.weight("turn_cost") == 3.0 < fast.weight("turn_cost")
    assert base.weight("fee_income") == 5.0 < fast.weight("fee_income")
    assert base.weight("space_early") == 4.5 > fast.weight("space_early")
    changed = ("turn_cost", "fee_income", "space_early")
    assert {k: v for k, v in base.weights.items() if k not in changed} == \
        {k: v for k, v in fast.weights.items() if k not in changed}
