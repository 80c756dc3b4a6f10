/* What the Rule?! on the phone: the rule language read for showing a rule
   in words (the builder, what_the_rule.builder.js, loads when first opened).  Loaded beside what_the_rule.js (the
   renderer), which draws ``Companion.wtrRule.builderHtml(view, ui)`` and
   ``ruleWords(ui, text)``.  The server parses again and is the judge
   (companion/games/what_the_rule/language.py has the grammar this mirrors). */
(function () {
  "use strict";
  var K = typeof Companion !== "undefined" ? Companion : (window.Companion = window.Companion || {});

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
    weiss: ["color", "white"], black: ["color", "black"], schwarz: ["color", "black"],
    // plurals, as people say them ("only circles"), and the fill words of other games
    circles: ["shape", "circle"], kreise: ["shape", "circle"], triangles: ["shape", "triangle"],
    dreiecke: ["shape", "triangle"], squares: ["shape", "square"], quadrate: ["shape", "square"],
    solid: ["fill", "filled"], "gefüllt": ["fill", "filled"], gefuellt: ["fill", "filled"],
    voll: ["fill", "filled"], hollow: ["fill", "empty"], hohl: ["fill", "empty"]});
  var PREV = table({prev: 1, previous: 1, vorher: 1});
  var PREV2 = table({prev2: 1, vorvorher: 1});
  var CHANGES = table({changes: 1, changed: 1, "änderungen": 1, aenderungen: 1});
  var TOTAL = table({total: 1, sum: 1, summe: 1});
  var NONE = table({none: 1, keine: 1, nichts: 1});
  var AND = table({and: 1, und: 1}), OR = table({or: 1, oder: 1}), NOT = table({not: 1, nicht: 1});
  var CMP = {"==": "==", "=": "==", "!=": "!=", "≠": "!=", "<>": "!=", "<": "<", "<=": "<=",
    "≤": "<=", ">": ">", ">=": ">=", "≥": ">="};
  var TRAILING_STOP = /[\s.]*\.[\s.]*$/;   // "color == white. " as a phone types it
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

  /* "(a and b) and c" is one "and" of three, as the server has it */
  function flatten(op, items) {
    var out = [];
    items.forEach(function (x) { if (x.n[0] === op) out.push.apply(out, x.n[1]); else out.push(x.n); });
    return out;
  }

  /* The rule as a tree (the shape of language.py's), or {error: at}. */
  function parseRule(text) {
    var toks, i = 0, depth = 0;
    try { toks = tokenize(String(text || "").normalize("NFC").replace(TRAILING_STOP, "")); } catch (e) { return {error: e.at}; }
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
      return {n: ["or", flatten("or", items)], t: "bool", at: items[0].at};
    }
    function andx() {
      var items = [notx()];
      while (isWord(AND)) { take(); items.push(notx()); }
      if (items.length === 1) return items[0];
      items.forEach(cond);
      return {n: ["and", flatten("and", items)], t: "bool", at: items[0].at};
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
      if (PREV[t.v] || PREV2[t.v]) {
        var card = PREV[t.v] ? "prev" : "prev2";
        if (!isOp(".")) return {n: [card], t: "card", at: t.at};
        take();
        var f = take();
        if (f.k !== "name" || !ATTR[f.v]) fail(f);
        return {n: [card + "_attr", ATTR[f.v]], t: TYPE[ATTR[f.v]], at: t.at};
      }
      if (t.v === "n") return {n: ["n"], t: "number", at: t.at};
      if (CHANGES[t.v]) return {n: ["changes"], t: "number", at: t.at};
      if (TOTAL[t.v]) return {n: ["total"], t: "number", at: t.at};
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
      case "prev2_attr": return ui.t("words.prev2_" + node[1]);
      case "prev": return ui.t("words.prev");
      case "prev2": return ui.t("words.prev2");
      case "n": return ui.t("words.n");
      case "changes": return ui.t("words.changes");
      case "total": return ui.t("words.total");
      case "num": return String(node[1]);
      case "val": return ui.t("value." + node[2]);
      case "none": return ui.t("words.none");
      case "add":
        // "x % 6 + 1" is counting round: "x plus 1 (after 6 comes 1)"
        if (node[1][0] === "mod" && node[2][0] === "num" && node[2][1] === 1) {
          return ui.t("words.cycle", {a: term(ui, node[1][1]), k: node[1][2]});
        }
        return ui.t("words.plus", {a: term(ui, node[1]), b: term(ui, node[2])});
      case "sub": return ui.t("words.minus", {a: term(ui, node[1]), b: term(ui, node[2])});
      case "mod": return ui.t("words.mod", {a: term(ui, node[1]), k: node[2]});
      case "neg": return ui.t("words.neg", {a: term(ui, node[1])});
    }
    return "?";
  }
  var FLIP = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"};
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
        // "not (the count is more than 3)" is "the count is at most 3"; with a
        // missing card both are unknown alike (three-valued logic)
        if (inner[0] === "cmp" && FLIP[inner[1]]) return clause(ui, ["cmp", FLIP[inner[1]], inner[2], inner[3]]);
        return ui.t("words.not", {a: clause(ui, inner)});
      case "in":
        return differs(ui, node) || ui.t(node[1] ? "words.not_in" : "words.in", {a: term(ui, node[2]),
          list: node[3].map(function (v) { return literal(ui, v); }).join(ui.t("words.list_or"))});
      case "cmp":
        return idiom(ui, node[1], node[2], node[3]) || idiom(ui, node[1], node[3], node[2]) ||
          ui.t("words." + (sameness(node) || OP_WORD[node[1]]), {a: term(ui, node[2]), b: term(ui, node[3])});
    }
    return term(ui, node);
  }
  /* "is" between two things that are not plain values reads "is the same
     as" ("die Form dieselbe wie die Form der Karte davor ist"). */
  var LITERAL = {num: 1, val: 1, none: 1};
  function sameness(node) {
    if ((node[1] !== "==" && node[1] !== "!=") || LITERAL[node[2][0]] || LITERAL[node[3][0]]) return null;
    return node[1] === "==" ? "same" : "other";
  }
  /* What a player would say instead of the formula: the first card(s) of
     the row, card number 3 / 3, 6, 9, … of the row, odd and even. */
  function idiom(ui, op, l, r) {
    if (op !== "==" && op !== "!=") return null;
    var is = op === "==", k = r[0] === "num" ? r[1] : -1;
    if (r[0] === "none" && l[0] === "prev") return ui.t(is ? "words.first" : "words.not_first");
    if (r[0] === "none" && l[0] === "prev2") return ui.t(is ? "words.first2" : "words.not_first2");
    if (l[0] === "n" && k >= 0) return ui.t(is ? "words.place" : "words.not_place", {p: k + 1});
    if (l[0] !== "mod" || k < 0 || k >= l[2]) return null;
    if (l[1][0] === "n") return ui.t(is ? "words.place" : "words.not_place", {p: places(l[2], k)});
    if (l[2] === 2) return ui.t((k === 1) === is ? "words.odd" : "words.even", {a: term(ui, l[1])});
    return null;
  }
  function places(k, r) { return [r + 1, r + 1 + k, r + 1 + 2 * k].join(", ") + ", …"; }
  /* "count - prev.count not in [-1, 0, 1]" is "they differ by at least 2"
     (the builder writes a distance so: one condition, no brackets) */
  function differs(ui, node) {
    var x = node[2], v = node[3].slice().sort(function (a, b) { return a - b; });
    if (x[0] !== "sub" || !v.every(function (a) { return typeof a === "number"; })) return null;
    var k = v[v.length - 1], say = {a: term(ui, x[1]), b: term(ui, x[2])};
    var run = v.length === 2 * k + 1 && v.every(function (a, i) { return a === i - k; });
    if (run) return ui.t(node[1] ? "words.differ_ge" : "words.differ_le", Object.assign(say, {k: node[1] ? k + 1 : k}));
    if (!node[1] && v.length === 2 && k > 0 && v[0] === -k) return ui.t("words.differ_by", Object.assign(say, {k: k}));
    return null;
  }
  /* a part joined by the other connective gets brackets: "a and (b or c)" */
  function wrap(ui, node, other) {
    var text = clause(ui, node);
    return node[0] === other ? "(" + text + ")" : text;
  }
  /* Which missing cards the rule leaves to the reader: it compares with the
     card before (or two back) without saying what happens at the start of
     the row, where that card is missing and the comparison rules nothing out. */
  function freeNotes(tree) {
    var seen = {};
    (function walk(x) {
      if (!Array.isArray(x)) return;
      if (typeof x[0] !== "string") { x.forEach(walk); return; }    // the parts of an "and" or "or"
      if (x[0] === "prev_attr" || x[0] === "changes") seen.prev = true;
      if (x[0] === "prev2_attr") seen.prev2 = true;
      if (x[0] === "cmp" && (x[2][0] === "none" || x[3][0] === "none")) seen["said_" + (x[2][0] === "none" ? x[3] : x[2])[0]] = true;
      x.slice(1).forEach(walk);
    })(tree);
    return ["prev", "prev2"].filter(function (c) { return seen[c] && !seen["said_" + c]; });
  }
  /* HTML: "A card fits when" and the alternatives as a list, then what
     happens at the start of the row where the rule does not say it. */
  function ruleWords(ui, text) {
    var parsed = parseRule(text);
    if (parsed.error) return '<p class="wtr-unread">' + ui.esc(ui.t("ui.rule_unreadable", {at: parsed.error})) + "</p>";
    var tree = parsed.tree;
    var parts = tree[0] === "or" ? tree[1] : [tree];
    var head = ui.esc(ui.t(parts.length > 1 ? "words.fits_when_any" : "words.fits_when"));
    var notes = freeNotes(tree).map(function (c) {
      return '<p class="wtr-note wtr-free">' + ui.esc(ui.t("words.free_" + c)) + "</p>";
    }).join("");
    return '<div class="wtr-words">' + head + '<ul class="wtr-alts">' + parts.map(function (p) {
      return "<li>" + ui.esc(clause(ui, p)) + "</li>";
    }).join("") + "</ul>" + notes + "</div>";
  }

  var STYLE =
    ".wtr-words{font-size:.95em}.wtr-alts{margin:.2em 0 .2em 1.2em;padding:0}" +
    ".wtr-unread{color:var(--danger-ink);margin:.2em 0}.wtr-free{font-size:.9em;margin:.2em 0}" +
    ".wtr-form-words{background:var(--info-bg);border-radius:10px;padding:.4em .6em;margin:.3em 0}";
  if (K.adoptStyle) K.adoptStyle("what_the_rule.rule", STYLE);

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
  function examplesOf(view) {
    var out = null;
    (view.actions || []).forEach(function (a) {
      var f = a.fields && a.fields.rule;
      if (f && f.examples && !out) out = f.examples;
    });
    return out;
  }
  var builderOpen = !!K.wtrBuilderWanted, lastUi = null;   // opened before this part arrived

  if (typeof document !== "undefined") {
    // the builder is its own part (what_the_rule.builder.js): opened the first time, it loads
    document.addEventListener("toggle", function (e) {
      if (!e.target.matches || !e.target.matches("[data-wtr-builder]")) return;
      builderOpen = e.target.open;
      if (builderOpen && !K.wtrBuilder && K.needPart) K.needPart("what_the_rule", "builder");
    }, true);
    document.addEventListener("input", function (e) {
      if (e.target.name === "rule" && e.target.closest && e.target.closest('form[data-type="guess"],form[data-type="set_rule"]')) showWords(e.target);
    });
    // the generic forms are drawn after the game area: read a rule field
    // back in words as soon as it appears
    var watcher = new MutationObserver(function () {
      var input = ruleInput();
      if (input && !input.parentNode.querySelector(".wtr-form-words")) showWords(input);
    });
    var start = function () { watcher.observe(document.body, {childList: true, subtree: true}); };
    if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
  }

  K.wtrRule = {
    parseRule: parseRule,
    ruleWords: ruleWords,
    useRule: useRule,
    examplesOf: examplesOf,
    term: term,          // (the builder names what a condition is about as the words do)
    places: places,
    /* The builder for a phone that may write a rule now (else ""); until
       its part is loaded, a closed one that loads it when opened. */
    builderHtml: function (view, ui) {
      lastUi = ui;
      var examples = examplesOf(view);
      if (!examples) return "";
      if (K.wtrBuilder) return K.wtrBuilder.html(view, ui, examples, builderOpen);
      if (builderOpen && K.needPart) K.needPart("what_the_rule", "builder");
      return '<details class="card wtr-builder" data-wtr-builder' + (builderOpen ? " open" : "") + "><summary><b>" +
        ui.esc(ui.t("ui.b_title")) + "</b></summary></details>";
    },
  };
})();
