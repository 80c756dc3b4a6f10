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
from flask_socketio import ConnectionRefusedError, SocketIO

from .. import rooms
from ..errors import ServiceError, bad_request, error_answer, fail, internal_answer
from ..i18n import pick_lang
from . import guard

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
    if not isinstance(code, str) or (token is not None and not isinstance(token, str)):
        raise bad_request("bad_json")
    return auth


def register(socketio: SocketIO, service, limits, presence_ttl: float = 30,
             presence_beat: float = 10) -> None:
    sessions: dict[str, dict] = {}   # sid -> {room, token, lang} (this process)

    def push(views):
        # a socket of this process is written to directly; only the others'
        # go through the message queue (Redis), which costs a round trip
        emit = socketio.server.emit
        for sid, view in views:
            emit("view", view, to=sid, ignore_queue=sid in sessions)

    def revoke(code, sockets):
        """Sockets whose token no longer opens the room (on whichever process
        holds them: the message queue carries the event) leave presence and
        are told with the event ``refused`` ({code, message}, as a refused
        connection's data); the page then closes its socket.  A socket that
        stays gets no more views, and its actions are answered bad_token."""
        for sid, lang in sockets:
            service.store.presence_remove(code, sid)
            sessions.pop(sid, None)
            socketio.emit("refused", error_answer(fail("bad_token"), lang)["error"], to=sid)

    service.push = push
    service.revoke = revoke

    def address() -> str:
        return request.remote_addr or "?"

    @socketio.on("connect")
    def on_connect(auth=None):
        lang = pick_lang(auth.get("lang") if isinstance(auth, dict) else None,
                         request.headers.get("Accept-Language"))
        try:
            limits.spend("connect", address())
            auth = checked_auth(auth)
            if auth.get("token"):
                limits.check("wrong_token", address())
            limits.check("unknown_room", address())
            # store the session first: the first view is pushed inside connect
            sessions[request.sid] = {"room": auth["room"].upper(), "token": auth.get("token") or None,
                                     "lang": lang}
            service.connect(auth["room"], auth.get("token") or None, request.sid, lang)
        except ServiceError as error:
            sessions.pop(request.sid, None)
            limits.count_refusal(error, address())
            raise refusal(error, lang) from None
        except Exception:   # a bug: logged with its traceback; the phone is told
            sessions.pop(request.sid, None)
            log.exception("connect failed")
            raise refusal(fail("internal"), lang) from None

    @socketio.on("disconnect")
    def on_disconnect(*args):
        session = sessions.pop(request.sid, None)
        if session and not service.stopping:   # stopping: presence goes at once (app.shutdown)
            try:
                service.disconnect(session["room"], request.sid)
            except Exception:
                if not service.stopping:   # a goodbye caught mid-way by the stop
                    log.exception("disconnect failed")

    def answer(handle, sid):
        """Runs ``handle(session)`` for socket ``sid`` and answers in the
        one shape, whatever happens."""
        session = sessions.get(sid)
        lang = session["lang"] if session else pick_lang(None)
        if session is None:
            return error_answer(fail("bad_token"), lang)
        try:
            return handle(session)
        except ServiceError as error:
            return error_answer(error, lang)
        except guard.BadInput as error:
            return error_answer(fail(error.code), lang)
        except Exception:   # a bug: logged with its traceback; the phone is answered
            log.exception("socket event failed")
            return internal_answer(lang)

    def on_action(sid, *args):
        """Registered with python-socketio itself, not through Flask-SocketIO:
        an action needs no Flask request context, which cost 4 to 6 % of
        the server's CPU per action."""
        def act(session):
            if len(args) != 1:
                raise bad_request("bad_json")
            body = args[0]
            if isinstance(body, guard.Malformed):
                raise fail(body.code)
            guard.check(body)
            return service.act(session["room"], session["token"], body, session["lang"])
        return answer(act, sid)

    socketio.server.on("action", on_action)

    @socketio.on(guard.MALFORMED_EVENT)
    def on_malformed(*args):
        code = args[0] if args and args[0] in guard.CODES_OF_MALFORMED else "bad_json"
        log.info("refused a malformed Socket.IO packet from %s: %s", address(), code)
        return answer(lambda session: error_answer(fail(code), session["lang"]), request.sid)

    @socketio.on("lang")
    def on_lang(*args):
        def switch(session):
            if len(args) == 1 and args[0] in ("de", "en"):
                session["lang"] = args[0]
                service.connect(session["room"], session["token"], request.sid, args[0])
            return {"ok": True}
        return answer(switch, request.sid)

    @socketio.on("*")
    def on_unknown(event, *args):
        return answer(lambda session: error_answer(fail("unknown_action"), session["lang"]),
                      request.sid)

    def keep_presence():
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

    socketio.start_background_task(keep_presence)
