/* Shared page logic: texts, escaping, the socket (and what a refused
   connection means), generic action forms and step pickers, confirm
   sentences, hold-to-reveal, wake lock.  Plain JS, no build step. */
(function () {
  "use strict";
  const Companion = window.Companion;
  const page = Companion.page;   // this page's settings (static/config.js)
  // game -> {texts, seat_fields}: the room's game comes with the page, others are fetched
  const gameTexts = Object.assign({}, page.game_texts || {});
  const gameScripts = page.game_scripts || {};   // game -> its renderer's versioned URL
  const PLATFORM_SEAT_TYPES = ["rename", "leave"];
  const PLATFORM_HOST_TYPES = ["start", "seat_order", "kick", "reopen_seat", "undo", "end",
    "rematch", "new_game"];
  const SEAT_VALUED = ["seat", "order"];   // platform fields whose values are seats

  /* --- texts ------------------------------------------------------------ */
  function esc(s) {
    return String(s == null ? "" : s).replace(/[&<>"']/g, (c) => (
      {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  }
  function format(template, params) {
    return String(template).replace(/\{(\w+)\}/g, (m, k) => (params && k in params ? params[k] : m));
  }
  // keys a page asked for and did not find: a test reads this to name them
  const missing = Companion.missingTexts = new Set();
  function noted(key) {
    if (!missing.has(key)) { missing.add(key); console.warn("missing text:", key); }
  }
  // typed words in the language's quotes: „so“ in German, “so” in English
  function quote(s) { return page.lang === "de" ? "„" + s + "“" : "“" + s + "”"; }
  function t(key, params) {
    if (page.texts[key] == null) { noted(key); return format(key, params); }
    return format(page.texts[key], params);
  }
  // game name -> title, for the host's "next game" choice (sent with the table and phone pages)
  let gameTitles = page.game_titles || null;
  /* What drawing a view of ``game`` needs: its texts, the titles and its
     renderer.  The page brings the room's game; after new_game the next
     game's texts are fetched and its script loaded here. */
  async function loadGame(game) {
    const waits = [];
    if (!gameTitles) waits.push(loadTitles());
    if (!gameTexts[game]) waits.push(loadTexts(game));
    if (!Companion.games[game] && gameScripts[game]) waits.push(loadScript(game));
    if (waits.length) await Promise.all(waits);
    return gameTexts[game];
  }
  async function loadTitles() {
    const titles = {};
    try {
      const answer = await fetch(`/api/games?lang=${page.lang}`);
      if (answer.ok) (await answer.json()).games.forEach((g) => { titles[g.name] = g.title; });
    } catch (e) { /* titles are a nicety */ }
    gameTitles = titles;
  }
  async function loadTexts(game) {
    const answer = await fetch(`/api/games/${encodeURIComponent(game)}/texts?lang=${page.lang}`);
    gameTexts[game] = answer.ok ? await answer.json() : {texts: {}, seat_fields: []};
  }
  const scriptLoads = {};   // game -> the promise of its <script> (loaded once)
  function loadScript(game) {
    if (!scriptLoads[game]) {
      scriptLoads[game] = new Promise((resolve) => {
        const script = document.createElement("script");
        script.src = gameScripts[game];
        script.onload = script.onerror = () => resolve();   // no renderer: the generic view
        document.head.appendChild(script);
      });
    }
    return scriptLoads[game];
  }
  function gt(game, key, params) {
    const g = gameTexts[game];
    if (g && g.texts[key] != null) return format(g.texts[key], params);
    if (page.texts[key] != null) return t(key, params);
    return null;
  }
  // a readable stand-in for a missing label: "buy_info" -> "Buy info"
  function pretty(name) {
    const s = String(name).replace(/_/g, " ");
    return s.charAt(0).toUpperCase() + s.slice(1);
  }
  function label(game, key, fallback) {
    const s = gt(game, key);
    if (s != null) return s;
    noted(game + ":" + key);
    return fallback;
  }

  function ui(view) {
    const names = {};
    (view.seats || []).forEach((s) => { names[s.seat] = s.name; });
    return {
      lang: page.lang,
      t: (key, params) => {
        const s = gt(view.game, key, params);
        if (s == null) { noted(view.game + ":" + key); return key; }
        return s;
      },
      name: (seat) => (seat in names ? names[seat] : "#" + seat),
      esc,
      quote,
      secret: secretBox,
    };
  }

  /* --- hold to reveal, slide to choose ---------------------------------------
     One state for the whole page: any hold control ([data-hold]) reveals
     every secret (the phone's sheet, the boxes game renderers draw with
     ui.secret) while one finger, the mouse or a key holds it; letting go,
     the page going to the background or losing focus hides all again.
     Secret HTML is not in the page at all while hidden.
     Choosing needs no second finger (a phone gives a second finger's tap
     no click): while holding, the finger slides onto a choice
     ([data-pick]) and picks it by letting go there; letting go anywhere
     else picks nothing.  A key: Space or Enter held, the arrows aim,
     letting go picks.  A screen reader: the "stay" control
     ([data-reveal-stay]) reveals until the sheet's hide button, and its
     choices act on activation. */
  const reveal = {on: false, by: null, pointer: null, sheet: false, aim: null, listeners: []};
  const secrets = new Map();   // id -> html of boxes drawn by game renderers
  const picks = new WeakMap(); // [data-pick] element -> what picking it does
  let secretSeq = 0;

  function secretBox(html) {
    const id = "s" + (++secretSeq);
    secrets.set(id, html);
    return `<div class="secret inline"><button type="button" class="hold" data-hold>${esc(t("page.hold"))}</button>` +
      `<div class="secret-body" data-secret-id="${id}">${reveal.on ? html : esc(t("page.hidden_box"))}</div></div>`;
  }
  function drawSecretBoxes() {
    document.querySelectorAll("[data-secret-id]").forEach((el) => {
      const html = secrets.get(el.dataset.secretId);
      el.innerHTML = reveal.on && html != null ? html : esc(t("page.hidden_box"));
      el.classList.toggle("shown", reveal.on);
    });
  }
  function forgetSecretBoxes(container) {
    container.querySelectorAll("[data-secret-id]").forEach((el) => secrets.delete(el.dataset.secretId));
  }
  /* ``by``: "pointer", "key" or "stay"; ``sheet``: the phone's own sheet
     opens (a renderer's inline box reveals in place instead). */
  function setRevealed(on, by, sheet) {
    if (reveal.on === on) return;
    aimAt(null);
    Object.assign(reveal, {on, by: on ? by || "pointer" : null, sheet: on && !!sheet});
    if (!on) reveal.pointer = null;
    document.body.classList.toggle("revealed", on);
    document.body.classList.toggle("sheet", reveal.sheet);
    document.body.classList.toggle("stay", on && reveal.by === "stay");
    drawSecretBoxes();
    reveal.listeners.forEach((fn) => fn(on));
  }
  function onReveal(fn) { reveal.listeners.push(fn); }
  function isRevealed() { return reveal.on; }
  function redrawRevealed() { if (reveal.on) reveal.listeners.forEach((fn) => fn(true)); }

  /* A pick target: a button in the sheet that ``fn`` answers.  ``say`` is
     the whole choice in words (the sheet shows it while aimed at). */
  function pickButton(label, say, fn, className) {
    const b = document.createElement("button");
    b.type = "button"; b.className = className || "choice";
    b.setAttribute("data-pick", "");
    b.dataset.say = say;
    b.textContent = label;
    picks.set(b, fn);
    // only an activation in "stay" mode picks: a finger picks by letting go
    b.onclick = () => { if (reveal.by === "stay") { aimAt(null); fn(); redrawRevealed(); } };
    return b;
  }
  function pickAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const target = el && el.closest && el.closest("[data-pick]");
    return target && picks.has(target) && !target.disabled ? target : null;
  }
  const aimListeners = [];
  function onAim(fn) { aimListeners.push(fn); }
  function aimAt(target) {
    if (reveal.aim === target) return;
    if (reveal.aim) reveal.aim.classList.remove("aim");
    reveal.aim = target;
    if (target) {
      target.classList.add("aim");
      if (navigator.vibrate) navigator.vibrate(8);   // a tick under the thumb
    }
    aimListeners.forEach((fn) => fn(target));
  }
  // hide first (the secret leaves the screen with the finger), then act
  function letGo(target) {
    const fn = target && picks.get(target);
    setRevealed(false);
    if (fn) fn();
  }
  function aimStep(delta) {
    const all = Array.from(document.querySelectorAll("[data-pick]")).filter((el) => el.offsetParent && !el.disabled);
    if (!all.length) return;
    const at = all.indexOf(reveal.aim);
    const next = at < 0 ? (delta > 0 ? 0 : all.length - 1) : (at + delta + all.length) % all.length;
    aimAt(all[next]);
    all[next].scrollIntoView({block: "nearest"});
  }

  document.addEventListener("pointerdown", (e) => {
    const hold = e.target.closest && e.target.closest("[data-hold]");
    if (!hold || reveal.on) return;   // a second finger does nothing
    e.preventDefault();
    try { hold.setPointerCapture(e.pointerId); } catch (err) { /* not capturable: the document still hears it */ }
    reveal.pointer = e.pointerId;
    setRevealed(true, "pointer", hold.id === "hold");
  });
  document.addEventListener("pointermove", (e) => {
    if (reveal.by === "pointer" && e.pointerId === reveal.pointer) aimAt(pickAt(e.clientX, e.clientY));
  }, true);
  document.addEventListener("pointerup", (e) => {
    if (reveal.by === "pointer" && e.pointerId === reveal.pointer) letGo(pickAt(e.clientX, e.clientY));
  }, true);
  document.addEventListener("pointercancel", (e) => {
    if (reveal.by === "pointer" && e.pointerId === reveal.pointer) letGo(null);
  }, true);
  document.addEventListener("contextmenu", (e) => { if (e.target.closest && e.target.closest("[data-hold]")) e.preventDefault(); });
  const HOLD_KEYS = [" ", "Enter"];
  document.addEventListener("keydown", (e) => {
    if (reveal.by === "key") {
      const delta = {ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, Tab: e.shiftKey ? -1 : 1}[e.key];
      if (delta) { e.preventDefault(); aimStep(delta); } else if (e.key === "Escape") aimAt(null);
      if (HOLD_KEYS.includes(e.key)) e.preventDefault();
      return;
    }
    const hold = HOLD_KEYS.includes(e.key) && e.target.closest && e.target.closest("[data-hold]");
    if (hold && !reveal.on) { e.preventDefault(); setRevealed(true, "key", hold.id === "hold"); }
  });
  document.addEventListener("keyup", (e) => {
    if (reveal.by === "key" && HOLD_KEYS.includes(e.key)) { e.preventDefault(); letGo(reveal.aim); }
  });
  document.addEventListener("click", (e) => {
    const stay = e.target.closest && e.target.closest("[data-reveal-stay]");
    if (stay && !reveal.on) { setRevealed(true, "stay", true); focusSheet(); }
    if (e.target.closest && e.target.closest("[data-reveal-hide]")) setRevealed(false);
  });
  function focusSheet() {
    const first = document.querySelector(".sheet-focus");
    if (first) first.focus();
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState !== "visible") setRevealed(false); });
  window.addEventListener("blur", () => setRevealed(false));
  window.addEventListener("pagehide", () => setRevealed(false));

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

  function connect(token, onView, onRefused) {
    // the room in the URL too: a proxy in front of several workers routes by it,
    // so all of a room's sockets live on one worker (deploy/nginx.conf)
    const socket = io({auth: {room: page.code, token: token || null, lang: page.lang},
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
    socket.on("view", (view) => {
      if (dead || view.version < version) return;   // an older view arrived late
      version = view.version;
      worked = true;
      log.fill(view);
      loadGame(view.game).then(() => onView(view));
    });
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
    return {
      socket,
      send(action) {
        return new Promise((resolve) => {
          socket.timeout(10000).emit("action", action, (err, answer) => {
            if (err) answer = {ok: false, error: {code: "timeout", message: t("page.reconnecting")}};
            if (answer.ok) {
              version = Math.max(version, answer.view.version);
              log.fill(answer.view);
              loadGame(answer.view.game).then(() => onView(answer.view));
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
      return {code: "no_room", title: t("page.room_ended"), message: t("page.room_ended_hint"), rejoin: false};
    }
    if (fate === "left") return {code: "left", title: t("page.left"), message: "", rejoin: true};
    if (fate === "removed") {
      return {code: "removed", title: t("page.removed"), message: t("page.removed_hint"), rejoin: true};
    }
    if (fate === "moved") {
      return {code: "moved", title: t("page.seat_moved"), message: t("page.seat_moved_hint"), rejoin: true};
    }
    return {code: (error && error.code) || "gone", title: t("page.link_dead"),
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
    el.innerHTML = `<h2 class="gone-title">${esc(info.title)}</h2>` +
      (info.message ? `<p>${esc(info.message)}</p>` : "") +
      `<button type="button" class="primary big" id="gone-action">${esc(t(info.rejoin ? "page.join_again" : "page.to_start"))}</button>`;
    el.dataset.code = info.code;
    el.querySelector("#gone-action").onclick = () => {
      if (info.rejoin && onRejoin) onRejoin(); else location.href = "/";
    };
  }

  function toast(message) {
    const el = document.getElementById("toast");
    el.textContent = message; el.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { el.hidden = true; }, 5000);
  }

  function confirmDialog(text, yes) {
    const dialog = document.getElementById("confirm");
    document.getElementById("confirm-text").textContent = text;
    const yesButton = document.getElementById("confirm-yes");
    yesButton.textContent = yes || t("page.yes");
    return new Promise((resolve) => {
      const done = (answer) => { dialog.close(); resolve(answer); };
      yesButton.onclick = () => done(true);
      document.getElementById("confirm-no").onclick = () => done(false);
      dialog.oncancel = () => resolve(false);
      dialog.showModal();
    });
  }

  /* --- labels of actions, fields and values -------------------------------- */
  function valueLabel(view, field, value) {
    const renderer = Companion.games[view.game];
    if (renderer && typeof renderer.label === "function") {
      try {
        const s = renderer.label(view, ui(view), field, value);
        if (s != null) return String(s);
      } catch (err) { console.error(err); }
    }
    if (field === "game" && gameTitles && gameTitles[value]) return gameTitles[value];
    const g = gameTexts[view.game] || {seat_fields: []};
    if (typeof value === "number" && (g.seat_fields.includes(field) || SEAT_VALUED.includes(field))) {
      return ui(view).name(value);
    }
    const text = gt(view.game, "value." + value);
    if (text != null) return text;
    if (typeof value === "string" && /^[a-z][a-z0-9_]*$/.test(value) && value.length > 1) noted(view.game + ":value." + value);
    return String(value);
  }
  function fieldLabel(view, field) { return label(view.game, "field." + field, pretty(field)); }
  function actionLabel(view, type) { return label(view.game, "action." + type, pretty(type)); }

  // a chosen value in words: lists joined, typed text quoted
  function valueText(view, field, value, spec) {
    if (value === undefined || value === null || value === "") return "";
    if (Array.isArray(value)) {
      const sep = spec && spec.kind === "order" ? " → " : ", ";
      return value.map((v) => valueLabel(view, field, v)).join(sep);
    }
    if (typeof value === "object") return "";
    if (spec && !Array.isArray(spec) && spec.kind === "text") return quote(value);
    return valueLabel(view, field, value);
  }
  function chosenFields(tpl, action) {
    return Object.keys(tpl.fields).filter((name) => {
      const v = action[name];
      return v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && !v.length) &&
        !(typeof v === "object" && !Array.isArray(v));
    });
  }
  /* The whole choice in words: "Accuse: Christian, Judge". */
  function choiceSummary(view, tpl, action) {
    const parts = chosenFields(tpl, action).map((n) => {
      const text = valueText(view, n, action[n], tpl.fields[n]);
      // a bare number says little on a button: "Trios 2"
      return typeof action[n] === "number" && text === String(action[n])
        ? t("page.field_number", {field: fieldLabel(view, n), value: text}) : text;
    }).filter((s) => s);
    const head = actionLabel(view, tpl.type);
    return parts.length ? t("page.summary", {action: head, values: parts.join(", ")}) : head;
  }
  /* The confirm question: the game's ``confirm.<type>`` sentence with the
     chosen values, else "Accuse — Target: Christian, Identity: Judge?". */
  function confirmSentence(view, tpl, action) {
    const params = {};
    Object.keys(tpl.fields).forEach((n) => { params[n] = valueText(view, n, action[n], tpl.fields[n]); });
    const own = gt(view.game, "confirm." + tpl.type, params);
    // a placeholder this template has no field for (a card that is implied) says nothing
    if (own != null) return own.replace(/\{\w+\}/g, "").replace(/\s+([?.!,:])/g, "$1").replace(/\s{2,}/g, " ").trim();
    const parts = chosenFields(tpl, action).map((n) =>
      t("page.field_value", {field: fieldLabel(view, n), value: params[n]}));
    const head = actionLabel(view, tpl.type);
    return parts.length ? t("page.confirm_choice", {action: head, choices: parts.join(", ")})
      : t("page.confirm_plain", {action: head});
  }

  /* --- a game's options as inputs: the create page and the table's next game ---
     ``game`` as /api/games lists it (labels, help and choice labels in the
     page's language); ``current``: values to preset, else the defaults. */
  function optionInputs(game, current) {
    current = current || {};
    return game.options.map((opt) => {
      const id = "opt-" + opt.name, value = opt.name in current ? current[opt.name] : opt.default;
      const label = opt.label || opt.name;
      const help = opt.help ? `<small class="option-help" id="${id}-help">${esc(opt.help)}</small>` : "";
      let input;
      if (opt.kind === "bool") input = `<input type="checkbox" id="${id}" ${value ? "checked" : ""}>`;
      else if (opt.kind === "int") input = `<input type="number" id="${id}" min="${opt.min}" max="${opt.max}" value="${value}">`;
      else if (opt.kind === "choice") {
        input = `<select id="${id}">${opt.choices.map((c) => `<option value="${esc(c)}" ${c === value ? "selected" : ""}>` +
          `${esc((opt.choice_labels || {})[c] || c)}</option>`).join("")}</select>`;
      } else input = `<input id="${id}" value="${esc(value || "")}">`;
      return opt.kind === "bool"
        ? `<label class="option">${input} <span>${esc(label)}${help}</span></label>`
        : `<label class="option option-stacked" for="${id}"><span>${esc(label)}${help}</span>${input}</label>`;
    }).join("");
  }
  function readOptionInputs(container, game) {
    const out = {};
    game.options.forEach((opt) => {
      const el = container.querySelector("#opt-" + opt.name);
      if (!el) { out[opt.name] = opt.default; return; }
      out[opt.name] = opt.kind === "bool" ? el.checked : opt.kind === "int" ? parseInt(el.value, 10) : el.value;
    });
    return out;
  }
  // the options in words, for a confirm: "Deck: digital, Rounds: 3"
  function optionWords(game, values) {
    return game.options.map((opt) => {
      const v = values[opt.name];
      const said = opt.kind === "bool" ? t(v ? "page.yes" : "page.no_word") : (opt.choice_labels || {})[v] || String(v);
      return `${opt.label || opt.name}: ${said}`;
    }).join("; ");
  }

  /* --- generic action forms from the view's templates ---------------------- */
  function isChoiceSpec(spec) {
    return Array.isArray(spec) || (spec && spec.kind === "int" && spec.max - spec.min <= 10);
  }
  function choiceValues(spec) {
    if (Array.isArray(spec)) return spec;
    const out = [];
    for (let v = spec.min; v <= spec.max; v++) out.push(v);
    return out;
  }
  function isFixed(spec) { return Array.isArray(spec) && spec.length === 1; }

  const pickers = {};   // step pickers' progress, kept across views while the choices stay the same

  /* Renders templates into ``container``: one card per action type; many
     templates of one type become a step picker.  options: templates (default
     view.actions), skip (types to leave out), ask (confirm every action,
     also one the game does not mark ``confirm``). */
  function renderActions(view, container, send, options) {
    options = options || {};
    container.innerHTML = "";
    const skip = options.skip || [];
    const list = (options.templates || view.actions).filter((a) => !skip.includes(a.type));
    byType(list).forEach((tpls) => container.appendChild(actionCard(view, tpls, send, options.ask)));
  }

  // templates grouped by type, in order: one card (a form or a step picker) each
  function byType(templates) {
    const out = new Map();
    templates.forEach((tpl) => {
      if (!out.has(tpl.type)) out.set(tpl.type, []);
      out.get(tpl.type).push(tpl);
    });
    return out;
  }

  function sameSpec(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function admits(spec, value) {
    return Array.isArray(spec) && spec.some((v) => v === value);
  }
  /* The next field to choose step by step: the first field whose allowed
     values differ between the remaining templates (every one a list). */
  function nextStep(remaining, chosen) {
    const names = Object.keys(remaining[0].fields);
    remaining.slice(1).forEach((tpl) => Object.keys(tpl.fields).forEach((n) => { if (!names.includes(n)) names.push(n); }));
    for (const name of names) {
      if (name in chosen) continue;
      const specs = remaining.map((tpl) => tpl.fields[name]);
      if (specs.every((s) => sameSpec(s, specs[0]))) continue;
      if (!specs.every((s) => Array.isArray(s))) continue;
      const values = [];
      specs.forEach((s) => s.forEach((v) => { if (!values.some((x) => x === v)) values.push(v); }));
      return {name, values};
    }
    return null;
  }

  function actionCard(view, tpls, send, ask) {
    if (tpls.length === 1) return actionForm(view, tpls[0], {}, send, ask);
    const type = tpls[0].type;
    const key = view.game + "|" + JSON.stringify(tpls);
    const progress = pickers[type] && pickers[type].key === key ? pickers[type] : (pickers[type] = {key, chosen: {}, order: []});
    const remaining = tpls.filter((tpl) => progress.order.every((n) => admits(tpl.fields[n], progress.chosen[n])));
    const redraw = (old) => old.replaceWith(actionCard(view, tpls, send, ask));
    const back = (form) => () => {
      const last = progress.order.pop();
      delete progress.chosen[last];
      redraw(form);
    };
    const step = remaining.length > 1 ? nextStep(remaining, progress.chosen) : null;
    if (!step) {
      const form = actionForm(view, remaining[0] || tpls[0], progress.chosen, send, ask);
      if (progress.order.length) addBack(form, back(form));
      return form;
    }
    const form = document.createElement("form");
    form.className = "action card picker";
    form.dataset.type = type;
    form.dataset.step = step.name;
    const crumbs = progress.order.map((n) => valueLabel(view, n, progress.chosen[n]));
    form.innerHTML = `<div class="label">${esc([actionLabel(view, type)].concat(crumbs).join(" › "))}</div>` +
      `<span class="flabel">${esc(fieldLabel(view, step.name))}</span>`;
    const row = document.createElement("div"); row.className = "choices";
    step.values.forEach((value) => {
      const b = document.createElement("button");
      b.type = "button"; b.className = "choice"; b.dataset.value = JSON.stringify(value);
      b.textContent = valueLabel(view, step.name, value);
      b.onclick = () => { progress.chosen[step.name] = value; progress.order.push(step.name); redraw(form); };
      row.appendChild(b);
    });
    form.appendChild(row);
    form.onsubmit = (e) => e.preventDefault();
    if (progress.order.length) addBack(form, back(form));
    return form;
  }
  function addBack(form, onBack) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "mini back"; b.textContent = "‹ " + t("page.back");
    b.onclick = onBack;
    form.insertBefore(b, form.firstChild);
  }

  /* One template as a form.  ``preset``: values already chosen in a step
     picker.  A form with one choice left sends on one tap per value; every
     other form has one submit button that names the whole choice. */
  function actionForm(view, tpl, preset, send, ask) {
    const form = document.createElement("form");
    form.className = "action card";
    form.dataset.type = tpl.type;
    const values = {}, open = [];
    Object.entries(tpl.fields).forEach(([name, spec]) => {
      if (name in preset) values[name] = preset[name];
      else if (isFixed(spec)) values[name] = spec[0];
      else open.push([name, spec]);
    });
    const submit = async (extra) => {
      const action = Object.assign({type: tpl.type}, values, extra || {});
      if (tpl.confirm || ask) {   // ask: a reaction nobody waits for is never sent by a stray tap
        const text = confirmSentence(view, tpl, action), yes = actionLabel(view, tpl.type);
        const ok = await confirmDialog(text, yes);
        if (!ok) return;
      }
      form.classList.add("busy");
      const answer = await send(action);
      form.classList.remove("busy");
      // sent: the same form again starts empty (a stray tap must not send the last choice twice)
      if (answer && answer.ok && form.isConnected) form.replaceWith(actionForm(view, tpl, preset, send, ask));
    };
    const shown = open.filter(([, spec]) => !(spec && spec.kind === "object"));
    open.forEach(([name, spec]) => { if (spec && spec.kind === "object") values[name] = {}; });
    // one choice left: one tap per value
    if (shown.length === 1 && isChoiceSpec(shown[0][1]) && choiceValues(shown[0][1]).length <= 12) {
      const [name, spec] = shown[0];
      form.dataset.field = name;
      form.innerHTML = `<div class="label">${esc(choiceSummary(view, tpl, values))}</div>` +
        `<span class="flabel">${esc(fieldLabel(view, name))}</span>`;
      const row = document.createElement("div"); row.className = "choices";
      choiceValues(spec).forEach((value) => {
        const b = document.createElement("button");
        b.type = "button"; b.className = "choice"; b.dataset.value = JSON.stringify(value);
        b.textContent = valueLabel(view, name, value);
        b.onclick = () => submit({[name]: value});
        row.appendChild(b);
      });
      form.appendChild(row);
      form.onsubmit = (e) => e.preventDefault();
      return form;
    }
    const go = document.createElement("button");
    go.type = "submit"; go.className = "primary big";
    // nothing is chosen for the player: the button names the choice once it is whole
    const relabel = () => {
      const missing = shown.some(([name, spec]) => (isChoiceSpec(spec) || (spec && spec.kind === "subset")) &&
        (values[name] === undefined || (spec.kind === "subset" && spec.size != null && values[name].length !== spec.size)));
      go.disabled = missing;
      go.textContent = missing ? t("page.choose_first") : choiceSummary(view, tpl, values);
    };
    if (shown.length) {
      form.innerHTML = `<div class="label">${esc(actionLabel(view, tpl.type))}</div>`;
      shown.forEach(([name, spec]) => form.appendChild(fieldInput(view, name, spec, values, relabel)));
    }
    relabel();
    form.appendChild(go);
    form.onsubmit = (e) => { e.preventDefault(); if (form.reportValidity()) submit(); };
    return form;
  }

  // a chosen choice says so in more than colour: a mark (app.css) and aria-pressed
  function pressed(button, on) {
    button.classList.toggle("on", on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }

  let fieldSeq = 0;
  function fieldInput(view, name, spec, values, changed) {
    const wrap = document.createElement("div");
    wrap.className = "field";
    wrap.dataset.field = name;
    // the visible label names the input or the row of choices (screen readers)
    const labelId = "field-label-" + (++fieldSeq);
    wrap.innerHTML = `<span class="flabel" id="${labelId}">${esc(fieldLabel(view, name))}</span>`;
    const named = (el) => { el.setAttribute("aria-labelledby", labelId); return el; };
    if (isChoiceSpec(spec) || spec.kind === "subset") {
      wrap.setAttribute("role", "group");
      named(wrap);
    }
    if (isChoiceSpec(spec)) {
      const row = document.createElement("div"); row.className = "choices";
      choiceValues(spec).forEach((value) => {
        const b = document.createElement("button");
        b.type = "button"; b.className = "choice"; b.dataset.value = JSON.stringify(value);
        b.textContent = valueLabel(view, name, value);
        b.onclick = () => {
          values[name] = value;
          row.querySelectorAll("button").forEach((x) => pressed(x, x === b));
          changed();
        };
        pressed(b, false);
        row.appendChild(b);
      });
      wrap.appendChild(row);
    } else if (spec.kind === "text") {
      const input = document.createElement("input");
      // no maxLength: a browser would cut a longer entry without a word; it is refused with the limit named
      input.required = !spec.optional && (spec.min || 0) > 0;
      input.name = name; input.autocomplete = "off"; named(input);
      const max = spec.max || 200;
      input.oninput = () => {
        if (input.value.trim() === "" && spec.optional) delete values[name]; else values[name] = input.value;
        const n = input.value.trim().length;
        input.setCustomValidity(n > max ? t("page.too_long", {max, n}) : "");
        changed();
      };
      wrap.appendChild(input);
    } else if (spec.kind === "int") {
      const input = document.createElement("input");
      input.type = "number"; input.inputMode = "numeric"; input.name = name; named(input);
      input.min = spec.min; input.max = spec.max; input.value = spec.min; input.required = true;
      values[name] = spec.min;
      input.oninput = () => { values[name] = parseInt(input.value, 10); changed(); };
      wrap.appendChild(input);
    } else if (spec.kind === "subset") {
      const row = document.createElement("div"); row.className = "choices";
      values[name] = [];
      spec.of.forEach((value) => {
        const b = document.createElement("button");
        b.type = "button"; b.className = "choice"; b.dataset.value = JSON.stringify(value);
        b.textContent = valueLabel(view, name, value);
        b.onclick = () => {
          const list = values[name], at = list.indexOf(value);
          if (at >= 0) list.splice(at, 1); else list.push(value);
          pressed(b, at < 0); changed();
        };
        pressed(b, false);
        row.appendChild(b);
      });
      if (spec.size != null) wrap.querySelector(".flabel").textContent = t("page.pick_n", {field: fieldLabel(view, name), n: spec.size});
      wrap.appendChild(row);
    } else if (spec.kind === "order") {
      const list = named(document.createElement("ol")); list.className = "order";
      values[name] = spec.of.slice();
      const draw = () => {
        list.innerHTML = "";
        values[name].forEach((value, i) => {
          const li = document.createElement("li");
          li.innerHTML = `<span>${esc(valueLabel(view, name, value))}</span>`;
          const up = document.createElement("button");
          up.type = "button"; up.textContent = "↑"; up.className = "mini"; up.disabled = i === 0;
          up.onclick = () => { const v = values[name]; [v[i - 1], v[i]] = [v[i], v[i - 1]]; draw(); changed(); };
          li.appendChild(up); list.appendChild(li);
        });
      };
      draw(); wrap.appendChild(list);
    }
    return wrap;
  }

  /* --- secret choices: picked by sliding while the reveal is held -----------
     Every field of a secret template is a list of choices (a text field
     cannot be typed with the thumb that holds).  Each release picks one
     step: a value of the next field (templates of one type become a step
     picker, as in the open forms), the last value makes the action.  An
     action that asks to confirm waits as ``pendingPick`` until a second
     gesture lets go on its "yes", shown only while held like the choice. */
  const pickSteps = {};                             // type -> {key, chosen, order}
  const pendingPick = {key: null, tpl: null, action: null};

  function renderPicks(view, container, templates, send) {
    container.innerHTML = "";
    const key = view.game + "|" + JSON.stringify(templates);
    if (pendingPick.key !== key) Object.assign(pendingPick, {key, tpl: null, action: null});
    if (pendingPick.tpl) { container.appendChild(pickConfirm(view, send)); return; }
    byType(templates).forEach((tpls) => container.appendChild(pickCard(view, tpls, send)));
  }
  function hasPendingPick() { return !!pendingPick.tpl; }

  const isSubset = (spec) => spec && !Array.isArray(spec) && spec.kind === "subset";
  // whether ``spec`` still allows what was chosen for it (a subset: every value picked so far)
  function allows(spec, value) {
    if (isSubset(spec)) return Array.isArray(value) && value.every((v) => admits(spec.of, v)) && value.length <= spec.size;
    return admits(spec, value);
  }
  // the action once nothing is left to choose, else null
  function completeAction(tpl, chosen) {
    const action = {type: tpl.type};
    for (const [name, spec] of Object.entries(tpl.fields)) {
      if (isSubset(spec) && !(chosen[name] && chosen[name].length === spec.size)) return null;
      if (name in chosen) action[name] = chosen[name];
      else if (isFixed(spec)) action[name] = spec[0];
      else return null;
    }
    return action;
  }
  /* The next field to pick and its values: across templates first, then the
     rest of the one left; a subset ("show 2 identities") one value a gesture. */
  function pickStep(remaining, chosen) {
    if (remaining.length > 1) return nextStep(remaining, chosen);
    const fields = remaining[0].fields;
    const name = Object.keys(fields).find((n) => isSubset(fields[n])
      ? (chosen[n] || []).length < fields[n].size : !(n in chosen) && !isFixed(fields[n]));
    if (!name) return null;
    if (!isSubset(fields[name])) return {name, values: choiceValues(fields[name])};
    return {name, values: fields[name].of.filter((v) => !(chosen[name] || []).includes(v)), subset: true};
  }

  function pickCard(view, tpls, send) {
    const type = tpls[0].type, key = view.game + "|" + JSON.stringify(tpls);
    const progress = pickSteps[type] && pickSteps[type].key === key ? pickSteps[type]
      : (pickSteps[type] = {key, chosen: {}, picked: []});   // picked: [field, value] per gesture
    const admitted = (chosen) => tpls.filter((tpl) => Object.keys(chosen).every((n) => allows(tpl.fields[n], chosen[n])));
    const remaining = admitted(progress.chosen);
    const card = document.createElement("div");
    card.className = "action card picks";
    card.dataset.type = type;
    const step = remaining.length ? pickStep(remaining, progress.chosen) : null;
    const crumbs = progress.picked.map(([n, v]) => valueLabel(view, n, v));
    card.innerHTML = `<div class="label">${esc([actionLabel(view, type)].concat(crumbs).join(" › "))}</div>`;
    const row = document.createElement("div"); row.className = "choices";
    const choose = (tpl, action) => () => {
      if (tpl.confirm) Object.assign(pendingPick, {tpl, action});
      else { delete pickSteps[type]; send(action); }
    };
    if (step) {
      card.dataset.step = step.name;
      card.insertAdjacentHTML("beforeend", `<span class="flabel">${esc(fieldLabel(view, step.name))}</span>`);
      step.values.forEach((value) => {
        const picked = step.subset ? (progress.chosen[step.name] || []).concat([value]) : value;
        const chosen = Object.assign({}, progress.chosen, {[step.name]: picked});
        const left = admitted(chosen);
        const action = left.length === 1 ? completeAction(left[0], chosen) : null;
        const say = action ? choiceSummary(view, left[0], action)
          : t("page.field_value", {field: fieldLabel(view, step.name), value: valueLabel(view, step.name, value)});
        const fn = action ? choose(left[0], action)
          : () => { progress.chosen[step.name] = picked; progress.picked.push([step.name, value]); };
        const b = pickButton(valueLabel(view, step.name, value), say, fn);
        b.dataset.value = JSON.stringify(value);
        if (action) b.dataset.ends = left[0].confirm ? "confirm" : "send";   // what letting go here leads to
        row.appendChild(b);
      });
    } else {
      const tpl = remaining[0] || tpls[0], action = completeAction(tpl, progress.chosen) || {type};
      const say = choiceSummary(view, tpl, action);
      const b = pickButton(say, say, choose(tpl, action), "choice primary");
      b.dataset.ends = tpl.confirm ? "confirm" : "send";
      row.appendChild(b);
    }
    card.appendChild(row);
    if (progress.picked.length) {
      const back = pickButton("‹ " + t("page.back"), t("page.back"), () => {
        const [name] = progress.picked.pop();
        const spec = tpls.map((tpl) => tpl.fields[name]).find(isSubset);
        if (spec && progress.chosen[name].length > 1) progress.chosen[name] = progress.chosen[name].slice(0, -1);
        else delete progress.chosen[name];
      }, "secondary back-pick");
      card.appendChild(back);
    }
    return card;
  }

  // the chosen action in words, with "no" and "yes" to let go on
  function pickConfirm(view, send) {
    const {tpl, action} = pendingPick;
    const card = document.createElement("div");
    card.className = "action card picks pick-confirm";
    card.dataset.type = tpl.type;
    const text = confirmSentence(view, tpl, action);
    card.innerHTML = `<p class="confirm-question">${esc(text)}</p>`;
    const row = document.createElement("div"); row.className = "row";
    const clear = () => { Object.assign(pendingPick, {tpl: null, action: null}); delete pickSteps[tpl.type]; };
    row.appendChild(pickButton(t("page.no"), t("page.no_choose_again"), clear, "secondary confirm-no"));
    const yes = actionLabel(view, tpl.type);
    const go = pickButton(yes, t("page.yes_say", {choice: text}), () => { clear(); send(action); }, "danger confirm-yes");
    go.dataset.ends = "send";
    row.appendChild(go);
    card.appendChild(row);
    return card;
  }

  /* The templates of a seat's view, sorted for the phone: what the game
     waits for ("must": its ``required`` templates), what the seat may do
     ("may"), each open or secret (shown only while held), and the
     platform's seat tools. */
  function sortActions(view) {
    const game = view.actions.filter((a) => !PLATFORM_SEAT_TYPES.includes(a.type) &&
      !(view.you && view.you.host && PLATFORM_HOST_TYPES.includes(a.type)));
    const host = view.you && view.you.host;
    const must = host ? [] : game.filter((a) => a.required);
    const may = game.filter((a) => !must.includes(a));
    return {
      must: must.filter((a) => !a.secret), mustSecret: must.filter((a) => a.secret),
      may: may.filter((a) => !a.secret), maySecret: may.filter((a) => a.secret),
      tools: view.actions.filter((a) => PLATFORM_SEAT_TYPES.includes(a.type)),
    };
  }

  /* Whom the game waits for: the view's ``waiting`` (the seats offered a
     required template); older servers' views: the usual public names. */
  // whom the game waits for: every view says it (the seats with a required template)
  function waitingFor(view) { return (view.waiting || []).slice(); }
  /* Seats in words: "Anna, Ben and Cleo", or with ``any`` (a race: the
     first one counts) "Anna, Ben or Cleo". */
  function seatList(view, seats, any) {
    const names = seats.map(ui(view).name);
    if (names.length < 2) return names.join("");
    return t(any ? "page.list_or" : "page.list_and", {first: names.slice(0, -1).join(", "), last: names[names.length - 1]});
  }

  /* --- keep the screen awake while a game runs ------------------------------ */
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
    // a silent looping video keeps most phones awake on plain http (a 1-pixel
    // canvas stream is enough); browsers only start it after a tap, so we retry on the next one
    if (!v.srcObject) v.srcObject = blankStream();
    const play = () => { if (keepAwakeOn) v.play().catch(() => {}); };
    play();
    document.addEventListener("pointerdown", play, {once: true});
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && keepAwakeOn) keepAwake(true); });
  function blankStream() {
    try {
      const canvas = document.createElement("canvas"); canvas.width = canvas.height = 1;
      return canvas.captureStream ? canvas.captureStream(1) : null;
    } catch (e) { return null; }
  }

  /* A renderer's stylesheet, adopted once through the CSSOM: no <style>
     element and no style="" in the pages, so the CSP needs no 'unsafe-inline'. */
  const adopted = new Set();
  function adoptStyle(name, css) {
    if (adopted.has(name)) return;
    adopted.add(name);
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
  }

  function vibrate() { if (navigator.vibrate) navigator.vibrate([120, 60, 120]); }

  function switchLang(e) {
    e.preventDefault();
    const next = page.lang === "de" ? "en" : "de";
    const url = new URL(location.href); url.searchParams.set("lang", next);
    location.replace(url.toString());
  }

  /* The open log: public lines only (private ones are secrets: the phone
     shows them in its secret box while held), numbered as on the table. */
  function renderLog(view, el) {
    el.innerHTML = view.log.filter((line) => !line.private).reverse().map((line) =>
      `<li value="${Number(line.no || line.n)}">${esc(line.text)}</li>`).join("");
  }
  function renderSeats(view, el, options) {
    const turn = (options && options.highlight) || [];
    el.innerHTML = view.seats.map((s) => `<li data-seat="${s.seat}" class="${turn.includes(s.seat) ? "turn" : ""}"${turn.includes(s.seat) ? ' aria-current="true"' : ""}>
      <span class="dot ${s.connected ? "on" : "off"}" role="img" aria-label="${esc(t(s.connected ? "page.connected" : "page.offline"))}"></span>
      <span class="sname">${esc(s.name)}</span><span class="score">${esc(s.score)}</span></li>`).join("");
  }
  function renderGame(view, el, where) {
    const renderer = Companion.games[view.game];
    forgetSecretBoxes(el);
    if (view.status === "lobby") { el.innerHTML = `<p class="hint">${esc(t("page.start_hint"))}</p>`; return; }
    if (renderer && renderer[where]) {
      try { el.innerHTML = renderer[where](view, ui(view)); return; } catch (err) { console.error(err); }
    }
    // no renderer: the public part only (a phone's private part would show its secrets)
    el.innerHTML = `<pre class="generic">${esc(JSON.stringify(view.public, null, 1))}</pre>`;
  }
  function renderStatus(view) {
    const names = (view.winners || []).map((s) => ui(view).name(s)).join(", ");
    if (view.status === "finished") return view.winners && view.winners.length ? t("page.winners", {names}) : t("page.finished");
    return `${gt(view.game, "title") || view.game} · ${t("page." + view.status)}`;
  }
  /* The end of a game on a phone: everyone's score (winners marked) and the
     evening's wins so far, with the games and who won them. */
  function renderEnding(view) {
    const u = ui(view), won = view.winners || [];
    const seats = view.seats.slice().sort((a, b) => Number(b.score) - Number(a.score));
    const wins = view.evening.wins || {};
    const count = (n) => t(n === 1 ? "page.wins_one" : "page.wins_many", {n});
    return `<h3>${esc(t("page.final_scores"))}</h3><ol class="ending">` + seats.map((s) =>
      `<li class="${won.includes(s.seat) ? "won" : ""}"><span class="sname">${esc(s.name)}</span>` +
      `<span class="score">${esc(s.score)}</span></li>`).join("") + "</ol>" +
      (view.evening.games.length ? `<h3>${esc(t("page.evening"))}</h3><ul class="evening">` +
        view.seats.map((s) => `<li><span class="sname">${esc(s.name)}</span> <span>${esc(count(wins[String(s.seat)] || 0))}</span></li>`).join("") +
        `</ul><p class="hint">${view.evening.games.map((g) => esc(g.title || gt(g.game, "title") || g.game) + ": " +
          esc(g.winners.map(u.name).join(", ") || "—")).join(" · ")}</p>` : "");
  }

  Object.assign(Companion, {esc, t, gt, ui, loadGame, connect, toast, confirmDialog, adoptStyle,
    renderActions, renderPicks, hasPendingPick, onAim, sortActions, waitingFor, seatList, onReveal,
    isRevealed, setRevealed,
    keepAwake, vibrate, switchLang, renderLog, renderSeats, renderGame, renderStatus, renderEnding, optionInputs, readOptionInputs, optionWords,
    valueLabel, valueText, fieldLabel, actionLabel, choiceSummary, confirmSentence, refusalOf,
    goneInfo, seatFate, showGone});
})();
