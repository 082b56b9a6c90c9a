"""Errors of the user's making, and the one way they are shown.

Every layer raises a subclass of `UserError` for bad input — content and patches (`ContentError`),
variants (`VariantError`), experiment files (`ExperimentError`), strategy strings (`StrategyError`),
replays (`ReplayError`), misbehaving plugins (`PolicyError`), run options (`RunnerError`), dataset
folders (`DatasetError`), reports (`ReportError`), the command line (`CliError`). The command line
prints ``error: `` + `one_line(exc)` to stderr and exits with `EXIT_USER_ERROR`, never with a
traceback; anything that is not a `UserError` (or a file-system `OSError`) is a bug and keeps its
traceback.

This module imports nothing from gwt-sim, so every layer (the engine included) may use it.
"""

from __future__ import annotations

EXIT_USER_ERROR = 2


class UserError(Exception):
    """Bad input. `str()` is one line naming what is wrong: file, key, value, allowed range...
    (white space in the message collapses to single spaces, control characters are escaped)."""

    def __str__(self) -> str:
        return escape_controls(" ".join(super().__str__().split()))


def escape_controls(text: object) -> str:
    """`text` with every non-printable character (newline, tab, other control or line-separator
    characters) replaced by its repr-style escape, so that it stays on one line and shows exactly
    what was written (a TOML key holding a newline reads ``end\\nvp``)."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


# What a plugin's code (a strategy or accumulator: importing, building, resetting, deciding) may raise
# that is its own failure, reported in one line: anything, SystemExit too (a plugin calling sys.exit
# must not end a run as if it had succeeded) and a plugin's own BaseException subclasses. Ctrl-C
# still interrupts: every `except PLUGIN_FAILURES` follows an `except KeyboardInterrupt: raise` of
# the same `try` (tests/test_errors.py checks every such handler in the project).
PLUGIN_FAILURES: tuple[type[BaseException], ...] = (BaseException,)


def one_line(exc: BaseException) -> str:
    """The message of an exception on one line.

    A `UserError` is its message; a file-system error is ``path: reason``; anything else (a
    plugin's own exception, say) is named by its type, ``ValueError: boom``. Runs of white space
    become one space and other control characters are escaped.
    """
    if isinstance(exc, UserError):
        return str(exc) or type(exc).__name__       # one line by construction
    if isinstance(exc, OSError) and exc.strerror:
        text = f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    else:
        try:
            msg = str(exc)
        except KeyboardInterrupt:
            raise
        except PLUGIN_FAILURES:  # a plugin's exception whose __str__ fails is still named by its type
            msg = ""
        text = f"{type(exc).__name__}: {msg}" if msg else type(exc).__name__
    return escape_controls(" ".join(text.split()))
