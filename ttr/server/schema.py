"""The server's tables as SQLAlchemy Core objects (the queries' view of the schema;
migrations/ creates and changes them: a change here needs a new migration).

games    one row per game: how to rebuild it (map, players, seed, random_first,
         options) and what listings need without replaying it (status, ply,
         seat to move, result once over)
seats    who holds each seat: a human (token stored as a SHA-256 hash) or a bot
actions  every action of every game, numbered 0, 1, 2, ... per game
choices  a seat's secret setup choice made before its turn (its first tickets, Rails & Sails'
         pieces): played for it, in seat order, when its turn comes
"""
from sqlalchemy import BigInteger, Boolean, Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("map", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("random_first", Boolean, nullable=False),
    Column("options", Text, nullable=False),      # JSON: the edition's options (Legacy: setup)
    Column("status", String(16), nullable=False),  # 'playing' or 'over'
    Column("ply", Integer, nullable=False),        # actions stored
    Column("to_move", Integer, nullable=True),     # seat to move; null once over
    Column("admin_hash", String(64), nullable=False),
    Column("created", Float, nullable=False),      # Unix time
    Column("updated", Float, nullable=False),
    Column("result", Text, nullable=True),         # JSON: totals, ranking, winners once over
    Index("games_status_updated", "status", "updated"),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),     # 'human' or 'bot'
    Column("bot", String(32), nullable=True),      # the bot's name (a human seat handed to a bot keeps its token)
    Column("name", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Index("seats_token_hash", "token_hash"),
)

actions = Table(
    "actions", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("text", String(400), nullable=False),
    Column("at", Float, nullable=False),
)

choices = Table(
    "choices", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("text", String(400), nullable=False),  # the action, checked when it was made
    Column("at", Float, nullable=False),
)

# Legacy campaigns (server/campaigns.py): the campaign is rebuilt from its log of changes
# (campaign_writes, ttr.campaign's own transactions) plus its games' actions (in `actions`)
campaigns = Table(
    "campaigns", metadata,
    Column("id", String(32), primary_key=True),
    Column("pack", String(64), nullable=False),
    Column("admin_hash", String(64), nullable=False),  # the creator's token
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("phase", String(16), nullable=False),     # a summary for listings: ready, playing, removal, finished
    Column("game", Integer, nullable=False),         # the game the phase is about (1-12)
    Index("campaigns_updated", "updated"),
)

campaign_players = Table(
    "campaign_players", metadata,
    Column("campaign_id", String(32), ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),       # the campaign's player index (clockwise)
    Column("name", String(64), nullable=False),
    Column("company", String(8), nullable=False),
    Column("kind", String(8), nullable=False),      # 'human' or 'bot'
    Column("bot", String(32), nullable=True),
    Column("token_hash", String(64), nullable=True),  # a human's token: their seat in each of the campaign's games
    Index("campaign_players_token_hash", "token_hash"),
)

campaign_writes = Table(
    "campaign_writes", metadata,
    Column("campaign_id", String(32), ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),       # 0, 1, 2, ...: a second writer of the same seq conflicts
    Column("changes", Text, nullable=False),        # JSON: one transaction of the campaign's store, [[SQL, params], ...]
)

campaign_games = Table(
    "campaign_games", metadata,
    Column("campaign_id", String(32), ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True),
    Column("game", Integer, primary_key=True),      # 1-12
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False, unique=True),
)
