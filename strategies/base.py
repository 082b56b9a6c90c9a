"""The policy interface for strategies (plugins): `Policy`, and the built-in `RandomPolicy`.

Both live in the compiled engine (`gwt_sim.engine.policy`) and are re-exported here, so a plugin
needs only ``from strategies.base import Policy``.

A policy is asked for one action at every decision of its seat. The engine calls
``reset(game_seed, seat)`` at the start of every game (it sets ``self.seat`` and seeds the policy's
own random stream), then ``choose(state, legal)`` at each decision; ``legal`` is the sorted list of
legal action ids (at least two: single-choice decisions are applied automatically). Compiled
built-ins override ``choose`` (and ``choose_c``) in Cython; a plain-Python subclass overrides
``choose`` only — one Python call per decision, slower, still correct.

Writing a plugin in plain Python::

    from strategies.base import Policy

    class StopBot(Policy):
        \"\"\"Stops whenever it may, otherwise picks at random.\"\"\"    # first line: its description

        def __init__(self, patience=2):      # parameters come from the strategy string
            self.patience = int(patience)    # (`mybots:StopBot:patience=3` -> patience=3)

        def reset(self, game_seed, seat):    # optional: clear per-game state, then call the base
            super().reset(game_seed, seat)

        def choose(self, state, legal):
            obs = state.observation(state.current_player())   # public board + players, own hand
            if 0 in legal and obs["players"][self.seat]["money"] >= self.patience:
                return 0                                       # A["STOP"] is action 0
            return legal[self.random_below(len(legal))]        # seeded: the same game plays the same

Rules for a policy:

* Return one of ``legal``. Anything else stops the game with ``PolicyError``.
* Use only what the seat may know: ``state.observation(seat)``, ``state.decision_name()``,
  ``state.action_to_string(a)`` and ``legal``. Hands of other players, draw-pile order, deck and
  stack order and future draws are hidden; the contract tests check that a policy's choice does not
  change when all of that is redrawn (``state._resample_hidden(seat, k)``). To look ahead, search
  on a copy: ``c = state.clone(); c._resample_hidden(self.seat, <a seed from self.random_below>)``.
* Take randomness only from ``self.random_below(n)`` (seeded by ``reset``): the same game seed then
  gives the same game, in any process.
* One policy object per seat: ``strategies.registry.make_policy`` returns a new object every call.

Use it with ``gwt-sim play --strategies mypackage.mybots:StopBot:patience=3,random``, or register it
under a name in the entry-point group ``gwt_sim.strategies`` of your package::

    [project.entry-points."gwt_sim.strategies"]
    stopbot = "mypackage.mybots:StopBot"
"""

from __future__ import annotations

from gwt_sim.engine.policy import Policy, RandomPolicy

__all__ = ["Policy", "RandomPolicy"]
