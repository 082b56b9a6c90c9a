"""Example accumulators: extra per-game statistics collected from Python without editing the engine.

    gwt-sim simulate EXP.toml --out DIR --accumulator tests.plugins.example_accumulator:ExchangeTokens
    gwt_sim.run("EXP.toml", "DIR", accumulators=["tests.plugins.example_accumulator:ExchangeTokens"])

An accumulator has any of before(state), step(state, action) and after(state) -> {column: value};
a number becomes a column of the games table, one number per seat a column of the players table.
"""

from __future__ import annotations

from gwt_sim.engine.game import A


class ExchangeTokens:
    """How often each seat used an exchange token, and on which turn the game's first one was used."""

    def before(self, state) -> None:
        self.used = [0] * state.num_players
        self.first_turn = -1

    def step(self, state, action: int) -> None:
        if action == A["EXCHANGE"]:
            self.used[state.current_player()] += 1
            if self.first_turn < 0:
                self.first_turn = state.turn_number

    def after(self, state) -> dict:
        return {"exchange_tokens_used": self.used, "first_exchange_turn": self.first_turn}


class Nothing:
    """A no-op accumulator with a step method (the per-decision cost measured in the README)."""

    def step(self, state, action: int) -> None:
        pass


class Broken:
    """Returns a value that is neither a number nor one number per seat."""

    def after(self, state) -> dict:
        return {"oops": "text"}


class TooBig:
    """Returns an integer beyond float64 (float() raised OverflowError)."""

    def after(self, state) -> dict:
        return {"huge": 10**400}


class NumberedColumn:
    """Names a column by a number (pyarrow raised a TypeError)."""

    def after(self, state) -> dict:
        return {5: 1.0}


class _NoLength:
    def __len__(self):
        raise RuntimeError("no length")


class BadLength:
    """Returns a value whose own __len__ raises (plugin code run by the runner's column check)."""

    def after(self, state) -> dict:
        return {"odd": _NoLength()}


class _OwnBaseException(BaseException):
    pass


class RaisesOwnBaseException:
    """Raises a BaseException subclass of its own at the end of a game."""

    def after(self, state) -> dict:
        raise _OwnBaseException("accumulator gave up")
