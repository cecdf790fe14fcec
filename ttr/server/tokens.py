"""Secrets: seat and creator tokens are 32 random URL-safe characters (192 bits); the
database keeps only their SHA-256, compared in constant time."""
from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_game_id() -> str:
    return secrets.token_urlsafe(9)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(digest: str, stored: str | None) -> bool:
    """Does a token's hash equal a stored hash (constant time)?"""
    return stored is not None and hmac.compare_digest(digest, stored)
