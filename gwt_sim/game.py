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
from typing import Any

from gwt_sim.content import ContentError, load_content
from gwt_sim.engine.game import A, GameState, IllegalActionError, RulesHandle
from gwt_sim.engine.policy import Policy, policy_choice
from gwt_sim.errors import UserError
from gwt_sim.limits import ENGINE_FIELDS
from gwt_sim.model import Content
from gwt_sim.tables import Tables, compile_tables
from gwt_sim.variant import Variant, VariantError

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
    """Compile `content` for each player count it supports and load it into the engine (what
    `gwt-sim content check` adds to validation): a `ContentError` if it exceeds a capacity."""
    for players in content.setup["players"]:
        load_rules(compile_tables(content, Variant(players=players)))


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

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=None, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, source: str = "replay") -> Replay:
        """Parse a replay; every malformed field is named (``replay: actions[17]: ...``)."""
        def fail(where: str, problem: str) -> ReplayError:
            return ReplayError(f"{source}: {where}: {problem}" if where else f"{source}: {problem}")

        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise fail("", f"not valid JSON ({e.msg} at line {e.lineno})") from None
        if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
            raise fail("", f"not a {REPLAY_FORMAT} file")
        unknown = sorted(set(data) - {"content_hash", "variant", "seed", "actions", "format"})
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
        replay = cls(content_hash, variant, seed, actions, data["format"])
        try:
            replay.variant_object()
        except VariantError as exc:
            raise fail("variant", str(exc)) from None
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

    def run(self, content: Content | None = None, debug: bool = False,
            on_action: Callable[[GameState, int], None] | None = None, source: str = "replay") -> GameState:
        """Replay the game; the content must be the one the replay was recorded with, every action
        must be legal where it is played, and the actions must take the game to its end."""
        try:
            variant = self.variant_object()
        except VariantError as exc:
            raise ReplayError(f"{source}: variant: {exc}") from None
        if content is None:
            tables = self._builtin_tables(variant, source)
        else:
            tables = compile_tables(content, variant)
        if tables.content_hash != self.content_hash:
            raise ReplayError(f"{source}: recorded with content {self.content_hash}, "
                              f"this content is {tables.content_hash}")
        state = GameState(load_rules(tables), self.seed, debug)
        for i, a in enumerate(self.actions):
            if state.is_terminal():
                raise ReplayError(f"{source}: actions[{i}]: the game ended after {i} of the "
                                  f"{len(self.actions)} actions")
            if on_action is not None:
                on_action(state, a)
            try:
                state.apply_action(a)
            except IllegalActionError as exc:
                raise ReplayError(f"{source}: actions[{i}]: {exc}") from None
        if not state.is_terminal():
            raise ReplayError(f"{source}: replay ends after {len(self.actions)} actions but the game is not "
                              f"finished (turn {state.turn_number}, {state.decisions} decisions played): "
                              f"a truncated replay?")
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
              debug: bool = False):
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
    if len(policies) != handle.players:
        raise ValueError(f"{len(policies)} policies for {handle.players} players")
    for seat, p in enumerate(policies):
        p.reset(seed, seat)
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


def game_log(handle: RulesHandle, policies: Sequence[Policy], seed: int,
             variant: Variant) -> tuple[list[str], GameState, Replay]:
    """Play one game and return its readable log lines, the final state and the replay.

    Every decision is listed; decisions that had a single legal action (applied automatically by
    the engine) are marked "(only choice)".
    """
    lines: list[str] = []
    names = handle.names
    last_turn = [0]

    def emit(state: GameState, turn: int, seat: int, text: str) -> None:
        if turn != last_turn[0]:
            last_turn[0] = turn
            p = state.player(seat)
            herder = names["node"][p["herder"]] if p["herder"] >= 0 else "-"
            lines.append(f"-- turn {turn}, seat {seat + 1} (at its first choice: ${p['money']}, herder at "
                         f"{herder}, engine on {names['rail_position'][p['engine']]}, certificates "
                         f"{p['certificates']}, hand {p['hand_size']})")
        lines.append(text)

    def forced(state: GameState) -> None:
        for turn, seat, decision, a in state.forced_actions():
            emit(state, turn, seat, f"   [{decision}] {state.action_to_string(a, decision)} (only choice)")

    def on_action(state: GameState, a: int) -> None:
        forced(state)
        emit(state, state.turn_number, state.current_player(),
             f"   [{state.decision_name()}] {state.action_to_string(a)}")

    state, actions = play(handle, policies, seed, on_action=on_action, tracing=True)
    forced(state)
    replay = Replay(handle.tables.content_hash, variant_dict(variant), seed, actions)
    return lines, state, replay


def score_table(state: GameState) -> list[str]:
    """The final score table by category, one line per category (seats as columns)."""
    scores = state.scores()
    n = len(scores)
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


def policies_from_names(names: Iterable[str], players: int) -> list[Policy]:
    """Policies from strategy strings, one per seat. The strategies fill the seats in order and are
    repeated when fewer (their number must divide the player count), as an experiment's lineup."""
    from gwt_sim.experiment import seat_lineup
    from strategies.registry import StrategyError, make_policy

    names = [n.strip() for n in names if n.strip()] or ["random"]
    try:
        lineup, _ = seat_lineup(names, players, "fixed")
    except ValueError as exc:
        raise StrategyError(f"--strategies: {exc}") from None
    assert lineup is not None
    return [make_policy(name) for name in lineup]
