"""Where the heuristic places a new building: `space_early` pulls it toward the start of the trail.

The trail order is computed here independently (breadth first from the start over the content's
trail), so the test checks the heuristic's own computation of it."""

from __future__ import annotations

from collections import deque

from gwt_sim.game import new_game
from gwt_sim.tables import compile_tables
from gwt_sim.variant import Variant
from strategies.heuristic import HeuristicPolicy
from strategies.profiles import Profile, load_profile

VARIANT = Variant(players=2, sides="random", neutral_layout="random")


NODE_NAMES = compile_tables(variant=VARIANT).names["node"]


def steps_from_start() -> dict[str, int]:
    """Private space name -> steps from the trail's start."""
    t = compile_tables(variant=VARIANT)
    names, start = t.names["node"], t.scalars["node_start"]
    nxt = [[m for m in row if m >= 0] for row in t.arrays["node_next"]]
    dist = {start: 0}
    queue = deque([start])
    while queue:
        n = queue.popleft()
        for m in nxt[n]:
            if m not in dist:
                dist[m] = dist[n] + 1
                queue.append(m)
    return {names[s]: dist[s] for s in t.arrays["private_space"]}


def placements(profile: Profile, seeds: range) -> list[tuple[str, list[str]]]:
    """(chosen space, free spaces the same building could have gone to) for every new building placed
    on a free space."""
    out = []
    for seed in seeds:
        state = new_game(VARIANT, seed=seed)
        policies = [HeuristicPolicy(profile) for _ in range(2)]
        for seat, policy in enumerate(policies):
            policy.reset(seed, seat)
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[0] if len(legal) == 1 else policies[state.current_player()].choose(state, legal)
            if state.decision_name() == "build" and " on " in state.action_to_string(action):
                taken = {NODE_NAMES[node] for node in state.observation(state.current_player())["board"]["buildings"]}
                chosen = state.action_to_string(action)
                building = chosen.split(" on ")[0] + " on "
                free = [state.action_to_string(a)[len(building):] for a in legal
                        if state.action_to_string(a).startswith(building)]
                free = [space for space in free if space not in taken]      # not a replacement
                if chosen[len(building):] in free:
                    out.append((chosen[len(building):], free))
            state.apply_action(action)
    return out


def with_weights(base: str, **weights: float) -> Profile:
    p = load_profile(base)
    return Profile(p.name, p.description, {**p.weights, **weights})


def test_a_large_space_early_places_every_building_on_the_earliest_free_space():
    steps = steps_from_start()
    placed = placements(with_weights("fast", space_early=20.0), range(4))
    assert len(placed) >= 8
    for chosen, options in placed:
        assert steps[chosen] == min(steps[o] for o in options), (chosen, options)


def test_without_space_early_other_values_decide_the_space():
    steps = steps_from_start()
    placed = placements(with_weights("fast", space_early=0.0), range(4))
    later = [c for c, options in placed if steps[c] > min(steps[o] for o in options)]
    assert later, "with space_early = 0 every building went to the earliest space: the weight tests nothing"
