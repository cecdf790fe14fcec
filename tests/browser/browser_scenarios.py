"""Deals in which a given situation comes up early, found with the engine before a browser test
plays them by clicking: a tunnel that asks for more cards, a ship route into a harbor city and
then the harbor, a newspaper on the first blind draw, a Nordic ferry paid in many ways.

The browser's player is seat 0 and makes the choices the client suggests (the first tickets
offered, the middle pieces split, the suggested payment: `suggested` below is the client's
PaymentSet.best). Seat 1 is played over the API by `other_move`: the first ticket choice, then
blind draws. Seed + these choices = the game, so the test meets exactly what was found here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import ttr
from ttr.engine.legal import expand

WILD = ("locomotive", "joker")


def parse(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in text.split("+") if text else []:
        i = 0
        while part[i].isdigit():
            i += 1
        out[part[i:]] = out.get(part[i:], 0) + int(part[:i])
    return out


def _color(card: str) -> str:
    return card.split("-")[0]


def _key(m: dict[str, int], hand: dict[str, int]) -> tuple:
    """The client's paymentKey: fewest wild cards, then the colour held most, fewest anchors, fewest cards."""
    wild = sum(n for k, n in m.items() if k in WILD)
    by: dict[str, int] = {}
    anchors = 0
    for k, n in m.items():
        if k in WILD or not n:
            continue
        by[_color(k)] = by.get(_color(k), 0) + n
        anchors += n if k.endswith("-train-anchor") or k.endswith("-ship") and not k.endswith("double-ship") else 0
    main = max(by, key=lambda c: by[c]) if by else ""  # first of the most (insertion order, as in JS)
    held = sum(n for k, n in hand.items() if k not in WILD and _color(k) == main)
    return (wild, -held, anchors, sum(m.values()))


def suggested(view: dict, kind: str, target: str | None) -> str:
    """The payment the client preselects for (kind, target): its text."""
    hand = view["you"]["hand"]
    groups = [g for g in view["legal"] if g["kind"] == kind and (target is None or target in g.get("texts", []))]
    pays = groups[0]["payments"]
    if pays["count"] > 5000:
        return pays["first"]
    members = pays["list"] if "list" in pays else [t.split(" ")[-1] for t in expand([{**groups[0], "texts": [target]}])]
    best = pays["first"]
    best_key = _key(parse(best), hand)
    for m in members:
        k = _key(parse(m), hand)
        if k < best_key:
            best, best_key = m, k
    return best


def first_keep(view: dict, how_many: int | None = None) -> str:
    """What the client's keep helper keeps: the first tickets offered, as many as the fewest allowed."""
    offer = view["you"]["offer"]
    keeps = [g for g in view["legal"] if g["kind"] == "keep"][0]
    n = how_many or min(len(t) for t in keeps["targets"])
    return "keep " + " ".join(str(x) for x in sorted(offer[:n]))


def other_move(game) -> str:
    """Seat 1's move (played over the API): the first tickets, the middle pieces split, blind draws."""
    v = game.view(game.current)
    if game.phase in ("initial-tickets", "keep-tickets"):
        return first_keep(v)
    if game.phase == "choose-pieces":
        g = [x for x in v["legal"] if x["kind"] == "pieces"][0]
        return "pieces " + g["texts"][len(g["texts"]) // 2]
    for text in ("draw deck", "draw deck train", "draw deck ship"):
        if any(a == text for a in map(str, game.legal_actions())):
            return text
    return str(game.legal_actions()[0])


def pieces_middle(view: dict) -> str:
    g = [x for x in view["legal"] if x["kind"] == "pieces"][0]
    return "pieces " + g["texts"][len(g["texts"]) // 2]


@dataclass
class Scenario:
    map: str
    seed: int
    players: int = 2
    info: dict = field(default_factory=dict)


def _start(map_name: str, seed: int):
    """Both seats keep their first tickets (and, Rails & Sails, choose the middle pieces)."""
    g = ttr.new_game(map_name, 2, seed=seed)
    while g.phase in ("initial-tickets", "choose-pieces"):
        v = g.view(g.current)
        g.apply(first_keep(v) if g.phase == "initial-tickets" else pieces_middle(v))
    return g


def _others(g) -> None:
    while not g.is_over and g.current != 0:
        g.apply(other_move(g))


def tunnel_station_tickets(limit: int = 3000) -> Scenario:
    """Europe: seat 0's first move can claim a tunnel that asks for more cards, which it can pay
    (with the suggested payments); then a station; then tickets."""
    m = ttr.load_map("europe")
    for seed in range(limit):
        g = _start("europe", seed)
        v = g.view(0)
        claims = [t for grp in v["legal"] if grp["kind"] == "claim" for t in grp["texts"]]
        for rid in claims:
            if not m.route_by_id[int(rid)].tunnel:
                continue
            h = g.clone()
            h.apply(f"claim {rid} {suggested(v, 'claim', rid)}")
            if h.phase != "tunnel":
                continue
            hv = h.view(0)
            if not any(grp["kind"] == "pay" for grp in hv["legal"]):
                continue
            h.apply(f"pay {suggested(hv, 'pay', None)}")
            _others(h)
            sv = h.view(0)
            st = [grp for grp in sv["legal"] if grp["kind"] == "station"]
            if not st:
                continue
            city = st[0]["texts"][0]
            return Scenario("europe", seed, info={"tunnel": int(rid), "city": city})
    raise AssertionError("no deal found with an early tunnel")


def ship_and_harbor(limit: int = 4000) -> Scenario:
    """World: seat 0's first move claims a ship route into a harbor city, its second builds a harbor there."""
    m = ttr.load_map("world")
    harbor_cities = {c.name for c in m.cities if c.harbor}
    for seed in range(limit):
        g = _start("world", seed)
        while g.current != 0:
            g.apply(other_move(g))
        v = g.view(0)
        claims = [t for grp in v["legal"] if grp["kind"] == "claim" for t in grp["texts"]]
        for rid in claims:
            r = m.route_by_id[int(rid)]
            if r.kind != "ship" or not (set(r.cities) & harbor_cities):
                continue
            h = g.clone()
            h.apply(f"claim {rid} {suggested(v, 'claim', rid)}")
            _others(h)
            hv = h.view(0)
            hb = [grp for grp in hv["legal"] if grp["kind"] == "harbor"]
            ok = [c for c in r.cities if hb and c in hb[0]["texts"]]
            if ok:
                return Scenario("world", seed, info={"route": int(rid), "city": ok[0]})
    raise AssertionError("no deal found with an early harbor")


def newspaper_first_draw(limit: int = 2000) -> Scenario:
    """Legends of the West: seat 0's first blind draw is a newspaper (an event is revealed)."""
    for seed in range(limit):
        g = _start("legends-west", seed)
        g.apply("draw deck")
        if any(e.get("event") == "newspaper" for e in g.log[-1].get("events", ())):
            return Scenario("legends-west", seed, info={"event": g.current_event.name if g.current_event else None})
    raise AssertionError("no deal found with a newspaper on the first draw")


def nordic_ferry_families(limit: int = 600, max_draw_turns: int = 6) -> Scenario:
    """Nordic: after seat 0 draws blind for k turns (two cards each), a claim whose payments come
    as families (more than 64 ways) is legal."""
    for seed in range(limit):
        g = _start("nordic", seed)
        for k in range(max_draw_turns + 1):
            _others(g)
            v = g.view(0)
            fam = [grp for grp in v["legal"] if grp["kind"] == "claim" and "families" in grp["payments"]]
            if fam:
                return Scenario("nordic", seed, info={"draw_turns": k, "route": int(fam[0]["texts"][0]),
                                                      "count": fam[0]["payments"]["count"]})
            if "draw deck" not in map(str, g.legal_actions()):
                break
            g.apply("draw deck")
            if g.phase == "second-card" and "draw deck" in map(str, g.legal_actions()):
                g.apply("draw deck")
    raise AssertionError("no Nordic deal found with a ferry paid in many ways")
