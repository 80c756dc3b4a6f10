/* What the Rule?!'s grid of the 72 cards to show a whole hand, loaded once a
   round runs (what_the_rule.js asks for it before a player needs it; a
   phone that joins does not pay for it).  Draws with the renderer's cards
   (Companion.wtrCard). */
(function () {
  "use strict";
  var K = typeof Companion !== "undefined" ? Companion : (window.Companion = window.Companion || {});
  var cardSvg = function (ui, code, cls) { return K.wtrCard(ui, code, cls); };

  var STYLE =
    // six counts across, every button at least 44px
    ".wtr-grid{display:grid;grid-template-columns:repeat(6,minmax(44px,1fr));gap:6px;margin:.4em 0}" +
    ".wtr-pick{position:relative;min-height:44px;padding:3px;border:2px solid transparent;border-radius:10px;" +
    "background:var(--inner);display:flex;justify-content:center}" +
    ".wtr-pick .wtr-grid-card{width:100%;max-width:52px;height:auto;aspect-ratio:2/3}" +
    ".wtr-pick.on{border-color:#1f6f8b;background:var(--info-bg)}.wtr-pick:disabled:not(.on){opacity:.35}" +
    ".wtr-badge{position:absolute;top:2px;right:2px;background:#1f6f8b;color:#fff;border-radius:999px;" +
    "font-size:.8em;font-weight:800;padding:0 .35em}" +
    ".wtr-grid-bar{position:sticky;bottom:0;background:var(--card);padding:.4em 0;border-top:2px solid var(--soft)}" +
    ".wtr-count{font-weight:800;font-size:1.15em}" +
    ".wtr-chosen{display:flex;flex-wrap:wrap;gap:4px;align-items:center;margin:.3em 0}" +
    ".wtr-take{min-width:44px;min-height:52px;padding:2px;border-radius:8px;background:var(--inner);display:flex;" +
    "justify-content:center;align-items:center}";
  if (K.adoptStyle) K.adoptStyle("what_the_rule.grid", STYLE);

  var SHAPES = ["circle", "triangle", "square"], FILLS = ["filled", "empty"], COLORS = ["white", "black"];
  var grid = {key: null, cards: []};   // the hand being chosen, kept across redraws of the same turn

  function el(tag, cls, html) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (html) e.innerHTML = html;
    return e;
  }

  /* Copies of ``code`` already on the table: a hand cannot hold more than the rest of the box. */
  function onTable(view, code) {
    var all = (view.public.row || []).slice();
    (view.public.wrong || []).forEach(function (under) { all = all.concat(under); });
    return all.filter(function (c) { return c === code; }).length;
  }

  /* Showing the hand: the 72 faces in a grid (a row per shape, fill and
     colour; the counts 1-6 across), one tap adds a copy, the chosen cards
     in a strip above the send button (a tap takes one back). */
  function gridForm(view, ui, tpl, submit) {
    var size = tpl.fields.cards.size, you = view.you || {};
    var key = [view.public.round, (view.public.turns || {})[String(you.seat)], size].join("|");
    if (grid.key !== key) grid = {key: key, cards: []};
    var form = el("form", "action card wtr-grid-form");
    form.dataset.type = "reveal";
    form.dataset.field = "cards";
    form.appendChild(el("div", "label", ui.esc(ui.t("ui.grid_title"))));
    form.appendChild(el("p", "wtr-note", ui.esc(ui.t("ui.grid_help"))));
    var box = el("div", "wtr-grid");
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", ui.t("field.cards"));
    SHAPES.forEach(function (shape) {
      FILLS.forEach(function (fill) {
        COLORS.forEach(function (color) {
          for (var n = 1; n <= 6; n++) box.appendChild(gridButton(view, ui, [shape, n, fill, color].join("-"), refresh));
        });
      });
    });
    form.appendChild(box);
    var bar = el("div", "wtr-grid-bar"), count = el("div", "wtr-count"), strip = el("div", "wtr-chosen");
    var go = el("button", "primary big");
    go.type = "submit";
    bar.appendChild(count); bar.appendChild(strip); bar.appendChild(go);
    form.appendChild(bar);
    function refresh() {
      var full = grid.cards.length >= size;
      box.querySelectorAll("button").forEach(function (b) {
        var code = b.dataset.code, mine = grid.cards.filter(function (c) { return c === code; }).length;
        b.classList.toggle("on", mine > 0);
        b.setAttribute("aria-pressed", mine > 0 ? "true" : "false");
        b.querySelector(".wtr-badge").hidden = mine < 2;
        b.disabled = full || mine + onTable(view, code) >= 2;
      });
      count.textContent = ui.t("ui.grid_count", {k: grid.cards.length, n: size});
      strip.innerHTML = grid.cards.length ? '<span class="wtr-note">' + ui.esc(ui.t("ui.grid_chosen")) + "</span>" : "";
      grid.cards.forEach(function (code, i) {
        var b = el("button", "wtr-take", cardSvg(ui, code, "wtr-tiny"));
        b.type = "button";
        b.setAttribute("aria-label", ui.t("value." + code));
        b.onclick = function () { grid.cards.splice(i, 1); refresh(); };
        strip.appendChild(b);
      });
      go.disabled = !full;
      go.textContent = full ? ui.t("action.reveal") : ui.t("ui.grid_choose");
    }
    form.onsubmit = function (e) {
      e.preventDefault();
      if (grid.cards.length !== size) return;
      var names = grid.cards.map(function (c) { return ui.t("value." + c); }).join("; ");
      form.classList.add("busy");
      submit({type: "reveal", cards: grid.cards.slice()}, ui.t("ui.grid_confirm", {cards: names})).then(function (answer) {
        form.classList.remove("busy");
        if (answer && answer.ok) grid.cards = [];
      });
    };
    refresh();
    return form;
  }

  function gridButton(view, ui, code, refresh) {
    var b = el("button", "wtr-pick", cardSvg(ui, code, "wtr-grid-card") +
      '<span class="wtr-badge" hidden>' + ui.esc(ui.t("ui.grid_twice")) + "</span>");
    b.type = "button";
    b.dataset.code = code;
    b.setAttribute("aria-label", ui.t("value." + code));
    b.onclick = function () { grid.cards.push(code); refresh(); };
    return b;
  }

  K.wtrGrid = gridForm;
  if (K.wtrGridWait) K.wtrGridWait();
})();
