"""Legacy campaigns: campaigns, their players, their log of changes, their games.

Revision ID: 0003
Revises: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "campaigns",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("pack", sa.String(64), nullable=False),
        sa.Column("admin_hash", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("phase", sa.String(16), nullable=False),
        sa.Column("game", sa.Integer, nullable=False),
    )
    op.create_index("campaigns_updated", "campaigns", ["updated"])
    op.create_table(
        "campaign_players",
        sa.Column("campaign_id", sa.String(32), sa.ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("company", sa.String(8), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_index("campaign_players_token_hash", "campaign_players", ["token_hash"])
    op.create_table(
        "campaign_writes",
        sa.Column("campaign_id", sa.String(32), sa.ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("changes", sa.Text, nullable=False),
    )
    op.create_table(
        "campaign_games",
        sa.Column("campaign_id", sa.String(32), sa.ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False, unique=True),
    )


def downgrade() -> None:
    op.drop_table("campaign_games")
    op.drop_table("campaign_writes")
    op.drop_table("campaign_players")
    op.drop_table("campaigns")
