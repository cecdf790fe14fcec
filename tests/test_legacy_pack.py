"""Content packs: the demo pack, and clear errors for malformed packs."""
from __future__ import annotations

import copy
import json

import pytest

from ttr.editions.legacy import ContentError
from ttr.editions.legacy.pack import (
    PACK_DIR,
    YEARS,
    default_setup,
    load_pack,
    parse_pack,
)

DEMO = json.loads((PACK_DIR / "demo.json").read_text())


def test_demo_pack_is_marked_demo_and_follows_the_rulebooks_structure():
    p = load_pack("demo")
    assert p.demo and all(e.demo and e.name.endswith("(demo)") for e in p.events.values())
    assert len(p.start_events) == 7 and p.trains[0] == 20 and len(p.trains) == 12
    assert {s.number: s.kind for s in p.steps} == {3: "company_route", 12: "big_city"}
    kinds = {p.events[i].kind for i in p.start_events}
    assert kinds == {"persistent", "lightning"}  # both kinds are exercised from game 1


def test_years_of_the_campaign():
    assert YEARS == (1865, 1868, 1871, 1874, 1877, 1880, 1883, 1886, 1889, 1892, 1895, 1898)


def test_pack_setup_for_a_later_game():
    p = load_pack("demo")
    s = p.setup(4, companies=("red", "green", "blue"), events=("demo-bank-panic",), company_bonus=9)
    assert s.trains == p.trains[3] and s.year == 1874 and s.company_bonus == 9 and s.companies == ("red", "green", "blue")
    assert [e.id for e in s.events] == ["demo-bank-panic"]
    with pytest.raises(ContentError, match="games 1-12"):
        p.setup(13)


def test_default_setup_is_demo_game_one():
    s = default_setup(3)
    assert s.companies == ("blue", "black", "red") and s.trains == 20 and s.year == 1865 and s.demo


def _bad(mutate):
    d = copy.deepcopy(DEMO)
    mutate(d)
    return d


@pytest.mark.parametrize("mutate,match", [
    (lambda d: d.update(format="ttr-legacy-pack/9"), "format"),
    (lambda d: d["trains"].__setitem__(0, 24), "game 1 is played with 20 trains"),
    (lambda d: d["trains"].pop(), "trains"),
    (lambda d: d["trains"].__setitem__(5, 80), r"trains\[5\]"),
    (lambda d: d["steps"].pop(0), "step 3 'company_route'"),
    (lambda d: d["steps"].append({"number": 12, "kind": "route_bonus", "amount": 1}), "used twice"),
    (lambda d: d["start_events"].append("nope"), r"start_events: unknown event id\(s\) \['nope'\]"),
    (lambda d: d["start_events"].append(d["start_events"][0]), "listed twice"),
    (lambda d: d["events"].append(dict(d["events"][0])), "defined twice"),
    (lambda d: d["events"][0].update(amount=0), "non-zero amount"),
    (lambda d: d["events"][0].update(kind="persistent"), "needs a 'step'"),
    (lambda d: d["events"][5].update(step={"number": 7, "kind": "big_city"}), "route_bonus, route_fee or route_cards"),
    (lambda d: d["events"][0].update(effect="teleport"), "effect"),
    (lambda d: d["events"][0].update(colour="red"), "colour"),
    (lambda d: d["between_games"][0].update(add_events=["ghost"]), r"after game 2.*unknown event"),
    (lambda d: d["between_games"][1]["add_steps"][0].update(number=3), "used twice"),
    (lambda d: d["between_games"].append({"after": 2}), "two entries for the same game"),
    (lambda d: d["between_games"].append({"after": 12}), "after"),
    (lambda d: d["absent"].update(rule="median"), "absent.rule"),
    (lambda d: d.update(company_bonus=-1), "company_bonus"),
])
def test_malformed_pack_names_the_entry_and_the_problem(mutate, match):
    with pytest.raises(ContentError, match=match):
        parse_pack(_bad(mutate), where="content pack test.json")


def test_pack_file_errors(tmp_path):
    with pytest.raises(ContentError, match="no such file"):
        load_pack(str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(ContentError, match=r"not JSON \(line 1"):
        load_pack(str(bad))
    arr = tmp_path / "arr.json"
    arr.write_text("[]")
    with pytest.raises(ContentError, match="a content pack is a JSON object"):
        load_pack(str(arr))


def test_an_owners_pack_file_loads_and_plays(tmp_path):
    import ttr
    mine = copy.deepcopy(DEMO)
    mine.update(name="owner", title="My pack", demo=False, company_bonus=6)
    for e in mine["events"]:
        e["demo"] = False
    path = tmp_path / "owner.json"
    path.write_text(json.dumps(mine))
    p = load_pack(str(path))
    s = p.setup(1, companies=("green", "yellow"))
    assert not s.demo and s.company_bonus == 6
    g = ttr.new_game("legends-west", 2, seed=1, setup=s)
    assert g.setup.pack == "owner" and g.money == [5, 5]
