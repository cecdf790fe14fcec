"""Playing against bots in a terminal: rendering (render.py), the prompt's short
forms and completion (prompt.py), and the game loop (session.py).

Everything shown to the human comes from `game.view(seat)` (plus the printed
board: the map and the edition's rules, which every player knows), and bots'
moves are worded by `text.describe`, which is safe for onlookers.

A game can be saved after every move and resumed (savefile.py); bots are made
afresh for every action from its number (bots.py), so a resumed game goes on
exactly as if it had never stopped.

The loop is `Session.run()`; it reads lines through an `input_fn(prompt)` that
behaves like `input()` (raising EOFError when input ends) and writes to a rich
Console, so tests drive it with a list of lines and a Console on a StringIO.
"""
from .prompt import completions, resolve
from .context import Context, ticket_progress
from .render import Renderer
from .session import Session, new_session, resume_session, run_session

__all__ = ["Context", "Renderer", "Session", "completions", "new_session", "resolve", "resume_session",
           "run_session", "ticket_progress"]
