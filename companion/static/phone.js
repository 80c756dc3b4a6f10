/* A player's phone: join (or rejoin with a one-time link), then this seat's
   view.  Everything secret (view.you.secret, private log lines, choices
   that depend on the secret) is in the page only while the bar at the
   bottom is held; a secret choice is picked by sliding onto it and letting
   go (one thumb: reveal.js).  What the game waits for says "Your move";
   what the seat may do sits quieter under "You may react".  A dead seat (moved to another
   phone, removed, room ended) says so and offers to join again. */
(function () {
  "use strict";
  const K = window.Companion, page = K.page;
  const $ = (id) => document.getElementById(id);
  const tokenKey = "companion:seat:" + page.code, seatKey = "companion:seatno:" + page.code;
  $("lang-switch").onclick = K.switchLang;
  K.soundSwitch($("sound-switch"));
  K.offerInstall($("install"));
  let conn = null, lastView = null, hadMust = false, ended = false, leaving = false;
  let passed = null;            // the optional choices this phone let pass
  const drawn = {};             // container id -> what it shows (skip redraws that change nothing)

  async function post(url, body) {
    const r = await fetch(url + `?lang=${page.lang}`, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    return r.json();
  }

  function mySeat() {
    const s = localStorage.getItem(seatKey);
    return s === null ? null : Number(s);
  }
  function forget() { localStorage.removeItem(tokenKey); localStorage.removeItem(seatKey); }

  async function start() {
    const params = new URLSearchParams(location.search);
    const claim = params.get("claim");
    if (claim) {
      const answer = await post(`/api/rooms/${page.code}/seats`, {claim});
      history.replaceState(null, "", location.pathname + (params.get("lang") ? `?lang=${params.get("lang")}` : ""));
      if (answer.token) { localStorage.setItem(tokenKey, answer.token); localStorage.setItem(seatKey, answer.seat); }
      else return gone(K.goneInfo(answer.error, answer.error.code === "no_room" ? "ended" : null));
    }
    const token = localStorage.getItem(tokenKey);
    if (!token) return showJoin();
    play(token);
  }

  /* which game and room this is, and who already sits at the table */
  async function describeRoom() {
    try {
      const r = await fetch(`/api/rooms/${page.code}?lang=${page.lang}`);
      if (!r.ok) return;
      const view = await r.json();
      $("join-title").textContent = K.t("page.join_title", {game: view.title || view.game, code: view.room});
      const names = view.seats.map((s) => s.name);
      $("join-seated").textContent = names.length ? K.t("page.seated_list", {names: names.join(", ")})
        : K.t("page.seated_nobody");
    } catch (e) { /* the form works without it */ }
  }

  function showJoin() {
    ended = false; leaving = false;
    $("gone").hidden = true; $("play").hidden = true;
    $("me").textContent = "";
    $("join-form").hidden = false;
    $("name").focus();
    describeRoom();
    $("join-form").onsubmit = async (e) => {
      e.preventDefault();
      const answer = await post(`/api/rooms/${page.code}/seats`, {name: $("name").value});
      if (answer.token) {
        localStorage.setItem(tokenKey, answer.token); localStorage.setItem(seatKey, answer.seat);
        $("join-form").hidden = true; $("join-error").hidden = true;
        play(answer.token);
      } else if (answer.error.code === "no_room") {
        gone(K.goneInfo(answer.error, "ended"));
      } else { $("join-error").hidden = false; $("join-error").textContent = answer.error.message; }
    };
  }

  /* The seat is dead: say why, drop the token, offer to join again. */
  function gone(info) {
    ended = true;
    forget();
    if (conn) conn.socket.disconnect();
    conn = null; lastView = null; hadMust = false;
    K.setRevealed(false);
    K.keepAwake(false);
    Object.keys(drawn).forEach((k) => delete drawn[k]);
    $("play").hidden = true; $("join-form").hidden = true;
    document.body.classList.remove("has-bar");
    $("me").textContent = "";
    K.showGone($("gone"), info, showJoin);
  }

  async function refused(error, how) {
    if (ended) return;
    let fate = null;
    if (error.code === "no_room") fate = "ended";
    else if (error.code === "bad_token") {
      fate = await K.seatFate(mySeat());
      if (fate === null && how && how.worked) fate = "moved";
    }
    gone(K.goneInfo(error, fate));
  }

  /* --- the secret box -------------------------------------------------- */
  function secretItems(view) {
    const renderer = K.games[view.game];
    if (renderer && typeof renderer.secret === "function") {
      try { return renderer.secret(view, K.ui(view)) || ""; } catch (err) { console.error(err); }
    }
    const secret = (view.you && view.you.secret) || {};
    return Object.entries(secret).map(([k, v]) => {
      const value = describe(view, k, v);
      if (value === "") return "";
      return `<div class="secret-item" data-key="${K.esc(k)}"><small>${K.esc(K.fieldLabel(view, k))}</small>` +
        `<strong class="value-${K.esc(typeof v === "object" ? k : String(v))}">${K.esc(value)}</strong></div>`;
    }).join("");
  }
  function describe(view, k, v) {
    if (v === null || v === undefined || v === "") return "";
    if (Array.isArray(v)) return v.map((x) => K.valueLabel(view, k, x)).join(", ");
    if (typeof v === "object") {
      return Object.entries(v).filter(([, b]) => b !== null && b !== undefined)
        .map(([a, b]) => `${K.valueLabel(view, k, a)}: ${typeof b === "object" ? JSON.stringify(b) : K.valueLabel(view, k, b)}`).join(" · ");
    }
    return K.valueLabel(view, k, v);
  }
  /* This game's private lines, newest first: the latest few in full, the
     older ones folded under "Earlier" (they may be from earlier rounds). */
  function privateLines(view, shown = PRIVATE_RECENT) {
    const from = view.game_log_from || 0;
    const lines = view.log.filter((line) => line.private && line.n >= from).reverse();
    if (!lines.length) return "";
    const item = (line) => `<li>${K.esc(line.text)}</li>`;
    const recent = lines.slice(0, shown), older = lines.slice(shown);
    return `<h3>${K.esc(K.t("page.only_for_you"))}</h3><ol class="log private">` +
      recent.map(item).join("") + "</ol>" + (older.length
      ? `<details class="private-older"><summary>${K.esc(K.t("page.earlier", {n: older.length}))}</summary>` +
        `<ol class="log private">${older.map(item).join("")}</ol></details>` : "");
  }
  const PRIVATE_RECENT = 3;

  /* Whether the phone has anything secret now: secret choices, a secret
     (its keys: which the game gives a seat depends on the step, never on
     the secret's content) or what the game's renderer hides.  So the bar
     shows or hides on public state only, and never while there is nothing. */
  function hasSecret(view, sorted) {
    if (view.status !== "playing") return false;
    if (sorted.mustSecret.length + sorted.maySecret.length) return true;
    if (Object.keys((view.you && view.you.secret) || {}).length) return true;
    return secretItems(view) !== "";
  }

  /* The sheet over the page while the bar is held: the secret, private
     lines, and the secret choices nearest the thumb (picked by letting go
     on one).  Nothing of it is in the page while hidden. */
  function drawSecret() {
    const view = lastView;
    const on = K.isRevealed() && view;
    $("secret").classList.toggle("shown", !!on);
    $("secret-body").classList.toggle("shown", !!on);
    const waiting = !on && !!view && pendingConfirm(view);
    $("hold-label").textContent = K.t(on ? "page.holding" : waiting ? "page.hold_to_confirm" : "page.hold");
    pendingNote(waiting);
    if (!on) {
      ["secret-items", "secret-actions", "secret-log"].forEach((id) => { $(id).innerHTML = ""; });
      $("secret-aim").textContent = "";
      delete $("secret-body").dataset.fit;
      return;
    }
    const sorted = K.sortActions(view);
    const choices = sorted.mustSecret.concat(sorted.maySecret), notes = privateLines(view);
    const items = secretItems(view), told = (view.explain && view.explain.secret) || "";
    $("secret-items").innerHTML = (told ? `<p class="explain-secret">${K.esc(told)}</p>` : "") +
      (items || (choices.length || notes ? "" : `<p class="hint">${K.esc(K.t("page.nothing_secret"))}</p>`));
    K.renderPicks(view, $("secret-actions"), choices, send);
    $("secret-log").innerHTML = notes;
    aimLine(null);
    fitSheet(view);
  }
  K.onReveal(drawSecret);
  /* At a game's largest table the sheet can hold more than the screen
     (HOAX with 14: the notebook, an explanation, private lines and thirteen
     names).  The thumb on the bar cannot scroll, so the sheet gives way a
     step at a time until nothing in it scrolls: one private line instead of
     three, then lower choices and smaller print, then no explanation in the
     sheet (app.css, data-fit). */
  function fitSheet(view) {
    const body = $("secret-body");
    delete body.dataset.fit;
    for (let level = 1; level <= 3 && sheetScrolls(); level++) {
      body.dataset.fit = String(level);
      if (level === 1) $("secret-log").innerHTML = privateLines(view, 1);
    }
  }
  const sheetScrolls = () => ["secret-body", "secret-items", "secret-log"]
    .some((id) => $(id).scrollHeight > $(id).clientHeight + 1);
  K.onPending(drawSecret);
  /* A choice let go on waits for its confirm (issue #40): the open page
     says so in words and the bar in shape (its mark), never what was
     chosen; before, a newcomer lifted the thumb and believed it was sent. */
  function pendingConfirm(view) {
    const sorted = K.sortActions(view);
    return view.status === "playing" && K.pendingFor(view, sorted.mustSecret.concat(sorted.maySecret));
  }
  function pendingNote(waiting) {
    let el = $("pending-note");
    if (!el) {
      el = document.createElement("p");
      el.id = "pending-note"; el.className = "pending-note"; el.setAttribute("role", "status");
      $("todo").after(el);
    }
    el.textContent = waiting ? K.t("page.confirm_pending") : "";
    el.hidden = !waiting;
    document.body.classList.toggle("pick-pending", waiting);
  }
  /* The sheet's top line: what letting go does now, in words. */
  function aimLine(target) {
    if (!K.isRevealed()) return;
    const choices = $("secret-actions").querySelector("[data-pick]");
    let text = "";
    if (target) text = K.t("page.let_go_to", {choice: target.dataset.say});
    else if (document.body.classList.contains("stay")) text = choices ? K.t("page.tap_to_choose") : "";
    else if (K.hasPendingPick()) {
      const pick = (cls) => $("secret-actions").querySelector(cls).textContent;
      text = K.t("page.slide_to_confirm", {yes: pick(".confirm-yes"), no: pick(".confirm-no")});
    } else if (choices) text = K.t("page.slide_to_choose");
    $("secret-aim").textContent = text;
    $("secret-aim").classList.toggle("aiming", !!target);
  }
  K.onAim(aimLine);

  /* Renders templates into a container unless they (and the names they
     show) are what it already shows: a half-filled form survives views
     that change nothing for it. */
  function draw(id, view, templates, options) {
    const key = JSON.stringify([templates, view.seats.map((s) => s.name), view.game,
      view.explain && view.explain.moves]);
    if (drawn[id] === key) return;
    drawn[id] = key;
    K.renderActions(view, $(id), send, Object.assign({templates}, options || {}));
  }

  function send(action) {
    if (action.type === "leave") leaving = true;
    return conn.send(action).then((answer) => {
      if (action.type === "leave" && answer.ok) gone(K.goneInfo(null, "left"));
      else if (action.type === "leave") leaving = false;
      return answer;
    });
  }

  /* --- the view -------------------------------------------------------- */
  function removedFrom(view) {
    const me = view.you && view.you.seat;
    return me === null || me === undefined ||
      !view.seats.concat(view.spectators || []).some((s) => s.seat === me);
  }

  /* The top line: "Your move" (and a buzz) exactly when the game cannot go
     on without this seat; else whether it may react, and whom the game
     waits for ("Anna or Cleo" when the first of them is enough). */
  function todo(view, sorted) {
    const waiting = K.waitingFor(view), me = view.you ? view.you.seat : null;
    const playing = view.status === "playing";
    const atTable = playing && Array.isArray(view.at_table) && view.at_table.includes(me);
    const owed = playing && sorted.must.length + sorted.mustSecret.length > 0;
    const must = owed || atTable;
    const others = waiting.filter((s) => s !== me);
    const any = !!view.waiting_any;
    let text, hint = "";
    if (view.you && view.you.next_game) text = K.t("page.next_game_you");   // joined during a game
    else if (view.status === "finished") text = K.renderStatus(view);
    else if (view.status === "lobby") text = K.t("page.lobby");
    else if (atTable && !owed) {
      // the move is made aloud or with the cards: nothing to enter here, but it is this player's
      text = K.t("page.your_turn_at_table");
      hint = K.t("page.at_table_hint");
    } else if (must) {
      text = K.t("page.your_turn");
      if (any && others.length) hint = K.t("page.race_with", {names: K.seatList(view, others, true)});
      else if (!sorted.must.length) hint = K.t("page.hold_for_choices");
    } else {
      const may = sorted.may.length + sorted.maySecret.length > 0;
      text = K.t(may ? "page.may_react_now" : "page.nothing_to_do");
      if (others.length) hint = K.t("page.waiting_for", {names: K.seatList(view, others, any)});
    }
    $("todo-text").textContent = text;
    $("todo-hint").textContent = hint; $("todo-hint").hidden = !hint;
    $("todo").className = "todo" + (must ? " now" : "");
    if (must && !hadMust) { K.vibrate(); K.cue(); }
    hadMust = must;
  }

  /* The game's own line for what this seat does now (renderer hook step),
     read before the form it is about: right above the own move. */
  function stepLine(view) {
    const renderer = K.games[view.game];
    let text = "";
    if (view.status === "playing" && renderer && typeof renderer.step === "function") {
      try { text = renderer.step(view, K.ui(view)) || ""; } catch (err) { console.error(err); }
    }
    let el = $("step-line");
    if (!el) {
      el = document.createElement("p");
      el.id = "step-line"; el.className = "step-line";
      $("actions").before(el);
    }
    el.textContent = text; el.hidden = !text;
  }

  /* Explain mode (issue #29): what is happening and what this player may
     do, above the moves, worded by the server from public state (null:
     off).  What depends on the secret is in the sheet (drawSecret). */
  function explainLine(view) {
    let el = $("explain-now");
    if (!el) {
      el = document.createElement("p");
      el.id = "explain-now"; el.className = "explain-now";
      $("react").before(el);
    }
    const text = (view.explain && view.explain.now) || "";
    el.textContent = text; el.hidden = !text;
  }

  function react(view, sorted) {
    const may = sorted.may;
    $("react").hidden = !may.length;
    if (!may.length) { $("react-actions").innerHTML = ""; delete drawn["react-actions"]; return; }
    reactKey = JSON.stringify(may);
    if (passed !== reactKey) $("react").open = true;   // new choices: show them again
    draw("react-actions", view, may, {ask: true});
  }
  let reactKey = null;
  $("react-pass").onclick = () => { $("react").open = false; };
  // closed (by "let it pass" or its summary): stays closed until the choices change
  $("react").addEventListener("toggle", () => { if (!$("react").open) passed = reactKey; });

  /* A tap that makes a form ready to send can leave its button under the
     bar at the bottom (issue #40: a tap on "Buy information…" hit the bar):
     the page scrolls it above the bar (the page's bottom padding leaves room). */
  function keepAboveBar(e) {
    const form = e.target.closest("#actions form, #react form");
    if (!form || !document.body.classList.contains("has-bar")) return;
    // after the tap's redraw (a step picker draws its form anew)
    requestAnimationFrame(() => {
      const now = form.isConnected ? form : $("play").querySelector(`form[data-type="${form.dataset.type}"]`);
      const go = now && now.querySelector("button[type=submit]:not([disabled])");
      const bar = $("secret").getBoundingClientRect().top, box = go && go.getBoundingClientRect();
      if (box && box.bottom > bar - 8 && box.top < innerHeight) scrollBy(0, box.bottom - bar + 12);
    });
  }
  $("play").addEventListener("click", keepAboveBar);

  function onView(view) {
    if (ended) return;
    if (removedFrom(view)) {
      gone(K.goneInfo(null, leaving ? "left" : "removed"));
      return;
    }
    lastView = view;
    $("show-rules").hidden = false;
    localStorage.setItem(seatKey, view.you.seat);
    $("play").hidden = false; $("gone").hidden = true;
    $("me").textContent = K.t("page.you_are", {name: view.you.name});
    const sorted = K.sortActions(view);
    todo(view, sorted);
    const bar = hasSecret(view, sorted);
    if (!bar) K.setRevealed(false);
    $("secret").hidden = !bar;
    document.body.classList.toggle("has-bar", bar);
    // the bar looks the same whatever the secret holds: an onlooker learns nothing from it
    drawSecret();
    stepLine(view);
    explainLine(view);
    // the clock's script comes with the first view that has a clock (the page stays light)
    if (K.timer) K.timer.phone(view);
    else if (view.timer) K.needScript("timer");
    draw("actions", view, sorted.must);
    react(view, sorted);
    $("ending").hidden = view.status !== "finished";
    $("ending").innerHTML = view.status === "finished" ? K.renderEnding(view) : "";
    K.renderGame(view, $("game-area"), "phone");
    K.renderSeats(view, $("seats"), {highlight: K.waitingFor(view)});
    K.renderLog(view, $("log"));
    $("seat-tools").hidden = !sorted.tools.length;
    draw("seat-actions", view, sorted.tools);
    K.keepAwake(view.status === "playing");
    document.body.dataset.version = view.version;   // what is drawn (tests wait for it)
  }

  /* --- the rules: the game's summary in an overlay, one tap away ---------- */
  function currentGame() { return lastView ? lastView.game : page.game; }
  async function openRules() {
    const game = currentGame();
    const [help, rules] = await Promise.all([
      fetchText(`/static/phone-help.${page.lang}.html`, ""),
      fetchText(`/static/games/rules/${encodeURIComponent(game)}.${page.lang}.html`,
        `<p>${K.esc(K.t("table.rules_missing"))}</p>`)]);
    $("rules-body").innerHTML = help + rules;
    $("rules").dataset.game = game;
    if (!$("rules").open) $("rules").showModal();
    $("rules-body").scrollTop = 0;
  }
  // a page's text, else ``fallback`` (offline: the sentence says there is none)
  async function fetchText(url, fallback) {
    try {
      const r = await fetch(url);
      if (r.ok) return await r.text();
    } catch (e) { /* offline */ }
    return fallback;
  }
  $("show-rules").onclick = openRules;
  $("rules-close").onclick = () => $("rules").close();
  // a tap beside the box closes it (the dialog itself is the backdrop there)
  $("rules").onclick = (e) => { if (e.target === $("rules")) $("rules").close(); };

  /* A phone waking up asks whether its seat still lives (the server sends
     a revoked seat no more views, so a sleeping phone would not know). */
  document.addEventListener("visibilitychange", async () => {
    const token = localStorage.getItem(tokenKey);
    if (document.visibilityState !== "visible" || !conn || ended || !token) return;
    try {
      const r = await fetch(`/api/rooms/${page.code}?lang=${page.lang}`, {headers: {Authorization: `Bearer ${token}`}});
      if (r.status === 401 || r.status === 404) refused((await r.json()).error, {worked: true});
    } catch (e) { /* offline: the socket shows the banner */ }
  });

  function play(token) {
    ended = false;
    conn = K.connect(token, onView, refused);
  }
  start();
})();
