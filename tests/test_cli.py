"""The `ttr` command (click) and the simulation summaries behind it."""
from __future__ import annotations

import json
import math
import re
import statistics
from pathlib import Path

import pytest
from click.testing import CliRunner

import ttr
import ttr.native
from ttr.cli import main
from ttr.runtime.sim import GameRecord, play_game, record, summarize


def run(*args: str):
    res = CliRunner().invoke(main, list(args))
    return res, res.output


def assert_clean_error(res, out: str, *words: str) -> None:
    """A non-zero exit with a message, not a Python traceback."""
    assert res.exit_code != 0
    assert isinstance(res.exception, SystemExit), f"crashed with {res.exception!r}"
    assert "Traceback" not in out
    assert "Error" in out
    for w in words:
        assert re.search(w, out, re.I), f"{w!r} not in {out!r}"


def turns_played(g) -> int:
    """Turns after the initial ticket choices: each turn is a run of actions by one seat (2+ players)."""
    seats = g.seats[g.num_players:]
    return 0 if not seats else 1 + sum(1 for a, b in zip(seats, seats[1:]) if a != b)


# ---------------------------------------------------------------- simulate

SIM = ("simulate", "--map", "europe", "--players", "4", "--games", "5", "--seed", "1")


@pytest.fixture(scope="module")
def europe_records():
    return [record(play_game("europe", 4, 1 + i)) for i in range(5)]


def test_simulate_prints_the_summary(europe_records):
    res, out = run(*SIM)
    assert res.exit_code == 0, out
    s = summarize(europe_records, 4)
    assert re.search(r"score: mean -?\d+\.\d, sd \d+\.\d", out)
    assert f"mean {s['score_mean']:.1f}, sd {s['score_sd']:.1f}" in out
    assert f"tickets completed: {s['ticket_completion']:.1%}" in out
    assert f"game length: {s['turns_mean']:.1f} turns" in out
    assert "win rate" in out
    for seat in range(4):
        assert re.search(rf"^\s*{seat}\s+planner\s+{re.escape(format(s['win_rate_by_seat'][seat], '.1%'))}", out, re.M), out
    assert "5 games of europe, 4 players" in out and "seeds 1..5" in out


def test_simulate_json(europe_records):
    res, out = run(*SIM, "--json")
    assert res.exit_code == 0, out
    s = json.loads(res.stdout)
    assert s["games"] == 5
    assert math.isclose(sum(s["win_rate_by_seat"]), 1.0)
    assert len(s["win_rate_by_seat"]) == len(s["score_by_seat"]) == 4
    assert 0 <= s["ticket_completion"] <= 1
    assert s["turns_mean"] > 0 and s["score_sd"] >= 0 and s["actions_mean"] > s["turns_mean"]
    # the same seeds give the same games: the summary equals one computed directly
    assert {k: s[k] for k in summarize(europe_records, 4)} == json.loads(json.dumps(summarize(europe_records, 4)))
    # and it names what was run
    assert (s["map"], s["players"], s["bots"], s["seed"]) == ("europe", 4, ["planner"] * 4, 1)
    assert s["ttr_version"] == ttr.__version__ and s["stopped_early"] is False
    # and the command is deterministic
    assert run(*SIM, "--json")[1] == out


def test_simulate_json_usa_two_players():
    res, out = run("simulate", "--map", "usa", "--players", "2", "--games", "3", "--seed", "7", "--json")
    assert res.exit_code == 0, out
    s = json.loads(res.stdout)
    assert s["games"] == 3 and math.isclose(sum(s["win_rate_by_seat"]), 1.0)


# ------------------------------------------------------------------- bench

def test_bench_json():
    res, out = run("bench", "--map", "usa", "--players", "2", "--games", "3", "--runs", "2", "--engine", "python",
                   "--json")
    assert res.exit_code == 0, out
    data = json.loads(res.stdout)
    assert data["ttr_version"] == ttr.__version__
    rows = data["results"]
    assert isinstance(rows, list) and len(rows) == 1
    r = rows[0]
    assert r["map"] == "usa" and r["players"] == 2 and r["games_per_run"] == 3 and r["runs"] == 2
    assert r["engine"] == "python" and r["path"] == "face"
    assert r["games_per_s"] > 0
    assert r["games_per_s_min"] <= r["games_per_s"] <= r["games_per_s_max"]
    assert r["us_per_action"] > 0 and r["clone_us"] > 0


@pytest.mark.skipif(not ttr.native.available(), reason="the native core is not built")
def test_bench_shows_both_engines_side_by_side():
    res, out = run("bench", "--map", "usa", "--players", "2", "--games", "3", "--runs", "1", "--json")
    assert res.exit_code == 0, out
    rows = json.loads(res.stdout)["results"]
    assert [(r["engine"], r["path"]) for r in rows] == [("python", "face"), ("native", "face"), ("native", "batch")]
    assert all(r["games_per_s"] > 0 for r in rows) and rows[2]["threads"] == 1
    res, out = run("bench", "--map", "legends-west", "--players", "3", "--games", "2", "--runs", "1", "--engine",
                   "native", "--json")  # (Legacy too: game 1 of the demo pack)
    assert res.exit_code == 0, out
    assert [(r["engine"], r["path"]) for r in json.loads(res.stdout)["results"]] == [("native", "face"), ("native", "batch")]


@pytest.mark.skipif(not ttr.native.available(), reason="the native core is not built")
def test_bench_on_the_native_engine_takes_the_targets_it_plays():
    res, out = run("bench", "--games", "1", "--runs", "1", "--engine", "native", "--json")
    assert res.exit_code == 0, out
    rows = json.loads(res.stdout)["results"]
    assert {(r["map"], r["path"]) for r in rows} == {("usa", "face"), ("usa", "batch"), ("europe", "face"),
                                                     ("europe", "batch"), ("nordic", "face"), ("nordic", "batch"),
                                                     ("world", "face"), ("world", "batch")}


def test_bench_table():
    res, out = run("bench", "--map", "europe", "--players", "3", "--games", "2", "--runs", "1")
    assert res.exit_code == 0, out
    assert "games/s" in out and "europe" in out


# -------------------------------------------------------------------- demo

def test_demo_prints_turns_and_final_scores():
    res, out = run("demo", "--map", "europe", "--players", "4", "--seed", "1")
    assert res.exit_code == 0, out
    assert re.search(r"turn\s+1 seat 0 \(planner\): ", out)
    assert "keeps" in out and "ticket" in out
    assert "Final scores" in out
    g = play_game("europe", 4, 1)
    r = g.result()
    rows = re.findall(r"^\s*(\d+)\s+(\d+)\s+(-?\d+)\s", out, re.M)
    assert [(int(a), int(b), int(c)) for a, b, c in rows] == [
        (r["players"][s]["rank"], s, r["players"][s]["total"]) for s in r["ranking"]]


def test_demo_final_turn_count_matches_the_turns_printed():
    """The table title's turn count equals the number of the last turn printed."""
    res, out = run("demo", "--map", "europe", "--players", "4", "--seed", "1")
    assert res.exit_code == 0, out
    last = max(int(n) for n in re.findall(r"^turn\s+(\d+) seat", out, re.M))
    title = int(re.search(r"Final scores:.*?(\d+) turns", out).group(1))
    assert title == last, f"the demo printed {last} turns but the final table says {title}"


def test_demo_usa_with_named_agents():
    res, out = run("demo", "--map", "usa", "--players", "2", "--seed", "3", "--agents", "random,random")
    assert res.exit_code == 0, out
    assert "Final scores" in out


# ------------------------------------------------------------------ errors

@pytest.mark.parametrize("cmd", [["simulate", "--games", "1"], ["demo"], ["bench", "--games", "1", "--runs", "1"]])
def test_bad_map_name(cmd):
    res, out = run(*cmd, "--map", "mars")
    assert_clean_error(res, out, "map", "mars")


@pytest.mark.parametrize("cmd", [["simulate", "--games", "1"], ["demo"], ["bench", "--games", "1", "--runs", "1"]])
@pytest.mark.parametrize("players", ["6", "1"])
def test_unsupported_player_count(cmd, players):
    res, out = run(*cmd, "--map", "europe", "--players", players)
    assert_clean_error(res, out, "2-5 players", players)


@pytest.mark.parametrize("players", ["0", "9", "x"])
def test_player_count_out_of_range_or_not_a_number(players):
    res, out = run("simulate", "--map", "usa", "--games", "1", "--players", players)
    assert_clean_error(res, out, "players")


def test_unknown_agent():
    res, out = run("simulate", "--map", "usa", "--players", "2", "--games", "1", "--agents", "genius")
    assert_clean_error(res, out, "genius", "unknown bot")
    assert res.exit_code == 2


def test_games_must_be_positive():
    res, out = run("simulate", "--map", "usa", "--players", "2", "--games", "0")
    assert_clean_error(res, out, "games")


def test_version_and_help():
    res, out = run("--version")
    assert res.exit_code == 0 and ttr.__version__ in out
    res, out = run("--help")
    assert res.exit_code == 0
    for cmd in ("simulate", "bench", "demo"):
        assert cmd in out


# --------------------------------------------------------------- summarize

def rec(totals, winners, turns, actions, kept, done, seed=0) -> GameRecord:
    return GameRecord(seed, tuple(totals), tuple(winners), turns, actions, tuple(kept), tuple(done))


def test_summarize_exact_values():
    records = [
        rec((10, 20), (1,), 10, 30, (2, 3), (1, 2)),
        rec((30, 30), (0, 1), 20, 50, (3, 2), (3, 0)),   # shared win: half each
        rec((5, -5), (0,), 30, 70, (2, 2), (0, 0)),
        rec((1, 2), (1,), 40, 90, (1, 1), (1, 0)),
    ]
    s = summarize(records, 2)
    assert s["games"] == 4
    assert s["win_rate_by_seat"] == [pytest.approx(1.5 / 4), pytest.approx(2.5 / 4)]
    assert sum(s["win_rate_by_seat"]) == pytest.approx(1.0)
    assert s["score_mean"] == pytest.approx(93 / 8)
    assert s["score_sd"] == pytest.approx(statistics.pstdev([10, 20, 30, 30, 5, -5, 1, 2]))
    assert s["score_by_seat"] == [pytest.approx(46 / 4), pytest.approx(47 / 4)]
    assert s["ticket_completion"] == pytest.approx(7 / 16)
    assert s["turns_mean"] == pytest.approx(25)
    assert s["turns_sd"] == pytest.approx(statistics.pstdev([10, 20, 30, 40]))
    assert s["actions_mean"] == pytest.approx(60)


def test_summarize_three_way_tie_and_no_tickets():
    records = [rec((7, 7, 7), (0, 1, 2), 5, 9, (0, 0, 0), (0, 0, 0)),
               rec((1, 9, 3), (1,), 7, 11, (0, 0, 0), (0, 0, 0))]
    s = summarize(records, 3)
    assert s["win_rate_by_seat"] == [pytest.approx(1 / 6), pytest.approx(4 / 6), pytest.approx(1 / 6)]
    assert s["ticket_completion"] == 0.0
    assert s["score_by_seat"] == [pytest.approx(4), pytest.approx(8), pytest.approx(5)]
    assert s["turns_mean"] == pytest.approx(6) and s["actions_mean"] == pytest.approx(10)


def test_summarize_single_game():
    s = summarize([rec((3, 4), (1,), 12, 20, (2, 2), (2, 1))], 2)
    assert s["win_rate_by_seat"] == [0.0, 1.0]
    assert s["score_sd"] == pytest.approx(0.5) and s["turns_sd"] == 0.0
    assert s["ticket_completion"] == pytest.approx(0.75)


@pytest.mark.parametrize("map_name,players,seed", [("usa", 3, 2), ("europe", 2, 5), ("europe", 5, 9)])
def test_record_of_a_real_game(map_name, players, seed):
    g = play_game(map_name, players, seed)
    r = record(g)
    res = g.result()
    assert r.seed == seed
    assert r.totals == tuple(p["total"] for p in res["players"])
    assert r.winners == tuple(res["winners"])
    assert r.actions == len(g.history)
    assert r.tickets_kept == tuple(len(ttr.save_game(g)["players"][p]["tickets"]) for p in range(players))
    assert r.tickets_done == tuple(len(p["tickets_completed"]) for p in res["players"])


@pytest.mark.parametrize("map_name,players,seed", [("usa", 3, 2), ("europe", 5, 9)])
def test_record_turns_counts_the_turns_played(map_name, players, seed):
    """GameRecord.turns (the 'game length' of simulate) is the number of turns played."""
    g = play_game(map_name, players, seed)
    r = record(g)
    assert r.turns == turns_played(g), f"record says {r.turns} turns, {turns_played(g)} were played"


# ----------------------------------------------------------------- legacy

def test_simulate_bench_and_demo_work_on_legends_west():
    res, out = run("simulate", "--map", "legends-west", "--players", "3", "--games", "4", "--seed", "2", "--json",
                   "--agents", "planner")
    assert res.exit_code == 0, out
    s = json.loads(res.stdout)
    assert s["games"] == 4 and math.isclose(sum(s["win_rate_by_seat"]), 1.0)
    res, out = run("bench", "--map", "legends-west", "--players", "4", "--games", "3", "--runs", "1", "--json")
    assert res.exit_code == 0, out
    assert json.loads(res.stdout)["results"][0]["map"] == "legends-west"
    res, out = run("demo", "--map", "legends-west", "--players", "2", "--seed", "3")
    assert res.exit_code == 0, out
    assert "slip $" in out and "held $" in out and "never below $0" in out


# ------------------------------------------------- usage, the same everywhere

BOT_COMMANDS = [["demo"], ["simulate", "--games", "1"], ["arena", "--games", "1", "--workers", "1"], ["play"],
                ["campaign", "play", "nowhere.db"]]


@pytest.mark.parametrize("cmd", BOT_COMMANDS, ids=lambda c: " ".join(c[:2]))
@pytest.mark.parametrize("flag", ["--bots", "--agents"])
def test_unknown_bot_is_a_usage_error_with_a_suggestion_on_every_command(cmd, flag):
    res, out = run(*cmd, flag, "planner,planer")
    assert res.exit_code == 2, out
    assert "unknown bot 'planer'. Did you mean 'planner'?" in " ".join(out.split()), out
    assert "Traceback" not in out


PLAYER_COMMANDS = [["demo"], ["simulate", "--games", "1"], ["arena", "--games", "1", "--workers", "1", "--bots",
                                                              "random"], ["play"], ["bench", "--games", "1",
                                                                                    "--runs", "1"]]


@pytest.mark.parametrize("cmd", PLAYER_COMMANDS, ids=lambda c: c[0])
def test_players_help_shows_each_boards_range_and_a_count_outside_is_exit_2(cmd):
    res, out = run(cmd[0], "--help")
    assert res.exit_code == 0
    flat = " ".join(out.split())
    assert "(2-5 on most boards; nordic 2-3)" in flat, out
    res, out = run(*cmd, "--map", "nordic", "--players", "4")
    assert res.exit_code == 2, out
    assert "nordic is for 2-3 players, not 4" in out


@pytest.mark.parametrize("cmd", [["demo", "--seed", "x"], ["simulate", "--games", "0"], ["bench", "--runs", "0"],
                                 ["arena"], ["play", "--seat", "-1"], ["play", "--bots", ","],
                                 ["campaign", "play"], ["campaign", "new", "x.db"], ["nosuchcommand"]])
def test_usage_errors_exit_2_on_every_command(cmd):
    res, out = run(*cmd)
    assert res.exit_code == 2, out
    assert "Usage:" in out and "Traceback" not in out


def test_default_opponents_are_planners(tmp_path):
    from ttr.commands.play import opponents
    res, out = run("demo", "--map", "usa", "--players", "2", "--seed", "3")
    assert "seat 0 (planner)" in out and "seat 1 (planner)" in out
    s = json.loads(run("simulate", "--map", "usa", "--players", "2", "--games", "1", "--json")[1])
    assert s["bots"] == ["planner", "planner"]
    assert opponents("europe", None, None, 0) == ["planner"] * 3       # ttr play: 4 players
    assert opponents("nordic", None, None, 0) == ["planner"] * 2       # or the board's most
    assert opponents("usa", 3, ["random"], 2) == ["random"] * 2        # cycled over --players
    assert opponents("usa", None, ["random"], 0) == ["random"]         # else one seat per bot named
    # make run: the browser game (the client built first), served and opened
    makefile = (Path(__file__).parent.parent / "Makefile").read_text()
    run_rule = makefile[makefile.index("\nrun:"):].split("\n\n")[0]
    assert "$(CLIENT)" in run_rule.splitlines()[1] and "$(BIN)/ttr serve --open" in run_rule


# ------------------------------------------- progress, Ctrl-C, lazy schedule, JSON

def test_bench_reports_progress(monkeypatch):
    import ttr.commands.bench as bench_cmd
    advanced = []
    real = bench_cmd.progress

    def recording(label, total, unit="games"):
        ctx = real(label, total, unit)

        class Wrap:
            def __enter__(self):
                update = ctx.__enter__()
                return lambda done, total: (advanced.append(done), update(done, total))

            def __exit__(self, *exc):
                return ctx.__exit__(*exc)
        return Wrap()

    monkeypatch.setattr(bench_cmd, "progress", recording)
    res, out = run("bench", "--map", "usa", "--players", "2", "--games", "2", "--runs", "3", "--engine", "python")
    assert res.exit_code == 0, out
    assert advanced == [1, 2, 3]  # one step per run
    advanced.clear()
    res, out = run("bench", "--games", "1", "--runs", "2", "--json", "--engine", "python")
    assert len(advanced) == 2 * 4  # every run of every target setup


def test_ctrl_c_in_simulate_prints_the_results_of_the_games_finished(monkeypatch):
    import ttr.runtime.sim as sim
    real, calls = sim.play_game, []

    def play_then_interrupt(*args, **kw):
        calls.append(args)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(sim, "play_game", play_then_interrupt)
    res, out = run("simulate", "--map", "usa", "--players", "2", "--games", "50", "--bots", "random")
    assert res.exit_code == 130, out  # the convention after Ctrl-C, the results printed first
    assert "Stopped (Ctrl-C): 3 of 50 games finished." in out and "3 games of usa, 2 players" in out
    assert "seeds 1..3" in out
    calls.clear()
    res = CliRunner().invoke(main, ["simulate", "--map", "usa", "--players", "2", "--games", "50", "--bots", "random",
                                    "--json"])
    s = json.loads(res.stdout)
    assert res.exit_code == 130 and s["games"] == 3 and s["stopped_early"] is True and s["games_asked"] == 50


def test_ctrl_c_in_arena_prints_the_results_of_the_games_finished(monkeypatch):
    import ttr.runtime.arena as arena
    real, calls = arena.play_task, []

    def play_then_interrupt(task):
        calls.append(task)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(arena, "play_task", play_then_interrupt)
    res, out = run("arena", "--map", "usa", "--players", "2", "--bots", "random,greedy", "--games", "20",
                   "--workers", "1")
    assert res.exit_code == 130, out
    # 3 games finished: seed 1 in both seat orders, seed 2 in one only, which is left out (it would
    # break the pairing: one bot would have had seed 2's first seat only)
    flat = " ".join(out.split())
    assert "Stopped (Ctrl-C) after 3 of 40 games: the results are over the 1 match played in every seat " \
           "rotation (1 game of unfinished matches left out)." in flat, out
    assert "2 games of usa, 2 players: 1 seed (1) x 2 seat rotations" in flat and "head to head" in out
    assert "20 seeds" not in out
    calls.clear()
    res = CliRunner().invoke(main, ["arena", "--map", "usa", "--players", "2", "--bots", "random,greedy", "--games",
                                    "20", "--workers", "1", "--json"])
    s = json.loads(res.stdout)
    assert res.exit_code == 130 and s["stopped_early"] is True
    assert (s["matches"], s["matches_asked"], s["games"], s["games_finished"], s["games_left_out"],
            s["games_planned"], s["seeds_played"]) == (1, 20, 2, 3, 1, 40, [[1, 1]])
    assert sum(b["games"] for b in s["bots_stats"]) == 4  # 2 games x 2 seats


def test_ctrl_c_in_a_parallel_arena_keeps_the_games_finished():
    from ttr.runtime.arena import run_arena

    def progress(done, total):
        if done == 3:
            raise KeyboardInterrupt

    r = run_arena("usa", 2, ["random", "random"], games=100, seed=1, workers=2, progress=progress)
    assert r.stopped and r.finished >= 3 and r.summary()["games_planned"] == 200
    # only whole matches: every seed kept is there in both rotations
    assert sorted((g.seed, g.rotation) for g in r.records) == [(s, k) for s in r.seeds_played
                                                                              for k in (0, 1)]
    assert r.left_out == r.finished - len(r.records)


def test_arena_schedules_games_lazily():
    """A billion matches: the schedule is made as games are needed, so a stop after a few games
    returns at once, with little memory."""
    import time
    import tracemalloc
    from itertools import islice

    from ttr.runtime.arena import run_arena, schedule

    t0 = time.perf_counter()
    assert [t.index for t in islice(schedule("usa", 2, ["random"], 10 ** 9, 1), 3)] == [0, 1, 2]

    def stop_after_two(done, total):
        assert total == 2 * 10 ** 9
        if done == 2:
            raise KeyboardInterrupt

    for workers in (1, 2):
        tracemalloc.start()
        r = run_arena("usa", 2, ["random", "random"], games=10 ** 9, seed=1, workers=workers, progress=stop_after_two)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        # stopped after 2 games finished (more may finish meanwhile); only whole seat rotations count
        assert r.stopped and 2 <= r.finished <= 2 + 4 * workers and len(r.records) % 2 == 0
        assert len(r.records) <= r.finished
        assert peak < 20 * 2 ** 20, f"{peak / 2 ** 20:.0f} MB"
    assert time.perf_counter() - t0 < 60


def test_json_output_names_map_players_bots_seed_and_version(tmp_path):
    s = json.loads(run("simulate", "--map", "usa", "--players", "2", "--games", "1", "--seed", "4",
                       "--bots", "random", "--json")[1])
    assert (s["map"], s["players"], s["bots"], s["seed"], s["ttr_version"]) == (
        "usa", 2, ["random", "random"], 4, ttr.__version__)
    s = json.loads(run("arena", "--map", "usa", "--players", "2", "--bots", "random,greedy", "--games", "1",
                       "--seed", "4", "--workers", "1", "--json", "-")[1])
    assert (s["map"], s["players"], s["bots"], s["seed"], s["ttr_version"]) == (
        "usa", 2, ["random", "greedy"], 4, ttr.__version__)
    s = json.loads(run("bench", "--map", "usa", "--players", "2", "--games", "1", "--runs", "1", "--json")[1])
    row = s["results"][0]
    assert s["ttr_version"] == ttr.__version__
    assert (row["map"], row["players"], row["bots"], row["seed"]) == ("usa", 2, ["random", "random"], 0)


@pytest.mark.parametrize("hint,expected", [(None, "choose another port with --port N"),
                                           ("make run PORT=N", "choose another port with make run PORT=N")])
def test_serve_on_a_busy_port_names_the_way_its_user_chooses_another(monkeypatch, hint, expected):
    """`ttr serve` says --port; under `make run` (which sets TTR_PORT_HINT) it says PORT=."""
    import socket
    if hint is None:
        monkeypatch.delenv("TTR_PORT_HINT", raising=False)
    else:
        monkeypatch.setenv("TTR_PORT_HINT", hint)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        res, out = run("serve", "--host", "127.0.0.1", "--port", str(port))
    assert res.exit_code == 1 and f"cannot listen on 127.0.0.1:{port}" in out and expected in out
