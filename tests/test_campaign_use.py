"""`ttr campaign` as people meet it: the status at 80 columns, a campaign another process is
playing, and a content pack whose later games cannot be set up (refused at creation)."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner
from test_campaign import pack_file

from ttr.campaign import Campaign, CampaignError, play
from ttr.campaign.packcheck import check_pack_games
from ttr.cli import main
from ttr.editions.legacy.pack import load_pack

LONG = [("Annabelle Longname-Smythe", "blue"), ("Bartholomew Quigley", "red"), ("Cy", "green"),
        ("Dorothea Smithers", "yellow"), ("Eustace Pennyworth-Hale", "black")]


def run(*args):
    res = CliRunner().invoke(main, ["campaign", *map(str, args)], terminal_width=80)
    return res, res.output


def test_status_is_readable_at_80_columns(tmp_path):
    f = tmp_path / "west.db"
    with Campaign.create(f, LONG, seed=3, durable=False) as c:
        play(c, "random", games=2)
    shown = [run("status", f)[1]]
    with Campaign.open(f, durable=False) as c:  # then a game in progress, then the end
        play(c, "random", max_actions=30)
    shown.append(run("status", f)[1])
    with Campaign.open(f, durable=False) as c:
        play(c, "random")
    res, out = run("status", f)
    assert res.exit_code == 0, out
    shown.append(out)
    status = json.loads(run("status", f, "--json")[1])
    for out in shown:
        wide = [line for line in out.splitlines() if len(line) > 80]
        assert not wide, wide
        flat = " ".join(out.split())
        for name, _ in LONG:  # names are never cut
            assert name in flat, (name, out)
    vaults = {co["player"]: co["vault"] for co in status["companies"]}
    for name, vault in vaults.items():  # nor are the vaults: in the companies and in the final standings
        assert re.search(rf"^{re.escape(name)} .* \${vault} ", out, re.M), out
        assert re.search(rf"^ *\d+ {re.escape(name)} +\w+ +\${vault}$", out, re.M), out
    assert "Bank slips by game" in out and "Winner:" in out and "…" not in out.split("Bank slips by game")[0]


def test_the_final_standings_keep_one_row_per_player_when_they_fit(tmp_path):
    f = tmp_path / "west.db"
    with Campaign.create(f, [("Ann", "blue"), ("Bob", "red")], seed=2, durable=False) as c:
        play(c, "random")
    res, out = run("status", f)
    assert res.exit_code == 0 and max(map(len, out.splitlines())) <= 80
    assert re.search(r"rank player company '65 '68 .* '98 vault", out) and "Bank slips by game" not in out


def test_a_campaign_in_use_by_another_process_gets_a_plain_message(tmp_path):
    f = tmp_path / "west.db"
    Campaign.create(f, LONG[:2], seed=1, durable=False).close()
    with Campaign.open(f, durable=False) as c:
        c.start_game()
        # a second open in this process, and another process playing or removing: refused, nothing written
        with pytest.raises(CampaignError, match="is in use: another ttr is playing it"):
            Campaign.open(f)
        for args in (["play", "--bots", "random", "--no-sync"], ["remove", "some-event"]):
            p = subprocess.run([sys.executable, "-m", "ttr.cli", "campaign", args[0], str(f), *args[1:]],
                               capture_output=True, text=True, timeout=120)
            assert p.returncode == 1, p.stdout + p.stderr
            assert "is in use" in p.stderr and "UNIQUE" not in p.stderr and "Traceback" not in p.stderr
        # status reads it meanwhile
        p = subprocess.run([sys.executable, "-m", "ttr.cli", "campaign", "status", str(f)],
                           capture_output=True, text=True, timeout=120)
        assert p.returncode == 0 and "Game in progress" in p.stdout, p.stderr
        play(c, "random", games=1)  # the holder plays on
    with Campaign.open(f, durable=False) as c:  # and once it is closed, anyone may
        assert c.number >= 1


@pytest.fixture
def retires_999(tmp_path):
    return pack_file(tmp_path, between_games=[{"after": 2, "note": "a ticket the board does not have",
                                               "retire_tickets": [999]}])


def test_a_pack_whose_later_game_cannot_be_set_up_is_refused_at_creation(tmp_path, retires_999):
    message = (r"content pack custom: game 3 \(1871\) cannot be set up for 2 players \(setup retires unknown "
               r"ticket id\(s\) \[999\]\); see the between_games entry after game 2")
    with pytest.raises(CampaignError, match=message):
        Campaign.create(tmp_path / "c.db", LONG[:3], pack=str(retires_999), seed=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["custom.json"]  # no campaign file, no lock
    res, out = run("new", tmp_path / "c.db", "--player", "Ann:blue", "--player", "Bob:red", "--pack", retires_999)
    assert res.exit_code == 1 and re.search(message, " ".join(out.split())) and "Traceback" not in out
    # and in pack validation
    res, out = run("check-pack", retires_999)
    assert res.exit_code == 1 and re.search(message, " ".join(out.split()))
    res, out = run("check-pack", "demo")
    assert res.exit_code == 0 and "every game, 1 to 12, sets up for 2 to 5 players" in " ".join(out.split())


def test_the_pack_check_follows_the_content_between_games(tmp_path):
    check_pack_games(load_pack("demo"))  # the shipped pack sets up every game
    # the broken entry is found at the game it first affects, whichever that is
    p = pack_file(tmp_path, between_games=[{"after": 3, "retire_tickets": [1, 2]},
                                           {"after": 9, "retire_tickets": [3, 404]}])
    with pytest.raises(CampaignError, match=r"game 10 \(1892\) cannot be set up for 2 players .*\[404\]"
                                            r".*after game 9(;|$)"):
        check_pack_games(load_pack(str(p)))
