"""An example plain-Python strategy plugin, used by the tests and as a template.

    gwt-sim play --players 2 --strategies tests.plugins.example_bot:ExampleBot:prefer=stop,random

It reads only what its seat may know (`state.observation(seat)` and the legal actions) and takes its
randomness from the policy's own seeded stream (`self.random_below`), so a game seed always plays
the same game.
"""

from __future__ import annotations

from strategies.base import Policy

STOP = 0  # gwt_sim.engine.game.A["STOP"]: stop / decline / end phase — the lowest action id

PREFERENCES = ("stop", "go", "random")


class ExampleBot(Policy):
    """Example plugin: random, but stops (prefer=stop) or goes on (prefer=go) when it may."""

    name = "example"

    def __init__(self, prefer: str = "stop", rate: float = 0.5, thrift: int = 20):
        if prefer not in PREFERENCES:
            raise ValueError(f"prefer must be one of {', '.join(PREFERENCES)}, got {prefer!r}")
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"rate must be within [0, 1], got {rate!r}")
        self.prefer = prefer
        self.rate = float(rate)
        self.thrift = int(thrift)
        self.decisions = 0

    def reset(self, game_seed, seat):
        super().reset(game_seed, seat)       # seeds self.random_below and sets self.seat
        self.decisions = 0

    def choose(self, state, legal):
        self.decisions += 1
        obs = state.observation(self.seat)
        me = obs["players"][self.seat]
        # rich enough (and holding cards): ignore the preference now and then
        rich = me["money"] >= self.thrift and len(obs["hand"]) > 0
        if self.prefer != "random" and not rich and self.random_below(1000) < self.rate * 1000:
            others = [a for a in legal if a != STOP]
            if self.prefer == "stop" and STOP in legal:
                return STOP
            if self.prefer == "go" and others:
                return others[self.random_below(len(others))]
        return legal[self.random_below(len(legal))]
