/* The host's per-step timer on the table and on the phone of whoever is
   awaited (issue #28).  table.js and phone.js call K.timer.table(view) and
   K.timer.phone(view) on every view.

   The clock is the server's: view.timer = {seconds, deadline, paused_left,
   server_now} (null: off); deadline is in the server's epoch seconds, and
   server_now lets this device correct its own clock.  The timer never moves
   for a player: at zero it gives one quiet cue (the table chimes, the
   awaited phone vibrates, or sounds where it cannot) and says that the host decides. */
(function () {
  "use strict";
  const K = window.Companion = window.Companion || {};

  K.adoptStyle && K.adoptStyle("timer", `
.tm-table { flex: 0 0 100%; display: flex; align-items: baseline; gap: .5em; margin-top: .15em; }
.tm-table[hidden], .tm-phone[hidden] { display: none; }
.tm-table .tm-clock { font-size: clamp(44px, 4.4vw, 84px); font-weight: 800; line-height: 1;
  font-variant-numeric: tabular-nums; color: inherit; }
.tm-table .tm-note { font-size: clamp(20px, 1.6vw, 28px); color: var(--tb-head-muted, #b9c7d2); font-weight: 600; }
.tm-table.tm-low .tm-clock { color: var(--warn, #ffb347); }
.tm-table.tm-up .tm-clock { color: var(--bad, #ff8787); }
.tm-paused .tm-clock { opacity: .55; }
.tm-phone { display: flex; align-items: baseline; justify-content: flex-end; gap: .4em; margin: .2em .2em .4em;
  font-size: 20px; color: var(--muted, #5a6670); }
.tm-phone .tm-clock { font-weight: 800; font-variant-numeric: tabular-nums; color: var(--ink, #1d2b36); }
.tm-host { margin: .4em 0 .8em; display: grid; gap: .45em; }
.tm-host h3 { margin: 0; font-size: 20px; }
.tm-host .tm-row { display: flex; flex-wrap: wrap; gap: .4em; align-items: center; }
.tm-host button, .tm-host input, .tm-host label { font-size: 20px; min-height: 44px; }
.tm-host button.on { outline: 3px solid var(--accent, #1c7ed6); }
.tm-host input[type=number] { width: 6em; }
`);

  /* --- the clock ---------------------------------------------------------- */
  let skew = 0;            // server time minus this device's time, seconds
  let current = null;      // the last view's timer
  let active = false;      // a step is awaited
  const cued = new Set();  // deadlines already cued (or already past when first seen)

  function now() { return Date.now() / 1000 + skew; }
  /* Seconds left (null: no clock runs), and whether paused. */
  function left() {
    if (!current || !active) return null;
    if (current.paused_left != null) return Math.max(0, current.paused_left);
    if (current.deadline != null) return Math.max(0, current.deadline - now());
    return null;
  }
  function clockText(s) {
    const whole = Math.ceil(s - 1e-6);
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  }

  function take(view) {
    const timer = view.timer || null;
    if (timer && typeof timer.server_now === "number") skew = timer.server_now - Date.now() / 1000;
    active = !!timer && view.status === "playing" && (view.waiting || []).length > 0;
    // a deadline already past when this screen first sees it (a reload) gets no cue
    if (timer && timer.deadline != null && current === null && timer.deadline <= now()) cued.add(timer.deadline);
    current = timer;
  }

  /* --- every screen draws on a tick --------------------------------------- */
  const screens = [];
  let ticker = null;
  function tick() {
    screens.forEach((draw) => draw());
    const s = left();
    if (current && active && current.paused_left == null && current.deadline != null && s === 0 &&
        !cued.has(current.deadline)) {
      cued.add(current.deadline);
      screens.forEach((draw) => draw.cue && draw.cue());
    }
  }
  function ensureTicker() { if (!ticker) ticker = setInterval(tick, 250); }

  function paint(el, view, withNote) {
    const s = left();
    el.hidden = s === null;
    if (s === null) return;
    const paused = current.paused_left != null;
    el.dataset.left = String(Math.ceil(s - 1e-6));
    el.dataset.paused = paused ? "1" : "0";
    el.classList.toggle("tm-paused", paused);
    el.classList.toggle("tm-up", !paused && s === 0);
    el.classList.toggle("tm-low", !paused && s > 0 && s <= 10);
    el.querySelector(".tm-clock").textContent = clockText(s);
    const note = paused ? K.t("timer.paused") : s === 0 ? K.t("timer.up") : withNote ? K.t("timer.label") : "";
    el.querySelector(".tm-note").textContent = note;
  }

  /* --- the table: large, near the headline; the host's controls ------------ */
  let tableEl = null, tableView = null, send = null;
  function table(view, options) {
    if (options && options.send) send = options.send;
    take(view);
    tableView = view;
    if (!tableEl) {
      tableEl = document.createElement("div");
      tableEl.id = "timer";
      tableEl.className = "tm-table";
      tableEl.setAttribute("role", "timer");
      tableEl.innerHTML = '<span class="tm-clock"></span><span class="tm-note"></span>';
      const head = document.querySelector(".tb-headline") || document.body;
      head.appendChild(tableEl);
      const draw = () => paint(tableEl, tableView, true);
      draw.cue = () => { if (K.chime) K.chime(true); };
      screens.push(draw);
      ensureTicker();
    }
    paint(tableEl, view, true);
    hostControls(view);
  }

  const PRESETS = [0, 30, 60, 120, 300];
  function presetLabel(s) {
    if (!s) return K.t("timer.off");
    return s % 60 ? K.t("timer.seconds", {n: s}) : K.t("timer.minutes", {n: s / 60});
  }
  let hostEl = null;
  function hostControls(view) {
    const tools = document.getElementById("host-tools");
    const offered = (view.actions || []).filter((a) => a.type.startsWith("timer"));
    if (!tools || !(view.you && view.you.host) || !offered.length) { if (hostEl) hostEl.hidden = true; return; }
    if (!hostEl) {
      hostEl = document.createElement("div");
      hostEl.id = "timer-host";
      hostEl.className = "tm-host";
      const actions = document.getElementById("host-actions");
      tools.insertBefore(hostEl, actions || null);
    }
    hostEl.hidden = false;
    const custom = offered.find((a) => a.type === "timer" && a.fields.seconds && a.fields.seconds.kind === "int");
    const lo = custom ? custom.fields.seconds.min : 10, hi = custom ? custom.fields.seconds.max : 3600;
    const setting = view.timer ? view.timer.seconds : 0;
    const key = [setting, view.timer && view.timer.paused_left != null, K.page && K.page.lang].join("|");
    if (hostEl.dataset.key === key) return;   // a half-typed custom value survives views that change nothing
    hostEl.dataset.key = key;
    const paused = view.timer && view.timer.paused_left != null;
    const toggle = offered.find((a) => a.type === "timer_pause" || a.type === "timer_resume");
    hostEl.innerHTML = `<h3>${K.esc(K.t("timer.title"))}</h3><div class="tm-row">` +
      PRESETS.map((s) => `<button type="button" class="secondary${s === setting ? " on" : ""}" data-seconds="${s}" ` +
        `aria-pressed="${s === setting}">${K.esc(presetLabel(s))}</button>`).join("") + "</div>" +
      `<form class="tm-row tm-custom"><label>${K.esc(K.t("timer.custom_seconds", {min: lo, max: hi}))} ` +
      `<input type="number" name="seconds" min="${lo}" max="${hi}" step="1" required ` +
      `value="${PRESETS.includes(setting) ? "" : setting}"></label>` +
      `<button type="submit" class="secondary">${K.esc(K.t("timer.set"))}</button></form>` +
      (toggle ? `<div class="tm-row"><button type="button" class="primary" data-toggle="${toggle.type}">` +
        `${K.esc(K.t(paused ? "timer.resume" : "timer.pause"))}</button></div>` : "");
    hostEl.querySelectorAll("button[data-seconds]").forEach((b) => {
      b.onclick = () => act({type: "timer", seconds: Number(b.dataset.seconds)});
    });
    hostEl.querySelector("form").onsubmit = (e) => {
      e.preventDefault();
      act({type: "timer", seconds: parseInt(hostEl.querySelector("input[name=seconds]").value, 10)});
    };
    const t = hostEl.querySelector("button[data-toggle]");
    if (t) t.onclick = () => act({type: t.dataset.toggle});
  }
  async function act(action) {
    if (!send) return;
    const answer = await send(action);
    if (answer && answer.ok === false && answer.error) {
      const status = document.getElementById("status");
      if (status) { status.hidden = false; status.textContent = answer.error.message; }
    }
  }

  /* --- the phone: small, only while this seat is awaited -------------------- */
  let phoneEl = null, phoneView = null;
  function awaitedHere(view) {
    const me = view.you ? view.you.seat : null;
    return me !== null && me !== undefined && (K.waitingFor ? K.waitingFor(view) : view.waiting || []).includes(me);
  }
  function phone(view) {
    take(view);
    phoneView = view;
    if (!phoneEl) {
      phoneEl = document.createElement("div");
      phoneEl.id = "timer";
      phoneEl.className = "tm-phone";
      phoneEl.setAttribute("role", "timer");
      phoneEl.innerHTML = '<span class="tm-note"></span><span class="tm-clock"></span>';
      const todo = document.getElementById("todo");
      if (todo && todo.parentNode) todo.parentNode.insertBefore(phoneEl, todo.nextSibling);
      else document.body.appendChild(phoneEl);
      const draw = () => {
        if (!awaitedHere(phoneView)) { phoneEl.hidden = true; return; }
        paint(phoneEl, phoneView, false);
      };
      // the one quiet cue at the end, and only on the phone that is awaited: a
      // buzz, or where the phone cannot buzz (an iPhone, issue #42) the your-move cue
      draw.cue = () => { if (awaitedHere(phoneView) && K.vibrate && !K.vibrate() && K.cue) K.cue(); };
      screens.push(draw);
      ensureTicker();
    }
    screens.forEach((draw) => draw());
  }

  K.timer = {table, phone, left};
})();
