/* The table screen: a board read from across the table.  The step and whom
   the game waits for in large type, the game's public state as it lies on
   the table (static/games/<game>.js), decisive events announced in the
   middle before they move to the log, the join code large while the lobby
   fills and in a corner during play, a score chart and the evening's
   standings at the end, the rules one tap away.  Host tools when this
   device holds the host token (the tablet that created the room).

   Hooks a game renderer may add beside table()/phone():
     headline(view, ui) -> {step, waiting: [seats], label?}   the top line
     decisive(view, prev, ui) -> [{text, tone}]   what to announce; tone is
       "good" | "bad" | "news"; prev is the last view this screen drew. */
(function () {
  "use strict";
  const K = window.Companion, page = K.page;
  const $ = (id) => document.getElementById(id);
  const hostToken = localStorage.getItem("companion:host:" + page.code);

  function tt(key, params) { return K.t(key, params); }
  const esc = K.esc;
  function wins(n) { return tt(n === 1 ? "table.win_one" : "table.win_many", {n}); }

  $("lang-switch").onclick = K.switchLang;
  // the other language, short: the button must fit beside the other two
  $("lang-switch").title = $("lang-switch").textContent;
  $("lang-switch").textContent = page.lang === "de" ? "EN" : "DE";
  $("show-rules").textContent = tt("table.rules");
  $("show-join").textContent = tt("table.join");
  $("join-close").setAttribute("aria-label", tt("table.close"));
  $("rules-close").setAttribute("aria-label", tt("table.close"));

  fetch(`/api/rooms/${page.code}`).then((r) => r.json()).then((answer) => {
    if (answer.ok === false) showError(answer.error.message);
  }).catch(() => {});
  // the join URL as phones must see it comes from the server (LAN address)
  fetch(`/api/rooms/${page.code}/urls`).then((r) => (r.ok ? r.json() : null)).then((urls) => {
    // a long address may wrap only after a slash, never inside the code
    if (urls) $("join-url").innerHTML = urls.join.split("/").map(esc).join("/<wbr>");
  }).catch(() => {});

  function showError(message) { $("status").hidden = false; $("status").textContent = message; }

  /* --- seats: a colour each, the same in the list and the chart ------------ */
  const PALETTE = ["#e8590c", "#1c7ed6", "#2b8a3e", "#c2255c", "#7048e8", "#e0a800", "#0b7285",
    "#a61e4d", "#5c940d", "#364fc7", "#d9480f", "#087f5b", "#862e9c", "#495057"];
  function colourIndex(seat) { return Math.abs(Number(seat)) % PALETTE.length; }
  function colour(seat) { return PALETTE[colourIndex(seat)]; }
  // the seat's colour as a class (table.css .tb-c<i> sets --seat): no inline style, so the CSP needs none
  function seatClass(seat) { return "tb-c" + colourIndex(seat); }

  function names(u, seats) { return seats.map((s) => u.name(s)); }

  /* --- the top line: the step and whom the table waits for ---------------- */
  function headline(view, u) {
    if (view.status === "lobby") return {step: tt("table.lobby_step"), waiting: []};
    if (view.status === "finished") {
      const won = view.winners || [];
      if (won.length) return {step: K.t("page.finished"), text: K.t("page.winners", {names: names(u, won).join(", ")})};
      return {step: K.t("page.finished"), text: view.ended_by_host ? K.t("log.ended") : K.t("page.nobody_won")};
    }
    const renderer = K.games[view.game];
    if (renderer && typeof renderer.headline === "function") {
      try {
        const own = renderer.headline(view, u);
        if (own) return own;
      } catch (err) { console.error(err); }
    }
    return genericHeadline(view);
  }
  /* A game without its own headline(): its step or phase in its own words
     where its texts have one (placeholders filled from the public state),
     else its title; whom it waits for from the usual public names. */
  function genericHeadline(view) {
    const pub = view.public || {};
    const phase = pub.step || pub.phase;
    let step = null;
    if (typeof phase === "string") {
      for (const key of ["ui.step." + phase, "ui.phase." + phase, "ui." + phase, "value." + phase]) {
        const s = K.gt(view.game, key, pub);
        if (s != null && !/\{\w+\}/.test(s)) { step = s; break; }
      }
    }
    return {step: step || view.title || K.gt(view.game, "title") || "", waiting: K.waitingFor(view)};
  }

  function drawHeadline(view, u) {
    const h = headline(view, u);
    $("game-title").textContent = view.title || K.gt(view.game, "title") || "";
    $("step").textContent = h.step || "";
    // whom the game waits for: the view says it (seats with a required move), the same as the phones
    const waiting = (Array.isArray(view.waiting) && view.status === "playing" ? view.waiting : h.waiting || [])
      .filter((s) => view.seats.some((x) => x.seat === s));
    const el = $("waiting");
    if (h.text) {
      el.innerHTML = `<span class="tb-waiting-text">${esc(h.text)}</span>`;
    } else if (waiting.length) {
      // a long list would push the board off the screen: the first eight and how many more
      const shown = waiting.length > 9 ? waiting.slice(0, 8) : waiting;
      const label = view.waiting_any && waiting.length > 1 ? tt("table.waiting_any") : h.label || tt("table.waiting");
      el.innerHTML = `<span class="tb-waiting-label">${esc(label)}</span> ` +
        shown.map((s) => `<span class="tb-name ${seatClass(s)}">${esc(u.name(s))}</span>`).join(" ") +
        (shown.length < waiting.length ? ` <span class="tb-more">+${waiting.length - shown.length}</span>` : "");
    } else {
      el.innerHTML = "";
    }
    el.hidden = !el.innerHTML;
    return waiting;
  }

  /* Explain mode (issue #29): under the headline, what the table waits for
     and why, and what the newest decisive event meant (the server words
     both; null: off). */
  function drawExplain(view) {
    const told = view.explain || {};
    $("explain-now").textContent = told.now || "";
    const meaning = told.meaning ? `${tt("page.explain_meaning")}: ${told.meaning}` : "";
    $("explain-meaning").textContent = meaning;
    $("explain-meaning").hidden = !meaning;
    $("explain").hidden = !told.now && !meaning;
  }
  /* The board must fit without scrolling (a big group's board fills it):
     where it would not, the explanation's meaning goes first, then its
     box, then in play what the game marked as told by the log too
     ([data-drop], the lowest number first; a part marked below 0 goes
     before the explanation's box, as worth less); the phones still explain
     every step, the log keeps all.  What went and fits again once a later
     part went (a big part makes room for a small one before it) comes
     back, the last to go first: never half a board empty while the
     explanation is hidden (issue #40).  The side leaves out the running chart. */
  function fitBoard(view) {
    const board = $("board"), over = () => board.scrollHeight > board.clientHeight + 1;
    // at the end the game's board keeps everything (the game is over, there is time to scroll);
    // the lobby its explanation too (issue #40: it was never seen; the host's tools lie below)
    const told = view.status !== "playing" ? []
      : [...$("game-area").querySelectorAll("[data-drop]")].sort((a, b) => a.dataset.drop - b.dataset.drop);
    if (view.status !== "lobby") fitParts(board, over, told);
    // the side: the running chart goes before the log would (the seat list shows the same numbers)
    const running = $("running"), side = running && running.parentNode;
    if (side && side.scrollHeight > side.clientHeight + 1) running.hidden = true;
  }
  function fitParts(board, over, told) {
    // (a part marked below 0 is worth less than the explanation's box: it goes before it)
    const parts = [$("explain-meaning"), ...told.filter((p) => p.dataset.drop < 0), $("explain"),
      ...told.filter((p) => !(p.dataset.drop < 0))], gone = [];
    // the first part whose going shortens the board, then again from the first: a part in a
    // column beside the longest shortens nothing until that column is the longest
    for (let progress = true; progress && over();) {
      progress = false;
      for (const part of parts) {
        if (part.hidden) continue;   // (gone, or nothing to show: the meaning, explanations off)
        const before = board.scrollHeight;
        part.hidden = true;
        if (board.scrollHeight < before) { gone.push(part); progress = true; break; }
        part.hidden = false;
      }
    }
    // back where it fits, the last to go first (the box before its meaning)
    for (const part of gone.reverse()) {
      if (part === $("explain-meaning") && $("explain").hidden) continue;
      part.hidden = false;
      if (over()) part.hidden = true;
    }
  }

  /* --- players ---------------------------------------------------------- */
  function drawSeats(view, waiting) {
    const won = view.evening.wins || {};
    $("seats").innerHTML = view.seats.map((s) => {
      const w = won[String(s.seat)] || 0;
      return `<li data-seat="${s.seat}" class="${seatClass(s.seat)}${waiting.includes(s.seat) ? " turn" : ""}">` +
        `<span class="dot ${s.connected ? "on" : "off"}" role="img" aria-label="${esc(K.t(s.connected ? "page.connected" : "page.offline"))}"></span>` +
        `<span class="sname">${esc(s.name)}</span>` +
        (w ? `<span class="tb-wins" title="${esc(wins(w))}">★${w > 1 ? w : ""}</span>` : "") +
        `<span class="score">${esc(s.score)}</span></li>`;
    }).join("") + ((view.spectators || []).length ? `<li class="tb-next-players">${esc(K.t("table.next_game_joins",
      {names: view.spectators.map((s) => s.name).join(", ")}))}</li>` : "");
  }

  /* --- the log: newest first, each line with its own number --------------- */
  let freshLines = new Set();
  function drawLog(view) {
    K.drawList($("log"), view.log.filter((line) => !line.private).slice().reverse().map((line) =>
      `<li data-n="${line.n}" class="${freshLines.has(line.n) ? "fresh" : ""}"><span class="tb-n">${Number(line.no || line.n)}</span>` +
      `<span class="tb-line">${esc(line.text)}</span></li>`));
  }

  /* --- the game's board ----------------------------------------------------- */
  function drawGame(view, u) {
    const el = $("game-area");
    if (view.status === "lobby") { el.innerHTML = ""; return; }
    const renderer = K.games[view.game];
    if (renderer && renderer.table) {
      try { el.innerHTML = renderer.table(view, u); return; } catch (err) { console.error(err); }
    }
    el.innerHTML = K.genericBoard(view);   // no renderer (render.js)
  }

  /* --- join: large in the lobby, a corner in play, large again on demand --- */
  let joinShown = false;
  function drawJoin(view) {
    const big = view.status === "lobby";
    const mode = big ? "big" : joinShown ? "shown" : "corner";
    $("join").dataset.mode = mode;
    $("join-close").hidden = mode !== "shown";
    const low = view.players ? view.players.min : "?", high = view.players ? view.players.max : "?";
    const n = view.seats.length, title = view.title || "";
    $("lobby-note").textContent = big
      ? tt(n === 0 ? "table.seated_none" : n === 1 ? "table.seated_one" : "table.seated_many", {n, title, min: low, max: high})
      : "";
  }
  function setJoinShown(on) {
    joinShown = on;
    if (lastView) drawJoin(lastView);
  }
  $("show-join").onclick = () => setJoinShown(!joinShown);
  $("join-close").onclick = (e) => { e.stopPropagation(); setJoinShown(false); };
  $("join").onclick = () => { if ($("join").dataset.mode === "corner") setJoinShown(true); };
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    if (!$("rules").hidden) closeRules(); else if (joinShown) setJoinShown(false);
  });

  /* --- points over the game: the server keeps every change of the scores --- */
  function scoreHistory(view) {
    return {game: view.game, points: (view.points || []).map((p) => ({v: p.move, s: p.scores}))};
  }

  /* The chart is drawn at the width it gets on the screen (one SVG unit is
     one pixel: its texts keep their size), with room for the longest end
     label and the highest axis number, measured in the chart's own fonts. */
  let measurer = null;
  function textWidth(text, px, weight) {
    measurer = measurer || document.createElement("canvas").getContext("2d");
    measurer.font = `${weight} ${px}px ${getComputedStyle(document.body).fontFamily}`;
    return measurer.measureText(text).width;
  }
  const NAME_PX = 22, AXIS_PX = 20, GAP = NAME_PX + 5;
  // ``name`` + ``tail`` in at most ``px`` pixels of an end label: the name
  // shortened with "…" where the whole would not fit
  function fitted(name, tail, px) {
    const chars = Array.from(name);
    if (textWidth(name + tail, NAME_PX, 800) <= px) return name + tail;
    let n = chars.length;
    while (n > 1 && textWidth(chars.slice(0, n).join("") + "…" + tail, NAME_PX, 800) > px) n--;
    return chars.slice(0, n).join("") + "…" + tail;
  }
  function chart(view, u, h, width, compact) {
    const pts = (h && h.game === view.game) ? h.points : [];
    if (pts.length < 2) return `<p class="tb-hint">${esc(tt("table.history_empty"))}</p>`;
    const seats = view.seats.map((s) => s.seat);
    const last = pts[pts.length - 1].s;
    // an end label takes at most half the chart: a longer name ends in "…"
    // rather than widening the chart over its neighbours
    const room = Math.max(140, (width || 640) * 0.5) - 16;
    const label = (s) => fitted(u.name(s), ` ${last[s] || 0}`, room);
    const R = 16 + Math.max(...seats.map((s) => textWidth(label(s), NAME_PX, 800)));
    const T = NAME_PX, B = 14;
    const H = Math.max(compact ? 150 : 260, seats.length * GAP + T + B);
    let hi = 1, lo = 0;
    pts.forEach((p) => seats.forEach((s) => { const v = p.s[s] || 0; hi = Math.max(hi, v); lo = Math.min(lo, v); }));
    const L = 14 + Math.max(textWidth(String(hi), AXIS_PX, 400), textWidth(String(lo), AXIS_PX, 400));
    const W = Math.floor(Math.max(width || 640, L + R + 60));
    const x = (i) => L + (W - L - R) * (pts.length === 1 ? 0 : i / (pts.length - 1));
    const y = (v) => T + (H - T - B) * (1 - (v - lo) / (hi - lo || 1));
    const step = Math.max(1, Math.ceil((hi - lo) / 6));
    let grid = "";
    for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) {
      grid += `<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" class="tb-grid"/>` +
        `<text x="${L - 8}" y="${y(v) + 6}" text-anchor="end" class="tb-axis">${v}</text>`;
    }
    // end labels, pushed apart so that names do not overlap
    const ends = seats.map((s) => ({s, v: pts[pts.length - 1].s[s] || 0})).sort((a, b) => b.v - a.v);
    // top down: apart by a line each; then bottom up: none below the plot
    let at = -Infinity;
    ends.forEach((e) => { e.y = Math.max(y(e.v) + 8, at + GAP, T); at = e.y; });
    at = H - 6 + GAP;
    for (let i = ends.length - 1; i >= 0; i--) { ends[i].y = Math.min(ends[i].y, at - GAP); at = ends[i].y; }
    const lines = seats.map((s) => {
      const d = pts.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.s[s] || 0).toFixed(1)}`).join(" ");
      return `<path d="${d}" fill="none" stroke="${colour(s)}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>`;
    }).join("");
    const labels = ends.map((e) => `<text x="${W - R + 10}" y="${e.y.toFixed(1)}" fill="${colour(e.s)}" class="tb-chart-name">` +
      `${esc(label(e.s))}</text>`).join("");
    if (compact) {
      return `<svg class="tb-chart tb-chart-compact" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" ` +
        `aria-label="${esc(tt("scores.running"))}">` + grid + lines + labels + "</svg>";
    }
    return `<svg class="tb-chart" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(tt("table.history"))}">` +
      grid + lines + labels + "</svg>" +
      // the axis in words under the chart (a paragraph wraps, an SVG text would not)
      `<p class="tb-hint tb-chart-axis">${esc(tt("table.history_axis"))}</p>` +
      (seats.some((s) => pts[0].s[s]) ? `<p class="tb-hint">${esc(tt("table.history_partial"))}</p>` : "");
  }

  /* --- the running points: a compact chart while the game runs ------------- */
  K.adoptStyle("table-running", `
.tb-running { margin: .6em 0; }
.tb-running[hidden] { display: none; }
.tb-running h2 { margin: 0 0 .2em; }
.tb-running .tb-chart-compact { display: block; max-width: 100%; height: auto; }
.tb-chime { display: flex; align-items: center; gap: .4em; font-size: 20px; min-height: 44px; margin: .3em 0; }
.tb-chime input { width: 24px; height: 24px; }
`);
  let runningKey = null;
  function drawRunning(view, u, h) {
    let el = $("running");
    if (!el) {
      el = document.createElement("section");
      el.id = "running";
      el.className = "tb-running";
      el.setAttribute("aria-live", "off");
      $("seats").parentNode.insertBefore(el, $("seats").nextSibling);
    }
    const pts = view.points || [];
    // a game with points, once they moved: a game that never scores draws none
    const scored = pts.length > 1 || (pts.length === 1 && Object.values(pts[0].scores).some((v) => v));
    // a large table (more than six seats) has no room beside the seat list, which shows the
    // same numbers (issue #25's readable table); the full chart comes at the end
    const roomy = view.seats.length <= 6;
    if (view.status !== "playing" || !scored || !roomy) { el.hidden = true; el.innerHTML = ""; runningKey = null; return; }
    el.hidden = false;
    el.dataset.points = String(pts.length);
    const key = JSON.stringify([pts.length, pts[pts.length - 1], view.seats.map((s) => s.name), page.lang]);
    if (key === runningKey) return;   // drawn only when the scores or names change
    runningKey = key;
    el.innerHTML = `<h2>${esc(tt("scores.running"))}</h2><div class="tb-chart-box"></div>`;
    const box = el.querySelector(".tb-chart-box");
    box.innerHTML = chart(view, u, h, Math.floor(box.clientWidth || el.clientWidth || 320), true);
  }

  /* --- the evening: every game of this room, its winners, the wins --------- */
  function standings(view, u) {
    const games = view.evening.games || [];
    if (!games.length) return "";
    const shown = games.slice(-10), first = games.length - shown.length;
    const total = (s) => view.evening.wins[String(s.seat)] || 0;
    const rows = view.seats.slice().sort((a, b) => total(b) - total(a)).map((s) =>
      `<tr class="${seatClass(s.seat)}"><th scope="row"><span class="tb-swatch"></span>${esc(s.name)}</th>` +
      shown.map((g) => `<td>${g.winners.includes(s.seat) ? '<span class="tb-star">★</span>' : ""}</td>`).join("") +
      `<td class="tb-total">${esc(wins(total(s)))}</td></tr>`).join("");
    // a column per game, headed by its number; the key under the table
    // names the games (a run of the same game once): titles are never cut
    const heads = shown.map((g, i) => `<th scope="col" class="tb-game-col" title="${esc(g.title || g.game)}">` +
      `${first + i + 1}</th>`).join("");
    const runs = [];
    shown.forEach((g, i) => {
      const title = g.title || g.game, run = runs[runs.length - 1];
      if (run && run.title === title) run.to = first + i + 1;
      else runs.push({title, from: first + i + 1, to: first + i + 1});
    });
    const key = runs.map((r) => `<span class="tb-key"><b>${r.from === r.to ? r.from : `${r.from}–${r.to}`}</b> ` +
      `${esc(r.title)}</span>`).join(" ");
    return `<h3>${esc(tt("table.standings"))}</h3><table class="tb-standings"><thead><tr><th>${esc(tt("table.player"))}</th>` +
      `${heads}<th>${esc(tt("table.wins"))}</th></tr></thead><tbody>${rows}</tbody>` +
      `<caption class="tb-key-list">${key}</caption></table>`;
  }
  function drawEvening(view, u) {
    const games = view.evening.games || [];
    // between games (the lobby of the next one) the side tells the evening so far
    if (!games.length || view.status === "finished") { $("evening").innerHTML = ""; return; }
    $("evening").innerHTML = `<h2>${esc(tt("table.standings"))}</h2><ol class="tb-evening-games">` +
      games.slice(view.status === "playing" ? -3 : -6).map((g) => `<li><b>${esc(g.title || g.game)}</b> ${g.winners.length ? "★ " + esc(names(u, g.winners).join(", ")) : "—"}</li>`).join("") +
      "</ol>";
  }

  function drawFinal(view, u, h) {
    const el = $("final");
    if (view.status !== "finished") { el.hidden = true; el.innerHTML = ""; return; }
    const won = view.winners || [];
    // the top line already says "ended" or "nobody won"; the panel celebrates winners
    const head = won.length
      ? `<div class="tb-winners">♛ ${won.map((s) => `<span class="tb-name ${seatClass(s)}">${esc(u.name(s))}</span>`).join(" ")}</div>` : "";
    const scored = view.seats.some((s) => Number(s.score)) || (h && h.game === view.game && h.points.length > 1);
    const table = standings(view, u);
    if (!head && !scored && !table) { el.hidden = true; el.innerHTML = ""; return; }
    el.innerHTML = head + `<div class="tb-final-grid">` +
      (scored ? `<div class="tb-final-chart"><h3>${esc(tt("table.history"))}</h3><div class="tb-chart-box"></div></div>` : "") +
      `<div class="tb-final-evening">${table}</div></div>`;
    el.hidden = false;
    // the chart at the width its column has, now that the standings took theirs
    const box = el.querySelector(".tb-chart-box");
    if (box) box.innerHTML = chart(view, u, h, Math.floor(box.clientWidth));
  }

  /* --- announcements: decisive events in the middle, then into the log ----- */
  const queue = [];
  function decisive(view, before, u) {
    if (!before || before.game !== view.game || view.version <= before.version) return [];
    // an undo brings back an older state: nothing new happened, the log says what was undone
    const undone = K.t("log.undone").split("{what}")[0];
    if (newLines(view, before).some((line) => line.text.startsWith(undone))) return [];
    const out = [];
    // the host stopped waiting for someone: the whole table sees it, not only the log
    if (view.host_skip && view.host_skip !== before.host_skip) {
      const line = view.log.find((l) => l.n === view.host_skip);
      if (line) out.push({tone: "host", text: line.text});
    }
    if (view.status === "playing" || (view.status === "finished" && before.status === "playing")) {
      const renderer = K.games[view.game];
      if (renderer && typeof renderer.decisive === "function") {
        try { (renderer.decisive(view, before, u) || []).forEach((a) => out.push(a)); } catch (err) { console.error(err); }
      } else {
        out.push(...scoreNews(view, before));
      }
    }
    // the game's own winner card, if it has one, is enough
    if (view.status === "finished" && before.status === "playing" && !out.some((a) => a.tone === "win")) {
      const won = view.winners || [];
      out.push({tone: "win", text: won.length ? K.t("page.winners", {names: names(u, won).join(", ")})
        : view.ended_by_host ? K.t("log.ended") : K.t("page.nobody_won")});
    }
    // at the end only the end is announced, and briefly: the reveals before it
    // would hold the card over the chart and the standings for seconds each
    if (view.status === "finished" && out.length) {
      const end = out.filter((a) => a.tone === "win").pop() || out[out.length - 1];
      return [Object.assign({}, end, {brief: true})];
    }
    return out;
  }
  // a game without decisive(): when points changed, its new public log lines say why
  function scoreNews(view, before) {
    const old = {};
    before.seats.forEach((s) => { old[s.seat] = s.score; });
    if (!view.seats.some((s) => s.seat in old && old[s.seat] !== s.score)) return [];
    return newLines(view, before).slice(-2).map((line) => ({tone: "news", text: line.text}));
  }
  function newLines(view, before) {
    const seen = before.log.length ? before.log[before.log.length - 1].n : 0;
    return view.log.filter((line) => !line.private && line.n > seen);
  }
  /* A newer event replaces what is still shown or waiting at once (brisk
     play must not leave the table two moves behind); the items of one
     change follow each other. */
  function announce(items, view, before) {
    if (!items.length) return;
    if (chimeOn() && K.chime) K.chime(true);
    const lines = before ? newLines(view, before).map((line) => line.n) : [];
    queue.length = 0;
    items.forEach((item) => queue.push({text: item.text, tone: item.tone || "news", accent: item.accent, brief: item.brief, lines}));
    clearTimeout(next.timer);
    next();
  }
  // a new game (or its lobby): nothing of the last one is announced any more
  function silence() {
    queue.length = 0;
    clearTimeout(next.timer);
    next();
  }
  function next() {
    const el = $("announce");
    const item = queue.shift();
    if (!item) { el.hidden = true; return; }
    el.className = "tb-announce tb-tone-" + item.tone + (item.text.length > 90 ? " tb-long" : "");
    el.innerHTML = `<div class="tb-announce-card"><span class="tb-announce-icon" aria-hidden="true"></span>` +
      `<span class="tb-announce-text">${esc(item.text)}</span></div>`;
    if (item.accent) el.querySelector(".tb-announce-card").style.setProperty("--accent", item.accent);
    // below the explanation, never over it (issue #40: a large result covered it for seconds)
    const told = $("explain"), below = told.hidden ? 0 : Math.round(told.getBoundingClientRect().bottom + 12);
    el.style.top = "";
    el.hidden = false;
    if (below > el.getBoundingClientRect().top) {   // (as far as the card still fits on the screen)
      el.style.top = Math.max(0, Math.min(below, innerHeight - el.querySelector(".tb-announce-card").offsetHeight - 12)) + "px";
    }
    // read once, then it goes to the log; the end's card leaves the end panel soon
    const stay = item.brief ? 2200 : Math.min(4000, 2200 + item.text.length * 20);
    clearTimeout(next.timer);
    next.timer = setTimeout(() => toLog(item), stay);
    el.onclick = () => { clearTimeout(next.timer); toLog(item); };
  }
  // the card flies to the log and the lines it came from light up there
  function toLog(item) {
    const el = $("announce"), card = el.querySelector(".tb-announce-card"), log = $("log");
    el.onclick = null;
    item.lines.forEach((n) => freshLines.add(n));
    if (lastView) drawLog(lastView);
    if (card && log) {
      const from = card.getBoundingClientRect(), to = log.getBoundingClientRect();
      const dx = to.left + to.width / 2 - (from.left + from.width / 2), dy = to.top + 20 - (from.top + from.height / 2);
      card.style.transform = `translate(${dx}px, ${dy}px) scale(0.15)`;
      card.style.opacity = "0";
    }
    next.timer = setTimeout(() => {
      setTimeout(() => { item.lines.forEach((n) => freshLines.delete(n)); if (lastView) drawLog(lastView); }, 4000);
      next();
    }, 650);
  }

  /* --- rules: a summary per game, loaded on demand --------------------------
     static/games/rules/<game>.<lang>.html (the phone page can load the same). */
  let ruleGames = null;
  const ruleTitles = {};   // every game's title in this language, for the tabs
  async function rulesIndex() {
    if (ruleGames) return ruleGames;
    try {
      // every game this server has that brought a summary in this language
      const list = await fetch(`/api/games?lang=${page.lang}`);
      const known = list.ok ? (await list.json()).games : [];
      known.forEach((g) => { ruleTitles[g.name] = g.title; });
      ruleGames = known.filter((g) => g.rules).map((g) => g.name);
    } catch (e) { ruleGames = ruleGames || []; }
    return ruleGames;
  }
  async function openRules(game) {
    const list = await rulesIndex();
    const wanted = list.includes(game) ? game : list[0];
    $("rules-tabs").innerHTML = list.map((g) => `<button type="button" data-game="${esc(g)}" class="${g === wanted ? "on" : ""}">` +
      `${esc(ruleTitles[g] || g)}</button>`).join("");
    $("rules-tabs").querySelectorAll("button").forEach((b) => { b.onclick = () => openRules(b.dataset.game); });
    let html = `<p>${esc(tt("table.rules_missing"))}</p>`;
    if (wanted) {
      try {
        const r = await fetch(`/static/games/rules/${encodeURIComponent(wanted)}.${page.lang}.html`);
        if (r.ok) html = await r.text();
      } catch (e) { /* keep the sentence */ }
    }
    $("rules-body").innerHTML = html;
    $("rules-body").scrollTop = 0;
    $("rules").hidden = false;
    $("rules").dataset.game = wanted || "";
  }
  function closeRules() { $("rules").hidden = true; }
  $("show-rules").onclick = () => openRules(lastView ? lastView.game : null);
  $("rules-close").onclick = closeRules;
  $("rules").onclick = (e) => { if (e.target === $("rules")) closeRules(); };

  /* --- host tools ------------------------------------------------------------ */
  let hostStatus = null;
  function drawHost(view) {
    if (!(view.you && view.you.host)) return;
    const tools = $("host-tools");
    tools.hidden = false;
    // in the lobby and at the end the host's next step belongs on the board; in play, the side
    const home = view.status === "playing" ? $("seats").parentNode : $("board");
    if (tools.parentNode !== home) {
      if (home === $("board")) home.insertBefore(tools, $("game-area"));
      else home.insertBefore(tools, $("log").previousElementSibling);
    }
    // open where the host has something to start; folded during play (still one tap)
    if (hostStatus !== view.status) tools.open = view.status !== "playing";
    hostStatus = view.status;
    // the timer has its own controls (timer.js) above the generic ones
    const usable = skipUsable(view);
    K.renderActions(view, $("host-actions"), send, {templates: hostOrder(view).filter(usable),
      skip: ["new_game", "timer", "timer_pause", "timer_resume"]});
    drawChimeSwitch(tools);
    drawNextGame(view);
  }

  /* --- host tools that skip a seat (issue #38): only with a cause ------------
     view.skip: which tools, from when they work (server seconds; null: not
     while the awaited phones are here and no timer ran out).  Until then
     they are not drawn and a line says when they come; they are drawn
     again, without a new view, the moment the cause holds. */
  let skipTimer = null, skipSkew = 0;   // skew: the server's clock minus this device's
  function skipUsable(view) {
    const skip = view.skip;
    clearTimeout(skipTimer);
    let note = $("skip-note");
    if (!note) {
      note = document.createElement("p");
      note.id = "skip-note"; note.className = "tb-skip-note";
      $("host-actions").before(note);
    }
    const held = skip ? view.actions.filter((tpl) => skip.tools.includes(tpl.type)) : [];
    const now = Date.now() / 1000 + skipSkew;
    const ready = !held.length || (skip.at !== null && now >= skip.at);
    if (held.length && skip.at !== null && !ready) {
      skipTimer = setTimeout(() => { if (lastView) drawHost(lastView); }, (skip.at - now) * 1000 + 250);
    }
    note.hidden = ready;
    note.textContent = ready ? "" : skip.at !== null
      ? K.t("page.skip_soon", {names: names(K.ui(view), skip.away).join(", "), seconds: Math.round(skip.after)})
      : K.t("page.skip_later", {seconds: Math.round(skip.after)});
    return (tpl) => ready || !held.includes(tpl);
  }

  /* --- the chime: a host switch, kept on this device ------------------------ */
  const CHIME = "companion:table:chime";
  function chimeOn() { try { return localStorage.getItem(CHIME) === "1"; } catch (e) { return false; } }
  function drawChimeSwitch(tools) {
    let box = $("chime-switch");
    if (!box) {
      box = document.createElement("label");
      box.id = "chime-switch";
      box.className = "tb-chime";
      box.innerHTML = '<input type="checkbox"> <span></span>';
      tools.insertBefore(box, $("host-actions"));
      box.querySelector("input").onchange = (e) => {
        try { localStorage.setItem(CHIME, e.target.checked ? "1" : "0"); } catch (err) { /* private mode */ }
        if (e.target.checked && K.chime) K.chime(true);   // what it will sound like
      };
    }
    box.querySelector("span").textContent = tt("timer.chime");
    box.querySelector("input").checked = chimeOn();
  }
  // the host's likely next step first: start, stop waiting, play again; in the
  // lobby the seating order comes before the start (set it, then start)
  const HOST_FIRST = ["start", "rematch", "new_game", "close", "undo", "end", "seat_order", "reopen_seat", "kick"];
  const LOBBY_FIRST = ["seat_order", "start", "kick", "reopen_seat", "undo"];
  function hostOrder(view) {
    const first = view.status === "lobby" ? LOBBY_FIRST : HOST_FIRST;
    const rank = (type) => { const i = first.indexOf(type); return i < 0 ? first.length : i; };
    return view.actions.map((tpl, i) => [rank(tpl.type), i, tpl]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
  }
  /* --- the next game: any game, every option, through the lobby ----------- */
  let gameList = null, nextDrawn = null;
  async function drawNextGame(view) {
    const box = $("next-game-box"), form = $("next-game");
    const offered = view.actions.some((a) => a.type === "new_game");
    // during a game the host may end it (issue #45: "Another game" was simply
    // missing then, and nothing said why): the box says so and points at the button
    const running = !offered && view.status === "playing" && view.actions.some((a) => a.type === "end");
    box.hidden = !offered && !running;
    const key = (offered || running) && [view.status, view.game, view.game_no, page.lang].join("|");
    if (!(offered || running) || nextDrawn === key) return;   // a half-made choice survives views that change nothing
    nextDrawn = key;
    if (running) {
      $("next-game-title").textContent = K.t("page.next_game_other");
      form.onsubmit = (e) => e.preventDefault();
      form.innerHTML = `<p class="tb-next-running">${esc(K.t("page.next_game_running", {end: K.t("action.end")}))}</p>`;
      return;
    }
    box.open = view.status === "finished";
    $("next-game-title").textContent = K.t(view.status === "finished" ? "page.next_game_title" : "page.next_game_other");
    if (!gameList) {
      try { gameList = (await (await fetch(`/api/games?lang=${page.lang}`)).json()).games; } catch (e) { return; }
    }
    let chosen = view.game;
    const draw = () => {
      const game = withExplain(gameList.find((g) => g.name === chosen), view);
      form.innerHTML = `<div class="choices">` + gameList.map((g) =>
        `<button type="button" class="choice${g.name === chosen ? " on" : ""}" data-game="${esc(g.name)}">${esc(g.title)}</button>`).join("") +
        `</div><div class="next-options">${K.optionInputs(game, chosen === view.game ? view.options : null)}</div>` +
        `<button type="submit" class="primary big">${esc(K.t("page.next_game_go", {game: game.title}))}</button>`;
      form.querySelectorAll("button[data-game]").forEach((b) => { b.onclick = () => { chosen = b.dataset.game; draw(); }; });
    };
    draw();
    form.onsubmit = async (e) => {
      e.preventDefault();
      const game = withExplain(gameList.find((g) => g.name === chosen), view), options = K.readOptionInputs(form, game);
      const words = K.optionWords(game, options);
      const question = K.t(words ? "page.confirm_next_game" : "page.confirm_next_game_plain", {game: game.title, options: words});
      if (await K.confirmDialog(question, K.t("action.new_game"))) send({type: "new_game", game: chosen, options});
    };
  }

  /* The room's own option beside the game's, as on the create page (issue
     #40: the next game lost it): explain each step, ticked for a kind of
     game this evening has not finished yet (the server's default). */
  function withExplain(game, view) {
    const played = (view.evening.games || []).some((g) => g.game === game.name);
    const explain = {name: "explain", kind: "bool", default: !played,
      label: K.t("option.explain"), help: K.t("option.explain.help")};
    return Object.assign({}, game, {options: game.options.concat([explain])});
  }

  /* A one-time seat link goes away once used (the seat's phone is back) or
     when the next game begins: an old code must not linger in the panel. */
  let claimFor = null, claimGame = null;
  function dropUsedClaim(view) {
    const back = claimFor !== null && view.seats.some((s) => s.seat === claimFor && s.connected);
    if (back || (claimGame !== null && claimGame !== view.game_no)) { $("claim").hidden = true; claimFor = null; }
    claimGame = view.game_no;
  }

  async function send(action) {
    const answer = await conn.send(action);
    if (answer.ok && answer.result && answer.result.claim) {
      const url = `${$("join-url").textContent}?claim=${encodeURIComponent(answer.result.claim)}`;
      const name = K.ui(answer.view || lastView).name(answer.result.seat);   // a patched page: no view in the answer
      $("claim").hidden = false;
      claimFor = answer.result.seat;
      $("claim-text").textContent = K.t("page.join_link", {name});
      $("claim-qr").src = `/api/rooms/${page.code}/qr.svg?claim=${encodeURIComponent(answer.result.claim)}`;
      $("claim-url").textContent = url;
    }
    return answer;
  }

  /* --- every view ------------------------------------------------------------- */
  let prev = null, lastView = null, conn;
  function onView(view) {
    if (lastView && view.version < lastView.version) return;
    lastView = view;
    if (view.skip) skipSkew = view.skip.server_now - Date.now() / 1000;
    const u = K.ui(view);
    document.body.dataset.status = view.status;
    document.body.dataset.game = view.game;
    if (view.status !== "playing" && view.status !== "finished") joinShown = false;
    const waiting = drawHeadline(view, u);
    drawExplain(view);
    drawSeats(view, waiting);
    drawGame(view, u);
    drawJoin(view);
    const h = scoreHistory(view);
    drawFinal(view, u, h);
    drawEvening(view, u);
    drawHost(view);
    K.timer.table(view, {send});
    // the headline's height (it wraps, the timer joins it): the host's tools open below it in play
    document.body.style.setProperty("--tb-top", document.querySelector(".tb-top").offsetHeight + "px");
    drawRunning(view, u, h);
    dropUsedClaim(view);
    if (view.status === "lobby" || (prev && prev.game_no !== view.game_no)) silence();
    announce(decisive(view, prev, u), view, prev);
    drawLog(view);
    fitBoard(view);
    document.body.dataset.version = view.version;   // what is drawn (tests wait for it)
    prev = view;
    K.keepAwake(view.status === "playing");
  }
  conn = K.connect(hostToken, onView, (error) => showError(error.message));
  // for tests and the curious: the screen's own state
  K.table = {announce: (text, tone) => announce([{text, tone}], lastView, null), openRules, closeRules,
    showJoin: setJoinShown, clear: silence};
})();
