"""The native core's static tables: a Ruleset (the Python engine's compiled tables of a board,
edition and player count) written as flat integer lists, the one way board facts reach the C++
core (nothing is typed in twice)."""
from __future__ import annotations

from typing import Any

from ..engine import Ruleset

# scoring.TIE_BREAKS names -> the core's TieBreak codes
TIE_BREAK_CODES = {"tickets_completed": 0, "longest_path": 1, "longest_path_bonus": 2, "fewest_stations": 3,
                   "european_express": 4}


def tables(rules: Ruleset) -> dict[str, Any]:
    """The flat tables of `rules` for ttr._native.Rules."""
    ed = rules.edition
    m = rules.map
    n = rules.n_ids
    pkeys: dict[tuple[int, ...], int] = {}
    claim_groups = []
    for ri, groups in rules.claim_groups:
        row = [ri]
        for length, _key, gi, twins, pkey, kind in groups:
            row += [length, gi, kind, pkeys.setdefault(pkey, len(pkeys)), int(twins)]
        claim_groups.append(row)
    n_tickets = max((t.id for t in m.tickets), default=-1) + 1
    t_a, t_b, t_points = [-1] * n_tickets, [-1] * n_tickets, [0] * n_tickets
    for t in m.tickets:
        t_a[t.id], t_b[t.id] = rules.ticket_ends[t.id]
        t_points[t.id] = rules.ticket_points[t.id]
    return {
        "players": rules.players, "n_kinds": ed.n_kinds, "wild": rules.wild, "face_up": ed.face_up,
        "hand_size": ed.hand_size, "reset_at": rules.reset_at, "reset_cap": ed.reset_cap,
        "whole_draw": int(rules.whole_draw), "end_pieces": rules.end_pieces,
        "final_round_turns": rules.final_round_turns, "trains": ed.trains, "stations": ed.stations,
        "station_points": ed.station_points, "initial_long": ed.initial_long,
        "initial_regular": ed.initial_regular, "initial_keep": ed.initial_keep,
        "short_initial_keep": ed.short_initial_keep, "later_draw": ed.later_draw, "later_keep": ed.later_keep,
        "initial_unkept_to_box": int(ed.initial_unkept_to_box), "later_unkept_to_box": int(ed.later_unkept_to_box),
        "tunnel_reveal": ed.tunnel_reveal, "longest_bonus": ed.longest_bonus or 0,
        "globetrotter_bonus": ed.globetrotter_bonus or 0,
        # Nordic (N2, N3): locomotives wild only on ferries and tunnels, sets of any cards
        "locos_wild": int(ed.locos_wild_everywhere), "ferry_any": ed.ferry_any_cards or 0,
        "any_four": getattr(ed, "any_four_cards", 0), "max_ferry_spaces": getattr(ed, "max_ferry_spaces", 0),
        "tie_breaks": [] if ed.money else [TIE_BREAK_CODES[t] for t in ed.tie_breaks],  # (Legacy ranks its own)
        "n_ids": n,
        "r_exists": [int(k is not None) for k in rules.r_key],
        "r_tunnel": [int(x) for x in rules.r_tunnel], "r_closes": [int(x) for x in rules.r_closes],
        "r_kind": list(rules.r_kind), "r_len": list(rules.r_len), "r_color": list(rules.r_color),
        "r_locos": list(rules.r_locos), "r_points": list(rules.r_points), "r_group": list(rules.r_group),
        "r_a": [a for a, _ in rules.r_ends], "r_b": [b for _, b in rules.r_ends],
        "r_twins": [list(t) for t in rules.r_twins],
        "group_routes": [list(g) for g in rules.group_routes],
        "claim_groups": claim_groups,
        "pkeys": [_pay_key(k) for k in sorted(pkeys, key=pkeys.__getitem__)],
        "n_cities": len(rules.city_names),
        "city_routes": [list(r) for r in rules.city_routes],
        "tickets_cap": len(m.tickets),
        "offer_cap": max(ed.initial_long + ed.initial_regular, ed.later_draw),
        "t_a": t_a, "t_b": t_b, "t_points": t_points,
        "regular_tickets": list(rules.regular_tickets), "long_tickets": list(rules.long_tickets),
        "deck": list(rules.decks[0]),
        **_rails_sails(rules),
    }


def _rails_sails(rules: Ruleset) -> dict[str, Any]:
    """Rails & Sails' tables (RS1-RS7): the ship deck, the deals per deck, pieces, harbors, the
    card kinds of each colour, tours (empty or zero for the other editions)."""
    ed = rules.edition
    rs = ed.pieces_total is not None
    n_tickets = max((t.id for t in rules.map.tickets), default=-1) + 1
    t_cities: list[list[int]] = [[] for _ in range(n_tickets)]
    t_tour, t_any, t_penalty = [0] * n_tickets, [0] * n_tickets, [0] * n_tickets
    for t in rules.map.tickets:
        t_cities[t.id] = list(rules.ticket_cities[t.id])
        if t.tour:
            t_tour[t.id], t_any[t.id] = 1, t.points_any_order or 0
            t_penalty[t.id] = t.penalty or t.points
    colors = []
    if rs:
        from ..cards import COLOR_INDEX, RS_COLORS, RS_PARTS, rs_card
        colors = [[COLOR_INDEX[c], *(rs_card(c, part) for part in RS_PARTS)] for c in RS_COLORS]
    return {
        "rs": int(rs), "deck1": list(rules.decks[1]) if len(rules.decks) > 1 else [],
        "deck_of": list(rules.deck_of),
        "hand_per_deck": list(ed.hand_per_deck or (ed.hand_size, 0))[:2],
        "face_up_per_deck": list(ed.face_up_per_deck or (ed.face_up, 0))[:2],
        "may_stop": int(rules.may_stop), "pieces_total": ed.pieces_total or 0, "ships": ed.ships,
        "harbors": ed.harbors, "harbor_penalty": ed.harbor_penalty, "harbor_points": list(ed.harbor_points),
        "harbor_ids": list(rules.harbor_ids), "rs_colors": colors,
        "t_cities": t_cities, "t_tour": t_tour, "t_points_any": t_any, "t_penalty": t_penalty,
    }


def _pay_key(pkey: tuple[int, ...]) -> list[int]:
    """A payment key (edition.payment_key: the route key or its first three fields; Rails & Sails:
    (colour, length, kind, paired spaces)) as (colour, length, ferry locomotives, tunnel, any_four,
    ship, paired spaces)."""
    if len(pkey) == 4:  # Rails & Sails
        color, length, kind, pairs = pkey
        return [color, length, 0, 0, 0, int(kind), int(pairs)]
    color, length, locos = pkey[:3]
    tunnel, any_four = (int(pkey[3]), int(pkey[4])) if len(pkey) >= 5 else (0, 0)
    return [color, length, locos, tunnel, any_four, 0, 0]


__all__ = ["TIE_BREAK_CODES", "tables"]
