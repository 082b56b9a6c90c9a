"""Python-facing game API: new games, whole-game play, replays and readable logs.

    from gwt_sim.game import new_game, play, Replay
    state = new_game(Variant(players=3), seed=7)
    state.legal_actions(); state.apply_action(a); ...

A replay — content hash + variant + seed + the list of chosen actions — reproduces a game exactly
(forced decisions are not listed: they are applied automatically and deterministically).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gwt_sim.content import load_content
from gwt_sim.engine.game import GameState, RulesHandle
from gwt_sim.engine.policy import Policy
from gwt_sim.model import Content
from gwt_sim.tables import Tables, compile_tables
from gwt_sim.variant import Variant

REPLAY_FORMAT = "gwt-sim-replay/1"


def rules_for(variant: Variant | None = None, content: Content | None = None) -> RulesHandle:
    """Compile content + variant into engine rules (reuse the handle for many games)."""
    return RulesHandle(compile_tables(content, variant or Variant()))


def new_game(variant: Variant | Tables | RulesHandle | None = None, seed: int = 0,
             content: Content | None = None, debug: bool = False) -> GameState:
    """A new game at its first decision."""
    if isinstance(variant, RulesHandle | Tables):
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
    def from_json(cls, text: str) -> Replay:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise ValueError(f"replay: not valid JSON ({e.msg} at line {e.lineno})") from None
        if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
            raise ValueError(f"replay: not a {REPLAY_FORMAT} file")
        try:
            return cls(str(data["content_hash"]), dict(data["variant"]), int(data["seed"]),
                       [int(a) for a in data["actions"]], data["format"])
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"replay: malformed field ({e})") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        return cls.from_json(Path(path).read_text(encoding="utf-8"))

    def variant_object(self) -> Variant:
        v = dict(self.variant)
        if isinstance(v.get("station_masters"), list):
            v["station_masters"] = tuple(v["station_masters"])
        if isinstance(v.get("starting_money"), list):
            v["starting_money"] = tuple(v["starting_money"])
        return Variant.from_mapping(v)

    def run(self, content: Content | None = None, debug: bool = False,
            on_action: Callable[[GameState, int], None] | None = None) -> GameState:
        """Replay the game; the content must be the one the replay was recorded with."""
        variant = self.variant_object()
        content = content or load_content()
        tables = compile_tables(content, variant)
        if tables.content_hash != self.content_hash:
            raise ValueError(f"replay: recorded with content {self.content_hash}, "
                             f"this content is {tables.content_hash}")
        state = GameState(tables, self.seed, debug)
        for a in self.actions:
            if on_action is not None:
                on_action(state, a)
            state.apply_action(a)
        return state


def variant_dict(variant: Variant) -> dict[str, Any]:
    d = asdict(variant)
    d["station_masters"] = (list(variant.station_masters) if not isinstance(variant.station_masters, str)
                            else variant.station_masters)
    d["starting_money"] = list(variant.starting_money) if variant.starting_money else None
    return {k: v for k, v in d.items() if v is not None}


def play_game(config: Variant | Tables | RulesHandle, policies: Sequence[Policy], seed: int,
              debug: bool = False):
    """Play one whole game in compiled code; returns (game_record, player_records) as int32 arrays
    with columns `handle.game_fields` and `handle.player_fields` (gwt_sim.schema). `config` is a Variant,
    compiled Tables or a RulesHandle (reuse a RulesHandle across many games: compiling costs milliseconds)."""
    from gwt_sim.engine.play import play_game as _play_game

    handle = config if isinstance(config, RulesHandle) else (
        RulesHandle(config) if isinstance(config, Tables) else rules_for(config))
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
        pol = policies[state.current_player()]
        a = pol.choose(state, legal)
        if a not in legal:
            raise ValueError(f"policy {type(pol).__name__} returned {a!r}, not a legal action")
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
    """Policies from strategy strings (the strategies registry when present, else built-ins)."""
    try:
        from strategies.registry import make_policy
    except ImportError:  # pragma: no cover - the strategies package always ships with gwt-sim
        make_policy = None
    out = []
    names = list(names) or ["random"]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"--strategies: {len(names)} strategies for {players} players")
    for name in names:
        if make_policy is not None:
            out.append(make_policy(name))
        elif name == "random":
            from gwt_sim.engine.policy import RandomPolicy
            out.append(RandomPolicy())
        else:
            raise ValueError(f"unknown strategy {name!r}")
    return out
