/* What the Rule?! renderer: the table (rows of cards drawn as SVG, hands,
   draw pile, guesses, hints, scores, the rule at round end) and the phone
   (the rule builder, the rule read back in words before it is sent, the
   cards being judged or shown).  Plain JavaScript, no build step.

   The rule language is parsed here only to show a rule in words; the
   server parses again and is the judge (companion/games/what_the_rule/
   language.py has the grammar this mirrors). */
(function () {
  "use strict";
  var K = typeof Companion !== "undefined" ? Companion : (window.Companion = window.Companion || {});
  K.games = K.games || {};

  /* --- cards ------------------------------------------------------------- */
  var SPOTS = {
    1: [[30, 45]],
    2: [[30, 27], [30, 63]],
    3: [[30, 19], [30, 45], [30, 71]],
    4: [[18, 30], [42, 30], [18, 60], [42, 60]],
    5: [[18, 22], [42, 22], [30, 45], [18, 68], [42, 68]],
    6: [[18, 22], [42, 22], [18, 45], [42, 45], [18, 68], [42, 68]],
  };

  function parseCode(code) {
    var p = String(code).split("-");
    return {shape: p[0], count: parseInt(p[1], 10), fill: p[2], color: p[3]};
  }

  function shapeSvg(shape, x, y, ink, filled, r) {
    var paint = filled ? 'fill="' + ink + '" stroke="' + ink + '" stroke-width="1.5"'
      : 'fill="none" stroke="' + ink + '" stroke-width="2.6"';
    if (shape === "circle") return '<circle cx="' + x + '" cy="' + y + '" r="' + (r - 0.5) + '" ' + paint + "/>";
    if (shape === "square") {
      var s = r * 1.62;
      return '<rect x="' + (x - s / 2) + '" y="' + (y - s / 2) + '" width="' + s + '" height="' + s + '" ' + paint + "/>";
    }
    var h = r * 1.1;
    return '<polygon points="' + x + "," + (y - h) + " " + (x + r * 1.1) + "," + (y + h * 0.8) + " " +
      (x - r * 1.1) + "," + (y + h * 0.8) + '" ' + paint + ' stroke-linejoin="round"/>';
  }

  /* A card as it lies on the table; ``cls`` sizes it (wtr-big, wtr-mid,
     wtr-small).  The title names it for screen readers and on hover. */
  function cardSvg(ui, code, cls) {
    var c = parseCode(code);
    var dark = c.color === "black";
    var ink = dark ? "#f4f1ea" : "#1d2b36";
    var r = c.count <= 2 ? 9.5 : c.count <= 4 ? 8.5 : 7.5;
    var spots = SPOTS[c.count] || [];
    var body = spots.map(function (p) { return shapeSvg(c.shape, p[0], p[1], ink, c.fill === "filled", r); }).join("");
    return '<svg class="wtr-card ' + (cls || "") + '" viewBox="0 0 60 90" role="img" aria-label="' +
      ui.esc(ui.t("value." + code)) + '"><title>' + ui.esc(ui.t("value." + code)) + "</title>" +
      '<rect x="1.5" y="1.5" width="57" height="87" rx="7" fill="' + (dark ? "#1b1b1b" : "#ffffff") +
      '" stroke="' + (dark ? "#000" : "#8a8174") + '" stroke-width="2"/>' + body + "</svg>";
  }

  function backSvg(cls) {
    return '<svg class="wtr-card ' + (cls || "") + '" viewBox="0 0 60 90" aria-hidden="true">' +
      '<rect x="1.5" y="1.5" width="57" height="87" rx="7" fill="#31485a" stroke="#1d2b36" stroke-width="2"/>' +
      '<text x="30" y="56" text-anchor="middle" font-size="30" font-weight="700" fill="#f4f1ea">?</text></svg>';
  }

  /* --- the rule language, read for showing it in words ------------------ */
  function table(pairs) {
    var out = {};
    Object.keys(pairs).forEach(function (k) { out[k.normalize("NFC").toLowerCase()] = pairs[k]; });
    return out;
  }
  var ATTR = table({shape: "shape", form: "shape", count: "count", number: "count", anzahl: "count",
    fill: "fill", "füllung": "fill", fuellung: "fill", color: "color", colour: "color", farbe: "color"});
  var TYPE = {shape: "shape", count: "number", fill: "fill", color: "color"};
  var VALUE = table({circle: ["shape", "circle"], kreis: ["shape", "circle"],
    triangle: ["shape", "triangle"], dreieck: ["shape", "triangle"],
    square: ["shape", "square"], quadrat: ["shape", "square"],
    filled: ["fill", "filled"], "ausgefüllt": ["fill", "filled"], ausgefuellt: ["fill", "filled"],
    empty: ["fill", "empty"], "unausgefüllt": ["fill", "empty"], unausgefuellt: ["fill", "empty"],
    leer: ["fill", "empty"], white: ["color", "white"], "weiß": ["color", "white"],
    weiss: ["color", "white"], black: ["color", "black"], schwarz: ["color", "black"]});
  var PREV = table({prev: 1, previous: 1, vorher: 1});
  var NONE = table({none: 1, keine: 1, nichts: 1});
  var AND = table({and: 1, und: 1}), OR = table({or: 1, oder: 1}), NOT = table({not: 1, nicht: 1});
  var CMP = {"==": "==", "=": "==", "!=": "!=", "≠": "!=", "<>": "!=", "<": "<", "<=": "<=",
    "≤": "<=", ">": ">", ">=": ">=", "≥": ">="};
  var TOKEN = /\s*(?:(\d+)|([A-Za-z_\u00c0-\u024f][\w\u00c0-\u024f]*)|(==|!=|<=|>=|<>|[<>=≠≤≥+\-−%()[\],.]))/y;

  function Fail(at) { this.at = at; }

  function tokenize(text) {
    var out = [], pos = 0, m;
    while (true) {
      while (pos < text.length && /\s/.test(text[pos])) pos++;
      if (pos >= text.length) { out.push({k: "end", at: pos + 1}); return out; }
      TOKEN.lastIndex = pos;
      m = TOKEN.exec(text);
      if (!m) throw new Fail(pos + 1);
      var at = m.index + m[0].length - (m[1] || m[2] || m[3]).length + 1;
      if (m[1] !== undefined) out.push({k: "num", v: parseInt(m[1], 10), at: at});
      else if (m[2] !== undefined) out.push({k: "name", v: m[2].toLowerCase(), at: at});
      else out.push({k: "op", v: m[3], at: at});
      pos = TOKEN.lastIndex;
    }
  }

  /* The rule as a tree (the shape of language.py's), or {error: at}. */
  function parseRule(text) {
    var toks, i = 0, depth = 0;
    try { toks = tokenize(String(text || "").normalize("NFC")); } catch (e) { return {error: e.at}; }
    function peek(a) { return toks[Math.min(i + (a || 0), toks.length - 1)]; }
    function take() { var t = peek(); i++; return t; }
    function isWord(w, a) { var t = peek(a); return t.k === "name" && w[t.v] !== undefined; }
    function isOp() { var t = peek(); return t.k === "op" && Array.prototype.indexOf.call(arguments, t.v) >= 0; }
    function fail(t) { throw new Fail((t || peek()).at); }
    function deeper() { if (++depth > 20) fail(); }
    function cond(x) { if (x.t !== "bool") fail({at: x.at}); }
    function orx() {
      var items = [andx()];
      while (isWord(OR)) { take(); items.push(andx()); }
      if (items.length === 1) return items[0];
      items.forEach(cond);
      return {n: ["or", items.map(function (x) { return x.n; })], t: "bool", at: items[0].at};
    }
    function andx() {
      var items = [notx()];
      while (isWord(AND)) { take(); items.push(notx()); }
      if (items.length === 1) return items[0];
      items.forEach(cond);
      return {n: ["and", items.map(function (x) { return x.n; })], t: "bool", at: items[0].at};
    }
    function notx() {
      if (isWord(NOT)) { var t = take(); deeper(); var x = notx(); depth--; cond(x); return {n: ["not", x.n], t: "bool", at: t.at}; }
      return cmpx();
    }
    function cmpx() {
      var left = sum(), first = left.at;
      if (peek().k === "op" && CMP[peek().v]) {
        var pairs = [];
        while (peek().k === "op" && CMP[peek().v]) {
          var op = CMP[take().v], right = sum();
          if (left.t === "bool" || right.t === "bool") fail();
          pairs.push(["cmp", op, left.n, right.n]);
          left = right;
        }
        return {n: pairs.length === 1 ? pairs[0] : ["and", pairs], t: "bool", at: first};
      }
      var neg = false;
      if (isWord(NOT) && peek(1).k === "name" && peek(1).v === "in") { take(); neg = true; }
      if (peek().k === "name" && peek().v === "in") {
        take();
        if (!isOp("[")) fail();
        take();
        var values = [];
        while (true) {
          var t = take(), sign = 1;
          if (t.k === "op" && (t.v === "-" || t.v === "−") && peek().k === "num") { sign = -1; t = take(); }
          if (t.k === "num") values.push(sign * t.v);
          else if (t.k === "name" && VALUE[t.v]) values.push(VALUE[t.v][1]);
          else if (t.k === "name" && NONE[t.v]) values.push(null);
          else fail(t);
          t = take();
          if (t.k === "op" && t.v === "]") break;
          if (!(t.k === "op" && t.v === ",")) fail(t);
        }
        return {n: ["in", neg, left.n, values], t: "bool", at: left.at};
      }
      return left;
    }
    function sum() {
      var left = term();
      while (isOp("+", "-", "−")) {
        var op = take().v === "+" ? "add" : "sub", right = term();
        left = {n: [op, left.n, right.n], t: "number", at: left.at};
      }
      return left;
    }
    function term() {
      var left = unary();
      while (isOp("%")) {
        take();
        var t = take();
        if (t.k !== "num" || t.v < 1 || t.v > 144) fail(t);
        left = {n: ["mod", left.n, t.v], t: "number", at: left.at};
      }
      return left;
    }
    function unary() {
      if (isOp("-", "−")) {
        var t = take(); deeper(); var x = unary(); depth--;
        return {n: x.n[0] === "num" ? ["num", -x.n[1]] : ["neg", x.n], t: "number", at: t.at};
      }
      return atom();
    }
    function atom() {
      var t = take();
      if (t.k === "num") return {n: ["num", t.v], t: "number", at: t.at};
      if (t.k === "op" && t.v === "(") {
        deeper(); var inner = orx(); depth--;
        if (!isOp(")")) fail();
        take();
        return inner;
      }
      if (t.k !== "name") fail(t);
      if (ATTR[t.v]) return {n: ["attr", ATTR[t.v]], t: TYPE[ATTR[t.v]], at: t.at};
      if (PREV[t.v]) {
        if (!isOp(".")) return {n: ["prev"], t: "card", at: t.at};
        take();
        var f = take();
        if (f.k !== "name" || !ATTR[f.v]) fail(f);
        return {n: ["prev_attr", ATTR[f.v]], t: TYPE[ATTR[f.v]], at: t.at};
      }
      if (t.v === "n") return {n: ["n"], t: "number", at: t.at};
      if (VALUE[t.v]) return {n: ["val", VALUE[t.v][0], VALUE[t.v][1]], t: VALUE[t.v][0], at: t.at};
      if (NONE[t.v]) return {n: ["none"], t: "none", at: t.at};
      fail(t);
    }
    try {
      var whole = orx();
      if (peek().k !== "end") fail();
      cond(whole);
      return {tree: whole.n};
    } catch (e) {
      if (e instanceof Fail) return {error: e.at};
      throw e;
    }
  }

  /* --- a rule in words ------------------------------------------------- */
  var OP_WORD = {"==": "is", "!=": "is_not", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"};

  function term(ui, node) {
    switch (node[0]) {
      case "attr": return ui.t("words.attr_" + node[1]);
      case "prev_attr": return ui.t("words.prev_" + node[1]);
      case "prev": return ui.t("words.prev");
      case "n": return ui.t("words.n");
      case "num": return String(node[1]);
      case "val": return ui.t("value." + node[2]);
      case "none": return ui.t("words.none");
      case "add": return ui.t("words.plus", {a: term(ui, node[1]), b: term(ui, node[2])});
      case "sub": return ui.t("words.minus", {a: term(ui, node[1]), b: term(ui, node[2])});
      case "mod": return ui.t("words.mod", {a: term(ui, node[1]), k: node[2]});
      case "neg": return ui.t("words.neg", {a: term(ui, node[1])});
    }
    return "?";
  }
  var FLIP = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"};
  function mentionsPrev(node) {
    if (!Array.isArray(node)) return false;
    if (node[0] === "prev" || node[0] === "prev_attr" || node[0] === "none") return true;
    return node.slice(1).some(mentionsPrev);
  }
  function literal(ui, v) {
    if (v === null) return ui.t("words.none");
    return typeof v === "number" ? String(v) : ui.t("value." + v);
  }
  function clause(ui, node) {
    switch (node[0]) {
      case "or": return node[1].map(function (x) { return wrap(ui, x, "and"); }).join(ui.t("words.or"));
      case "and": return node[1].map(function (x) { return wrap(ui, x, "or"); }).join(ui.t("words.and"));
      case "not":
        var inner = node[1];
        // "not (the colour is black)" reads better as "the colour is not black"
        if (inner[0] === "cmp" && (inner[1] === "==" || inner[1] === "!=")) {
          return clause(ui, ["cmp", inner[1] === "==" ? "!=" : "==", inner[2], inner[3]]);
        }
        if (inner[0] === "in") return clause(ui, ["in", !inner[1], inner[2], inner[3]]);
        // "not (the count is more than 3)" is "the count is at most 3" (not with the card
        // before: a comparison with a missing card is false either way)
        if (inner[0] === "cmp" && FLIP[inner[1]] && !mentionsPrev(inner[2]) && !mentionsPrev(inner[3])) {
          return clause(ui, ["cmp", FLIP[inner[1]], inner[2], inner[3]]);
        }
        return ui.t("words.not", {a: clause(ui, inner)});
      case "in":
        return ui.t(node[1] ? "words.not_in" : "words.in", {a: term(ui, node[2]),
          list: node[3].map(function (v) { return literal(ui, v); }).join(ui.t("words.list_or"))});
      case "cmp":
        var l = node[2], r = node[3];
        if (l[0] === "prev" && r[0] === "none") return ui.t(node[1] === "==" ? "words.first" : "words.not_first");
        if (r[0] === "prev" && l[0] === "none") return ui.t(node[1] === "==" ? "words.first" : "words.not_first");
        return ui.t("words." + OP_WORD[node[1]], {a: term(ui, l), b: term(ui, r)});
    }
    return term(ui, node);
  }
  /* a part joined by the other connective gets brackets: "a and (b or c)" */
  function wrap(ui, node, other) {
    var text = clause(ui, node);
    return node[0] === other ? "(" + text + ")" : text;
  }
  /* HTML: "A card fits when" and the alternatives as a list. */
  function ruleWords(ui, text) {
    var parsed = parseRule(text);
    if (parsed.error) return '<p class="wtr-unread">' + ui.esc(ui.t("ui.rule_unreadable", {at: parsed.error})) + "</p>";
    var tree = parsed.tree;
    var parts = tree[0] === "or" ? tree[1] : [tree];
    var head = ui.esc(ui.t(parts.length > 1 ? "words.fits_when_any" : "words.fits_when"));
    return '<div class="wtr-words">' + head + '<ul class="wtr-alts">' + parts.map(function (p) {
      return "<li>" + ui.esc(clause(ui, p)) + "</li>";
    }).join("") + "</ul></div>";
  }

  /* --- shared bits --------------------------------------------------------- */
  var STYLE =
    ".wtr{line-height:1.35}.wtr h3{margin:.6em 0 .3em}" +
    ".wtr-card{display:block;flex:none;filter:drop-shadow(0 1px 1.5px rgba(0,0,0,.25))}" +
    ".wtr-big{width:76px;height:114px}.wtr-mid{width:60px;height:90px}.wtr-small{width:44px;height:66px}" +
    ".wtr-tiny{width:30px;height:45px}" +
    ".wtr-head{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:baseline;font-weight:600}" +
    ".wtr-chip{display:inline-block;padding:.1em .6em;border-radius:999px;background:#e9e4da;font-weight:600}" +
    ".wtr-chip.app{background:#d9ecf2}.wtr-chip.gm{background:#f3e3c8}" +
    ".wtr-rows{display:flex;flex-wrap:wrap;gap:.9em .6em;padding:.5em .2em 1em;align-items:flex-start}" +
    ".wtr-col{display:flex;flex-direction:column;align-items:center;gap:.3em;min-width:64px}" +
    ".wtr-col .wtr-n{font-size:.8em;color:#6b7780;font-weight:700}" +
    ".wtr-slot{width:60px;height:90px;border:2px dashed #b9b0a2;border-radius:8px;box-sizing:border-box}" +
    ".wtr-slot-wtr-big{width:76px;height:114px}" +
    ".wtr-under{display:grid;grid-template-columns:repeat(2,auto);gap:4px;justify-content:center;" +
    "padding-top:.3em;border-top:2px dotted #b9b0a2}" +
    ".wtr-under .wtr-card{filter:none}" +
    ".wtr-mid+.wtr-under .wtr-card,.wtr-slot-wtr-mid+.wtr-under .wtr-card{width:29px;height:44px}" +
    ".wtr-line{border-top:3px solid #2e7d32;margin:.2em 0 .1em}" +
    ".wtr-players{display:flex;flex-wrap:wrap;gap:.5em;margin:.5em 0}" +
    ".wtr-player{display:flex;align-items:center;gap:.5em;padding:.35em .7em;border-radius:12px;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.08)}" +
    ".wtr-player.on{outline:3px solid #e0a800;background:#fff3c4}" +
    ".wtr-player .wtr-hand{font-weight:800;font-size:1.2em}" +
    ".wtr-pile{background:#e9e4da;box-shadow:none;font-weight:700}" +
    ".wtr-stack{display:flex;align-items:center;gap:.4em}" +
    ".wtr-pending{display:flex;gap:.8em;align-items:center;padding:.6em;border-radius:14px;background:#fff;margin:.5em 0;flex-wrap:wrap}" +
    ".wtr-cards{display:flex;flex-wrap:wrap;gap:.35em}" +
    ".wtr-guesses{list-style:none;padding:0;margin:.3em 0}" +
    ".wtr-guesses li{padding:.35em .5em;border-radius:10px;margin:.25em 0;background:#fff}" +
    ".wtr-guesses li.right{background:#d8efd9}.wtr-guesses li.wrong{background:#f6dede}" +
    ".wtr-guesses code,.wtr-rule code{font-family:ui-monospace,monospace;font-size:.95em}" +
    ".wtr-words{font-size:.95em}.wtr-alts{margin:.2em 0 .2em 1.2em;padding:0}" +
    ".wtr-rule{border:3px solid #1f6f8b;border-radius:14px;padding:.6em .9em;margin:.6em 0;background:#fff}" +
    ".wtr-rule .wtr-sentence{font-size:1.3em;font-weight:700}" +
    ".wtr-scores{border-collapse:collapse;margin:.3em 0}.wtr-scores td,.wtr-scores th{padding:.15em .7em;text-align:left}" +
    ".wtr-scores td.num{text-align:right;font-weight:700;font-variant-numeric:tabular-nums}" +
    ".wtr-hint{background:#fff3c4;border-radius:10px;padding:.4em .7em;margin:.3em 0}" +
    ".wtr-note{color:#6b7780}.wtr-unread{color:#b3261e;margin:.2em 0}" +
    ".wtr-builder .wtr-clause{display:grid;grid-template-columns:1fr 1fr auto;gap:.3em;margin:.5em 0;padding-top:.4em;border-top:1px solid #ddd5c7}" +
    ".wtr-builder .wtr-clause select:first-child{grid-column:1/-1}" +
    ".wtr-cols{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1.2em;align-items:start}" +
    ".wtr-builder select{padding:.4em;min-height:44px}" +
    ".wtr-builder .row{display:flex;gap:.5em;flex-wrap:wrap;align-items:center;margin:.4em 0}" +
    ".wtr-examples button{font-family:ui-monospace,monospace;font-size:.85em;min-height:36px;padding:.2em .6em}" +
    ".wtr-form-words{background:#eef5f7;border-radius:10px;padding:.4em .6em;margin:.3em 0}" +
    ".wtr-preview{display:flex;align-items:center;gap:.6em;margin:.3em 0}" +
    ".wtr-judged{border:3px solid #1f6f8b}.wtr-judged code{display:block;margin:.3em 0;font-size:1.1em}" +
    ".wtr-judged .wtr-sentence{font-size:1.2em;font-weight:700;margin:.2em 0}";
  if (K.adoptStyle) K.adoptStyle("what_the_rule", STYLE);

  /* The correct row, each place with the wrong cards laid under it (two
     small cards side by side, so every wrong card stays readable). */
  function rowsHtml(view, ui, cls, last, noteInRow) {
    var p = view.public, row = p.row || [], wrong = p.wrong || [[]];
    var from = last ? Math.max(0, row.length - last) : 0;
    var cols = [];
    for (var i = from; i <= row.length; i++) {
      var top = i < row.length ? cardSvg(ui, row[i], cls)
        : '<div class="wtr-slot wtr-slot-' + cls + '" title="' + ui.esc(ui.t("ui.next_place")) + '"></div>';
      var under = (wrong[i] || []).map(function (c) { return cardSvg(ui, c, "wtr-small"); }).join("");
      cols.push('<div class="wtr-col"><span class="wtr-n">' + (i + 1) + "</span>" + top +
        (under ? '<div class="wtr-under">' + under + "</div>" : "") + "</div>");
    }
    var more = from > 0 ? '<div class="wtr-note">' + ui.esc(ui.t("ui.earlier", {n: from})) + "</div>" : "";
    // the table: "+5 earlier" as the row's first place, not a line of its own
    if (noteInRow) return '<div class="wtr-rows">' + (more ? '<div class="wtr-col wtr-earlier">' + more + "</div>" : "") + cols.join("") + "</div>";
    return more + '<div class="wtr-rows">' + cols.join("") + "</div>";
  }

  function gmName(view, ui) {
    return view.public.master === "app" ? ui.t("ui.the_app") : (view.public.gm === null ? "—" : ui.name(view.public.gm));
  }

  function ruleKindChip(view, ui) {
    var r = view.public.rule;
    if (!r) return "";
    var key = r.kind === "deck" ? "ui.kind_deck" : r.kind === "expr" ? "ui.kind_expr" : "ui.kind_text";
    return '<span class="wtr-chip ' + (r.judge === "app" ? "app" : "gm") + '">' +
      ui.esc(ui.t(key, {level: r.level})) + "</span>";
  }

  function header(view, ui) {
    var p = view.public;
    var bits = ['<span>' + ui.esc(ui.t("ui.round", {round: p.round, rounds: p.rounds})) + "</span>",
      p.master === "app" || p.gm !== null ? '<span>' + ui.esc(ui.t("ui.gm", {gm: gmName(view, ui)})) + "</span>" : "",
      ruleKindChip(view, ui)];
    return '<div class="wtr-head">' + bits.join("") + "</div>";
  }

  function playersHtml(view, ui) {
    var p = view.public;
    if (!p.players || !p.players.length || p.phase === "rule" || p.phase === "over") return "";
    return '<div class="wtr-players">' + p.players.map(function (s) {
      var n = p.hands[String(s)];
      return '<div class="wtr-player' + (s === p.turn ? " on" : "") + '">' + backSvg("wtr-tiny") +
        "<span>" + ui.esc(ui.name(s)) + '</span><span class="wtr-hand" title="' +
        ui.esc(ui.t("ui.cards_in_hand")) + '">' + n + "</span></div>";
    }).join("") + pileHtml(view, ui) + "</div>";
  }

  function pileHtml(view, ui) {
    return '<div class="wtr-player wtr-pile">' + backSvg("wtr-tiny") + "<span>" +
      ui.esc(ui.t("ui.pile", {pile: view.public.pile})) + "</span></div>";
  }

  function guessesHtml(view, ui, newest) {
    var all = view.public.guesses || [];
    // a large table shows the guess being judged only above (in the pending box)
    if (newest && view.public.phase === "judge_guess" && all.length && all[all.length - 1].right === null) all = all.slice(0, -1);
    if (!all.length) return "";
    var list = newest ? all.slice(-newest) : all, earlier = all.length - list.length;
    return "<h3>" + ui.esc(ui.t("ui.guesses")) + (earlier ? ' <span class="wtr-note">' + ui.esc(ui.t("ui.earlier", {n: earlier})) +
      "</span>" : "") + '</h3><ol class="wtr-guesses">' + list.map(function (g) {
      var cls = g.right === true ? "right" : g.right === false ? "wrong" : "";
      var verdict = g.right === true ? ui.t(g.overruled ? "ui.right_overruled" : "ui.right")
        : g.right === false ? ui.t("ui.wrong") : ui.t("ui.judging");
      var what = g.rule !== undefined ? "<code>" + ui.esc(g.rule) + "</code>" : ui.esc(ui.t("ui.quoted", {text: g.text}));
      return '<li class="' + cls + '"><b>' + ui.esc(ui.name(g.seat)) + "</b>: " + what + " — " + ui.esc(verdict) + "</li>";
    }).join("") + "</ol>";
  }

  function hintsHtml(view, ui) {
    var h = view.public.hints;
    if (!h || view.public.master === "app") return "";
    var out = "";
    if (h.vote) out += '<div class="wtr-hint">' + ui.esc(ui.t("ui.hint_vote", {names: h.vote.map(ui.name).join(", ")})) + "</div>";
    if (h.announced) out += '<div class="wtr-hint">' + ui.esc(ui.t("ui.hint_announced", {gm: gmName(view, ui)})) + "</div>";
    if (h.on) {
      out += '<div class="wtr-note">' + ui.esc(ui.t("ui.hints_on", {n: h.given.length})) + "</div>";
      h.given.forEach(function (text) {
        if (text) out += '<div class="wtr-hint">' + ui.esc(ui.t("ui.quoted", {text: text})) + "</div>";
      });
    }
    return out;
  }

  function pendingHtml(view, ui, cls) {
    var p = view.public, pend = p.pending;
    var g = (p.guesses || [])[(p.guesses || []).length - 1];
    if (p.phase === "judge_guess" && g && g.right === null) {
      // the guess being judged, near the top: the game master reads it without scrolling
      var what = g.rule !== undefined ? "<code>" + ui.esc(g.rule) + "</code>" + ruleWords(ui, g.rule)
        : '<div class="wtr-sentence">' + ui.esc(ui.t("ui.quoted", {text: g.text})) + "</div>";
      return '<div class="wtr-pending wtr-judged"><div><b>' + ui.esc(ui.t("ui.guessing", {name: ui.name(g.seat)})) +
        "</b>" + what + ui.esc(ui.t("ui.gm_judges", {gm: gmName(view, ui)})) + "</div></div>";
    }
    if (!pend) return "";
    if (pend.card) {
      return '<div class="wtr-pending">' + cardSvg(ui, pend.card, cls || "wtr-big") + "<div><b>" +
        ui.esc(ui.t("ui.played", {name: ui.name(p.turn)})) + "</b><br>" +
        ui.esc(ui.t("ui.gm_judges", {gm: gmName(view, ui)})) + "</div></div>";
    }
    var shown = pend.cards.map(function (c) { return cardSvg(ui, c, "wtr-small"); }).join("");
    return '<div class="wtr-pending"><div><b>' + ui.esc(ui.t("ui.showing", {name: ui.name(p.turn)})) + "</b> " +
      ui.esc(ui.t("ui.shown_of", {k: pend.cards.length, n: pend.size})) + '</div><div class="wtr-cards">' + shown + "</div></div>";
  }

  function ruleReveal(view, ui, result) {
    var r = result.rule, body;
    if (r.kind === "text") body = '<div class="wtr-sentence">' + ui.esc(ui.t("ui.quoted", {text: r.text})) + "</div>";
    else if (r.kind === "deck") {
      body = '<div class="wtr-sentence">' + ui.esc(ui.t("value." + r.id)) + "</div><code>" + ui.esc(r.rule) + "</code>";
    } else body = "<code>" + ui.esc(r.rule) + "</code>" + ruleWords(ui, r.rule);
    var how = result.reason === "guessed" ? ui.t("ui.found_by", {name: ui.name(result.guesser)})
      : ui.t("ui.end_" + result.reason);
    var points = "";
    var keys = Object.keys(result.points || {});
    if (keys.length) {
      var rows = keys.map(function (s) { return [Number(s), result.points[s]]; });
      if (result.gm !== null && result.gm_points !== null) rows.push([result.gm, result.gm_points]);
      rows.sort(function (a, b) { return b[1] - a[1]; });
      points = '<table class="wtr-scores">' + rows.map(function (row) {
        var gm = row[0] === result.gm ? " (" + ui.t("ui.gm_short") + (result.halved ? ", " + ui.t("ui.halved") : "") + ")" : "";
        return "<tr><td>" + ui.esc(ui.name(row[0]) + gm) + '</td><td class="num">+' + row[1] + "</td></tr>";
      }).join("") + "</table>";
    }
    return '<div class="wtr-rule"><div class="wtr-note">' + ui.esc(ui.t("ui.round_over", {round: result.round})) +
      " · " + ui.esc(how) + "</div><h3>" + ui.esc(ui.t("ui.the_rule_was")) + "</h3>" + body + points + "</div>";
  }

  function scoresHtml(view, ui) {
    var p = view.public, table = p.scoring ? p.scores : p.found;
    var seats = view.seats.map(function (s) { return s.seat; }).sort(function (a, b) {
      return (table[String(b)] || 0) - (table[String(a)] || 0);
    });
    return "<h3>" + ui.esc(ui.t(p.scoring ? "ui.scores" : "ui.found")) + '</h3><table class="wtr-scores">' +
      seats.map(function (s) {
        return "<tr><td>" + ui.esc(ui.name(s)) + '</td><td class="num">' + (table[String(s)] || 0) + "</td></tr>";
      }).join("") + "</table>";
  }

  function stepText(view, ui) {
    var p = view.public, who = p.turn === null ? "" : ui.name(p.turn), gm = gmName(view, ui);
    switch (p.phase) {
      case "rule":
        if (p.master === "app") return ui.t("ui.step_draw", {round: p.round});
        return p.designated === null ? ui.t("ui.step_first_gm") : ui.t("ui.step_seal", {gm: ui.name(p.designated)});
      case "turn":
        if (p.hints.vote) return ui.t("ui.step_vote");
        if (p.hints.announced) return ui.t("ui.hint_announced", {gm: gm});
        return ui.t("ui.step_turn", {name: who});
      case "judge": return ui.t("ui.step_judge", {gm: gm});
      case "guess": return ui.t("ui.step_guess", {name: who});
      case "judge_guess": return ui.t("ui.step_judge_guess", {gm: gm});
      case "reveal": return ui.t("ui.step_reveal", {name: who});
      case "judge_reveal": return ui.t("ui.step_judge_reveal", {gm: gm});
    }
    return ui.t("ui.step_over");
  }

  /* --- the rule builder (phone) --------------------------------------------- */
  var builder = {clauses: [{subject: "color", op: "==", object: "white"}], join: "and", first: false};
  var SUBJECTS = ["shape", "count", "fill", "color", "n", "n2", "n3", "n6"];
  var MOD = {n2: 2, n3: 3, n6: 6};
  var OBJECTS = {
    shape: ["circle", "triangle", "square", "prev"], fill: ["filled", "empty", "prev"],
    color: ["white", "black", "prev"], count: [1, 2, 3, 4, 5, 6, "prev", "prev+1", "prev-1", "cycle"],
    n: [0, 1, 2, 3, 4, 5, 6, 8, 10, 12], n2: [0, 1], n3: [0, 1, 2], n6: [0, 1, 2, 3, 4, 5],
  };
  function numeric(subject) { return subject !== "shape" && subject !== "fill" && subject !== "color"; }
  function subjectExpr(s) { return MOD[s] ? "n % " + MOD[s] : s; }
  function objectExpr(subject, o) {
    if (o === "prev") return "prev." + subject;
    if (o === "prev+1") return "prev.count + 1";
    if (o === "prev-1") return "prev.count - 1";
    if (o === "cycle") return "prev.count % 6 + 1";
    return String(o);
  }
  function builtRule() {
    var parts = builder.clauses.map(function (c) {
      return subjectExpr(c.subject) + " " + c.op + " " + objectExpr(c.subject, c.object);
    });
    var body = parts.join(" " + builder.join + " ");
    if (!builder.first) return body;
    return "prev == none or " + (parts.length > 1 && builder.join === "or" ? body : parts.length > 1 ? "(" + body + ")" : body);
  }
  function subjectLabel(ui, s) {
    if (MOD[s]) return ui.t("words.mod", {a: ui.t("words.n"), k: MOD[s]});
    return ui.t(s === "n" ? "words.n" : "words.attr_" + s);
  }
  function objectLabel(ui, subject, o) {
    if (o === "prev") return ui.t("ui.b_prev");
    if (o === "prev+1") return ui.t("ui.b_prev_plus");
    if (o === "prev-1") return ui.t("ui.b_prev_minus");
    if (o === "cycle") return ui.t("ui.b_cycle");
    return typeof o === "number" ? String(o) : ui.t("value." + o);
  }
  function select(attrs, options, chosen) {
    return "<select " + attrs + ">" + options.map(function (o) {
      return '<option value="' + o[0] + '"' + (String(o[0]) === String(chosen) ? " selected" : "") + ">" + o[1] + "</option>";
    }).join("") + "</select>";
  }
  function builderHtml(view, ui, examples) {
    var rows = builder.clauses.map(function (c, i) {
      var ops = numeric(c.subject) ? ["==", "!=", "<", "<=", ">", ">="] : ["==", "!="];
      return '<div class="wtr-clause">' +
        select('data-wtr-i="' + i + '" data-wtr-k="subject" aria-label="' + ui.esc(ui.t("ui.b_subject")) + '"',
          SUBJECTS.map(function (s) { return [s, ui.esc(subjectLabel(ui, s))]; }), c.subject) +
        select('data-wtr-i="' + i + '" data-wtr-k="op" aria-label="' + ui.esc(ui.t("ui.b_op")) + '"',
          ops.map(function (o) { return [ui.esc(o), ui.esc(ui.t("ui.b_" + OP_WORD[o]))]; }), c.op) +
        select('data-wtr-i="' + i + '" data-wtr-k="object" aria-label="' + ui.esc(ui.t("ui.b_object")) + '"',
          OBJECTS[c.subject].map(function (o) { return [ui.esc(o), ui.esc(objectLabel(ui, c.subject, o))]; }), c.object) +
        (builder.clauses.length > 1 ? '<button type="button" class="mini" data-wtr-remove="' + i + '" aria-label="' +
          ui.esc(ui.t("ui.b_remove")) + '">×</button>' : "<span></span>") + "</div>";
    }).join("");
    var join = select('data-wtr-k="join" aria-label="' + ui.esc(ui.t("ui.b_join")) + '"',
      [["and", ui.esc(ui.t("ui.b_all"))], ["or", ui.esc(ui.t("ui.b_any"))]], builder.join);
    var ex = (examples || []).map(function (e) {
      return '<button type="button" class="secondary" data-wtr-example="' + ui.esc(e) + '">' + ui.esc(e) + "</button>";
    }).join(" ");
    return '<details class="card wtr-builder" data-wtr-builder' + (builderOpen ? " open" : "") + "><summary><b>" +
      ui.esc(ui.t("ui.b_title")) + "</b></summary>" +
      '<p class="wtr-note">' + ui.esc(ui.t("ui.b_help")) + "</p>" +
      '<div class="row">' + ui.esc(ui.t("ui.b_when")) + " " + join + "</div>" + rows +
      '<div class="row"><button type="button" class="secondary" data-wtr-add>' + ui.esc(ui.t("ui.b_add")) + "</button>" +
      '<label><input type="checkbox" data-wtr-first' + (builder.first ? " checked" : "") + "> " +
      ui.esc(ui.t("ui.b_first")) + "</label></div>" +
      '<div class="wtr-form-words"><code>' + ui.esc(builtRule()) + "</code>" + ruleWords(ui, builtRule()) + "</div>" +
      '<button type="button" class="primary" data-wtr-use>' + ui.esc(ui.t("ui.b_use")) + "</button>" +
      (ex ? '<p class="wtr-note">' + ui.esc(ui.t("ui.examples")) + '</p><div class="row wtr-examples">' + ex + "</div>" : "") +
      "</details>";
  }
  var builderOpen = false, lastUi = null;

  function ruleInput() {
    return document.querySelector('form[data-type="guess"] input[name="rule"], form[data-type="set_rule"] input[name="rule"]');
  }
  /* The rule typed or built so far, read back in words right under the
     field, before anything is sent. */
  function showWords(input) {
    if (!lastUi || !input) return;
    var box = input.parentNode.querySelector(".wtr-form-words");
    if (!box) {
      box = document.createElement("div");
      box.className = "wtr-form-words";
      input.parentNode.appendChild(box);
    }
    box.innerHTML = input.value.trim() ? ruleWords(lastUi, input.value) : '<span class="wtr-note">' +
      lastUi.esc(lastUi.t("ui.type_or_build")) + "</span>";
  }
  function useRule(text) {
    var input = ruleInput();
    if (!input) return;
    input.value = text;
    input.dispatchEvent(new Event("input", {bubbles: true}));
    showWords(input);
    input.scrollIntoView({block: "center", behavior: "smooth"});
  }
  function redrawBuilder() {
    var el = document.querySelector("[data-wtr-builder]");
    if (!el || !lastUi || !lastView) return;
    var wrap = document.createElement("div");
    wrap.innerHTML = builderHtml(lastView, lastUi, examplesOf(lastView));
    el.replaceWith(wrap.firstChild);
  }
  function examplesOf(view) {
    var out = null;
    (view.actions || []).forEach(function (a) {
      var f = a.fields && a.fields.rule;
      if (f && f.examples && !out) out = f.examples;
    });
    return out;
  }
  var lastView = null;

  if (typeof document !== "undefined") {
    document.addEventListener("change", function (e) {
      var t = e.target;
      if (!t.closest || !t.closest("[data-wtr-builder]")) return;
      if (t.hasAttribute("data-wtr-first")) builder.first = t.checked;
      var k = t.getAttribute("data-wtr-k"), i = Number(t.getAttribute("data-wtr-i"));
      if (k === "join") builder.join = t.value;
      else if (k) {
        var c = builder.clauses[i];
        c[k] = t.value;
        if (k === "subject") {
          c.op = "==";
          c.object = OBJECTS[c.subject][0];
        }
        if (k === "object") c.object = isNaN(Number(t.value)) ? t.value : Number(t.value);
        if (!numeric(c.subject) && ["==", "!="].indexOf(c.op) < 0) c.op = "==";
      }
      redrawBuilder();
    });
    document.addEventListener("click", function (e) {
      var t = e.target.closest && e.target.closest("[data-wtr-add],[data-wtr-remove],[data-wtr-use],[data-wtr-example]");
      if (!t) return;
      if (t.hasAttribute("data-wtr-add")) builder.clauses.push({subject: "shape", op: "==", object: "circle"});
      if (t.hasAttribute("data-wtr-remove")) builder.clauses.splice(Number(t.getAttribute("data-wtr-remove")), 1);
      if (t.hasAttribute("data-wtr-use")) { useRule(builtRule()); return; }
      if (t.hasAttribute("data-wtr-example")) { useRule(t.getAttribute("data-wtr-example")); return; }
      redrawBuilder();
    });
    document.addEventListener("toggle", function (e) {
      if (e.target.matches && e.target.matches("[data-wtr-builder]")) builderOpen = e.target.open;
    }, true);
    document.addEventListener("input", function (e) {
      if (e.target.name === "rule" && e.target.closest && e.target.closest('form[data-type="guess"],form[data-type="set_rule"]')) showWords(e.target);
    });
    // the generic forms are drawn after the game area: read a rule field
    // back in words as soon as it appears; show the card the pickers chose
    var watcher = new MutationObserver(function () {
      var input = ruleInput();
      if (input && !input.parentNode.querySelector(".wtr-form-words")) showWords(input);
      document.querySelectorAll('form[data-type="play"],form[data-type="reveal_card"]').forEach(cardPreview);
    });
    var start = function () { watcher.observe(document.body, {childList: true, subtree: true}); };
    if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
    document.addEventListener("click", function (e) {
      var form = e.target.closest && e.target.closest('form[data-type="play"],form[data-type="reveal_card"]');
      if (form) setTimeout(function () { cardPreview(form, true); }, 0);
    });
  }

  /* The card the four pickers describe, drawn above the send button. */
  function cardPreview(form, force) {
    if (!lastUi) return;
    var box = form.querySelector(".wtr-preview");
    if (box && !force) return;
    var rows = form.querySelectorAll(".field .choices");
    if (rows.length !== 4) return;
    var chosen = Array.prototype.map.call(rows, function (row) {
      var on = row.querySelector("button.on");
      return on ? JSON.parse(on.dataset.value) : null;
    });
    if (chosen.indexOf(null) >= 0) return;
    var code = chosen.join("-");
    if (!box) {
      box = document.createElement("div");
      box.className = "wtr-preview";
      var go = form.querySelector('button[type="submit"]');
      form.insertBefore(box, go);
    }
    box.innerHTML = cardSvg(lastUi, code, "wtr-mid") + "<span>" + lastUi.esc(lastUi.t("value." + code)) + "</span>";
  }

  /* --- the renderer ------------------------------------------------------------- */
  K.games.what_the_rule = {
    table: function (view, ui) {
      var p = view.public;
      var out = '<div class="wtr">' + header(view, ui);
      var last = (p.results || [])[p.results.length - 1];
      if ((p.phase === "rule" || p.phase === "over") && last) out += ruleReveal(view, ui, last);
      // a large table (issue #25): smaller cards, the row's last nine places,
      // the newest two guesses (the rest in the log) and no points table
      // (the seat list beside shows the same numbers), so all fits 1280x800
      var many = view.seats.length > 6;
      out += playersHtml(view, ui) + pendingHtml(view, ui, many ? "wtr-mid" : null);
      if (p.phase !== "rule" || last) {
        out += "<h3>" + ui.esc(ui.t("ui.row", {n: (p.row || []).length, played: p.played})) + "</h3>" +
          rowsHtml(view, ui, many ? "wtr-mid" : "wtr-big", many ? 9 : 0, true);
      }
      // (between rounds the rule box says who found it: a large table leaves the old guesses to the log)
      var guesses = many && (p.phase === "rule" || p.phase === "over") ? "" : guessesHtml(view, ui, many ? 2 : 0);
      out += '<div class="wtr-cols' + (many ? " wtr-many" : "") + '"><div>' + hintsHtml(view, ui) + guesses + "</div><div>" + (many ? "" : scoresHtml(view, ui)) + "</div></div>";
      return out + "</div>";
    },

    phone: function (view, ui) {
      var p = view.public, you = view.you || {};
      lastUi = ui; lastView = view;
      var out = '<div class="wtr">' + header(view, ui);
      if (you.gm && p.master === "seat" && p.phase !== "rule" && p.phase !== "over") {
        out += '<p class="wtr-note">' + ui.esc(ui.t("ui.you_gm")) + "</p>";
      }
      if (p.phase !== "rule" && p.phase !== "over") {
        var mine = you.player && typeof you.hand === "number" ? '<div class="wtr-player">' + backSvg("wtr-tiny") + "<b>" +
          ui.esc(ui.t("ui.your_hand", {n: you.hand})) + "</b></div>" : "";
        out += '<div class="wtr-players">' + mine + pileHtml(view, ui) + "</div>";
      }
      var examples = examplesOf(view);
      if (examples) out += builderHtml(view, ui, examples);
      out += pendingHtml(view, ui, "wtr-mid");
      var last = (p.results || [])[p.results.length - 1];
      if ((p.phase === "rule" || p.phase === "over") && last) out += ruleReveal(view, ui, last);
      out += hintsHtml(view, ui);
      if ((p.row && p.row.length) || (p.wrong && p.wrong.some(function (w) { return w.length; }))) {
        out += "<h3>" + ui.esc(ui.t("ui.row", {n: p.row.length, played: p.played})) + "</h3>" + rowsHtml(view, ui, "wtr-mid", 3);
      }
      out += guessesHtml(view, ui);
      return out + "</div>";
    },

    /* The GM's secret box: the sealed rule, and in words. */
    secret: function (view, ui) {
      var s = view.you && view.you.secret;
      if (!s) return "";
      var out = '<div class="secret-item"><small>' + ui.esc(ui.t("field.secret_rule")) + "</small>";
      if (s.deck_rule) out += "<strong>" + ui.esc(ui.t("value." + s.deck_rule)) + "</strong>";
      if (view.public.rule && view.public.rule.kind !== "text") {
        out += "<code>" + ui.esc(s.secret_rule) + "</code>";
        if (!s.deck_rule) out += ruleWords(ui, s.secret_rule);
      } else {
        out += "<strong>" + ui.esc(ui.t("ui.quoted", {text: s.secret_rule})) + "</strong>";
      }
      return out + "</div>";
    },

    label: function (view, ui, field, value) {
      if (field === "level") return ui.t("ui.level_" + value);
      if (field === "agree") {
        var voting = view.public && view.public.hints && view.public.hints.vote;
        return ui.t(value ? (voting ? "ui.agree_yes" : "ui.propose") : "ui.agree_no");
      }
      return null;
    },

    /* The phone's line above the own move: while showing one's hand, how
       many of its cards are entered ("3 of 8 entered"), next to the form. */
    step: function (view, ui) {
      var p = view.public, pend = p.pending;
      var entering = view.actions.some(function (a) { return a.type === "reveal_card"; });
      if (!entering || !pend || !pend.cards) return "";
      return ui.t("ui.you_show", {k: pend.cards.length, n: pend.size});
    },

    headline: function (view, ui) {
      return {step: stepText(view, ui), waiting: view.public.waiting_for || []};
    },

    decisive: function (view, prev, ui) {
      var p = view.public, q = prev.public || {};
      var out = [];
      if (!q.results) return out;
      if (p.results.length > q.results.length) {
        var r = p.results[p.results.length - 1];
        out.push({tone: r.reason === "guessed" ? "good" : "news",
          text: r.reason === "guessed" ? ui.t("ui.found_by", {name: ui.name(r.guesser)}) : ui.t("ui.end_" + r.reason)});
        return out;
      }
      if (p.round !== q.round) return out;
      // a shown hand judged: say which way it went (the row may not change at all)
      if ((q.phase === "reveal" || q.phase === "judge_reveal") && p.phase !== q.phase && q.turn !== null) {
        var grew = (p.row || []).length > (q.row || []).length;
        out.push({tone: grew ? "good" : "news",
          text: ui.t(grew ? "ui.reveal_one_fits" : "ui.reveal_none_fits", {name: ui.name(q.turn)})});
        return out;
      }
      if ((p.row || []).length > (q.row || []).length) out.push({tone: "good", text: ui.t("ui.fits")});
      else if (p.played > q.played) out.push({tone: "bad", text: ui.t("ui.does_not_fit")});
      var g = p.guesses || [], h = q.guesses || [];
      if (g.length && (g.length > h.length || h[h.length - 1].right === null) && g[g.length - 1].right === false) {
        out.push({tone: "bad", text: ui.t("ui.wrong_guess", {name: ui.name(g[g.length - 1].seat)})});
      }
      return out;
    },
  };

  // for a test page or the console
  K.games.what_the_rule.parseRule = parseRule;
})();
