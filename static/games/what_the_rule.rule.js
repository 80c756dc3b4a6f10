/* What the Rule?! on the phone: the rule language read for showing a rule
   in words, and the rule builder.  Loaded beside what_the_rule.js (the
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

  var STYLE =
    ".wtr-words{font-size:.95em}.wtr-alts{margin:.2em 0 .2em 1.2em;padding:0}" +
    ".wtr-unread{color:#b3261e;margin:.2em 0}" +
    ".wtr-builder .wtr-clause{display:grid;grid-template-columns:1fr 1fr auto;gap:.3em;margin:.5em 0;padding-top:.4em;border-top:1px solid #ddd5c7}" +
    ".wtr-builder .wtr-clause select:first-child{grid-column:1/-1}" +
    ".wtr-builder select{padding:.4em;min-height:44px}" +
    ".wtr-builder .row{display:flex;gap:.5em;flex-wrap:wrap;align-items:center;margin:.4em 0}" +
    ".wtr-examples button{font-family:ui-monospace,monospace;font-size:.85em;min-height:36px;padding:.2em .6em}" +
    ".wtr-form-words{background:#eef5f7;border-radius:10px;padding:.4em .6em;margin:.3em 0}";
  if (K.adoptStyle) K.adoptStyle("what_the_rule.rule", STYLE);

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
    /* The builder for a phone that may write a rule now (else ""). */
    builderHtml: function (view, ui) {
      lastUi = ui; lastView = view;
      var examples = examplesOf(view);
      return examples ? builderHtml(view, ui, examples) : "";
    },
  };
})();
