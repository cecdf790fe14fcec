"""`ttr play` keeps the game: saved after every move (atomically), resumed exactly, and
Ctrl-C asks before leaving (ttr/play/savefile.py, ttr/play/bots.py, ttr/play/session.py)."""
from __future__ import annotations

import io
import json
import os
import re

import pytest
from click.testing import CliRunner
from rich.console import Console

import ttr
from ttr.cli import main
from ttr.play import new_session, resume_session
from ttr.play.savefile import FORMAT, PlaySaveError, read

from play_helpers import CanonicalHuman as Human


def console() -> Console:
    return Console(file=io.StringIO(), width=100, color_system=None, highlight=False)


def play(session, human: Human):
    human.session = session
    return session.run()


def uninterrupted(tmp_path, map_name="usa", bots=("planner", "random"), seat=1, seed=5):
    s = play(new_session(map_name, list(bots), seat=seat, seed=seed, input_fn=(h := Human()), console=console(),
                         save_to=str(tmp_path / "whole.json")), h)
    assert s.game.is_over and not s.quit
    return s.game


def test_every_move_is_saved_atomically(tmp_path, monkeypatch):
    renames = []
    real = os.replace

    def replace(src, dst):
        assert os.path.basename(src).startswith(".g.json.") and str(dst).endswith("g.json")
        renames.append(dst)
        saved = read_json(src)  # the temporary file is whole before it replaces the save
        assert saved["format"] == FORMAT
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    path = tmp_path / "g.json"
    s = play(new_session("usa", ["random"], seat=0, seed=3, input_fn=(h := Human()), console=console(),
                         save_to=str(path)), h)
    assert s.game.is_over
    assert len(renames) == len(s.game.actions) + 1  # once at the start, then after every move
    assert os.listdir(tmp_path) == ["g.json"]       # no temporary file left
    saved = read(path)
    assert saved.game.history == s.game.history and saved.seat == 0 and saved.bots == {1: "random"}


def read_json(p):
    with open(p, encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.parametrize("map_name, bots, seat, stops", [
    ("usa", ("planner", "random"), 1, (9, 31)),
    ("legends-west", ("planner",), 0, (20,)),
])
def test_resume_continues_exactly_as_an_uninterrupted_game(tmp_path, map_name, bots, seat, stops):
    whole = uninterrupted(tmp_path, map_name, bots, seat)
    path = str(tmp_path / "g.json")
    s = play(new_session(map_name, list(bots), seat=seat, seed=5, input_fn=(h := Human({stops[0]: EOFError})),
                         console=console(), save_to=path), h)
    assert s.quit and not s.game.is_over
    for stop in stops[1:] + (None,):  # stopped again, resumed again
        n = len(read(path).game.actions)
        out = console()
        s = play(resume_session(path, input_fn=(h := Human({stop: EOFError})), console=out), h)
        assert f"Resumed after {n} actions" in out.file.getvalue()
    assert s.game.is_over
    assert s.game.history == whole.history  # same bots, same seat, same moves
    assert ttr.save_game(read(path).game) == ttr.save_game(whole)


def test_ctrl_c_asks_before_quitting(tmp_path):
    path = str(tmp_path / "g.json")
    # Ctrl-C at the prompt, "n": play on; Ctrl-C again, then Ctrl-C at the question: quit
    h = Human({3: KeyboardInterrupt, 6: KeyboardInterrupt}, answers=["n", KeyboardInterrupt])
    s = play(new_session("usa", ["random"], seat=0, seed=3, input_fn=h, console=(out := console()),
                         save_to=path), h)
    log = out.file.getvalue()
    assert s.quit and h.questions == [f"Really quit? the game is saved in {path}. [y/N] "] * 2
    assert "Playing on." in log and f"Game abandoned; it is saved in {path}." in log
    assert read(path).game.history == s.game.history
    # end of input at the question quits too; "y" quits; the quit command asks the same question
    for answers in ([EOFError], ["y"]):
        h = Human({2: KeyboardInterrupt}, answers=answers)
        assert play(resume_session(path, input_fn=h, console=console()), h).quit and len(h.questions) == 1
    lines = iter(["quit", "yes"])
    s = resume_session(path, input_fn=lambda p: next(lines), console=console())
    assert s.run().quit


def test_ctrl_c_while_a_bot_thinks_asks_and_the_game_goes_on_unchanged(tmp_path):
    whole = uninterrupted(tmp_path)
    s = new_session("usa", ["planner", "random"], seat=1, seed=5, input_fn=(h := Human(answers=["", "no"])),
                    console=(out := console()), save_to=str(tmp_path / "g.json"))
    h.session = s
    interrupted = []

    class Interrupting:
        def __init__(self, bot):
            self.bot = bot

        def act(self, obs):
            if obs.view["ply"] in (40, 41) and obs.view["ply"] not in interrupted:
                interrupted.append(obs.view["ply"])
                raise KeyboardInterrupt
            return self.bot.act(obs)

    s.match.seats = [x if i == 1 else Interrupting(x) for i, x in enumerate(s.match.seats)]
    s.run()
    assert interrupted and s.game.is_over and not s.quit
    assert out.file.getvalue().count("Playing on.") == len(interrupted)
    assert s.game.history == whole.history


def _save(tmp_path, data, name="bad.json"):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(p)


def test_a_malformed_or_foreign_save_is_refused_naming_the_problem(tmp_path):
    path = str(tmp_path / "g.json")
    play(new_session("usa", ["random"], seat=0, seed=3, input_fn=(h := Human({5: EOFError})), console=console(),
                     save_to=path), h)
    good = read_json(path)
    game = ttr.save_game(ttr.new_game("usa", 2, 3))
    cases = {
        "not json{": r"not a saved game \(not JSON: line 1",
        "[1, 2]": r"not a saved game \(a JSON object is expected\)",
        json.dumps(game): r"a bare game save \(ttr-save/2\), not a `ttr play` save",
        json.dumps({**good, "format": "ttr-play/9"}): r"saved by a newer ttr \(format ttr-play/9\)",
        json.dumps({**good, "format": "chess"}): r"not a `ttr play` save \(format 'chess'",
        json.dumps({k: v for k, v in good.items() if k != "bots"}): r"'bots' is missing",
        json.dumps({**good, "seat": 2}): r"seat: 2 is not a seat of this 2-player game \(0-1\)",
        json.dumps({**good, "bots": [None, "genius"]}): r"bots\[1\]: unknown bot 'genius'",
        json.dumps({**good, "bots": ["random", "random"]}): r"bots\[0\]: your seat has no bot",
        json.dumps({**good, "game": {**good["game"], "seed": 4}}): r"game: save: the history does not replay",
    }
    for text, message in cases.items():
        p = _save(tmp_path, text)
        with pytest.raises(PlaySaveError, match=message):
            read(p)
        res = CliRunner().invoke(main, ["play", "--resume", p], input="")
        assert res.exit_code == 1 and "Traceback" not in res.output, res.output
        assert re.search(message, " ".join(res.output.split())), (message, res.output)
        assert p in res.output
    res = CliRunner().invoke(main, ["play", "--resume", str(tmp_path / "missing.json")])
    assert res.exit_code == 1 and "no saved game" in res.output


def test_cli_play_saves_in_the_data_directory_and_resume_plays_on(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    g = ttr.new_game("usa", 2, 3)
    keep = " ".join(map(str, g.view(0)["you"]["offer"]))
    res = CliRunner().invoke(main, ["play", "--map", "usa", "--bots", "greedy", "--seed", "3"],
                             input=f"k {keep}\nd deck\nd deck\n")
    out = res.output
    assert res.exit_code == 0, out
    m = re.search(r"Saving the game in (\S+\.json) after every move", out)
    assert m and m.group(1).startswith(str(tmp_path / "data" / "ttr" / "games" / "usa-")), out
    path = m.group(1)
    assert f"Game abandoned; it is saved in {path}." in out and f"Play on with: ttr play --resume {path}" in out
    saved = read(path)
    assert saved.bots == {1: "greedy"} and saved.seat == 0 and saved.game.seed == 3
    n = len(saved.game.actions)
    res = CliRunner().invoke(main, ["play", "--resume", path], input="d deck\nd deck\n")
    assert res.exit_code == 0, res.output
    assert f"Resumed after {n} actions" in res.output and "seat 1: greedy" in res.output
    assert len(read(path).game.actions) > n
    # the saved game's own set-up is kept: new-game options are refused
    res = CliRunner().invoke(main, ["play", "--resume", path, "--bots", "random", "--seed", "4"])
    assert res.exit_code == 2 and "drop --bots, --seed" in res.output
    # --save never overwrites a file
    res = CliRunner().invoke(main, ["play", "--save", path])
    assert res.exit_code == 2 and "exists: play it on with --resume" in res.output
