"""A content pack checked as a campaign will use it: every game, 1 to 12, set up with the
content its between-games changes leave in force, for each player count. A pack whose
game 3 cannot be set up (it retires a ticket the board does not have, say) is refused
before a campaign starts with it, rather than stopping the campaign at game 3."""
from __future__ import annotations

from collections.abc import Sequence

from ..editions import new_game
from ..editions.legacy.content import COMPANY_COLORS
from ..editions.legacy.pack import GAMES, YEARS, Pack
from ..errors import TtrError
from .state import MAP, MAX_PLAYERS, MIN_PLAYERS, Box, CampaignError, change_record


def check_pack_games(pack: Pack, companies: Sequence[str] = COMPANY_COLORS[:MAX_PLAYERS]) -> None:
    """Set up games 1-12 of `pack` for every player count from 2 to len(companies) (fewer play
    when players are absent), with the pack's own changes between games (players' event
    removals only take events out, which never stops a setup). CampaignError names the pack,
    the game and the entry that breaks it."""
    box = Box.initial(pack)
    for k in range(1, GAMES + 1):
        for n in range(MIN_PLAYERS, len(companies) + 1):
            try:
                setup = pack.setup(k, companies=tuple(companies[:n]), events=tuple(box.events),
                                   steps=tuple(box.steps), company_bonus=box.company_bonus,
                                   retired_tickets=tuple(box.retired_tickets))
                new_game(MAP, n, k, setup=setup)
            except TtrError as e:
                entry = (f"the between_games entry after game {k - 1}" if pack.change_after(k - 1)
                         else "the pack's game-1 content" if k == 1 else f"trains[{k - 1}]")
                raise CampaignError(f"content pack {pack.name}: game {k} ({YEARS[k - 1]}) cannot be set up for "
                                    f"{n} players ({e}); see {entry}") from None
        change = pack.change_after(k)
        if change is not None:
            box.apply(change_record(change))


__all__ = ["check_pack_games"]
