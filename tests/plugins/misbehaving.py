"""Strategy plugins that misbehave on purpose, one way each, for the reliability tests
(tests/test_reliability_corpus.py): `gwt-sim play` and `gwt-sim simulate` must refuse every one of
them with the same one-line error."""

from __future__ import annotations

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
