"""One error vocabulary.  ``CODES`` lists every platform code with its HTTP
status; a game's refusal codes are ``games.base.SHARED_ERRORS`` plus the
game's own ``errors`` table.  Messages are the texts ``error.<code>`` (the
game's first, then the platform catalogue).  ``error_body`` is the only
place the error shape is built: HTTP answers, Socket.IO acknowledgements and
Socket.IO connection refusals all use it."""
from __future__ import annotations

from typing import Any

#: platform codes -> status (400 malformed, 401 token, 403 not this seat,
#: 404 no room, 409 not now, 413 too large, 415 not JSON, 422 bad value,
#: 429 too many)
CODES: dict[str, int] = {
    "bad_json": 400, "unknown_action": 400,
    "too_deep": 400, "bad_encoding": 400, "bad_number": 400,
    "missing_token": 401, "bad_token": 401, "bad_claim": 401,
    "host_only": 403,
    "no_room": 404, "not_found": 404,
    "method_not_allowed": 405,
    "not_allowed": 409, "name_taken": 409, "room_full": 409, "game_running": 409,
    "player_count": 409, "nothing_to_undo": 409, "kick_in_game": 409,
    "game_over": 409, "busy": 409,
    "timer_off": 409, "timer_paused": 409, "timer_running": 409, "no_cause": 409,
    "too_large": 413,
    "not_json": 415,
    "unknown_game": 422, "bad_option": 422, "invalid_field": 422,
    "missing_field": 422, "bad_name": 422,
    "too_many": 429, "too_many_guesses": 429, "too_many_rooms": 429,
    "too_many_connections": 429,
    "internal": 500, "view_failed": 500,
    "store_down": 503,
}


class ServiceError(Exception):
    """An error a player or client caused.  The status comes from ``CODES``
    (or, for a game's refusal, is given by the game's table).  ``text_key``
    (default ``error.<code>``) is looked up in the game's texts first, then
    the platform's catalogue; ``names`` renders seat parameters."""

    def __init__(self, code: str, status: int | None = None, game: str | None = None,
                 text_key: str | None = None, names: dict[int, str] | None = None,
                 **params: Any):
        super().__init__(code)
        self.code = code
        self.status = status or CODES[code]
        self.game = game
        self.text_key = text_key or f"error.{code}"
        self.names = names
        self.params = params
        #: explain mode: what the refused player may do instead, in their
        #: words; the message says it after the reason (the shape stays)
        self.instead: str | None = None


def error_body(code: str, message: str) -> dict:
    """The one error shape."""
    return {"ok": False, "error": {"code": code, "message": message}}


def error_answer(error: ServiceError, lang: str) -> dict:
    """A ServiceError in the one shape, in the asker's language."""
    from . import games
    from .i18n import translate
    game = games.get(error.game) if error.game else None
    message = translate(lang, error.text_key, error.params, game, error.names)
    if error.instead:
        message = f"{message} {error.instead}"
    return error_body(error.code, message)


def internal_answer(lang: str) -> dict:
    """What a client is told when the server itself failed (the traceback
    goes to the log, never to the phone)."""
    return error_answer(ServiceError("internal"), lang)


def fail(code: str, **params: Any) -> ServiceError:
    """A platform error; its status comes from ``CODES``."""
    return ServiceError(code, **params)
