/* What the Rule?!: what only the table draws (the table page links this
   part beside what_the_rule.js; a phone never loads it): the board, its
   top line and what to announce.  The helpers it shares are what_the_rule.js's
   (Companion.wtr), looked up when drawing: either file may load first. */
(function () {
  "use strict";
  var K = typeof Companion !== "undefined" ? Companion : (window.Companion = window.Companion || {});
  K.games = K.games || {};
  function w() { return K.wtr; }
  function header(view, ui) { return w().header(view, ui); }
  function gmName(view, ui) { return w().gmName(view, ui); }
  function backSvg(cls) { return w().backSvg(cls); }
  function pileHtml(view, ui) { return w().pileHtml(view, ui); }
  function pendingHtml(view, ui, cls, own) { return w().pendingHtml(view, ui, cls, own); }
  function rowsHtml(view, ui, cls, last, noteInRow, across) { return w().rowsHtml(view, ui, cls, last, noteInRow, across); }
  function guessesHtml(view, ui, newest) { return w().guessesHtml(view, ui, newest); }
  function hintsHtml(view, ui) { return w().hintsHtml(view, ui); }
  function ruleReveal(view, ui, result, table) { return w().ruleReveal(view, ui, result, table); }

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

  function scoresHtml(view, ui) {
    var p = view.public, table = p.scoring ? p.scores : p.found;
    var seats = view.seats.map(function (s) { return s.seat; }).sort(function (a, b) {
      return (table[String(b)] || 0) - (table[String(a)] || 0);
    });
    // data-drop: the first a table short of room leaves out (the seat list beside has the numbers)
    return '<div data-drop="0"><h3>' + ui.esc(ui.t(p.scoring ? "ui.scores" : "ui.found")) + '</h3><table class="wtr-scores">' +
      seats.map(function (s) {
        return "<tr><td>" + ui.esc(ui.name(s)) + '</td><td class="num">' + (table[String(s)] || 0) + "</td></tr>";
      }).join("") + "</table></div>";
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
      case "overrule": return ui.t("ui.step_overrule", {gm: gm});
    }
    return ui.t("ui.step_over");
  }

  /* Whether the step from ``q`` to ``p`` judged a shown hand: "one" card
     fits, "none", or null.  A hand shown card by card passes through its
     own steps; one shown at once goes straight on (none fits: the player
     may guess, the row as it was; one fits: the row grows and the next
     player is on turn, where a fitting play would let its player guess). */
  function shownHand(p, q) {
    if (q.turn === null || q.turn === undefined) return null;
    var grew = (p.row || []).length > (q.row || []).length;
    if ((q.phase === "reveal" || q.phase === "judge_reveal") && p.phase !== q.phase) return grew ? "one" : "none";
    var took = q.phase === "turn" && (p.turns || {})[q.turn] > (q.turns || {})[q.turn];
    if (took && p.phase === "guess" && !grew && p.played === q.played) return "none";
    if (took && grew && p.phase !== "guess") return "one";
    return null;
  }

  K.games.what_the_rule = Object.assign(K.games.what_the_rule || {}, {
    table: function (view, ui) {
      var p = view.public;
      var out = '<div class="wtr">' + header(view, ui);
      var last = (p.results || [])[p.results.length - 1];
      if ((p.phase === "rule" || p.phase === "over") && last) out += ruleReveal(view, ui, last, true);
      // a large table (issue #25): smaller cards, the row's last nine places,
      // the newest two guesses (the rest in the log) and no points table
      // (the seat list beside shows the same numbers), so all fits 1280x800;
      // any table: the row's last seven places in large cards, each on one line
      var many = view.seats.length > 6;
      out += playersHtml(view, ui) + pendingHtml(view, ui, many ? "wtr-mid" : null);
      if (p.phase !== "rule" || last) {
        out += "<h3>" + ui.esc(ui.t("ui.row", {n: (p.row || []).length, played: p.played})) + "</h3>" +
          rowsHtml(view, ui, many ? "wtr-mid" : "wtr-big", many ? 9 : 7, true, many ? 3 : 2);
      }
      // (between rounds the rule box says who found it: a large table leaves the old guesses to the log)
      var guesses = many && (p.phase === "rule" || p.phase === "over") ? "" : guessesHtml(view, ui, many ? 2 : 0);
      // (the two columns side by side: where hiding either shortens nothing, both go, before a wrong guess's parting)
      out += '<div class="wtr-cols' + (many ? " wtr-many" : "") + '" data-drop="2"><div>' + hintsHtml(view, ui) + guesses + "</div><div>" +
        (many ? "" : scoresHtml(view, ui)) + "</div></div>";
      return out + "</div>";
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
      var shown = shownHand(p, q);
      if (shown) {
        out.push({tone: shown === "one" ? "good" : "news",
          text: ui.t(shown === "one" ? "ui.reveal_one_fits" : "ui.reveal_none_fits", {name: ui.name(q.turn)})});
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
  });
})();
