/* Eselsbrücke renderer: table (tablet) and phone.  Plain JavaScript, no build.
   The terms of a told story are never in a view until it is resolved, so
   nothing here can show them; the phone's own cards come in view.you.secret. */
(function () {
  "use strict";
  // the page's global Companion (a top-level const/let is no window property)
  var K = typeof Companion !== "undefined" ? Companion : (window.Companion = window.Companion || {});
  K.games = K.games || {};

  var CSS =
    ".eb{font-size:1.05em;line-height:1.35}" +
    ".eb h3{margin:.7em 0 .3em}" +
    ".eb-head{display:flex;flex-wrap:wrap;gap:.6em 1em;align-items:center;font-weight:700;font-size:1.15em}" +
    ".eb-donkey{display:inline-flex;align-items:center;gap:.35em;padding:.15em .7em;border-radius:999px;" +
    "background:#6d5a45;color:#fff;font-size:.9em}" +
    ".eb-donkey svg{width:1.3em;height:1.3em;fill:#fff}" +
    ".eb-now{font-size:1.2em;font-weight:700;margin:.6em 0;padding:.5em .7em;border-radius:12px;background:var(--hi)}" +
    ".eb-note{margin:.4em 0;color:var(--sub)}" +
    ".eb-cards{display:flex;flex-wrap:wrap;gap:.5em;margin:.5em 0;padding:0;list-style:none}" +
    ".eb-card{background:var(--face);color:var(--face-ink);border:2px solid var(--edge);border-radius:10px;padding:.5em .8em;min-width:6em;" +
    "text-align:center;box-shadow:0 1px 2px rgba(0,0,0,.12)}" +
    ".eb-card b{display:block;font-size:1.25em;word-break:break-word}" +
    ".eb-card small{display:block;color:#5a6670;font-size:.8em}" +
    // a card out of the game: dashed and greyed, its words still readable in either theme (no opacity:
    // the felt showed through a see-through card, and the dark felt made its small print unreadable)
    ".eb-card.eb-out{border-style:dashed;box-shadow:none;background:color-mix(in srgb,var(--face) 88%,#888)}" +
    ".eb-card.eb-out small{color:#3f4a52}" +
    ".eb-card.eb-big b{font-size:1.7em}" +
    ".eb-backs{display:inline-flex;gap:3px;vertical-align:middle;margin-right:.4em}" +
    ".eb-back{display:inline-block;width:.9em;height:1.3em;border-radius:3px;background:#1f6f8b;border:1px solid #174f63}" +
    ".eb-grid{width:100%;border-collapse:collapse;margin:.4em 0}" +
    ".eb-grid th{text-align:left;font-size:.85em;color:var(--muted);font-weight:600;padding:.2em .4em}" +
    ".eb-grid td{padding:.35em .4em;border-top:1px solid var(--line);vertical-align:top}" +
    ".eb-grid tr.eb-turn td{background:var(--hi)}" +
    ".eb-grid td:nth-child(2){white-space:nowrap}" +
    ".eb-chip{display:inline-block;margin:.1em .2em .1em 0;padding:.05em .5em;border-radius:8px;background:var(--yes-bg);" +
    "border:1px solid var(--line)}" +
    ".eb-story{background:var(--card);border-radius:12px;padding:.6em .8em;margin:.5em 0;border:1px solid var(--line)}" +
    ".eb-story h4{margin:0 0 .3em}" +
    ".eb-story .eb-card{min-width:0;padding:.3em .6em}.eb-story .eb-card b{font-size:1.05em}" +
    ".eb-short h4{margin:0 0 .1em}.eb-won{margin:.15em 0}.eb-won.eb-out .eb-term{text-decoration:line-through}" +
    // the table's resolution: the story on the table, and beside it (a wide board) the resolved ones
    ".eb-res{display:grid;grid-template-columns:minmax(0,1fr);gap:0 1em;align-items:start}" +
    "@media (min-width:1100px){.tb-board .eb-res:has(.eb-resolved){grid-template-columns:minmax(min-content,1fr) minmax(0,1fr)}}" +
    ".tb-board .eb-grid td{padding:.2em .4em}.eb-resolved h3{margin-top:.3em}.eb-line{padding:.15em .5em;margin:.25em 0;line-height:1.2}.eb-line p,.eb-line h4{margin:0}" +

    ".eb-win{font-size:1.5em;font-weight:800;margin:.5em 0;padding:.5em .7em;border-radius:12px;background:var(--yes-bg)}" +
    ".eb-question{font-size:1.5em;font-weight:700;padding:.2em 0 .5em;color:#fff;width:100%}";

  // one stylesheet for the page, adopted through the CSSOM (the CSP allows no inline style)
  if (K.adoptStyle) K.adoptStyle("eselsbruecke", CSS);

  // a donkey's head: long ears, long face
  var DONKEY =
    '<svg viewBox="0 0 24 24" aria-hidden="true">' +
    '<ellipse cx="7.5" cy="6" rx="2.2" ry="5.5" transform="rotate(-18 7.5 6)"/>' +
    '<ellipse cx="16.5" cy="6" rx="2.2" ry="5.5" transform="rotate(18 16.5 6)"/>' +
    '<ellipse cx="12" cy="15" rx="5.5" ry="8"/></svg>';

  function esc(ui, key, params) { return ui.esc(ui.t(key, params)); }
  function names(ui, seats) { return (seats || []).map(function (s) { return ui.name(s); }).join(", "); }
  function count(ui, n) {
    if (n === 0) return ui.t("ui.no_cards");
    return n === 1 ? ui.t("ui.cards_one") : ui.t("ui.cards_many", { count: n });
  }

  function stepText(view, ui) {
    var p = view.public;
    if (p.phase === "telling") return ui.t("ui.telling", { story: p.story, stories: p.stories });
    if (p.phase === "resolution") return ui.t("ui.resolving", { story: p.story, stories: p.stories });
    return ui.t("ui.over");
  }

  // the phone's top line: the step and the donkey; the table shows the step
  // in its own headline, so it gets the donkey only
  function head(view, ui, withStep) {
    var p = view.public;
    var out = '<div class="eb-head">' + (withStep ? "<span>" + ui.esc(stepText(view, ui)) + "</span>" : "");
    if (p.donkey != null) {
      out += '<span class="eb-donkey">' + DONKEY + ui.esc(ui.t("ui.donkey", { name: ui.name(p.donkey) })) + "</span>";
    }
    return out + "</div>";
  }

  function card(ui, term, note, cls) {
    return '<li class="eb-card' + (cls ? " " + cls : "") + '"><b>' + ui.esc(term) + "</b>" +
      (note ? "<small>" + ui.esc(note) + "</small>" : "") + "</li>";
  }

  function laid(view, ui, big) {
    var p = view.public;
    if (!p.laid.length) return '<div class="eb-note">' + esc(ui, "ui.no_card_yet", { name: ui.name(p.donkey) }) + "</div>";
    var out = '<ul class="eb-cards">';
    // large print for the first three cards; from the fourth the story's cards share the board
    var size = big && p.laid.length <= 3 ? "eb-big" : "";
    p.laid.forEach(function (c) { out += card(ui, c.term, ui.name(c.by), size); });
    return out + "</ul>";
  }

  // the told stories still face down; ``drop``: the table's board, short of room, leaves it to
  // the headline ("story 2 of 3") and the log before anything else, the explanation too
  // (a negative data-drop)
  function hiddenStacks(view, ui, drop) {
    var n = view.public.hidden_stories;
    if (!n) return "";
    var backs = '<span class="eb-backs">' + new Array(n + 1).join('<span class="eb-back"></span>') + "</span>";
    return '<div class="eb-note"' + (drop ? ' data-drop="-99"' : "") + ">" + backs +
      esc(ui, n === 1 ? "ui.hidden_one" : "ui.hidden_many", { count: n }) + "</div>";
  }

  function onlyTurnLeft(p) {
    return p.left > 0 && p.holding[String(p.turn)] === p.left;
  }

  // what the game waits for now, as one sentence
  function now(view, ui) {
    var p = view.public, q = p.question;
    if (p.phase === "telling") return ui.t("ui.turn_lay", { name: ui.name(p.turn) });
    if (q) {
      return ui.t(q.kind === "near" ? "ui.waiting_near" : "ui.waiting_appeal",
        { name: ui.name(q.namer), said: q.said, names: names(ui, q.waiting) });
    }
    if (p.ending) return ui.t("ui.ending", { name: ui.name(p.appeal.seat), said: p.appeal.said });
    return ui.t(onlyTurnLeft(p) ? "ui.turn_take" : "ui.turn_name", { name: ui.name(p.turn) });
  }

  function lastText(ui, l) {
    if (l.kind === "right") {
      // the card's own word needs no second mention
      var same = String(l.said).trim().toLowerCase() === String(l.card).trim().toLowerCase();
      return ui.t(same ? "ui.last_right_same" : "ui.last_right",
        { name: ui.name(l.seat), said: l.said, card: l.card, from: ui.name(l.from) });
    }
    if (l.kind === "wrong") return ui.t("ui.last_wrong", { name: ui.name(l.seat), said: l.said });
    if (l.kind === "pass") return ui.t("ui.last_pass", { name: ui.name(l.seat) });
    if (l.kind === "take") return ui.t("ui.last_take", { name: ui.name(l.seat) });
    return "";
  }

  function last(view, ui) {
    var l = view.public.last, text = l ? lastText(ui, l) : "";
    return text ? '<div class="eb-note">' + ui.esc(text) + "</div>" : "";
  }

  function holdings(view, ui) {
    var p = view.public;
    var out = '<table class="eb-grid"><tr><th>' + esc(ui, "ui.player") + "</th><th>" + esc(ui, "ui.holds") +
      "</th><th>" + esc(ui, "ui.took") + "</th></tr>";
    view.seats.forEach(function (s) {
      var n = p.holding[String(s.seat)] || 0;
      var took = p.taken.filter(function (t) { return t.by === s.seat; });
      out += '<tr class="' + (s.seat === p.turn && !p.question && !p.ending ? "eb-turn" : "") + '"><td>' + ui.esc(s.name) +
        '</td><td><span class="eb-backs">' + new Array(n + 1).join('<span class="eb-back"></span>') + "</span>" +
        ui.esc(count(ui, n)) + "</td><td>" +
        took.map(function (t) { return '<span class="eb-chip">' + ui.esc(t.term) + "</span>"; }).join("") + "</td></tr>";
    });
    out += "</table>";
    return out + '<div class="eb-note">' + esc(ui, "ui.idle", { count: p.idle, players: p.players }) + "</div>";
  }

  // the end: every card of every story with who told it and who won it (there is time to read)
  function resolved(view, ui) {
    var list = view.public.resolved;
    if (!list.length) return "";
    var out = "<div><h3>" + esc(ui, "ui.resolved") + "</h3>";
    list.slice().reverse().forEach(function (story) {
      out += '<div class="eb-story"><h4>' +
        esc(ui, "ui.story_by", { number: story.number, name: ui.name(story.starter) }) +
        '</h4><ul class="eb-cards">';
      story.cards.forEach(function (c) {
        var got = c.taken_by == null ? ui.t("ui.out") : ui.t("ui.won_by", { name: ui.name(c.taken_by) });
        out += card(ui, c.term, got + " · " + ui.t("ui.told_by", { name: ui.name(c.by) }), c.taken_by == null ? "eb-out" : "");
      });
      out += "</ul></div>";
    });
    out += "</div>";
    return out;
  }

  // a story's cards by who won them ("out": none), players in seat order, "out" last
  function wonBy(story) {
    var by = {}, order = [];
    story.cards.forEach(function (c) {
      var k = c.taken_by == null ? "out" : String(c.taken_by);
      if (!by[k]) { by[k] = []; order.push(k); }
      by[k].push(c.term);
    });
    order.sort(function (a, b) { return a === "out" ? 1 : b === "out" ? -1 : Number(a) - Number(b); });
    return order.map(function (k) { return { seat: k, terms: by[k] }; });
  }

  function termList(ui, list) {
    return list.map(function (t) { return '<span class="eb-term">' + ui.esc(t) + "</span>"; }).join(", ");
  }

  /* One resolved story on the phone: a line per player who won cards of it
     ("Won by Anna: Opa, Karotte") and one for the cards out of the game. */
  function storyShort(ui, story) {
    return '<div class="eb-story eb-short"><h4>' +
      esc(ui, "ui.story_by", { number: story.number, name: ui.name(story.starter) }) +
      "</h4>" + wonBy(story).map(function (w) {
        var head = w.seat === "out" ? ui.t("ui.out_these") : ui.t("ui.won_these", { name: ui.name(Number(w.seat)) });
        return '<p class="eb-won' + (w.seat === "out" ? " eb-out" : "") + '" data-seat="' + w.seat + '"><b>' + ui.esc(head) + ":</b> " +
          termList(ui, w.terms) + "</p>";
      }).join("") + "</div>";
  }

  /* The table during the resolution (issue #40): the resolved stories in
     a few lines each ("Anna: Opa, Karotte · Ben: Igel · Out of the game:
     Zelt", under a heading that says these are the winners), the newest
     first and always shown; a table short of room leaves the older ones to
     the log (data-drop: the oldest first, below 0: before the explanation
     of what happens now). */
  function resolvedInPlay(view, ui) {
    var list = view.public.resolved;
    if (!list.length) return "";
    return '<div class="eb-resolved"><h3>' + esc(ui, "ui.resolved_who") + "</h3>" +
      list.slice().reverse().map(function (story, i) {
        return '<div class="eb-story eb-line"' + (i ? ' data-drop="' + -i + '"' : "") + "><h4>" +
          esc(ui, "ui.story_number", { number: story.number }) + "</h4><p>" +
          wonBy(story).map(function (w) {
            var head = w.seat === "out" ? ui.t("ui.out_these") : ui.name(Number(w.seat));
            return '<span class="eb-won' + (w.seat === "out" ? " eb-out" : "") + '" data-seat="' + w.seat + '"><b>' +
              ui.esc(head) + ":</b> " + termList(ui, w.terms) + "</span>";
          }).join(" · ") + "</p></div>";
      }).join("") + "</div>";
  }

  /* The phone's resolved stories: a block per story (storyShort; the table
     shows each card with its teller at the end). */
  function resolvedShort(view, ui) {
    var list = view.public.resolved;
    if (!list.length) return "";
    return "<h3>" + esc(ui, "ui.resolved") + "</h3>" +
      list.slice().reverse().map(function (story) { return storyShort(ui, story); }).join("");
  }

  function over(view, ui, withWinners) {
    var p = view.public;
    var out = withWinners && view.winners && view.winners.length
      ? '<div class="eb-win">' + esc(ui, "ui.winners", { names: names(ui, view.winners) }) + "</div>" : "";
    var rows = view.seats.slice().sort(function (a, b) { return p.scores[String(b.seat)] - p.scores[String(a.seat)]; });
    out += "<h3>" + esc(ui, "ui.scores") + '</h3><table class="eb-grid">';
    rows.forEach(function (s) {
      out += "<tr><td>" + ui.esc(s.name) + "</td><td><b>" + ui.esc(p.scores[String(s.seat)]) + "</b></td></tr>";
    });
    return out + "</table>";
  }

  function terms(view, ui) {
    // the app's own deck, never anything typed in this game
    var list = String(ui.t("ui.terms_" + view.public.language)).split("|");
    return '<datalist id="eb-terms">' + list.map(function (t) { return '<option value="' + ui.esc(t) + '">'; }).join("") +
      "</datalist>";
  }

  // the generic forms: no browser history on the term fields (it would
  // remember this game's terms), and the deck list on the lay field
  function prepareFields() {
    var list = document.getElementById("eb-terms");
    document.querySelectorAll('form.action input[name="term"]').forEach(function (input) {
      input.setAttribute("autocomplete", "off");
      input.setAttribute("autocorrect", "off");
      input.spellcheck = false;
      var form = input.closest("form");
      if (list && form && form.dataset.type === "lay") input.setAttribute("list", "eb-terms");
      else input.removeAttribute("list");
    });
  }
  document.addEventListener("focusin", function (e) {
    if (e.target && e.target.name === "term" && document.querySelector(".eb")) prepareFields();
  });

  // the question a holder is asked, in words (it names their own card)
  function question(view, ui) {
    var q = view.public.question, asked = (view.you.secret || {}).asked || [];
    if (q.kind === "near") return ui.t("ui.you_asked_near", { said: q.said, card: asked.join(" / ") });
    return ui.t("ui.you_asked_appeal", { name: ui.name(q.namer), said: q.said });
  }

  // what this seat does now, in one sentence (the phone shows it above the form)
  function ownStep(view, ui) {
    var p = view.public, me = (view.you || {}).seat, q = p.question;
    if (view.status !== "playing" || me == null) return "";
    if (p.phase === "telling") return p.turn === me ? ui.t(p.mode === "digital" ? "ui.you_lay_digital" : "ui.you_lay_physical") : "";
    if (p.phase !== "resolution") return "";
    if (q && q.waiting.indexOf(me) >= 0) return ui.t("ui.you_asked_public", { name: ui.name(q.namer), said: q.said });
    if (p.ending && p.appeal && p.appeal.seat === me) return ui.t("ui.you_ending", { said: p.appeal.said });
    if (!q && p.turn === me && !p.ending) return ui.t(onlyTurnLeft(p) ? "ui.you_take" : "ui.you_name");
    return "";
  }

  /* Explain mode is on for this phone: its line above the moves says what
     happens now and what this player does, in more words; the renderer's own
     lines saying the same are left out (issue #45: one instruction, once). */
  function explained(view) {
    return !!(view.explain && view.explain.now);
  }

  function phoneResolution(view, ui) {
    var p = view.public, me = view.you.seat, q = p.question, out = "", told = explained(view);
    // one's own move is said above the form (step below); the others' here
    if (!told && !ownStep(view, ui)) out += '<div class="eb-note"><b>' + ui.esc(now(view, ui)) + "</b></div>";
    if (!told && !q && !p.ending && p.appeal && p.appeal.seat === me) {
      out += '<div class="eb-note">' + esc(ui, "ui.you_appeal", { said: p.appeal.said }) + "</div>";
    }
    return out + last(view, ui) + holdings(view, ui);
  }

  K.games.eselsbruecke = {
    // terms are shown as typed; an answer's card in quotes
    label: function (view, ui, field, value) {
      if (field === "term") return String(value);
      if (field === "card") return ui.quote(value);
      return null;
    },

    // the phone's hold-to-show box: the question (if asked) and your cards
    secret: function (view, ui) {
      var s = (view.you && view.you.secret) || {}, out = "", hand = view.you && view.you.hand;
      var laying = view.actions.some(function (a) { return a.type === "lay" && a.secret; });
      if (hand && hand.length && !laying) {   // while laying, the hand is the list of choices
        out += "<h3>" + esc(ui, "ui.your_hand") + '</h3><ul class="eb-cards">' +
          hand.map(function (t) { return card(ui, t); }).join("") + "</ul>";
      }
      if (s.asked && view.public.question) out += '<div class="eb-question">' + ui.esc(question(view, ui)) + "</div>";
      if (s.cards) {
        out += '<div class="secret-item" data-key="cards"><small>' + esc(ui, "field.cards") + "</small><strong>" +
          ui.esc(s.cards.join(", ")) + "</strong></div>";
      }
      return out;
    },

    // the phone's line above the own move: what to do now (explain mode's line says it)
    step: function (view, ui) { return explained(view) ? "" : ownStep(view, ui); },

    // the table's headline: the step, and whom the game waits for
    headline: function (view, ui) {
      var p = view.public;
      var out = { step: stepText(view, ui), waiting: p.waiting_for || [] };
      if (p.question) out.label = ui.t("ui.label_answer");
      return out;
    },

    // what the table announces in the middle: a card won or a wrong name, a
    // story told or resolved
    decisive: function (view, prev, ui) {
      var p = view.public, b = prev.public || {}, out = [];
      if (p.phase === "telling" && b.phase === "telling" && p.story !== b.story) {
        out.push({ tone: "news", text: ui.t("ui.told", { story: b.story }) });
      }
      if (p.phase !== "telling" && b.phase === "telling") {
        out.push({ tone: "news", text: ui.t("ui.told", { story: b.story }) });
      }
      var l = p.last;
      if (l && JSON.stringify(l) !== JSON.stringify(b.last || null) && l.kind !== "pass") {
        var text = lastText(ui, l);
        if (text) out.push({ tone: l.kind === "wrong" ? "bad" : "good", text: text });
      }
      if ((p.resolved || []).length > (b.resolved || []).length) {
        out.push({ tone: "news", text: ui.t("ui.story_resolved", { story: p.resolved.length }) });
      }
      return out;
    },

    table: function (view, ui) {
      var p = view.public;
      var out = '<div class="eb">' + head(view, ui, false);
      if (p.phase === "telling") {
        out += '<div class="eb-now">' + ui.esc(now(view, ui)) + "</div>";
        out += '<div class="eb-note">' + esc(ui, "ui.progress", { count: p.laid.length, size: p.size }) + "</div>";
        out += laid(view, ui, true) + hiddenStacks(view, ui);
      } else if (p.phase === "resolution") {
        // the story on the table beside the stories resolved before it (side by side on a wide board)
        out += '<div class="eb-now">' + ui.esc(now(view, ui)) + "</div>" + last(view, ui) +
          '<div class="eb-res"><div class="eb-res-now">' + holdings(view, ui) + hiddenStacks(view, ui, true) + "</div>" +
          resolvedInPlay(view, ui) + "</div>";
        return out + "</div>";
      } else {
        out += over(view, ui, false);
      }
      return out + resolved(view, ui) + "</div>";
    },

    phone: function (view, ui) {
      var p = view.public, you = view.you || {};
      var out = '<div class="eb">' + head(view, ui, true);
      if (p.phase === "telling") {
        if (p.turn !== you.seat && !explained(view)) out += '<div class="eb-note"><b>' + ui.esc(now(view, ui)) + "</b></div>";
        out += "<h3>" + esc(ui, "ui.story_so_far") + "</h3>" + laid(view, ui, false) + '<div class="eb-note">' +
          esc(ui, "ui.progress", { count: p.laid.length, size: p.size }) + "</div>";
        // the digital hand: only under the reveal (secret() below), a neighbour would read it
        if (p.mode === "physical") out += terms(view, ui);
      } else if (p.phase === "resolution") {
        out += phoneResolution(view, ui);
      } else if (view.status !== "finished") {
        out += over(view, ui, true);
      }
      // at the end the phone's own ending card names the winners and the scores: not twice
      if (view.status !== "finished") {
        out += '<div class="eb-note"><b>' + esc(ui, "ui.your_score", { points: you.score || 0 }) + "</b></div>";
      }
      setTimeout(prepareFields, 0);   // after the page has drawn the action forms
      return out + resolvedShort(view, ui) + "</div>";
    },
  };
})();
