"""The campaigns' tables (schema.py): a campaign's row and players, its log of changes, its games.

A campaign is kept as the log of its own store's transactions (ttr.campaign.Store.memory rebuilds
it), one row per transaction, numbered: the campaign's creation is written with its row and
players, a game's start with nothing else (its server game is linked afterwards, in one
transaction with that game's row). The actions of a game are not in the log: the game's own
`actions` rows are the one record of them."""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from .schema import campaign_games, campaign_players, campaign_writes, campaigns
from .storage import Store


@dataclass
class PlayerRow:
    idx: int
    name: str
    company: str
    kind: str            # 'human' or 'bot'
    bot: str | None
    token_hash: str | None


@dataclass
class CampaignRow:
    id: str
    pack: str
    admin_hash: str
    created: float
    updated: float
    phase: str
    game: int
    players: list[PlayerRow] = field(default_factory=list)
    games: dict[int, str] = field(default_factory=dict)  # game number -> server game id


class CampaignStore:
    """The campaigns' reads and writes, on the game server's database and writer (one commit
    each, shared with the games' moves)."""

    def __init__(self, store: Store):
        self.store = store

    def create(self, row: CampaignRow, changes: list) -> None:
        """A new campaign: its row, players and first change (the creation), in one transaction."""
        def write(c: Connection) -> None:
            c.execute(campaigns.insert().values(id=row.id, pack=row.pack, admin_hash=row.admin_hash,
                                                created=row.created, updated=row.updated, phase=row.phase,
                                                game=row.game))
            c.execute(campaign_players.insert(), [dict(campaign_id=row.id, idx=p.idx, name=p.name, company=p.company,
                                                       kind=p.kind, bot=p.bot, token_hash=p.token_hash)
                                                  for p in row.players])
            c.execute(campaign_writes.insert().values(campaign_id=row.id, seq=0, changes=json.dumps(changes)))
        self.store.writer.run(write)

    def append(self, cid: str, seq: int, changes: list, at: float) -> None:
        """Change number `seq` of the campaign (Conflict, from the primary key, if it is taken)."""
        def write(c: Connection) -> None:
            c.execute(campaign_writes.insert().values(campaign_id=cid, seq=seq, changes=json.dumps(changes)))
            c.execute(campaigns.update().where(campaigns.c.id == cid).values(updated=at))
        self.store.writer.run(write)

    def summary(self, cid: str, phase: str, game: int) -> None:
        """What listings show (the log is the truth; this is written after it)."""
        def write(c: Connection) -> None:
            c.execute(campaigns.update().where(campaigns.c.id == cid).values(phase=phase, game=game))
        self.store.writer.run(write)

    @staticmethod
    def link(c: Connection, cid: str, game: int, gid: str) -> None:
        """Inside the transaction that creates server game `gid`: it plays the campaign's game."""
        c.execute(campaign_games.insert().values(campaign_id=cid, game=game, game_id=gid))

    # ------------------------------------------------------------------ reads

    def campaign(self, cid: str) -> CampaignRow | None:
        with self.store.engine.connect() as c:
            r = c.execute(campaigns.select().where(campaigns.c.id == cid)).mappings().first()
            if r is None:
                return None
            row = _row(r)
            row.players = [PlayerRow(p.idx, p.name, p.company, p.kind, p.bot, p.token_hash) for p in c.execute(
                campaign_players.select().where(campaign_players.c.campaign_id == cid).order_by(campaign_players.c.idx))]
            row.games = {g.game: g.game_id for g in c.execute(
                sa.select(campaign_games.c.game, campaign_games.c.game_id).where(campaign_games.c.campaign_id == cid))}
            return row

    def changes(self, cid: str) -> list[list]:
        """The campaign's log, in order (StorageError-free: a gap is reported by the caller)."""
        with self.store.engine.connect() as c:
            rows = c.execute(sa.select(campaign_writes.c.seq, campaign_writes.c.changes)
                             .where(campaign_writes.c.campaign_id == cid).order_by(campaign_writes.c.seq)).all()
        if [r[0] for r in rows] != list(range(len(rows))):
            raise ValueError(f"campaign {cid}: its changes are not numbered 0, 1, 2, ...")
        return [json.loads(r[1]) for r in rows]

    def rows(self, *, limit: int = 50, offset: int = 0, ids: list[str] | None = None,
             unfinished: bool = False) -> list[CampaignRow]:
        q = campaigns.select()
        if ids is not None:
            q = q.where(campaigns.c.id.in_(ids))
        if unfinished:
            q = q.where(campaigns.c.phase != "finished")
        q = q.order_by(campaigns.c.updated.desc(), campaigns.c.id).limit(limit).offset(offset)
        with self.store.engine.connect() as c:
            out = [_row(r) for r in c.execute(q).mappings()]
            by_id = {r.id: r for r in out}
            if by_id:
                for p in c.execute(campaign_players.select().where(campaign_players.c.campaign_id.in_(list(by_id)))
                                   .order_by(campaign_players.c.campaign_id, campaign_players.c.idx)):
                    by_id[p.campaign_id].players.append(PlayerRow(p.idx, p.name, p.company, p.kind, p.bot, p.token_hash))
                for g in c.execute(campaign_games.select().where(campaign_games.c.campaign_id.in_(list(by_id)))):
                    by_id[g.campaign_id].games[g.game] = g.game_id
        return out

    def of_tokens(self, hashes: list[str]) -> list[str]:
        """Ids of the campaigns where one of these token hashes is a player's or the creator's."""
        if not hashes:
            return []
        with self.store.engine.connect() as c:
            ids = {r[0] for r in c.execute(sa.select(campaign_players.c.campaign_id)
                                           .where(campaign_players.c.token_hash.in_(hashes)))}
            ids |= {r[0] for r in c.execute(sa.select(campaigns.c.id).where(campaigns.c.admin_hash.in_(hashes)))}
        return sorted(ids)

    def of_game(self, gid: str) -> str | None:
        """The campaign whose game server game `gid` is (None: it is no campaign's)."""
        with self.store.engine.connect() as c:
            return c.execute(sa.select(campaign_games.c.campaign_id).where(campaign_games.c.game_id == gid)).scalar()


def _row(r) -> CampaignRow:
    return CampaignRow(r["id"], r["pack"], r["admin_hash"], r["created"], r["updated"], r["phase"], r["game"])


__all__ = ["CampaignRow", "CampaignStore", "PlayerRow"]
