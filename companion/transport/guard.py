"""Hostile input stops here.  Every HTTP body and every Socket.IO packet is
parsed and checked once, before the service sees it, and whatever is
refused gets one of the platform's error codes (never a traceback):

- ``too_deep``: containers nested deeper than ``MAX_DEPTH``;
- ``bad_number``: a number of more than ``MAX_NUMBER`` characters, NaN,
  an infinity (a game may do arithmetic with what it stores);
- ``bad_encoding``: bytes that are not UTF-8, or text with lone UTF-16
  surrogates (``"\\ud800"`` is valid JSON, but no UTF-8 answer can carry
  it: stored, it would break every later view of the room);
- ``bad_json``: not JSON at all, or not plain JSON data (bytes from a
  binary Socket.IO attachment, say).
"""
from __future__ import annotations

import json
import math
import re
from typing import Any

from socketio import packet as sio_packet

from .. import rooms
from . import upstream

MAX_DEPTH = 32          # a real action is 3 deep
MAX_NUMBER = 100        # characters of one number
MAX_PACKET = 64 * 1024  # the HTTP body limit, for Socket.IO packets too

_SURROGATE = re.compile("[\ud800-\udfff]")


class BadInput(Exception):
    """Input the server refuses; ``code`` is a platform error code."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def _parse_int(text: str) -> int:
    if len(text) > MAX_NUMBER:
        raise BadInput("bad_number")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text) if len(text) <= MAX_NUMBER else math.inf
    if not math.isfinite(value):   # 1e999 as well as 500 digits
        raise BadInput("bad_number")
    return value


def _parse_constant(name: str):
    raise BadInput("bad_number")   # NaN, Infinity, -Infinity


_DECODER = json.JSONDecoder(parse_int=_parse_int, parse_float=_parse_float,
                            parse_constant=_parse_constant)


def loads(raw: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text or UTF-8 bytes -> checked plain data, or ``BadInput``."""
    if isinstance(raw, (bytes, bytearray)):
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput("bad_encoding") from None
    try:
        value = _DECODER.decode(raw)
    except RecursionError:
        raise BadInput("too_deep") from None
    except ValueError:
        raise BadInput("bad_json") from None
    check(value, max_depth)
    return value


def check(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """Raises ``BadInput`` unless ``value`` is plain JSON data within the
    limits.  Iterative: a hostile value cannot exhaust the stack here."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if item is None or isinstance(item, bool):
            continue
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise BadInput("bad_encoding")
        elif isinstance(item, int):
            if len(str(abs(item))) > MAX_NUMBER:
                raise BadInput("bad_number")
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise BadInput("bad_number")
        elif isinstance(item, (list, dict)):
            if depth > max_depth:
                raise BadInput("too_deep")
            if isinstance(item, dict):
                for key in item:
                    if not isinstance(key, str):
                        raise BadInput("bad_json")
                    if _SURROGATE.search(key):
                        raise BadInput("bad_encoding")
                children = item.values()
            else:
                children = item
            stack.extend((child, depth + 1) for child in children)
        else:
            raise BadInput("bad_json")


class Malformed:
    """What a Socket.IO packet that did not pass the checks becomes: the
    handlers answer it with ``code`` in the one error shape."""

    def __init__(self, code: str):
        self.code = code

    def __repr__(self):
        return f"Malformed({self.code!r})"


class _CheckedJson:
    """The json module python-socketio decodes packets with."""
    @staticmethod
    def dumps(value, **_options):
        """Outgoing packets with the fast writer (always compact)."""
        return rooms.encode(value)

    @staticmethod
    def loads(raw):
        return loads(raw, MAX_DEPTH + 1)   # an event's list wraps the body


#: the event a malformed packet becomes (its handler acknowledges the error)
MALFORMED_EVENT = "malformed"
CODES_OF_MALFORMED = {"bad_json", "too_deep", "bad_encoding", "bad_number", "too_large",
                      "unknown_action"}
#: events only the server raises (a client sending one would run its
#: handler), and "*", the catch-all's name (its handler expects other arguments)
RESERVED_EVENTS = {"connect", "disconnect", MALFORMED_EVENT, "*"}
_KNOWN_TYPES = {sio_packet.CONNECT, sio_packet.DISCONNECT, sio_packet.EVENT, sio_packet.ACK,
                sio_packet.BINARY_EVENT, sio_packet.BINARY_ACK}


class CheckedPacket(upstream.PacketWithoutBinaryWalk):
    """Socket.IO packets decoded with the same checks as HTTP bodies.  A
    packet that fails them is not dropped (the phone would wait for an
    acknowledgement that never comes) nor logged with a traceback: an
    event keeps its id and becomes ``MALFORMED_EVENT`` with the error code,
    a connection request carries a ``Malformed`` as its auth."""

    json = _CheckedJson

    def decode(self, encoded_packet):
        self.id = None
        if isinstance(encoded_packet, str) and len(encoded_packet) > MAX_PACKET:
            return self._refuse(encoded_packet[:128], "too_large")
        try:
            count = super().decode(encoded_packet)
        except BadInput as error:
            return self._refuse(None, error.code)
        except (ValueError, TypeError, IndexError):
            return self._refuse(None, "bad_json")
        if self.packet_type not in _KNOWN_TYPES:
            return self._refuse(None, "bad_json")
        if self.packet_type in (sio_packet.EVENT, sio_packet.BINARY_EVENT):
            if not (isinstance(self.data, list) and self.data and isinstance(self.data[0], str)):
                return self._refuse(None, "bad_json")
            if self.data[0] in RESERVED_EVENTS:
                return self._refuse(None, "unknown_action")
        return count

    def _refuse(self, head: str | None, code: str) -> int:
        if head is not None:   # too large: read type, namespace and id only
            cut = min([i for i in (head.find("["), head.find("{")) if i > 0] or [len(head)])
            try:
                super().decode(head[:cut])
            except (ValueError, TypeError, IndexError):
                self.packet_type, self.namespace, self.id = sio_packet.EVENT, None, None
        if getattr(self, "packet_type", None) == sio_packet.CONNECT:
            self.data = Malformed(code)
        else:
            if getattr(self, "packet_type", None) not in (sio_packet.EVENT, sio_packet.BINARY_EVENT):
                self.id = None   # nobody waits for an answer to an ACK
            self.packet_type = sio_packet.EVENT
            self.data = [MALFORMED_EVENT, code]
        if not hasattr(self, "namespace"):
            self.namespace = None
        self.attachment_count = 0
        self.attachments = []
        return 0


#: an Engine.IO text packet starts with its type, a digit 0-6
_ENGINE_TYPES = frozenset("0123456")


def engine_frame_ok(message: str) -> bool:
    """What a client's Engine.IO text frame can be: a type, then nothing,
    a Socket.IO packet (which starts with a digit) or "probe".  Anything
    else python-engineio would try to parse as JSON, unguarded."""
    head, rest = message[:1], message[1:]
    return head in _ENGINE_TYPES and (rest == "" or rest[:1].isdigit() or rest == "probe")


def check_engine_frames(eio) -> None:
    """python-engineio decodes a websocket frame outside its error handling:
    a text frame it cannot decode ended the connection with a traceback (and
    half a 500 answer written into the websocket).  This server's websocket
    class skips such frames, as if they were empty (no answer is owed);
    the swap is upstream.skip_bad_frames."""
    upstream.skip_bad_frames(eio, engine_frame_ok)
