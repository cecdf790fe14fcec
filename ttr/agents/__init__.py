"""Bots, found by name."""
from __future__ import annotations

from ..errors import TtrError
from .base import Agent
from .planner import GreedyAgent, PlannerAgent
from .random_agent import RandomAgent
from .search import SearchAgent

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent, "planner": PlannerAgent,
                                  "search": SearchAgent}


def make_agent(name: str, seed: int = 0) -> Agent:
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise TtrError(f"unknown agent {name!r}; known: {', '.join(sorted(AGENTS))}") from None


__all__ = ["AGENTS", "Agent", "GreedyAgent", "PlannerAgent", "RandomAgent", "SearchAgent", "make_agent"]
