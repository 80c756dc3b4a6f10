"""Socket.IO transport: thin.  Connect with auth {room, token?, lang?}; emit
`action` with an acknowledgement; every change reaches each socket as `view`."""
from __future__ import annotations

from flask import request
from flask_socketio import ConnectionRefusedError, SocketIO

from ..errors import ServiceError, bad_request, error_answer
from ..i18n import pick_lang


def register(socketio: SocketIO, service) -> None:
    sessions: dict[str, dict] = {}   # sid -> {room, token, lang} (this process)

    def push(views):
        for sid, view in views:
            socketio.emit("view", view, to=sid)

    service.push = push

    @socketio.on("connect")
    def on_connect(auth=None):
        auth = auth if isinstance(auth, dict) else {}
        code, token = auth.get("room"), auth.get("token") or None
        lang = pick_lang(auth.get("lang"), request.headers.get("Accept-Language"))
        if not isinstance(code, str) or (token is not None and not isinstance(token, str)):
            raise ConnectionRefusedError(error_answer(bad_request("bad_json"), lang)["error"])
        try:
            # store the session first: the first view is pushed inside connect
            sessions[request.sid] = {"room": code.upper(), "token": token, "lang": lang}
            service.connect(code, token, request.sid, lang)
        except ServiceError as error:
            sessions.pop(request.sid, None)
            raise ConnectionRefusedError(error_answer(error, lang)["error"])

    @socketio.on("disconnect")
    def on_disconnect(reason=None):
        session = sessions.pop(request.sid, None)
        if session:
            service.disconnect(session["room"], request.sid)

    @socketio.on("action")
    def on_action(body=None):
        session = sessions.get(request.sid)
        if session is None:
            return {"ok": False, "error": {"code": "bad_token", "message": "not connected"}}
        try:
            return service.act(session["room"], session["token"], body, session["lang"])
        except ServiceError as error:
            return error_answer(error, session["lang"])
        except Exception:   # never leave a phone waiting on a crashed handler
            socketio.server.logger.exception("action failed")
            return {"ok": False, "error": {"code": "internal",
                                           "message": "Something went wrong on the server."}}

    @socketio.on("lang")
    def on_lang(lang=None):
        session = sessions.get(request.sid)
        if session and lang in ("de", "en"):
            session["lang"] = lang
            service.connect(session["room"], session["token"], request.sid, lang)
