"""Python-facing game API: new games, whole-game play, replays and readable logs.

    from gwt_sim.game import new_game, play, Replay
    state = new_game(Variant(players=3), seed=7)
    state.legal_actions(); state.apply_action(a); ...

A replay — content hash + variant + seed + the list of chosen actions — reproduces a game exactly
(forced decisions are not listed: they are applied automatically and deterministically). A replay
file that is malformed, recorded with other content, holds an action the game does not allow, or
ends before the game does is refused with one `ReplayError` line naming the field.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gwt_sim.content import ContentError, load_content, patched
from gwt_sim.engine.game import A, GameSetupError, GameState, IllegalActionError, RulesHandle
from gwt_sim.engine.policy import Policy, policy_choice, reset_policy, seat_policies
from gwt_sim.errors import UserError
from gwt_sim.limits import ENGINE_FIELDS
from gwt_sim.model import Content
from gwt_sim.tables import Tables, compile_tables
from gwt_sim.variant import Variant, VariantError

if TYPE_CHECKING:
    import numpy as np

REPLAY_FORMAT = "gwt-sim-replay/1"


class ReplayError(UserError, ValueError):
    """A replay file that cannot be replayed: one line naming the field and the problem."""


def load_rules(tables: Tables) -> RulesHandle:
    """Load compiled tables into the engine. Content that validates but exceeds the engine's fixed
    capacities (more tiles in a bag, more trail nodes... than the C arrays hold) is a `ContentError`."""
    try:
        return RulesHandle(tables)
    except (ValueError, OverflowError) as exc:
        raise ContentError("content", "", f"does not fit the engine: {exc}") from None


def check_fits_engine(content: Content) -> None:
    """Compile `content` for each player count it supports (and each solo difficulty) and load it into
    the engine (what `gwt-sim content check` adds to validation): a `ContentError` if it exceeds a
    capacity."""
    variants = [Variant(players=players) for players in content.setup["players"]]
    variants += [Variant(players=1, solo_difficulty=d) for d in (content.solo.difficulties if content.solo else ())]
    for variant in variants:
        handle = load_rules(compile_tables(content, variant))
        try:
            GameState(handle, 1)           # the setup's own rules (job market, bags) hold too
        except GameSetupError as exc:
            raise ContentError("content", "", f"{variant.players} players: {exc}".replace("content: ", "")) from None


def rules_for(variant: Variant | None = None, content: Content | None = None) -> RulesHandle:
    """Compile content + variant into engine rules (reuse the handle for many games)."""
    return load_rules(compile_tables(content, variant or Variant()))


def new_game(variant: Variant | Tables | RulesHandle | None = None, seed: int = 0,
             content: Content | None = None, debug: bool = False) -> GameState:
    """A new game at its first decision."""
    if isinstance(variant, Tables):
        variant = load_rules(variant)
    if isinstance(variant, RulesHandle):
        return GameState(variant, seed, debug)
    return GameState(rules_for(variant, content), seed, debug)


@dataclass
class Replay:
    """Everything needed to reproduce one game exactly."""

    content_hash: str
    variant: dict[str, Any]
    seed: int
    actions: list[int] = field(default_factory=list)
    format: str = REPLAY_FORMAT
    strategies: list[str] | None = None     # the strategy string per seat (for the log's header); optional

    def to_json(self) -> str:
        data = asdict(self)
        if self.strategies is None:
            del data["strategies"]
        return json.dumps(data, indent=None, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, source: str = "replay") -> Replay:
        """Parse a replay; every malformed field is named (``replay: actions[17]: ...``)."""
        def fail(where: str, problem: str) -> ReplayError:
            return ReplayError(f"{source}: {where}: {problem}" if where else f"{source}: {problem}")

        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise fail("", f"not valid JSON ({e.msg} at line {e.lineno})") from None
        except RecursionError:
            raise fail("", "not valid JSON (nested too deeply)") from None
        if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
            raise fail("", f"not a {REPLAY_FORMAT} file")
        unknown = sorted(set(data) - {"content_hash", "variant", "seed", "actions", "format", "strategies"})
        if unknown:
            raise fail(unknown[0], "unknown field")
        for key in ("content_hash", "variant", "seed", "actions"):
            if key not in data:
                raise fail(key, "missing")
        content_hash, variant, seed, actions = (data[k] for k in ("content_hash", "variant", "seed", "actions"))
        if not isinstance(content_hash, str) or not content_hash:
            raise fail("content_hash", f"expected the content hash (a string), got {_show(content_hash)}")
        if not isinstance(variant, dict):
            raise fail("variant", f"expected a table of variant knobs, got {_show(variant)}")
        seed_type = ENGINE_FIELDS["seed"]
        if not _is_int(seed) or not seed_type.fits(seed):
            raise fail("seed", f"expected an integer {seed_type.range}, got {_show(seed)}")
        if not isinstance(actions, list):
            raise fail("actions", f"expected a list of action ids, got {_show(actions)}")
        for i, a in enumerate(actions):
            if not _is_int(a) or not 0 <= a < A["NUM_ACTIONS"]:
                raise fail(f"actions[{i}]", f"expected an action id 0..{A['NUM_ACTIONS'] - 1}, got {_show(a)}")
        strategies = data.get("strategies")
        if strategies is not None and (not isinstance(strategies, list) or not all(
                isinstance(x, str) and x for x in strategies)):
            raise fail("strategies", f"expected a list of strategy strings (one per seat), got {_show(strategies)}")
        replay = cls(content_hash, variant, seed, actions, data["format"], strategies)
        try:
            players = replay.variant_object().players
        except VariantError as exc:
            raise fail("variant", str(exc)) from None
        if strategies is not None and len(strategies) != players:
            raise fail("strategies", f"{len(strategies)} strategy strings for {players} seat"
                                     f"{'s' if players != 1 else ''} (one per seat that decides"
                                     f"{': Sam is played by the engine' if players == 1 else ''})")
        return replay

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        from gwt_sim.files import read_text

        return cls.from_json(read_text(path, lambda problem: ReplayError(f"{path}: {problem}"), "replay"),
                             str(path))

    def variant_object(self) -> Variant:
        v = dict(self.variant)
        if isinstance(v.get("station_masters"), list):
            v["station_masters"] = tuple(v["station_masters"])
        if isinstance(v.get("starting_money"), list):
            v["starting_money"] = tuple(v["starting_money"])
        return Variant.from_mapping(v)

    def start(self, content: Content | None = None, debug: bool = False, source: str = "replay",
              every_decision: bool = False) -> GameState:
        """The recorded game at its start; the content must be the one the replay was recorded with."""
        try:
            variant = self.variant_object()
        except VariantError as exc:
            raise ReplayError(f"{source}: variant: {exc}") from None
        try:
            tables = self._builtin_tables(variant, source) if content is None else compile_tables(content, variant)
            if tables.content_hash != self.content_hash:
                raise ReplayError(f"{source}: recorded with content {self.content_hash}, "
                                  f"this content is {tables.content_hash}")
            handle = load_rules(tables)
        except ContentError as exc:
            if not variant.patches:
                raise
            # the content itself was checked when loaded: what fails here (its rules, or what the
            # engine can hold) is the replay's own patches
            raise ReplayError(f"{source}: variant.patches: {exc}") from None
        try:
            return GameState(handle, self.seed, debug, every_decision=every_decision)
        except GameSetupError as exc:
            raise ReplayError(f"{source}: {exc}") from None

    def run(self, content: Content | None = None, debug: bool = False,
            on_action: Callable[[GameState, int], None] | None = None, source: str = "replay") -> GameState:
        """Replay the game; the content must be the one the replay was recorded with, every action
        must be legal where it is played, and the actions must take the game to its end."""
        return self.play_out(self.start(content, debug, source), on_action, source)

    def play_out(self, state: GameState, on_action: Callable[[GameState, int], None] | None = None,
                 source: str = "replay", after: Callable[[GameState], None] | None = None) -> GameState:
        """Play the recorded choices on `state` (from `start`) to the end. A state made with
        every_decision=True also stops at forced decisions, which are applied as they come (a
        replay lists only choices). `on_action(state, action)` runs before each action is applied,
        `after(state)` after it."""
        n = len(self.actions)
        i = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) == 1:                  # forced (only on an every_decision state)
                a = legal[0]
            elif i == n:
                raise ReplayError(f"{source}: replay ends after {n} actions but the game is not "
                                  f"finished (turn {state.turn_number}, {state.decisions} decisions played): "
                                  f"a truncated replay?")
            else:
                a = self.actions[i]
                i += 1
            if on_action is not None:
                on_action(state, a)
            try:
                state.apply_action(a)
            except IllegalActionError as exc:
                raise ReplayError(f"{source}: actions[{i - 1}]: {exc}") from None
            if after is not None:
                after(state)
        if i < n:
            raise ReplayError(f"{source}: actions[{i}]: the game ended after {i} of the {n} actions")
        return state

    def _builtin_tables(self, variant: Variant, source: str) -> Tables:
        """The tables of the built-in edition the replay was recorded with (found by its content hash;
        the Second Edition's when neither matches, so the error names that hash)."""
        from gwt_sim.content import BUILTIN_DIR, EDITION_DIRS

        found: list[Tables | VariantError] = []
        for folder in (BUILTIN_DIR, *(d for d in EDITION_DIRS.values() if d != BUILTIN_DIR)):
            try:
                tables = compile_tables(load_content(folder), variant)
            except VariantError as exc:
                found.append(exc)
                continue
            if tables.content_hash == self.content_hash:
                return tables
            found.append(tables)
        first = found[0]
        if isinstance(first, VariantError):
            raise ReplayError(f"{source}: variant: {first}") from None
        return first


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def variant_dict(variant: Variant) -> dict[str, Any]:
    d = asdict(variant)
    d["station_masters"] = (list(variant.station_masters) if not isinstance(variant.station_masters, str)
                            else variant.station_masters)
    d["starting_money"] = list(variant.starting_money) if variant.starting_money else None
    d["seat_vp"] = list(variant.seat_vp) if variant.seat_vp is not None else None
    return {k: v for k, v in d.items() if v is not None}


def play_game(config: Variant | Tables | RulesHandle, policies: Sequence[Policy], seed: int,
              debug: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Play one whole game in compiled code; returns (game_record, player_records) as int32 arrays
    with columns `handle.game_fields` and `handle.player_fields` (gwt_sim.schema). `config` is a Variant,
    compiled Tables or a RulesHandle (reuse a RulesHandle across many games: compiling costs milliseconds)."""
    from gwt_sim.engine.play import play_game as _play_game

    handle = config if isinstance(config, RulesHandle) else (
        load_rules(config) if isinstance(config, Tables) else rules_for(config))
    return _play_game(handle, list(policies), seed, debug)


def play(handle: RulesHandle, policies: Sequence[Policy], seed: int, debug: bool = False,
         on_action: Callable[[GameState, int], None] | None = None,
         tracing: bool = False) -> tuple[GameState, list[int]]:
    """Play one game in Python (one call per decision), returning the final state and the actions.

    For bulk simulation use `gwt_sim.engine.play.play_game`, which runs the loop in compiled code.
    """
    policies = seat_policies(handle, policies)      # the solo mode: Sam's seat is played by the engine
    for seat, p in enumerate(policies):
        reset_policy(p, seed, seat)
    state = GameState(handle, seed, debug, tracing)
    actions: list[int] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        # the one check of a policy's answer, shared with the compiled loop (`simulate`)
        a = policy_choice(policies[state.current_player()], state, legal)
        if on_action is not None:
            on_action(state, a)
        state.apply_action(a)
        actions.append(a)
    return state, actions


def game_log(handle: RulesHandle, policies: Sequence[Policy], seed: int, variant: Variant,
             strategies: Sequence[str] | None = None,
             content: Content | None = None) -> tuple[list[str], GameState, Replay]:
    """Play one game and return its readable log lines (`gwt_sim.playlog`), the final state and the
    replay. `policies` and `strategies` (the strategy strings that name the seats in the log and the
    replay) are one per seat that decides — in the solo mode the human's only, Sam's turns are played
    and logged by the engine; `content` (the content the handle was compiled from) words the buildings'
    actions (default: the built-in content with the variant's patches).

    Every decision is listed, in the game's words, with the money and VP it changed; decisions that
    had a single legal action are marked "(only choice)". `replay_log` gives the same lines again.
    """
    from gwt_sim.playlog import PlayLog, log_choices

    policies = seat_policies(handle, policies)      # the solo mode: Sam's seat is played by the engine
    for seat, p in enumerate(policies):
        reset_policy(p, seed, seat)
    state = GameState(handle, seed, every_decision=True)
    log = PlayLog(state, strategies, content or load_content(patches=variant.patches))

    def choose(state: GameState, legal: list[int]) -> int:
        # the one check of a policy's answer, shared with the compiled loop (`simulate`)
        return policy_choice(policies[state.current_player()], state, legal)

    actions = log_choices(state, choose, log)
    replay = Replay(handle.tables.content_hash, variant_dict(variant), seed, actions,
                    strategies=list(strategies) if strategies else None)
    return log.lines, state, replay


def replay_log(replay: Replay, content: Content | None = None,
               source: str = "replay") -> tuple[list[str], GameState]:
    """The log of a recorded game: the same lines `game_log` gave when it was played. Without
    `content`, the built-in edition the replay was recorded with (found by its content hash)."""
    from gwt_sim.content import EDITION_DIRS
    from gwt_sim.playlog import PlayLog

    state = replay.start(content, source=source, every_decision=True)
    if content is None:
        content = load_content(EDITION_DIRS[state.handle.tables.edition])
    log = PlayLog(state, replay.strategies, patched(content, replay.variant_object().patches))
    replay.play_out(state, lambda s, a: log.before(s, a, len(s.legal_actions()) == 1), source, log.after)
    log.finish(state)
    return log.lines, state


def score_table(state: GameState) -> list[str]:
    """The final score table by category, one line per category (seats as columns)."""
    scores = state.scores()
    n = len(scores)
    if state.solo:
        return _solo_score_table(state, scores)
    cats = [k for k in scores[0] if k != "total"]
    seat_vp = [int(v) for v in state.handle.tables.seat_vp[:n]]
    if any(seat_vp):                 # seat compensation: added to the total, not a scoresheet category
        cats.append("seat_vp")
        for i in range(n):
            scores[i]["seat_vp"] = seat_vp[i]
    width = max(len(c) for c in [*cats, "total"])
    head = " " * width + "".join(f"  seat {i + 1:>2}" for i in range(n))
    lines = [head]
    for c in [*cats, "total"]:
        lines.append(f"{c:<{width}}" + "".join(f"  {scores[i][c]:>7}" for i in range(n)))
    winners = state.winners()
    share = ", ".join(f"seat {w + 1}" for w in winners)
    lines.append(f"winner{'s (tie, shared)' if len(winners) > 1 else ''}: {share}")
    return lines


def _solo_score_table(state: GameState, scores: list[dict[str, int]]) -> list[str]:
    """The solo mode's score table: the human's column and Sam's, then the result."""
    from gwt_sim.schema import solo_result

    human, sam = state.decision_seats()[0], state.sam_seat
    cats = list(scores[human])
    seat_vp = int(state.handle.tables.seat_vp[human])
    if seat_vp:
        cats.insert(-1, "seat_vp")
        scores[human]["seat_vp"], scores[sam]["seat_vp"] = seat_vp, 0
    width = max(len(c) for c in cats)
    lines = [" " * width + f"  {'you':>7}  {'Sam':>7}"]
    lines += [f"{c:<{width}}  {scores[human][c]:>7}  {scores[sam][c]:>7}" for c in cats]
    result, margin = solo_result(scores[human]["total"], scores[sam]["total"])
    lines.append(f"result: {result} against Sam ({'+' if margin > 0 else ''}{margin} VP)")
    return lines


def seat_strategies(names: Iterable[str], players: int) -> list[str]:
    """The strategy string of each seat: the strategies fill the seats in order and are repeated when
    fewer (their number must divide the player count), as an experiment's lineup. None given: the
    default of `gwt-sim play` (strategies.registry.DEFAULT_PLAY_STRATEGY) in every seat."""
    from gwt_sim.experiment import seat_lineup
    from strategies.registry import DEFAULT_PLAY_STRATEGY, StrategyError

    names = [n.strip() for n in names if n.strip()] or [DEFAULT_PLAY_STRATEGY]
    try:
        lineup, _ = seat_lineup(names, players, "fixed")
    except ValueError as exc:
        raise StrategyError(f"--strategies: {exc}") from None
    assert lineup is not None
    return list(lineup)


def policies_from_names(names: Iterable[str], players: int) -> list[Policy]:
    """Policies from strategy strings, one per seat (filled as `seat_strategies` says)."""
    from strategies.registry import make_policy

    return [make_policy(name) for name in seat_strategies(names, players)]
