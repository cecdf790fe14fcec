"""The game state and its transitions.

A Game holds only dynamic values; the static facts (map, edition, tables) live
in a shared Ruleset. `legal_actions()` is the one source of legality; `apply()`
checks membership in it and raises IllegalActionError otherwise, leaving the
state untouched. `apply_unchecked()` is the fast path for search and playouts.
"""
from __future__ import annotations

import copy
import random
from itertools import combinations

from ..cards import CARD_NAMES, LOCO
from ..errors import IllegalActionError, TtrError
from . import explain, observer, save, scoring
from .actions import CLAIM, DECK, DECLINE, DRAW, KEEP, PASS, PAY, STATION, TICKETS, Action
from .legal import _NO_CARDS, LegalActions
from .ruleset import Ruleset, get_ruleset

# Phases (boardgame.io "stages"): explicit data on the state.
INITIAL_TICKETS = "initial-tickets"  # G7: each player keeps initial tickets, in seat order
TURN = "turn"                        # start of a turn: any action
SECOND_CARD = "second-card"          # after a first card that allows a second
TUNNEL = "tunnel"                    # E2: pay the revealed extra, or decline
KEEP_TICKETS = "keep-tickets"        # after drawing tickets mid-game
OVER = "over"
PHASES = (INITIAL_TICKETS, TURN, SECOND_CARD, TUNNEL, KEEP_TICKETS, OVER)

_NONE = (None,)


class Game:
    __slots__ = ("rules", "seed", "random_first", "phase", "current", "first_player", "hands", "deck", "discard",
                 "face_up", "owner", "avail", "open_groups", "blocked", "trains", "stations", "station_at", "scores", "tickets",
                 "ticket_pile", "offers", "tunnel", "final_turns", "passes", "shuffles", "turns",
                 "actions", "seats", "_legal", "_result")

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(cls, map_name: str, players: int = 2, seed: int = 0, random_first: bool = False) -> "Game":
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TtrError(f"seed must be an integer, not {seed!r}")
        if not isinstance(players, int) or isinstance(players, bool):
            raise TtrError(f"players must be an integer, not {players!r}")
        rules = get_ruleset(map_name, players)
        ed = rules.edition
        g = cls.__new__(cls)
        g.rules = rules
        g.seed = seed
        g.random_first = random_first
        g.shuffles = 0
        g.actions = []  # every action applied, in order
        g.seats = []    # who took each of them
        g._legal = g._result = None
        deck = rules.deck_cards[:]
        g._shuffle(deck)
        g.hands = [[0] * len(CARD_NAMES) for _ in range(players)]
        for _ in range(ed.hand_size):
            for h in g.hands:
                h[deck.pop()] += 1
        g.deck, g.discard = deck, []
        g.face_up = [-1] * ed.face_up
        g._refill()
        regular = rules.regular_tickets[:]
        g._shuffle(regular)
        long = rules.long_tickets[:]
        g._shuffle(long)
        g.offers = [[long.pop() for _ in range(ed.initial_long)] + [regular.pop() for _ in range(ed.initial_regular)]
                    for _ in range(players)]
        g.ticket_pile = regular  # top is the end of the list; the rest of the long tickets go back to the box
        g.tickets = [[] for _ in range(players)]
        g.owner = [-1] * rules.n_ids
        g.avail = [False] * rules.n_ids  # claimable by someone: unowned and not closed (G1)
        for r in rules.route_ids:
            g.avail[r] = True
        g.open_groups = list(rules.group_routes)  # per payment group: routes still open (tuples, copy on write)
        g.blocked = [()] * players  # per seat: lanes it may not take because it owns their double (G1)
        g.trains = [ed.trains] * players
        g.stations = [[] for _ in range(players)]
        g.station_at = {}
        g.scores = [0] * players
        g.tunnel = None
        g.final_turns = -1
        g.passes = 0
        g.turns = 0
        g.first_player = g._rng().randrange(players) if random_first else 0
        g.current = g.first_player
        g.phase = INITIAL_TICKETS
        return g

    def _rng(self) -> random.Random:
        """G10: every random draw is the n-th shuffle of this seed, so seed + actions replay exactly."""
        rng = random.Random(self.seed * 1_000_003 + self.shuffles)
        self.shuffles += 1
        return rng

    def _shuffle(self, cards: list) -> None:
        self._rng().shuffle(cards)

    def clone(self) -> "Game":
        g = Game.__new__(Game)
        g.rules, g.seed, g.phase, g.current = self.rules, self.seed, self.phase, self.current
        g.random_first = self.random_first
        g.first_player, g.tunnel, g.final_turns = self.first_player, self.tunnel, self.final_turns
        g.passes, g.shuffles, g.turns = self.passes, self.shuffles, self.turns
        g.hands = [h[:] for h in self.hands]
        g.deck, g.discard, g.face_up = self.deck[:], self.discard[:], self.face_up[:]
        g.owner, g.avail, g.open_groups = self.owner[:], self.avail[:], self.open_groups[:]
        g.blocked = self.blocked[:]
        g.trains, g.scores = self.trains[:], self.scores[:]
        g.stations = [s[:] for s in self.stations]
        g.station_at = self.station_at.copy()
        g.tickets = [t[:] for t in self.tickets]
        g.offers = [o[:] for o in self.offers]
        g.ticket_pile = self.ticket_pile[:]
        g.actions, g.seats = self.actions[:], self.seats[:]
        g._legal, g._result = self._legal, self._result
        return g

    # ------------------------------------------------------------ properties

    @property
    def map(self):
        return self.rules.map

    @property
    def edition(self):
        return self.rules.edition

    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def current_player(self) -> int:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    @property
    def history(self) -> list[str]:
        """Every action so far, as canonical text (`actions` holds the Action values)."""
        return [str(a) for a in self.actions]

    def __repr__(self) -> str:
        return f"<Game {self.rules.map.name} {self.rules.players}p seed={self.seed} turn={self.turns} {self.phase} seat {self.current}>"

    # --------------------------------------------------------- legal actions

    def legal_actions(self) -> LegalActions:
        """Every legal action for the player to move (empty once the game is over)."""
        if self._legal is None:
            self._legal = LegalActions(self._segments())
        return self._legal

    def _segments(self) -> list:
        ph = self.phase
        if ph is TURN:
            return self._turn_segments()
        if ph is SECOND_CARD:
            return [(DRAW, self._draw_targets(second=True), _NO_CARDS)]
        if ph is INITIAL_TICKETS or ph is KEEP_TICKETS:
            offer = sorted(self.offers[self.current])
            ed = self.rules.edition
            least = min(len(offer), ed.initial_keep if ph is INITIAL_TICKETS else ed.later_keep)
            keeps = [c for k in range(least, len(offer) + 1) for c in combinations(offer, k)]
            return [(KEEP, keeps, _NO_CARDS)]
        if ph is TUNNEL:
            _, _, _, extra, paid = self.tunnel
            pays = self.rules.edition.tunnel_payments(self.hands[self.current], paid, extra)
            segs = [(PAY, _NONE, pays)] if pays else []
            segs.append((DECLINE, _NONE, _NO_CARDS))
            return segs
        return []

    def _draw_targets(self, second: bool) -> list:
        targets = sorted(set(self.face_up))
        if targets[0] < 0:
            del targets[0]  # an empty slot (G3)
        if second and targets and targets[-1] == LOCO and self.rules.edition.face_up_loco_whole_draw:
            del targets[-1]  # G4: a face-up locomotive cannot be the second card
        if self.deck or self.discard:
            targets.append(DECK)
        return targets

    def _turn_segments(self) -> list:
        rules = self.rules
        ed = rules.edition
        p = self.current
        hand = self.hands[p]
        segs = []
        draws = self._draw_targets(second=False)
        if draws:
            segs.append((DRAW, draws, _NO_CARDS))
        trains = self.trains[p]
        open_groups, blocked = self.open_groups, self.blocked[p]
        payments = ed.payments
        reaches = ed.claim_reach(hand)
        paid = {}  # payment key -> payments, computed once per turn
        for ci, groups in rules.claim_groups:
            reach = reaches[ci]
            if reach > trains:
                reach = trains
            for n, key, gi, twins, pkey in groups:
                if n > reach:
                    break
                rs = open_groups[gi]
                if blocked and twins and rs:  # G1: one lane per player
                    rs = [r for r in rs if r not in blocked]
                if rs:
                    pays = paid.get(pkey)
                    if pays is None:
                        pays = paid[pkey] = payments(hand, key)
                    if pays:
                        segs.append((CLAIM, rs, pays))
        if self.ticket_pile:
            segs.append((TICKETS, _NONE, _NO_CARDS))
        built = len(self.stations[p])
        if built < ed.stations:
            pays = ed.station_payments(hand, built + 1)
            if pays:
                cities = [c for c in rules.city_names if c not in self.station_at]
                if cities:
                    segs.append((STATION, cities, pays))
        if not segs:
            segs.append((PASS, _NONE, _NO_CARDS))  # G5
        return segs

    # ----------------------------------------------------------- transitions

    def parse_action(self, text: str) -> Action:
        """Canonical text -> Action (syntax only; legality is checked by apply)."""
        return Action.from_text(text)

    def apply(self, action: Action | str) -> None:
        """Apply a legal action (or its text). Raises IllegalActionError, changing nothing, otherwise."""
        if isinstance(action, str):
            action = self.parse_action(action)
        elif not isinstance(action, Action):
            raise IllegalActionError(f"expected an Action or its text, got {type(action).__name__}")
        if action not in self.legal_actions():
            _check_well_formed(action)
            raise IllegalActionError(explain.why_illegal(self, action))
        self.apply_unchecked(action)

    def apply_unchecked(self, a: Action) -> None:
        """Fast path: apply an action known to be legal (e.g. taken from legal_actions())."""
        self._legal = None
        self.actions.append(a)
        self.seats.append(self.current)
        kind = a.kind
        if kind != PASS:
            self.passes = 0
        p = self.current
        hand = self.hands[p]
        if kind == DRAW:
            t = a.target
            if t == DECK:
                hand[self._pop_card()] += 1
            else:
                self.face_up[self.face_up.index(t)] = self._pop_card()
                hand[t] += 1
                self._check_reset()
            if self.phase is SECOND_CARD or (t == LOCO and self.rules.edition.face_up_loco_whole_draw):
                self._end_turn()
            else:
                self.phase = SECOND_CARD
                targets = self._draw_targets(second=True)
                if targets:
                    self._legal = LegalActions([(DRAW, targets, _NO_CARDS)])
                else:  # nothing left to take: the turn ends (P1)
                    self._end_turn()
        elif kind == CLAIM:
            r = a.target
            for k, n in a.cards:
                hand[k] -= n
            if self.rules.r_tunnel[r]:
                revealed = []
                for _ in range(self.rules.edition.tunnel_reveal):
                    c = self._pop_card()
                    if c < 0:
                        break
                    revealed.append(c)
                paid = next((k for k, _ in a.cards if k != LOCO), -1)
                extra = sum(1 for c in revealed if c == LOCO or c == paid)
                if extra:
                    self.tunnel = (r, a.cards, tuple(revealed), extra, paid)
                    self.phase = TUNNEL
                    return
                self.discard.extend(revealed)
            self._finish_claim(r, a.cards)
        elif kind == PAY:
            r, cards, revealed, _, _ = self.tunnel
            for k, n in a.cards:
                hand[k] -= n
            self.discard.extend(revealed)
            self._discard_cards(a.cards)
            self.tunnel = None
            self._finish_claim(r, cards)
        elif kind == DECLINE:
            _, cards, revealed, _, _ = self.tunnel
            for k, n in cards:
                hand[k] += n
            self.discard.extend(revealed)
            self.tunnel = None
            self._refill()
            self._end_turn()
        elif kind == TICKETS:
            n = min(self.rules.edition.later_draw, len(self.ticket_pile))
            self.offers[p] = [self.ticket_pile.pop() for _ in range(n)]
            self.phase = KEEP_TICKETS
        elif kind == KEEP:
            self._keep(p, a.target)
        elif kind == STATION:
            for k, n in a.cards:
                hand[k] -= n
            self.station_at[a.target] = p
            self.stations[p].append(a.target)
            self._discard_cards(a.cards)
            self._refill()
            self._end_turn()
        elif kind == PASS:
            self.passes += 1
            self._end_turn()
        else:  # pragma: no cover - Action.from_text only makes known kinds
            raise IllegalActionError(f"unknown action kind {kind!r}")

    def _keep(self, p: int, kept: tuple) -> None:
        ed = self.rules.edition
        offer = self.offers[p]
        self.tickets[p].extend(kept)
        unkept = [t for t in offer if t not in kept]
        initial = self.phase is INITIAL_TICKETS
        if unkept and not (ed.initial_unkept_to_box if initial else ed.later_unkept_to_box):
            self.ticket_pile[0:0] = unkept  # under the pile
        self.offers[p] = []
        if not initial:
            self._end_turn()
            return
        n = self.rules.players
        nxt = (p + 1) % n
        if nxt == self.first_player:
            self.phase = TURN
        self.current = nxt

    def _finish_claim(self, r: int, cards: tuple) -> None:
        rules = self.rules
        p = self.current
        self.owner[r] = p
        self._close(r)
        if rules.doubles_closed:  # G1: below the threshold the other lanes close
            for t in rules.r_twins[r]:
                self._close(t)
        elif rules.r_twins[r]:
            self.blocked[p] += rules.r_twins[r]
        self.trains[p] -= rules.r_len[r]
        self.scores[p] += rules.r_points[r]
        self._discard_cards(cards)
        self._refill()
        self._end_turn()

    def _close(self, r: int) -> None:
        if self.avail[r]:
            self.avail[r] = False
            gi = self.rules.r_group[r]
            self.open_groups[gi] = tuple(x for x in self.open_groups[gi] if x != r)

    def _end_turn(self) -> None:
        p = self.current
        n = self.rules.players
        self.turns += 1
        if self.final_turns >= 0:
            self.final_turns -= 1
            if self.final_turns == 0:
                self.phase = OVER
                return
        elif self.trains[p] <= self.rules.edition.end_trains:  # G6: everyone gets one more turn
            self.final_turns = n
        if self.passes >= n:  # P2: a whole round of passes ends the game
            self.phase = OVER
            return
        self.current = (p + 1) % n
        self.phase = TURN

    # ----------------------------------------------------------------- cards

    def _discard_cards(self, cards: tuple) -> None:
        d = self.discard
        for k, n in cards:
            d.extend((k,) * n)

    def _pop_card(self) -> int:
        """Top card of the draw pile, reshuffling the discard when empty (G3); -1 if none."""
        if not self.deck:
            if not self.discard:
                return -1
            self.deck, self.discard = self.discard, []
            self._shuffle(self.deck)
        return self.deck.pop()

    def _refill(self) -> None:
        """Fill empty display slots (G3), then apply G2 (a reset may have become possible)."""
        fu = self.face_up
        if -1 in fu:
            for i, c in enumerate(fu):
                if c < 0:
                    fu[i] = self._pop_card()
        self._check_reset()

    def _check_reset(self) -> None:
        """G2: three face-up locomotives replace the display, unless no better display can be dealt."""
        ed = self.rules.edition
        fu = self.face_up
        if ed.loco_reset is None or fu.count(LOCO) < ed.loco_reset:
            return
        for _ in range(ed.reset_cap):
            if fu.count(LOCO) < ed.loco_reset:
                return
            shown = [c for c in fu if c >= 0]
            pool = len(self.deck) + len(self.discard) + len(shown)
            locos = self.deck.count(LOCO) + self.discard.count(LOCO) + shown.count(LOCO)
            slots = min(len(fu), pool)
            if pool - locos < slots - (ed.loco_reset - 1):
                return  # every possible display would show too many locomotives
            self.discard.extend(shown)
            for i in range(len(fu)):
                fu[i] = self._pop_card()

    def card_census(self) -> int:
        """Cards in play anywhere (deck, discard, display, hands, a pending tunnel); constant."""
        n = len(self.deck) + len(self.discard) + sum(1 for c in self.face_up if c >= 0)
        n += sum(sum(h) for h in self.hands)
        if self.tunnel:
            n += sum(c for _, c in self.tunnel[1]) + len(self.tunnel[2])
        return n

    # ------------------------------------------------------ scoring & views

    def result(self) -> dict:
        """Final scores (provisional before the end): see docs/rules.md."""
        if self._result is None:
            res = scoring.result(self)
            if self.phase is not OVER:
                return res
            self._result = res
        return copy.deepcopy(self._result)

    def view(self, player: int) -> dict:
        """What `player` may see, JSON-ready (the one place secrets are stripped)."""
        return observer.view(self, player)

    def to_dict(self) -> dict:
        return save.to_dict(self)

    @classmethod
    def from_dict(cls, d: dict, verify: bool = True) -> "Game":
        return save.from_dict(cls, d, verify=verify)

    @classmethod
    def replay(cls, map_name: str, players: int, seed: int, history: list, random_first: bool = False) -> "Game":
        """Seed + history = the game (G10)."""
        g = cls.new(map_name, players, seed, random_first=random_first)
        for i, text in enumerate(history):
            try:
                g.apply(text)
            except IllegalActionError as e:
                raise IllegalActionError(f"history entry {i} ({text}): {e}") from None
        return g


def _check_well_formed(action: Action) -> None:
    """An Action built by hand must be what its own text parses to."""
    try:
        ok = Action.from_text(str(action)) == action
    except Exception:  # noqa: BLE001 - any failure to print or parse means malformed fields
        ok = False
    if not ok:
        raise IllegalActionError(f"malformed action value {tuple(action)!r}: fields do not form an action "
                                 "(build actions with game.parse_action or take them from legal_actions())")


def new_game(map_name: str, players: int = 2, seed: int = 0, random_first: bool = False) -> Game:
    """A new game of the edition played on `map_name`, set up from `seed`."""
    return Game.new(map_name, players, seed, random_first)


__all__ = ["Game", "new_game", "PHASES", "Ruleset"]
