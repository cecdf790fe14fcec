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
