/* What the Rule?! renderer: the table (rows of cards drawn as SVG, hands,
   draw pile, guesses, hints, scores, the rule at round end) and the phone
   (the cards being judged or shown; the rule builder and a rule read back
   in words come from what_the_rule.rule.js, loaded beside this file).
   Plain JavaScript, no build step. */
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

  /* --- shared bits --------------------------------------------------------- */
  /* A rule as this page's language writes it (issue #40): the server keeps
     the English form and the language reads both; ui.code_words pairs each
     English word with this language's ("" in English). */
  var words = {}, wordsOf = null;
  function code(ui, text) {
    var w = ui.t("ui.code_words");
    if (w !== wordsOf) {
      wordsOf = w; words = Object.create(null);
      for (var i = 1, p = w.split(" "); i < p.length; i += 2) words[p[i - 1]] = p[i];
    }
    return String(text).replace(/[a-z]\w*/g, function (m) { return words[m] || m; });
  }
  function codeHtml(ui, text) { return "<code>" + ui.esc(code(ui, text)) + "</code>"; }
  K.wtrCode = code;
  K.wtrCard = cardSvg;

  var STYLE =
    ".wtr{line-height:1.35}.wtr h3{margin:.6em 0 .3em}" +
    ".wtr-card{display:block;flex:none;filter:drop-shadow(0 1px 1.5px rgba(0,0,0,.25))}" +
    ".wtr-big{width:76px;height:114px}.wtr-mid{width:60px;height:90px}.wtr-small{width:44px;height:66px}" +
    ".wtr-tiny{width:30px;height:45px}" +
    ".wtr-head{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:baseline;font-weight:600}" +
    ".wtr-chip{display:inline-block;padding:.1em .6em;border-radius:999px;background:var(--soft);font-weight:600}" +
    ".wtr-chip.app{background:var(--info-bg)}.wtr-chip.gm{background:var(--warm-bg)}" +
    ".wtr-rows{display:flex;flex-wrap:wrap;gap:.9em .6em;padding:.5em .2em 1em;align-items:flex-start}" +
    ".wtr-col{display:flex;flex-direction:column;align-items:center;gap:.3em;min-width:64px}" +
    ".wtr-col .wtr-n{font-size:.8em;color:var(--muted);font-weight:700}" +
    ".wtr-slot{width:60px;height:90px;border:2px dashed var(--edge);border-radius:8px;box-sizing:border-box}" +
    ".wtr-slot-wtr-big{width:76px;height:114px}" +
    ".wtr-under{display:grid;grid-template-columns:repeat(2,auto);gap:4px;justify-content:center;" +
    "padding-top:.3em;border-top:2px dotted var(--edge)}" +
    ".wtr-under .wtr-card{filter:none}" +
    ".wtr-under3{grid-template-columns:repeat(3,auto)}.wtr-more{align-self:center;font-weight:800;font-size:max(20px,1em)}" +
    ".wtr-mid+.wtr-under .wtr-card,.wtr-slot-wtr-mid+.wtr-under .wtr-card{width:29px;height:44px}" +
    ".wtr-line{border-top:3px solid #2e7d32;margin:.2em 0 .1em}" +
    ".wtr-players{display:flex;flex-wrap:wrap;gap:.5em;margin:.5em 0}" +
    ".wtr-player{display:flex;align-items:center;gap:.5em;padding:.35em .7em;border-radius:12px;background:var(--card);box-shadow:0 1px 2px rgba(0,0,0,.08)}" +
    ".wtr-player.on{outline:3px solid #e0a800;background:var(--hi)}" +
    ".wtr-player .wtr-hand{font-weight:800;font-size:1.2em}" +
    ".wtr-pile{background:var(--soft);box-shadow:none;font-weight:700}" +
    ".wtr-stack{display:flex;align-items:center;gap:.4em}" +
    ".wtr-pending{display:flex;gap:.8em;align-items:center;padding:.6em;border-radius:14px;background:var(--card);margin:.5em 0;flex-wrap:wrap}" +
    ".wtr-cards{display:flex;flex-wrap:wrap;gap:.35em}" +
    ".wtr-guesses{list-style:none;padding:0;margin:.3em 0}" +
    ".wtr-guesses li{padding:.35em .5em;border-radius:10px;margin:.25em 0;background:var(--card)}" +
    ".wtr-guesses li.right{background:var(--yes-bg)}.wtr-guesses li.wrong{background:var(--no-bg)}" +
    ".wtr-guesses code,.wtr-rule code{font-family:ui-monospace,monospace;font-size:.95em}" +
    // the table reads from across the room: no text under 20px at any tablet size (issue #40)
    ".table .wtr-guesses code,.table .wtr-rule code,.table .wtr-words,.table .wtr-reading{font-size:max(20px,.95em)}" +
    ".wtr-rule{border:3px solid #1f6f8b;border-radius:14px;padding:.6em .9em;margin:.6em 0;background:var(--card)}" +
    ".wtr-rule .wtr-sentence{font-size:1.3em;font-weight:700}" +
    ".wtr-scores{border-collapse:collapse;margin:.3em 0}.wtr-scores td,.wtr-scores th{padding:.15em .7em;text-align:left}" +
    ".wtr-scores td.num{text-align:right;font-weight:700;font-variant-numeric:tabular-nums}" +
    ".wtr-hint{background:var(--hi);border-radius:10px;padding:.4em .7em;margin:.3em 0}" +
    ".wtr-note{color:var(--muted)}" +
    ".wtr-cols{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1.2em;align-items:start}" +
    ".wtr-preview{display:flex;align-items:center;gap:.6em;margin:.3em 0}" +
    ".wtr-judged{border:3px solid #1f6f8b}.wtr-judged code{display:block;margin:.3em 0;font-size:1.1em}" +
    ".wtr-judged .wtr-sentence{font-size:1.2em;font-weight:700;margin:.2em 0}" +
    ".wtr-judge-guess{font-size:1.6em;font-weight:800;line-height:1.25;margin:.2em 0 .5em;overflow-wrap:anywhere}" +
    ".wtr-judge-guess code{font-size:.85em;display:block}.wtr-judge-guess .wtr-words{font-size:.6em;font-weight:400}" +
    ".wtr-verdict .choice{min-height:56px;font-size:1.1em;flex:1 1 40%}" +
    ".wtr-verdict .wtr-yes{background:var(--yes-bg)}.wtr-verdict .wtr-no{background:var(--no-bg)}" +
    ".wtr-overrule{border:3px solid #b26a00}";
  if (K.adoptStyle) K.adoptStyle("what_the_rule", STYLE);

  /* A place's wrong cards, two small cards across (each stays readable).
     The table caps them at two rows (``across`` 2, or 3 on a large table
     with smaller cards): the newest and "+n" for the rest (the log has
     them), so a long wrong streak does not push the board past the screen. */
  function underHtml(ui, cards, across) {
    if (!cards.length) return "";
    var cap = across * 2;
    var shown = cap && cards.length > cap ? cards.slice(cards.length - cap + 1) : cards;
    var more = cards.length - shown.length;
    return '<div class="wtr-under' + (across === 3 ? " wtr-under3" : "") + '">' +
      (more ? '<span class="wtr-more" title="' + ui.esc(ui.t("ui.more_wrong", {n: more})) + '">+' + more + "</span>" : "") +
      shown.map(function (c) { return cardSvg(ui, c, "wtr-small"); }).join("") + "</div>";
  }

  /* The correct row, each place with the wrong cards laid under it. */
  function rowsHtml(view, ui, cls, last, noteInRow, across) {
    var p = view.public, row = p.row || [], wrong = p.wrong || [[]];
    var from = last ? Math.max(0, row.length - last) : 0;
    var cols = [];
    for (var i = from; i <= row.length; i++) {
      var top = i < row.length ? cardSvg(ui, row[i], cls)
        : '<div class="wtr-slot wtr-slot-' + cls + '" title="' + ui.esc(ui.t("ui.next_place")) + '"></div>';
      cols.push('<div class="wtr-col"><span class="wtr-n">' + (i + 1) + "</span>" + top +
        underHtml(ui, wrong[i] || [], across || 0) + "</div>");
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
    // data-drop: a table short of room leaves them to the log, the older first
    return '<div data-drop="' + list.length + '"><h3>' + ui.esc(ui.t("ui.guesses")) + (earlier ? ' <span class="wtr-note">' + ui.esc(ui.t("ui.earlier", {n: earlier})) +
      "</span>" : "") + '</h3><ol class="wtr-guesses">' + list.map(function (g, i) {
      var cls = g.right === true ? "right" : g.right === false ? "wrong" : "";
      var verdict = g.right === true ? ui.t(g.overruled ? "ui.right_overruled" : "ui.right")
        : g.right === false ? ui.t("ui.wrong") : ui.t("ui.judging");
      var what = g.rule !== undefined ? codeHtml(ui, g.rule) : ui.esc(ui.t("ui.quoted", {text: g.text}));
      var drop = i < list.length - 1 ? ' data-drop="' + (i + 1) + '"' : "";
      return '<li class="' + cls + '"' + drop + "><b>" + ui.esc(ui.name(g.seat)) + "</b>: " + what + " — " + ui.esc(verdict) + "</li>";
    }).join("") + "</ol></div>";
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

  function pendingHtml(view, ui, cls, own) {
    var p = view.public, pend = p.pending;
    var g = (p.guesses || [])[(p.guesses || []).length - 1];
    if (p.phase === "overrule" && g) {
      // the last turn's guess the app judged wrong: the round waits for the game master
      var said = g.rule !== undefined ? codeHtml(ui, g.rule) : ui.esc(ui.t("ui.quoted", {text: g.text}));
      return '<div class="wtr-pending wtr-judged wtr-overrule"><div><b>' + ui.esc(ui.t("ui.guessing", {name: ui.name(g.seat)})) +
        "</b>" + said + "<p>" + ui.esc(ui.t("ui.overrule_box", {gm: gmName(view, ui)})) + "</p></div></div>";
    }
    if (p.phase === "judge_guess" && g && g.right === null) {
      // the guess being judged, near the top: the game master reads it without scrolling
      var what = g.rule !== undefined ? codeHtml(ui, g.rule) + ruleWords(ui, g.rule)
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
    if (own) return shown ? '<div class="wtr-pending"><div class="wtr-cards">' + shown + "</div></div>" : "";
    return '<div class="wtr-pending"><div><b>' + ui.esc(ui.t("ui.showing", {name: ui.name(p.turn)})) + "</b> " +
      ui.esc(ui.t("ui.shown_of", {k: pend.cards.length, n: pend.size})) + '</div><div class="wtr-cards">' + shown + "</div></div>";
  }

  function ruleReveal(view, ui, result, table) {
    var r = result.rule, body;
    if (r.kind === "text") body = '<div class="wtr-sentence">' + ui.esc(ui.t("ui.quoted", {text: r.text})) + "</div>";
    else if (r.kind === "deck") {
      body = '<div class="wtr-sentence">' + ui.esc(ui.t("value." + r.id)) + "</div>" + codeHtml(ui, r.rule);
    } else body = codeHtml(ui, r.rule) + ruleWords(ui, r.rule);
    if (r.kind === "deck" || table) body += K.wtrRule ? K.wtrRule.revealMore(ui, result, table, cardSvg) : needRule("");
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

  var lastUi = null;

  /* The rule language on the phone (what_the_rule.rule.js: a rule read back
     in words; what_the_rule.builder.js: the builder) loads when first
     needed — a rule to read back, the builder opened, the rule field
     touched — so a phone that joins or waits does not pay for it.  The
     page draws again once it is there. */
  function needRule(meanwhile) {
    if (K.needPart) K.needPart("what_the_rule", "rule");
    needTexts();
    return meanwhile;
  }
  /* The texts the phone page leaves out (text-keys.json "later": the deck's
     sentences, the rule language's words), fetched beside the part. */
  function needTexts() { if (K.needTexts) K.needTexts("what_the_rule"); }
  function builderHtml(view, ui) {
    if (K.wtrRule) return K.wtrRule.builderHtml(view, ui);
    var writes = (view.actions || []).some(function (a) { return a.fields && a.fields.rule; });
    return writes ? '<details class="card wtr-builder" data-wtr-builder><summary><b>' +
      ui.esc(ui.t("ui.builder_title")) + "</b></summary></details>" : "";
  }
  if (typeof document !== "undefined") {
    document.addEventListener("toggle", function (e) {
      if (K.wtrRule || !e.target.matches || !e.target.matches("[data-wtr-builder]") || !e.target.open) return;
      K.wtrBuilderWanted = true;     // what_the_rule.rule.js opens it once it is there
      needRule();
    }, true);
    document.addEventListener("focusin", function (e) {
      if (!K.wtrRule && e.target.name === "rule") needRule();
    });
  }
  function ruleWords(ui, text) {
    return K.wtrRule ? K.wtrRule.ruleWords(ui, text) : needRule("");
  }
  /* The grid to show a whole hand (what_the_rule.grid.js) loads once a
     round runs, before a player needs it: a phone that joins does not pay. */
  function needGrid() { if (K.needPart) K.needPart("what_the_rule", "grid"); }

  if (typeof document !== "undefined") {
    // the generic forms are drawn after the game area: show the card the
    // pickers chose as soon as they appear
    var watcher = new MutationObserver(function () {
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

  /* --- the phone's own forms (hook ``form``) --------------------------------------- */

  function el(tag, cls, html) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (html) e.innerHTML = html;
    return e;
  }

  /* Judging a guess: the guess in large type on top, right above yes / no;
     the confirm names the whole verdict ("Anna's guess “only red” is right"). */
  function judgeForm(view, ui, tpl, submit) {
    var all = view.public.guesses || [], g = all[all.length - 1];
    if (!g || g.right !== null) return null;
    var said = g.rule !== undefined ? code(ui, g.rule) : g.text, name = ui.name(g.seat);
    var form = el("form", "action card wtr-judge-card");
    form.dataset.type = "judge_guess";
    form.dataset.field = "right";
    var guess = g.rule !== undefined ? codeHtml(ui, g.rule) + ruleWords(ui, g.rule)
      : ui.esc(ui.t("ui.quoted", {text: g.text}));
    form.innerHTML = '<div class="label">' + ui.esc(ui.t("ui.guessing", {name: name})) + "</div>" +
      '<div class="wtr-judge-guess">' + guess + "</div>";
    var row = el("div", "choices wtr-verdict");
    [true, false].forEach(function (right) {
      var b = el("button", "choice " + (right ? "wtr-yes" : "wtr-no"));
      b.type = "button";
      b.dataset.value = JSON.stringify(right);
      b.textContent = ui.t(right ? "ui.judge_right" : "ui.judge_wrong");
      b.onclick = function () {
        var sentence = ui.t(right ? "ui.judge_confirm_right" : "ui.judge_confirm_wrong", {name: name, text: said});
        submit({type: "judge_guess", right: right}, sentence);
      };
      row.appendChild(b);
    });
    form.appendChild(row);
    form.onsubmit = function (e) { e.preventDefault(); };
    return form;
  }

  /* What only the table draws is what_the_rule.table.js (the table page
     links it; a phone never loads it): the helpers it shares. */
  K.wtr = {header: header, gmName: gmName, backSvg: backSvg, pileHtml: pileHtml, pendingHtml: pendingHtml,
    rowsHtml: rowsHtml, guessesHtml: guessesHtml, hintsHtml: hintsHtml, ruleReveal: ruleReveal};

  /* --- the renderer ------------------------------------------------------------- */
  // the table's hooks may be here first (what_the_rule.table.js)
  K.games.what_the_rule = Object.assign(K.games.what_the_rule || {}, {
    phone: function (view, ui) {
      var p = view.public, you = view.you || {};
      lastUi = ui;
      var out = '<div class="wtr">' + header(view, ui);
      if (you.secret && you.secret.deck_rule) needTexts();   // its sentence, before the box is held
      if (you.gm && p.master === "seat" && p.phase !== "rule" && p.phase !== "over") {
        out += '<p class="wtr-note">' + ui.esc(ui.t("ui.you_gm")) + "</p>";
      }
      if (p.phase !== "rule" && p.phase !== "over") {
        if (you.player) needGrid();
        var mine = you.player && typeof you.hand === "number" ? '<div class="wtr-player">' + backSvg("wtr-tiny") + "<b>" +
          ui.esc(ui.t("ui.your_hand", {n: you.hand})) + "</b></div>" : "";
        out += '<div class="wtr-players">' + mine + pileHtml(view, ui) + "</div>";
      }
      out += builderHtml(view, ui);
      // the game master judging a guess sees it on the judge card above, not twice
      var judging = (view.actions || []).some(function (a) { return a.type === "judge_guess"; });
      // so is the guess the app judged wrong: the game master's line above the decision names it
      var overruling = p.phase === "overrule" && you.gm;
      // one's own shown hand: the line above the form counts it; here only its cards
      var entering = (view.actions || []).some(function (a) { return a.type === "reveal_card"; });
      if (!judging && !overruling) out += pendingHtml(view, ui, "wtr-mid", entering);
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
        out += codeHtml(ui, s.secret_rule);
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
      var p = view.public, pend = p.pending, g = (p.guesses || [])[(p.guesses || []).length - 1];
      if (p.phase === "overrule" && g && view.you && view.you.gm) {
        return ui.t("ui.you_overrule", {name: ui.name(g.seat), guess: g.rule !== undefined ? code(ui, g.rule) : ui.t("ui.quoted", {text: g.text})});
      }
      var entering = view.actions.some(function (a) { return a.type === "reveal_card"; });
      // explain mode's line above the moves says it, with the count (issue #45: not twice)
      if (!entering || !pend || !pend.cards || (view.explain && view.explain.now)) return "";
      return ui.t("ui.you_show", {k: pend.cards.length, n: pend.size});
    },

    /* The phone's own forms: the grid to show a whole hand, the judge card. */
    form: function (view, ui, templates, submit) {
      var type = templates[0].type;
      if (type === "reveal") {
        var tpl = templates.filter(function (t) { return t.fields.cards; })[0];
        if (!tpl) return null;
        if (K.wtrGrid) return K.wtrGrid(view, ui, tpl, submit);
        var wait = el("form", "action card", '<div class="label">' + ui.esc(ui.t("ui.grid_title")) + "</div>");
        K.wtrGridWait = function () {     // the grid takes its place once it is there
          if (!wait.isConnected) return;
          var form = K.wtrGrid(view, ui, tpl, submit), help = wait.querySelector(".move-help");
          if (help) form.appendChild(help);
          wait.replaceWith(form);
        };
        needGrid();
        return wait;
      }
      if (type === "judge_guess") return judgeForm(view, ui, templates[0], submit);
      return null;
    },

  });
})();
