"""Writes web/tests/fixtures/log.json: public log entries of real games on every board (the
engine's entries, as the server sends them: kind, target as data, cards as counts, kept, events),
a few of each kind and of each shape of target (a face-up card, a blind draw, Rails & Sails' piles
and refills, exchanges both ways, stations, harbors, tunnels paid and declined), so the client's
log words (web/src/app/logtext.ts) are checked against what the engine really writes.

    .venv/bin/python web/scripts/make_log_fixtures.py
"""
from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import ttr  # noqa: E402

OUT = ROOT / "web" / "tests" / "fixtures" / "log.json"
GAMES = [("europe", 3, 1), ("usa", 2, 2), ("nordic", 2, 5), ("world", 3, 3), ("great-lakes", 2, 4),
         ("legends-west", 3, 6)]
PER_SHAPE = 3


def shape(e: dict) -> tuple:
    """What makes an entry worth keeping: its kind, the shape of its target, its events."""
    tg = e.get("target")
    form = type(tg).__name__ if not isinstance(tg, dict) else ("deck" if tg["card"] == "deck" else "face",
                                                               tg["pile"] is None)
    if e["kind"] == "draw" and isinstance(tg, str):
        form = "deck" if tg == "deck" else "face"
    if e["kind"] == "exchange":
        form = tg > 0
    return e["kind"], form, tuple(sorted({ev["event"] for ev in e.get("events", ())}))


def main() -> None:
    out = []
    for map_name, players, seed in GAMES:
        g = ttr.new_game(map_name, players, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and g.ply < 600:
            la = g.legal_actions()
            pays = [a for a in la if a.kind == "pay"]
            rare = [a for a in la if a.kind in ("exchange", "harbor", "station", "decline")]
            claims = [a for a in la if a.kind == "claim"]
            draws = [a for a in la if a.kind == "draw"]
            if pays and rng.random() < 0.8:  # pay the tunnels (a hand hoarded early can)
                pick = pays
            elif draws and g.ply < 80 and rng.random() < 0.9:
                pick = draws
            else:
                pick = rare if rare and rng.random() < 0.3 else claims if claims and rng.random() < 0.5 else list(la)
            g.apply(pick[rng.randrange(len(pick))])
        seen: Counter = Counter()
        entries = []
        for e in g.log:
            k = shape(e)
            if seen[k] < PER_SHAPE:
                seen[k] += 1
                entries.append({**e, "at": 0.0, "text": ""})
        out.append({"map": map_name, "players": players, "seed": seed, "entries": entries})
        print(map_name, len(entries), "entries:", ", ".join(sorted({k[0] for k in seen})))
    OUT.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
