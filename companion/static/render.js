/* Drawing a view: the log, the seats, the game through its renderer, the
   status line and a phone's ending. */
(function () {
  "use strict";
  const K = window.Companion;

  /* The open log: public lines only (private ones are secrets: the phone
     shows them in its secret box while held), numbered as on the table. */
  function renderLog(view, el) {
    drawList(el, view.log.filter((line) => !line.private).reverse().map((line) =>
      `<li value="${Number(line.no || line.n)}">${K.esc(line.text)}</li>`));
  }

  /* A list drawn from its items' markup, keeping every item already drawn
     with the same markup where it is: a new log line is one new item, not
     the whole log again (redrawing it was about half of a page's drawing work per
     move: each line laid out and its text shaped anew).  Items whose
     markup is gone are removed, new ones parsed at once and put in place. */
  function drawList(el, items) {
    const wanted = new Set(items), drawn = new Map();
    for (const child of Array.from(el.children)) {
      const markup = child.listMarkup;
      if (wanted.has(markup) && !drawn.has(markup)) drawn.set(markup, child);
      else child.remove();
    }
    const missing = items.filter((markup) => !drawn.has(markup));
    if (missing.length) {
      const made = document.createElement("template");
      made.innerHTML = missing.join("");
      Array.from(made.content.children).forEach((child, i) => {
        child.listMarkup = missing[i];
        drawn.set(missing[i], child);
      });
    }
    let at = el.firstElementChild;
    for (const markup of wanted) {   // in order, each once
      const child = drawn.get(markup);
      if (child === at) at = at.nextElementSibling;
      else el.insertBefore(child, at);
    }
  }
  /* Puts ``html`` into ``el`` unless ``el`` was drawn from exactly that
     markup: a board or a seat list that did not change is not parsed,
     laid out and painted again (a phone drew both anew on every push).
     ``before``: what to do with the old content first.  Only these
     functions write these elements. */
  function drawMarkup(el, html, before) {
    if (el.drawnMarkup === html) return;
    if (before) before(el);
    el.innerHTML = html;
    el.drawnMarkup = html;
  }
  function renderSeats(view, el, options) {
    const turn = (options && options.highlight) || [];
    drawMarkup(el, view.seats.map((s) => `<li data-seat="${s.seat}" class="${turn.includes(s.seat) ? "turn" : ""}"${turn.includes(s.seat) ? ' aria-current="true"' : ""}>
      <span class="dot ${s.connected ? "on" : "off"}" role="img" aria-label="${K.esc(K.t(s.connected ? "page.connected" : "page.offline"))}"></span>
      <span class="sname">${K.esc(s.name)}</span><span class="score">${K.esc(s.score)}</span></li>`).join(""));
  }
  /* The game's part of a page (a secret box a renderer draws has an id of
     its own each time, so a board holding one is always drawn anew). */
  function renderGame(view, el, where) {
    drawMarkup(el, gameMarkup(view, where), K.forgetSecretBoxes);
  }
  function gameMarkup(view, where) {
    const renderer = K.games[view.game];
    if (view.status === "lobby") {
      // explain mode's line says the same, in more words: once (issue #40)
      const told = view.explain && view.explain.now;
      return told ? "" : `<p class="hint">${K.esc(K.t("page.start_hint"))}</p>`;
    }
    if (renderer && renderer[where]) {
      try { return renderer[where](view, K.ui(view)); } catch (err) { console.error(err); }
    }
    // no renderer: the public part only (a phone's private part would show its secrets)
    return genericBoard(view);
  }

  /* A game without a renderer (a new game until it brings one): its public
     part as a list a player can read, each member under the game's word
     for it (``field.<key>``, else the key itself),
     a member keyed by seat with the seats' names, a seat given as the
     log's {"seat": n} by its name, lists joined. */
  function genericBoard(view) {
    const named = {};
    (view.seats || []).forEach((s) => { named[s.seat] = s.name; });
    const label = (key) => K.gt(view.game, "field." + key) || key;
    const aSeat = (v) => !!v && typeof v === "object" && Object.keys(v).length === 1 && v.seat in named;
    const bySeat = (o) => Object.keys(o).length && Object.keys(o).every((k) => k in named);
    // nested members read as "word: value", inner groups in brackets
    const shown = (v, inner) => {
      if (v === null || v === undefined || v === false) return "–";
      if (v === true) return "✓";
      if (aSeat(v)) return named[v.seat];
      if (Array.isArray(v)) return v.length ? v.map((x) => shown(x, true)).join(", ") : "–";
      if (typeof v !== "object") return String(v);
      const text = Object.entries(v).map(([k, x]) =>
        `${bySeat(v) ? named[k] : label(k)}: ${shown(x, true)}`).join(" · ") || "–";
      return inner && Object.keys(v).length > 1 ? `(${text})` : text;
    };
    const rows = Object.entries(view.public || {}).map(([key, v]) =>
      `<dt>${K.esc(label(key))}</dt><dd>${K.esc(shown(v))}</dd>`).join("");
    return `<dl class="generic">${rows}</dl>`;
  }
  function renderStatus(view) {
    const names = (view.winners || []).map((s) => K.ui(view).name(s)).join(", ");
    if (view.status === "finished") return view.winners && view.winners.length ? K.t("page.winners", {names}) : K.t("page.finished");
    return `${K.gt(view.game, "title") || view.game} · ${K.t("page." + view.status)}`;
  }
  /* The end of a game on a phone: everyone's score (winners marked) and the
     evening's wins so far, with the games and who won them. */
  function renderEnding(view) {
    const u = K.ui(view), won = view.winners || [];
    const seats = view.seats.slice().sort((a, b) => Number(b.score) - Number(a.score));
    const wins = view.evening.wins || {};
    const count = (n) => K.t(n === 1 ? "page.wins_one" : "page.wins_many", {n});
    return `<h3>${K.esc(K.t("page.final_scores"))}</h3><ol class="ending">` + seats.map((s) =>
      `<li class="${won.includes(s.seat) ? "won" : ""}"><span class="sname">${K.esc(s.name)}</span>` +
      `<span class="score">${K.esc(s.score)}</span></li>`).join("") + "</ol>" +
      (view.evening.games.length ? `<h3>${K.esc(K.t("page.evening"))}</h3><ul class="evening">` +
        view.seats.map((s) => `<li><span class="sname">${K.esc(s.name)}</span> <span>${K.esc(count(wins[String(s.seat)] || 0))}</span></li>`).join("") +
        `</ul><p class="hint">${view.evening.games.map((g) => K.esc(g.title || K.gt(g.game, "title") || g.game) + ": " +
          K.esc(g.winners.map(u.name).join(", ") || "—")).join(" · ")}</p>` : "");
  }

  Object.assign(K, {renderLog, drawList, renderSeats, renderGame, renderStatus, renderEnding, genericBoard});
})();
