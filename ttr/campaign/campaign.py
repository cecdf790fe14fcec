"""A Legacy campaign: 12 games of Legends of the West, kept in one SQLite file.

    c = Campaign.create("west.ttrc", [("Ann", "blue"), ("Bob", "red")], seed=7)
    c.start_game()                     # game 1, 1865: seats from the caboose holder
    c.apply("...")                     # each action is written before apply returns
    c.remove_event("demo-gold-rush")   # the caboose holder's decision after a game
    c.status(); c.standings()

Every call that changes the campaign is one SQLite transaction; reopening the
file (Campaign.open) rebuilds the exact state, the game in progress included
(its setup + seed + stored actions, replayed). See docs/campaign.md."""
from __future__ import annotations

import copy
from datetime import datetime, timezone
from pathlib import Path

from ..editions import ENGINES, new_game, replay
from ..editions.legacy.content import ContentError, LegacySetup
from ..editions.legacy.pack import GAMES, Pack, load_pack, parse_pack
from ..engine import Game
from ..errors import TtrError
from .state import (
    MAP,
    Box,
    CampaignError,
    Player,
    absent_award,
    change_record,
    check_players,
    game_seed,
    pick,
    seat_order,
    setup_for,
    standings,
    year,
)
from .packcheck import check_pack_games
from .postcards import complete
from .store import Store
from .story import Facts, end_steps, facts_of, read, who_gets

READY, PLAYING, REMOVAL, FINISHED = "ready", "playing", "removal", "finished"


def _engine(name: str) -> str:
    """An engine's name (ttr.ENGINES), checked: CampaignError otherwise."""
    if name not in ENGINES:
        raise CampaignError(f"unknown engine {name!r}; one of {', '.join(ENGINES)}")
    return name


class Campaign:
    """An open campaign file. Read state through the properties, status() and
    standings(); change it only through start_game, apply and remove_event."""

    def __init__(self, store: Store, engine: str = "auto"):
        self.store = store
        self.engine = _engine(engine)  # replays and plays its games ("auto": native where the core holds the setup)
        self._game: Game | None = None
        self._reload()

    # ------------------------------------------------------- open / create

    @classmethod
    def create(cls, path: str | Path, players: list[tuple[str, str]], pack: str | Pack = "demo", seed: int = 0,
               durable: bool = True, engine: str = "auto") -> "Campaign":
        """A new campaign file: players as (name, company colour), clockwise; `pack` a shipped pack's
        name, a pack file's path or a Pack, with which every game of the campaign must set up
        (CampaignError names the game and the pack's entry that does not). The pack's JSON is stored
        in the file. The caboose goes to a random player (from the seed). `durable=False` trades
        power-loss safety for speed (a crashed process still loses nothing). `engine`: which engine
        plays its games ("auto": the native core where it holds the game's setup; the same games)."""
        return cls.create_in(lambda fill: Store.create(path, fill, durable), players, pack, seed, engine)

    @classmethod
    def create_in(cls, make_store, players: list[tuple[str, str]], pack: str | Pack = "demo",
                  seed: int = 0, engine: str = "auto") -> "Campaign":
        """As `create`, in the Store that `make_store(fill)` makes with `fill(store)` written in its
        creating transaction (e.g. `Store.memory`, whose changes go to a log kept elsewhere)."""
        _engine(engine)  # (before any file is made)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise CampaignError(f"the seed must be an integer, not {seed!r}")
        ps = check_players([tuple(p) for p in players])
        if not isinstance(pack, Pack):
            try:
                pack = load_pack(str(pack))
            except ContentError as e:
                raise CampaignError(str(e)) from None
        check_pack_games(pack, [p.company for p in ps])  # every game can be set up, not only the first
        holder = pick(seed, "caboose", [p.idx for p in ps])
        created = datetime.now(timezone.utc).isoformat(timespec="seconds")

        def fill(store: Store) -> None:
            store.write_campaign(seed, MAP, pack.name, pack.source, created, ps)
            store.write_caboose(0, holder, "random-start")

        return cls(make_store(fill), engine)

    @classmethod
    def open(cls, path: str | Path, durable: bool = True, lock: bool = True, engine: str = "auto") -> "Campaign":
        """An existing campaign. One process at a time may change a campaign: opening one that
        another process holds raises CampaignError (it is in use); `lock=False` opens it to read
        only (status), which works meanwhile."""
        _engine(engine)  # (before the file is opened)
        store = Store.open(path, durable, lock)
        try:
            return cls(store, engine)
        except BaseException:
            store.close()
            raise

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> "Campaign":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -------------------------------------------------------------- state

    def _damaged(self, msg: str) -> CampaignError:
        return CampaignError(f"{self.store.path} is damaged: {msg}")

    def _reload(self) -> None:
        """Rebuild everything from the file (after each decision, and on open)."""
        s = self.store.load()
        try:
            self.pack: Pack = parse_pack(s.pack_json, where="stored pack")
        except ContentError as e:
            raise self._damaged(str(e)) from None
        self.seed, self.players, self._snap = s.seed, s.players, s
        if not 2 <= len(s.players) <= 5:
            raise self._damaged(f"{len(s.players)} players")
        if not s.caboose:
            raise self._damaged("nobody holds the caboose")
        numbers = [g["game"] for g in s.games]
        if numbers != list(range(1, len(numbers) + 1)):
            raise self._damaged(f"games {numbers} are not 1, 2, 3, ...")
        if any(g["status"] != "done" for g in s.games[:-1]):
            raise self._damaged("an earlier game is unfinished")
        try:
            box = fold(self.pack, s)
        except (ValueError, KeyError, TypeError) as e:
            raise self._damaged(f"the between-games record does not fit the pack ({e})") from None
        self.box = box
        last = s.games[-1] if s.games else None
        if last is None or last["status"] == "done":
            self.phase = FINISHED if last and last["game"] == GAMES else READY
            self.number = last["game"] + (self.phase == READY) if last else 1
            self._game = None
            if self.phase == READY:
                box.begin(self.number)
        else:
            self.phase = PLAYING if last["status"] == "playing" else REMOVAL
            self.number = last["game"]
            self._game = self._replay(last, s.actions) if self.phase == PLAYING else None

    def _replay(self, row: dict, actions: list[tuple[int, str]]) -> Game:
        seats = self._snap.seats.get(row["game"], [])
        try:
            setup = LegacySetup.from_dict(row["setup"], where=f"game {row['game']} setup")
            g = replay(MAP, len(seats), row["seed"], [t for _, t in actions], engine=self.engine, setup=setup)
        except TtrError as e:
            raise self._damaged(f"game {row['game']} does not replay: {e}") from None
        if list(g.seats) != [s for s, _ in actions] or g.is_over:
            raise self._damaged(f"game {row['game']}: the stored actions do not match the game")
        return g

    @property
    def game(self) -> Game | None:
        """A copy of the game in progress (None between games): apply moves through the campaign."""
        return self._game.clone() if self._game is not None else None

    def live_game(self) -> Game:
        """The game in progress itself, for a match loop whose moves go through `apply` (which
        applies them to this object): read it, never change it directly."""
        self._need(PLAYING, "play a game")
        if self._game is None:  # pragma: no cover - _reload sets a game whenever the phase is PLAYING
            raise self._damaged("a game is in progress but none was rebuilt")
        return self._game

    @property
    def caboose(self) -> Player:
        """The player holding the caboose card (in their office)."""
        return self.players[self._snap.caboose[-1]["player"]]

    @property
    def seats(self) -> list[Player]:
        """The players of the current (or last) game, by seat; seat 0 started it."""
        return [self.players[i] for i in self._snap.seats.get(self.number, [])]

    @property
    def year(self) -> int:
        return year(self.number)

    def player(self, who: str | int) -> Player:
        """A player by name (case-insensitive) or index."""
        for p in self.players:
            if p.idx == who or (isinstance(who, str) and p.name.lower() == who.strip().lower()):
                return p
        raise CampaignError(f"no player {who!r} in this campaign; the players are "
                            f"{', '.join(p.name for p in self.players)}")

    # ----------------------------------------------------------- changes

    def _need(self, phase: str, doing: str) -> None:
        if self.phase == phase:
            return
        why = {FINISHED: "the campaign is finished (all 12 games played)",
               PLAYING: f"game {self.number} ({self.year}) is in progress",
               REMOVAL: f"game {self.number} ({self.year}) is over and {self.caboose.name} (caboose) must first "
                        f"remove an event: one of {', '.join(self.pending_removal())}",
               READY: f"no game is in progress (game {self.number}, {self.year}, has not started)"}[self.phase]
        raise CampaignError(f"cannot {doing}: {why}")

    def start_game(self, absent=()) -> Game:
        """Start the next game with everyone but `absent` (names or indices; at least 2 must play).
        Seats run clockwise from the caboose holder; an absent holder's caboose goes to a random
        present player, who starts."""
        self._need(READY, "start a game")
        if isinstance(absent, (str, int)):
            absent = [absent]
        gone = sorted({self.player(a).idx for a in absent})
        present = [p.idx for p in self.players if p.idx not in gone]
        if len(present) < 2:
            raise CampaignError(f"at least 2 players must play a game; {len(present)} would be present")
        k = self.number
        holder, moved = self.caboose.idx, False
        if holder in gone:  # rulebook setup step 14
            holder, moved = pick(self.seed, f"caboose-holder-absent/{k}", present), True
        seats = seat_order(self.players, set(present), holder)
        try:
            whom = self._whom(k - 1, self.players[holder].company)
            companies = tuple(self.players[i].company for i in seats)
            before = copy.deepcopy(self.box)
            taken = before.take_offices(companies)  # set-up step 2, before the story (step 7)
            reading, box = read(self.pack, before, k, "setup", self._decide(k - 1, f"game {k}'s set-up"), whom)
            setup = setup_for(self.pack, k, box, companies, tuple(self.players[i].name for i in seats), whom, taken)
            new_game(MAP, len(seats), game_seed(self.seed, k), setup=setup)  # the setup must be playable
        except TtrError as e:
            raise CampaignError(f"game {k} cannot be set up: {e}") from None
        with self.store.tx():
            if moved:
                self.store.write_caboose(k, holder, "holder-absent")
            self.store.write_game(k, year(k), game_seed(self.seed, k), setup.to_dict(), seats, gone)
            self.store.write_reading(reading)
        self._reload()
        return self.live_game().clone()

    def apply(self, action) -> None:
        """Apply one action (an Action or its text) to the game in progress and write it, in one
        transaction with, after the last action, the game's end: the bank slips into the vaults and
        the caboose to the last-placed player. An illegal action raises the engine's
        IllegalActionError and changes nothing."""
        self._need(PLAYING, "play an action")
        g = self.live_game()
        n, seat = g.ply, g.current_player
        g.apply(action)
        try:
            with self.store.tx():
                self.store.write_action(self.number, n, seat, str(g.actions[-1]))
                if g.is_over:
                    self._end_game(g)
        except BaseException:
            self._reload()  # the file is the truth: drop the move from memory too
            raise
        if g.is_over:
            self._reload()

    def _end_game(self, g: Game) -> None:
        """Inside apply's transaction: slips, caboose, and what follows without a decision."""
        k, seats = self.number, self._snap.seats[self.number]
        res = g.result()
        res["facts"] = facts_of(k, g, tuple(self.players[i].company for i in seats)).to_dict()
        slips = [(k, seats[p["seat"]], p["seat"], p["rank"], p["money_held"], p["remaining_trains_bonus"],
                  p["ticket_points"], p["total"]) for p in res["players"]]
        last = seats[res["last_place"]]
        st = self.store
        discard = g.view(None, legal=False)["edition"]["event_discard"]  # type: ignore[index]  # a Legacy game's block
        st.write_end(k, res, list(discard), slips)
        st.write_caboose(k, last, "last-place")
        facts = Facts.from_dict(res["facts"])
        box = copy.deepcopy(self.box)
        for eid in facts.gone:  # events that removed themselves during the game (337)
            box.remove(eid, k, None, by="event")
        if k == GAMES:  # LW-C3: no removal after the last game; the story's end is still read
            self._read_end(k, box, facts)
            self._finish(k, {(k, row[1]): row[7] for row in slips})
        elif not discard:  # L5: nothing to remove
            st.write_removal(k, last, None, "empty")
            self._between_games(k, None, facts, box)

    def _between_games(self, k: int, removed: tuple[str, int] | None, facts: Facts | None = None,
                       box: Box | None = None) -> None:
        """After the removal (`removed`: the event and who removed it): the pack's change, then
        the story (end-of-game step 3). `box`: the content in force when the game ended (default:
        the campaign's, which holds it once the game's end is stored)."""
        box = copy.deepcopy(self.box if box is None else box)
        if removed is not None:
            box.remove(removed[0], k, removed[1])
        change = self.pack.change_after(k)
        if change is not None:
            record = change_record(change)
            self.store.write_change(k, record)
            box.apply(record)
        self._read_end(k, box, facts)
        self.store.write_done(k)

    def _read_end(self, k: int, box: Box, facts: Facts | None) -> None:
        try:
            facts = facts or self.facts(k)
            whom = self._whom(k, facts.last_company, facts)
            met, rewards = complete(self.pack, box, facts, k)  # postcards, before the story (LW-PC3)
            box = copy.deepcopy(box)
            box.postcards_met(met)
            for order in rewards:
                box.apply_order(order, k, "postcard")
            reading, after = read(self.pack, box, k, "end", self._decide(k, f"game {k}'s end", facts), whom)
            reading["postcards_done"] = met
            reading["orders"] = rewards + reading["orders"] + end_steps(after, k, whom)  # steps 4, 5, 7 after step 3
        except TtrError as e:
            raise CampaignError(f"the story cannot be read after game {k}: {e}") from None
        self.store.write_reading(reading)

    def _decide(self, k: int, where: str, facts: Facts | None = None):
        """The story's conditions, tested on game `k` (the game just ended; 0: none yet)."""
        def decide(cond, what: str) -> bool:
            nonlocal facts
            if k == 0:
                raise CampaignError(f"{what} asks whether {cond.describe()}, but at {where} no game has ended")
            if facts is None:
                facts = self.facts(k)
            return facts.holds(cond)
        return decide

    def _whom(self, k: int, caboose: str, facts: Facts | None = None):
        """Who an office or vault item goes to, as companies: `each`, a company colour (nobody if no
        player has it), the caboose holder (`caboose`: its company now), or the winner or the
        last-placed player of game `k` (the game just ended; 0: none yet)."""
        def last_game() -> Facts:
            nonlocal facts
            if facts is None:
                facts = self.facts(k)
            return facts

        def whom(who: str, where: str) -> list[str]:
            return who_gets(who, [p.company for p in self.players], caboose, last_game if k else None, where)
        return whom

    def facts(self, k: int) -> Facts:
        """What game `k` (finished) leaves for the story's conditions."""
        row = self._snap.games[k - 1]
        if row["result"] and "facts" in row["result"]:
            return Facts.from_dict(row["result"]["facts"])
        # a game that ended before the story was read (a campaign file of schema version 1): replayed
        seats = self._snap.seats[k]
        setup = LegacySetup.from_dict(row["setup"], where=f"game {k} setup")
        g = replay(MAP, len(seats), row["seed"], [t for _, t in self.store.actions(k)], engine=self.engine, setup=setup)
        return facts_of(k, g, tuple(self.players[i].company for i in seats))

    def _finish(self, k: int, last_slips: dict) -> None:
        """After game 12: the absent players' awards (LW-C7), revealed in the final standings."""
        slips = {key: row["total"] for key, row in self._snap.slips.items()} | last_slips
        awards = []
        for g, gone in sorted(self._snap.absences.items()):
            played = [v for (gg, _), v in slips.items() if gg == g]
            for p in gone:
                awards.append((g, p, absent_award(self.pack.absent_rule, self.pack.absent_amount, played),
                               self.pack.absent_rule))
        self.store.write_awards(awards)
        self.store.write_done(k)

    def update_pack(self, pack: "str | Pack") -> int:
        """Between games, replace the campaign's pack with one that corrects or adds content (rulebook
        line 123: a group may enter cards as the box reveals them). The new pack is checked as
        `new` checks one, and against the past: the story cards read so far must begin its story,
        in order, and the events and boxes the campaign has met must still be in it; the next game
        must set up. The old pack is kept in the file. Returns the game the new pack applies from.
        CampaignError says what does not fit; nothing is changed then."""
        if self.phase not in (READY, REMOVAL):
            self._need(READY, "change the content pack (only between games)")
        if not isinstance(pack, Pack):
            try:
                pack = load_pack(str(pack))
            except ContentError as e:
                raise CampaignError(str(e)) from None
        check_pack_games(pack, [p.company for p in self.players])
        box, snap = self.box, self._snap
        read_ids = [r["id"] for r in box.read]
        if [c.id for c in pack.story[:len(read_ids)]] != read_ids:
            raise CampaignError(f"content pack {pack.name}: the campaign has read the story cards "
                                f"{', '.join(read_ids)}; the pack's story must begin with them, in that order")
        met = set(box.events) | {r["event"] for r in box.removed} | {e for g in snap.games for e in g["discard"] or ()}
        lost = (sorted(met - set(pack.events)) + sorted(box.opened_ids() - set(pack.boxes))
                + sorted(box.drawn_postcards() - set(pack.postcards)))
        if lost:
            raise CampaignError(f"content pack {pack.name}: the campaign has met {', '.join(lost)}, which the pack "
                                "does not define; keep them")
        k = self.number + (self.phase == REMOVAL)
        try:
            after = fold(pack, snap)
            if self.phase == READY:
                after.begin(k)
        except (ValueError, KeyError, TypeError) as e:
            raise CampaignError(f"content pack {pack.name} does not fit this campaign's past ({e})") from None
        if self.phase == READY:  # the next game, as it would be set up now, for any players present
            try:
                whom = self._whom(k - 1, self.caboose.company)
                taken = after.take_offices([p.company for p in self.players])
                _, nxt = read(pack, after, k, "setup", self._decide(k - 1, f"game {k}'s set-up"), whom)
                for n in range(2, len(self.players) + 1):
                    new_game(MAP, n, game_seed(self.seed, k),
                             setup=setup_for(pack, k, nxt, tuple(p.company for p in self.players[:n]), (), whom, taken))
            except TtrError as e:
                raise CampaignError(f"content pack {pack.name}: game {k} would not set up ({e})") from None
        with self.store.tx():
            self.store.write_pack(pack.name, pack.source, k, datetime.now(timezone.utc).isoformat(timespec="seconds"))
        self._reload()
        return k

    def pending_removal(self) -> list[str]:
        """The events the caboose holder may remove now (the last game's event discard), or []."""
        return list(self._snap.games[-1]["discard"]) if self.phase == REMOVAL else []

    def remove_event(self, event_id: str, how: str = "chosen") -> None:
        """The caboose holder removes `event_id`, from the last game's event discard, for good;
        then the pack's between-games change (if any) is applied."""
        self._need(REMOVAL, f"remove event {event_id!r}")
        choices = self.pending_removal()
        if event_id not in choices:
            raise CampaignError(f"event {event_id!r} is not in game {self.number}'s event discard; "
                                f"{self.caboose.name} may remove one of: {', '.join(choices)}")
        with self.store.tx():
            self.store.write_removal(self.number, self.caboose.idx, event_id, how)
            self._between_games(self.number, (event_id, self.caboose.idx))
        self._reload()

    def auto_remove(self) -> str:
        """A bot's removal (LW-C4): the first event of the discard, the earliest revealed."""
        self._need(REMOVAL, "remove an event")
        event_id = self.pending_removal()[0]  # the removal phase comes only with events to remove (L5)
        self.remove_event(event_id, how="auto")
        return event_id

    # ------------------------------------------------------------ reports

    def slips(self) -> dict[tuple[int, str], int]:
        """(game, player name) -> bank slip, for the games played so far."""
        return {(g, self.players[p].name): row["total"] for (g, p), row in self._snap.slips.items()}

    def standings(self) -> dict:
        """The final standings (after game 12): vaults with the absent players' awards, ranked.
        Before the end: the vaults so far, slips only (awards are revealed at the end), final False."""
        snap = self._snap
        slips = {key: row["total"] for key, row in snap.slips.items()}
        final = self.phase == FINISHED
        awards = snap.awards if final else {}
        items = {p.idx: self.box.vault_money(p.company) for p in self.players} if final else {}
        out = standings(self.players, slips, awards, items)
        out["final"] = self.phase == FINISHED
        return out

    def status(self, as_player: str | None = None) -> dict:
        """What `ttr campaign status` shows; `as_player` (a name): with that player's secrets too."""
        from .report import status
        return status(self, as_player)


def fold(pack: Pack, s) -> Box:
    """The content in force after the stored games (Snapshot `s`): the pack's starting content
    folded with the records, per game in the rulebook's order: the set-up reading (step 7), the
    removal (end step 2), the pack's change, the end reading (end step 3)."""
    box = Box.initial(pack)
    for g in s.games:
        k = g["game"]
        box.begin(k)
        box.take_offices([s.players[p].company for p in s.seats.get(k, ())])  # set-up step 2
        if (k, "setup") in s.readings:  # step 7
            box.apply_reading(s.readings[k, "setup"])
        for eid in ((g["result"] or {}).get("facts") or {}).get("gone", ()):  # removed for good in play (337)
            box.remove(eid, k, None, by="event")
        r = s.removals.get(k)
        if r and r["event"]:
            box.remove(r["event"], k, r["player"])
        if k in s.changes:
            box.apply(s.changes[k])
        if (k, "end") in s.readings:
            box.apply_reading(s.readings[k, "end"])
    return box


__all__ = ["Campaign", "fold", "CampaignError", "READY", "PLAYING", "REMOVAL", "FINISHED"]
