"""Legacy for the native core (ttr.native, which sits below ttr.editions and cannot import this):
a setup's content as the core's tables, built with the Python engine's own rules (step_gives,
steps_in_force, reasons, remaining_trains_bonus), so nothing is written twice. ttr.editions
registers it (`ttr.native.use_legacy`); the core plays a setup only when
`ttr.native.legacy_supported` accepts it."""
from __future__ import annotations

from typing import Any

from ...cards import CARD_INDEX, NEWSPAPER
from ...engine import Ruleset
from .content import EFFECTS, GIVES, ICONS, LegacySetup, Trade
from .edition import TRAINS_BONUS, remaining_trains_bonus
from .extras import SLOTS
from .game import LegacyGame, extra_matches, reasons, step_gives, steps_in_force
from .icons import totals
from .trade import trade_key

ANY, COMPANY, GRAY = -3, -2, -1  # an event's colour filter (legacy.hpp: kLwAnyColour, ...)


def twin(rules: Ruleset, setup: Any) -> LegacyGame:
    """A LegacyGame holding only `rules` and the setup (None: game 1 of the demo pack; a dict: its
    LegacySetup), checked as a new game checks it: its layout, view block and options."""
    g = LegacyGame.blank(rules)
    assert isinstance(g, LegacyGame)
    g.set_static(setup)  # (frontier boards grow g.rules: the core's tables are of g.rules)
    return g


def tables(rules: Ruleset, setup: LegacySetup) -> dict[str, Any]:
    """The core's Legacy tables of `setup` (bindings/module.cpp, fill_legacy) on `rules`, the board
    its frontiers grow (twin(...).rules)."""
    n, ids = rules.players, rules.n_ids
    steps = list(setup.steps) + [e.step for e in setup.events if e.step is not None]
    index = {id(s): k for k, s in enumerate(steps)}  # (a step by identity: two may be equal)
    dollars, cards = [0] * (len(steps) * n * ids), [0] * (len(steps) * n * ids)
    for k, step in enumerate(steps):
        for p in range(n):
            for r in rules.route_ids:
                d, c = step_gives(setup, rules, step, r, p)
                dollars[(k * n + p) * ids + r], cards[(k * n + p) * ids + r] = d, c
    icons = setup.icons_in_play()
    base = len(setup.steps) + len(setup.events)  # (a rule's reason: base + its index, reasons(setup))
    offers = [e.extra for e in setup.events] + [r.extra for r in setup.play_rules]
    offered: list[tuple[str, ...] | None] = [None] * len(setup.events) + [r.companies for r in setup.play_rules]  # (a rule's: its companies')
    in_force = []
    for current in [None, *range(len(setup.events))]:
        row: list[int] = []
        for step, reason in steps_in_force(setup, [] if current is None else [current]):
            row += [index[id(step)], reason]
        in_force.append(row)
    return {
        "regular_tickets": [t for t in rules.regular_tickets if t not in setup.retired_tickets],  # (ticket_pool)
        "legacy": 1, "lw_start_money": setup.start_money, "lw_draw_floor": rules.draw_floor,
        "lw_newspaper": NEWSPAPER,
        "lw_seat_trains": [setup.trains_of(c) for c in setup.companies],
        "lw_seat_color": [CARD_INDEX[c] for c in setup.companies],
        "lw_events": [[int(e.kind == "lightning"), GIVES.index(e.gives), EFFECTS.index(e.effect) if e.effect else 0,
                       e.amount, _colour(e.color), int(e.remove), *_trade(e.trade)]
                      for e in setup.events],
        # what each seat's company takes from its office at set-up (rulebook 152)
        "lw_office": [[dict(setup.office_money).get(c, 0), dict(setup.office_cards).get(c, 0),
                       dict(setup.office_tickets).get(c, 0)] for c in setup.companies],
        "lw_trains_bonus": [remaining_trains_bonus(t) for t in range(TRAINS_BONUS[-1][0] + 2)],
        "lw_step_dollars": dollars, "lw_step_cards": cards, "lw_n_steps": len(steps),
        "lw_n_board": len(setup.steps), "lw_n_reasons": len(reasons(setup)), "lw_in_force": in_force,
        # LW-I1: card icons, where a step counts them
        "lw_icons": int(icons), "lw_step_icon": [ICONS.index(s.icon) if s.icon else -1 for s in steps] if icons else [],
        "lw_icon_totals": totals(setup, rules.edition.n_kinds) if icons else [],
        # for the bots (lw_bots.cpp): per step, whether it counts an icon (the planner's claim_pay
        # leaves those out, icons in play or not) and what its icon earns per card spent (icon_pay:
        # its amount, a fee negative)
        "lw_bot_step_icon": [ICONS.index(s.icon) if s.icon else -1 for s in steps],
        "lw_bot_icon_amount": [(-s.amount if s.kind == "route_fee" else s.amount) if s.icon else 0 for s in steps],
        # rulebook 465: tickets held face up, where the setup names borders
        "lw_shown": int(bool(setup.public_borders)),
        "lw_shown_on_keep": [int(setup.shown_on_keep(t)) for t in range(max(rules.map.ticket_by_id) + 1)]
        if setup.public_borders else [],
        # rulebook 437-447, LW-X3: the rules of play (Q-V) and postcard abilities (P1-P3), by place: each its
        # slot (extras.SLOTS), ledger reason and action; whether it names each seat's company
        "lw_rules": [[SLOTS.index(r.place), base + k, *_trade(r.trade)] for k, r in enumerate(setup.play_rules)],
        "lw_rule_names": [int(c in r.companies) for r in setup.play_rules for c in setup.companies],
        # rulebook 322: the extra-card offers, the events' then the rules' (offers_in_force)
        "lw_extras": int(setup.has_extras()),
        "lw_extra_gives": [x for o in offers for x in ((o.money, o.draw, o.tickets) if o is not None else (0, 0, 0))]
        if setup.has_extras() else [],
        "lw_extra_match": [int(o is not None and rules.r_key[r] is not None and (names is None or c in names)
                               and extra_matches(setup, rules, o, r, p))
                           for o, names in zip(offers, offered) for p, c in enumerate(setup.companies)
                           for r in range(ids)] if setup.has_extras() else [],
    }



def _trade(t: Trade | None) -> list[int]:
    """An event's or a rule's action (trade.py) as (cards, colour or -1, dollars, cards drawn, tickets)."""
    if t is None:
        return [0, -1, 0, 0, 0]
    return [t.cards, trade_key(t)[0], t.money, t.draw, t.tickets]


def _colour(color: str | None) -> int:
    """An event's colour filter as legacy.hpp numbers it (colour_matches: None any, gray, company)."""
    if color is None:
        return ANY
    return {"gray": GRAY, "company": COMPANY}.get(color, CARD_INDEX.get(color, ANY))


__all__ = ["tables", "twin"]
