"""Socket.IO transport: thin.  Connect with auth {room, token?, lang?}; emit
`action` with an acknowledgement; every change reaches each socket as `view`.

Every packet is decoded with the checks of ``guard.CheckedPacket``: bad
input of any shape is answered (an acknowledgement or a refused connection
in the one error shape), never a traceback.  A socket whose token stops
opening the room (seat reopened for another phone, player removed) gets the
event ``refused`` with the error.  Presence is per
process: a heartbeat keeps this process's sockets alive in the store and
clears those of processes that died (see store.base)."""
from __future__ import annotations

import logging

from flask import request
from flask_socketio import ConnectionRefusedError, Namespace, SocketIO

from .. import rooms
from ..errors import ServiceError, error_answer, fail, internal_answer
from ..i18n import pick_lang
from ..store import outage
from . import guard
from .view_patches import next_push

log = logging.getLogger("companion")


def refusal(error: ServiceError, lang: str) -> ConnectionRefusedError:
    """A refused connection carries the one error shape: the client reads
    ``err.message`` (the sentence) and ``err.data`` (``{code, message}``)."""
    body = error_answer(error, lang)["error"]
    return ConnectionRefusedError(body["message"], body)


def checked_auth(auth) -> dict:
    if isinstance(auth, guard.Malformed):
        raise fail(auth.code)
    auth = auth if isinstance(auth, dict) else {}
    try:
        guard.check(auth)
    except guard.BadInput as error:
        raise fail(error.code) from None
    code, token = auth.get("room"), auth.get("token") or None
    patches = auth.get("patches")
    if not isinstance(code, str) or (token is not None and not isinstance(token, str)) \
            or (patches is not None and type(patches) is not bool):   # 1 is no boolean here
        raise fail("bad_json")
    return auth


class Notifier:
    """What the service tells the sockets (``Service(notifier=...)``):
    views pushed to sockets, and revoked tokens.  ``sessions`` are this
    process's sockets, sid -> {room, token, lang}; the namespace keeps
    them."""

    def __init__(self, socketio: SocketIO, store):
        self.socketio = socketio
        self.store = store
        self.sessions: dict[str, dict] = {}

    def push(self, views, fresh=None):
        # a socket of this process is written to directly; only the others'
        # go through the message queue (Redis), which costs a round trip.
        # A socket that asked for patches gets them (view_patches.py); one
        # of another process gets the whole view (its page asks again).
        emit = self.socketio.server.emit
        made: dict = {}
        for sid, view in views:
            session = self.sessions.get(sid)
            if session is not None and session["patches"]:
                body = next_push(session, view, sid == fresh, made)
                if body is not None:
                    emit("patch", body, to=sid, ignore_queue=True)
            else:
                emit("view", view, to=sid, ignore_queue=session is not None)

    def failed(self, sockets):
        """Sockets whose view could not be built (the change is stored):
        each is told with the event ``failed`` ({code, message}) and its
        page asks for a whole view again a little later (``resync``)."""
        for sid, lang in sockets:
            self.socketio.emit("failed", error_answer(fail("view_failed"), lang)["error"], to=sid)

    def revoke(self, code, sockets):
        """Sockets whose token no longer opens the room (on whichever process
        holds them: the message queue carries the event) leave presence and
        are told with the event ``refused`` ({code, message}, as a refused
        connection's data); the page then closes its socket.  A socket that
        stays gets no more views, and its actions are answered bad_token."""
        for sid, lang in sockets:
            self.store.presence_remove(code, sid)
            self.sessions.pop(sid, None)
            self.socketio.emit("refused", error_answer(fail("bad_token"), lang)["error"], to=sid)


def without_view(answer: dict, session: dict) -> dict:
    """An action's acknowledgement to a socket that takes patches: its
    view came as a patch just before, so the answer names only its
    version (the whole view stays where that push did not reach it)."""
    if not answer.get("ok") or "view" not in answer or session.get("sent") is not answer["view"]:
        return answer
    answer = {key: value for key, value in answer.items() if key != "view"}
    answer["version"] = session["sent"]["version"]
    return answer


def address() -> str:
    return request.remote_addr or "?"


class RoomEvents(Namespace):
    """The Socket.IO events of the default namespace, one method each
    (``on_<event>``); an event without one is answered unknown_action."""

    #: the handlers that run without a Flask request context (see on_action)
    BARE = frozenset({"action"})

    def __init__(self, service, limits, notifier: Notifier):
        super().__init__("/")
        self.service = service
        self.limits = limits
        self.sessions = notifier.sessions

    def trigger_event(self, event, *args):
        if event in self.BARE:
            return getattr(self, f"on_{event}")(*args)
        if event not in ("connect", "disconnect", "lang", "resync", guard.MALFORMED_EVENT):
            return self.on_unknown(*args)
        return super().trigger_event(event, *args)

    def on_connect(self, auth=None):
        lang = pick_lang(auth.get("lang") if isinstance(auth, dict) else None,
                         request.headers.get("Accept-Language"))
        limits, sid = self.limits, request.sid
        try:
            limits.spend("connect", address())
            auth = checked_auth(auth)
            if auth.get("token"):
                limits.check("wrong_token", address())
            limits.check("unknown_room", address())
            # store the session first: the first view is pushed inside connect
            self.sessions[sid] = {"room": auth["room"].upper(), "token": auth.get("token") or None,
                                  "lang": lang, "patches": auth.get("patches") is True}
            self.service.connect(auth["room"], auth.get("token") or None, sid, lang)
        except ServiceError as error:
            self.sessions.pop(sid, None)
            limits.count_refusal(error, address())
            raise refusal(error, lang) from None
        except Exception as error:   # a bug: logged with its traceback; the phone is told
            self.sessions.pop(sid, None)
            if outage(error):   # the page asks again a little later (socket.js)
                log.warning("the store does not answer: %s", error)
                raise refusal(fail("store_down"), lang) from None
            log.exception("connect failed")
            raise refusal(fail("internal"), lang) from None

    def on_disconnect(self, *args):
        service = self.service
        session = self.sessions.pop(request.sid, None)
        if session and not service.stopping:   # stopping: presence goes at once (app.shutdown)
            try:
                service.disconnect(session["room"], request.sid)
            except Exception:
                if not service.stopping:   # a goodbye caught mid-way by the stop
                    log.exception("disconnect failed")

    def answer(self, handle, sid):
        """Runs ``handle(session)`` for socket ``sid`` and answers in the
        one shape, whatever happens."""
        session = self.sessions.get(sid)
        lang = session["lang"] if session else pick_lang(None)
        if session is None:
            return error_answer(fail("bad_token"), lang)
        try:
            return handle(session)
        except ServiceError as error:
            return error_answer(error, lang)
        except guard.BadInput as error:
            return error_answer(fail(error.code), lang)
        except Exception as error:   # a bug: logged with its traceback; the phone is answered
            if outage(error):
                log.warning("the store does not answer: %s", error)
                return error_answer(fail("store_down"), lang)
            log.exception("socket event failed")
            return internal_answer(lang)

    def on_action(self, sid, *args):
        """Runs without a Flask request context (``BARE``): an action needs
        none, and making one cost 4 to 6 % of the server's CPU per action."""
        def act(session):
            if len(args) != 1:
                raise fail("bad_json")
            body = args[0]
            if isinstance(body, guard.Malformed):
                raise fail(body.code)
            guard.check(body)
            answer = self.service.act(session["room"], session["token"], body, session["lang"])
            return without_view(answer, session) if session["patches"] else answer
        return self.answer(act, sid)

    def on_malformed(self, *args):
        code = args[0] if args and args[0] in guard.CODES_OF_MALFORMED else "bad_json"
        log.info("refused a malformed Socket.IO packet from %s: %s", address(), code)
        return self.answer(lambda session: error_answer(fail(code), session["lang"]), request.sid)

    def on_lang(self, *args):
        def switch(session):
            if len(args) == 1 and args[0] in ("de", "en"):
                session["lang"] = args[0]
                self.service.connect(session["room"], session["token"], request.sid, args[0])
            return {"ok": True}
        return self.answer(switch, request.sid)

    def on_resync(self, *args):
        """A page that holds no base for the next patch asks for a whole view."""
        def again(session):
            # its own allowance, per socket: a phone that resyncs often slows
            # only itself, never the other phones of its address (issue #39)
            self.limits.spend("resync", sid)
            self.service.connect(session["room"], session["token"], request.sid, session["lang"])
            return {"ok": True}
        sid = request.sid
        return self.answer(again, sid)

    def on_unknown(self, sid, *args):
        """Any other event (no Flask request context needed either)."""
        return self.answer(lambda session: error_answer(fail("unknown_action"), session["lang"]),
                           sid)


def keep_presence(socketio: SocketIO, service, sessions: dict, presence_ttl: float,
                  presence_beat: float) -> None:
    """This process's heartbeat: refreshes its presence, clears that of
    processes that stopped beating and tells their rooms."""
    store = service.store
    while True:
        socketio.sleep(presence_beat)
        if store.closed:
            return
        try:
            codes = store.presence_beat(presence_ttl)
            if store.presence_lost:   # we were taken for dead: say we are here
                for sid, session in list(sessions.items()):
                    digest = rooms.token_hash(session["token"]) if session["token"] else ""
                    store.presence_add(session["room"], sid, digest, session["lang"])
            for code in codes:
                try:
                    service.broadcast(service.load(code))
                except ServiceError:
                    pass   # the room is gone
        except Exception:
            if store.closed:
                return
            log.exception("presence heartbeat failed")


def register(socketio: SocketIO, service, limits, notifier: Notifier,
             presence_ttl: float = 30, presence_beat: float = 10) -> None:
    """The events' handlers, and this process's presence heartbeat."""
    socketio.on_namespace(RoomEvents(service, limits, notifier))
    socketio.start_background_task(keep_presence, socketio, service, notifier.sessions,
                                   presence_ttl, presence_beat)
