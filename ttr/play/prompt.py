"""The prompt: short forms and canonical texts resolved to actions, and tab completion.

A kind's arguments are read by what its target is (ttr.engine's Target types): a card
(draw), a route (claim), a city (station, harbor), tickets (keep), pieces, no target (with
a payment: the tunnel's `pay`; without: tickets, stop, decline, pass); any other target by
its canonical text. A new kind of action is typed as soon as it is registered."""
from __future__ import annotations

import difflib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.console import Console

from ..cards import CARD_INDEX, CARD_NAMES, DECK_NAMES, cards_text
from ..text import plural
from ..engine import (
    CLAIM,
    DECK,
    DRAW,
    HARBOR,
    KEEP,
    KINDS,
    PAY,
    STATION,
    TICKETS,
    Action,
    CardTarget,
    CityTarget,
    NoTarget,
    PiecesTarget,
    RouteTarget,
    TicketsTarget,
    parse_cards,
)
from ..errors import ActionSyntaxError
from .context import (
    ACTION_WORDS,
    META_WORDS,
    Context,
    _fold,
    _is_payment,
    all_words,
    cards_markup,
    command_word,
)

COMPLETED_OPTIONS = 50  # payment options offered by tab completion at most (a hand may pay in millions of ways)

# -------------------------------------------------------------- the prompt

@dataclass
class Resolved:
    """What a typed line means: an action to apply, options to choose from, a view command,
    a message (typo), or a probe (an incomplete action whose illegality the engine explains)."""
    kind: str                      # "action" | "choose" | "meta" | "error" | "probe" | "empty"
    action: Action | None = None
    options: Sequence[Action] = field(default_factory=list)
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
        long_words = [w for w in all_words() if len(w) > 1]
        close = [w for w in long_words if sorted(w) == sorted(w0)]  # swapped letters
        close += [w for w in difflib.get_close_matches(w0, long_words, n=3, cutoff=0.5) if w not in close]
        hint = f" Did you mean {' or '.join(close)}?" if close else ""
        return _error(f"Unknown command {words[0]!r}.{hint} Type help for the commands.")
    try:
        return parser(kind)(ctx, args, line)
    except ActionSyntaxError as e:
        return _error(str(e))


Parser = Callable[[Context, list[str], str], Resolved]


def parser(kind: str) -> Parser:
    """What reads the arguments of a kind's command: chosen by the kind's target (and whether it
    is paid for); a target the prompt has no short form for is read as the canonical text."""
    spec = KINDS[kind]
    target = spec.target
    if isinstance(target, CardTarget):
        return _card(kind)
    if isinstance(target, RouteTarget):
        return _route(kind)
    if isinstance(target, CityTarget):
        return _site(kind)
    if isinstance(target, TicketsTarget):
        return _tickets(kind)
    if isinstance(target, PiecesTarget):
        return _pieces(kind)
    if type(target) is NoTarget:
        return _payment(kind) if spec.paid else _plain(kind)
    return _canonical(kind)  # an exchange ("exchange 3 trains-for-ships"), or a target of a new type


def _card(kind: str) -> Parser:
    def handler(ctx: Context, args: list[str], line: str) -> Resolved:
        return _draw(ctx, args, kind)
    return handler


def _draw(ctx: Context, args: list[str], kind: str) -> Resolved:
    w = command_word(kind)
    if kind == DRAW and args and args[0].lower() == "tickets" and len(args) == 1:  # "draw tickets"
        return Resolved("action", Action(TICKETS))
    multi = len(ctx.view["decks"]) > 1
    face_up = [c for c in ctx.view["face_up"] if c]
    if not args or len(args) > (2 if multi else 1):
        return _error(f"Write {w} <card> or {w} deck{' [train|ship]' if multi else ''}; face up: "
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
                          f"or take the deck ({w} deck).")
        card = DECK if hits[0] == "deck" else CARD_INDEX[hits[0]]
    if not multi:
        return Resolved("action", Action(kind, card))
    if len(args) == 2:
        d = args[1].lower()
        if d not in DECK_NAMES and d != "none":
            return _error(f"Unknown deck {args[1]!r}: one of {', '.join(DECK_NAMES)}.")
        return Resolved("action", Action(kind, (card, DECK_NAMES.index(d) if d != "none" else -1)))
    opts = [a for a in ctx.by_kind.get(kind, []) if a.target[0] == card]
    if len(opts) == 1:
        return Resolved("action", opts[0])
    if opts:
        what = "the deck to draw from" if card == DECK else "the deck that refills the slot"
        return Resolved("choose", options=opts, message=f"Choose {what}:")
    return Resolved("action", Action(kind, (card, 0)))  # the engine says why not


_CARDS: dict[str, tuple[str, ...]] = {}


def edition_cards(edition) -> tuple[str, ...]:
    """Names of the card kinds an edition's decks hold, in kind order."""
    names = _CARDS.get(edition.name)
    if names is None:
        decks = edition.deck_contents()
        names = _CARDS[edition.name] = tuple(CARD_NAMES[k] for k in sorted({k for deck in decks for k in deck}))
    return names


def _paid_choice(ctx: Context, opts: Sequence[Action], probe: Action, arg: str | None, label: str,
                 make, command: str) -> Resolved:
    """Shared by the paid kinds (claim, station, harbor, pay): pick a payment by number, by cards, or ask."""
    if arg is not None:
        if arg.isdigit():
            i = int(arg)
            if not opts:
                return Resolved("probe", probe)
            if not 1 <= i <= len(opts):
                return _error(f"{label} has {plural(len(opts), 'way')} to pay: choose 1-{len(opts)}.")
            return Resolved("action", opts[i - 1])
        return Resolved("action", make(parse_cards(arg, arg)))
    if len(opts) == 1:
        return Resolved("action", opts[0])
    if opts:
        return Resolved("choose", options=opts, message=f"{label} can be paid in {len(opts)} ways:", command=command)
    return Resolved("probe", probe)


def _route(kind: str) -> Parser:
    def handler(ctx: Context, args: list[str], line: str) -> Resolved:
        w = command_word(kind)
        if not args or len(args) > 2:
            return _error(f"Write {w} <route id> [option | cards], e.g. {w} 42 or {w} 42 2; routes lists the "
                          "claimable ones.")
        if not args[0].isdigit():
            return _error(f"Route id must be a number, not {args[0]!r}; routes lists the claimable ones.")
        rid = int(args[0])
        if rid not in ctx.game_map.route_by_id:
            ids = sorted(ctx.game_map.route_by_id)
            return _error(f"Map {ctx.game_map.name} has no route {rid} (ids {ids[0]}-{ids[-1]}).")
        if not KINDS[kind].paid:
            return Resolved("action", Action(kind, rid))
        r = ctx.game_map.route(rid)
        label = f"Route {rid} ({' – '.join(r.cities)}, {r.length} {r.color})"
        return _paid_choice(ctx, ctx.options.get((kind, rid), []), Action(kind, rid, ()),
                            args[1] if len(args) > 1 else None, label, lambda cards: Action(kind, rid, cards),
                            f"{w} {rid}")
    return handler


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


def _site(kind: str) -> Parser:
    """A kind that names a city: `<word> <city> [option | cards]` (a station, a harbor)."""
    def handler(ctx: Context, args: list[str], line: str) -> Resolved:
        w = command_word(kind)
        paid = KINDS[kind].paid
        if not args:
            return _error(f"Write {w} <city>{' [option | cards]' if paid else ''}, e.g. {w} "
                          f"{ctx.game_map.cities[0].name}.")
        arg = None
        if paid and len(args) > 1 and (args[-1].isdigit() or _is_payment(args[-1])):
            arg = args[-1]
            args = args[:-1]
        city, err = match_city(ctx, " ".join(args))
        if city is None:
            return _error(err)
        if not paid:
            return Resolved("action", Action(kind, city))
        return _paid_choice(ctx, ctx.options.get((kind, city), []), Action(kind, city, ()), arg,
                            f"A {kind} in {city}", lambda cards: Action(kind, city, cards), f"{w} {city}")
    return handler


def _tickets(kind: str) -> Parser:
    """A kind that names tickets of the offer: `<word> <ids>` or `<word> all`."""
    def handler(ctx: Context, args: list[str], line: str) -> Resolved:
        w = command_word(kind)
        offer = ctx.view["you"]["offer"]
        if not args:
            return _error(f"Write {w} <ticket ids>, e.g. {w} {' '.join(map(str, offer[:2])) or '3 17'}, or {w} all"
                          + (f"; offered: {', '.join(map(str, offer))}." if offer else "."))
        if len(args) == 1 and args[0].lower() == "all":
            if not offer:
                return Resolved("probe", Action(kind, ()))
            return Resolved("action", Action(kind, tuple(offer)))
        return Resolved("action", Action.from_text(" ".join([kind, *args])))
    return handler


def _payment(kind: str) -> Parser:
    """A kind that is only a payment (the tunnel's `pay`): `<word>` pays the cheapest way,
    `<word> list` lists the ways, `<word> <option | cards>` picks one."""
    def handler(ctx: Context, args: list[str], line: str) -> Resolved:
        w = command_word(kind)
        opts = ctx.payments.get(kind, [])
        what = "The tunnel" if kind == PAY else f"The {kind}"
        if not args:
            if opts:
                return Resolved("action", opts[0], message=f"Paying the cheapest way: {cards_text(opts[0].cards)}.")
            return Resolved("probe", Action(kind, None, ()))
        if args[0].lower() in ("list", "?"):
            if not opts:
                return Resolved("probe", Action(kind, None, ()))
            return Resolved("choose", options=opts, message=f"{what} can be paid in these ways:")
        if len(args) != 1:
            return _error(f"Write {w}, {w} list, {w} <option> or {w} <cards>.")
        return _paid_choice(ctx, opts, Action(kind, None, ()), args[0], what,
                            lambda cards: Action(kind, None, cards), w)
    return handler


def _plain(kind: str) -> Parser:
    """A kind with no target and no cards: its word alone."""
    def handler(ctx: Context, args: list[str], line: str) -> Resolved:
        if args:
            return _error(f"{kind} takes no arguments.")
        return Resolved("action", Action(kind))
    return handler


def _pieces(kind: str) -> Parser:
    """Trains and ships to keep: `<word> <trains> <ships>`, or the trains alone (the rest are ships)."""
    def handler(ctx: Context, args: list[str], line: str) -> Resolved:
        total = ctx.edition.pieces_total
        if len(args) == 1 and args[0].isdigit() and total is not None:
            return Resolved("action", Action(kind, (int(args[0]), total - int(args[0]))))
        return Resolved("action", Action.from_text(" ".join([kind, *args])))
    return handler


def _canonical(kind: str) -> Parser:
    """Any other kind: its canonical text (e.g. exchange 3 trains-for-ships)."""
    def handler(ctx: Context, args: list[str], line: str) -> Resolved:
        return Resolved("action", Action.from_text(" ".join([kind, *args])))
    return handler


def is_probe(a: Action) -> bool:
    """An incomplete action the prompt sends to learn why it cannot be played (a claim, station,
    harbor or payment without cards, or keeping no ticket)."""
    spec = KINDS.get(a.kind)
    if spec is None:
        return False
    return (spec.paid and not a.cards) or (isinstance(spec.target, TicketsTarget) and not a.target)


def explain_probe(ctx: Context, probe: Action, message: str) -> str:
    """Why an action the engine refused (`message`) is not legal, for a human. A probe has no cards
    (or no tickets) yet, which the engine refuses as malformed before it explains anything, so the
    reason is read from the view; the engine's own explanation is used where it gives one."""
    v = ctx.view
    t = probe.target
    spec = KINDS[probe.kind]
    what = {CLAIM: f"claim route {t}", STATION: f"build a station in {t}", HARBOR: f"build a harbor in {t}",
            PAY: "pay for the tunnel", KEEP: "keep tickets"}.get(probe.kind) or spec.summary or probe.kind
    explained = message.startswith("illegal action") and "): " in message  # "illegal action '...' for seat ... (...): why"
    legal_now = probe.kind in ctx.kinds
    if explained and (legal_now or v["phase"] != "turn" or probe.kind not in (CLAIM, STATION, HARBOR)):
        reason = message.split("): ", 1)[1]
        if probe.kind == CLAIM and reason.startswith("these cards do not pay"):
            reason = _cannot_pay(ctx.game_map.route(t))
        return f"You cannot {what}: {reason}."
    if not legal_now and (v["phase"] != "turn" or probe.kind not in (CLAIM, STATION, HARBOR)):
        reason = (f"in this phase the legal actions are: {', '.join(sorted(ctx.kinds))}" if ctx.kinds
                  else "it is not your move")
        return f"You cannot {what}: {reason}."
    if isinstance(spec.target, TicketsTarget):
        return f"You cannot {what}: no tickets are offered to you."
    if probe.kind not in (CLAIM, STATION, HARBOR):  # legal, but not with these cards: the tunnel's pay
        extra = " (decline takes your cards back)" if probe.kind == PAY else ""
        return f"You cannot {what}: your hand cannot pay for it{extra}."
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
            reason = f"your station number {n} costs {plural(n, 'card')} of one colour (locomotives wild); you cannot pay"
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
    if isinstance(KINDS[a.kind].target, CardTarget) and isinstance(a.target, tuple):  # two decks
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
        return len(text), [(w, "") for w in all_words() if w.startswith(text.lower())]
    head, rest = text.split(" ", 1)
    kind = ACTION_WORDS.get(head.lower())
    spec = KINDS[kind] if kind is not None else None
    target = spec.target if spec is not None else None
    cands: list[tuple[str, str]] = []
    if isinstance(target, CardTarget):
        cands = [(c, "face up") for c in dict.fromkeys(c for c in ctx.view["face_up"] if c)] + [("deck", "")]
        word = rest.split(" ")[-1]
        return len(word), [(c, m) for c, m in cands if c.startswith(word.lower())]
    if isinstance(target, RouteTarget):
        routes = {t: o for (k, t), o in ctx.options.items() if k == kind}
        for rid in sorted(routes):
            r = ctx.game_map.route(rid)
            cands.append((str(rid), f"{' – '.join(r.cities)} {r.length} {r.color}"))
        if " " in rest:
            rid_text, arg = rest.split(" ", 1)
            opts = routes.get(int(rid_text), []) if rid_text.isdigit() else []
            shown = [(str(i), cards_text(opts[i - 1].cards)) for i in range(1, min(len(opts), COMPLETED_OPTIONS) + 1)]
            return len(arg), [(n, m) for n, m in shown if n.startswith(arg)]
        return len(rest), [(c, m) for c, m in cands if c.startswith(rest)]
    if isinstance(target, CityTarget) or (kind is None and META_WORDS.get(head.lower()) == "routes"):
        cities = sorted({c for k, c in ctx.options if k == kind}) if kind is not None else []
        cities = cities or sorted(c.name for c in ctx.game_map.cities)
        f = _fold(rest)
        return len(rest), [(c, "") for c in cities if _fold(c).startswith(f)]
    if isinstance(target, TicketsTarget):
        word = rest.split(" ")[-1]
        ids = [str(t) for t in ctx.view["you"]["offer"]] + ["all"]
        return len(word), [(i, "") for i in ids if i.startswith(word) and i not in rest.split()]
    if kind is not None and type(target) is NoTarget and KINDS[kind].paid:
        words = [(str(i), cards_text(a.cards)) for i, a in enumerate(ctx.payments.get(kind, []), 1)] + [("list", "")]
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
