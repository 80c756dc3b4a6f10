"""The table session, game-agnostic: room codes, seats, tokens, the log.

A room is one JSON record (see ``new_room``).  Tokens are never stored in
clear: the record keeps their SHA-256, so a copied database file does not
let anybody act for a seat.
"""
from __future__ import annotations

import hashlib
import json
import secrets
import time

import orjson

# no look-alikes: no I/1/L, O/0, U/V
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ"
CODE_LENGTH = 5
NAME_MAX = 40
HISTORY_MAX = 30    # undo steps kept (undo is for entry mistakes)
LOG_MAX = 500       # log lines kept per room
IDLE_SECONDS = 24 * 3600


def encode(value) -> str:
    """JSON text of a room (written on every action) or a packet: orjson,
    several times faster than the standard library on these bodies; what
    it cannot write (an integer beyond 64 bits) goes the standard way."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value)


def decode(text: str):
    return orjson.loads(text)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(code: str) -> str:
    return (code or "").strip().upper()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_room(code: str, game: str, options: dict, host_token: str) -> dict:
    now = time.time()
    return {
        "code": code,
        "created": now,
        "version": 0,
        "seed": secrets.token_hex(16),   # the room's random source
        "host": token_hash(host_token),
        "seats": [],          # [{"seat", "name", "token", "claim"}]
        "order": [],          # seat numbers, clockwise at the real table
        "next_seat": 0,
        "game": game,
        "options": options,
        "status": "lobby",
        "state": None,        # the game's state while playing / finished
        "moves": 0,           # accepted game actions of this game (seeds rng)
        "game_no": 0,
        "undo_n": 0,          # undo steps the store keeps beside the room (store.last_undo)
        "winners": None,
        "log": [],
        "log_n": 0,
        "public_n": 0,
        "evening": [],        # [{"game", "winners"}] per finished game
    }


def find_seat(room: dict, seat: int) -> dict | None:
    for entry in room["seats"]:
        if entry["seat"] == seat:
            return entry
    return None


def seat_names(room: dict) -> dict[int, str]:
    return {entry["seat"]: entry["name"] for entry in room["seats"]}


def ordered_seats(room: dict) -> list[int]:
    """The seats in play, clockwise at the real table."""
    return list(room["order"])


def seat_by_digest(room: dict, digest: str) -> dict | None:
    """The seat whose token hashes to ``digest`` (presence keeps digests)."""
    for entry in room["seats"]:
        if entry["token"] and secrets.compare_digest(entry["token"], digest):
            return entry
    return None


def is_host_digest(room: dict, digest: str) -> bool:
    return bool(digest) and secrets.compare_digest(room["host"], digest)


def audience(room: dict, token: str | None, hashed: bool = False) -> tuple[str, int | None] | None:
    """Whom a token opens the room for: ("table", None) without one,
    ("host", None), ("seat", n), or None for a token the room does not
    know.  ``hashed``: ``token`` is already its digest (presence keeps
    digests)."""
    if not token:
        return "table", None
    digest = token if hashed else token_hash(token)
    if is_host_digest(room, digest):
        return "host", None
    entry = seat_by_digest(room, digest)
    return None if entry is None else ("seat", entry["seat"])


def audiences(room: dict, tokens: list[str | None], hashed: bool = False) -> list[tuple[str, int | None] | None]:
    """``audience`` of each token, in one call (a broadcast's sockets)."""
    return [audience(room, token, hashed) for token in tokens]


def add_log(room: dict, key: str, params: dict | None = None, to: list[int] | None = None,
            game: str | None = None) -> None:
    room["log_n"] += 1
    entry = {"n": room["log_n"], "game": game, "key": key, "params": params or {}, "to": to}
    if to is None:   # public lines are numbered apart, so the table's numbers never skip
        room["public_n"] += 1
        entry["p"] = room["public_n"]
    room["log"].append(entry)
    del room["log"][:-LOG_MAX]


def clean_name(name) -> str:
    """A seat name: str, printable, trimmed; '' when unusable."""
    if not isinstance(name, str):
        return ""
    name = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    return name
