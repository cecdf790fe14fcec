"""Serialized forms of games: saves (save.py), and integer action ids (action_space.py)."""
