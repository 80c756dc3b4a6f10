/* What the Rule?!'s rule builder on the phone, loaded the first time a
   player opens it (what_the_rule.rule.js draws it closed until then and
   reads the built rule back in words). */
(function () {
  "use strict";
  var K = typeof Companion !== "undefined" ? Companion : (window.Companion = window.Companion || {});
  var ruleWords = function (ui, text) { return K.wtrRule.ruleWords(ui, text); };
  var useRule = function (text) { K.wtrRule.useRule(text); };
  var examplesOf = function (view) { return K.wtrRule.examplesOf(view); };
  var term = function (ui, node) { return K.wtrRule.term(ui, node); };
  var parseRule = function (text) { return K.wtrRule.parseRule(text); };
  var places = function (k, r) { return K.wtrRule.places(k, r); };
  var code = function (ui, text) { return K.wtrCode(ui, text); };   // in the page's words (issue #40)

  var STYLE =
    // a closed native select cuts its text: what, comparison and value each get a whole row
    ".wtr-builder .wtr-clause{display:grid;grid-template-columns:1fr auto;gap:.3em;margin:.5em 0;padding-top:.4em;border-top:1px solid var(--line)}" +
    ".wtr-builder .wtr-what,.wtr-builder .wtr-value,.wtr-builder .wtr-toggles{grid-column:1/-1}" +
    ".wtr-builder .wtr-op{grid-column:1}.wtr-builder .wtr-clause [data-wtr-remove]{grid-column:2;grid-row:2}" +
    ".wtr-builder select{padding:.4em;min-height:44px;min-width:0}" +
    ".wtr-builder .wtr-toggles{display:flex;flex-wrap:wrap;gap:.3em}.wtr-builder .wtr-toggles .choice{min-width:44px;min-height:44px;flex:0 1 auto;padding:.3em .7em}" +
    ".wtr-builder .wtr-group{margin:.6em 0;padding:.1em 0 .1em .6em;border-left:4px solid var(--edge)}" +
    ".wtr-builder .wtr-group .wtr-clause:first-of-type{border-top:0}" +
    ".wtr-builder .wtr-join{display:grid;grid-template-columns:1fr auto;gap:.3em;align-items:center;margin:.4em 0}" +
    ".wtr-builder .row{display:flex;gap:.5em;flex-wrap:wrap;align-items:center;margin:.4em 0}" +
    ".wtr-examples button{font-family:ui-monospace,monospace;font-size:.85em;min-height:44px;padding:.2em .6em}";
  if (K.adoptStyle) K.adoptStyle("what_the_rule.builder", STYLE);

  /* --- the rule builder (phone) ---------------------------------------------
     A rule is a list of conditions that must all hold ("and") or of which one
     must hold ("or"); an item of the list may be a group of conditions with
     its own join, one level deep: "one of: (all of: …), (all of: …)" says
     every rule of the rulebook, and stays one list a thumb can scroll.
     A condition is {what, op, value}: what it is about (SUBJECTS), how it
     compares (OPS of its kind) and with what (a value, a list of values,
     or nothing). */
  function upTo(a, b) { var out = []; for (var i = a; i <= b; i++) out.push(String(i)); return out; }
  var DOMAIN = {shape: ["circle", "triangle", "square"], count: upTo(1, 6), fill: ["filled", "empty"],
    color: ["white", "black"]};
  var SUBJECTS = {};
  ["", "prev.", "prev2."].forEach(function (card) {
    Object.keys(DOMAIN).forEach(function (a) {
      // this card is compared with the card before or two back, the card before with the one before it
      var refs = card === "" ? ["prev." + a, "prev2." + a] : card === "prev." ? ["prev2." + a] : [];
      if (card === "" && a === "count") refs = ["prev.count", "prev.count + 1", "prev.count - 1", "prev.count % 6 + 1", "prev2.count"];
      SUBJECTS[card + a] = {kind: a === "count" ? "number" : "word", expr: card + a, values: DOMAIN[a], refs: refs,
        group: card || "this"};
    });
  });
  SUBJECTS.sum = {kind: "number", expr: "count + prev.count", values: upTo(2, 12), refs: [], group: "prev."};
  SUBJECTS.diff = {kind: "diff", values: upTo(1, 5), group: "prev."};
  SUBJECTS.changes = {kind: "number", expr: "changes", values: upTo(0, 4), refs: [], group: "row"};
  SUBJECTS.place = {kind: "place", values: ["1", "1-2"].concat(upTo(2, 12), ["*2", "*3", "*4", "*5", "*6"]), group: "row"};
  SUBJECTS.total = {kind: "number", expr: "total", values: upTo(1, 80), refs: [], group: "row", noList: true};
  var GROUPS = [["this", "b_this_card"], ["prev.", "b_card_before"], ["prev2.", "b_card_two_back"], ["row", "b_the_row"]];
  var OPS = {word: ["==", "!=", "in", "not in"],
    number: ["==", "!=", "<", "<=", ">", ">=", "in", "not in", "odd", "even"],
    place: ["place", "not_place"], diff: ["ge", "le", "by"]};
  var OP_LABEL = {"==": "b_is", "!=": "b_is_not", "<": "b_lt", "<=": "b_le", ">": "b_gt", ">=": "b_ge",
    "in": "b_in", "not in": "b_not_in", odd: "b_odd", even: "b_even", place: "b_place_is",
    not_place: "b_place_is_not", ge: "b_ge", le: "b_le", by: "b_exactly"};

  function fresh() { return {join: "and", items: [{what: "color", op: "==", value: "white"}]}; }
  var builder = fresh();

  function opsOf(c) {
    var s = SUBJECTS[c.what];
    return OPS[s.kind].filter(function (op) { return !(s.noList && /in$/.test(op)); });
  }
  /* what the value picker offers for a condition: a list to tick, one
     value to choose, or nothing ("is odd") */
  function choicesOf(c) {
    var s = SUBJECTS[c.what];
    if (c.op === "in" || c.op === "not in") return {list: s.values};
    if (c.op === "odd" || c.op === "even") return {};
    var refs = s.refs && ["==", "!=", "<", "<=", ">", ">="].indexOf(c.op) >= 0 ? s.refs : [];
    return {one: s.values.concat(refs)};
  }
  function defaultValue(c) {
    var ch = choicesOf(c);
    // "is circle" becomes "is one of: circle", and back
    if (ch.list) return [ch.list.indexOf(c.value) >= 0 ? c.value : ch.list[0]];
    if (Array.isArray(c.value) && ch.one && ch.one.indexOf(c.value[0]) >= 0) return c.value[0];
    if (ch.one) return SUBJECTS[c.what].kind === "diff" ? "2" : ch.one[0];
    return null;
  }
  function valid(c) {
    var ch = choicesOf(c);
    if (ch.list) return Array.isArray(c.value);
    return ch.one ? ch.one.indexOf(c.value) >= 0 : true;
  }

  /* --- the rule text a condition, a group and the whole builder say ----- */
  function range(a, b) { var out = []; for (var i = a; i <= b; i++) out.push(i); return out.join(", "); }
  function placeRule(op, v) {
    var is = op === "place";
    if (v === "1") return is ? "prev == none" : "prev != none";
    if (v === "1-2") return is ? "prev2 == none" : "prev2 != none";
    if (v[0] === "*") return "n % " + v.slice(1) + (is ? " == " : " != ") + (Number(v.slice(1)) - 1);
    return "n " + (is ? "==" : "!=") + " " + (Number(v) - 1);
  }
  function condRule(c) {
    var s = SUBJECTS[c.what], k = Number(c.value);
    switch (c.op) {
      case "place": case "not_place": return placeRule(c.op, c.value);
      // a distance in count, as one condition (brackets never needed)
      case "ge": return "count - prev.count not in [" + range(1 - k, k - 1) + "]";
      case "le": return "count - prev.count in [" + range(-k, k) + "]";
      case "by": return "count - prev.count in [" + -k + ", " + k + "]";
      case "odd": case "even":
        return (/ [+-] /.test(s.expr) ? "(" + s.expr + ")" : s.expr) + " % 2 == " + (c.op === "odd" ? 1 : 0);
      case "in": case "not in":     // nothing ticked yet: no rule (the builder asks for a value)
        if (!c.value.length) return null;
        return s.expr + " " + c.op + " [" + s.values.filter(function (v) { return c.value.indexOf(v) >= 0; }).join(", ") + "]";
    }
    return s.expr + " " + c.op + " " + c.value;
  }
  /* "or" inside "and" needs brackets; "and" inside "or" binds tighter */
  function itemRule(item, outer) {
    if (!item.items) return condRule(item);
    var parts = item.items.map(condRule);
    if (parts.indexOf(null) >= 0) return null;
    var text = parts.join(" " + item.join + " ");
    return item.items.length > 1 && item.join === "or" && outer === "and" ? "(" + text + ")" : text;
  }
  /* the rule built so far, or null while a list has nothing ticked */
  function builtRule() {
    var outer = builder.items.length > 1 ? builder.join : null;
    var parts = builder.items.map(function (it) { return itemRule(it, outer); });
    return parts.indexOf(null) >= 0 ? null : parts.join(" " + builder.join + " ");
  }

  /* --- drawing ------------------------------------------------------------- */
  function valueLabel(ui, c, v) {
    if (SUBJECTS[c.what].kind === "place") {
      if (v === "1-2") return ui.t("ui.b_one_or_two");
      return v[0] === "*" ? places(Number(v.slice(1)), Number(v.slice(1)) - 1) : v;
    }
    if (/^\d+$/.test(v)) return v;
    if (DOMAIN.shape.concat(DOMAIN.fill, DOMAIN.color).indexOf(v) >= 0) return ui.t("value." + v);
    return ui.t("ui.b_v_" + REF_LABEL[v.replace(/\.(shape|count|fill|color)/, "")]);   // "the card before's + 1"
  }
  // the builder's short names of references (what they compare with is said left of them)
  var REF_LABEL = {"prev": "prev", "prev2": "prev2", "prev + 1": "prev_plus", "prev - 1": "prev_minus",
    "prev % 6 + 1": "cycle"};
  function whatLabel(ui, key) {
    var s = SUBJECTS[key];
    if (s.group === "row" || key === "sum" || key === "diff") return ui.t("ui.b_what_" + key);
    return term(ui, parseRule("1 == " + s.expr).tree[3]);
  }
  function select(ui, k, label, options, chosen, cls) {
    return '<select data-wtr-k="' + k + '"' + (cls ? ' class="' + cls + '"' : "") + ' aria-label="' + ui.esc(ui.t(label)) + '">' +
      options.map(function (o) {
        return '<option value="' + ui.esc(o[0]) + '"' + (o[0] === chosen ? " selected" : "") + ">" + ui.esc(o[1]) + "</option>";
      }).join("") + "</select>";
  }
  function whatSelect(ui, c) {
    return '<select data-wtr-k="what" class="wtr-what" aria-label="' + ui.esc(ui.t("ui.b_subject")) + '">' +
      GROUPS.map(function (g) {
        return '<optgroup label="' + ui.esc(ui.t("ui." + g[1])) + '">' + Object.keys(SUBJECTS).filter(function (key) {
          return SUBJECTS[key].group === g[0];
        }).map(function (key) {
          return '<option value="' + key + '"' + (key === c.what ? " selected" : "") + ">" + ui.esc(whatLabel(ui, key)) + "</option>";
        }).join("") + "</optgroup>";
      }).join("") + "</select>";
  }
  function toggles(ui, c, values) {
    return '<div class="wtr-toggles" role="group" aria-label="' + ui.esc(ui.t("ui.b_object")) + '">' + values.map(function (v) {
      var on = c.value.indexOf(v) >= 0;
      return '<button type="button" class="choice' + (on ? " on" : "") + '" aria-pressed="' + on + '" data-wtr-toggle="' +
        ui.esc(v) + '">' + ui.esc(valueLabel(ui, c, v)) + "</button>";
    }).join("") + "</div>";
  }
  function clauseHtml(ui, c, at, removable) {
    var ch = choicesOf(c);
    var ops = select(ui, "op", "ui.b_op", opsOf(c).map(function (o) { return [o, ui.t("ui." + OP_LABEL[o])]; }), c.op, "wtr-op");
    var value = ch.one ? select(ui, "value", "ui.b_object", ch.one.map(function (v) { return [v, valueLabel(ui, c, v)]; }), c.value,
      "wtr-value") : "";
    var remove = removable ? '<button type="button" class="mini secondary" data-wtr-remove aria-label="' +
      ui.esc(ui.t("ui.b_remove")) + '">×</button>' : "<span></span>";
    return '<div class="wtr-clause" data-wtr-at="' + at + '">' + whatSelect(ui, c) + ops + remove + value +
      (ch.list ? toggles(ui, c, ch.list) : "") + "</div>";
  }
  function joinSelect(ui, join) {
    return select(ui, "join", "ui.b_join", [["and", ui.t("ui.b_all")], ["or", ui.t("ui.b_any")]], join);
  }
  function itemsHtml(ui) {
    var many = count() > 1;
    return builder.items.map(function (it, i) {
      if (!it.items) return clauseHtml(ui, it, String(i), many);
      return '<div class="wtr-group" data-wtr-at="' + i + '"><div class="wtr-join">' + joinSelect(ui, it.join) +
        '<button type="button" class="mini secondary" data-wtr-remove aria-label="' + ui.esc(ui.t("ui.b_remove_group")) +
        '">×</button></div>' + it.items.map(function (c, j) { return clauseHtml(ui, c, i + "." + j, many); }).join("") +
        '<button type="button" class="secondary" data-wtr-add="' + i + '">' + ui.esc(ui.t("ui.b_add")) + "</button></div>";
    }).join("");
  }
  function count() {
    return builder.items.reduce(function (sum, it) { return sum + (it.items ? it.items.length : 1); }, 0);
  }
  function builderHtml(view, ui, examples) {
    var built = builtRule();
    var ex = (examples || []).map(function (e) {
      e = ui.esc(code(ui, e));
      return '<button type="button" class="secondary" data-wtr-example="' + e + '">' + e + "</button>";
    }).join(" ");
    return '<details class="card wtr-builder" data-wtr-builder' + (builderOpen ? " open" : "") + "><summary><b>" +
      ui.esc(ui.t("ui.builder_title")) + "</b></summary>" +
      '<p class="wtr-note">' + ui.esc(ui.t("ui.b_help")) + "</p>" +
      '<div class="wtr-join" data-wtr-at="top"><span>' + ui.esc(ui.t("ui.b_when")) + "</span>" + joinSelect(ui, builder.join) + "</div>" +
      itemsHtml(ui) +
      '<div class="row"><button type="button" class="secondary" data-wtr-add="top">' + ui.esc(ui.t("ui.b_add")) + "</button>" +
      '<button type="button" class="secondary" data-wtr-group>' + ui.esc(ui.t("ui.b_add_group")) + "</button>" +
      '<button type="button" class="secondary" data-wtr-clear>' + ui.esc(ui.t("ui.b_clear")) + "</button></div>" +
      (built === null ? '<div class="wtr-form-words wtr-built wtr-unread">' + ui.esc(ui.t("ui.b_tick")) + "</div>"
        : '<div class="wtr-form-words wtr-built"><code>' + ui.esc(code(ui, built)) + "</code>" + ruleWords(ui, built) + "</div>") +
      '<button type="button" class="primary" data-wtr-use' + (built === null ? " disabled" : "") + ">" + ui.esc(ui.t("ui.b_use")) + "</button>" +
      (ex ? '<p class="wtr-note">' + ui.esc(ui.t("ui.examples")) + '</p><div class="row wtr-examples">' + ex + "</div>" : "") +
      "</details>";
  }
  var builderOpen = true, lastUi = null, lastView = null;

  /* --- changing the builder ---------------------------------------------- */
  /* the condition or group at "i" / "i.j", and the list holding it */
  function located(at) {
    var p = at.split(".").map(Number);
    if (p.length === 1) return {list: builder.items, i: p[0], item: builder.items[p[0]]};
    var group = builder.items[p[0]];
    return {list: group.items, i: p[1], item: group.items[p[1]], group: p[0]};
  }
  function newCondition() { return {what: "shape", op: "==", value: "circle"}; }
  function change(at, k, value) {
    var item = at === "top" ? builder : located(at).item;
    if (k === "join") { item.join = value; return; }
    item[k] = value;
    if (k === "what") item.op = opsOf(item)[0];
    if (k !== "value" && !valid(item)) item.value = defaultValue(item);
  }
  function toggle(at, v) {
    // any value unticks, the one ticked for you first too (issue #40); an empty list waits
    var c = located(at).item, i = c.value.indexOf(v);
    if (i < 0) c.value.push(v);
    else c.value.splice(i, 1);
  }
  function remove(at) {
    var place = located(at);
    place.list.splice(place.i, 1);
    if (place.group !== undefined && !place.list.length) builder.items.splice(place.group, 1);
    if (!builder.items.length) builder = fresh();
  }
  function add(where) {
    if (where === "top") builder.items.push(newCondition());
    else builder.items[Number(where)].items.push(newCondition());
  }
  function addGroup() {
    // a group says the other join: "one of" holding "all of" groups, or the other way round
    builder.items.push({join: builder.join === "and" ? "or" : "and", items: [newCondition(), newCondition()]});
  }
  function redrawBuilder() {
    var el = document.querySelector("[data-wtr-builder]");
    if (!el || !lastUi || !lastView) return;
    var wrap = document.createElement("div");
    wrap.innerHTML = builderHtml(lastView, lastUi, examplesOf(lastView));
    el.replaceWith(wrap.firstChild);
  }
  function atOf(el) {
    var holder = el.closest("[data-wtr-at]");
    return holder ? holder.getAttribute("data-wtr-at") : "top";
  }

  if (typeof document !== "undefined") {
    document.addEventListener("change", function (e) {
      var t = e.target, k = t.getAttribute && t.getAttribute("data-wtr-k");
      if (!k || !t.closest("[data-wtr-builder]")) return;
      change(atOf(t), k, t.value);
      redrawBuilder();
    });
    document.addEventListener("click", function (e) {
      var t = e.target.closest && e.target.closest(
        "[data-wtr-add],[data-wtr-group],[data-wtr-remove],[data-wtr-toggle],[data-wtr-clear],[data-wtr-use],[data-wtr-example]");
      if (!t || !t.closest("[data-wtr-builder]")) return;
      if (t.hasAttribute("data-wtr-use")) { if (builtRule() !== null) useRule(code(lastUi, builtRule())); return; }
      if (t.hasAttribute("data-wtr-example")) { useRule(t.getAttribute("data-wtr-example")); return; }
      if (t.hasAttribute("data-wtr-add")) add(t.getAttribute("data-wtr-add"));
      if (t.hasAttribute("data-wtr-group")) addGroup();
      if (t.hasAttribute("data-wtr-remove")) remove(atOf(t));
      if (t.hasAttribute("data-wtr-toggle")) toggle(atOf(t), t.getAttribute("data-wtr-toggle"));
      if (t.hasAttribute("data-wtr-clear")) builder = fresh();
      redrawBuilder();
    });
    document.addEventListener("toggle", function (e) {
      if (e.target.matches && e.target.matches("[data-wtr-builder]")) builderOpen = e.target.open;
    }, true);
  }

  K.wtrBuilder = {
    html: function (view, ui, examples, open) {
      lastUi = ui; lastView = view; builderOpen = open;
      return builderHtml(view, ui, examples);
    },
  };
})();
