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
  var TOKEN = /\s*(?:(\d+)|([A-Za-z_\u00c0-\u024f][\w\u00c0-\u024f]*)|(==|!=|<=|>=|<>|=>|=<|=!|[<>=≠≤≥+\-−%()[\],.]))/y;

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
          var opTok = take(), op = CMP[opTok.v];
          // 1 < count < 4 is a range; "color = white = black" a slip the server refuses
          if (pairs.length && /[=!]=/.test(pairs[pairs.length - 1][1] + op)) fail(opTok);
          var right = sum();
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
      // a comparison typed another way ("=" for "==") is read back, never taken silently (issue #40)
      var read = [];
      toks.forEach(function (t) {
        if (t.k === "op" && CMP[t.v] && CMP[t.v] !== t.v && !read.some(function (r) { return r[0] === t.v; })) read.push([t.v, CMP[t.v]]);
      });
      return {tree: whole.n, read: read};
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
  /* --- the app's reading where the row is short (issue #38) -------------
     The same as companion/games/what_the_rule/reading.py (a test runs
     both over the deck and more): what the rule lets be the first card,
     and the second where it reads the card two back, by the language's
     meaning (three-valued: a card fits unless the rule is false).  A set
     of the 72 cards is three 24-bit words; card i runs through shape,
     count, fill and colour as the server's does. */
  var ATTRS = ["shape", "count", "fill", "color"];
  var DOMAINS = {shape: ["circle", "triangle", "square"], count: [1, 2, 3, 4, 5, 6],
    fill: ["filled", "empty"], color: ["white", "black"]};
  var CARDS = [];
  DOMAINS.shape.forEach(function (shape) { DOMAINS.count.forEach(function (count) {
    DOMAINS.fill.forEach(function (fill) { DOMAINS.color.forEach(function (color) {
      CARDS.push({shape: shape, count: count, fill: fill, color: color});
    }); });
  }); });
  function none() { return [0, 0, 0]; }
  function withCard(m, i) { m[(i / 24) | 0] |= 1 << (i % 24); return m; }
  function has(m, i) { return (m[(i / 24) | 0] >> (i % 24) & 1) === 1; }
  function and(a, b) { return [a[0] & b[0], a[1] & b[1], a[2] & b[2]]; }
  function union(a, b) { return [a[0] | b[0], a[1] | b[1], a[2] | b[2]]; }
  function minus(a, b) { return [a[0] & ~b[0], a[1] & ~b[1], a[2] & ~b[2]]; }
  function empty(m) { return !(m[0] || m[1] || m[2]); }
  function same(a, b) { return a[0] === b[0] && a[1] === b[1] && a[2] === b[2]; }
  function size(m) {
    var n = 0;
    m.forEach(function (w) { for (; w; w &= w - 1) n++; });
    return n;
  }
  var ALL = CARDS.reduce(function (m, c, i) { return withCard(m, i); }, none());
  function ofValue(attr, value) {
    return CARDS.reduce(function (m, c, i) { return c[attr] === value ? withCard(m, i) : m; }, none());
  }

  /* language.py's evaluate: a value, null for a missing one, and for a
     condition true, false or null (unknown) */
  function evaluate(node, card, at) {
    var op = node[0], found;
    if (op === "and" || op === "or") {
      found = node[1].map(function (x) { return evaluate(x, card, at); });
      if (op === "and") return found.indexOf(false) >= 0 ? false : found.indexOf(null) >= 0 ? null : true;
      return found.indexOf(true) >= 0 ? true : found.indexOf(null) >= 0 ? null : false;
    }
    if (op === "not") { found = evaluate(node[1], card, at); return found === null ? null : !found; }
    if (op === "cmp") {
      var a = value(node[2], card, at), b = value(node[3], card, at);
      if (node[2][0] === "none" || node[3][0] === "none") return (a === b) === (node[1] === "==");
      if (a === null || b === null) return null;
      return {"==": a === b, "!=": a !== b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[node[1]];
    }
    if (op === "in") {
      var v = value(node[2], card, at);
      if (v === null && node[3].indexOf(null) < 0) return null;
      return (node[3].indexOf(v) >= 0) !== node[1];
    }
    return value(node, card, at);
  }
  function value(node, card, at) {
    var op = node[0], a, b;
    if (op === "add" || op === "sub") {
      a = value(node[1], card, at); b = value(node[2], card, at);
      return a === null || b === null ? null : op === "add" ? a + b : a - b;
    }
    if (op === "mod" || op === "neg") {
      a = value(node[1], card, at);
      return a === null ? null : op === "mod" ? ((a % node[2]) + node[2]) % node[2] : -a;
    }
    if (op === "num" || op === "val") return node[node.length - 1];
    if (op === "attr") return card[node[1]];
    if (op === "prev_attr" || op === "prev2_attr") {
      var other = op === "prev_attr" ? at.prev : at.prev2;
      return other ? other[node[1]] : null;
    }
    if (op === "prev") return at.prev;
    if (op === "prev2") return at.prev2;
    if (op === "n") return at.n;
    if (op === "total") return at.total + card.count;
    if (op === "changes") return at.prev ? ATTRS.filter(function (x) { return card[x] !== at.prev[x]; }).length : null;
    return null;     // none
  }
  function fitting(tree, row) {
    var at = {prev: row[row.length - 1] || null, prev2: row.length > 1 ? row[row.length - 2] : null,
      n: row.length, total: row.reduce(function (t, c) { return t + c.count; }, 0)};
    return CARDS.reduce(function (m, c, i) { return evaluate(tree, c, at) !== false ? withCard(m, i) : m; }, none());
  }

  /* every product of value sets, in the server's order (the last attribute
     fastest): [mask, size, restrictions] */
  var products = null;
  function productList() {
    if (products) return products;
    var parts = ATTRS.map(function (attr) {
      var domain = DOMAINS[attr], out = [];
      for (var bits = 1; bits < 1 << domain.length; bits++) {
        var values = domain.filter(function (v, i) { return bits >> i & 1; });
        out.push([values.reduce(function (m, v) { return union(m, ofValue(attr, v)); }, none()),
          values.length === domain.length ? null : values]);
      }
      return out;
    });
    products = [];
    (function walk(k, mask, restrictions) {
      if (k === ATTRS.length) { products.push([mask, size(mask), restrictions]); return; }
      parts[k].forEach(function (part) {
        walk(k + 1, and(mask, part[0]), part[1] ? restrictions.concat([[ATTRS[k], part[1]]]) : restrictions);
      });
    })(0, ALL, []);
    return products;
  }
  /* reading.py's describe: any, none, at most three alternatives, or how many */
  function describe(mask) {
    if (same(mask, ALL)) return {any: true};
    if (empty(mask)) return {none: true};
    var inside = productList().filter(function (p) { return empty(minus(p[0], mask)); });
    var alts = [], uncovered = mask;
    while (!empty(uncovered)) {
      if (alts.length === 3) return {cards: size(mask)};
      var best = null, key = [-1, -1];
      inside.forEach(function (p) {
        var k = [size(and(p[0], uncovered)), p[1]];
        if (k[0] > key[0] || (k[0] === key[0] && k[1] > key[1])) { best = p; key = k; }
      });
      alts.push(best[2].map(function (r) { return [r[0], r[1].slice()]; }));
      uncovered = minus(uncovered, best[0]);
    }
    return {alts: alts};
  }
  function indices(mask) { return CARDS.map(function (c, i) { return i; }).filter(function (i) { return has(mask, i); }); }
  /* reading.py's describe_second: what may follow each possible first card */
  function describeSecond(tree, first) {
    var after = indices(first).map(function (i) { return [i, fitting(tree, [CARDS[i]])]; });
    var sets = {};
    after.forEach(function (x) { sets[x[1].join()] = x[1]; });
    var keys = Object.keys(sets);
    if (!keys.length) return {none: true};
    if (keys.length === 1) return describe(sets[keys[0]]);
    var found = [];
    for (var a = 0; a < ATTRS.length; a++) {
      var attr = ATTRS[a], domain = DOMAINS[attr], kinds = {};
      after.forEach(function (x) {
        var values = domain.filter(function (v) { return indices(x[1]).some(function (c) { return CARDS[c][attr] === v; }); });
        var own = CARDS[x[0]][attr];
        var kind = values.length === 1 && values[0] === own ? "same"
          : values.length === domain.length - 1 && values.indexOf(own) < 0 ? "other" : values;
        kinds[JSON.stringify(kind)] = kind;
      });
      var list = Object.keys(kinds);
      if (list.length !== 1) return {depends: true};
      var kind = kinds[list[0]];
      if (typeof kind === "string" || kind.length !== domain.length) found.push([attr, kind]);
    }
    var whole = after.every(function (x) {
      var want = ALL;
      found.forEach(function (r) {
        var own = CARDS[x[0]][r[0]], values = r[1] === "same" ? [own]
          : r[1] === "other" ? DOMAINS[r[0]].filter(function (v) { return v !== own; }) : r[1];
        want = and(want, values.reduce(function (m, v) { return union(m, ofValue(r[0], v)); }, none()));
      });
      return same(want, x[1]);
    });
    return whole ? {alts: [found]} : {depends: true};
  }
  function readsTwoBack(x) {
    if (!Array.isArray(x)) return false;
    if (x[0] === "prev2_attr") return true;
    return x.some(readsTwoBack);
  }
  /* {first: description} and, for a rule reading the card two back, second */
  function reading(tree) {
    var first = fitting(tree, []), out = {first: describe(first)};
    if (readsTwoBack(tree)) out.second = describeSecond(tree, first);
    return out;
  }
  function listed(ui, values) {
    if (values.length === 1) return values[0];
    return values.slice(0, -1).join(", ") + ui.t("words.list_or") + values[values.length - 1];
  }
  function restrictionWords(ui, r) {
    var field = ui.t("field." + r[0]);
    if (typeof r[1] === "string") return ui.t("ui.r_" + r[1], {attr: field});
    return field + " " + listed(ui, r[1].map(function (v) { return typeof v === "number" ? String(v) : ui.t("value." + v); }));
  }
  /* reading.py's say: a description in words */
  function say(ui, d) {
    if (d.any) return ui.t("ui.r_any");
    if (d.none) return ui.t("ui.r_none");
    if (d.depends) return ui.t("ui.r_depends");
    if (d.cards !== undefined) return ui.t("ui.r_cards", {k: d.cards});
    return d.alts.map(function (alt) {
      return alt.map(function (r) { return restrictionWords(ui, r); }).join(", ");
    }).join(ui.t("ui.r_or"));
  }
  /* "The first card: Count 1" (and the second card), as lines */
  function readingLines(ui, tree) {
    var r = reading(tree), out = [ui.t("ui.r_first", {what: say(ui, r.first)})];
    if (r.second) out.push(ui.t("ui.r_second", {what: say(ui, r.second)}));
    return out;
  }
  function readingHtml(ui, text) {
    var parsed = parseRule(text);
    if (parsed.error) return "";
    return readingLines(ui, parsed.tree).map(function (line) {
      return '<p class="wtr-note wtr-reading">' + ui.esc(line) + "</p>";
    }).join("");
  }
  /* HTML: "A card fits when" and the alternatives as a list, then how the
     app reads the start of the row (what it lets be the first card). */
  function ruleWords(ui, text) {
    var parsed = parseRule(text);
    if (parsed.error) return '<p class="wtr-unread">' + ui.esc(ui.t("ui.rule_unreadable", {at: parsed.error})) + "</p>";
    var tree = parsed.tree;
    var parts = tree[0] === "or" ? tree[1] : [tree];
    var head = ui.esc(ui.t(parts.length > 1 ? "words.fits_when_any" : "words.fits_when"));
    return '<div class="wtr-words">' + head + '<ul class="wtr-alts">' + parts.map(function (p) {
      return "<li>" + ui.esc(clause(ui, p)) + "</li>";
    }).join("") + "</ul>" + parsed.read.map(function (r) {
      return '<p class="wtr-note">' + ui.esc(ui.t("ui.r_read_as", {typed: r[0], op: r[1]})) + "</p>";
    }).join("") + readingHtml(ui, text) + "</div>";
  }

  /* --- a wrong guess at a round's end, on the table (issue #38) ------------
     Where the guess and the rule part ways (results[].parted, sent once the
     round is over): the row and the card drawn, and the log's sentence
     (a table short of room leaves them to the log last: data-drop 90).
     Its words are log lines (the table page has them; the phone reads them
     in its log), so the keys are put together here, not named whole. */
  var LOG = "log.";
  function cardWords(ui, code, attrs) {
    var parts = String(code).split("-");
    var card = {shape: parts[0], count: Number(parts[1]), fill: parts[2], color: parts[3]};
    if (attrs.length === 1) {
      var v = card[attrs[0]];
      return typeof v === "number" ? String(v) : ui.t("value." + v);
    }
    return attrs.length ? ui.t("value." + code) : ui.t("ui.r_any");
  }
  function partedSentence(ui, p) {
    var params = {seat: ui.name(p.seat), rule: K.wtrCode(ui, p.rule), card: cardWords(ui, p.card, p.attrs),
      way: ui.t(LOG + "way_" + (p.secret_fits ? "rule" : "guess")), n: p.n, total: p.total,
      row: p.row.map(function (c) { return cardWords(ui, c, p.attrs); }).join(", ")};
    var key = p.n === 0 ? "parted_start" : !p.attrs.length ? "parted_n" : p.n <= 6 ? "parted"
      : p.total !== null ? "parted_total" : "parted_long";
    return ui.t(LOG + key, params);
  }
  function partedHtml(ui, p, cardSvg) {
    var cards = p.attrs.length ? p.row.map(function (c) { return cardSvg(ui, c, "wtr-tiny"); }).join("") : "";
    return '<li class="wtr-parted" data-drop="90"><span class="wtr-cards">' + (p.n > p.row.length ? "… " : "") + cards +
      '<span class="wtr-arrow">→</span>' + cardSvg(ui, p.card, "wtr-tiny " + (p.secret_fits ? "wtr-rule-fits" : "wtr-guess-fits")) +
      '</span> <span class="wtr-said">' + ui.esc(partedSentence(ui, p)) + "</span></li>";
  }
  /* What the reveal at a round's end adds (what_the_rule.js ruleReveal):
     a deck rule's reading, and on the table why a guess right only at the
     start of the row was right and where each wrong guess parts ways. */
  function revealMore(ui, result, table, cardSvg) {
    var r = result.rule, parted = result.parted || [];
    var out = r.kind === "deck" ? readingHtml(ui, r.rule) : "";
    if (!table) return out;
    if (result.start) out += '<p class="wtr-note">' + ui.esc(ui.t(LOG + "guess_right_start", {seat: ui.name(result.guesser)})) + "</p>";
    if (parted.length) {
      out += '<ul class="wtr-guesses">' + parted.map(function (p) { return partedHtml(ui, p, cardSvg); }).join("") + "</ul>";
    }
    return out;
  }

  var STYLE =
    ".wtr-words{font-size:.95em}.wtr-alts{margin:.2em 0 .2em 1.2em;padding:0}" +
    ".wtr-unread{color:var(--danger-ink);margin:.2em 0}.wtr-reading{font-size:.95em;margin:.2em 0;font-weight:600}" +
    // the sentence beside the cards where it fits (a table short of room keeps more of the board)
    ".wtr-parted{display:flex;flex-wrap:wrap;align-items:center;gap:.3em .6em;margin:.3em 0}.wtr-said{flex:1 1 18em}" +
    ".wtr-arrow{font-weight:800;padding:0 .2em}.wtr-rule-fits{outline:3px solid #2e7d32}.wtr-guess-fits{outline:3px solid #b3261e}" +
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
    // a rule the app cannot read is not sent, nor asked about (issue #40): the
    // words under the field say where to look, and the field takes the finger
    document.addEventListener("submit", function (e) {
      var input = e.target.querySelector && e.target.querySelector('input[name="rule"]');
      if (!input || !e.target.matches('form[data-type="guess"],form[data-type="set_rule"]')) return;
      if (!input.value.trim() || !parseRule(input.value).error) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      showWords(input);
      input.focus();
    }, true);
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
    reading: function (text) { var parsed = parseRule(text); return parsed.error ? null : reading(parsed.tree); },
    say: say,
    readingHtml: readingHtml,
    partedSentence: partedSentence,
    revealMore: revealMore,
    useRule: useRule,
    examplesOf: examplesOf,
    term: term,          // (the builder names what a condition is about as the words do)
    places: places,
    /* The builder for a phone that may write a rule now (else ""); until
       its part is loaded, a closed one that loads it when opened. */
    builderHtml: function (view, ui) {
      lastUi = ui;
      // the words under a rule field again: its texts may have come since ("later" in text-keys.json)
      var input = ruleInput();
      if (input && input.parentNode.querySelector(".wtr-form-words")) showWords(input);
      var examples = examplesOf(view);
      if (!examples) return "";
      if (K.wtrBuilder) return K.wtrBuilder.html(view, ui, examples, builderOpen);
      if (builderOpen && K.needPart) K.needPart("what_the_rule", "builder");
      return '<details class="card wtr-builder" data-wtr-builder' + (builderOpen ? " open" : "") + "><summary><b>" +
        ui.esc(ui.t("ui.builder_title")) + "</b></summary></details>";
    },
  };
})();
