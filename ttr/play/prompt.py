"""The prompt: short forms and canonical texts resolved to actions, and tab completion."""
from __future__ import annotations

import difflib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console

from ..cards import CARD_INDEX, CARD_NAMES, DECK_NAMES, cards_text
from ..engine import (
    CLAIM,
    DECK,
    DECLINE,
    DRAW,
    EXCHANGE,
    HARBOR,
    KEEP,
    PASS,
    PAY,
    PIECES,
    STATION,
    STOP,
    TICKETS,
    Action,
    parse_cards,
)
from ..errors import ActionSyntaxError
from .context import (
    ACTION_WORDS,
    ALL_WORDS,
    META_WORDS,
    Context,
    _fold,
    _is_payment,
    cards_markup,
)

COMPLETED_OPTIONS = 50  # payment options offered by tab completion at most (a hand may pay in millions of ways)

# -------------------------------------------------------------- the prompt

@dataclass
class Resolved:
    """What a typed line means: an action to apply, options to choose from, a view command,
    a message (typo), or a probe (an incomplete action whose illegality the engine explains)."""
    kind: str                      # "action" | "choose" | "meta" | "error" | "probe" | "empty"
    action: Action | None = None
    options: list = field(default_factory=list)
    message: str = ""
    meta: str = ""
    args: list = field(default_factory=list)
    command: str = ""              # "choose" among payments: the command that names one by its cards


def _error(msg: str) -> Resolved:
    return Resolved("error", message=msg)


def resolve(line: str, ctx: Context) -> Resolved:
    """Short forms and canonical texts -> a Resolved. Never raises for bad input."""
    words = line.split()
    if not words:
        return Resolved("empty")
    w0 = words[0].lower()
    args = words[1:]
    if w0 in META_WORDS:
        return Resolved("meta", meta=META_WORDS[w0], args=args)
    kind = ACTION_WORDS.get(w0)
    if kind is None:
        long_words = [w for w in ALL_WORDS if len(w) > 1]
        close = [w for w in long_words if sorted(w) == sorted(w0)]  # swapped letters
        close += [w for w in difflib.get_close_matches(w0, long_words, n=3, cutoff=0.5) if w not in close]
        hint = f" Did you mean {' or '.join(close)}?" if close else ""
        return _error(f"Unknown command {words[0]!r}.{hint} Type help for the commands.")
    try:
        return _HANDLERS[kind](ctx, args, line)
    except ActionSyntaxError as e:
        return _error(str(e))


def _draw(ctx: Context, args: list[str], line: str) -> Resolved:
    if args and args[0].lower() == "tickets" and len(args) == 1:
        return Resolved("action", Action(TICKETS))
    multi = len(ctx.view["decks"]) > 1
    face_up = [c for c in ctx.view["face_up"] if c]
    if not args or len(args) > (2 if multi else 1):
        return _error(f"Write d <card> or d deck{' [train|ship]' if multi else ''}; face up: "
                      f"{', '.join(dict.fromkeys(face_up)) or 'nothing'}.")
    word = args[0].lower()
    if word in ("loco", "wild", "joker", "locomotive"):
        word = CARD_NAMES[ctx.edition.wild]
    names = edition_cards(ctx.edition)
    if word == "deck":
        card = DECK
    elif word in names:
        card = CARD_INDEX[word]
    else:
        shown = sorted(set(face_up), key=CARD_INDEX.__getitem__)
        hits = [n for n in shown if n.startswith(word)] + (["deck"] if "deck".startswith(word) else [])
        hits = hits or [n for n in names if n.startswith(word)]
        if len(hits) != 1:
            if hits:
                return _error(f"{args[0]!r} could be {', '.join(hits)}: type more letters.")
            return _error(f"Unknown card {args[0]!r}: face up are {', '.join(dict.fromkeys(face_up)) or 'none'}, "
                          "or take the deck (d deck).")
        card = DECK if hits[0] == "deck" else CARD_INDEX[hits[0]]
    if not multi:
        return Resolved("action", Action(DRAW, card))
    if len(args) == 2:
        d = args[1].lower()
        if d not in DECK_NAMES and d != "none":
            return _error(f"Unknown deck {args[1]!r}: one of {', '.join(DECK_NAMES)}.")
        return Resolved("action", Action(DRAW, (card, DECK_NAMES.index(d) if d != "none" else -1)))
    opts = [a for a in ctx.by_kind.get(DRAW, []) if a.target[0] == card]
    if len(opts) == 1:
        return Resolved("action", opts[0])
    if opts:
        what = "the deck to draw from" if card == DECK else "the deck that refills the slot"
        return Resolved("choose", options=opts, message=f"Choose {what}:")
    return Resolved("action", Action(DRAW, (card, 0)))  # the engine says why not


_CARDS: dict[str, tuple[str, ...]] = {}


def edition_cards(edition) -> tuple[str, ...]:
    """Names of the card kinds an edition's decks hold, in kind order."""
    names = _CARDS.get(edition.name)
    if names is None:
        decks = edition.deck_contents()
        names = _CARDS[edition.name] = tuple(CARD_NAMES[k] for k in sorted({k for deck in decks for k in deck}))
    return names


def _paid_choice(ctx: Context, opts: list[Action], probe: Action, arg: str | None, label: str,
                 make, command: str) -> Resolved:
    """Shared by claim/station/harbor: pick a payment by number, by cards, or ask."""
    if arg is not None:
        if arg.isdigit():
            i = int(arg)
            if not opts:
                return Resolved("probe", probe)
            if not 1 <= i <= len(opts):
                return _error(f"{label} has {len(opts)} way(s) to pay: choose 1-{len(opts)}.")
            return Resolved("action", opts[i - 1])
        return Resolved("action", make(parse_cards(arg, arg)))
    if len(opts) == 1:
        return Resolved("action", opts[0])
    if opts:
        return Resolved("choose", options=opts, message=f"{label} can be paid in {len(opts)} ways:", command=command)
    return Resolved("probe", probe)


def _claim(ctx: Context, args: list[str], line: str) -> Resolved:
    if not args or len(args) > 2:
        return _error("Write c <route id> [option | cards], e.g. c 42 or c 42 2; routes lists the claimable ones.")
    if not args[0].isdigit():
        return _error(f"Route id must be a number, not {args[0]!r}; routes lists the claimable ones.")
    rid = int(args[0])
    if rid not in ctx.game_map.route_by_id:
        ids = sorted(ctx.game_map.route_by_id)
        return _error(f"Map {ctx.game_map.name} has no route {rid} (ids {ids[0]}-{ids[-1]}).")
    r = ctx.game_map.route(rid)
    label = f"Route {rid} ({' – '.join(r.cities)}, {r.length} {r.color})"
    return _paid_choice(ctx, ctx.claims.get(rid, []), Action(CLAIM, rid, ()), args[1] if len(args) > 1 else None,
                        label, lambda cards: Action(CLAIM, rid, cards), f"c {rid}")


def match_city(ctx: Context, text: str, cities=None) -> tuple[str | None, str]:
    """A city by exact name, then case/accent-insensitive, then unique prefix. (city, error)."""
    names = list(cities) if cities is not None else [c.name for c in ctx.game_map.cities]
    if text in names:
        return text, ""
    f = _fold(text)
    exact = [n for n in names if _fold(n) == f]
    if len(exact) == 1:
        return exact[0], ""
    pre = [n for n in names if _fold(n).startswith(f)]
    if len(pre) == 1:
        return pre[0], ""
    if pre:
        return None, f"{text!r} could be {', '.join(sorted(pre)[:8])}: type more letters."
    close = difflib.get_close_matches(text, names, n=3, cutoff=0.6)
    return None, f"No city {text!r} on this map." + (f" Did you mean {' or '.join(close)}?" if close else "")


def _site(kind: str):
    def handler(ctx: Context, args: list[str], line: str) -> Resolved:
        if not args:
            return _error(f"Write {kind[0]} <city> [option | cards], e.g. {kind[0]} "
                          f"{ctx.game_map.cities[0].name}.")
        arg = None
        if len(args) > 1 and (args[-1].isdigit() or _is_payment(args[-1])):
            arg = args[-1]
            args = args[:-1]
        city, err = match_city(ctx, " ".join(args))
        if city is None:
            return _error(err)
        return _paid_choice(ctx, ctx.sites.get((kind, city), []), Action(kind, city, ()), arg,
                            f"A {kind} in {city}", lambda cards: Action(kind, city, cards), f"{kind[0]} {city}")
    return handler


def _keep(ctx: Context, args: list[str], line: str) -> Resolved:
    offer = ctx.view["you"]["offer"]
    if not args:
        return _error(f"Write k <ticket ids>, e.g. k {' '.join(map(str, offer[:2])) or '3 17'}, or k all"
                      + (f"; offered: {', '.join(map(str, offer))}." if offer else "."))
    if len(args) == 1 and args[0].lower() == "all":
        if not offer:
            return Resolved("probe", Action(KEEP, ()))
        return Resolved("action", Action(KEEP, tuple(offer)))
    return Resolved("action", Action.from_text("keep " + " ".join(args)))


def _pay(ctx: Context, args: list[str], line: str) -> Resolved:
    opts = ctx.pays
    if not args:
        if opts:
            return Resolved("action", opts[0], message=f"Paying the cheapest way: {cards_text(opts[0].cards)}.")
        return Resolved("probe", Action(PAY, None, ()))
    if args[0].lower() in ("list", "?"):
        if not opts:
            return Resolved("probe", Action(PAY, None, ()))
        return Resolved("choose", options=opts, message="The tunnel can be paid in these ways:")
    if len(args) != 1:
        return _error("Write p, p list, p <option> or p <cards>.")
    return _paid_choice(ctx, opts, Action(PAY, None, ()), args[0], "The tunnel",
                        lambda cards: Action(PAY, None, cards), "p")


def _plain(kind: str):
    def handler(ctx: Context, args: list[str], line: str) -> Resolved:
        if args:
            return _error(f"{kind} takes no arguments.")
        return Resolved("action", Action(kind))
    return handler


def _pieces(ctx: Context, args: list[str], line: str) -> Resolved:
    total = ctx.edition.pieces_total
    if len(args) == 1 and args[0].isdigit() and total is not None:
        return Resolved("action", Action(PIECES, (int(args[0]), total - int(args[0]))))
    return Resolved("action", Action.from_text(" ".join(["pieces", *args])))


def _exchange(ctx: Context, args: list[str], line: str) -> Resolved:
    return Resolved("action", Action.from_text(" ".join(["exchange", *args])))


_HANDLERS: dict[str, Callable] = {
    DRAW: _draw, CLAIM: _claim, TICKETS: _plain(TICKETS), KEEP: _keep, STATION: _site(STATION),
    HARBOR: _site(HARBOR), PAY: _pay, DECLINE: _plain(DECLINE), PASS: _plain(PASS), STOP: _plain(STOP),
    PIECES: _pieces, EXCHANGE: _exchange,
}


def is_probe(a: Action) -> bool:
    """An incomplete action the prompt sends to learn why it cannot be played (a claim, station,
    harbor or payment without cards, or keeping no ticket)."""
    return (a.kind in (CLAIM, STATION, HARBOR, PAY) and not a.cards) or (a.kind == KEEP and not a.target)


def explain_probe(ctx: Context, probe: Action, message: str) -> str:
    """Why an action the engine refused (`message`, its explanation) is not legal, for a human:
    the engine's reason, or, where the engine can only say which kinds are legal, one read from the view."""
    v = ctx.view
    t = probe.target
    what = {CLAIM: f"claim route {t}", STATION: f"build a station in {t}", HARBOR: f"build a harbor in {t}",
            PAY: "pay for the tunnel", KEEP: "keep tickets"}.get(probe.kind, probe.kind)
    reason = message.split("): ", 1)[1] if "): " in message else message
    if probe.kind in ctx.kinds or v["phase"] != "turn" or probe.kind not in (CLAIM, STATION, HARBOR):
        if probe.kind == CLAIM and reason.startswith("these cards do not pay"):
            reason = _cannot_pay(ctx.game_map.route(t))
        return f"You cannot {what}: {reason}."
    you = v["you"]
    if probe.kind == CLAIM:
        r = ctx.game_map.route(t)
        owners = {int(k): s for k, s in v["routes"].items()}
        twins = [owners.get(x, -1) for x in r.twins]
        pieces = you.get("ships", 0) if r.kind == "ship" else you["trains"]
        if t in owners:
            reason = f"it is already claimed by seat {owners[t]}"
        elif ctx.seat in twins:
            reason = "you already own its other lane (G1)"
        elif any(o >= 0 for o in twins) and v["num_players"] < ctx.edition.doubles_min_players:
            reason = (f"its other lane is taken, and with fewer than {ctx.edition.doubles_min_players} players "
                      "only one lane of a double route is used (G1)")
        elif r.length > pieces:
            reason = f"it needs {r.length} {'ships' if r.kind == 'ship' else 'trains'}; you have {pieces}"
        else:
            reason = _cannot_pay(r)
    elif probe.kind == STATION:
        if you["stations_left"] <= 0:
            reason = "you have built all your stations"
        elif t in v["stations"]:
            reason = f"{t} already has a station (seat {v['stations'][t]})"
        else:
            n = ctx.edition.stations - you["stations_left"] + 1
            reason = f"your station number {n} costs {n} card(s) of one colour (locomotives wild); you cannot pay"
    elif probe.kind == HARBOR:
        if you.get("harbors_left", 0) <= 0:
            reason = "you have no harbors left"
        elif t in v["harbors"]:
            reason = f"{t} already has a harbor (seat {v['harbors'][t]})"
        else:
            reason = ("a harbor needs a harbor city with one of your routes into it, and 2 train and 2 ship cards "
                      "of one colour with the anchor (jokers wild) (RS5)")
    return f"You cannot {what}: {reason}."


def _cannot_pay(r) -> str:
    colour = "cards of one colour" if r.color == "gray" else f"{r.color} cards"
    wild = ", locomotives wild" if r.kind == "train" else ""
    return f"your hand cannot pay for it ({' – '.join(r.cities)} needs {r.length} {colour}{wild})"


def option_text(a: Action) -> str:
    if a.kind == DRAW:
        card, d = a.target
        if card == DECK:
            return f"from the {DECK_NAMES[d]} deck"
        return f"{CARD_NAMES[card]}, refilled from the {DECK_NAMES[d] if d >= 0 else 'no'} deck"
    return cards_markup(a.cards)


# ------------------------------------------------------------- completion

def completions(ctx: Context | None, text: str) -> tuple[int, list[tuple[str, str]]]:
    """Tab completion for `text` (the line up to the cursor): (characters to replace, [(word, meta)])."""
    if ctx is None:
        return 0, []
    if " " not in text:
        return len(text), [(w, "") for w in ALL_WORDS if w.startswith(text.lower())]
    head, rest = text.split(" ", 1)
    kind = ACTION_WORDS.get(head.lower()) or META_WORDS.get(head.lower())
    cands: list[tuple[str, str]] = []
    if kind == DRAW:
        cands = [(c, "face up") for c in dict.fromkeys(c for c in ctx.view["face_up"] if c)] + [("deck", "")]
        word = rest.split(" ")[-1]
        return len(word), [(c, m) for c, m in cands if c.startswith(word.lower())]
    if kind == CLAIM:
        for rid in sorted(ctx.claims):
            r = ctx.game_map.route(rid)
            cands.append((str(rid), f"{' – '.join(r.cities)} {r.length} {r.color}"))
        if " " in rest:
            rid_text, arg = rest.split(" ", 1)
            opts = ctx.claims.get(int(rid_text), []) if rid_text.isdigit() else []
            shown = [(str(i), cards_text(opts[i - 1].cards)) for i in range(1, min(len(opts), COMPLETED_OPTIONS) + 1)]
            return len(arg), [(n, m) for n, m in shown if n.startswith(arg)]
        return len(rest), [(c, m) for c, m in cands if c.startswith(rest)]
    if kind in (STATION, HARBOR) or kind == "routes":
        cities = sorted({c for k, c in ctx.sites if k == kind}) if kind in (STATION, HARBOR) else []
        cities = cities or sorted(c.name for c in ctx.game_map.cities)
        f = _fold(rest)
        return len(rest), [(c, "") for c in cities if _fold(c).startswith(f)]
    if kind == KEEP:
        word = rest.split(" ")[-1]
        ids = [str(t) for t in ctx.view["you"]["offer"]] + ["all"]
        return len(word), [(i, "") for i in ids if i.startswith(word) and i not in rest.split()]
    if kind == PAY:
        words = [(str(i), cards_text(a.cards)) for i, a in enumerate(ctx.pays, 1)] + [("list", "")]
        return len(rest), [(c, m) for c, m in words if c.startswith(rest)]
    return 0, []


def make_input(session_ctx: Callable[[], Context | None], console: Console) -> Callable[[str], str]:
    """The best line reader the terminal allows: prompt_toolkit, readline, or plain lines from stdin."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        try:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.completion import Completer, Completion
            from prompt_toolkit.history import InMemoryHistory

            class _Completer(Completer):
                def get_completions(self, document, complete_event):
                    n, cands = completions(session_ctx(), document.text_before_cursor)
                    for word, meta in cands:
                        yield Completion(word, start_position=-n, display_meta=meta)

            ps: PromptSession[str] = PromptSession(history=InMemoryHistory(), completer=_Completer(),
                                                   complete_while_typing=False)
            return lambda prompt: ps.prompt(prompt)
        except Exception:  # noqa: BLE001 - no prompt_toolkit or no usable terminal: fall back
            pass
    if sys.stdin.isatty():
        try:
            import readline

            def complete(text: str, state: int):
                buf = readline.get_line_buffer()[:readline.get_endidx()]
                n, cands = completions(session_ctx(), buf)
                arg = buf[len(buf) - n:]
                cut = len(arg) - len(text)  # readline replaces only the last word
                out = [c[cut:] for c, _ in cands if cut >= 0]
                return out[state] if state < len(out) else None

            readline.set_completer_delims(" ")
            readline.set_completer(complete)
            readline.parse_and_bind("tab: complete")
        except Exception:  # noqa: BLE001 - completion is a convenience
            pass
        return input

    def read(prompt: str) -> str:  # piped input: echo the line so the transcript reads well
        console.print(prompt, end="", markup=False, highlight=False)
        line = sys.stdin.readline()
        if not line:
            console.print()
            raise EOFError
        line = line.rstrip("\r\n")
        console.print(line, markup=False, highlight=False)
        return line
    return read
