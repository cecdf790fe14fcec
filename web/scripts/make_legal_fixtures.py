"""Writes web/tests/fixtures/legal.json: legal-move groups from real positions of every board
(Nordic ferries and Murmansk-Lieksa, Rails & Sails paired routes: payments described by families),
with what the Python engine says about them, so the TypeScript client's expansion, membership and
payment picker are checked against the engine.

    .venv/bin/python web/scripts/make_legal_fixtures.py
"""
from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import ttr
from ttr.engine.legal import expand

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "legal.json"


def positions():
    """Positions with interesting payments: random games, claims favoured late."""
    for map_name, players, seed in [("europe", 3, 1), ("nordic", 2, 5), ("nordic", 3, 9), ("world", 2, 3),
                                    ("great-lakes", 2, 4), ("usa", 2, 2), ("legends-west", 2, 6)]:
        g = ttr.new_game(map_name, players, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and g.ply < 400:
            yield map_name, g
            la = g.legal_actions()
            draws = [a for a in la if a.kind == "draw"]
            # hoard cards for a long while so that payments grow large
            hoard = 150 if seed != 9 else 60
            a = draws[-1] if draws and g.ply < hoard and rng.random() < 0.95 else la[rng.randrange(len(la))]
            g.apply(a)


def probes(g, kind, target_text, members, rng):
    """Payments near legal ones, with the engine's verdict."""
    out = []
    hand_kinds = sorted({k for m in members for k in m} | {"locomotive", "red"})
    for m in rng.sample(members, min(6, len(members))):
        for _ in range(3):
            m2 = dict(m)
            k = rng.choice(hand_kinds)
            m2[k] = max(0, m2.get(k, 0) + rng.choice([-1, 1, 2]))
            text = "+".join(f"{n}{c}" for c, n in sorted(m2.items(), key=lambda x: ttr.cards.CARD_INDEX[x[0]]) if n)
            if not text:
                continue
            act = f"{kind} {target_text} {text}"
            try:
                ok = g.parse_action(act) in g.legal_actions()
            except Exception:
                ok = False
            out.append({"action": act, "legal": ok})
    return out


def main():
    rng = random.Random(0)
    cases = []
    want = {("europe", "list"): 6, ("europe", "nopay"): 3, ("nordic", "families"): 6, ("nordic", "big"): 2,
            ("nordic", "list"): 2, ("nordic", "murmansk"): 1, ("world", "families"): 4, ("world", "list"): 4, ("world", "nopay"): 3,
            ("great-lakes", "list"): 2, ("usa", "list"): 2, ("legends-west", "list"): 2}
    for map_name, g in positions():
        v = g.view(g.current)
        for grp in v["legal"] or []:
            pays = grp.get("payments")
            key = "nopay" if pays is None else ("families" if "families" in pays else "list")
            if key == "families" and pays["count"] > 3000:
                key = "big"
            if key == "big" and grp["texts"] == ["53"] and pays["count"] > 100000:
                key = "murmansk"
            if want.get((map_name, key), 0) <= 0 or (key == "list" and pays["count"] < 3 and rng.random() < 0.8):
                continue
            if key == "big" and pays["count"] > 400000:
                continue
            want[map_name, key] -= 1
            texts = sorted(itertools.islice(expand([grp]), 5000)) if key == "murmansk" else sorted(expand([grp]))
            case = {"map": map_name, "ply": g.ply, "hand": v["you"]["hand"], "group": grp, "count": pays["count"] if key == "murmansk" else len(texts)}
            if len(texts) <= 4000 and key != "murmansk":
                case["texts"] = texts
            if pays is not None:
                t0 = grp["texts"][0] if "texts" in grp else ""
                members = [dict((p[len(str(int(''.join(c for c in p if c.isdigit())))):], int(''.join(c for c in p if c.isdigit()))) for p in t.split(" ")[-1].split("+"))
                           for t in texts[:2000] if t.split(" ")[1] == t0 or "texts" not in grp]
                case["probes"] = probes(g, grp["kind"], t0, members, rng) if members else []
            cases.append(case)
        if all(n <= 0 for n in want.values()):
            break
    OUT.write_text(json.dumps(cases, separators=(",", ":"), sort_keys=True) + "\n")
    print(f"{len(cases)} cases -> {OUT} ({OUT.stat().st_size // 1024} KiB); not found: {[k for k, n in want.items() if n > 0]}")


if __name__ == "__main__":
    main()
