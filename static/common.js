/* Shared page logic: texts, escaping, the socket, generic action forms,
   confirm dialogs, hold-to-reveal, wake lock.  Plain JS, no build step. */
(function () {
  "use strict";
  const C = window.COMPANION;
  const Companion = window.Companion = window.Companion || {};
  Companion.games = Companion.games || {};
  const gameTexts = {};   // game -> {texts, seat_fields}

  function esc(s) {
    return String(s == null ? "" : s).replace(/[&<>"']/g, (c) => (
      {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  }
  function format(template, params) {
    return String(template).replace(/\{(\w+)\}/g, (m, k) => (params && k in params ? params[k] : m));
  }
  function t(key, params) {
    return format(C.texts[key] != null ? C.texts[key] : key, params);
  }
  async function loadGame(game) {
    if (!gameTexts[game]) {
      const answer = await fetch(`/api/games/${encodeURIComponent(game)}/texts?lang=${C.lang}`);
      gameTexts[game] = answer.ok ? await answer.json() : {texts: {}, seat_fields: []};
    }
    return gameTexts[game];
  }
  function gt(game, key, params) {
    const g = gameTexts[game];
    if (g && g.texts[key] != null) return format(g.texts[key], params);
    if (C.texts[key] != null) return t(key, params);
    return null;
  }

  function ui(view) {
    const names = {};
    (view.seats || []).forEach((s) => { names[s.seat] = s.name; });
    return {
      lang: C.lang,
      t: (key, params) => { const s = gt(view.game, key, params); return s == null ? key : s; },
      name: (seat) => (seat in names ? names[seat] : "#" + seat),
      esc,
      secret: (html) => `<div class="secret inline"><button type="button" class="hold" data-hold>${esc(t("page.hold"))}</button><div class="secret-body" hidden>${html}</div></div>`,
    };
  }

  /* --- the socket ---------------------------------------------------- */
  function connect(token, onView, onRefused) {
    const socket = io({auth: {room: C.code, token: token || null, lang: C.lang},
                       transports: ["websocket", "polling"]});
    let version = -1;
    const banner = document.getElementById("banner");
    socket.on("view", (view) => {
      if (view.version < version) return;   // an older view arrived late
      version = view.version;
      loadGame(view.game).then(() => onView(view));
    });
    socket.on("connect", () => { banner.hidden = true; });
    socket.on("disconnect", () => { banner.hidden = false; });
    socket.on("connect_error", (err) => {
      if (err && err.data && err.data.code) { onRefused(err.data); socket.disconnect(); return; }
      banner.hidden = false;
    });
    return {
      socket,
      send(action) {
        return new Promise((resolve) => {
          socket.timeout(10000).emit("action", action, (err, answer) => {
            if (err) answer = {ok: false, error: {code: "timeout", message: t("page.reconnecting")}};
            if (answer.ok) { version = Math.max(version, answer.view.version); loadGame(answer.view.game).then(() => onView(answer.view)); }
            else toast(answer.error.message);
            resolve(answer);
          });
        });
      },
    };
  }

  function toast(message) {
    const el = document.getElementById("toast");
    el.textContent = message; el.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { el.hidden = true; }, 5000);
  }

  function confirmDialog(text) {
    const dialog = document.getElementById("confirm");
    document.getElementById("confirm-text").textContent = text;
    return new Promise((resolve) => {
      const done = (answer) => { dialog.close(); resolve(answer); };
      document.getElementById("confirm-yes").onclick = () => done(true);
      document.getElementById("confirm-no").onclick = () => done(false);
      dialog.showModal();
    });
  }

  /* --- generic action forms from the view's templates ----------------- */
  function valueLabel(view, field, value) {
    const g = gameTexts[view.game] || {seat_fields: []};
    if (typeof value === "number" && (g.seat_fields.includes(field) || ["seat", "order"].includes(field))) {
      return ui(view).name(value);
    }
    const label = gt(view.game, "value." + value);
    return label == null ? String(value) : label;
  }
  function fieldLabel(view, field) {
    const label = gt(view.game, "field." + field);
    return label == null ? field : label;
  }
  function actionLabel(view, type) {
    const label = gt(view.game, "action." + type);
    return label == null ? type : label;
  }

  const openGroups = {};   // which folding groups the player opened, kept across views
  function renderActions(view, container, send, options) {
    options = options || {};
    container.innerHTML = "";
    const skip = options.skip || [];
    const shown = view.actions.filter((a) => !skip.includes(a.type));
    const count = {};
    shown.forEach((a) => { count[a.type] = (count[a.type] || 0) + 1; });
    const groups = {};
    shown.forEach((tpl) => {
      const form = actionForm(view, tpl, send);
      if (count[tpl.type] < 3) { container.appendChild(form); return; }
      // many templates of one type (a claim per identity): one folding group
      if (!groups[tpl.type]) {
        const group = groups[tpl.type] = document.createElement("details");
        group.className = "group card"; group.dataset.type = tpl.type;
        group.open = !!openGroups[tpl.type];
        group.ontoggle = () => { openGroups[tpl.type] = group.open; };
        group.innerHTML = `<summary>${esc(actionLabel(view, tpl.type))} <small>(${count[tpl.type]})</small></summary>`;
        container.appendChild(group);
      }
      groups[tpl.type].appendChild(form);
    });
  }

  function actionForm(view, tpl, send) {
    const form = document.createElement("form");
    form.className = "action card";
    form.dataset.type = tpl.type;
    const fixed = [], open = [];
    Object.entries(tpl.fields).forEach(([name, spec]) => {
      if (Array.isArray(spec) && spec.length === 1) fixed.push([name, spec[0]]);
      else open.push([name, spec]);
    });
    const title = [actionLabel(view, tpl.type)].concat(fixed.map(([n, v]) => valueLabel(view, n, v)));
    const values = {};
    fixed.forEach(([n, v]) => { values[n] = v; });
    const submit = async (extra) => {
      const action = Object.assign({type: tpl.type}, values, extra || {});
      if (tpl.confirm && !(await confirmDialog(title.join(" · ") + " — " + t("page.confirm")))) return;
      form.classList.add("busy");
      await send(action);
      form.classList.remove("busy");
    };
    // one choice field and nothing else: one tap per value
    if (open.length === 1 && Array.isArray(open[0][1]) && open[0][1].length <= 8) {
      const [name, spec] = open[0];
      form.innerHTML = `<div class="label">${esc(title.join(" · "))} <small>${esc(fieldLabel(view, name))}</small></div>`;
      const row = document.createElement("div"); row.className = "choices";
      spec.forEach((value) => {
        const b = document.createElement("button");
        b.type = "button"; b.className = "choice"; b.dataset.value = JSON.stringify(value);
        b.textContent = valueLabel(view, name, value);
        b.onclick = () => submit({[name]: value});
        row.appendChild(b);
      });
      form.appendChild(row);
      return form;
    }
    form.innerHTML = `<div class="label">${esc(title.join(" · "))}</div>`;
    open.forEach(([name, spec]) => form.appendChild(fieldInput(view, name, spec, values)));
    const go = document.createElement("button");
    go.type = "submit"; go.className = "primary";
    go.textContent = open.length ? t("page.send") : actionLabel(view, tpl.type);
    if (!open.length) { form.innerHTML = ""; go.className = "primary big"; go.textContent = title.join(" · "); }
    form.appendChild(go);
    form.onsubmit = (e) => { e.preventDefault(); if (form.reportValidity()) submit(); };
    return form;
  }

  function fieldInput(view, name, spec, values) {
    const wrap = document.createElement("div");
    wrap.className = "field";
    wrap.innerHTML = `<span class="flabel">${esc(fieldLabel(view, name))}</span>`;
    if (Array.isArray(spec)) {
      const row = document.createElement("div"); row.className = "choices";
      spec.forEach((value, i) => {
        const b = document.createElement("button");
        b.type = "button"; b.className = "choice"; b.textContent = valueLabel(view, name, value);
        b.onclick = () => { values[name] = value; row.querySelectorAll("button").forEach((x) => x.classList.remove("on")); b.classList.add("on"); };
        if (i === 0) { values[name] = value; b.classList.add("on"); }
        row.appendChild(b);
      });
      wrap.appendChild(row);
    } else if (spec.kind === "text") {
      const input = document.createElement("input");
      input.maxLength = spec.max || 200; input.required = !spec.optional && (spec.min || 0) > 0;
      input.name = name;
      input.oninput = () => { values[name] = input.value; };
      if (spec.optional) delete values[name];
      wrap.appendChild(input);
    } else if (spec.kind === "int") {
      const input = document.createElement("input");
      input.type = "number"; input.inputMode = "numeric"; input.name = name;
      input.min = spec.min; input.max = spec.max; input.value = spec.min; input.required = true;
      values[name] = spec.min;
      input.oninput = () => { values[name] = parseInt(input.value, 10); };
      wrap.appendChild(input);
    } else if (spec.kind === "subset") {
      const row = document.createElement("div"); row.className = "choices";
      values[name] = [];
      spec.of.forEach((value) => {
        const b = document.createElement("button");
        b.type = "button"; b.className = "choice"; b.textContent = valueLabel(view, name, value);
        b.onclick = () => {
          const list = values[name], at = list.indexOf(value);
          if (at >= 0) list.splice(at, 1); else list.push(value);
          b.classList.toggle("on", at < 0);
        };
        row.appendChild(b);
      });
      if (spec.size != null) wrap.querySelector(".flabel").textContent += ` (${spec.size})`;
      wrap.appendChild(row);
    } else if (spec.kind === "order") {
      const list = document.createElement("ol"); list.className = "order";
      values[name] = spec.of.slice();
      const draw = () => {
        list.innerHTML = "";
        values[name].forEach((value, i) => {
          const li = document.createElement("li");
          li.innerHTML = `<span>${esc(valueLabel(view, name, value))}</span>`;
          const up = document.createElement("button");
          up.type = "button"; up.textContent = "↑"; up.className = "mini"; up.disabled = i === 0;
          up.onclick = () => { const v = values[name]; [v[i - 1], v[i]] = [v[i], v[i - 1]]; draw(); };
          li.appendChild(up); list.appendChild(li);
        });
      };
      draw(); wrap.appendChild(list);
    } else if (spec.kind === "object") {
      values[name] = {};
      wrap.hidden = true;
    }
    return wrap;
  }

  /* --- hold to reveal --------------------------------------------------- */
  function holdToReveal(button, body, reveal) {
    const show = (e) => { if (e) e.preventDefault(); reveal(true); };
    const hide = () => reveal(false);
    button.addEventListener("pointerdown", show);
    button.addEventListener("pointerup", hide);
    button.addEventListener("pointerleave", hide);
    button.addEventListener("pointercancel", hide);
    button.addEventListener("contextmenu", (e) => e.preventDefault());
    document.addEventListener("visibilitychange", hide);
    window.addEventListener("blur", hide);
  }
  // inline secret boxes drawn by game renderers
  document.addEventListener("pointerdown", (e) => {
    const b = e.target.closest && e.target.closest("[data-hold]");
    if (!b) return;
    e.preventDefault();
    const body = b.nextElementSibling; body.hidden = false;
    const hide = () => { body.hidden = true; b.removeEventListener("pointerup", hide); b.removeEventListener("pointerleave", hide); };
    b.addEventListener("pointerup", hide); b.addEventListener("pointerleave", hide);
    document.addEventListener("visibilitychange", hide, {once: true});
  });

  /* --- keep the screen awake while a game runs -------------------------- */
  let wakeLock = null, keepAwakeOn = false;
  async function keepAwake(on) {
    keepAwakeOn = on;
    if (!on) { if (wakeLock) { wakeLock.release(); wakeLock = null; } const v = document.getElementById("keepawake"); if (v) v.pause(); return; }
    if ("wakeLock" in navigator && window.isSecureContext) {
      try { if (!wakeLock) wakeLock = await navigator.wakeLock.request("screen"); wakeLock.addEventListener("release", () => { wakeLock = null; }); return; } catch (e) { /* fall back */ }
    }
    startVideoFallback();
  }
  function startVideoFallback() {
    const v = document.getElementById("keepawake");
    if (!v) return;
    // a tiny silent looping video keeps most phones awake on plain http;
    // browsers only start it after a tap, so we retry on the next one
    if (!v.src) v.src = Companion.blankVideo();
    const play = () => { if (keepAwakeOn) v.play().catch(() => {}); };
    play();
    document.addEventListener("pointerdown", play, {once: true});
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && keepAwakeOn) keepAwake(true); });
  Companion.blankVideo = function () {
    // a 1x1 canvas stream recorded to a blob would need MediaRecorder; a
    // canvas captureStream is enough to keep a video element "playing"
    try {
      const canvas = document.createElement("canvas"); canvas.width = canvas.height = 1;
      const v = document.getElementById("keepawake");
      if (canvas.captureStream) { v.srcObject = canvas.captureStream(1); return ""; }
    } catch (e) { /* ignore */ }
    return "";
  };

  function vibrate() { if (navigator.vibrate) navigator.vibrate([120, 60, 120]); }

  function switchLang(e) {
    e.preventDefault();
    const next = C.lang === "de" ? "en" : "de";
    const url = new URL(location.href); url.searchParams.set("lang", next);
    location.replace(url.toString());
  }

  function renderLog(view, el) {
    el.innerHTML = view.log.slice().reverse().map((line) =>
      `<li class="${line.private ? "private" : ""}">${esc(line.text)}</li>`).join("");
  }
  function renderSeats(view, el, options) {
    const turn = (options && options.highlight) || [];
    el.innerHTML = view.seats.map((s) => `<li data-seat="${s.seat}" class="${turn.includes(s.seat) ? "turn" : ""}">
      <span class="dot ${s.connected ? "on" : "off"}" title="${esc(t(s.connected ? "page.connected" : "page.offline"))}"></span>
      <span class="sname">${esc(s.name)}</span><span class="score">${esc(s.score)}</span></li>`).join("");
  }
  function renderGame(view, el, where) {
    const renderer = Companion.games[view.game];
    if (view.status === "lobby") { el.innerHTML = `<p class="hint">${esc(t("page.start_hint"))}</p>`; return; }
    if (renderer && renderer[where]) {
      try { el.innerHTML = renderer[where](view, ui(view)); return; } catch (err) { console.error(err); }
    }
    el.innerHTML = `<pre class="generic">${esc(JSON.stringify(where === "phone" ? {you: view.you, public: view.public} : view.public, null, 1))}</pre>`;
  }
  function renderStatus(view) {
    const names = (view.winners || []).map((s) => ui(view).name(s)).join(", ");
    if (view.status === "finished") return view.winners && view.winners.length ? t("page.winners", {names}) : t("page.finished");
    return `${gt(view.game, "title") || view.game} · ${t("page." + view.status)}`;
  }
  function renderEvening(view) {
    if (!view.evening.games.length) return "";
    const u = ui(view);
    const rows = view.seats.map((s) => `<li>${esc(s.name)}: ${esc(view.evening.wins[String(s.seat)] || 0)} ${esc(t("page.wins"))}</li>`).join("");
    return `<h3>${esc(t("page.evening"))}</h3><ul class="evening">${rows}</ul>` +
      `<p class="hint">${view.evening.games.map((g) => esc(g.game) + ": " + esc(g.winners.map(u.name).join(", ") || "—")).join(" · ")}</p>`;
  }

  Object.assign(Companion, {esc, t, gt, ui, loadGame, connect, toast, confirmDialog, renderActions,
    holdToReveal, keepAwake, vibrate, switchLang, renderLog, renderSeats, renderGame, renderStatus,
    renderEvening, valueLabel, actionLabel});
})();
