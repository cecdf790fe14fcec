"""The Legacy campaign: 12 games of Legends of the West in one SQLite file (docs/campaign.md)."""
from .campaign import FINISHED, PLAYING, READY, REMOVAL, Campaign
from .play import bot_action, bot_names, play
from .state import CampaignError, Player

__all__ = ["Campaign", "CampaignError", "Player", "play", "bot_action", "bot_names", "READY", "PLAYING", "REMOVAL",
           "FINISHED"]
