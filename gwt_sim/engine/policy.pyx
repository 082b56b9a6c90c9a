"""Policies: the engine asks one for an action at each decision of its seat.

A plain-Python policy's answer is checked in one place, `policy_choice`, whichever loop asks (the
compiled loop of `simulate` through `Policy.choose_c`, the Python loop of `gwt-sim play` directly):
an exception, a timeout, anything but an integer action id (a float that is an exact integer is
accepted; 2.5, None, "3" are not), or an action that is not legal is refused with one `PolicyError`
line naming the policy and its seat.
"""

import operator
import signal
import threading

from gwt_sim.engine.game cimport legal_now
from gwt_sim.engine.rng cimport STREAM_POLICY, rng_below, rng_seed_stream
from gwt_sim.engine.state cimport MAX_LEGAL

from gwt_sim.errors import PLUGIN_FAILURES, UserError, one_line  # noqa: F401 (PLUGIN_FAILURES: re-exported)


class PolicyError(UserError, RuntimeError):
    """A policy misbehaved: it raised, took too long, or answered something that is not a legal action."""


class DecisionTimeout(BaseException):
    """Raised inside a policy's `choose` when it exceeds the decision timeout (a BaseException, so
    that a plugin's own `except Exception` cannot swallow it)."""


cdef double _timeout = 0.0          # seconds per decision of a plain-Python policy (0: no limit)
cdef bint _deciding = False         # a timed decision is running (a late alarm is ignored otherwise)


def _on_alarm(signum, frame):
    if _deciding:
        raise DecisionTimeout()


def set_decision_timeout(seconds=None):
    """Give each decision of a plain-Python policy at most `seconds` (None or 0: no limit).

    Uses the SIGALRM interval timer, so it works in the main thread of a Unix process — where
    `gwt-sim play`, in-process runs and loky workers play."""
    global _timeout
    seconds = float(seconds or 0.0)
    if seconds > 0:
        if threading.current_thread() is not threading.main_thread():
            raise RuntimeError("a decision timeout needs the main thread (SIGALRM)")
        signal.signal(signal.SIGALRM, _on_alarm)
    _timeout = seconds


def show(value) -> str:
    """repr() of a plugin's answer, even when its __repr__ fails."""
    try:
        return " ".join(repr(value).split())[:80]
    except KeyboardInterrupt:
        raise
    except PLUGIN_FAILURES:
        return f"<{type(value).__name__}>"


def reset_policy(policy, u64 game_seed, int seat):
    """Call `policy.reset` at the start of a game; a failure is one PolicyError line (TypeError if
    `policy` is not a Policy)."""
    cdef Policy checked = policy      # a checked cast: a TypeError, not C reading another type
    try:
        checked.reset(game_seed, seat)
    except KeyboardInterrupt:
        raise
    except PLUGIN_FAILURES as exc:
        raise PolicyError(f"{policy_label(policy, seat)} raised {one_line(exc)} in reset") from None


def policy_label(policy, int seat):
    """How messages name a policy: ``policy MyBot (seat 2)``."""
    return f"policy {type(policy).__name__} (seat {seat + 1})"


def illegal_action(policy, int seat, action, GameState state):
    """The error for a policy's answer that is not a legal action of the pending decision."""
    return PolicyError(f"{policy_label(policy, seat)} returned {show(action)}, not a legal action of "
                       f"'{state.decision_name()}'")


cpdef int policy_choice(Policy policy, GameState state, list legal) except? -1:
    """Ask `policy` for an action among `legal` and check the answer (see the module docstring)."""
    global _deciding
    cdef int seat = state.current_player()
    cdef long decisions = state.g.decisions
    try:
        if _timeout > 0:
            _deciding = True
            signal.setitimer(signal.ITIMER_REAL, _timeout)
        try:
            # a copy: the answer is checked against the legal actions, whatever the policy does to its list
            answer = (<object>policy).choose(state, list(legal))     # the Python object, not converted yet
        finally:
            if _timeout > 0:
                _deciding = False
                signal.setitimer(signal.ITIMER_REAL, 0)
    except PolicyError:
        raise
    except DecisionTimeout:
        raise PolicyError(f"{policy_label(policy, seat)} took longer than {_timeout:g} s to decide "
                          f"(--decision-timeout)") from None
    except KeyboardInterrupt:
        raise
    except PLUGIN_FAILURES as exc:
        raise PolicyError(f"{policy_label(policy, seat)} raised {one_line(exc)}") from None
    if state.g.decisions != decisions or state.g.current != seat:
        raise PolicyError(f"{policy_label(policy, seat)} played on the game state it was given "
                          f"(a policy decides on a clone: state.clone())")
    not_an_id = PolicyError(f"{policy_label(policy, seat)} returned {show(answer)}, not an action id (an integer)")
    if type(answer) is int:
        action = answer
    elif type(answer) is float:
        if not answer.is_integer():
            raise not_an_id
        action = int(answer)
    elif isinstance(answer, bool):
        raise not_an_id
    else:
        try:
            action = operator.index(answer)           # int subclasses, numpy integers
        except KeyboardInterrupt:
            raise
        except PLUGIN_FAILURES:                       # not an integer, or its __index__ failed
            raise not_an_id from None
    if action not in legal:
        raise illegal_action(policy, seat, action, state)
    return action


cdef int check_built(Policy policy, object part, type base) except -1:
    """One error, not a crash, when compiled code would call into what `base.__init__` makes and a
    subclass's __init__ did not call it (`part`, that object, is None)."""
    if part is None:
        raise RuntimeError(f"{type(policy).__name__} was made without {base.__name__}.__init__ (a subclass's "
                           f"__init__ must call it)")
    return 0


cdef bint is_legal_answer(GameState state, object action) except -1:
    """Is `action` (an integer of any kind) one of the state's legal actions?"""
    try:
        action = operator.index(action)               # ints, numpy integers
    except TypeError:
        return False
    return 0 <= action < 2 ** 15 and legal_now(state, action)


cdef class Policy:
    """Base class. Subclass in Python and override `choose(state, legal) -> action`, or in Cython
    and override `choose_c`. `reset` is called at the start of every game with the game seed and
    the seat, and seeds `self.rng` (use `self.random_below(n)` from Python; before the first reset
    the stream is game seed 0's for seat 1)."""

    name = "policy"

    def __cinit__(self, *args, **kwargs):
        # a stream before the first reset (a policy asked without one, a subclass whose reset skips
        # the base's): the all-zero state would return 0 for ever and random_below never return
        rng_seed_stream(&self.rng, 0, STREAM_POLICY)

    def __init__(self, **params):
        if params:
            raise ValueError(f"{type(self).__name__} takes no parameters, got {', '.join(params)}")

    cpdef void reset(self, u64 game_seed, int seat):
        self.seat = seat
        rng_seed_stream(&self.rng, game_seed, STREAM_POLICY + seat)

    cdef int choose_c(self, GameState state, const i16* legal, int n) except? -1:
        # a plain-Python policy: its answer is checked before the compiled loop uses it
        return policy_choice(self, state, [legal[i] for i in range(n)])

    cpdef int choose(self, GameState state, list legal) except? -1:
        raise NotImplementedError(f"{type(self).__name__} must implement choose(state, legal)")

    def random_below(self, int n) -> int:
        """A uniform integer in [0, n) from this seat's policy stream."""
        if n < 1:
            raise ValueError("n must be >= 1")
        return rng_below(&self.rng, n)


cdef class CompiledPolicy(Policy):
    """Base of policies written in Cython: they override only `choose_c`; `choose`, the Python entry
    point, hands it the legal actions as a C buffer."""

    cdef int choose_c(self, GameState state, const i16* legal, int n) except? -1:
        # without this, Policy.choose_c would ask choose, which asks choose_c... until the C stack overflows
        raise NotImplementedError(f"{type(self).__name__} must implement choose_c")

    cpdef int choose(self, GameState state, list legal) except? -1:
        cdef i16 buf[MAX_LEGAL]
        cdef int i, n = len(legal)
        if state is None or not 1 <= n <= MAX_LEGAL:       # the compiled policies read both unchecked
            raise ValueError(f"choose needs a game state and 1 to {MAX_LEGAL} legal actions")
        for i in range(n):
            # they also index their tables by the action: one the state does not allow is refused
            if not is_legal_answer(state, legal[i]):
                raise ValueError(f"choose: action {legal[i]!r} is not legal in the state given "
                                 f"('{state.decision_name()}')")
            buf[i] = legal[i]
        return self.choose_c(state, buf, n)


cdef class RandomPolicy(Policy):
    """Uniformly random among the legal actions (its own seeded stream)."""

    name = "random"

    cdef int choose_c(self, GameState state, const i16* legal, int n) except? -1:
        return legal[rng_below(&self.rng, n)]

    cpdef int choose(self, GameState state, list legal) except? -1:
        if not legal:
            raise ValueError("choose needs at least one legal action")
        return legal[rng_below(&self.rng, len(legal))]


cdef class EngineSeat(CompiledPolicy):
    """The seat the engine plays itself (Sam in the solo mode): never asked for a decision."""

    name = "engine"

    cdef int choose_c(self, GameState state, const i16* legal, int n) except? -1:
        raise RuntimeError("the engine plays this seat itself (Sam): no policy decides for it")


def check_policies(policies):
    """TypeError unless every item is a gwt_sim Policy: the compiled loops and `reset_policy` call
    them through C (an object of another type would be read as one: a segfault)."""
    for seat, p in enumerate(policies):
        if not isinstance(p, Policy):
            raise TypeError(f"seat {seat + 1}: {p!r} is not a gwt_sim Policy")


def seat_policies(handle, policies) -> list:
    """One policy per seat of the board from the policies of the seats that decide (all seats; in
    the solo mode all but Sam's, whose seat gets an `EngineSeat`). ValueError on a wrong count,
    TypeError on an object that is not a Policy (check_policies)."""
    policies = list(policies)
    check_policies(policies)
    seats = handle.decision_seats
    if len(policies) != len(seats):
        what = "player" if len(seats) == 1 else "players"
        raise ValueError(f"{len(policies)} policies for {len(seats)} {what}"
                         + (" (the solo mode: Sam is played by the engine)" if handle.solo else ""))
    out = [EngineSeat() for _ in range(handle.players)]
    for seat, policy in zip(seats, policies):
        out[seat] = policy
    return out
