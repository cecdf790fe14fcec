"""A content pack checked as a campaign will use it: every game, 1 to 12, set up with the
content its between-games changes and its story leave in force, for each player count, on
every branch of the story's conditions (rulebook line 117: what a game's results decide). A
pack whose game 3 cannot be set up on some branch (a ticket retired that the board does not
have, a claim step's number taken twice, a box opened twice) is refused before a campaign
starts with it, rather than stopping the campaign at game 3."""
from __future__ import annotations

import json
from collections.abc import Sequence

from ..editions import new_game
from ..editions.legacy.content import COMPANY_COLORS
from ..editions.legacy.pack import GAMES, YEARS, Pack
from ..editions.legacy.story import Condition, conditions, walk
from ..errors import TtrError
from .state import MAP, MAX_PLAYERS, MIN_PLAYERS, Box, CampaignError, change_record, setup_for
from .story import Facts, end_steps, read, who_gets

MAX_BRANCHES = 4096  # paths through the story's conditions that a pack may have


def check_pack_games(pack: Pack, companies: Sequence[str] = COMPANY_COLORS[:MAX_PLAYERS]) -> None:
    """Set up games 1-12 of `pack` for every player count from 2 to len(companies) (fewer play
    when players are absent), with the pack's own changes between games and its story read at
    every set-up and every game's end, on every branch of its conditions (players' event
    removals only take events out, which never stops a setup). CampaignError names the pack,
    the game, the entry and the branch that breaks it."""
    _check_board_refs(pack)
    checked: set[str] = set()
    prefix: list[bool] = []
    for _ in range(MAX_BRANCHES):
        trail: list[tuple[bool, str]] = []  # this run's answers to the conditions met, in order
        _run(pack, companies, prefix, trail, checked)
        while trail and not trail[-1][0]:  # the next branch: the last "yes" becomes "no"
            trail.pop()
        if not trail:
            return
        prefix = [yes for yes, _ in trail[:-1]] + [False]
    raise CampaignError(f"content pack {pack.name}: its story has more than {MAX_BRANCHES} branches to check; "
                        "use fewer conditions")


def _run(pack: Pack, companies: Sequence[str], prefix: list[bool], trail: list[tuple[bool, str]],
         checked: set[str]) -> None:
    def branch() -> str:
        return "; on the branch where " + ", ".join(f"{what}: {'yes' if yes else 'no'}" for yes, what in trail) \
            if trail else ""

    def decide_for(k: int, point: str):
        def decide(cond: Condition, where: str) -> bool:
            if k == 0:
                raise CampaignError(f"{where} is read at game 1's set-up and asks whether {cond.describe()}, "
                                    "but no game has ended then")
            yes = prefix[len(trail)] if len(trail) < len(prefix) else True
            trail.append((yes, f"after game {k}, {cond.describe()}"))
            return yes
        return decide

    def whom_for(k: int):
        anyone = Facts(k, len(companies), (), (), (), companies[0], (0,), (), companies[0])  # any company will do

        def whom(who: str, where: str) -> list[str]:
            return who_gets(who, companies, companies[0], (lambda: anyone) if k else None, where)
        return whom

    box = Box.initial(pack)
    for k in range(1, GAMES + 1):
        box.begin(k)
        taken = box.take_offices(companies)  # set-up step 2, before the story (step 7)
        try:
            _, box = read(pack, box, k, "setup", decide_for(k - 1, "setup"), whom_for(k - 1))
        except TtrError as e:
            raise CampaignError(f"content pack {pack.name}: game {k}'s set-up (story): {e}{branch()}") from None
        for n in range(MIN_PLAYERS, len(companies) + 1):
            try:
                setup = setup_for(pack, k, box, tuple(companies[:n]), (), whom_for(k - 1), taken)
                key = json.dumps(setup.to_dict(), sort_keys=True)
                if key not in checked:
                    new_game(MAP, n, k, setup=setup)
                    checked.add(key)
            except TtrError as e:
                entry = (f"the between_games entry after game {k - 1}" if pack.change_after(k - 1)
                         else "the pack's game-1 content" if k == 1 else f"trains[{k - 1}] or the story")
                raise CampaignError(f"content pack {pack.name}: game {k} ({YEARS[k - 1]}) cannot be set up for "
                                    f"{n} players ({e}); see {entry}{branch()}") from None
        change = pack.change_after(k)
        if change is not None:
            box.apply(change_record(change))
        try:
            _, box = read(pack, box, k, "end", decide_for(k, "end"), whom_for(k))
            end_steps(box, k, whom_for(k))
        except TtrError as e:
            raise CampaignError(f"content pack {pack.name}: game {k}'s end (story): {e}{branch()}") from None


def _check_board_refs(pack: Pack) -> None:
    """The tickets and cities the story names are the board's: the game-1 board's or a frontier's."""
    rules = new_game(MAP, MIN_PLAYERS, 0).rules
    tickets = set(rules.map.ticket_by_id) | {t.id for f in pack.frontiers.values() for t in f.tickets}
    cities = {c.name for c in rules.map.cities} | {c.name for f in pack.frontiers.values() for c in f.cities}
    sources = [(f"story card {c.id!r}", c.do) for c in pack.story] + [(f"box {b.id!r}", b.do)
                                                                       for b in pack.boxes.values()]
    for where, do in sources:
        for order in walk(do):
            bad = [t for t in order.retire_tickets + order.restore_tickets if t not in tickets]
            if bad:
                raise CampaignError(f"content pack {pack.name}: {where}: no ticket {bad[0]} on the board")
        for cond in conditions(do):
            if cond.ticket_completed is not None and cond.ticket_completed not in tickets:
                raise CampaignError(f"content pack {pack.name}: {where}: if: no ticket {cond.ticket_completed} "
                                    "on the board")
            for city in cond.route_claimed or ():
                if city not in cities:
                    raise CampaignError(f"content pack {pack.name}: {where}: if: no city {city!r} on the board")


__all__ = ["check_pack_games", "MAX_BRANCHES"]
