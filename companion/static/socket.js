/* The socket: connecting, the kept log, what a refused or dead connection
   means, and the toast that says why an action was refused. */
(function () {
  "use strict";
  const K = window.Companion;
  const page = K.page;   // this page's settings (static/config.js)

  /* --- the socket ---------------------------------------------------------- */
  // codes that mean "this token or room is dead": retrying cannot help
  const DEAD = ["bad_token", "no_room", "missing_token", "bad_claim"];

  function refusalOf(err) {
    if (!err) return null;
    let data = err.data;
    if (typeof data === "string") { try { data = JSON.parse(data); } catch (e) { data = null; } }
    if (data && typeof data === "object" && typeof data.code === "string") return data;
    return null;
  }

  /* Pushed views carry only the log's newest lines (``log_tail``), and
     under ``log_changed`` earlier lines a rename changed; a socket's first
     view, and any view over HTTP, carries the last 150.  The page keeps the
     lines it has and puts each view's whole log back. */
  function keptLog() {
    let lines = [];
    return {
      fill(view) {
        if (!view.log_tail) {
          lines = view.log.slice();
        } else {
          const first = view.log.length ? view.log[0].n : Infinity;
          const changed = new Map((view.log_changed || []).map((line) => [line.n, line]));
          lines = lines.filter((line) => line.n < first)
            .map((line) => changed.get(line.n) || line).concat(view.log).slice(-150);
        }
        view.log = lines;
      },
    };
  }

  /* RFC 6902 (add, remove, replace) on ``doc`` in place; returns it. Throws where an op does not fit. */
  function applyPatch(doc, ops) {
    for (const op of ops) {
      const keys = op.path.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
      const last = keys.pop(), add = op.op === "add";
      if (last === undefined && op.op === "replace") { doc = op.value; continue; }
      let at = doc;
      for (const k of keys) at = at && typeof at === "object" ? at[k] : null;
      // __proto__: assigning it would set a prototype (a whole view keeps it a key)
      if (!at || typeof at !== "object" || last === undefined || last === "__proto__") throw new Error(op.path);
      if (Array.isArray(at)) {
        const i = last === "-" ? at.length : Number(last);
        if (!Number.isInteger(i) || i < 0 || i > at.length - (add ? 0 : 1)) throw new Error(op.path);
        if (op.op === "replace") at[i] = op.value; else if (add) at.splice(i, 0, op.value); else at.splice(i, 1);
      } else if (add || Object.hasOwn(at, last)) {
        if (op.op === "remove") delete at[last]; else at[last] = op.value;
      } else throw new Error(op.path);
    }
    return doc;
  }

  /* ``patch`` events apply to the document of seq ``base`` (null: a whole view) and must give
     ``version``; else the page asks ``resync``. ``take`` gets a copy the page may change. */
  function patchedViews(socket, take) {
    let doc = null, seq = null;
    const again = () => { doc = null; seq = null; socket.emit("resync"); };
    return {
      patch(m) {
        if (m.base !== null && (m.base !== seq || !doc)) return again();
        let next = null;
        try { next = applyPatch(m.base === null ? null : doc, m.ops); } catch (e) { next = null; }
        if (!next || next.version !== m.version) return again();
        doc = next; seq = m.seq;
        take(structuredClone(doc));
      },
      view(view) { doc = null; seq = null; take(view); },   // a whole view: no base for a patch
    };
  }

  function connect(token, onView, onRefused) {
    // the room in the URL too: a proxy in front of several workers routes by it,
    // so all of a room's sockets live on one worker (deploy/nginx.conf)
    const socket = io({auth: {room: page.code, token: token || null, lang: page.lang, patches: true},
                       query: {room: page.code}, transports: ["websocket", "polling"]});
    let version = -1, worked = false, dead = false;
    const log = keptLog();
    const banner = document.getElementById("banner");
    const refused = (error) => {
      if (dead) return;
      dead = true;
      banner.hidden = true;
      socket.disconnect();
      onRefused(error, {worked});
    };
    let shown = null;
    const show = (view) => { shown = view; onView(view); };
    // a part of the renderer arrived later (K.needPart): draw the same view again
    K.redraw = () => { if (shown) onView(shown); };
    const pushed = patchedViews(socket, (view) => {
      if (dead || view.version < version) return;   // an older view arrived late
      version = view.version;
      worked = true;
      log.fill(view);
      K.loadGame(view.game).then(() => show(view));
    });
    socket.on("patch", pushed.patch);
    socket.on("view", pushed.view);
    socket.on("connect", () => { banner.hidden = true; });
    socket.on("disconnect", (reason) => {
      if (dead) return;
      banner.hidden = false;
      // the server hung up on purpose (e.g. the seat was revoked): ask again,
      // so the answer tells this page why
      if (reason === "io server disconnect") setTimeout(() => socket.connect(), 300);
    });
    socket.on("connect_error", (err) => {
      const error = refusalOf(err);
      if (error && DEAD.includes(error.code)) { refused(error); return; }
      banner.hidden = false;
      // refused for a passing reason (busy, internal): ask again a little later
      if (error) setTimeout(() => { if (!dead) socket.connect(); }, 2000);
    });
    socket.on("refused", (error) => { if (error && error.code) refused(error); });
    // the server stored a change but could not draw this page's view: say so, ask again later
    socket.on("failed", (error) => {
      if (dead || !error) return;
      toast(error.message);
      setTimeout(() => { if (!dead) socket.emit("resync"); }, 3000);
    });
    return {
      socket,
      send(action) {
        return new Promise((resolve) => {
          socket.timeout(10000).emit("action", action, (err, answer) => {
            if (err) answer = {ok: false, error: {code: "timeout", message: K.t("page.reconnecting")}};
            if (answer.ok) {
              if (answer.view) {   // with patches it came as a patch just before
                version = Math.max(version, answer.view.version);
                log.fill(answer.view);
                K.loadGame(answer.view.game).then(() => show(answer.view));
              }
            } else if (DEAD.includes(answer.error.code)) refused(answer.error);
            else toast(answer.error.message);
            resolve(answer);
          });
        });
      },
    };
  }

  /* What a dead connection means, in words, for a seat's phone or the
     table.  ``fate`` is what the page found out: "moved" (the seat is still
     there: another phone has it), "removed" (the seat is gone), "ended" (no
     room), "left" (this phone left) or null (unknown).  Returns
     {code, title, message, rejoin}: rejoin says whether joining again can
     help. */
  function goneInfo(error, fate) {
    if (fate === "ended" || (error && error.code === "no_room")) {
      return {code: "no_room", title: K.t("page.room_ended"), message: K.t("page.room_ended_hint"), rejoin: false};
    }
    if (fate === "left") return {code: "left", title: K.t("page.left"), message: "", rejoin: true};
    if (fate === "removed") {
      return {code: "removed", title: K.t("page.removed"), message: K.t("page.removed_hint"), rejoin: true};
    }
    if (fate === "moved") {
      return {code: "moved", title: K.t("page.seat_moved"), message: K.t("page.seat_moved_hint"), rejoin: true};
    }
    return {code: (error && error.code) || "gone", title: K.t("page.link_dead"),
            message: (error && error.message) || "", rejoin: true};
  }

  /* Where seat ``seat`` stands in this room now, from the public view:
     "moved" (still seated), "removed" (no longer seated) or "ended". */
  async function seatFate(seat) {
    try {
      const r = await fetch(`/api/rooms/${encodeURIComponent(page.code)}?lang=${page.lang}`);
      if (r.status === 404) return "ended";
      if (!r.ok) return null;
      const view = await r.json();
      if (seat === null || seat === undefined) return null;
      return (view.seats || []).some((s) => s.seat === seat) ? "moved" : "removed";
    } catch (e) { return null; }
  }

  /* Draws the "what happened" card into ``el`` (title, sentence, a button
     to join again or go to the start page). */
  function showGone(el, info, onRejoin) {
    el.hidden = false;
    el.innerHTML = `<h2 class="gone-title">${K.esc(info.title)}</h2>` +
      (info.message ? `<p>${K.esc(info.message)}</p>` : "") +
      `<button type="button" class="primary big" id="gone-action">${K.esc(K.t(info.rejoin ? "page.join_again" : "page.to_start"))}</button>`;
    el.dataset.code = info.code;
    el.querySelector("#gone-action").onclick = () => {
      if (info.rejoin && onRejoin) onRejoin(); else location.href = "/";
    };
  }

  function toast(message) {
    const el = document.getElementById("toast");
    el.textContent = message; el.hidden = false;
    clearTimeout(toast.timer);
    // long enough to read: a refusal with its "instead" is two sentences
    toast.timer = setTimeout(() => { el.hidden = true; }, Math.max(5000, message.length * 60));
  }

  Object.assign(K, {connect, toast, refusalOf, goneInfo, seatFate, showGone, applyPatch});
})();
