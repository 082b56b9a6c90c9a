"""The readable log of one game: every decision in the game's words, with the money and VP it changed.

    from gwt_sim.game import game_log, replay_log
    lines, state, replay = game_log(handle, policies, seed, variant, strategies)   # play a game
    lines, state = replay_log(replay, content)                                     # the same log again

Both feed the decisions, one at a time, to one `PlayLog`: `gwt-sim play` and `gwt-sim play --replay`
print the same lines. The game is run with `every_decision=True`, so decisions with a single legal
action stop too and each decision's effect is the difference between the state before and after it:
the acting seat's money and its VP as the game stands (`GameState.score_now`, the final scoring
applied now), and the other seats' money (fees). A Kansas City delivery — income, the city, the disc
placed there, a city arrow's objective card and the transport cost — is one line. From
``gwt-sim play -n 3 --seed 2 --sides random --layout random`` (excerpts)::

    -- turn 58 · seat 1 (fast) · $11, 16 VP · herder at FLOOD-RISK-2 (1b of seat 1), engine on 8, ...
       move to B (building F)
       stop at B (building F)
       F action 2: remove 1 hazard tile for $7
       remove the hazard on DROUGHT-2 (drought hazard (4 VP, green hand))  $11 → $4, 16 → 21 VP
       ...
    -- turn 105 · seat 3 (fast) · $9, 60 VP · herder at G (building D), engine on 25.5, ...
       move to KC
       take green outlaw (foresight column 1)
       ...
       deliver to Pittsburgh: breeding value 10 + 2 from certificates + 3 permanent = $15, disc from
       aux4  $9 → $24, 60 → 71 VP

In the solo mode Sam's seat has a turn of its own: the engine stops at it as at a forced decision
(his one legal action plays his whole turn), so his turn is logged like the others — a header with
where he stands, his card, its steps and his walk with the VP the turn changed (and a fee the bank
pays the human for his walk), then each thing he did (`gwt_sim.engine.describe_sam`). From
``gwt-sim play --solo --seed 2 --strategies heuristic:profile=builder --sides random --layout random``
(excerpts)::

    -- turn 10 · seat 2 (Sam) · 6 VP · herder at G (building D), engine on 2, specialisation builder, ...
       card #14: 2 steps, herder to KC                            6 → 9 VP
       places building 4b on G-1
       Kansas City column 1: takes green outlaw
       ...
       delivers to Bloomington (a disc from his supply)
    -- turn 76 · seat 2 (Sam) · 111 VP · herder at A, engine on 12, specialisation builder, ...
       card #7: 1 step, herder to A-1 (3b of seat 2)              111 → 114 VP
       takes objective card DRAW_5H (display slot 4)

This log is for one game (`gwt-sim play`); datasets never build it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gwt_sim.describe import describe_steps, display_name
from gwt_sim.engine import describe_action as da
from gwt_sim.engine.describe_sam import event_text
from gwt_sim.engine.game import FRAME_NAMES, SAM_OPS, F, GameState
from gwt_sim.model import Content

CHANGES_COLUMN = 62            # the money / VP changes start in this column when the text is shorter
NEUTRAL = -1                   # owner of a neutral building (node_owner)
DISC_FOR_CITY = 0              # DiscArgs.purpose (frames.pxd)
DELIVERY_KANSAS_CITY = 0       # CityArgs.mode (frames.pxd)
# the decisions of a delivery: the income, Simmental upgrades, the city, the disc placed there and an
# objective card a city arrow gives (the transport cost is paid after it)
DELIVERY_STEPS = ("income", "Simmental upgrades", "delivery city", "disc", "objective card")
MOVES = ("before phase A", "phase A", "herder move")      # decisions whose location moves pay fees
SAM_TURN = FRAME_NAMES[F["SAM_TURN"]]    # the solo mode: Sam's whole turn, his seat's one legal action
SAM_OP_NAMES = tuple(sorted(SAM_OPS, key=SAM_OPS.__getitem__))     # Sam's verbs by op code


@dataclass
class _Before:
    """What a decision's line needs from the state before it."""

    state: GameState               # a copy of the state before the decision
    seat: int
    action: int
    forced: bool
    money: list[int]               # every seat
    vp: int                        # the acting seat's VP as the game stands


@dataclass
class _Delivery:
    """A Kansas City (or extraordinary) delivery being played: its decisions make one line."""

    before: _Before                # before its first decision
    parts: list[str] = field(default_factory=list)
    city: str = ""
    forced: bool = True            # every decision of it had one legal action


class PlayLog:
    """Collects the log lines of one game. Call `before(state, action, forced)` before each decision
    is applied and `after(state)` after it; `finish(state)` at the end."""

    def __init__(self, state: GameState, strategies: Sequence[str] | None = None, content: Content | None = None):
        self.handle = state.handle
        self.names = state.handle.names
        self.tables = state.handle.tables
        self.content = content
        self.strategies = list(strategies) if strategies else None
        self.seat_names = seat_names(state, strategies)
        self.lines: list[str] = []
        self.turn: tuple[int, int] | None = None
        self.pending: _Before | None = None
        self.delivery: _Delivery | None = None

    # ---------------------------------------------------------------- the two calls per decision

    def before(self, state: GameState, action: int, forced: bool = False) -> None:
        seat = state.current_player()
        decision = state.decision_name()
        if self.delivery is not None and not self._continues_delivery(state, decision, action):
            self._close_delivery(state)
        self._turn_header(state, seat)
        self.pending = _Before(state.clone(), seat, action, forced, self._money(state),
                               state.score_now(seat)["total"])
        if self.delivery is None and self._opens_delivery(decision, action):
            self.delivery = _Delivery(self.pending)

    def after(self, state: GameState) -> None:
        b = self.pending
        assert b is not None, "after() without before()"
        self.pending = None
        if b.state.decision_name() == SAM_TURN:
            self._sam_turn(b, state)
            return
        if self.delivery is not None:
            self._delivery_part(b, state)
            return
        text = self._text(b, state)
        self._emit(b, text, state, fees=b.state.decision_name() in MOVES and da.A_NODE <= b.action < da.A_LOCAL)

    def finish(self, state: GameState) -> list[str]:
        if self.delivery is not None:
            self._close_delivery(state)
        return self.lines

    # ---------------------------------------------------------------- lines

    def _turn_header(self, state: GameState, seat: int) -> None:
        key = (state.turn_number, seat)
        if key == self.turn:
            return
        self.turn = key
        p = state.player(seat)
        names = self.names
        who = f" ({self.seat_names[seat]})" if self.seat_names[seat] else ""
        herder = self.place(state, p["herder"]) if p["herder"] >= 0 else "-"
        if seat == state.sam_seat:
            sam = state.sam()
            engine = "off the track" if sam["engine_off"] else f"on {names['rail_position'][p['engine']]}"
            self.lines.append(
                f"-- turn {state.turn_number} · seat {seat + 1}{who} · {state.score_now(seat)['total']} VP · herder at "
                f"{herder}, engine {engine}, specialisation {names['worker_type'][sam['specialisation']]}, "
                f"{sam['deck_size']} cards in his deck, {sam['discs']} discs in his supply")
            return
        self.lines.append(
            f"-- turn {state.turn_number} · seat {seat + 1}{who} · ${p['money']}, {state.score_now(seat)['total']} VP "
            f"· herder at {herder}, engine on {names['rail_position'][p['engine']]}, certificates "
            f"{p['certificates']}, hand {p['hand_size']}")

    def _emit(self, b: _Before, text: str, after: GameState, forced: bool | None = None,
              fees: bool = False, bank_pays: bool = False) -> None:
        """One line: the text, the other seats' money changes (fees when `fees`; with `bank_pays`, Sam's
        turn, fees the bank pays them and the VP they changed), the acting seat's money and VP before →
        after."""
        seat = b.seat
        money = self._money(after)
        vp = after.score_now(seat)["total"]
        others = [(s, money[s] - b.money[s]) for s in range(len(money)) if s != seat and money[s] != b.money[s]]
        if bank_pays:
            notes = []
            for s in range(len(money)):
                was, now = b.state.score_now(s)["total"], after.score_now(s)["total"]
                paid = money[s] - b.money[s]
                if s != seat and (paid or was != now):
                    fee = (f"fee ${paid} to seat {s + 1} from the bank" if paid > 0 else
                           f"seat {s + 1} pays ${-paid}" if paid < 0 else f"seat {s + 1}")
                    notes.append(f"{fee}, {was} → {now} VP" if was != now else fee)
        else:
            word = "fee " if fees else ""
            notes = [f"{word}${d} to seat {s + 1}" if d > 0 else f"seat {s + 1} pays ${-d}" for s, d in others]
        to_bank = b.money[seat] - money[seat] - sum(d for _, d in others if d > 0)
        if fees and to_bank > 0:
            notes.append(f"fee ${to_bank} to the bank")
        if notes:
            text += f" ({', '.join(notes)})"
        if b.forced if forced is None else forced:
            text += " (only choice)"
        changes = []
        if money[seat] != b.money[seat]:
            changes.append(f"${b.money[seat]} → ${money[seat]}")
        if vp != b.vp:
            changes.append(f"{b.vp} → {vp} VP")
        line = f"   {text}"
        if changes:
            line = f"{line:<{CHANGES_COLUMN}}" if len(line) < CHANGES_COLUMN else line + "  "
            line += ", ".join(changes)
        self.lines.append(line)

    @staticmethod
    def _money(state: GameState) -> list[int]:
        return [state.player(s)["money"] for s in range(state.num_players)]

    # ---------------------------------------------------------------- names

    def place(self, state: GameState, node: int) -> str:
        """A trail location and what is on it: "F-1 (10b of seat 2)", "A (building C)", "FLOOD-2 (flood
        hazard (2 VP, green hand))"."""
        name = self.names["node"][node]
        board = state.board()
        if node in board["buildings"]:
            building, owner = board["buildings"][node]
            bid = self.names["building"][building]
            if owner == NEUTRAL:
                return name if bid == name else f"{name} (building {bid})"
            return f"{name} ({bid} of seat {owner + 1})"
        if node in board["tiles"]:
            return f"{name} ({self.names['tile'][board['tiles'][node]]})"
        return name

    def steps(self, action_index: int) -> str:
        """A bytecode action in words (its content steps)."""
        if action_index < 0 or action_index >= len(self.tables.action_steps):
            return "nothing"
        return describe_steps(self.tables.action_steps[action_index], self.content)

    def card(self, card: int) -> str:
        """A card by name: "Santa Gertrudis", "Shorthorn (4 VP)", "objective card START_34B"."""
        if card >= len(self.names["card"]):
            return da.card_name(self.names, card)
        name, sep, rest = self.names["card"][card].partition(" (")
        return display_name(name) + sep + rest

    # ---------------------------------------------------------------- one decision in words

    def _text(self, b: _Before, after: GameState) -> str:
        pre, a, seat = b.state, b.action, b.seat
        decision = pre.decision_name()
        _, args = pre.frame()
        names, t = self.names, self.tables
        paid = b.money[seat] - after.player(seat)["money"]
        if a == da.A_STOP:
            if decision in ("phase A", "herder move"):
                return f"stop at {self.place(pre, pre.player(seat)['herder'])}"
            if decision == "either/or":               # an optional action declined
                options = [self.steps(args["first_action"] + i) for i in range(args["options"])]
                return f"decline: {' / '.join(options)}"
            return da.action_name(pre, a)
        if da.A_NODE <= a < da.A_LOCAL:
            node = a - da.A_NODE
            verb = da.action_name(pre, a).rsplit(" ", 1)[0]        # "move to", "remove the hazard on", ...
            return f"{verb} {self.place(pre, node)}"
        if da.A_LOCAL <= a < da.A_AUX:
            slot = a - da.A_LOCAL
            node, building = args["node"], args["building"]
            if slot == 3:
                return f"risk action at {names['node'][node]}: {self.steps(int(t.node_risk[node]))}"
            bid = names["building"][building]
            return f"{bid} action {slot + 1}: {self.steps(int(t.building_actions[building][slot]))}"
        if da.A_AUX <= a < da.A_CARD:
            k, double = divmod(a - da.A_AUX, 2)
            act = int((t.aux_double if double else t.aux_single)[k])
            return f"auxiliary action {k + 1}{' (double)' if double else ''}: {self.steps(act)}"
        if da.A_CARD <= a < da.A_COUNT:
            verb = da.action_name(pre, a).split(" ", 1)[0]          # discard / remove / buy
            return f"{verb} {self.card(a - da.A_CARD)}"
        if da.A_COUNT <= a < da.A_OPTION and decision in ("exchange token", "draw count"):
            n = a - da.A_COUNT
            head = "exchange token: " if decision == "exchange token" else ""
            return f"{head}draw {n} card{'s' if n != 1 else ''}"
        if da.A_OPTION <= a < da.A_HIRE:
            return f"choose: {self.steps(args['first_action'] + a - da.A_OPTION)}"
        if da.A_HIRE <= a < da.A_BUY:
            row, col = divmod(a - da.A_HIRE, da.MAX_JOB_COLS)
            worker = pre.board()["job_market"][row][col]
            return f"hire {da.WORKERS[worker] if worker >= 0 else 'a worker'} (row {row + 1}){self._for(paid)}"
        if da.A_BUY <= a < da.A_REVEAL:
            option, card = divmod(a - da.A_BUY, da.MAX_CARD_TYPES)
            cowboys = int(t.buy_cowboys[option])
            return f"buy {self.card(card)}{self._for(paid)} ({cowboys} cowboy{'s' if cowboys != 1 else ''})"
        if da.A_BUILD <= a < da.A_RAIL:
            number, space = divmod(a - da.A_BUILD, da.MAX_PRIVATE_SPACES)
            side = pre.board()["sides"][number]
            bid = f"{names['building_number'][number]}{side}"
            builders = int(t.building_builders[names["building"].index(bid)])
            node = int(t.private_space[space])
            old = pre.board()["buildings"].get(node)
            what = f"replace {names['building'][old[0]]} with {bid}" if old else f"build {bid}"
            return f"{what} on {names['node'][node]}{self._for(paid)} ({builders} builder{'s' if builders != 1 else ''})"
        if da.A_RAIL <= a < da.A_UPGRADE:
            start = names["rail_position"][pre.player(seat)["engine"]]
            return f"move the engine from {start} to {names['rail_position'][a - da.A_RAIL]}"
        if a == da.A_UPGRADE:
            return f"upgrade station {args['station'] + 1}{self._for(paid)}"
        if da.A_STATION <= a < da.A_DISC:
            return f"upgrade station {a - da.A_STATION + 1} (behind the engine){self._for(paid)}"
        if da.A_DISC <= a < da.A_SM_WORKER:
            space = names["disc_space"][a - da.A_DISC]
            return f"disc from {space} onto station {args['target'] + 1}"
        if da.A_SM_WORKER <= a < da.A_CITY:
            master = pre.board()["station_masters"][args["station"]]
            sm = names["station_master"][master] if master >= 0 else "the station master"
            worker = da.WORKERS[a - da.A_SM_WORKER]
            return f"take station master {sm} at station {args['station'] + 1}, giving up " \
                   f"{'an' if worker[0] in 'aeiou' else 'a'} {worker}"
        if da.A_OBJ_TAKE <= a < da.A_OBJ_PLAY:
            slot = a - da.A_OBJ_TAKE
            display = pre.board()["objective_display"]
            if slot < len(display) and display[slot] >= 0:
                return f"take objective card {names['objective'][display[slot]]} (display slot {slot + 1})"
            return "take the top objective card of the stack"
        return da.action_name(pre, a)

    def city(self, city: int) -> str:
        return display_name(self.names["city"][city])

    # ---------------------------------------------------------------- Sam's turn (the solo mode)

    def _sam_turn(self, b: _Before, after: GameState) -> None:
        """His card, its steps and his walk (with the VP his turn changed and the fee the bank paid the
        human for the walk), then each thing he did."""
        t = after.sam_last_turn()
        if not t.get("card"):                  # no card in his deck nor his discard pile
            self._emit(b, "no card to play: his turn passes", after, forced=False)
            return
        steps = t["steps"]
        walk = " → ".join(self.place(b.state, node) for node in t["walk"]) or "nowhere"
        self._emit(b, f"card #{t['card']}: {steps} step{'s' if steps != 1 else ''}, herder to {walk}", after,
                   forced=False, bank_pays=True)
        for kind, x, y in t["events"]:
            text = event_text(self.names, SAM_OP_NAMES, kind, x, y, card=self.card, city=self.city)
            if text is not None:
                self.lines.append(f"   {text}")

    @staticmethod
    def _for(paid: int) -> str:
        return f" for ${paid}" if paid > 0 else (" for free" if paid == 0 else "")

    # ---------------------------------------------------------------- deliveries

    @staticmethod
    def _opens_delivery(decision: str, action: int) -> bool:
        return (decision == "income" and action != da.A_EXCHANGE) or decision == "delivery city"

    @staticmethod
    def _continues_delivery(state: GameState, decision: str, action: int) -> bool:
        if decision not in DELIVERY_STEPS or action == da.A_EXCHANGE:
            return False
        args = state.frame()[1]
        if decision == "disc":
            return args["purpose"] == DISC_FOR_CITY
        return decision != "objective card" or bool(args["compulsory"])     # compulsory: a city arrow's

    def _delivery_part(self, b: _Before, after: GameState) -> None:
        d = self.delivery
        assert d is not None
        pre, a, seat = b.state, b.action, b.seat
        decision = pre.decision_name()
        d.forced = d.forced and b.forced
        _, args = pre.frame()
        if decision == "income":
            income = after.player(seat)["money"] - b.money[seat]
            spent = a - da.A_COUNT
            permanent = pre.player(seat)["permanent_certificates"]
            breeding = income - spent - permanent
            terms = [f"breeding value {breeding}"]
            if spent:
                terms.append(f"{spent} from certificates")
            if permanent:
                terms.append(f"{permanent} permanent")
            d.parts.append(" + ".join(terms) + (f" = ${income}" if len(terms) > 1 else ""))
        elif decision == "delivery city":
            city = a - da.A_CITY
            d.city = self.city(city)
            if args["mode"] == DELIVERY_KANSAS_CITY:
                cost = pre.transport_cost(seat, city)
                if cost:
                    d.parts.append(f"transport ${cost}")
            else:
                d.parts.insert(0, f"extraordinary delivery (value {args['value']})")
        elif decision == "disc":
            d.parts.append(f"disc from {self.names['disc_space'][a - da.A_DISC]}")
        elif decision == "objective card":
            slot = a - da.A_OBJ_TAKE
            display = pre.board()["objective_display"]
            card = self.names["objective"][display[slot]] if slot < len(display) and display[slot] >= 0 else \
                "from the stack"
            d.parts.append(f"city arrow: objective card {card}")
        else:                                          # Simmental upgrades
            d.parts.append(da.action_name(pre, a))

    def _close_delivery(self, state: GameState) -> None:
        d = self.delivery
        assert d is not None
        self.delivery = None
        head = f"deliver to {d.city}" if d.city else "Kansas City"
        self._emit(d.before, f"{head}: {', '.join(d.parts)}" if d.parts else head, state, d.forced)


# --------------------------------------------------------------------------- the header


def game_header(state: GameState, strategies: Sequence[str] | None) -> list[str]:
    """The lines above the log: the game's setup, and who sits in each seat with its starting money
    (the solo mode: Sam, his difficulty and the city of his first delivery)."""
    board = state.board()
    names = state.handle.names
    who = f"solo against Sam ({names['solo_difficulty'][0]})" if state.solo else f"{state.num_players} players"
    lines = [f"{state.handle.tables.content_name} — {who}, seed {state.seed}, sides {board['sides']}, "
             f"neutral {''.join(names['building'][t] for t in board['layout'])}, station masters "
             f"{', '.join(names['station_master'][m] for m in board['station_masters_drawn'] if m >= 0)}"]
    money = [int(m) for m in state.handle.tables.start_money]
    seats = [f"{s + 1} {name or '(strategies not recorded)'} (${money[s]})"
             for s, name in enumerate(seat_names(state, strategies))]
    if state.solo:
        first = display_name(names["city"][int(state.handle.tables.scalars["sam_first_city"])])
        seats[state.sam_seat] = f"{state.sam_seat + 1} Sam ({names['solo_difficulty'][0]}, first delivery to {first})"
    lines.append("seats: " + "; ".join(seats))
    return lines


def seat_names(state: GameState, strategies: Sequence[str] | None) -> list[str | None]:
    """What plays each seat of the board: the strategy strings fill the seats that decide in order
    (None when not recorded); Sam's seat in the solo mode is "Sam"."""
    names: list[str | None] = ["Sam"] * state.num_players
    for i, seat in enumerate(state.decision_seats()):
        names[seat] = strategies[i] if strategies else None
    return names


def log_choices(state: GameState, choose: Any, log: PlayLog) -> list[int]:
    """Play `state` (made with every_decision=True) to its end: forced decisions are applied as they
    come, `choose(state, legal)` makes the others; every decision goes through `log`. Returns the
    chosen actions (what a replay records)."""
    chosen: list[int] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        forced = len(legal) == 1
        a = legal[0] if forced else choose(state, legal)
        log.before(state, a, forced)
        state.apply_action(a)
        log.after(state)
        if not forced:
            chosen.append(a)
    log.finish(state)
    return chosen
