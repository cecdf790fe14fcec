"""ttr.ActionSpace: integer ids that match the legal actions exactly, in every phase, on every
board and player count; stable ids (golden files); clear errors that change nothing."""
from __future__ import annotations

import os
import random
from pathlib import Path

import numpy as np
import pytest

import ttr
from ttr.editions import player_range
from ttr.engine import CLAIM, DRAW, KEEP, Action
from ttr.formats.action_space import BLOCKS, STEP_ABOVE

MAPS = ("usa", "europe", "nordic", "world", "great-lakes", "legends-west")
COMBOS = [(m, p) for m in MAPS for p in player_range(m)]
GOLDEN = Path(__file__).parent / "golden" / "action_space"
UPDATE = os.environ.get("TTR_UPDATE_GOLDEN") == "1"
EXHAUSTIVE = 1500  # stepped payments in a position up to which every payment step is walked
PHASES = {
    "usa": {"initial-tickets", "turn", "second-card", "keep-tickets"},
    "europe": {"initial-tickets", "turn", "second-card", "keep-tickets", "tunnel"},
    "nordic": {"initial-tickets", "turn", "second-card", "keep-tickets", "tunnel"},
    "world": {"initial-tickets", "choose-pieces", "turn", "second-card", "keep-tickets"},
    "great-lakes": {"initial-tickets", "choose-pieces", "turn", "second-card", "keep-tickets"},
    "legends-west": {"initial-tickets", "turn", "second-card", "keep-tickets"},
}


# ------------------------------------------------------------------ helpers

def pick(game: ttr.Game, rng: random.Random, draw_bias: float) -> Action:
    """A random legal action: a kind first (draws with probability draw_bias when offered), then
    a segment of that kind by size, then an action of it (indexing the lazy payments)."""
    segs = [s for s in game.legal_actions().segments if s[1] and s[2]]
    kinds = sorted({s[0] for s in segs})
    kind = DRAW if DRAW in kinds and rng.random() < draw_bias else rng.choice(kinds)
    segs = [s for s in segs if s[0] == kind]
    kind, targets, pays = rng.choices(segs, weights=[len(t) * len(p) for _, t, p in segs])[0]
    return Action(kind, targets[rng.randrange(len(targets))], pays[rng.randrange(len(pays))])


def positions(map_name: str, players: int, seed: int, draw_bias: float, limit: int):
    """The positions of one random game (the same Game object, changed between yields)."""
    rng = random.Random(seed)
    g = ttr.new_game(map_name, players, seed=seed, random_first=seed % 2 == 1)
    for _ in range(limit):
        if g.is_over:
            return
        yield g
        g.apply_unchecked(pick(g, rng, draw_bias))


def stepped_legal(space: ttr.ActionSpace, game: ttr.Game) -> dict:
    """Route -> its legal payments, for the routes claimed in payment steps."""
    stepped = set(space.stepped_routes)
    out = {}
    for kind, targets, pays in game.legal_actions().segments:
        if kind == CLAIM and pays:
            for r in targets:
                if r in stepped:
                    out[r] = pays
    return out


def walk(space: ttr.ActionSpace, game: ttr.Game, prefix: tuple) -> set:
    """Every action reachable through the masks from `prefix`: each masked-in step decodes to a
    legal action or leads on; a partial move always has a next step."""
    out = set()
    ids = space.legal_ids(game, prefix)
    assert np.array_equal(ids, np.flatnonzero(space.mask(game, prefix)))
    assert len(ids) or not prefix, f"the partial move {prefix} has no next step"
    for i in ids:
        a = space.decode(int(i), game, prefix)
        if a is None:
            out |= walk(space, game, prefix + (int(i),))
        else:
            assert a not in out
            out.add(a)
    return out


def descend(space: ttr.ActionSpace, game: ttr.Game, first: int, rng: random.Random) -> Action:
    """Follow random masked-in steps from a multi-step first id to a whole action."""
    prefix = (first,)
    while True:
        ids = space.legal_ids(game, prefix)
        assert len(ids), f"the partial move {prefix} has no next step"
        i = int(rng.choice(ids))
        a = space.decode(i, game, prefix)
        if a is not None:
            return a
        prefix += (i,)


def check_steps(space: ttr.ActionSpace, game: ttr.Game, a: Action) -> None:
    """encode_steps gives a path the masks allow, decoding to `a` at its end only."""
    steps = space.encode_steps(a, game)
    assert space.encode(a, game) == steps[0]
    for j, i in enumerate(steps):
        m = space.mask(game, steps[:j])
        assert m[i], f"{a}: step {j} ({space.describe(i)}) is masked out"
        d = space.decode(i, game, steps[:j])
        assert d == (a if j == len(steps) - 1 else None)


def check_position(space: ttr.ActionSpace, game: ttr.Game, rng: random.Random, samples: int = 8) -> int:
    """The mask equals the legal actions of this position; returns how many were checked.
    Payment steps are walked in full where the stepped payments are few (EXHAUSTIVE), else
    sampled both ways: legal payments are reachable step by step, and random walks through the
    masks end in legal payments (`samples` of each per route)."""
    legal = game.legal_actions()
    first = space.legal_ids(game)
    assert np.array_equal(first, np.flatnonzero(space.mask(game)))
    firsts = {int(i): space.decode(int(i), game) for i in first}
    stepped = stepped_legal(space, game)
    is_stepped = set(stepped)
    # one-step actions: exactly the legal ones, each encoded to its own id
    one_step = _unstepped(legal, is_stepped)
    assert {a for a in firsts.values() if a is not None} == set(one_step)
    for a in one_step:
        i = space.encode(a, game)
        assert firsts[i] == a and space.encode_steps(a, game) == (i,)
    # multi-step claims: one first id per legal stepped route
    claim_ids = {i for i, a in firsts.items() if a is None}
    assert claim_ids == {space.encode(Action(CLAIM, r, pays[0])) for r, pays in stepped.items()}
    if sum(len(p) for p in stepped.values()) <= EXHAUSTIVE:
        reached = set()
        for i in claim_ids:
            reached |= walk(space, game, (i,))
        assert reached == {Action(CLAIM, r, p) for r, pays in stepped.items() for p in pays}
    for r, pays in stepped.items():
        for _ in range(samples):
            check_steps(space, game, Action(CLAIM, r, pays[rng.randrange(len(pays))]))
    for i in sorted(claim_ids):
        for _ in range(samples):
            assert descend(space, game, i, rng) in legal
    return len(legal)


def _unstepped(legal, stepped: set) -> list:
    """The legal actions other than stepped claims, without listing the stepped payments."""
    return [Action(kind, t, p) for kind, targets, pays in legal.segments
            if not (kind == CLAIM and set(targets) & stepped) for t in targets for p in pays]


# ------------------------------------------------------------------ layout and golden files

def golden_text(space: ttr.ActionSpace) -> str:
    m = space.rules.map.name
    blocks = ", ".join(f"{b.name} {b.start}-{b.stop - 1}" for b in space.blocks)
    head = [
        f"# ttr action space, map {m}: the same for every player count ({player_range(m).start}-"
        f"{player_range(m).stop - 1}), built here with {space.rules.players}",
        f"# n = {space.n}; routes claimed in payment steps: {len(space.stepped_routes)} "
        f"(more than {STEP_ABOVE} payments over all hands)",
        f"# blocks: {blocks}",
        "# Ids are what trained agents hold on to: a change to this file renumbers them. To regenerate it",
        "# on purpose: TTR_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_action_space.py -k golden",
    ]
    return "\n".join(head + [f"{i}\t{space.describe(i)}" for i in range(space.n)]) + "\n"


@pytest.mark.parametrize("map_name", MAPS)
def test_golden_ids(map_name):
    """Ids are stable: n and every id's text equal the golden file, for every player count."""
    path = GOLDEN / f"{map_name}.txt"
    texts = {p: golden_text(ttr.ActionSpace(map_name, p)).split("\n", 1)[1] for p in player_range(map_name)}
    assert len(set(texts.values())) == 1, "the ids depend on the player count"
    text = golden_text(ttr.ActionSpace(map_name, player_range(map_name).start))
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing; see its header for how to generate it"
    assert path.read_text(encoding="utf-8") == text, f"the ids of {map_name} changed (see {path}'s header)"


@pytest.mark.parametrize("map_name", MAPS)
def test_layout(map_name):
    space = ttr.ActionSpace(map_name, player_range(map_name).start)
    blocks = space.blocks
    names = [b.name for b in blocks]
    assert names == [b for b in BLOCKS if b in names], "blocks out of their fixed order"
    assert blocks[0].start == 0 and blocks[-1].stop == space.n == len(space)
    assert all(a.stop == b.start and a.stop > a.start for a, b in zip(blocks, blocks[1:]))
    texts = [space.describe(i) for i in range(space.n)]
    assert len(set(texts)) == space.n, "two ids describe the same thing"
    for b in blocks:
        assert {space.block(i) for i in range(b.start, b.stop)} == {b.name}
    # every one-step action that needs no game is its own canonical text
    for i, t in enumerate(texts):
        if space.block(i) not in ("keep", "pay-step") and "(pay steps)" not in t:
            assert space.encode(t) == i and space.decode(i) == Action.from_text(t)
    assert ttr.ActionSpace(space.rules).n == space.n


def test_n_and_stepped_routes():
    """The sizes the docs state (docs/action-space.md)."""
    sizes = {m: (ttr.ActionSpace(m, 2).n, len(ttr.ActionSpace(m, 2).stepped_routes)) for m in MAPS}
    assert sizes == {"usa": (1079, 0), "europe": (3595, 0), "nordic": (355, 25), "world": (3777, 4),
                     "great-lakes": (3238, 2), "legends-west": (959, 0)}


# ------------------------------------------------------------------ masks equal the legal actions

@pytest.mark.parametrize("map_name,players", COMBOS)
def test_mask_equals_legal_actions(map_name, players):
    """Random games (uniform over kinds, and mostly drawing: big hands), every position: the
    actions reachable through the masks are the legal ones; encode_steps/decode round-trip."""
    checked = positions_seen = 0
    phases = set()
    for seed, bias, limit in ((players, 0.2, 90), (100 + players, 0.85, 110), (300 + players, 0.5, 60)):
        space = ttr.ActionSpace(map_name, players)
        rng = random.Random(seed)
        for g in positions(map_name, players, seed, bias, limit):
            phases.add(str(g.phase))
            checked += check_position(space, g, rng)
            positions_seen += 1
    assert positions_seen >= 100 and checked > positions_seen
    assert {"initial-tickets", "turn", "second-card"} <= phases


@pytest.mark.parametrize("map_name", MAPS)
def test_every_phase_is_checked(map_name):
    """Across a few longer games of each board, every phase it has is met and checked."""
    phases = set()
    for seed in range(4):
        space = ttr.ActionSpace(map_name, 2 + seed % 2)
        rng = random.Random(seed)
        for g in positions(map_name, 2 + seed % 2, 50 + seed, 0.5, 400):
            if str(g.phase) not in phases:
                phases.add(str(g.phase))
                check_position(space, g, rng)
    assert phases >= PHASES[map_name]


@pytest.mark.parametrize("map_name", ["nordic", "world", "great-lakes"])
def test_stepped_claims_with_big_hands(map_name):
    """Long stretches of draws give big hands, which pay ferries, Murmansk-Lieksa, paired routes
    and long gray routes in many ways: those payments, walked step by step, are exactly the legal
    ones (sampled where there are too many to walk)."""
    stepped_positions = multi = 0
    for seed in range(3):
        space = ttr.ActionSpace(map_name, 2 + seed % 2)
        rng = random.Random(seed)
        for g in positions(map_name, 2 + seed % 2, 200 + seed, 0.97, 160):
            if g.phase != "turn":
                continue
            stepped = stepped_legal(space, g)
            if stepped:
                stepped_positions += 1
                multi += any(len(space.encode_steps(Action(CLAIM, r, p[0]))) > 2 for r, p in stepped.items())
                if stepped_positions % 3 == 1:
                    check_position(space, g, rng, samples=3)
    assert stepped_positions >= 20 and multi >= 10


def test_big_hand_nordic_murmansk_lieksa_sampled():
    """A Nordic hand of 36 cards pays Murmansk-Lieksa in very many ways: the masks stay exact
    (by sampling) and each step mask is built from families, not by listing the payments."""
    space = ttr.ActionSpace("nordic", 2)
    rng = random.Random(5)
    for g in positions("nordic", 2, 5, 1.0, 200):
        if g.phase == "turn" and sum(g.view(g.current_player)["you"]["hand"].values()) >= 36:
            break
    stepped = stepped_legal(space, g)
    assert 53 in stepped and len(stepped[53]) > 10_000
    check_position(space, g, rng)


def test_mask_never_changes_the_game():
    rng = random.Random(3)
    for map_name in MAPS:
        space = ttr.ActionSpace(map_name, 3)
        for k, g in enumerate(positions(map_name, 3, 9, 0.6, 120)):
            if k % 10:
                continue
            before = ttr.save_game(g)
            check_position(space, g, rng)
            assert ttr.save_game(g) == before


# ------------------------------------------------------------------ errors

def unchanged(game, fn, error, *words):
    before = ttr.save_game(game)
    with pytest.raises(error) as e:
        fn()
    assert ttr.save_game(game) == before
    for w in words:
        assert w in str(e.value), (w, str(e.value))
    return e.value


def test_errors_name_what_is_wrong_and_change_nothing():
    space = ttr.ActionSpace("europe", 2)
    g = ttr.new_game("europe", 2, seed=1)  # initial tickets: only keeps are legal
    unchanged(g, lambda: space.decode(space.n, g), ttr.ActionSpaceError, "out of range", str(space.n))
    unchanged(g, lambda: space.decode(-1, g), ttr.ActionSpaceError, "out of range")
    unchanged(g, lambda: space.decode("3", g), ttr.ActionSpaceError, "integer")
    unchanged(g, lambda: space.mask(g, prefix=[space.n + 5]), ttr.ActionSpaceError, "prefix[0]", "out of range")
    unchanged(g, lambda: space.describe(space.n), ttr.ActionSpaceError, "out of range")
    draw = space.encode("draw deck")
    e = unchanged(g, lambda: space.decode(draw, g), ttr.IllegalActionIdError, "draw deck", "initial-tickets")
    assert isinstance(e, ttr.IllegalActionError)
    keep = Action(KEEP, tuple(g.view(0)["you"]["offer"][:2]))
    unchanged(g, lambda: space.encode(keep), ttr.ActionSpaceError, "keep", "game")
    i = space.encode(keep, g)
    unchanged(g, lambda: space.decode(i), ttr.ActionSpaceError, "keep", "game")
    assert space.decode(i, g) == keep
    unchanged(g, lambda: space.encode(Action(KEEP, (9999,)), g), ttr.ActionSpaceError, "9999", "offer")
    unchanged(g, lambda: space.encode("claim 8 3purple"), ttr.ActionSpaceError, "claim 8 3purple")
    unchanged(g, lambda: space.encode("harbor Paris 4joker"), ttr.ActionSpaceError, "harbor")
    unchanged(g, lambda: space.encode(42), ttr.ActionSpaceError, "Action")
    unchanged(g, lambda: space.mask(g, prefix=[draw]), ttr.ActionSpaceError, "not a partial move")
    usa = ttr.new_game("usa", 2)
    unchanged(usa, lambda: space.mask(usa), ttr.ActionSpaceError, "usa", "europe")
    with pytest.raises(ttr.ActionSpaceError, match="player count"):
        ttr.ActionSpace("europe")
    with pytest.raises(ttr.ActionSpaceError, match="2 players, not 3"):
        ttr.ActionSpace(ttr.get_ruleset("europe", 2), 3)


def _nordic_with_murmansk() -> ttr.Game:
    for g in positions("nordic", 2, 5, 1.0, 200):
        if g.phase == "turn" and 53 in stepped_legal(ttr.ActionSpace("nordic", 2), g):
            return g
    raise AssertionError("no position pays Murmansk-Lieksa")


def test_prefix_errors():
    space = ttr.ActionSpace("nordic", 2)
    g = _nordic_with_murmansk()
    pays = stepped_legal(space, g)[53]
    claim = space.encode(Action(CLAIM, 53, pays[0]))
    steps = space.encode_steps(Action(CLAIM, 53, pays[0]), g)
    assert steps[0] == claim and len(steps) >= 3
    # a payment step needs its claim first
    unchanged(g, lambda: space.decode(steps[1], g), ttr.ActionSpaceError, "payment step", "prefix")
    # a step that no legal payment continues with (a kind below the last one)
    unchanged(g, lambda: space.decode(steps[1], g, prefix=steps[:2]), ttr.IllegalActionIdError, "does not continue")
    unchanged(g, lambda: space.mask(g, prefix=(steps[0], steps[1], steps[1])), ttr.IllegalActionIdError,
              "not a partial move", "prefix[2]")
    # a one-step id after a claim
    draw = space.encode("draw deck")
    unchanged(g, lambda: space.decode(draw, g, prefix=steps[:1]), ttr.ActionSpaceError, "payment step")
    # a whole move is not a prefix
    unchanged(g, lambda: space.mask(g, prefix=steps), ttr.ActionSpaceError, "whole move")
    # a stepped claim that is not legal here: Murmansk-Lieksa at the first turn (4 cards in hand)
    first = ttr.new_game("nordic", 2, seed=1)
    while first.phase != "turn":
        first.apply(first.legal_actions()[0])
    unchanged(first, lambda: space.decode(claim, first), ttr.IllegalActionIdError, "claim 53", "pay steps")
    unchanged(first, lambda: space.mask(first, prefix=[claim]), ttr.IllegalActionIdError, "not legal")
    # without a game, steps are checked against every payment of the route
    assert space.decode(steps[-1], prefix=steps[:-1]) == Action(CLAIM, 53, pays[0])
    unchanged(g, lambda: space.encode(Action(CLAIM, 53, ((8, 1),))), ttr.ActionSpaceError, "never paid")


# ------------------------------------------------------------------ as an RL loop uses it

@pytest.mark.parametrize("map_name", MAPS)
def test_whole_game_played_through_ids(map_name):
    """An agent that sees only masks and ids plays a whole game: it picks a masked-in id, and
    while decode says more steps follow, the next one from the mask after its prefix."""
    import pickle

    space = pickle.loads(pickle.dumps(ttr.ActionSpace(map_name, 3)))
    rng = np.random.default_rng(7)
    g = ttr.new_game(map_name, 3, seed=7)
    multi = 0
    while not g.is_over:
        prefix: tuple = ()
        while True:
            i = int(rng.choice(np.flatnonzero(space.mask(g, np.asarray(prefix, dtype=np.int64)))))
            a = space.decode(i, g, prefix)
            if a is not None:
                break
            prefix += (i,)
        multi += len(prefix) > 0
        assert space.encode_steps(a, g) == prefix + (i,)
        g.apply(a)
    assert not space.mask(g).any() and len(space.legal_ids(g)) == 0
    unchanged(g, lambda: space.decode(0, g), ttr.IllegalActionIdError, "game is over")
    assert multi >= {"nordic": 10, "world": 1}.get(map_name, 0)  # seed 7: 21 and 4 multi-step claims


def test_docs_example_runs():
    """The example at the top of docs/action-space.md runs as written."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "action-space.md").read_text(encoding="utf-8")
    start = text.index("```python\n") + len("```python\n")
    scope: dict = {}
    exec(compile(text[start:text.index("```", start)], "action-space.md", "exec"), scope)  # noqa: S102
    assert scope["game"].is_over
    assert scope["space"].describe(10) == "claim 1 1purple" and scope["space"].describe(13) == "claim 4 (pay steps)"


def test_n6_a_payment_another_extends_ends_with_done():
    """Nordic N6: 9 green and 9 green + 3 red both pay Murmansk-Lieksa (53). After "9 green" the mask
    offers both "3 red" and "done"; ids mean the same whatever the hand (encode_steps)."""
    from test_nordic import position
    g = position([{"green": 9, "red": 3}, {}])
    space = ttr.ActionSpace("nordic", 2)
    lay = space._l
    done, green9, red3 = lay.done_id, lay.step_id[4, 9], lay.step_id[7, 3]
    first = space.encode(Action(CLAIM, 53, ((4, 9),)))
    assert space.decode(first, g) is None
    assert space.decode(green9, g, (first,)) is None, "9 green could go on: it is not complete yet"
    allowed = set(space.legal_ids(g, (first, green9)))
    assert {done, red3} <= allowed
    assert space.decode(done, g, (first, green9)) == Action(CLAIM, 53, ((4, 9),))
    assert space.decode(red3, g, (first, green9)) is None  # 9 green + 3 red + more locomotives could follow
    assert space.decode(done, g, (first, green9, red3)) == Action(CLAIM, 53, ((4, 9), (7, 3)))
    assert space.encode_steps("claim 53 9green") == (first, green9, done)
    assert space.encode_steps("claim 53 9green+3red") == (first, green9, red3, done)
    with pytest.raises(ttr.ActionSpaceError, match="not a whole payment"):
        space.decode(done, None, (first,))
    assert ttr.ActionSpace("world", 2)._l.done_id is None  # paired payments all hold 2n cards


# ------------------------------------------------------------------ a new kind of action

def _toy_kinds():
    """Two kinds of action a new edition might add, declared as an edition's module declares its own
    (ttr.engine.ActionKind, register): 'beacon <city> <card>' (a city and one card of any kind, on
    Denver or Omaha) and 'rest' (no target, no cards). Both are offered at the start of a turn."""
    from ttr.engine import ActionKind, CityTarget, IdBlock

    cities = ("Denver", "Omaha")

    class Beacon(ActionKind):
        name = "beacon"
        target = CityTarget()
        paid = True
        syntax = "beacon <city> <card>"
        summary = "light a beacon"
        short = "b"
        turn_action = True
        order = 20

        def apply(self, game, a):
            hand = game.hands[game.current]
            for k, n in a.cards:
                hand[k] -= n
            game.discard_cards(a.cards)
            game.end_turn()

        def moves(self, game, p, hand, segs):
            pays = tuple(((k, 1),) for k, n in enumerate(hand) if n)
            if pays:
                segs.append((self.name, cities, pays))

        def ids(self, rules, universe):
            return IdBlock(cities, [((k, 1),) for k, n in enumerate(universe) if n])

    class Rest(ActionKind):
        name = "rest"
        syntax = "rest"
        summary = "do nothing this turn"
        turn_action = True
        order = 21

        def apply(self, game, a):
            game.end_turn()

        def moves(self, game, p, hand, segs):
            segs.append((self.name, (None,), ((),)))

        def ids(self, rules, universe):
            return IdBlock([None])

    return Beacon(), Rest()


@pytest.fixture()
def toy_board():
    """USA with the two toy kinds: a test-only edition and its kinds, registered as an edition's
    module registers them, for the test only."""
    import dataclasses

    from ttr.editions import EDITIONS, get_edition, get_ruleset
    from ttr.editions import register as register_edition
    from ttr.engine import KINDS, register
    from ttr.maps import load_map

    kinds = _toy_kinds()
    edition = dataclasses.replace(get_edition("usa"), name="usa-toy", kinds=kinds)
    for k in kinds:
        register(k)
    register_edition(edition)
    try:
        yield ttr.Ruleset(load_map("usa"), edition, 2)
    finally:
        del EDITIONS[edition.name]
        get_ruleset.cache_clear()
        for k in kinds:
            del KINDS[k.name]


def test_a_new_kind_needs_no_change_to_the_action_space_or_the_prompt(toy_board):
    """A kind declared in its own module gets ids (its `ids` block, in its `order`) and is typed at
    the prompt (by its target type and its `short`), with no change to either module; the ids of
    the other kinds do not move."""
    from ttr.engine import new
    from ttr.formats.action_space import block_order
    from ttr.play import Context, Renderer, completions, resolve
    from ttr.play.render import help_rows

    rules = toy_board
    usa = ttr.ActionSpace("usa", 2)
    space = ttr.ActionSpace(rules)
    names = [b.name for b in space.blocks]
    assert names == ["draw", "claim", "tickets", "keep", "pass", "beacon", "rest"]
    assert names == [b for b in block_order() if b in names]
    assert space.blocks[:5] == usa.blocks and space.n == usa.n + 2 * 9 + 1
    assert [space.describe(i) for i in range(usa.n)] == [usa.describe(i) for i in range(usa.n)]
    assert space.describe(usa.n) == "beacon Denver 1purple" and space.describe(space.n - 1) == "rest"
    assert space.encode("beacon Omaha 1locomotive") == usa.n + 17
    assert space.decode(usa.n + 17) == Action.from_text("beacon Omaha 1locomotive")

    g = new(rules, seed=5)
    while g.phase != "turn":
        g.apply(g.legal_actions()[-1])
    kinds = {a.kind for a in g.legal_actions()}
    assert {"beacon", "rest"} <= kinds
    check_position(space, g, random.Random(1))  # the mask is exactly the legal actions, toy kinds included

    ctx = Context.of(g.observe(g.current_player))
    hand = g.view(g.current_player)["you"]["hand"]
    res = resolve("b denv", ctx)  # a city loosely, then which card
    assert res.kind == "choose" and len(res.options) == len(hand)
    assert {a.target for a in res.options} == {"Denver"}
    first = resolve("b denver 1", ctx)
    assert first.kind == "action" and first.action == res.options[0]
    card = next(iter(hand))
    assert resolve(f"beacon Omaha 1{card}", ctx).action == Action.from_text(f"beacon Omaha 1{card}")
    assert resolve("rest", ctx).action == Action("rest")
    assert resolve("rest now", ctx).kind == "error"
    assert resolve("b", ctx).kind == "error" and "b <city>" in resolve("b", ctx).message
    assert [w for w, _ in completions(ctx, "b o")[1]] == ["Omaha"]
    assert ("b <city> [n | cards]", "light a beacon", "beacon") in help_rows()
    import io

    from rich.console import Console
    out = Console(file=io.StringIO(), width=140, color_system=None)
    r = Renderer(out, ["you", "bot"])
    r.kinds(ctx)
    r.help(ctx)
    shown = out.file.getvalue()
    assert "beacon (b)" in shown and "light a beacon" in shown and "do nothing this turn" in shown
    g.apply(first.action)  # the engine takes what the prompt made
    assert g.actions[-1] == first.action


def test_the_toy_kinds_are_gone_after_their_test():
    """The toy kinds were registered for their test only: no board, space or prompt word keeps them."""
    from ttr.engine import KINDS
    from ttr.play.context import ACTION_WORDS

    assert "beacon" not in KINDS and "b" not in ACTION_WORDS and "rest" not in ACTION_WORDS
    assert "beacon" not in BLOCKS and [b.name for b in ttr.ActionSpace("usa", 2).blocks] == [
        "draw", "claim", "tickets", "keep", "pass"]
