"""Content in words: how a board-game designer reads a tile, a card or a station.

    describe_steps(building.actions[0], content)   # "discard 1 Galloway → gain $4"
    describe_building(content, "7b")               # header + numbered local actions
    content_summary(content)                       # component counts, name, version, hash
    low_confidence_values(content)                 # every value tagged L (estimates)

Every verb of `gwt_sim.vocabulary.VERBS` and every counter of `COUNTERS` has a wording here
(`VERB_WORDING`, `COUNTER_WORDING`); a new verb without one fails the tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from gwt_sim.errors import UserError
from gwt_sim.model import Building, Conf, Content, Solo, Step, Steps
from gwt_sim.vocabulary import REQUIREMENT, VERB_BY_NAME


class UnknownComponentError(UserError, LookupError):
    """An id that names no component of the content (e.g. building '13z')."""

    def __str__(self) -> str:  # LookupError would show the repr of the message
        return str(self.args[0]) if self.args else ""


# --------------------------------------------------------------------------- counters and cards

# counter -> (singular phrase used after "per", plural phrase used after a number > 1)
COUNTER_WORDING: dict[str, tuple[str, str]] = {
    "cowboys": ("cowboy", "cowboys"),
    "builders": ("builder", "builders"),
    "engineers": ("engineer", "engineers"),
    "upgraded_stations": ("station holding your disc", "stations holding your disc"),
    "own_woods_buildings": ("own building on a woods space", "own buildings on woods spaces"),
    "hazards_held": ("hazard tile held", "hazard tiles held"),
    "outlaw_pairs": ("green-and-orange outlaw pair held", "green-and-orange outlaw pairs held"),
    "objective_cards_in_area": ("objective card in your objective area", "objective cards in your objective area"),
    "certificates_total": ("certificate, temporary or permanent", "certificates, temporary or permanent"),
    "workers_on_board": ("worker on your player board", "workers on your player board"),
    "own_buildings_on_board": ("own building on the board", "own buildings on the board"),
    "orange_outlaws_held": ("orange outlaw held", "orange outlaws held"),
    "green_outlaws_held": ("green outlaw held", "green outlaws held"),
    "deck_value3_market": ("value-3 card in your deck", "value-3 cards in your deck"),
    "deck_shorthorn": ("Shorthorn in your deck", "Shorthorns in your deck"),
    "deck_hereford": ("Hereford in your deck", "Herefords in your deck"),
    "new_york_discs": ("disc on New York", "discs on New York"),
    "teepee_pairs": ("blue-and-green teepee pair held", "blue-and-green teepee pairs held"),
    "blue_teepees_held": ("blue teepee held", "blue teepees held"),
    "green_teepees_held": ("green teepee held", "green teepees held"),
    "deck_west_highland": ("West Highland in your deck", "West Highlands in your deck"),
    "deck_texas_longhorn": ("Texas Longhorn in your deck", "Texas Longhorns in your deck"),
    "san_francisco_discs": ("disc on San Francisco", "discs on San Francisco"),
}


def counter_phrase(counter: str, n: int = 1) -> str:
    """`per` wording of a counter: ``counter_phrase("engineers")`` -> "engineer"; n > 1 gives the plural."""
    try:
        one, many = COUNTER_WORDING[counter]
    except KeyError:
        raise UnknownComponentError(f"no wording for counter {counter!r}") from None
    return one if n == 1 else many


def display_name(identifier: str) -> str:
    """``santa_gertrudis`` -> ``Santa Gertrudis``; ``new_york`` -> ``New York``."""
    return " ".join(w[:1].upper() + w[1:] for w in identifier.replace("-", "_").split("_") if w)


def _or_list(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} or {names[-1]}"


def _and_list(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


_SPECIAL_CARDS: dict[str, tuple[str, str]] = {
    "any": ("card", "cards"),
    "pair_same_breed": ("cards of the same breed", "cards of the same breed"),
    "objective": ("objective card", "objective cards"),
}


def card_phrase(card: str, content: Content | None = None, count: int = 1) -> str:
    """What a `discard{card}` filter means: a breed, a card group or a special filter."""
    if card in _SPECIAL_CARDS:
        one, many = _SPECIAL_CARDS[card]
        return one if count == 1 else many
    if content is not None and card not in content.breeds and card in content.card_groups:
        members = content.card_groups[card]
        if len(members) == 1:
            return display_name(members[0])
        values = {content.breeds[m].value for m in members}
        label = f"value-{values.pop()} card" if len(values) == 1 else f"{display_name(card)} card"
        if count != 1:
            label += "s"
        return f"{label} ({_or_list([display_name(m) for m in members])})"
    return display_name(card)


# --------------------------------------------------------------------------- verbs

def _money(n: int) -> str:
    return f"-${-n}" if n < 0 else f"${n}"


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _w_discard(s: Step, c: Content | None) -> str:
    n = s.get("count") or 1
    return f"discard {n} {card_phrase(s.get('card'), c, n)}"


def _w_hire(s: Step, c: Content | None) -> str:
    d = s.get("cost_delta") or 0
    return "hire 1 worker at row cost" + (f" {'+' if d > 0 else '-'}${abs(d)}" if d else "")


def _w_move_engine(s: Step, c: Content | None) -> str:
    lo = s.get("min") or 1
    at_least = f"at least {_plural(lo, 'space')} and " if lo > 1 else ""
    if s.get("per") is not None:
        return f"move your engine {at_least}up to 1 space per {counter_phrase(s.get('per'))}"
    return f"move your engine {at_least}up to {_plural(s.get('max'), 'space')} forward"


def _w_engine_back(s: Step, c: Content | None) -> str:
    return f"move your engine exactly {_plural(s.get('exactly'), 'space')} back"


def _w_certificates(s: Step, c: Content | None) -> str:
    text = f"gain up to {_plural(s.get('up_to'), 'certificate')}"
    if s.get("per") is not None:
        text += f" per {counter_phrase(s.get('per'))}"
    return text


def _w_objective_card(s: Step, c: Content | None) -> str:
    where = "into your hand" if s.get("to") == "hand" else "onto your discard pile"
    return f"take 1 objective card {where}"


def _w_aux(s: Step, c: Content | None) -> str:
    return "single or double auxiliary action" if s.get("mode") == "single_or_double" else "single auxiliary action"


def _w_remove_hazard(s: Step, c: Content | None) -> str:
    cost = s.get("cost") or 0
    return "remove 1 hazard tile" + (f" for {_money(cost)}" if cost else " for free")


def _w_move_herder(s: Step, c: Content | None) -> str:
    text = f"move your herder up to {_plural(s.get('max'), 'location')}"
    notes = []
    if s.get("ignore_fees"):
        notes.append("no hand fees")
    if s.get("use_location") is False:
        notes.append("the location is not used")
    if s.get("may_enter_kc") is False:
        notes.append("not into Kansas City")
    return text + (f" ({', '.join(notes)})" if notes else "")


def _w_draw_discard(s: Step, c: Content | None) -> str:
    if s.get("exactly") is not None:
        what = f"exactly {_plural(s.get('exactly'), 'card')}"
    elif s.get("per") is not None:
        what = f"up to 1 card per {counter_phrase(s.get('per'))}"
    else:
        what = f"up to {_plural(s.get('max'), 'card')}"
    return f"draw {what}, then discard as many"


def _w_choice(s: Step, c: Content | None) -> str:
    return "EITHER " + " OR ".join(_join_steps(opt, c, nested=True) for opt in s.options)


# verb -> wording function(step, content or None)
VERB_WORDING: dict[str, Callable[[Step, Content | None], str]] = {
    "gain_money": lambda s, c: f"gain {_money(s.get('amount'))}",
    "pay_money": lambda s, c: f"pay {_money(s.get('amount'))}",
    "discard": _w_discard,
    "hire": _w_hire,
    "buy_cattle": lambda s, c: "buy cattle from the market",
    "build": lambda s, c: f"place or replace a private building at {_money(s.get('cost_per_builder'))} per builder",
    "move_engine": _w_move_engine,
    "engine_back": _w_engine_back,
    "certificates": _w_certificates,
    "certificates_to_limit": lambda s, c: "move your certificate marker up to your certificate limit",
    "permanent_certificates": lambda s, c: f"gain {_plural(s.get('count'), 'permanent certificate')}",
    "objective_card": _w_objective_card,
    "aux": _w_aux,
    "bounty": lambda s, c: "collect 1 outlaw bounty",
    "exchange_token": lambda s, c: f"gain {_plural(s.get('count') or 1, 'exchange token')}",
    "remove_hazard": _w_remove_hazard,
    "move_herder": _w_move_herder,
    "money_per": lambda s, c: f"gain {_money(s.get('amount'))} per {counter_phrase(s.get('per'))}",
    "draw_discard": _w_draw_discard,
    "remove_hand_cards": lambda s, c: f"remove up to {_plural(s.get('up_to'), 'card')} in hand from the game",
    "adjacent_building": lambda s, c: "use the local actions of an adjacent building",
    "extraordinary_delivery": lambda s, c: "make an extraordinary delivery",
    "upgrade_station_behind": lambda s, c: "upgrade a station behind your engine",
    "choice": _w_choice,
    "trade_with_indians": lambda s, c: "trade with Indians (take 1 teepee; gain its space's value, or pay it if negative)",
}


def describe_step(step: Step, content: Content | None = None) -> str:
    """One step in words."""
    wording = VERB_WORDING.get(step.op)
    if wording is None:
        raise UnknownComponentError(f"no wording for verb {step.op!r}")
    return wording(step, content)


def _is_requirement(step: Step) -> bool:
    verb = VERB_BY_NAME.get(step.op)
    return verb is not None and verb.kind == REQUIREMENT


def _join_steps(steps: Steps, content: Content | None, nested: bool) -> str:
    # Top level: "requirements → rewards"; inside a choice option plain ", then " (an arrow inside
    # EITHER/OR would read as if it split the whole action).
    out = ""
    for i, step in enumerate(steps):
        text = describe_step(step, content)
        if i == 0:
            out = text
        elif not nested and _is_requirement(steps[i - 1]) and not _is_requirement(step):
            out += " → " + text
        else:
            out += ", then " + text
    return out


def describe_steps(steps: Steps | Iterable[Step], content: Content | None = None) -> str:
    """One local action (a list of steps) in plain English, e.g. ``discard 1 Galloway → gain $4``."""
    steps = tuple(steps)
    if not steps:
        return "nothing"
    return _join_steps(steps, content, nested=False)


# --------------------------------------------------------------------------- Sam's verbs (solo mode)

# Sam counter -> (singular phrase used after "per", plural phrase)
SAM_COUNTER_WORDING: dict[str, tuple[str, str]] = {
    "specialisation_workers": ("worker of his specialisation", "workers of his specialisation"),
    "cowboys": ("cowboy on his board", "cowboys on his board"),
    "builders": ("builder on his board", "builders on his board"),
    "engineers": ("engineer on his board", "engineers on his board"),
    "most_buildings_of_a_player": ("building of the player with the most buildings on the board",
                                   "buildings of the player with the most buildings on the board"),
}


def sam_counter_phrase(counter: str) -> str:
    try:
        return SAM_COUNTER_WORDING[counter][0]
    except KeyError:
        raise UnknownComponentError(f"no wording for Sam counter {counter!r}") from None


def _w_sam_hire(s: Step, c: Content | None) -> str:
    if s.get("prefer") == "cheapest":
        return "hire the cheapest worker for free (ties: his specialisation, then top row, left)"
    return ("hire a worker of his specialisation for free (else of his next most numerous type; "
            "then the cheapest, top row, left)")


def _w_sam_place_building(s: Step, c: Content | None) -> str:
    text = ("place one of his b-side buildings needing the most builders on the next free space without a "
            "risk action ahead of your herder, else replace one of his buildings")
    cap = s.get("max_builders")
    return text + (f", using at most {_plural(cap, 'builder')}" if cap else "")


# Sam verb -> wording function(step, content or None)
SAM_VERB_WORDING: dict[str, Callable[[Step, Content | None], str]] = {
    "hire": _w_sam_hire,
    "buy_cattle": lambda s, c: (f"buy the most cattle VP he can with up to {_money(s.get('dollars'))} and his "
                                "cowboys (unused cowboys add 2 market cards each)"),
    "reveal_market_cards": lambda s, c: f"add {_plural(s.get('cards'), 'market card')} for free",
    "take_market_card": lambda s, c: f"take the value-{s.get('value')} market card with the most VP for free",
    "place_building": _w_sam_place_building,
    "move_engine": lambda s, c: (f"move his engine 1 space per {sam_counter_phrase(s.get('per'))}, "
                                 "stopping at the farthest station in reach to upgrade it"),
    "engine_to_next_free_station": lambda s, c: ("move his engine to the next station your engine is not on "
                                                 "and upgrade it"),
    "objective_card": lambda s, c: "take the objective card farthest from the stack",
    "bounty": lambda s, c: "take the outlaw on the highest-numbered occupied space",
    "remove_hazard": lambda s, c: ("take the highest-VP hazard of the section with the most tiles "
                                   "(ties: the section with the highest-VP tile)"),
}


def describe_sam_steps(steps: Steps | Iterable[Step], content: Content | None = None) -> str:
    """Sam's action in words, e.g. ``add 2 market cards for free, then buy ...``."""
    words = []
    for step in steps:
        wording = SAM_VERB_WORDING.get(step.op)
        if wording is None:
            raise UnknownComponentError(f"no wording for Sam verb {step.op!r}")
        words.append(wording(step, content))
    return ", then ".join(words) or "nothing"


# --------------------------------------------------------------------------- confidence tags

CONF_LEGEND = "confidence: [H] rulebook or two sources agree, [M] one source, [L] estimate"


def conf_tags(conf: Conf, skip: Iterable[str] = ()) -> str:
    """``[M]`` followed by field-specific tags, e.g. ``[M] hand [L]``."""
    skip = set(skip)
    parts = [f"[{conf.default}]"]
    parts += [f"{name} [{tag}]" for name, tag in sorted(conf.fields.items()) if name not in skip]
    return " ".join(parts)


def _step_ops(steps: Steps) -> set[str]:
    ops: set[str] = set()
    for s in steps:
        ops.add(s.op)
        for option in s.options:
            ops |= _step_ops(option)
    return ops


def _action_tag_fields(steps: Steps, conf: Conf) -> list[str]:
    """Field tags of a record that belong to one action: `conf_<verb>` or `conf_<verb>_<param>`."""
    ops = _step_ops(steps)
    return [name for name in sorted(conf.fields)
            if any(name == op or name.startswith(op + "_") for op in ops)]


# --------------------------------------------------------------------------- lookups

def _lookup(mapping: Mapping[str, Any], wanted: str, kind: str) -> Any:
    if wanted in mapping:
        return mapping[wanted]
    norm = _norm(wanted)
    for key, value in mapping.items():
        if _norm(key) == norm:
            return value
    known = ", ".join(mapping)
    raise UnknownComponentError(f"unknown {kind} {wanted!r} (known: {known})")


def _norm(s: str) -> str:
    return str(s).strip().lower().replace("-", "_").replace(" ", "_").replace(".", "")


def all_buildings(content: Content) -> dict[str, Building]:
    return {**content.neutral_buildings, **content.private_buildings}


def find_building(content: Content, building_id: str) -> Building:
    return _lookup(all_buildings(content), building_id, "building")


# --------------------------------------------------------------------------- components

_HANDS = {
    "none": "no hands",
    "green": "green hand",
    "black": "black hand",
    "both": "green and black hands",
}


def _hand_text(b: Building) -> str:
    text = _HANDS.get(b.hand, f"{b.hand} hands")
    if b.hand == "none":
        return text
    return text + (" (fees for every player)" if b.neutral else " (fees for other players)")


def describe_building(content: Content, building_id: str) -> str:
    """A building tile: header (builders, VP, hands, confidence), then its numbered local actions."""
    b = find_building(content, building_id)
    per_action = [_action_tag_fields(a, b.conf) for a in b.actions]
    attached = {f for fields in per_action for f in fields}
    tags = conf_tags(b.conf, skip=attached)
    if b.neutral:
        head = f"Neutral building {b.id} — {_hand_text(b)}"
    else:
        head = (f"Private building {b.id} — {_plural(b.builders, 'builder')}, {b.vp} VP, {_hand_text(b)}")
    lines = [f"{head}  {tags}"]
    for i, (action, fields) in enumerate(zip(b.actions, per_action, strict=True), 1):
        extra = "".join(f"  [{f} {b.conf.of(f)}]" for f in fields)
        lines.append(f"  {i}. {describe_steps(action, content)}{extra}")
    if b.neutral:
        spaces = [n.id for n in content.trail.of_kind("neutral") if n.default_tile == b.id]
        if spaces:
            lines.append(f"  first-game layout: on neutral space {', '.join(spaces)}")
    return "\n".join(lines)


def describe_station_master(content: Content, station_master_id: str) -> str:
    """A station-master tile: upper half (when taken) and lower half (end-game VP)."""
    sm = _lookup(content.station_masters, station_master_id, "station master")
    origin = f" ({sm.origin})" if sm.origin else ""
    lines = [f"Station master {sm.id}{origin}  {conf_tags(sm.conf)}",
             f"  when taken: {describe_steps(sm.immediate, content)}",
             f"  at game end: {station_master_scoring(sm.scoring_vp, sm.scoring_every, sm.scoring_per)}"]
    return "\n".join(lines)


def _solo(content: Content) -> Solo:
    if content.solo is None:
        raise UnknownComponentError("this content has no solo mode (no solo.toml)")
    return content.solo


def describe_sam_card(content: Content, number: int | str) -> str:
    """One of Sam's cards: how far his herder moves, what he does (per specialisation if it matters)."""
    solo = _solo(content)
    card = _lookup({str(n): c for n, c in solo.cards.items()}, str(number).lstrip("#"), "Sam card")
    if card.steps is not None:
        move = f"moves {_plural(card.steps, 'location')}"
    else:
        icon = solo.step_icons[card.step_icon]
        move = (f"moves 1 location per {sam_counter_phrase(icon.counts)} "
                f"(at least {icon.min}, at most {icon.max})")
    removed = [d.id for d in solo.difficulties.values() if card.number in d.remove_cards]
    lines = [f"Sam card #{card.number} — {card.text}  {conf_tags(card.conf)}",
             f"  Sam's herder {move}, then:"]
    if card.when_specialisation is None:
        lines.append(f"  {describe_sam_steps(card.action, content)}")
    else:
        lines.append(f"  if his specialisation is {card.when_specialisation}: "
                     f"{describe_sam_steps(card.action, content)}")
        lines.append(f"  otherwise: {describe_sam_steps(card.otherwise, content)}")
    if removed:
        lines.append(f"  not used at difficulty {', '.join(removed)}")
    return "\n".join(lines)


def station_master_scoring(vp: int, every: int, per: str | None) -> str:
    """The lower half: ``3 VP per 2 hazard tiles held (rounded down)``."""
    if per is None or vp == 0:
        return "no VP"
    if every == 1:
        return f"{vp} VP per {counter_phrase(per)}"
    return f"{vp} VP per {every} {counter_phrase(per, every)} (rounded down)"


def _vp(n: int) -> str:
    return f"{n:+d} VP" if n else "0 VP"


def _task_groups(tasks: Sequence[str]) -> str:
    counts = Counter(tasks)
    return ", ".join(f"{n} × {t.replace('_', ' ')}" for t, n in counts.items())


def describe_objective(content: Content, objective_id: str) -> str:
    """An objective card: immediate action, grouped tasks, VP / penalty, starting or deck, copies."""
    card = _lookup(content.objective_cards, objective_id, "objective card")
    if card.starting:
        total = sum(c.count for c in content.objective_cards.values() if c.starting)
        per = content.setup.get("starting_objective_cards", 1)
        where = (f"starting card, {_plural(card.count, 'copy', 'copies')} among {total} starting cards "
                 f"({per} dealt face up to each player's objective area at setup)")
    else:
        total = sum(c.count for c in content.objective_cards.values() if not c.starting)
        where = f"deck card, {_plural(card.count, 'copy', 'copies')} in the {total}-card deck"
    lines = [f"Objective card {card.id} — {where}  {conf_tags(card.conf)}"]
    if card.immediate is not None:
        steps = content.objective_immediates[card.immediate]
        lines.append(f"  immediate action ({card.immediate}): {describe_steps(steps, content)}")
    else:
        lines.append("  immediate action: none")
    lines.append(f"  tasks: {_task_groups(card.tasks)}")
    for tid in dict.fromkeys(card.tasks):
        task = content.tasks.get(tid)
        if task is not None:
            lines.append(f"    {tid.replace('_', ' ')}: {task.text or counter_phrase(task.counts)}")
    raw_tasks = _raw_card(content, card.id).get("tasks")
    if isinstance(raw_tasks, list) and tuple(raw_tasks) != card.tasks:
        changed = sorted({r for r, t in zip(raw_tasks, card.tasks, strict=False) if r != t})
        lines.append(f"    (printed {', '.join(changed)} read through a content option, see [options])")
    lines.append(f"  fulfilled: {_vp(card.vp)}; not fulfilled: {_vp(card.penalty)}")
    return "\n".join(lines)


def _raw_card(content: Content, card_id: str) -> Mapping[str, Any]:
    for section in ("starting", "deck"):
        sec = content.raw.get(section)
        if isinstance(sec, Mapping) and isinstance(sec.get(card_id), Mapping):
            return sec[card_id]
    return {}


def describe_city(content: Content, city_id: str) -> str:
    """A city of the delivery strip: value, corner, repeatability, effects, VP, neighbouring arrows."""
    city = _lookup({c.id: c for c in content.cities}, city_id, "city")
    lines = [f"City {display_name(city.id)} ({city.id}) — position {city.order} of the strip, value {city.value}, "
             f"{city.corner} corner  {conf_tags(city.conf)}"]
    lines.append("  deliveries: " + ("repeatable (any number of discs per player)" if city.repeatable
                                     else "once per player"))
    if city.on_place:
        lines.append(f"  when you place a disc: {describe_steps(city.on_place, content)}")
    if city.vp_per_disc:
        lines.append(f"  at game end: {city.vp_per_disc:+d} VP per disc here")
    if city.end_vp:
        lines.append(f"  at game end: {city.end_vp:+d} VP if you have a disc here")
    for arrow in content.arrows:
        if city.id not in arrow.between:
            continue
        other = arrow.between[1] if arrow.between[0] == city.id else arrow.between[0]
        effects = []
        if arrow.immediate:
            effects.append(f"at once: {describe_steps(arrow.immediate, content)}")
        if arrow.end_vp:
            effects.append(f"at game end {arrow.end_vp:+d} VP")
        lines.append(f"  arrow with {display_name(other)} (discs on both): "
                     f"{'; '.join(effects) or 'nothing'}  {conf_tags(arrow.conf)}")
    return "\n".join(lines)


def describe_station(content: Content, station_id: int | str) -> str:
    """A station: cost, VP, corner, station-master space and position on the track."""
    stations = {str(s.id): s for s in content.railroad.stations}
    st = _lookup(stations, str(station_id), "station")
    n = content.railroad.numbered_spaces
    if st.turnout_after is not None:
        where = f"turnout between spaces {st.turnout_after} and {st.turnout_after + 1} (of {n})"
    else:
        pos = int(st.space)
        where = f"on space {pos}" + (" (end of the track)" if pos == content.railroad.end_space else f" (of {n})")
    lines = [f"Station {st.id}  {conf_tags(st.conf)}",
             f"  position: {where}",
             f"  upgrade cost: ${st.cost}",
             f"  VP at game end: {st.vp}",
             f"  corner: {st.corner}",
             "  station-master space: " + ("yes (a station-master tile lies here)" if st.station_master_space
                                           else "no")]
    return "\n".join(lines)


# --------------------------------------------------------------------------- summaries

def content_summary(content: Content) -> list[tuple[str, int | str]]:
    """Name, version, source, component counts and content hash, all computed from `content`."""
    breeds = content.breeds.values()
    supply = content.supply
    trail = content.trail
    numbers = content.private_numbers
    sides = sorted({b.side for b in content.private_buildings.values()})
    # the trail's tile section: outlaws (Second Edition) or teepees (First Edition)
    section = [(kind, colours) for kind, colours in (("outlaw", supply.outlaw_colours),
                                                     ("teepee", supply.teepee_colours)) if colours]
    return [
        ("content", content.name),
        ("version", content.version),
        ("source", content.source),
        ("market cattle cards", sum(b.count for b in breeds if b.source == "market")),
        ("starting cattle cards per player", sum(b.per_player for b in breeds if b.source == "starting")),
        ("worker tiles", sum(supply.workers.values())),
        ("hazard tiles", len(supply.hazard_types) * sum(k.count for k in supply.hazard_kinds)),
        *((f"{kind} tiles", sum(colours.values())) for kind, colours in section),
        ("station-master tiles", len(content.station_masters)),
        ("objective cards (deck)", sum(c.count for c in content.objective_cards.values() if not c.starting)),
        ("starting objective cards", sum(c.count for c in content.objective_cards.values() if c.starting)),
        ("neutral buildings", len(content.neutral_buildings)),
        ("neutral building spaces", len(trail.of_kind("neutral"))),
        ("private building spaces", len(trail.of_kind("private"))),
        ("private buildings", f"{len(numbers)} × {len(sides)} sides"),
        ("hazard spaces", len(trail.of_kind("hazard"))),
        *((f"{kind} spaces", len(trail.of_kind(kind))) for kind, _ in section),
        ("railroad spaces", content.railroad.numbered_spaces),
        ("stations", len(content.railroad.stations)),
        ("cities", len(content.cities)),
        ("trail nodes", len(trail.nodes)),
        ("discs per player", content.board.discs_per_player),
        ("scoring categories", len(content.scoring_categories)),
        *_solo_summary(content),
        ("content hash", content.content_hash),
    ]


def _solo_summary(content: Content) -> list[tuple[str, int | str]]:
    solo = content.solo
    if solo is None:
        return [("solo mode", "none")]
    return [("Sam cards", len(solo.cards)),
            ("solo difficulties", ", ".join(f"{d} ({len(solo.deck(d))} cards)" for d in solo.difficulties))]


# --------------------------------------------------------------------------- low confidence

def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return v
    if isinstance(v, list):
        return "[" + ", ".join(_fmt(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{" + ", ".join(f"{k} = {_fmt(x)}" for k, x in v.items()) + "}"
    return str(v)


def _is_conf_key(k: str) -> bool:
    return k == "conf" or k.startswith("conf_")


def _is_record(v: Any) -> bool:
    """A table to walk into (it has tags of its own or holds tables); other tables are one value."""
    return isinstance(v, Mapping) and any(_is_conf_key(k) or isinstance(x, Mapping) for k, x in v.items())


def _resolve_field(record: Mapping[str, Any], field: str) -> tuple[str, str] | None:
    """Find what a `conf_<field>` tag that is no key of the record refers to: a verb or a verb's
    parameter inside the record's step lists (``remove_hazard_cost``), or keys starting with the
    field's stem (``limits`` -> ``limit_base``, ...). Returns (where, value shown)."""
    hits: list[tuple[str, str]] = []

    def walk(v: Any, path: str) -> None:
        if isinstance(v, Mapping):
            op = v.get("op")
            if isinstance(op, str):
                if field == op:
                    hits.append((path, _fmt(v)))
                elif field.startswith(op + "_") and field[len(op) + 1:] in v:
                    param = field[len(op) + 1:]
                    hits.append((f"{path}.{param}", _fmt(v[param])))
            for k, x in v.items():
                walk(x, f"{path}.{k}" if path else k)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(x, f"{path}[{i}]")

    walk({k: v for k, v in record.items() if not _is_conf_key(k)}, "")
    if not hits:
        stem = field[:-1] if field.endswith("s") else field
        hits = [(k, _fmt(v)) for k, v in record.items() if not _is_conf_key(k) and k.startswith(stem)]
    if not hits:
        return None
    return ", ".join(p for p, _ in hits), "; ".join(v for _, v in hits)


# Tables of content options (rule readings left open): listed one by one by `low_confidence_values`.
OPTION_TABLES: tuple[tuple[str, ...], ...] = (("options",), ("solo", "options"))


def low_confidence_values(content: Content) -> list[tuple[str, str, str]]:
    """Every raw value tagged L, as (``file: section path``, field, value shown).

    A record whose own `conf` is L gives one row with field ``*`` listing all its values that have
    no other tag. The content options (``[options]`` of meta.toml, ``[solo.options]`` of solo.toml)
    are listed one by one, whatever their tag; values of options not tagged L carry their tag,
    e.g. ``true [M]``.
    """
    files = content.section_files
    rows: list[tuple[str, str, str]] = []

    def where(path: list[str]) -> str:
        dotted = ".".join(path)
        file = files.get(path[0])
        return f"{file}: {dotted}" if file else dotted

    def visit(path: list[str], table: Mapping[str, Any], inherited: str | None) -> None:
        own = table.get("conf", inherited)
        tags = {k[5:]: v for k, v in table.items() if k.startswith("conf_")}
        whole: list[str] = []
        for key, value in table.items():
            if _is_conf_key(key):
                continue
            tag = tags.get(key, own) or "M"
            if _is_record(value):
                visit([*path, key], value, tag)
            elif isinstance(value, list) and any(_is_record(x) for x in value):
                for i, item in enumerate(value):
                    if isinstance(item, Mapping):
                        visit([*path, f"{key}[{i}]"], item, tag)
            elif tuple(path) in OPTION_TABLES:
                rows.append((where(path), key, _fmt(value) + ("" if tag == "L" else f" [{tag}]")))
            elif tag == "L":
                if table.get("conf") == "L" and key not in tags:
                    whole.append(f"{key} = {_fmt(value)}")
                else:
                    rows.append((where(path), key, _fmt(value)))
        if whole:
            rows.append((where(path), "*", "; ".join(whole)))
        for field, tag in tags.items():
            if tag != "L" or field in table:
                continue
            found = _resolve_field(table, field)
            if found is None:
                rows.append((where(path), field, "(tag names no value of this record)"))
            else:
                rows.append((where(path), field, f"{found[1]} ({found[0]})"))

    for section, value in content.raw.items():
        if isinstance(value, Mapping):
            visit([section], value, None)
    return rows


# --------------------------------------------------------------------------- vocabulary for datasets

# Scoresheet rows (Second Edition scoring pad) by scoring category id; an id without an entry is shown
# through `display_name`.
SCORESHEET_NAMES: dict[str, str] = {
    "money": "Money ($5 = 1 VP)",
    "buildings": "Buildings",
    "cities": "Cities",
    "stations": "Stations",
    "hazards": "Hazards",
    "cattle": "Cattle cards",
    "objectives": "Objective cards",
    "station_masters": "Station masters",
    "workers": "Workers",
    "step_disc": "Step-limit disc",
    "job_market_token": "Job-market token",
}


def _building_effect(content: Content, b: Building) -> str:
    actions = "; ".join(f"{i}. {describe_steps(a, content)}" for i, a in enumerate(b.actions, 1)) or "no action"
    if b.neutral:
        return f"{_hand_text(b)}: {actions}"
    return f"{_plural(b.builders, 'builder')}, {b.vp} VP, {_hand_text(b)}: {actions}"


def _city_effect(content: Content, city: Any) -> str:
    parts = [f"value {city.value}", "repeatable" if city.repeatable else "once per player"]
    if city.on_place:
        parts.append(f"when you place a disc: {describe_steps(city.on_place, content)}")
    if city.vp_per_disc:
        parts.append(f"{city.vp_per_disc:+d} VP per disc")
    if city.end_vp:
        parts.append(f"{city.end_vp:+d} VP")
    return ", ".join(parts)


def _worker_effect(content: Content, worker: str) -> str:
    board = content.board
    spaces = [f"space {space}: {describe_steps(steps, content)}"
              for (kind, space), steps in sorted(board.worker_immediate.items()) if kind == worker]
    vp = ", ".join(f"space {s}: {v} VP" for s, v in sorted(board.vp_per_worker_on_space.items()))
    text = f"row of {board.worker_spaces} spaces, the printed worker on space {board.printed_worker_space}"
    return text + ("; " + "; ".join(spaces) if spaces else "") + (f"; at game end {vp}" if vp else "")


def _objective_effect(content: Content, card: Any) -> str:
    tasks = _task_groups(card.tasks)
    where = "starting card" if card.starting else "deck card"
    immediate = (f"; at once: {describe_steps(content.objective_immediates[card.immediate], content)}"
                 if card.immediate is not None else "")
    return f"{where}: {tasks}; {_vp(card.vp)} if fulfilled, {_vp(card.penalty)} if not{immediate}"


def vocabulary(content: Content) -> dict[str, Any]:
    """The names and effect texts of the components a balance report talks about, as plain JSON data
    (the reports read datasets only, never the content): each kind maps an id to ``{"name", "effect"}``.

    * ``buildings``: "1a".."12b" and the neutral "A".."G" (plus ``number`` and ``side``);
    * ``station_masters``: tile id -> what it gives when taken and at game end;
    * ``cities``: city id -> name (the delivery strip, Kansas City included) and what a disc there does;
    * ``scoring``: category id -> scoresheet name and what the category counts;
    * ``workers``: worker type -> name, its row's spaces (and ``printed``: workers a player starts with);
    * ``objectives``: objective card id -> tasks and VP.

    Built from the content as given, so patched content shows the patched text."""
    categories = content.raw.get("categories", {})
    return {
        "content_hash": content.content_hash,
        "buildings": {
            b.id: {"name": f"building {b.id}" if not b.neutral else f"neutral building {b.id}",
                   "number": b.number, "side": b.side, "effect": _building_effect(content, b)}
            for b in (*content.private_buildings.values(), *content.neutral_buildings.values())},
        "station_masters": {
            sm.id: {"name": sm.id,
                    "effect": f"when taken: {describe_steps(sm.immediate, content)}; at game end: "
                              f"{station_master_scoring(sm.scoring_vp, sm.scoring_every, sm.scoring_per)}"}
            for sm in content.station_masters.values()},
        "cities": {c.id: {"name": display_name(c.id), "effect": _city_effect(content, c)} for c in content.cities},
        "scoring": {c: {"name": SCORESHEET_NAMES.get(c, display_name(c)),
                        "effect": str(categories.get(c, {}).get("text", ""))} for c in content.scoring_categories},
        "workers": {w: {"name": display_name(w), "printed": 1 if content.board.printed_worker_space else 0,
                        "effect": _worker_effect(content, w)}
                    for w in content.board.worker_types},
        "objectives": {o.id: {"name": o.id, "effect": _objective_effect(content, o)}
                       for o in content.objective_cards.values()},
    }


def dataset_vocabulary(content: Content, arms: Sequence[tuple[str, Sequence[Any]]]) -> dict[str, Any]:
    """What a dataset's manifest carries for its reports: ``vocabulary`` (the first arm's) and, only for
    arms whose patched content reads differently, ``vocabulary_arms`` {arm name: vocabulary}.
    `arms`: (arm name, the arm's content patches) in order."""
    from gwt_sim.content import patched

    by_patches: dict[str, dict[str, Any]] = {}
    out: dict[str, Any] = {}
    for name, patches in arms:
        key = repr(list(patches))
        if key not in by_patches:
            by_patches[key] = vocabulary(patched(content, patches) if patches else content)
        vocab = by_patches[key]
        if "vocabulary" not in out:
            out["vocabulary"] = vocab
        elif vocab != out["vocabulary"]:
            out.setdefault("vocabulary_arms", {})[name] = vocab
    return out
