"""Legacy campaigns on the server (docs/protocol.md, "Campaigns"; docs/campaign.md).

`ttr.campaign.Campaign` is the one authority on the campaign's rules. Here its store lives in
memory (`Store.memory`) and hands over each of its transactions as it commits: the transaction is
appended to the database (`campaign_writes`) first, and a refused append rolls it back, so the
database always holds what the campaign holds. A game of the campaign is a server game like any
other (seats, bots, links, views, WebSockets); its actions are stored once, in the games'
`actions` table, and nowhere else: the campaign's own record of an action is left out of the log.
The campaign takes its game's actions from there: when the game ends (which records the slips,
the caboose, the story read), and whenever it is read. A campaign missing from memory (a restart)
is rebuilt from its log, then its game's stored actions are applied to it: nothing the server
answered for is lost, whether it crashed between games or in one."""
from __future__ import annotations

import logging
import secrets
import threading
from collections import OrderedDict
from typing import Any

from ..campaign import Campaign, CampaignError
from ..campaign.campaign import FINISHED, PLAYING, READY, REMOVAL
from ..campaign.state import MAP, year
from ..campaign.store import ACTION_SQL, Store
from ..editions.legacy.board import board_json
from ..editions.legacy.frontier import frontier_from_dict
from ..editions.legacy.pack import PACK_DIR, Pack, load_pack
from ..errors import IllegalActionError
from . import tokens
from .campaign_storage import CampaignRow, CampaignStore, PlayerRow
from .errors import Forbidden, Invalid, NotFound, NotNow, ServiceError, Stale, Unauthorized, Unavailable
from .service import GameService, check_kinds
from .storage import Conflict, StorageError

log = logging.getLogger("ttr.server")
COMPANIES = ("blue", "black", "red", "yellow", "green")


def shipped_packs() -> dict[str, Pack]:
    return {p.stem: load_pack(p.stem) for p in sorted(PACK_DIR.glob("*.json"))}


class Held:
    """One campaign in memory: its row, its Campaign, the number of its next change."""

    def __init__(self, row: CampaignRow):
        self.row = row
        self.lock = threading.RLock()
        self.campaign: Campaign
        self.seq = 0

    def player(self, idx: int) -> PlayerRow:
        return self.row.players[idx]


class CampaignService:
    def __init__(self, games: GameService, packs: dict[str, Pack] | None = None, cache_size: int = 256):
        self.games = games
        self.store = CampaignStore(games.store)
        self.packs = packs if packs is not None else shipped_packs()
        self.cache_size = cache_size
        self._cache: OrderedDict[str, Held] = OrderedDict()
        self._lock = threading.Lock()
        self._of_game: dict[str, str] = {}  # server game id -> its campaign
        games.on_over = self.game_over

    # ------------------------------------------------------------- creation

    def create(self, players: list[dict], pack: str, seed: int | None) -> dict:
        if pack not in self.packs:
            raise Invalid(f"unknown pack {pack!r}; known: {', '.join(sorted(self.packs))}")
        if not 2 <= len(players) <= 5:
            raise Invalid(f"a campaign has 2-5 players, not {len(players)}")
        check_kinds(players, "players", "player")
        if seed is None:
            seed = secrets.randbelow(2**63)
        now = self.games.clock()
        cid, admin = tokens.new_game_id(), tokens.new_token()
        toks = [tokens.new_token() if p["kind"] == "human" else None for p in players]
        rows = [PlayerRow(i, p["name"], p["company"], p["kind"], p.get("bot"), tokens.token_hash(t) if t else None)
                for i, (p, t) in enumerate(zip(players, toks))]
        held = Held(CampaignRow(cid, pack, tokens.token_hash(admin), now, now, READY, 1, rows))
        first: list[list] = []
        sink = [first.append]  # the creation is stored with the campaign's row, below; later changes one by one
        try:
            c = Campaign.create_in(lambda fill: Store.memory(f"campaign {cid}", lambda ch: sink[0](ch), fill=fill),
                                   [(p["name"], p["company"]) for p in players], pack=self.packs[pack], seed=seed)
        except CampaignError as e:
            raise Invalid(str(e)) from None
        try:
            self.store.create(held.row, first[0])
        except StorageError as e:
            raise Unavailable(f"the campaign was not stored: {e}") from None
        sink[0] = lambda ch: self._append(held, ch)
        held.campaign, held.seq = c, 1
        self._remember(held)
        return {"id": cid, "admin_token": admin,
                "players": [{**self._public(p), "token": t} for p, t in zip(rows, toks)]}

    # ------------------------------------------------------------ the cache

    def held(self, cid: str) -> Held:
        with self._lock:
            h = self._cache.get(cid)
            if h is not None:
                self._cache.move_to_end(cid)
                return h
        row = self.store.campaign(cid) if 0 < len(cid) <= 32 and all(c.isalnum() or c in "-_" for c in cid) else None
        if row is None:
            raise NotFound(f"no campaign {cid!r}")
        h = Held(row)
        self._build(h)
        return self._remember(h)

    def _remember(self, h: Held) -> Held:
        with self._lock:
            h = self._cache.setdefault(h.row.id, h)
            self._cache.move_to_end(h.row.id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
            for gid in h.row.games.values():
                self._of_game[gid] = h.row.id
        return h

    def _forget(self, h: Held) -> None:
        with self._lock:
            if self._cache.get(h.row.id) is h:
                del self._cache[h.row.id]

    def _build(self, h: Held) -> None:
        """The campaign from its log (its game's actions are applied by _sync)."""
        try:
            changes = self.store.changes(h.row.id)
            h.campaign = Campaign(Store.memory(f"campaign {h.row.id}", lambda ch: self._append(h, ch), log=changes))
        except (ValueError, CampaignError) as e:
            raise Unavailable(f"campaign {h.row.id} cannot be rebuilt: {e}") from None
        h.seq = len(changes)

    def _append(self, h: Held, changes: list) -> None:
        """One transaction of the campaign's store, into the log before it commits in memory
        (a game's actions stay out: the game's own rows hold them)."""
        kept = [x for x in changes if x[0] != ACTION_SQL]
        if not kept:
            return
        try:
            self.store.append(h.row.id, h.seq, kept, self.games.clock())
        except Conflict:
            self._forget(h)  # another server process changed it: read it again
            raise Stale("the campaign changed meanwhile; reload it") from None
        except StorageError as e:
            raise Unavailable(f"not stored: {e}") from None
        h.seq += 1

    # -------------------------------------------------------- keeping up

    def _sync(self, h: Held) -> None:
        """Under h.lock: the campaign takes its game's stored actions (and so the game's end), its
        game is created if a crash came between its start and its creation, a bot holding the
        caboose removes its event (LW-C4), and the listing's summary is brought up to date."""
        c = h.campaign
        if c.phase == PLAYING:
            gid = h.row.games.get(c.number) or self._create_game(h)
            try:
                stored = [a.text for a in self.games.store.actions(gid)]
            except StorageError as e:
                raise Unavailable(str(e)) from None
            done = [str(a) for a in c.live_game().actions]
            if done != stored[:len(done)]:  # an undo took back what the campaign had applied
                self._build(h)
                c, done = h.campaign, []
            try:
                for text in stored[len(done):]:
                    c.apply(text)
            except (IllegalActionError, CampaignError) as e:
                raise Unavailable(f"campaign {h.row.id}: game {c.number}'s stored actions do not replay: {e}") from None
        if c.phase == REMOVAL and h.player(c.caboose.idx).kind == "bot":
            c.auto_remove()
        if (c.phase, c.number) != (h.row.phase, h.row.game):
            try:
                self.store.summary(h.row.id, c.phase, c.number)
            except StorageError as e:  # only the listing's summary: it is written again next time
                log.warning("campaign %s: summary not stored: %s", h.row.id, e)
                return
            h.row.phase, h.row.game = c.phase, c.number

    def _create_game(self, h: Held) -> str:
        """The server game of the campaign's game in progress: its seats are the campaign's players
        present (a human's token is their campaign token), its setup and seed the campaign's."""
        c, k = h.campaign, h.campaign.number
        g = c.live_game()
        seats = []
        for p in (h.player(pl.idx) for pl in c.seats):
            seat = {"kind": p.kind, "bot": p.bot, "name": p.name}
            if p.kind == "human":
                seat["token_hash"] = p.token_hash
            seats.append(seat)
        made = self.games.create(MAP, len(seats), seats, seed=g.seed, setup=g.replay_options()["setup"].to_dict(),
                                 admin_hash=h.row.admin_hash,
                                 also=lambda conn, gid: CampaignStore.link(conn, h.row.id, k, gid))
        h.row.games[k] = made.id
        with self._lock:
            self._of_game[made.id] = h.row.id
        return made.id

    def game_over(self, gid: str) -> None:
        """A game ended (GameService.on_over): if it is a campaign's, the campaign records it now."""
        cid = self._of_game.get(gid) or self.store.of_game(gid)
        if cid is None:
            return
        h = self.held(cid)
        with h.lock:
            self._sync(h)

    def resume(self) -> int:
        """After a start: bring every unfinished campaign up to date (a game's end, a bot's removal)."""
        n = 0
        for row in self.store.rows(unfinished=True, limit=10**6):
            try:
                h = self.held(row.id)
                with h.lock:
                    self._sync(h)
                n += 1
            except ServiceError as e:
                log.error("campaign %s not resumed: %s", row.id, e.detail)
        return n

    # ------------------------------------------------------------ requests

    def who(self, h: Held, token: str | None, spectator_ok: bool = True) -> int | str | None:
        """The player a token is (their index), "creator", or None (a spectator, when allowed)."""
        if not token:
            if spectator_ok:
                return None
            raise Unauthorized("a campaign player's token (or the creator's) is required")
        digest = tokens.token_hash(token)
        found: int | str | None = None
        for p in h.row.players:  # every player is compared: the time taken does not tell which matched
            if tokens.matches(digest, p.token_hash):
                found = p.idx
        if found is None and tokens.matches(digest, h.row.admin_hash):
            found = "creator"
        if found is None:
            raise Unauthorized("this token is no player's of this campaign")
        return found

    def status(self, cid: str, token: str | None) -> dict:
        h = self.held(cid)
        who = self.who(h, token)
        with h.lock:
            self._sync(h)
            return self.view(h, who)

    def start(self, cid: str, token: str | None, absent: list[str]) -> dict:
        h = self.held(cid)
        who = self.who(h, token, spectator_ok=False)
        with h.lock:
            self._sync(h)
            self._need(h, READY, "start a game")
            try:
                h.campaign.start_game(absent)
            except CampaignError as e:
                raise Invalid(str(e)) from None
            self._sync(h)
            return self.view(h, who)

    def remove(self, cid: str, token: str | None, event: str) -> dict:
        h = self.held(cid)
        who = self.who(h, token, spectator_ok=False)
        with h.lock:
            self._sync(h)
            c = h.campaign
            self._need(h, REMOVAL, f"remove event {event!r}")
            if who != c.caboose.idx:
                raise Forbidden(f"only {c.caboose.name}, who holds the caboose, removes an event")
            if event not in c.pending_removal():
                raise Invalid(f"event {event!r} is not in game {c.number}'s event discard; "
                              f"{c.caboose.name} may remove one of: {', '.join(c.pending_removal())}")
            c.remove_event(event)
            self._sync(h)
            return self.view(h, who)

    @staticmethod
    def _need(h: Held, phase: str, doing: str) -> None:
        c = h.campaign
        if c.phase == phase:
            return
        why = {FINISHED: "the campaign is finished (all 12 games played)",
               PLAYING: f"game {c.number} ({c.year}) is in progress",
               REMOVAL: f"game {c.number} ({c.year}) is over and {c.caboose.name} (caboose) must first remove an event",
               READY: f"no game is waiting for a removal (game {c.number}, {c.year}, has not started)"}[c.phase]
        raise NotNow(f"cannot {doing}: {why}")

    def board(self, cid: str) -> dict:
        """The board as it now stands (rulebook 451): the game-1 board with the frontier boards added
        so far, the board of the game in progress or of the next one."""
        h = self.held(cid)
        with h.lock:
            self._sync(h)
            frontiers = tuple(frontier_from_dict(f) for f in h.campaign.box.frontiers)
        return board_json(frontiers)

    # --------------------------------------------------------------- views

    @staticmethod
    def _public(p: PlayerRow) -> dict:
        return {"idx": p.idx, "name": p.name, "company": p.company, "kind": p.kind, "bot": p.bot,
                "has_token": p.token_hash is not None}

    def view(self, h: Held, who: int | str | None) -> dict:
        """The campaign as `who` may see it: what the campaign has revealed (ttr.campaign.report),
        without the seeds (they would tell the decks) until the campaign is over; a player's own
        secrets (a postcard's secret side) to that player alone."""
        c = h.campaign
        me = who if isinstance(who, int) else None
        name = h.player(me).name if me is not None else None
        st = c.status(as_player=name)  # a player's own secrets (their postcards' secret sides); else the public one
        st["seed"] = c.seed if c.phase == FINISHED else None
        if st.get("current_game"):
            st["current_game"].pop("seed", None)
        postcards = st.pop("postcards", None)
        return {"id": h.row.id, "pack": h.row.pack, "phase": c.phase, "game": c.number, "year": year(c.number),
                "you": me, "creator": who == "creator", "players": [self._public(p) for p in h.row.players],
                "games": [{"game": k, "id": gid} for k, gid in sorted(h.row.games.items())],
                "game_id": h.row.games.get(c.number) if c.phase == PLAYING else None,
                "can_start": c.phase == READY and who is not None,
                "can_remove": c.phase == REMOVAL and me == c.caboose.idx,
                "postcards": postcards, "status": st}

    def summary(self, row: CampaignRow) -> dict:
        return {"id": row.id, "pack": row.pack, "phase": row.phase, "game": row.game, "year": year(row.game),
                "created": row.created, "updated": row.updated, "players": [self._public(p) for p in row.players],
                "game_id": row.games.get(row.game) if row.phase == PLAYING else None}

    def listing(self, limit: int, offset: int) -> list[dict]:
        return [self.summary(r) for r in self.store.rows(limit=limit, offset=offset)]

    def mine(self, held: list[str]) -> list[dict]:
        digests = [tokens.token_hash(t) for t in held]
        out = []
        for row in self.store.rows(ids=self.store.of_tokens(digests), limit=len(held) or 1):
            mine = [p.idx for p in row.players if any(tokens.matches(d, p.token_hash) for d in digests)]
            creator = any(tokens.matches(d, row.admin_hash) for d in digests)
            out.append({**self.summary(row), "my_players": mine, "creator": creator})
        return out


__all__ = ["CampaignService", "COMPANIES", "shipped_packs"]
