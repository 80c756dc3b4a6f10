/* Texts: escaping, the page's and the games' texts (a next game's are
   fetched and its renderer loaded), the words for actions, fields and
   values, and ``ui``, what a game renderer draws with.  The shared page
   API is split by job into plain scripts (no build step) that add their
   functions to Companion and reach each other's through it when called. */
(function () {
  "use strict";
  const K = window.Companion;
  const page = K.page;   // this page's settings (static/config.js)
  // game -> {texts, seat_fields}: the room's game comes with the page, others are fetched
  const gameTexts = Object.assign({}, page.game_texts || {});
  const gameScripts = page.game_scripts || {};   // game -> its scripts' versioned URLs
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
  const missing = K.missingTexts = new Set();
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
    if (!K.games[game] && gameScripts[game]) waits.push(loadScript(game));
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
    if (answer.ok || !gameTexts[game]) gameTexts[game] = answer.ok ? await answer.json() : {texts: {}, seat_fields: []};
  }
  /* Texts a game leaves off the phone page until a renderer asks (its
     text-keys.json's ``later``, sent as the starts of those keys: What the
     Rule?!'s deck sentences, its rule builder's words).  needTexts(game)
     fetches the game's whole texts once and draws again when they are
     here; it says whether they are.  A ``later`` key looked up before that
     reads "…" and asks, never the key. */
  function needTexts(game) {
    const g = gameTexts[game];
    if (!g || !g.later) return true;
    g.asked = g.asked || loadTexts(game).then(() => K.redraw && K.redraw(), () => { g.asked = null; });
    return false;
  }
  /* A part of a game's renderer (static/games/<game>.<part>.js) that it
     loads only when it needs it; the page draws again once it is there. */
  const gameParts = page.game_parts || {};
  const partLoads = new Set();
  function loadOnce(src) {
    if (!src || partLoads.has(src)) return;
    partLoads.add(src);
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => { if (K.redraw) K.redraw(); };
    document.head.appendChild(script);
  }
  function needPart(game, part) { loadOnce((gameParts[game] || {})[part]); }
  /* The platform's own later scripts (page.parts: the phone's timer). */
  function needScript(name) { loadOnce((page.parts || {})[name]); }
  const scriptLoads = {};   // game -> the promise of its <script>s (loaded once)
  function loadScript(game) {
    if (!scriptLoads[game]) {
      scriptLoads[game] = Promise.all([].concat(gameScripts[game]).map((src) => new Promise((resolve) => {
        const script = document.createElement("script");
        script.src = src;
        script.onload = script.onerror = () => resolve();   // no renderer: the generic view
        document.head.appendChild(script);
      })));
    }
    return scriptLoads[game];
  }
  function gt(game, key, params) {
    const g = gameTexts[game];
    if (g && g.texts[key] != null) return format(g.texts[key], params);
    if (page.texts[key] != null) return t(key, params);
    if (g && g.later && g.later.some((k) => key.startsWith(k))) return needTexts(game) || "…";
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
      secret: K.secretBox,
    };
  }

  /* --- labels of actions, fields and values -------------------------------- */
  function valueLabel(view, field, value) {
    const renderer = K.games[view.game];
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

  // quote: for forms.js's confirm sentences
  Object.assign(K, {esc, t, gt, ui, loadGame, needPart, needScript, needTexts, valueLabel, fieldLabel, actionLabel, quote});
})();
