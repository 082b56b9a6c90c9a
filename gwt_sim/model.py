"""Typed, immutable view of validated game content (built by `gwt_sim.content`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

Steps = tuple["Step", ...]


def frozen_map(d: Mapping | None = None) -> Mapping:
    return MappingProxyType(dict(d or {}))


@dataclass(frozen=True)
class Conf:
    """Confidence tags of one record: `default` applies to every field without its own tag."""

    default: str = "M"
    fields: Mapping[str, str] = field(default_factory=frozen_map)

    def of(self, name: str) -> str:
        return self.fields.get(name, self.default)


@dataclass(frozen=True)
class Step:
    """One step of an action in the content vocabulary (see gwt_sim.vocabulary)."""

    op: str
    args: Mapping[str, Any] = field(default_factory=frozen_map)   # parameters with defaults filled in
    options: tuple[Steps, ...] = ()                               # only for op == "choice"

    def get(self, name: str) -> Any:
        return self.args.get(name)


@dataclass(frozen=True)
class Breed:
    id: str
    colour: str
    value: int
    source: str                  # starting | market | market_simmental | supply_simmental
    per_player: int              # cards in each starting deck
    count: int                   # cards in the market deck / Simmental supply
    vp_counts: tuple[tuple[int, int], ...]   # (VP per card, number of such cards)
    income_group: str
    stage: int = 0
    upgrades_to: str | None = None
    name_1e: str | None = None   # the same card in the other edition (2E content)
    name_2e: str | None = None   # (1E content)
    conf: Conf = Conf()

    @property
    def total(self) -> int:
        return sum(n for _, n in self.vp_counts)


@dataclass(frozen=True)
class BuyOption:
    id: str
    cowboys: int
    dollars: int
    cards: int
    group: str
    variant: str | None
    conf: Conf


@dataclass(frozen=True)
class DiscSpace:
    id: str
    order: int
    discs: int
    grey_empty_spaces: int
    corner: str                  # white | dark
    unlocks: str
    on_clear: Steps
    clear_cost: int
    end_vp: int
    conf: Conf


@dataclass(frozen=True)
class AuxAction:
    id: str
    single: Steps
    double: Steps
    conf: Conf


@dataclass(frozen=True)
class StepLimit:
    players: int
    base: int
    left_disc: int
    right_disc: int
    conf: Conf


@dataclass(frozen=True)
class PlayerBoard:
    disc_spaces: tuple[DiscSpace, ...]
    aux_actions: Mapping[str, AuxAction]
    hand_limit_base: int
    hand_limit_per_disc: int
    hand_limit_max: int
    step_limits: Mapping[int, StepLimit]
    certificate_positions: tuple[int, ...]
    certificate_start: int
    certificate_limit_base: int
    certificate_limit_4: int
    certificate_limit_6: int
    worker_types: tuple[str, ...]
    worker_spaces: int
    printed_worker_space: int
    vp_per_worker_on_space: Mapping[int, int]
    worker_immediate: Mapping[tuple[str, int], Steps]    # (worker type, space 1..6) -> steps

    @property
    def discs_per_player(self) -> int:
        return sum(d.discs for d in self.disc_spaces)


@dataclass(frozen=True)
class JobMarket:
    rows: int
    columns: int
    row_costs: tuple[int, ...]
    token_start_row: int
    token_column: int
    columns_used: Mapping[int, tuple[int, ...]]
    refill_rows: tuple[int, ...]
    token_end_vp: int
    conf: Conf


@dataclass(frozen=True)
class HazardKind:
    vp: int
    hand: str
    count: int                   # tiles of this kind per hazard type


@dataclass(frozen=True)
class KCSupply:
    bags: Mapping[int, Mapping[str, Mapping[str, int]]]   # bag -> {"workers"|"hazards"|"outlaws": {kind: n}}
    workers: Mapping[str, int]
    hazard_types: tuple[str, ...]
    hazard_kinds: tuple[HazardKind, ...]
    outlaw_colours: Mapping[str, int]                      # colour -> count (2E; empty in 1E)
    outlaw_hands: Mapping[str, str]                        # colour -> hand colour
    teepee_colours: Mapping[str, int]                      # colour -> count (1E; empty in 2E)
    teepee_hands: Mapping[str, str]
    foresight_columns: int
    foresight_spaces_per_column: int
    foresight_bags: tuple[int, ...]


@dataclass(frozen=True)
class TrailNode:
    id: str
    kind: str                    # start | neutral | private | hazard | outlaw | teepee | kc
    next: tuple[str, ...]
    default_tile: str | None = None
    section: str | None = None
    index: int = 0               # fill order of a hazard section, the outlaw spaces or the teepee spaces
    on_trail: bool = True
    bounty: Steps = ()           # outlaw space: what collecting its outlaw pays
    value: int = 0               # teepee space: trade value (negative: the trader pays)
    woods: bool = False
    risk: Steps = ()


@dataclass(frozen=True)
class Trail:
    start: str
    end: str
    nodes: Mapping[str, TrailNode]
    hand_fees: Mapping[int, tuple[int, int]]              # players -> (green, black)

    def of_kind(self, kind: str) -> tuple[TrailNode, ...]:
        return tuple(n for n in self.nodes.values() if n.kind == kind)


@dataclass(frozen=True)
class Station:
    id: int
    space: float                 # turnout k.5, or 39 for station 10
    turnout_after: int | None
    cost: int
    vp: int
    corner: str
    station_master_space: bool
    conf: Conf


@dataclass(frozen=True)
class Railroad:
    numbered_spaces: int
    crosses_after: tuple[int, ...]
    per_cross: int
    end_space: int
    end_min_back: int
    end_reward: Steps
    stations: tuple[Station, ...]


@dataclass(frozen=True)
class City:
    id: str
    order: int
    value: int
    corner: str
    repeatable: bool
    on_place: Steps
    vp_per_disc: int
    end_vp: int
    conf: Conf


@dataclass(frozen=True)
class CityArrow:
    id: str
    between: tuple[str, str]
    immediate: Steps
    end_vp: int
    conf: Conf


@dataclass(frozen=True)
class Building:
    id: str                      # "A".."G" or "1a".."12b"
    neutral: bool
    number: int                  # 0 for neutral tiles
    side: str                    # "a" | "b" | "" (neutral)
    builders: int
    vp: int
    hand: str                    # none | green | black | both
    actions: tuple[Steps, ...]
    conf: Conf


@dataclass(frozen=True)
class StationMaster:
    id: str
    immediate: Steps
    scoring_vp: int
    scoring_every: int
    scoring_per: str | None
    origin: str
    conf: Conf


@dataclass(frozen=True)
class ObjectiveCard:
    id: str
    starting: bool
    count: int
    immediate: str | None        # key of Content.objective_immediates
    tasks: tuple[str, ...]       # task ids, already resolved through content options
    vp: int
    penalty: int
    conf: Conf


@dataclass(frozen=True)
class Task:
    id: str
    counts: str                  # counter name (gwt_sim.vocabulary.COUNTERS)
    text: str


@dataclass(frozen=True)
class StepIcon:
    """A variable step count on Sam's cards: 1 step per `counts` (a Sam counter), clamped to min..max."""

    id: str
    counts: str                  # gwt_sim.vocabulary.SAM_COUNTERS
    min: int
    max: int
    text: str
    conf: Conf


@dataclass(frozen=True)
class SamCard:
    """One of Sam's cards: how far his herder moves, then what he does.

    `action` is what he does; when `when_specialisation` is set, `action` applies while his
    specialisation is that worker type and `otherwise` applies for the other two types.
    """

    number: int
    steps: int | None            # fixed number of locations, or None when `step_icon` gives it
    step_icon: str | None        # key of Solo.step_icons
    action: Steps                # Sam verbs (gwt_sim.vocabulary.SAM_VERBS)
    when_specialisation: str | None
    otherwise: Steps
    text: str
    conf: Conf

    def action_for(self, specialisation: str) -> Steps:
        if self.when_specialisation is None or self.when_specialisation == specialisation:
            return self.action
        return self.otherwise


@dataclass(frozen=True)
class SoloDifficulty:
    id: str
    remove_cards: tuple[int, ...]      # Sam cards returned to the box
    extra_workers: tuple[str, ...]     # worker types Sam starts with in addition (taken from the worker bag)
    first_delivery: str                # city of Sam's first delivery
    conf: Conf


@dataclass(frozen=True)
class Solo:
    """The solo mode: the automated opponent Sam (solo.toml). `rules` holds the fixed rule readings
    (validated single choices and numbers), `options` the open readings (content options)."""

    name: str
    default_difficulty: str
    board_players: int                 # board and components as for this many players
    sam_seat: int                      # 1-based; the human holds the other seat
    worker_bag: int                    # bag Sam's setup worker (and hard's extra workers) come from
    workers_from_bag: int              # random tiles drawn from it onto Sam's board at setup
    discs: int
    building_side: str
    starting_objective_cards: int
    difficulties: Mapping[str, SoloDifficulty]
    step_icons: Mapping[str, StepIcon]
    cards: Mapping[int, SamCard]
    kc_skip_steps: tuple[int, ...]     # Kansas City steps Sam skips
    skip_scoring: tuple[str, ...]      # scoring categories Sam does not score
    rules: Mapping[str, Any]
    options: Mapping[str, Any]

    def deck(self, difficulty: str) -> tuple[int, ...]:
        """Sam's card numbers in play at a difficulty."""
        removed = set(self.difficulties[difficulty].remove_cards)
        return tuple(n for n in sorted(self.cards) if n not in removed)


@dataclass(frozen=True)
class Content:
    """All game content, validated. Build with `gwt_sim.content.load_content`."""

    name: str
    edition: int
    version: str
    forbidden_verbs: tuple[str, ...]   # verbs this edition does not have (meta.forbidden_verbs)
    options: Mapping[str, Any]          # an option that does not apply to the content (e.g. about
                                        # Simmental cards it does not have) may be absent
    setup: Mapping[str, Any]
    breeds: Mapping[str, Breed]
    card_groups: Mapping[str, tuple[str, ...]]
    buy_options: tuple[BuyOption, ...]
    unused_cowboy_reveals: int
    board: PlayerBoard
    job_market: JobMarket
    supply: KCSupply
    trail: Trail
    railroad: Railroad
    cities: tuple[City, ...]
    arrows: tuple[CityArrow, ...]
    neutral_buildings: Mapping[str, Building]
    private_buildings: Mapping[str, Building]
    station_masters: Mapping[str, StationMaster]
    tasks: Mapping[str, Task]
    objective_immediates: Mapping[str, Steps]
    objective_cards: Mapping[str, ObjectiveCard]
    scoring_categories: tuple[str, ...]
    content_hash: str
    source: str
    solo: Solo | None = None     # None when the content set has no solo.toml
    raw: Mapping[str, Any] = field(repr=False, compare=False, default_factory=frozen_map)
    section_files: Mapping[str, str] = field(repr=False, compare=False, default_factory=frozen_map)  # section -> file
    uses: frozenset[str] = field(repr=False, compare=False, default=frozenset())  # verbs, counters, space kinds

    def building(self, building_id: str) -> Building:
        return self.neutral_buildings.get(building_id) or self.private_buildings[building_id]

    @property
    def private_numbers(self) -> tuple[int, ...]:
        return tuple(sorted({b.number for b in self.private_buildings.values()}))
