"""The Python engine's game: the state and its transitions (the reference implementation
of the face in face.py; everything outside the engine and the editions sees only the face).

A PyGame holds only dynamic values; the static facts (map, edition, tables) live
in a shared Ruleset. `legal_actions()` (generated in moves.py) is the one source
of legality; `check()` tests membership in it and raises IllegalActionError
otherwise, leaving the state untouched; `apply()` is check + `apply_unchecked()`, the
fast path for search and playouts. How each kind of action changes the state is declared
with the kind (actions.py, turn.py, an edition's module); the methods below are the
shared transitions those kinds use (no checks: not for players).

The whole state is also a flat list of integers (codec.py: `encode`, `decode`). Cities
are held by their index in the map (`rules.city_names`), never by name.

A new game records a public log of what happened (`log`, see log.py); clones
made for search do not.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Self

from ..cards import NEWSPAPER
from ..errors import IllegalActionError, SaveError, TtrError
from . import codec, explain, log, moves, observer, scoring, turn  # noqa: F401 - turn declares the core kinds
from .actions import DRAW, KINDS, PASS, STOP, Action, Payment
from .legal import NO_CARDS, NO_TARGET, LegalActions
from .randomness import shuffle, stream
from .phases import (
    CHOOSE_PIECES,
    INITIAL_TICKETS,
    OVER,
    SECOND_CARD,
    TUNNEL,
    TURN,
    Phase,
)
from .ruleset import Ruleset

if TYPE_CHECKING:  # pragma: no cover
    from ..maps import Map
    from .codec import StateLayout
    from .edition import Edition
    from .schema import LogEntry, View

# A claim of a tunnel waiting for its extra cards (E2): (route, cards paid, cards revealed,
# extra cards due, the colour paid (-1: locomotives only)).
Tunnel = tuple[int, Payment, tuple[int, ...], int, int]
ApplyFn = Callable[["PyGame", Action], None]


class _ApplyTable(dict[str, ApplyFn]):
    """kind word -> its apply function, filled on first use (editions register kinds after import)."""

    def __missing__(self, kind: str) -> ApplyFn:
        fn = self[kind] = KINDS[kind].apply
        return fn


_APPLY = _ApplyTable()
NOWHERE = -100  # pop_card's `to` for a card going to no hand and no display slot (a tunnel's reveal)
_copy = list.copy  # clone's copy of each inner list


class PyGame:
    __slots__ = ("rules", "seed", "random_first", "phase", "current", "first_player", "hands", "decks", "discards",
                 "face_up", "owner", "avail", "open_groups", "blocked", "trains", "ships", "box", "piece_choices",
                 "exchanged", "stations", "station_at", "harbors", "harbor_at", "scores", "tickets", "ticket_pile",
                 "offers", "tunnel", "final_turns", "passes", "shuffles", "turns", "actions", "seats", "drawn",
                 "_log", "_legal", "_result")
    # static facts
    rules: Ruleset
    seed: int
    random_first: bool
    # whose move, and what it may be
    phase: Phase
    current: int
    first_player: int
    turns: int                            # turns ended
    final_turns: int                      # turns left once the last round started (-1: not yet)
    passes: int                           # passes in a row (P2)
    shuffles: int                         # random draws made from the seed so far (G10)
    # cards: hands are counts per card kind; piles are lists whose top card is the last
    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    face_up: list[int]                    # card kind per display slot, -1: empty
    tunnel: Tunnel | None
    # the board, per route id
    owner: list[int]                      # seat, -1: unowned
    avail: list[bool]
    open_groups: list[tuple[int, ...]]    # per payment group: the routes still open
    blocked: list[tuple[int, ...]]        # per seat: lanes it may not take (G1)
    # per seat
    trains: list[int]
    ships: list[int]
    box: list[tuple[int, int]]            # (trains, ships) left in the box (RS6)
    piece_choices: list[tuple[int, int] | None]  # (trains, ships), secret until all have chosen (RS1)
    exchanged: list[int]
    stations: list[list[int]]             # per seat: city indices, in the order built
    station_at: list[int]                 # per city index: the seat with a station there, -1: none
    harbors: list[list[int]]              # per seat: city indices, in the order built
    harbor_at: list[int]                  # per city index: the seat with a harbor there, -1: none
    scores: list[int]
    tickets: list[list[int]]
    offers: list[list[int]]               # tickets offered, to keep some of
    ticket_pile: list[int]
    # history
    actions: list[Action]
    seats: list[int]                      # who took each action
    drawn: int                            # cards drawn from any pile so far (bookkeeping: what an action revealed)
    _log: log.LogRecord | None            # what the public log is written from (None: not recorded)
    _legal: LegalActions | None
    _result: dict[str, Any] | None

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(cls, rules: Ruleset, seed: int = 0, random_first: bool = False, *, record: bool = True,
            **options: Any) -> "PyGame":
        """A new game of `rules` (a Ruleset: ttr.new_game resolves names); `options` are the
        edition's own (e.g. Legacy's `setup`). `record=False`: keep no public log (playouts)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TtrError(f"seed must be an integer, not {seed!r}")
        if not isinstance(rules, Ruleset):
            raise TtrError(f"a game is set up from a Ruleset (ttr.new_game takes a map name), not {rules!r}")
        players = rules.players
        ed = rules.edition
        if cls is PyGame:
            cls = ed.game_class() or cls
        g = cls.__new__(cls)
        g.rules = rules
        g.seed = seed
        g.random_first = bool(random_first)
        g.shuffles = 0
        g.actions = []  # every action applied, in order
        g.seats = []    # who took each of them
        g.drawn = 0
        g._log = log.LogRecord(0) if record else None
        g._legal = g._result = None
        g.set_static(**options)
        rules = g.rules  # the edition's content may change the board (rules_for)
        g.before_deal()
        g.decks = [d[:] for d in rules.decks]  # each pile: the top card is the end of the list
        for pile in g.decks:
            g.shuffle(pile)
        g.discards = [[] for _ in g.decks]
        g.hands = [[0] * ed.n_kinds for _ in range(players)]
        for d, count in enumerate(ed.hand_per_deck or (ed.hand_size,)):
            for _ in range(count):
                for p, h in enumerate(g.hands):
                    h[g.pop_card(d, p)] += 1
        g.face_up = [-1] * ed.face_up
        g.deal_display()
        g.check_reset()
        regular = g.ticket_pool()
        g.shuffle(regular)
        long = rules.long_tickets[:]
        g.shuffle(long)
        per = ed.initial_regular
        if len(regular) < per * players:  # L3: too few tickets for a full deal: an equal share each
            per = len(regular) // players
        g.offers = [[long.pop() for _ in range(ed.initial_long)] + [regular.pop() for _ in range(per)]
                    for _ in range(players)]
        g.ticket_pile = regular  # top is the end of the list; the rest of the long tickets go back to the box
        g.tickets = [[] for _ in range(players)]
        g.owner = [-1] * rules.n_ids
        g.avail = [False] * rules.n_ids  # claimable by someone: unowned and not closed (G1)
        for r in rules.route_ids:
            g.avail[r] = True
        g.open_groups = list(rules.group_routes)  # per payment group: routes still open (tuples, copy on write)
        g.blocked = [()] * players  # per seat: lanes it may not take because it owns their double (G1)
        chosen_later = ed.pieces_total is not None  # RS1: pieces are chosen after the tickets
        g.trains = [0 if chosen_later else ed.trains] * players
        g.ships = [0] * players
        g.box = [(0, 0)] * players            # pieces left in the box: (trains, ships) per seat (RS6)
        g.piece_choices = [None] * players    # RS1: secret choices until all have chosen
        g.exchanged = [0] * players           # pieces exchanged (RS6), one point each
        g.stations = [[] for _ in range(players)]
        g.station_at = [-1] * len(rules.city_names)
        g.harbors = [[] for _ in range(players)]
        g.harbor_at = [-1] * len(rules.city_names)
        g.scores = [0] * players
        g.tunnel = None
        g.final_turns = -1
        g.passes = 0
        g.turns = 0
        g.first_player = g.rng().randrange(players) if random_first else 0
        g.current = g.first_player
        g.phase = INITIAL_TICKETS
        g.after_setup()
        return g

    @classmethod
    def blank(cls, rules: Ruleset) -> "PyGame":
        """A game of the edition's class with only its rules set: for the decoder, which sets
        every other field itself (codec.decode)."""
        klass = rules.edition.game_class() or cls
        g = klass.__new__(klass)
        g.rules = rules
        g._log = None
        g._legal = g._result = None
        g.actions, g.seats = [], []
        g.drawn = 0
        return g

    # Hooks for editions that are PyGame subclasses (see Edition.game_class).
    def set_static(self, **options: Any) -> None:
        """Take the edition's own options of `new` (none here): static content, like the rules,
        which `replay_options()` gives back."""
        if options:
            raise TtrError(f"{self.rules.edition.title} takes no options ({', '.join(sorted(options))} given)")

    @classmethod
    def rules_for(cls, rules: Ruleset, options: dict[str, Any]) -> Ruleset:
        """The rules a game with these options is played by (`options` as options_from_save gives
        them): `rules`, unless the edition's content changes the board (Legacy's frontier boards)."""
        return rules

    def before_deal(self) -> None:
        """Called by `new` before the cards are dealt (the edition's own shuffles come first)."""

    def after_setup(self) -> None:
        """Called once the setup is dealt."""

    def ticket_pool(self) -> list[int]:
        """The regular tickets in play, before shuffling."""
        return self.rules.regular_tickets[:]

    def replay_options(self) -> dict[str, Any]:
        """The options that `new` needs to rebuild this game from its seed (static, like the rules)."""
        return {}

    def score(self) -> dict[str, Any]:
        """The result (see result())."""
        return scoring.result(self)

    def check_score(self, p: int, score: int, points: int) -> str | None:
        """Decoder check: what is wrong with seat p's score, or None. `points`:
        what the routes held (less exchanges) score."""
        if score != points:
            return f"players[{p}].score is {score} but the routes held (less exchanges) score {points}"
        return None

    def start_trains(self, p: int) -> int:
        """The trains seat `p` starts with."""
        return self.rules.edition.trains

    # The edition's own state in the integer codec (codec.py); none here.
    def layout(self) -> StateLayout:
        """The numbering of this game's integer state (static: the same for every state of the game)."""
        return codec.layout_of(self.rules)

    def encode_edition(self, out: list[int], layout: StateLayout) -> None:
        """Append the edition's own sections to `out` (in layout order)."""

    def decode_edition(self, state: Sequence[int], layout: StateLayout, where: str) -> None:
        """Set the edition's own fields from its sections (checked: SaveError naming what is wrong)."""

    def refill_edition(self, state: Sequence[int], layout: StateLayout) -> None:
        """decode(like=)'s part: set the edition's own fields that a seat's mask may hide from their
        sections (unchecked; by default every section, as decode_edition)."""
        self.decode_edition(state, layout, "")

    def edition_renderer(self) -> Callable[[StateLayout, Sequence[int]], dict[str, Any] | None]:
        """How the edition's own public block of a view is written from a masked state: a function
        of (layout, state) that holds only static content (None from it: no block)."""
        return _no_edition_block

    # The edition's own block of a save (ttr.formats.save), to and from its sections.
    @classmethod
    def options_from_save(cls, block: Any, rules: Ruleset, where: str) -> dict[str, Any]:
        """The static options a save's edition block holds (none here)."""
        if block is not None:
            raise SaveError(f"{where}: {rules.edition.title} saves have no edition block")
        return {}

    @classmethod
    def edition_from_save(cls, block: Any, rules: Ruleset, options: dict[str, Any], where: str) -> list[int]:
        """The edition's sections (and tail) of the state, from a save's edition block."""
        return []

    @classmethod
    def edition_to_save(cls, rules: Ruleset, options: dict[str, Any], layout: StateLayout,
                        state: Sequence[int]) -> dict[str, Any] | None:
        """A save's edition block, from the state (None: none)."""
        return None

    # ------------------------------------------------------------ randomness

    def rng(self) -> random.Random:
        """G10: every random draw is the n-th draw from this seed, so seed + actions replay exactly
        (docs/randomness.md)."""
        rng = stream(self.seed, self.shuffles)
        self.shuffles += 1
        return rng

    def shuffle(self, cards: list[Any]) -> None:
        shuffle(self.rng(), cards)

    def clone(self) -> Self:
        """A copy of the state for search (it keeps no log)."""
        g = self.copy_public()
        g.seed, g.shuffles = self.seed, self.shuffles
        g.hands = [*map(_copy, self.hands)]
        g.decks = [*map(_copy, self.decks)]
        g.discards = [*map(_copy, self.discards)]
        g.tickets = [*map(_copy, self.tickets)]
        g.offers = [*map(_copy, self.offers)]
        g.ticket_pile = self.ticket_pile[:]
        g.piece_choices = self.piece_choices[:]
        return g

    def copy_public(self) -> Self:
        """A copy without what a seat's mask may hide (the seed and the draw counter, piles, hands,
        tickets, offers, piece choices: clone copies them, codec.decode's `like` reads them from a state)."""
        g = self.__class__.__new__(self.__class__)
        g.rules, g.phase, g.current = self.rules, self.phase, self.current
        g.random_first = self.random_first
        g.first_player, g.tunnel, g.final_turns = self.first_player, self.tunnel, self.final_turns
        g.passes, g.turns = self.passes, self.turns
        g.face_up = self.face_up[:]
        g.owner, g.avail, g.open_groups = self.owner[:], self.avail[:], self.open_groups[:]
        g.blocked = self.blocked[:]
        g.trains, g.ships, g.scores = self.trains[:], self.ships[:], self.scores[:]
        g.box, g.exchanged = self.box[:], self.exchanged[:]
        g.stations = [*map(_copy, self.stations)]
        g.station_at = self.station_at[:]
        g.harbors = [*map(_copy, self.harbors)]
        g.harbor_at = self.harbor_at[:]
        g.actions, g.seats = self.actions[:], self.seats[:]
        g.drawn = self.drawn
        g._log = None
        g._legal, g._result = self._legal, None
        return g

    # ------------------------------------------------------------ properties

    @property
    def map(self) -> Map:
        return self.rules.map

    @property
    def edition(self) -> Edition:
        return self.rules.edition

    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def turn(self) -> int:
        """Turns ended so far."""
        return self.turns

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def ply(self) -> int:
        """Actions applied so far: changes on every action."""
        return len(self.actions)

    @property
    def history(self) -> list[str]:
        """Every action so far, as canonical text (the record `actions` holds the Action values;
        `seats` who took each). This is the replay record, secrets included: not for other seats."""
        return [str(a) for a in self.actions]

    @property
    def log(self) -> Sequence[LogEntry] | None:
        """The public log (log.py), or None for a game that keeps none (search clones, playouts)."""
        return None if self._log is None else log.PublicLog(self, self._log)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.map.name} {self.rules.players}p seed={self.seed} turn={self.turns} {self.phase} "
                f"seat {self.current}>")

    # --------------------------------------------------------- legal actions

    def legal_actions(self) -> LegalActions:
        """Every legal action for the player to move (empty once the game is over)."""
        if self._legal is None:
            self._legal = LegalActions(moves.segments(self))
        return self._legal

    # ----------------------------------------------------------- transitions

    def parse_action(self, text: str) -> Action:
        """Canonical text -> Action (syntax only; legality is checked by check)."""
        return Action.from_text(text)

    def check(self, action: Action | str) -> Action:
        """The action (parsed from its text if need be) if it is legal here; else raises
        IllegalActionError (ActionSyntaxError for bad text) explaining why. Changes nothing."""
        if action.__class__ is not Action:
            if isinstance(action, str):
                action = Action.from_text(action)
            elif not isinstance(action, Action):
                raise IllegalActionError(f"expected an Action or its text, got {type(action).__name__}")
        if action not in self.legal_actions():
            _check_well_formed(action)
            raise IllegalActionError(explain.why_illegal(self, action))
        return action

    def apply(self, action: Action | str) -> None:
        """Apply a legal action (or its text). Raises IllegalActionError, changing nothing, otherwise."""
        if action.__class__ is Action and action in (self._legal or self.legal_actions()):
            self.apply_unchecked(action)
        else:
            self.apply_unchecked(self.check(action))

    def apply_unchecked(self, a: Action) -> None:
        """Fast path: apply an action known to be legal (e.g. taken from legal_actions())."""
        self._legal = None
        plog = self._log
        if plog is not None:
            plog.turns.append(self.turns)
            plog.drawn.append(self.drawn)
        self.actions.append(a)
        self.seats.append(self.current)
        if a.kind != PASS:
            self.passes = 0
        _APPLY[a.kind](self, a)

    def note(self, **event: Any) -> None:
        """Add a public event to the log entry of the action being applied (when recording)."""
        plog = self._log
        if plog is not None and plog.turns:
            plog.events.setdefault(len(plog.turns) - 1, []).append(event)  # type: ignore[arg-type]  # a LogEvent's keys

    def undo_refusal(self, seat: int | None = None) -> str | None:
        """Why the last action may not be taken back (by `seat`, if given), or None if it may
        (log.undo_refusal; docs/rules.md, "Undo")."""
        return log.undo_refusal(self, self._log, self.drawn, seat)

    def second_card(self) -> None:
        """After a first card that allows a second: offer it, or end the turn if none can be taken (P1)."""
        self.phase = SECOND_CARD
        targets = moves.draw_targets(self, second=True)
        if targets:  # the segments of moves.second_card_segments, built here on the hot path
            self._legal = LegalActions([(DRAW, targets, NO_CARDS), (STOP, NO_TARGET, NO_CARDS)] if self.rules.may_stop
                                       else [(DRAW, targets, NO_CARDS)])
        else:
            self.end_turn()

    def reveal_tunnel(self, r: int, cards: Payment) -> None:
        """E2: reveal up to 3 cards; each wild or card of the paid colour asks for one more."""
        ed = self.rules.edition
        revealed = []
        for _ in range(ed.tunnel_reveal):
            c = self.pop_card(0)
            if c < 0:
                break
            revealed.append(c)
        paid = next((k for k, _ in cards if k != ed.wild), -1)
        extra = sum(1 for c in revealed if c == ed.wild or c == paid)
        if self._log is not None:  # (search clones keep no log: skip building the event)
            self.note(event="tunnel", route=r, revealed=log.card_names(revealed), extra=extra)
        if extra:
            self.tunnel = (r, cards, tuple(revealed), extra, paid)
            self.phase = TUNNEL
            return
        self.discards[0].extend(revealed)
        self.finish_claim(r, cards)

    def keep_tickets(self, p: int, kept: tuple[int, ...]) -> None:
        ed = self.rules.edition
        offer = self.offers[p]
        self.tickets[p].extend(kept)
        unkept = [t for t in offer if t not in kept]
        initial = self.phase is INITIAL_TICKETS
        if unkept and not (ed.initial_unkept_to_box if initial else ed.later_unkept_to_box):
            self.ticket_pile[0:0] = unkept  # under the pile
        self.offers[p] = []
        if not initial:
            self.end_turn()
            return
        nxt = (p + 1) % self.rules.players
        if nxt == self.first_player:
            self.phase = CHOOSE_PIECES if ed.pieces_total is not None else TURN
        self.current = nxt

    def finish_claim(self, r: int, cards: Payment) -> None:
        self.place_route(r, cards)
        self.refill()
        self.end_turn()

    def place_route(self, r: int, cards: Payment) -> None:
        """The claim itself: the route, the pieces, the points and the spent cards."""
        rules = self.rules
        p = self.current
        self.owner[r] = p
        self.close(r)
        if rules.r_closes[r]:  # G1: below the threshold the other lanes close
            for t in rules.r_twins[r]:
                self.close(t)
        elif rules.r_twins[r]:
            self.blocked[p] += rules.r_twins[r]
        if rules.r_kind[r]:
            self.ships[p] -= rules.r_len[r]
        else:
            self.trains[p] -= rules.r_len[r]
        self.scores[p] += rules.r_points[r]
        self.discard_cards(cards)

    def close(self, r: int) -> None:
        if self.avail[r]:
            self.avail[r] = False
            gi = self.rules.r_group[r]
            self.open_groups[gi] = tuple([x for x in self.open_groups[gi] if x != r])

    def end_turn(self) -> None:
        p = self.current
        rules = self.rules
        n = rules.players
        self.turns += 1
        if self.final_turns >= 0:
            self.final_turns -= 1
            if self.final_turns == 0:
                self.game_over()
                return
        elif self.trains[p] + self.ships[p] <= rules.end_pieces:  # G6: everyone gets the final turn(s)
            self.final_turns = rules.final_round_turns
            self.note(event="last-round", seat=p)
        if self.passes >= n:  # P2: a whole round of passes ends the game
            self.game_over()
            return
        if self.face_up.count(rules.wild) >= rules.reset_at:  # G2: the cap stopped the resets: try again
            self.check_reset()
        self.current = (p + 1) % n
        self.phase = TURN

    def game_over(self) -> None:
        self.phase = OVER
        self.note(event="game-over")  # the log writes the result in when the entry is first read

    # ----------------------------------------------------------------- cards

    def discard_cards(self, cards: Payment) -> None:
        if self.rules.multi_deck:
            deck_of, discards = self.rules.deck_of, self.discards
            for k, n in cards:
                discards[deck_of[k]].extend((k,) * n)
        else:
            d = self.discards[0]
            for k, n in cards:
                d.extend((k,) * n)

    def pop_card(self, d: int = 0, to: int = NOWHERE) -> int:
        """Top card of pile d, reshuffling its discard when empty (G3); -1 if none. `to` says where
        it goes (a seat's hand: the seat; display slot i: -1 - i; NOWHERE: elsewhere), for an
        edition that follows single cards (Legacy's card icons); the engine itself ignores it."""
        deck = self.decks[d]
        if not deck:
            if not self.discards[d]:
                return -1
            deck = self.decks[d] = self.discards[d]
            self.discards[d] = []
            self.shuffle(deck)
        self.drawn += 1
        return deck.pop()

    def refill(self) -> None:
        """Fill empty display slots (G3), then apply G2 (a reset may have become possible)."""
        fu = self.face_up
        if -1 in fu:
            self.fill_display()
        if fu.count(self.rules.wild) >= self.rules.reset_at:
            self.check_reset()

    def fill_display(self) -> None:
        """Empty slots take a card from the first pile that has one (RS-P1 with two decks)."""
        fu = self.face_up
        for i, c in enumerate(fu):
            if c < 0:
                for d in range(len(self.decks)):
                    fu[i] = self.pop_card(d, -1 - i)
                    if fu[i] >= 0:
                        break

    def deal_display(self) -> None:
        """Deal the whole display: each deck its share (RS2: 3 + 3), short piles made up by the others."""
        ed = self.rules.edition
        fu = self.face_up
        i = 0
        for d, count in enumerate(ed.face_up_per_deck or (ed.face_up,)):
            for _ in range(count):
                fu[i] = self.pop_card(d, -1 - i)
                i += 1
        self.fill_display()

    def check_reset(self) -> None:
        """G2: three face-up wild cards replace the display, unless no better display can be dealt."""
        ed = self.rules.edition
        fu = self.face_up
        wild = ed.wild
        if ed.loco_reset is None or fu.count(wild) < ed.loco_reset:
            return
        for _ in range(ed.reset_cap):
            if fu.count(wild) < ed.loco_reset:
                return
            shown = [c for c in fu if c >= 0]
            if self._fewest_wilds_after_redeal(shown) >= ed.loco_reset:
                return  # every possible display would show too many wild cards
            self.clear_display(shown)
            self.deal_display()
            self.note(event="display-reset")

    def clear_display(self, shown: list[int]) -> None:
        """G2: the display's cards (`shown`) go to the discard, every slot empty."""
        self.discard_cards(tuple((c, 1) for c in shown))
        fu = self.face_up
        for i in range(len(fu)):
            fu[i] = -1

    def _fewest_wilds_after_redeal(self, shown: list[int]) -> int:
        """The fewest wild cards a new display could show, dealt as deal_display deals:
        each deck its share, short piles made up from the others in order. A Legacy newspaper
        never lands in the display (LW-P4), so it is no card for it."""
        rules = self.rules
        ed = rules.edition
        wild, deck_of = rules.wild, rules.deck_of
        plain, wilds = [], []
        for d in range(len(self.decks)):
            pile = self.decks[d] + self.discards[d] + [c for c in shown if deck_of[c] == d]
            w = pile.count(wild)
            wilds.append(w)
            plain.append(len(pile) - w - pile.count(NEWSPAPER))
        need, fewest = len(self.face_up), 0
        for d, share in enumerate(ed.face_up_per_deck or (ed.face_up,)):
            take = min(share, plain[d] + wilds[d], need)
            from_plain = min(take, plain[d])
            plain[d] -= from_plain
            wilds[d] -= take - from_plain
            fewest += take - from_plain
            need -= take
        for d in range(len(self.decks)):  # making up a short share
            take = min(need, plain[d])
            need -= take
            plain[d] -= take
            take = min(need, wilds[d])
            need -= take
            fewest += take
        return fewest

    def card_census(self) -> int:
        """Cards in play anywhere (decks, discards, display, hands, a pending tunnel); constant."""
        n = sum(map(len, self.decks)) + sum(map(len, self.discards)) + sum(1 for c in self.face_up if c >= 0)
        n += sum(sum(h) for h in self.hands)
        if self.tunnel:
            n += sum(c for _, c in self.tunnel[1]) + len(self.tunnel[2])
        return n

    # ------------------------------------------------------ scoring & views

    def result(self) -> dict[str, Any]:
        """Final scores (provisional before the end): see docs/rules.md."""
        if self._result is None:
            res = self.score()
            if self.phase is not OVER:
                return res
            self._result = res
        return _copy_result(self._result)

    def view(self, seat: int | None, legal: bool = True) -> View:
        """What `seat` may see (None: a spectator), JSON-ready; secrets are stripped in observer.py."""
        return observer.view(self, seat, legal=legal)

    def observe(self, seat: int) -> observer.Observation:
        """What a seat is given to choose a move: static rules, its masked state, its view, its legal moves."""
        return observer.observe(self, seat)

    def encode(self) -> list[int]:
        """The whole dynamic state as flat integers (codec.py; `self.layout()` names the sections)."""
        return codec.encode(self)

    @classmethod
    def replay(cls, rules: Ruleset, seed: int, history: Iterable[Action | str], random_first: bool = False,
               **options: Any) -> "PyGame":
        """Seed + history = the game (G10)."""
        g = cls.new(rules, seed, random_first=random_first, **options)
        for i, text in enumerate(history):
            try:
                g.apply(text)
            except IllegalActionError as e:
                raise IllegalActionError(f"history entry {i} ({text}): {e}") from None
        return g


def _copy_result(r: dict[str, Any]) -> dict[str, Any]:
    """A copy of a result that shares nothing mutable with it (results hold ints, strings, and
    lists and dicts of them, one level down in each player's entry)."""
    out = {k: (v.copy() if v.__class__ is list or v.__class__ is dict else v) for k, v in r.items() if k != "players"}
    out["players"] = [{k: (v.copy() if v.__class__ is list or v.__class__ is dict else v) for k, v in p.items()}
                      for p in r["players"]]
    return out


def _no_edition_block(layout: StateLayout, state: Sequence[int]) -> None:
    return None


def _check_well_formed(action: Action) -> None:
    """An Action built by hand must be what its own text parses to."""
    try:
        ok = Action.from_text(str(action)) == action
    except Exception:  # noqa: BLE001 - any failure to print or parse means malformed fields
        ok = False
    if not ok:
        raise IllegalActionError(f"malformed action value {tuple(action)!r}: fields do not form an action "
                                 "(build actions with game.parse_action or take them from legal_actions())")


__all__ = ["PyGame", "Phase"]
