"""Ticket to Ride Legacy: Legends of the West (money, events, claim steps, content packs)."""
from .content import ClaimStep, ContentError, Event, LegacySetup
from .edition import LEGENDS_WEST, LegacyEdition, remaining_trains_bonus

__all__ = ["ClaimStep", "ContentError", "Event", "LegacySetup", "LEGENDS_WEST", "LegacyEdition",
           "remaining_trains_bonus"]
