"""Compile validated content + a variant into the flat numeric tables the engine reads.

Effects become bytecode: every step list (a building's local action, a risk action, an aux action,
a worker-space bonus, a station master's upper half, an objective card's immediate action, a city
arrow...) is one *action* = a run of *steps* in `step_op` / `step_arg`. Step arguments per verb:

    gain_money, pay_money       a0 = dollars
    discard                     a0 = breed bitmask, a1 = count, a2 = DISCARD_* kind
    hire                        a0 = cost_delta
    build                       a0 = dollars per builder
    move_engine                 a0 = min, a1 = max (-1: use a2), a2 = counter (-1)
    engine_back                 a0 = exactly
    certificates                a0 = up to, a1 = counter multiplying it (-1)
    permanent_certificates      a0 = count
    objective_card              a0 = 0 discard pile / 1 hand, a1 = 1 if the top of the stack may be taken,
                                a2 = 1 if compulsory (city arrows)
    aux                         a0 = 0 single / 1 single or double
    exchange_token              a0 = count
    remove_hazard               a0 = cost
    move_herder                 a0 = max, a1 = ignore fees, a2 = use location, a3 = may enter KC
    money_per                   a0 = counter, a1 = dollars each
    draw_discard                a0 = max (-1), a1 = exactly (-1), a2 = counter (-1)
    remove_hand_cards           a0 = up to
    choice                      a0 = first option action, a1 = number of options (contiguous actions)
    (others take no arguments)

The solo mode (`Variant(players=1)`) compiles the content's 2-player board with Sam (solo.toml) in
his seat: `sam_*` tables, with Sam's card actions as their own bytecode (`sam_step_op`, one argument
per step: hire prefer 0 cheapest / 1 specialisation; buy_cattle dollars; reveal_market_cards cards;
take_market_card value; place_building max builders (0: no limit); move_engine the Sam counter), and
the rules the solo mode changes for every seat (`foresight_slide`, `obj_display_slide`,
`seat_fees_to_bank`, `seat_skip_score`, `seat_all_objectives`).

Everything random about a variant (random sides, layout, station masters) stays symbolic here and
is drawn per game from the game seed by the engine's setup (`gwt_sim.engine.game.draw_game_variant`
shows a game's draw), so one compiled table serves every game of an experiment.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gwt_sim.content import ContentError, load_content, patched
from gwt_sim.model import Content, Step, Steps, frozen_map
from gwt_sim.variant import DEFAULT_NEUTRAL_LAYOUT, Variant, VariantError
from gwt_sim.vocabulary import COUNTER_CODE, COUNTER_NEEDS, COUNTERS, OP_CODE, SAM_COUNTER_CODE, SAM_OP_CODE

N_ARGS = 5
NO = -1

DISCARD_CARDS = 0          # `count` cards whose breed is in the mask
DISCARD_PAIR = 1           # 2 cards of one breed (mask = eligible breeds)
DISCARD_OBJECTIVE = 2      # an objective card from hand

CORNER_WHITE, CORNER_DARK = 0, 1
HAND_GREEN, HAND_BLACK = 1, 2          # bits of a hand value (both = 3)
# Engine node kinds; the content's outlaw (2E) and teepee (1E) spaces are both the trail's tile section.
NODE_KINDS = ("start", "neutral", "private", "hazard", "section", "kc")
NODE_KIND_OF = {"start": 0, "neutral": 1, "private": 2, "hazard": 3, "outlaw": 4, "teepee": 4, "kc": 5}
SECTION_KINDS = ("outlaw", "teepee")
TILE_WORKER, TILE_HAZARD, TILE_SECTION = 0, 1, 2
# What a counter counts (the engine's COUNTS_*), from gwt_sim.vocabulary.COUNTER_NEEDS.
COUNTS_PLAYER, COUNTS_DECK, COUNTS_TILES, COUNTS_CITY, COUNTS_NOTHING = 0, 1, 2, 3, 4
WORKER_TYPES = ("cowboy", "builder", "engineer")
UNLOCK_CODES = ("aux1", "aux2", "aux3", "aux4", "aux5", "step_limit_left", "step_limit_right", "hand_limit",
                "cert_limit_4", "cert_limit_6")
SIDE_A, SIDE_B, SIDE_RANDOM = 0, 1, 2


@dataclass
class Tables:
    """Flat tables for one (content, variant). Arrays are numpy int32 unless noted."""

    content_hash: str
    variant: Variant
    config_hash: str
    players: int
    arrays: dict[str, np.ndarray] = field(default_factory=dict)
    scalars: dict[str, int] = field(default_factory=dict)
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    edition: int = 2                     # the content's edition (meta.edition)
    content_name: str = ""               # the content's name (meta.name)
    action_steps: tuple[Steps, ...] = ()      # the content's steps of each bytecode action (for logs)

    def __getattr__(self, name: str) -> Any:
        d = self.__dict__
        if name in d.get("arrays", {}):
            return d["arrays"][name]
        if name in d.get("scalars", {}):
            return d["scalars"][name]
        raise AttributeError(name)

    def summary(self) -> dict[str, Any]:
        return {"content_hash": self.content_hash, "config_hash": self.config_hash, "players": self.players,
                **{k: tuple(v.shape) for k, v in self.arrays.items()}}


class _Bytecode:
    def __init__(self) -> None:
        self.ops: list[int] = []
        self.args: list[list[int]] = []
        self.actions: list[tuple[int, int]] = []
        self.labels: list[str] = []
        self.steps: list[Steps] = []          # the content's steps of each action (for readable logs)

    def add(self, steps: Steps, label: str, breeds: Mapping[str, int], groups: Mapping[str, tuple[str, ...]]) -> int:
        """Append one action; returns its index (NO for an empty step list)."""
        if not steps:
            return NO
        index = len(self.actions)
        self.actions.append((0, 0))
        self.labels.append(label)
        self.steps.append(steps)
        self.actions[index] = self._emit(steps, label, breeds, groups)
        return index

    def _emit(self, steps: Steps, label: str, breeds: Mapping[str, int],
              groups: Mapping[str, tuple[str, ...]]) -> tuple[int, int]:
        """Write the steps contiguously; a choice's options become contiguous actions emitted after."""
        first = len(self.ops)
        pending: list[tuple[int, Step]] = []
        for s in steps:
            self.ops.append(OP_CODE[s.op])
            self.args.append(self._args(s, breeds, groups))
            if s.op == "choice":
                pending.append((len(self.ops) - 1, s))
        for step_index, s in pending:
            start = len(self.actions)
            self.actions.extend([(0, 0)] * len(s.options))
            self.labels.extend(f"{label}, option {i + 1}" for i in range(len(s.options)))
            self.steps.extend(s.options)
            for i, option in enumerate(s.options):
                self.actions[start + i] = self._emit(option, f"{label}, option {i + 1}", breeds, groups)
            self.args[step_index][0] = start
            self.args[step_index][1] = len(s.options)
        return first, len(steps)

    @staticmethod
    def _args(s: Step, breeds: Mapping[str, int], groups: Mapping[str, tuple[str, ...]]) -> list[int]:
        a = [0] * N_ARGS
        g = s.get

        def counter(name: str | None) -> int:
            return COUNTER_CODE[name] if name is not None else NO

        op = s.op
        if op in ("gain_money", "pay_money"):
            a[0] = g("amount")
        elif op == "discard":
            card, count = g("card"), g("count")
            all_breeds = (1 << len(breeds)) - 1
            if card == "any":
                a[:3] = [all_breeds, count, DISCARD_CARDS]
            elif card == "pair_same_breed":
                a[:3] = [all_breeds, 2, DISCARD_PAIR]
            elif card == "objective":
                a[:3] = [0, count, DISCARD_OBJECTIVE]
            else:
                members = groups.get(card, (card,))
                a[:3] = [sum(1 << breeds[m] for m in members), count, DISCARD_CARDS]
        elif op == "hire":
            a[0] = g("cost_delta")
        elif op == "build":
            a[0] = g("cost_per_builder")
        elif op == "move_engine":
            a[:3] = [g("min"), g("max") if g("max") is not None else NO, counter(g("per"))]
        elif op == "engine_back":
            a[0] = g("exactly")
        elif op == "certificates":
            a[:2] = [g("up_to"), counter(g("per"))]
        elif op in ("permanent_certificates", "exchange_token"):
            a[0] = g("count")
        elif op == "objective_card":
            a[0] = 1 if g("to") == "hand" else 0
            a[1] = 1                                 # the top of the stack may be taken (arrows: option)
        elif op == "aux":
            a[0] = 1 if g("mode") == "single_or_double" else 0
        elif op == "remove_hazard":
            a[0] = g("cost")
        elif op == "move_herder":
            a[:4] = [g("max"), int(g("ignore_fees")), int(g("use_location")), int(g("may_enter_kc"))]
        elif op == "money_per":
            a[:2] = [counter(g("per")), g("amount")]
        elif op == "draw_discard":
            a[:3] = [g("max") if g("max") is not None else NO, g("exactly") if g("exactly") is not None else NO,
                     counter(g("per"))]
        elif op == "remove_hand_cards":
            a[0] = g("up_to")
        return a


def _i32(x: Any) -> np.ndarray:
    return np.ascontiguousarray(np.asarray(x, dtype=np.int32))


def config_hash(content: Content, variant: Variant) -> str:
    blob = json.dumps({"content": content.content_hash, "variant": variant.describe()}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def compile_tables(content: Content | None = None, variant: Variant | None = None) -> Tables:
    """Content + variant -> flat tables. Patches in the variant are applied to the content first."""
    variant = variant or Variant()
    if content is None:
        content = load_content(patches=variant.patches)
    elif variant.patches:
        content = patched(content, variant.patches)
    if variant.solo:
        if content.solo is None:
            raise VariantError("players: 1 is the solo mode, and this content has none (no solo.toml)")
        _check_solo_variant(content, variant)
    elif variant.players not in content.setup["players"]:
        raise VariantError(f"players: the content supports {list(content.setup['players'])}, got {variant.players}")
    if variant.simmental and not any(b.source == "market_simmental" for b in content.breeds.values()):
        raise VariantError("simmental: the content has no Simmental cards")
    return _Compiler(content, variant).compile()


def _check_solo_variant(content: Content, variant: Variant) -> None:
    solo = content.solo
    assert solo is not None
    if variant.solo_difficulty is not None and variant.solo_difficulty not in solo.difficulties:
        raise VariantError(f"solo_difficulty: unknown difficulty {variant.solo_difficulty!r} "
                           f"(expected one of {', '.join(solo.difficulties)})")
    cities = [x.id for x in content.cities]
    if variant.solo_first_delivery is not None and variant.solo_first_delivery not in cities:
        raise VariantError(f"solo_first_delivery: unknown city {variant.solo_first_delivery!r} "
                           f"(expected one of {', '.join(cities)})")


def solo_difficulty(content: Content, variant: Variant) -> str:
    """The difficulty a solo variant plays (its own, else the content's default)."""
    assert content.solo is not None
    return variant.solo_difficulty or content.solo.default_difficulty


def solo_first_delivery(content: Content, variant: Variant) -> str:
    """The city of Sam's first delivery in a solo variant (the knob, else the difficulty's)."""
    assert content.solo is not None
    return variant.solo_first_delivery or content.solo.difficulties[solo_difficulty(content, variant)].first_delivery


# Verbs of city and arrow rewards Sam can take (§8 of docs/solo_engine.md): objective cards are his
# pick; money and exchange tokens are ignored (he has neither).
SAM_REWARD_VERBS = ("objective_card", "gain_money", "exchange_token")


class _Compiler:
    def __init__(self, content: Content, variant: Variant):
        self.c, self.v = content, variant
        # the board's player count: a solo game is set up as the content's 2-player game with Sam
        self.players = content.solo.board_players if variant.solo and content.solo else variant.players
        self.bc = _Bytecode()
        self.arrays: dict[str, Any] = {}
        self.scalars: dict[str, int] = {}
        self.names: dict[str, tuple[str, ...]] = {}
        self.breed_index = {b: i for i, b in enumerate(content.breeds)}

    def action(self, steps: Steps, label: str) -> int:
        return self.bc.add(steps, label, self.breed_index, self.c.card_groups)

    def compile(self) -> Tables:
        c, v = self.c, self.v
        self.cattle()
        self.board()
        self.market_and_supply()
        self.trail()
        self.railroad_and_cities()
        self.buildings()
        self.station_masters()
        self.objectives()
        self.counters()
        setup = c.setup
        p = self.players
        money = v.starting_money or setup["starting_money_by_seat"]
        if v.solo:
            self.solo()
            # the human takes the first seat's money and cards; Sam has neither (nor seat VP)
            sam = self.scalars["sam_seat"]
            self.arrays["start_money"] = _i32([0 if s == sam else money[0] for s in range(p)])
            self.arrays["seat_vp"] = _i32([0 if s == sam or not v.seat_vp else v.seat_vp[0] for s in range(p)])
            self.arrays["start_cards"] = _i32([0 if s == sam else setup["starting_cards_by_seat"][0] for s in range(p)])
        else:
            self.arrays["start_money"] = _i32(list(money[:p]))
            self.arrays["seat_vp"] = _i32(list(v.seat_vp[:p]) if v.seat_vp else [0] * p)
            self.arrays["start_cards"] = _i32(list(setup["starting_cards_by_seat"][:p]))
        self.scalars.update(
            players=p,
            simmental=int(v.simmental),
            first_turn_hand=setup["first_turn_discard_down_to"],
            start_exchange_tokens=setup["starting_exchange_tokens"],
            start_objectives=setup["starting_objective_cards"],
            setup_bag1_tiles=setup["bag1_tiles_placed_at_setup"],
            objective_display=setup["objective_display_size"],
            station_masters_used=setup["station_masters_used"],
            market_target=(setup["cattle_market_size_simmental"] if v.simmental else setup["cattle_market_size"])[p],
            initial_workers=setup["job_market_initial_workers"][p],
            money_per_vp=int(c.raw["scoring"]["money_per_vp"]),
        )
        ops, args = self.bc.ops, self.bc.args
        self.arrays["step_op"] = _i32(ops if ops else np.zeros(0))
        self.arrays["step_arg"] = _i32(args if args else np.zeros((0, N_ARGS)))
        self.arrays["action_first"] = _i32([a[0] for a in self.bc.actions])
        self.arrays["action_len"] = _i32([a[1] for a in self.bc.actions])
        self.names["action"] = tuple(self.bc.labels)
        arrays = {k: (x if isinstance(x, np.ndarray) else _i32(x)) for k, x in self.arrays.items()}
        return Tables(c.content_hash, v, config_hash(c, v), p, arrays, dict(self.scalars), dict(self.names),
                      c.edition, c.name, tuple(self.bc.steps))

    def solo(self) -> None:
        """Sam's tables (docs/solo_engine.md §2) and the rules the solo mode changes for every seat."""
        c, v = self.c, self.v
        solo = c.solo
        assert solo is not None
        p = self.players
        difficulty = solo.difficulties[solo_difficulty(c, v)]
        deck = set(solo.deck(difficulty.id))
        sam = solo.sam_seat - 1
        cities = [x.id for x in c.cities]
        icons = list(solo.step_icons)
        workers = list(c.board.worker_types)
        # the rewards Sam may trigger on cities and arrows
        for where, steps in [*((f"cities.{x.id}.on_place", x.on_place) for x in c.cities),
                             *((f"arrows.{a.id}.immediate", a.immediate) for a in c.arrows)]:
            for step in steps:
                if step.op not in SAM_REWARD_VERBS:
                    raise ContentError("cities.toml", where, f"Sam cannot apply verb {step.op!r} (solo mode; "
                                       f"he takes only {', '.join(SAM_REWARD_VERBS)})")
        ops: list[int] = []
        args: list[int] = []

        def emit(steps: Steps) -> tuple[int, int]:
            first = len(ops)
            for st in steps:
                ops.append(SAM_OP_CODE[st.op])
                args.append(_sam_arg(st))
            return first, len(steps)

        n = len(solo.cards)
        first = np.zeros((n, 2), dtype=np.int32)
        length = np.zeros((n, 2), dtype=np.int32)
        steps_, icon, spec = [], [], []
        for i, number in enumerate(sorted(solo.cards)):
            card = solo.cards[number]
            first[i, 0], length[i, 0] = emit(card.action)
            first[i, 1], length[i, 1] = emit(card.otherwise)
            steps_.append(card.steps if card.steps is not None else NO)
            icon.append(icons.index(card.step_icon) if card.step_icon is not None else NO)
            spec.append(workers.index(card.when_specialisation) if card.when_specialisation else NO)
        self.names["sam_card"] = tuple(str(number) for number in sorted(solo.cards))
        self.names["solo_difficulty"] = (difficulty.id,)
        self.names["worker_type"] = tuple(workers)
        self.arrays.update(
            sam_in_deck=[int(number in deck) for number in sorted(solo.cards)], sam_card_steps=steps_,
            sam_card_icon=icon, sam_card_spec=spec, sam_card_first=first, sam_card_len=length,
            sam_step_op=ops, sam_step_arg=args,
            sam_icon_counter=[SAM_COUNTER_CODE[solo.step_icons[k].counts] for k in icons],
            sam_icon_min=[solo.step_icons[k].min for k in icons], sam_icon_max=[solo.step_icons[k].max for k in icons],
            sam_extra_workers=[difficulty.extra_workers.count(w) for w in workers],
            sam_buy_option=[int(o.variant is None) for o in c.buy_options
                            if o.variant is None or (o.variant == "simmental" and v.simmental)],
            seat_fees_to_bank=[int(s == sam) for s in range(p)],
            seat_skip_score=[[int(s == sam and cat in solo.skip_scoring) for cat in c.scoring_categories]
                             for s in range(p)],
            seat_all_objectives=[int(s == sam and solo.rules["scoring.objectives"] == "all_fulfilled")
                                 for s in range(p)])
        options = solo.options
        self.scalars.update(
            solo=1, sam_seat=sam, sam_n_cards=n, sam_worker_bag=solo.worker_bag - 1,
            sam_bag_workers=solo.workers_from_bag, sam_discs=solo.discs, sam_side=int(solo.building_side == "b"),
            sam_first_city=cities.index(solo_first_delivery(c, v)),
            sam_reveal_per_cowboy=solo.rules["cattle.reveal_per_cowboy"],
            sam_breeds=sum(1 << self.breed_index[b.id] for b in c.breeds.values() if b.source == "market"),
            sam_route=("shortest_to_kansas_city", "most_steps").index(options["route"]),
            sam_hire_top_left=int(options["hire_same_type"] == "top_left"),
            sam_cattle_dollars_first=int(options["cattle_last_ties"][0] == "fewest_dollars"),
            sam_end_phase_lower_only=int(options["end_phase_foresight"] == "lower_only"),
            sam_most_buildings_counts_sam=int(options["most_buildings_counts_sam"]),
            foresight_slide=int(solo.rules["human.foresight_refill"] == "slide_down_then_refill_upper"),
            obj_display_slide=int(solo.rules["human.objective_display"] == "slide_away_from_stack"))

    # ------------------------------------------------------------------ parts

    def cattle(self) -> None:
        c = self.c
        breeds = list(c.breeds.values())
        groups = sorted({b.income_group for b in breeds})
        self.names["breed"] = tuple(b.id for b in breeds)
        self.arrays["breed_value"] = [b.value for b in breeds]
        self.arrays["breed_income_group"] = [groups.index(b.income_group) for b in breeds]
        self.arrays["breed_upgrade"] = [self.breed_index[b.upgrades_to] if b.upgrades_to else NO for b in breeds]
        # Card types: one per (breed, VP). Player decks hold card-type ids; objective cards follow them.
        card_breed, card_vp, names = [], [], []
        start_deck, market_deck, supply = [], [], []
        for b in breeds:
            for vp, n in b.vp_counts:
                t = len(card_breed)
                card_breed.append(self.breed_index[b.id])
                card_vp.append(vp)
                names.append(f"{b.id}" + (f" ({vp} VP)" if len(b.vp_counts) > 1 else ""))
                if b.source == "starting":
                    start_deck += [t] * n
                elif b.source == "market" or (b.source == "market_simmental" and self.v.simmental):
                    market_deck += [t] * n
                elif b.source == "supply_simmental":
                    supply.append((t, n))
        self.arrays["card_breed"] = card_breed
        self.arrays["card_vp"] = card_vp
        self.names["card"] = tuple(names)
        self.arrays["start_deck"] = start_deck
        self.arrays["market_deck"] = market_deck
        # Simmental supply next to Kansas City: for each breed, the card type it is drawn as and how many
        sup_type = [NO] * len(breeds)
        sup_count = [0] * len(breeds)
        if self.v.simmental:
            for t, n in supply:
                sup_type[card_breed[t]] = t
                sup_count[card_breed[t]] = n
        self.arrays["supply_card_type"] = sup_type
        self.arrays["supply_count"] = sup_count
        opts = [o for o in c.buy_options if o.variant is None or (o.variant == "simmental" and self.v.simmental)]
        self.names["buy_option"] = tuple(o.id for o in opts)
        self.arrays["buy_cowboys"] = [o.cowboys for o in opts]
        self.arrays["buy_dollars"] = [o.dollars for o in opts]
        self.arrays["buy_cards"] = [o.cards for o in opts]
        self.arrays["buy_breed_mask"] = [sum(1 << self.breed_index[m] for m in c.card_groups[o.group]) for o in opts]
        shared = [b for b in breeds if sum(1 for x in breeds if x.income_group == b.income_group) > 1]
        self.scalars["simmental_mask"] = sum(1 << self.breed_index[b.id] for b in shared)
        self.scalars["buy_reveal_cards"] = c.unused_cowboy_reveals
        self.scalars["simmental_pair_same_breed"] = int(c.options.get("simmental_pair_counts_as_same_breed", False))

    def board(self) -> None:
        b = self.c.board
        d = b.disc_spaces
        self.names["disc_space"] = tuple(x.id for x in d)
        self.arrays["disc_count"] = [x.discs for x in d]
        self.arrays["disc_grey"] = [x.grey_empty_spaces for x in d]
        self.arrays["disc_corner"] = [CORNER_DARK if x.corner == "dark" else CORNER_WHITE for x in d]
        self.arrays["disc_unlock"] = [UNLOCK_CODES.index(x.unlocks) for x in d]
        self.arrays["disc_on_clear"] = [self.action(x.on_clear, f"clearing {x.id}") for x in d]
        self.arrays["disc_clear_cost"] = [x.clear_cost for x in d]
        self.arrays["disc_end_vp"] = [x.end_vp for x in d]
        self.arrays["aux_single"] = [self.action(b.aux_actions[f"aux{i}"].single, f"aux {i} single") for i in range(1, 6)]
        self.arrays["aux_double"] = [self.action(b.aux_actions[f"aux{i}"].double, f"aux {i} double") for i in range(1, 6)]
        sl = b.step_limits[self.players]
        self.scalars.update(step_base=sl.base, step_left=sl.left_disc, step_right=sl.right_disc,
                            hand_base=b.hand_limit_base, hand_per_disc=b.hand_limit_per_disc,
                            hand_max=b.hand_limit_max)
        pos = list(b.certificate_positions)
        self.arrays["cert_positions"] = pos
        self.scalars.update(cert_start=pos.index(b.certificate_start),
                            cert_limit_base=pos.index(b.certificate_limit_base),
                            cert_limit_4=pos.index(b.certificate_limit_4),
                            cert_limit_6=pos.index(b.certificate_limit_6),
                            cert_spend_by_positions=int(self.c.options["certificate_spend_by_positions"]),
                            aux5_removal_optional=int(self.c.options["aux5_removal_optional"]))
        spaces = b.worker_spaces
        imm = np.full((3, spaces + 1), NO, dtype=np.int32)
        for (wtype, space), steps in b.worker_immediate.items():
            imm[WORKER_TYPES.index(wtype), space] = self.action(steps, f"{wtype} row space {space}")
        self.arrays["worker_immediate"] = imm
        self.arrays["worker_space_vp"] = [b.vp_per_worker_on_space.get(s, 0) for s in range(spaces + 1)]
        self.scalars.update(worker_spaces=spaces, printed_worker_space=b.printed_worker_space)

    def market_and_supply(self) -> None:
        j = self.c.job_market
        p = self.players
        cols = j.columns_used[p]
        self.arrays["job_row_cost"] = list(j.row_costs)
        self.scalars.update(job_rows=j.rows, job_columns=len(cols), job_token_start_row=j.token_start_row - 1,
                            job_token_end_vp=j.token_end_vp,
                            hire_price_floor=int(self.c.options["hire_price_floor"]))
        self.arrays["job_refill_row"] = [int(r + 1 in j.refill_rows) for r in range(j.rows)]
        s = self.c.supply
        # tile types: workers, then hazards (type x kind), then the tile section's (outlaws or teepees)
        kind, sub, vp, hand, names = [], [], [], [], []
        worker_tile, hazard_tiles, section_tile = {}, {}, {}
        for i, w in enumerate(WORKER_TYPES):
            worker_tile[w] = len(kind)
            kind.append(TILE_WORKER), sub.append(i), vp.append(0), hand.append(0), names.append(w)
        for ti, t in enumerate(s.hazard_types):
            for k in s.hazard_kinds:
                hazard_tiles.setdefault(t, []).append((len(kind), k.count))
                kind.append(TILE_HAZARD), sub.append(ti), vp.append(k.vp), hand.append(_hand(k.hand))
                names.append(f"{t} hazard ({k.vp} VP, {k.hand} hand)")
        section, colours, hands = _section_tiles(self.c)
        for ci, col in enumerate(colours):
            section_tile[col] = len(kind)
            kind.append(TILE_SECTION), sub.append(ci), vp.append(0), hand.append(_hand(hands[col]))
            names.append(f"{col} {section}")
        self.arrays.update(tile_kind=kind, tile_sub=sub, tile_vp=vp, tile_hand=hand)
        self.names["tile"] = tuple(names)
        self.names["hazard_type"] = tuple(s.hazard_types)
        self.names["section"] = (section,)
        self.names["section_colour"] = tuple(colours)
        bag_tiles: list[list[int]] = []
        for bag_no in sorted(s.bags):
            bag = s.bags[bag_no]
            tiles: list[int] = []
            for w, n in bag.get("workers", {}).items():
                tiles += [worker_tile[w]] * n
            for t, n in bag.get("hazards", {}).items():
                # n hazards of type t: split over the kinds in proportion to their counts
                per_type = sum(cnt for _, cnt in hazard_tiles[t])
                if n % per_type:
                    raise ContentError("kc_supply.toml", f"bags.{bag_no}.hazards.{t}",
                                       f"{n} tiles cannot hold whole sets of the {per_type} {t} hazard kinds")
                for tid, cnt in hazard_tiles[t]:
                    tiles += [tid] * (cnt * n // per_type)
            for col, n in bag.get(section + "s", {}).items():
                tiles += [section_tile[col]] * n
            bag_tiles.append(tiles)
        width = max(len(t) for t in bag_tiles)
        bags = np.full((len(bag_tiles), width), NO, dtype=np.int32)
        for i, t in enumerate(bag_tiles):
            bags[i, : len(t)] = t
        self.arrays["bag_tiles"] = bags
        self.arrays["bag_size"] = [len(t) for t in bag_tiles]
        self.arrays["foresight_bag"] = [b - 1 for b in s.foresight_bags]
        self.scalars["foresight_rows"] = s.foresight_spaces_per_column

    def trail(self) -> None:
        t = self.c.trail
        # order nodes: start first, then the file's order; Kansas City keeps its place
        ids = list(t.nodes)
        ids.remove(t.start)
        ids.insert(0, t.start)
        index = {n: i for i, n in enumerate(ids)}
        self.names["node"] = tuple(ids)
        nn = len(ids)
        nxt = np.full((nn, 2), NO, dtype=np.int32)
        width = max(len(n.next) for n in t.nodes.values())
        if width > 2:
            nxt = np.full((nn, width), NO, dtype=np.int32)
        kind, woods, risk, section, idx, take, on_trail = [], [], [], [], [], [], []
        hazard_types = list(self.c.supply.hazard_types)
        for i, nid in enumerate(ids):
            n = t.nodes[nid]
            for j, m in enumerate(n.next):
                nxt[i, j] = index[m]
            kind.append(NODE_KIND_OF[n.kind])
            woods.append(int(n.woods))
            risk.append(self.action(n.risk, f"risk action at {nid}"))
            section.append(hazard_types.index(n.section) if n.section else NO)
            idx.append(n.index)
            take.append(self.action(_take_steps(n), f"trade with Indians at {nid}" if n.kind == "teepee"
                                    else f"bounty of {nid}"))
            on_trail.append(int(n.on_trail))
        self.arrays.update(node_next=nxt, node_kind=kind, node_woods=woods, node_risk=risk,
                           node_section=section, node_index=idx, node_take=take, node_on_trail=on_trail)
        self.scalars.update(node_start=index[t.start], node_kc=index[t.end])
        hz = np.full((len(hazard_types), 4), NO, dtype=np.int32)
        width = max(sum(1 for n in t.nodes.values() if n.section == h) for h in hazard_types)
        hz = np.full((len(hazard_types), width), NO, dtype=np.int32)
        for n in t.nodes.values():
            if n.kind == "hazard":
                hz[hazard_types.index(n.section), n.index - 1] = index[n.id]
        self.arrays["hazard_space"] = hz
        spaces = sorted((n for n in t.nodes.values() if n.kind in SECTION_KINDS), key=lambda n: n.index)
        self.arrays["section_space"] = [index[n.id] for n in spaces]
        neutral = [n for n in t.nodes.values() if n.kind == "neutral"]
        self.arrays["neutral_space"] = [index[n.id] for n in neutral]
        self.names["neutral_space"] = tuple(n.id for n in neutral)
        self.arrays["neutral_default_tile"] = [sorted(self.c.neutral_buildings).index(n.default_tile) for n in neutral]
        self.arrays["private_space"] = [index[n.id] for n in t.of_kind("private")]
        g, k = t.hand_fees[self.players]
        self.scalars.update(fee_green=g, fee_black=k)

    def railroad_and_cities(self) -> None:
        r = self.c.railroad
        n = r.numbered_spaces
        stations = r.stations
        # positions: 0..n numbered spaces, then one turnout per station that has one
        turnouts = [s for s in stations if s.turnout_after is not None]
        npos = n + 1 + len(turnouts)
        fwd = np.full((npos, 2), NO, dtype=np.int32)
        back = np.full((npos, 2), NO, dtype=np.int32)
        number = list(range(n + 1)) + [0] * len(turnouts)
        station_at = [NO] * npos
        names = [str(i) for i in range(n + 1)] + [f"{s.turnout_after}.5" for s in turnouts]
        for i in range(n):
            fwd[i, 0] = i + 1
            back[i + 1, 0] = i
        turnout_counts_next = self.c.options["turnout_counts_as_next_space"]
        for j, s in enumerate(turnouts):
            p = n + 1 + j
            k = s.turnout_after
            fwd[k, 1] = p
            fwd[p, 0] = k + 1
            back[k + 1, 1] = p
            back[p, 0] = k
            number[p] = k + 1 if turnout_counts_next else k
            station_at[p] = s.id - 1
        for s in stations:
            if s.turnout_after is None:
                station_at[int(s.space)] = s.id - 1
        # order along the track: 2k for space k, 2k + 1 for the turnout after k
        order = [2 * i for i in range(n + 1)] + [2 * s.turnout_after + 1 for s in turnouts]
        self.arrays["rail_order"] = order
        self.names["rail_position"] = tuple(names)
        self.arrays.update(rail_next=fwd, rail_prev=back, rail_number=number, rail_station=station_at,
                           cross_after=[int(i in r.crosses_after) for i in range(n + 1)])
        self.scalars.update(rail_end=n, rail_end_min_back=r.end_min_back, cross_cost=r.per_cross)
        self.arrays["rail_end_reward"] = [self.action(r.end_reward, "end of track")]
        self.arrays["station_position"] = [
            (n + 1 + turnouts.index(s)) if s.turnout_after is not None else int(s.space) for s in stations]
        self.arrays["station_cost"] = [s.cost for s in stations]
        self.arrays["station_vp"] = [s.vp for s in stations]
        self.arrays["station_corner"] = [CORNER_DARK if s.corner == "dark" else CORNER_WHITE for s in stations]
        self.arrays["station_has_master"] = [int(s.station_master_space) for s in stations]
        cities = self.c.cities
        cid = {x.id: i for i, x in enumerate(cities)}
        self.names["city"] = tuple(x.id for x in cities)
        self.arrays["city_value"] = [x.value for x in cities]
        self.arrays["city_corner"] = [CORNER_DARK if x.corner == "dark" else CORNER_WHITE for x in cities]
        self.arrays["city_repeatable"] = [int(x.repeatable) for x in cities]
        self.arrays["city_on_place"] = [self.action(x.on_place, f"delivery to {x.id}") for x in cities]
        self.arrays["city_vp_per_disc"] = [x.vp_per_disc for x in cities]
        self.arrays["city_end_vp"] = [x.end_vp for x in cities]
        arrows = self.c.arrows
        self.names["arrow"] = tuple(a.id for a in arrows)
        self.arrays["arrow_a"] = [cid[a.between[0]] for a in arrows]
        self.arrays["arrow_b"] = [cid[a.between[1]] for a in arrows]
        self.arrays["arrow_action"] = [self.action(a.immediate, f"arrow {a.id}") for a in arrows]
        # An arrow's card is compulsory (rules §11.2); open question 12: may it come from the top
        # of the stack as well as from the display?
        from_stack = int(self.c.options["arrow_objective_from_stack"])
        for act in self.arrays["arrow_action"]:
            if act != NO:
                first, length = self.bc.actions[act]
                for k in range(first, first + length):
                    if self.bc.ops[k] == OP_CODE["objective_card"]:
                        self.bc.args[k][1] = from_stack
                        self.bc.args[k][2] = 1
        self.arrays["arrow_end_vp"] = [a.end_vp for a in arrows]
        self.scalars["arrow_objective_from_stack"] = int(self.c.options["arrow_objective_from_stack"])

    def buildings(self) -> None:
        c = self.c
        neutral = sorted(c.neutral_buildings)
        numbers = c.private_numbers
        ids = neutral + [f"{n}{s}" for n in numbers for s in "ab"]
        self.names["building"] = tuple(ids)
        self.names["building_number"] = tuple(str(n) for n in numbers)
        width = max(len(c.building(b).actions) for b in ids)
        acts = np.full((len(ids), width), NO, dtype=np.int32)
        builders, vp, hand, number = [], [], [], []
        for i, bid in enumerate(ids):
            b = c.building(bid)
            for j, a in enumerate(b.actions):
                acts[i, j] = self.action(a, f"building {bid} action {j + 1}")
            builders.append(b.builders)
            vp.append(b.vp)
            hand.append(_hand(b.hand))
            number.append(b.number)
        self.arrays.update(building_actions=acts, building_builders=builders, building_vp=vp,
                           building_hand=hand, building_number=number)
        self.scalars["n_neutral"] = len(neutral)
        self.scalars["adjacent_risk_if_owner"] = int(c.options["adjacent_building_risk_action_if_owner"])
        sides = self.v.sides
        if sides == "random":
            mode = [SIDE_RANDOM] * len(numbers)
        elif sides in ("a", "b"):
            mode = [SIDE_A if sides == "a" else SIDE_B] * len(numbers)
        else:
            if len(sides) != len(numbers):
                raise VariantError(f"sides: {len(sides)} letters for the content's {len(numbers)} building numbers "
                                   f"(one letter a/b each, building 1 first)")
            mode = [SIDE_A if ch == "a" else SIDE_B for ch in sides]
        self.arrays["variant_sides"] = mode
        layout = self.v.neutral_layout
        if layout == "random":
            self.arrays["variant_layout"] = [NO] * len(neutral)
        elif layout == DEFAULT_NEUTRAL_LAYOUT:
            # the first-game layout: each neutral building on the space whose default_tile names it
            self.arrays["variant_layout"] = list(self.arrays["neutral_default_tile"])
        else:
            n_spaces = len(self.arrays["neutral_space"])
            if len(layout) != n_spaces or sorted(layout) != neutral:
                raise VariantError(f"neutral_layout: {layout!r} must order exactly the content's neutral tiles "
                                   f"({', '.join(neutral)}), one per neutral space ({n_spaces} spaces)")
            self.arrays["variant_layout"] = [neutral.index(ch) for ch in layout]

    def station_masters(self) -> None:
        sms = list(self.c.station_masters.values())
        self.names["station_master"] = tuple(s.id for s in sms)
        self.arrays["sm_immediate"] = [self.action(s.immediate, f"station master {s.id}") for s in sms]
        self.arrays["sm_vp"] = [s.scoring_vp for s in sms]
        self.arrays["sm_every"] = [s.scoring_every for s in sms]
        self.arrays["sm_per"] = [COUNTER_CODE[s.scoring_per] if s.scoring_per else NO for s in sms]
        chosen = self.v.station_masters
        if chosen == "random":
            self.arrays["variant_station_masters"] = [NO] * self.c.setup["station_masters_used"]
        else:
            ids = [s.id for s in sms]
            for x in chosen:
                if x not in ids:
                    raise VariantError(f"station_masters: unknown tile {x!r} (known: {', '.join(ids)})")
            if len(chosen) != self.c.setup["station_masters_used"]:
                raise VariantError(f"station_masters: expected {self.c.setup['station_masters_used']} tile ids")
            self.arrays["variant_station_masters"] = [ids.index(x) for x in chosen]

    def objectives(self) -> None:
        c = self.c
        cards = list(c.objective_cards.values())
        task_ids = list(c.tasks)
        self.names["objective"] = tuple(o.id for o in cards)
        self.names["task"] = tuple(task_ids)
        self.arrays["task_counter"] = [COUNTER_CODE[c.tasks[t].counts] for t in task_ids]
        need = np.zeros((len(cards), len(task_ids)), dtype=np.int32)
        for i, o in enumerate(cards):
            for t in o.tasks:
                need[i, task_ids.index(t)] += 1
        self.arrays["objective_need"] = need
        self.arrays["objective_count"] = [o.count for o in cards]
        self.arrays["objective_starting"] = [int(o.starting) for o in cards]
        self.arrays["objective_vp"] = [o.vp for o in cards]
        self.arrays["objective_penalty"] = [o.penalty for o in cards]
        self.arrays["objective_immediate"] = [
            self.action(c.objective_immediates[o.immediate], f"objective {o.id}") if o.immediate else NO
            for o in cards]


    def counters(self) -> None:
        """What each counter counts in this content (the engine's counter_* tables): a counter of a
        component (COUNTER_NEEDS) is resolved to the content's breeds, tile colours or city; one whose
        component the content lacks counts nothing (the loader lets no content use it)."""
        c = self.c
        source = [COUNTS_PLAYER] * len(COUNTERS)
        breeds = [0] * len(COUNTERS)
        colours = np.full((len(COUNTERS), 2), NO, dtype=np.int32)
        city = [NO] * len(COUNTERS)
        _, section_colours, _ = _section_tiles(c)
        cities = [x.id for x in c.cities]
        for name, (kind, ids) in COUNTER_NEEDS.items():
            code = COUNTER_CODE[name]
            source[code] = COUNTS_NOTHING
            if kind == "card_group":
                if ids[0] in c.card_groups:
                    source[code] = COUNTS_DECK
                    breeds[code] = sum(1 << self.breed_index[m] for m in c.card_groups[ids[0]])
            elif kind in ("outlaw_colour", "teepee_colour"):
                have = c.supply.outlaw_colours if kind == "outlaw_colour" else c.supply.teepee_colours
                if all(x in have for x in ids):
                    source[code] = COUNTS_TILES
                    for j, x in enumerate(ids):
                        colours[code, j] = section_colours.index(x)
            elif kind == "city":
                if ids[0] in cities:
                    source[code] = COUNTS_CITY
                    city[code] = cities.index(ids[0])
        self.arrays.update(counter_source=source, counter_breeds=breeds, counter_colours=colours, counter_city=city)


def _section_tiles(c: Content) -> tuple[str, list[str], Mapping[str, str]]:
    """The trail's tile section of a content set: ("outlaw" | "teepee", its colours, their hands)."""
    s = c.supply
    if s.teepee_colours:
        return "teepee", list(s.teepee_colours), s.teepee_hands
    return "outlaw", list(s.outlaw_colours), s.outlaw_hands


def _take_steps(n: Any) -> Steps:
    """What taking the tile of a section space gives: an outlaw space's bounty; a teepee space's trade
    value, gained when positive, paid when negative (in full: only hand fees may be paid in part)."""
    if n.kind == "teepee":
        op = "gain_money" if n.value > 0 else "pay_money"
        return (Step(op, frozen_map({"amount": abs(n.value)})),)
    return n.bounty


def _sam_arg(step: Step) -> int:
    """The one argument of a Sam verb step (see the module docstring)."""
    op, g = step.op, step.get
    if op == "hire":
        return 0 if g("prefer") == "cheapest" else 1
    if op == "buy_cattle":
        return g("dollars")
    if op == "reveal_market_cards":
        return g("cards")
    if op == "take_market_card":
        return g("value")
    if op == "place_building":
        return g("max_builders") or 0
    if op == "move_engine":
        return SAM_COUNTER_CODE[g("per")]
    return 0


def _hand(h: str) -> int:
    return {"none": 0, "green": HAND_GREEN, "black": HAND_BLACK, "both": HAND_GREEN | HAND_BLACK}[h]
