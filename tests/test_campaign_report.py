"""`ttr campaign report`: a campaign's arc as an HTML page (issue item 7): money per player per
year, the events, the story and boxes, and where the board grew; nothing the campaign has not
revealed."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from test_campaign_story import play_until
from ttr.campaign import Campaign
from ttr.cli import main
from ttr.editions.legacy.pack import load_pack

pytest.importorskip("matplotlib")


def test_the_report_shows_the_arc_and_where_the_board_grew(tmp_path):
    path = tmp_path / "c.ttrc"
    c = Campaign.create(path, [("Ann", "blue"), ("Bob", "red")], seed=5)
    play_until(c, 3, "end")  # Florida joins after game 2
    s = c.status()
    c.close()
    out = tmp_path / "arc.html"
    r = CliRunner().invoke(main, ["campaign", "report", str(path), "--out", str(out)])
    assert r.exit_code == 0, r.output
    html = out.read_text(encoding="utf-8")
    for row in s["arc"]:
        if row["over"]:
            for player, slip in row["slips"].items():
                assert f'data-k="slip.{row["game"]}.{player}" data-v="{slip}"' in html
    assert 'data-k="added.florida" data-v="2"' in html
    assert "Jacksonville" in html and "joined in game 2" in html
    demo = load_pack("demo")
    for fid, f in demo.frontiers.items():
        if fid != "florida":  # not added yet: none of it shows
            assert f.name not in html
            assert not any(re.search(rf"\b{re.escape(city.name)}\b", html) for city in f.cities)
    for card in demo.story:
        if card.id not in {x["id"] for x in s["story"]["read"]}:
            assert card.id not in html


def test_the_report_of_a_campaign_not_yet_played(tmp_path):
    path = tmp_path / "c.ttrc"
    Campaign.create(path, [("Ann", "blue"), ("Bob", "red")], seed=5).close()
    out = tmp_path / "arc.html"
    r = CliRunner().invoke(main, ["campaign", "report", str(path), "--out", str(out)])
    assert r.exit_code == 0, r.output
    html = out.read_text(encoding="utf-8")
    assert "No game has ended yet." in html and "The board is still the game-1 board." in html
