"""Bots, found by name: the strengths (LEVELS, weakest first: the browser's choices and the
ladder's), the learned bot (LEARNED: a bot by name, not a browser level until it beats the search
bot) and the play styles (STYLES, ttr.agents.styles); AGENTS holds them all."""
from __future__ import annotations

from ..errors import TtrError
from .base import Agent
from .learned import LearnedAgent
from .planner import GreedyAgent, PlannerAgent
from .random_agent import RandomAgent
from .search import SearchAgent
from .styles import STYLES, LongRouteAgent, OneStepAgent, RouteAgent, TicketAgent

LEVELS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent, "planner": PlannerAgent,
                                  "search": SearchAgent}
LEARNED: dict[str, type[Agent]] = {"learned": LearnedAgent}
AGENTS: dict[str, type[Agent]] = {**LEVELS, **LEARNED, **STYLES}


def make_agent(name: str, seed: int = 0) -> Agent:
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise TtrError(f"unknown agent {name!r}; known: {', '.join(sorted(AGENTS))}") from None


__all__ = ["AGENTS", "Agent", "GreedyAgent", "LEARNED", "LEVELS", "LearnedAgent", "LongRouteAgent", "OneStepAgent",
           "PlannerAgent", "RandomAgent", "RouteAgent", "STYLES", "SearchAgent", "TicketAgent", "make_agent"]
