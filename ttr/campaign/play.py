"""Bots playing a campaign. A bot is made afresh for every action, seeded from
the campaign seed, the game and the action's number, so a campaign stopped at
any point and resumed plays on exactly as if it had never stopped."""
from __future__ import annotations

from collections.abc import Callable

from ..agents import AGENTS, make_agent
from ..agents.planner import PlannerAgent
from ..engine import Action, Observation
from ..play.bots import PlyBot
from ..runtime import Match
from .campaign import FINISHED, PLAYING, READY, REMOVAL, Campaign
from .postcards import aims, view
from .state import CampaignError, derive


def bot_names(c: Campaign, bots: str | list[str] | dict | None) -> dict[int, str]:
    """player index -> bot name. A string is a comma-separated list; a list is cycled over the
    players (in campaign order); a dict maps player names (or indices) to bot names."""
    if bots is None:
        bots = "random"
    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",") if b.strip()]
    if isinstance(bots, dict):
        out = {c.player(k).idx: v for k, v in bots.items()}
        missing = [p.name for p in c.players if p.idx not in out]
        if missing:
            raise CampaignError(f"no bot named for {', '.join(missing)}")
    else:
        if not bots:
            raise CampaignError("name at least one bot")
        out = {p.idx: bots[i % len(bots)] for i, p in enumerate(c.players)}
    for name in out.values():
        if name not in AGENTS:
            raise CampaignError(f"unknown bot {name!r}; known: {', '.join(sorted(AGENTS))}")
    return out


class CampaignBot(PlyBot):
    """A bot seat of a campaign game: a fresh bot for every action, seeded from the campaign
    seed, the game and the action's number (the view's ply). A planner (or greedy) bot also
    pursues its own seat's postcards (postcards.aims), and no one else's."""

    def __init__(self, c: Campaign, name: str):
        seed, number = c.seed, c.number
        super().__init__(name, lambda ply: derive(seed, "bot", number, ply))
        board = c.live_game().rules.map.ticket_by_id if c.phase == PLAYING else None  # frontiers included
        self.aims = {s: aims(c.pack, c.box, number, p.company, board) for s, p in enumerate(c.seats)}

    def act(self, obs: Observation) -> Action:
        agent = make_agent(self.name, self.seed_of(obs.view["ply"]))
        if isinstance(agent, PlannerAgent):
            agent.goals = self.aims.get(obs.seat, ())
        return agent.act(obs)


def bot_action(c: Campaign, bot: str) -> Action:
    """The move of `bot` for the player to move in the game in progress."""
    g = c.live_game()  # read only
    return CampaignBot(c, bot).act(g.observe(g.current_player))


def terminal_game(c: Campaign, human: int, bots: dict[int, str], console, input_fn=None) -> bool:
    """Player `human` plays the game in progress at the terminal (the `ttr play` prompt), bots the
    other seats; every move is stored as it is made. False if the human quit (the game stays saved)."""
    from ..play.prompt import make_input
    from ..play.session import Session
    seat = next(s for s, p in enumerate(c.seats) if p.idx == human)
    names = ["you" if s == seat else f"{p.name} ({bots[p.idx]})" for s, p in enumerate(c.seats)]
    agents = {s: CampaignBot(c, bots[p.idx]) for s, p in enumerate(c.seats) if s != seat}
    session = Session(c.live_game(), seat, agents, names, console, input_fn or input, commit=c.apply,
                      saved_in=f"the campaign {c.store.path}")
    if input_fn is None:
        session.input_fn = make_input(lambda: session.ctx, console)
    you = c.players[human]
    for x in view(c.pack, c.box, {you.company: you.name}, you.company)["drawn"]:
        if x["company"] == you.company and not x["done"]:  # your postcards: yours alone to see (rulebook 199)
            console.print(f"Your postcard {x['number']}: {x['public']} Secret: {x['secret']}", markup=False)
    session.run()
    return not session.quit


def play(c: Campaign, bots=None, games: int | None = None, absent=(), max_actions: int | None = None,
         on_start: Callable | None = None, on_action: Callable | None = None,
         on_end: Callable | None = None, on_removal: Callable | None = None,
         human: int | None = None, human_game: Callable | None = None, choose_removal: Callable | None = None) -> int:
    """Bots play every seat: an unfinished game first, then new games (with `absent` away), until
    `games` games have ended in this call, the campaign is finished, or `max_actions` actions were
    played. Pending event removals are made by the bot rule (Campaign.auto_remove).
    Callbacks: on_start(c), on_action(c, seat, action), on_end(c, game), on_removal(c, event_id).
    With `human` (a player index): `human_game(c)` plays each game that player is in (False: the
    human quit, stop here) and `choose_removal(c)` names the event the human removes as caboose holder.
    Returns the number of games that ended."""
    names = bot_names(c, bots)
    ended = actions = 0
    while c.phase != FINISHED:
        if max_actions is not None and actions >= max_actions:
            break
        if c.phase == REMOVAL:
            if human is not None and choose_removal and c.caboose.idx == human:
                eid = choose_removal(c)
                c.remove_event(eid)
            else:
                eid = c.auto_remove()
            if on_removal:
                on_removal(c, eid)
            continue
        if games is not None and ended >= games:
            break
        if c.phase == READY:
            c.start_game(absent)
            if on_start:
                on_start(c)
        k = c.number
        if human is not None and human_game and c.phase == PLAYING and any(p.idx == human for p in c.seats):
            if not human_game(c):
                return ended
        if c.phase == PLAYING:
            def moved(match, seat: int, action: Action) -> None:
                if on_action:
                    on_action(c, seat, action)

            match = Match(c.live_game(), [CampaignBot(c, names[p.idx]) for p in c.seats], commit=c.apply,
                          on_move=moved)
            match.run(None if max_actions is None else max_actions - actions)
            actions += sum(match.moves)
            if c.phase == PLAYING:  # stopped at max_actions
                return ended
        ended += 1
        if on_end:
            on_end(c, k)
    return ended


__all__ = ["play", "bot_names", "bot_action", "terminal_game", "CampaignBot"]
