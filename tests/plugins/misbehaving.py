"""Strategy plugins that misbehave on purpose, one way each, for the reliability tests
(tests/test_reliability_corpus.py): `gwt-sim play` and `gwt-sim simulate` must refuse every one of
them with the same one-line error."""

from __future__ import annotations

import sys
import time

from strategies.base import Policy


class Raises(Policy):
    """Raises in choose."""

    def choose(self, state, legal):
        raise RuntimeError("kaboom")


class ReturnsNone(Policy):
    """Forgets to return."""

    def choose(self, state, legal):
        return None


class ReturnsHalf(Policy):
    """A float that is not an exact integer (simulate used to truncate it)."""

    def choose(self, state, legal):
        return legal[-1] + 0.5


class ReturnsHuge(Policy):
    """An integer far outside every action id."""

    def choose(self, state, legal):
        return 2**70


class ReturnsIllegal(Policy):
    """An action id that exists but is not legal now."""

    def choose(self, state, legal):
        return 1030 if 1030 not in legal else 1029


class ReturnsNegative(Policy):
    def choose(self, state, legal):
        return -1


class ReturnsString(Policy):
    def choose(self, state, legal):
        return str(legal[0])


class ReturnsList(Policy):
    def choose(self, state, legal):
        return [legal[0]]


class ReturnsBool(Policy):
    def choose(self, state, legal):
        return True


class Exits(Policy):
    """Calls sys.exit(0) in choose (the run used to end with exit code 0 and no message)."""

    def choose(self, state, legal):
        sys.exit(0)


class ResetRaises(Policy):
    """Raises in reset, before its first decision (`play` used to print a traceback)."""

    def reset(self, game_seed, seat):
        raise RuntimeError("reset failed")

    def choose(self, state, legal):
        return legal[0]


class _Unprintable(Exception):
    def __str__(self):
        raise RuntimeError("no text")


class RaisesUnprintable(Policy):
    """Raises an exception whose message itself fails."""

    def choose(self, state, legal):
        raise _Unprintable()


class _BadIndex:
    def __index__(self):
        raise RuntimeError("no index")


class ReturnsBadIndex(Policy):
    """Returns an object whose __index__ raises something other than TypeError."""

    def choose(self, state, legal):
        return _BadIndex()


class Hangs(Policy):
    """Never answers (a busy loop): stopped by --decision-timeout."""

    def choose(self, state, legal):
        while True:
            time.sleep(0.01)


class BadConstructor(Policy):
    """Fails while being built."""

    def __init__(self):
        raise ZeroDivisionError("division by zero")


class NoChoose(Policy):
    """Does not implement choose."""


class NotAPolicy:
    """Not a gwt_sim Policy at all."""

    def choose(self, state, legal):
        return legal[0]


class ExitsWhenBuilt(Policy):
    """Calls sys.exit(0) in its constructor (the run used to end with exit code 0 and no dataset)."""

    def __init__(self):
        sys.exit(0)


class SwallowsTimeout(Policy):
    """Catches every Exception while it thinks: the decision timeout must still stop it."""

    def choose(self, state, legal):
        while True:
            try:
                time.sleep(0.05)
            except Exception:
                pass


class PlaysOnTheState(Policy):
    """Applies its action to the live state instead of a clone."""

    def choose(self, state, legal):
        state.apply_action(legal[0])
        return legal[0]


class EditsLegal(Policy):
    """Empties the list of legal actions it was given and answers an id outside it."""

    def choose(self, state, legal):
        legal.clear()
        legal.append(9999)
        return 9999


class _OwnBaseException(BaseException):
    pass


class RaisesOwnBaseException(Policy):
    """Raises a BaseException subclass of its own (neither Exception nor SystemExit)."""

    def choose(self, state, legal):
        raise _OwnBaseException("own")


class RaisesOwnWhenBuilt(Policy):
    """Raises a BaseException subclass of its own in its constructor."""

    def __init__(self):
        raise _OwnBaseException("own, when built")


class InterruptedWhenBuilt(Policy):
    """Ctrl-C while it is being built: that must still interrupt, not be reported as its failure."""

    def __init__(self):
        raise KeyboardInterrupt
