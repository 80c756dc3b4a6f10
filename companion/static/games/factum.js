/* Factum: table and phone renderer (see static/games/README.md). */
(function () {
  "use strict";
  var K = (window.Companion = window.Companion || {});
  K.games = K.games || {};

  // explain mode is on for this phone: its line (above the moves) says what to do now
  function explained(view) {
    return !!(view.explain && view.explain.now);
  }

  function names(ui, seats) {
    return (seats || []).map(function (s) { return ui.esc(ui.name(s)); }).join(", ");
  }

  function teamLabel(ui, team) {
    return ui.t(team === "A" ? "ui.team_a" : "ui.team_b");
  }

  function cardLabel(ui, item) {
    if (item.seat === null || item.seat === undefined) return ui.esc(ui.t("ui.deck"));
    var key = item.card === "story" ? "ui.story_card" :
      item.card === "second" ? "ui.second_card" : "ui.own_card";
    return ui.esc(ui.t(key, { name: ui.name(item.seat) }));
  }

  /* The round's points per seat, in seat order: the reveal's and, once the
     best-story vote is counted, its +3 (or the old holder's -3) too (issue
     #40: "points this round" left the title's +3 out). */
  function roundPoints(r) {
    var total = {}, rv = r.reveal, best = r.best && r.best.result ? r.best.points || {} : {};
    [rv ? rv.points : {}, best].forEach(function (pts) {
      Object.keys(pts).forEach(function (k) { total[k] = (total[k] || 0) + pts[k]; });
    });
    return Object.keys(total).sort(function (a, b) { return a - b; }).map(function (k) { return [+k, total[k]]; });
  }
  function signed(n) { return (n < 0 ? "\u2212" + -n : "+" + n); }

  function revealHtml(ui, r) {
    var rv = r && r.reveal;
    if (!rv) return "";
    var last = rv.ballots.length ? rv.ballots[rv.ballots.length - 1] : {};
    var rows = rv.layout.map(function (item) {
      var voters = [];
      Object.keys(last).forEach(function (k) { if (last[k] === item.position) voters.push(+k); });
      var cls = item.position === rv.chosen ? ' class="factum-chosen"' : "";
      return "<tr" + cls + "><td>" + item.position + "</td><td>" + cardLabel(ui, item) +
        "</td><td>" + names(ui, voters) +
        (item.position === rv.chosen ? " ← " + ui.esc(ui.t("ui.chosen")) : "") + "</td></tr>";
    }).join("");
    var html = '<div class="factum-reveal"><h3>' + ui.esc(ui.t("ui.reveal")) + "</h3>";
    if (rv.ballots.length > 1) {
      var first = rv.ballots[0];
      html += "<p>" + Object.keys(first).map(function (k) {
        return ui.esc(ui.name(+k)) + ": " + first[k];
      }).join(", ") + "</p>";
    }
    html += "<table><tr><th>" + ui.esc(ui.t("ui.position")) + "</th><th>" +
      ui.esc(ui.t("ui.owner")) + "</th><th>" + ui.esc(ui.t("ui.votes")) + "</th></tr>" +
      rows + "</table>";
    html += "<p><b>" + ui.esc(rv.correct ?
      ui.t("ui.right", { team: teamLabel(ui, rv.winners) }) :
      ui.t("ui.wrong", { story: rv.story, team: teamLabel(ui, rv.winners) })) + "</b> " +
      (rv.random ? ui.esc(ui.t("ui.random")) : "") + "</p>";
    var pts = roundPoints(r).map(function (p) { return ui.esc(ui.name(p[0])) + " " + signed(p[1]); });
    if (pts.length) html += "<p>" + ui.esc(ui.t("ui.points")) + ": " + pts.join(", ") + "</p>";
    return html + "</div>";
  }

  function bestHtml(ui, r, pub) {
    if (!r) return "";
    var html = "";
    if (r.title_compared !== null && r.title_compared !== undefined && r.teller !== null) {
      html += "<p>" + ui.esc(ui.t("ui.best_vs", {
        current: ui.name(r.teller), title: ui.name(r.title_compared) })) + "</p>";
    }
    if (r.best && r.best.result) {
      html += "<p>" + ui.esc(ui.t("ui.best_result." + r.best.result)) + "</p>";
    }
    if (r.best_votes) {
      html += "<p>" + Object.keys(r.best_votes).map(function (k) {
        return ui.esc(ui.name(+k)) + ": " + ui.esc(ui.t("value." + r.best_votes[k]));
      }).join(", ") + "</p>";
    }
    return html ? '<div class="factum-best">' + html + "</div>" : "";
  }

  function titleHtml(ui, pub) {
    if (!pub.title) return "";
    return "<p>" + ui.esc(ui.t("ui.title", { name: ui.name(pub.title.seat) })) +
      (pub.title.points ? "" : " " + ui.esc(ui.t("ui.title_nopoints"))) + "</p>";
  }

  /* --- the table: teams, the cards laid out, the reveal -------------------- */
  function teamBox(ui, r, team) {
    var members = team === "A" ? r.team_a : r.team_b, captain = team === "A" ? r.teller : r.judge;
    var role = r.guessers ? (r.guessers === team ? ui.t("ui.guesses") : ui.t("ui.confuses")) : "";
    // the captain first, as they would sit at the head of the team
    var list = members.slice().sort(function (a, b) { return (b === captain) - (a === captain); }).map(function (s) {
      var cap = s === captain && captain !== null && captain !== undefined;
      return '<li class="' + (cap ? "fx-captain" : "") + '"><span class="fx-member">' + ui.esc(ui.name(s)) + "</span>" +
        (cap ? '<small>' + ui.esc(ui.t(team === "A" ? "ui.teller" : "ui.judge")) + ", " + ui.esc(ui.t("ui.captain")) + "</small>" : "") +
        "</li>";
    }).join("");
    return '<div class="fx-team fx-team-' + team + (r.guessers ? (r.guessers === team ? " fx-guess" : " fx-confuse") : "") +
      '"><h3>' + ui.esc(teamLabel(ui, team)) + (role ? ' <span class="fx-role">' + ui.esc(role) + "</span>" : "") +
      "</h3><ul>" + list + "</ul></div>";
  }

  function lastBallot(pub, r) {
    var rv = r.reveal;
    if (rv && rv.ballots.length) return rv.ballots[rv.ballots.length - 1];
    return {};
  }

  // the N cards as they lie face up; after the reveal each says whose it was
  function cardsRow(view, ui, r) {
    var pub = view.public, rv = r.reveal, n = r.n;
    if (!n) return "";
    var ballot = lastBallot(pub, r), options = pub.ballot === 2 ? pub.vote_options : null;
    var out = '<div class="fx-cards' + (rv ? " fx-open" : "") + '">';
    for (var pos = 1; pos <= n; pos++) {
      var item = rv ? rv.layout[pos - 1] : null, voters = [];
      Object.keys(ballot).forEach(function (k) { if (ballot[k] === pos) voters.push(+k); });
      var cls = "fx-card" + (item ? " fx-card-" + (item.seat === null || item.seat === undefined ? "deck" : item.card) : "") +
        (rv && rv.chosen === pos ? " fx-chosen" : "") + (options && options.indexOf(pos) < 0 ? " fx-dim" : "");
      var text = (item ? '<span class="fx-owner">' + cardLabel(ui, item) + "</span>" : "") +
        (voters.length ? '<span class="fx-voters">' + names(ui, voters) + "</span>" : "") +
        (rv && rv.chosen === pos ? '<span class="fx-chosen-tag">' + ui.esc(ui.t("ui.chosen")) + "</span>" : "");
      out += '<div class="' + cls + '" data-position="' + pos + '"><span class="fx-pos">' + pos + "</span>" +
        (text ? '<span class="fx-card-text">' + text + "</span>" : "") + "</div>";
    }
    return out + "</div>";
  }

  function resultBox(ui, r) {
    var rv = r.reveal;
    if (!rv) return "";
    var pts = roundPoints(r).map(function (p) {
      return '<span class="fx-pts">' + ui.esc(ui.name(p[0])) + " " + signed(p[1]) + "</span>";
    });
    return '<div class="fx-result ' + (rv.correct ? "fx-right" : "fx-wrong") + '"><b>' + ui.esc(rv.correct ?
      ui.t("ui.right", {team: teamLabel(ui, rv.winners)}) :
      ui.t("ui.wrong", {story: rv.story, team: teamLabel(ui, rv.winners)})) + "</b> " +
      (rv.random ? ui.esc(ui.t("ui.random")) : "") +
      (pts.length ? ' <span class="fx-points">' + ui.esc(ui.t("ui.points")) + ":" + pts.join(" ") + "</span>" : "") + "</div>";
  }

  /* After the reveal the cards name their owners: each team in one line
     (the captain first), so the cards, the result and the best-story vote
     fit beside ten players (issue #25). */
  function teamLine(ui, r, team) {
    var members = team === "A" ? r.team_a : r.team_b, captain = team === "A" ? r.teller : r.judge;
    var role = r.guessers ? (r.guessers === team ? ui.t("ui.guesses") : ui.t("ui.confuses")) : "";
    var list = members.slice().sort(function (a, b) { return (b === captain) - (a === captain); }).map(function (s) {
      return '<span class="fx-member' + (s === captain ? " fx-cap" : "") + '">' + ui.esc(ui.name(s)) + "</span>";
    }).join(" ");
    return '<div class="fx-team-line fx-team-' + team + (r.guessers ? (r.guessers === team ? " fx-guess" : " fx-confuse") : "") +
      '"><b>' + ui.esc(teamLabel(ui, team)) + "</b>" + (role ? ' <span class="fx-role">' + ui.esc(role) + "</span>" : "") +
      " " + list + "</div>";
  }

  function roundBoard(view, ui, r) {
    var pub = view.public, html = "";
    if (r.team_a && r.team_a.length) {
      html += r.reveal ? '<div class="fx-teams-short">' + teamLine(ui, r, "A") + teamLine(ui, r, "B") + "</div>"
        : '<div class="fx-teams">' + teamBox(ui, r, "A") + teamBox(ui, r, "B") + "</div>";
    }
    // after the reveal the deck's cards say so themselves
    if (r.n && !r.reveal) html += '<p class="fx-deck">' + ui.esc(ui.t("ui.cards", {n: r.n, deck: r.deck})) + "</p>";
    if (r === pub.current && pub.step === "vote" && pub.ballot === 2) {
      html += '<p class="fx-ballot2">' + ui.esc(ui.t("ui.ballot2", {options: pub.vote_options.join(", ")})) + "</p>";
    }
    html += cardsRow(view, ui, r) + resultBox(ui, r) + bestHtml(ui, r, pub);
    return html;
  }

  function tableBoard(view, ui) {
    var pub = view.public, r = pub.current;
    var html = '<div class="fx"><div class="fx-info"><span>' + ui.esc(ui.t("ui.round", {round: pub.round})) + "</span> <span>" +
      ui.esc(ui.t("ui.target", {target: pub.target})) + "</span>" +
      (pub.title ? ' <span class="fx-title">♕ ' + ui.esc(ui.t("ui.title", {name: ui.name(pub.title.seat)})) +
        (pub.title.points ? "" : " " + ui.esc(ui.t("ui.title_nopoints"))) + "</span>" : "") + "</div>";
    if (r) html += roundBoard(view, ui, r);
    else if (pub.last) html += '<div class="fx-last"><h3>' + ui.esc(ui.t("ui.last_round")) + "</h3>" + roundBoard(view, ui, pub.last) + "</div>";
    return html + "</div>";
  }

  function headline(view, ui) {
    var pub = view.public;
    var step = pub.step === "vote" && pub.ballot === 2 ? ui.t("ui.ballot2", {options: pub.vote_options.join(", ")})
      : ui.t("ui.step." + pub.step);
    // whom it waits for (a race: "whoever is first") comes from view.waiting, as on the phones
    return {step: step, waiting: pub.awaited || []};
  }

  /* --- what the table announces ---------------------------------------------
     Worked out from the public state before and after (never from the log):
     the reveal (where the story card lay, what was chosen, the points: a tie
     decided by chance is said on the board, the card stays short), the
     best-story result, a revote, the winners. */
  function chosenCard(ui, item) {
    if (!item || item.seat === null || item.seat === undefined) return ui.t("ui.deck_card");
    var key = item.card === "story" ? "ui.story_card" : item.card === "second" ? "ui.second_card" : "ui.own_card";
    return ui.t(key, {name: ui.name(item.seat)});
  }

  function revealNews(ui, r) {
    var rv = r.reveal, team = teamLabel(ui, rv.winners);
    var text = rv.correct
      ? ui.t("ui.reveal_right", {story: rv.story, name: ui.name(r.teller), team: team})
      : ui.t("ui.reveal_wrong", {chosen: rv.chosen, card: chosenCard(ui, rv.layout[rv.chosen - 1]), story: rv.story, team: team});
    var pts = Object.keys(rv.points).sort(function (a, b) { return a - b; })
      .map(function (k) { return ui.name(+k) + "\u00a0+" + rv.points[k]; });   // a name and its points on one line
    if (pts.length) text += " " + ui.t("ui.points") + ": " + pts.join(", ");
    return {tone: rv.correct ? "good" : "bad", text: text};
  }

  function bestNews(ui, r) {
    var b = r.best, points = b.points || {}, holder = b.holder;
    if (b.result === "first") return {tone: "news", text: ui.t("log.first_title", {seat: ui.name(r.teller)})};
    if (b.result === "current") {
      var lost = holder !== undefined && points[String(holder)] < 0;
      return {tone: "good", text: ui.t("log.best_current", {seat: ui.name(r.teller)}) +
        (lost ? " " + ui.t("log.best_loses", {seat: ui.name(holder)}) : "")};
    }
    if (b.result === "title" && points[String(holder)] > 0) {
      return {tone: "good", text: ui.t("log.best_title_first", {seat: ui.name(holder)})};
    }
    if (b.result === "title" || b.result === "tie") return {tone: "news", text: ui.t("log.best_keep", {seat: ui.name(holder)})};
    return null;   // the teller already held the title: nothing was voted
  }

  function decisive(view, prev, ui) {
    var pub = view.public, old = prev.public || {}, out = [];
    if (!old.step) return out;
    var r = pub.current || pub.last, was = old.current || old.last;
    var same = was && r && was.round === r.round;
    if (r && r.reveal && !(same && was.reveal)) out.push(revealNews(ui, r));
    if (r && r.best && r.best.result && !(same && was.best && was.best.result)) {
      var best = bestNews(ui, r);
      if (best) out.push(best);
    }
    if (pub.step === "vote" && pub.ballot === 2 && old.ballot !== 2) {
      out.push({tone: "news", text: ui.t("ui.ballot2", {options: pub.vote_options.join(", ")})});
    }
    if (pub.winners && pub.winners.length && !(old.winners && old.winners.length)) {
      var top = Math.max.apply(null, pub.winners.map(function (s) { return pub.scores[String(s)] || 0; }));
      out.push({tone: "win", text: ui.t("log.game_over", {score: top, seats: pub.winners.map(ui.name).join(", ")})});
    }
    return out;
  }

  /* The bar's sheet (issue #45: one reveal control, the bar): the seat's own
     marks, its team vote and its best-story ballot. */
  function secretHtml(view, ui) {
    var secret = (view.you && view.you.secret) || {}, lines = [];
    var marks = secret.marks || {};
    // in the cards' order, not the order they were marked in (issue #40: the lines swapped)
    ["story", "second", "own"].filter(function (k) { return marks[k] !== undefined; }).forEach(function (k) {
      lines.push(ui.esc(ui.t("value." + k)) + ": " + ui.esc(ui.t("ui.position")) + " " + marks[k]);
    });
    if (secret.vote !== null && secret.vote !== undefined) {
      lines.push(ui.esc(ui.t("ui.your_vote", { position: secret.vote })));
    }
    if (secret.best) {
      lines.push(ui.esc(ui.t("ui.your_best", { story: ui.t("value." + secret.best) })));
    }
    if (!lines.length) return "";
    return '<div class="factum-secret" data-key="marks"><h3>' + ui.esc(ui.t("ui.your_marks")) + "</h3><p>" +
      lines.join("<br>") + "</p></div>";
  }

  /* The phone's line above the moves: what this seat does now (whom the game
     waits for is the top line's). Explain mode's line says it in more words,
     in the same place: then it is not said twice (issue #45). */
  function stepText(view, ui) {
    var pub = view.public, you = view.you || {}, r = pub.current, secret = you.secret || {};
    if (explained(view) || !you.todo) return "";
    var params = {};
    if (r && r.teller !== null && r.teller !== undefined) params.name = ui.name(r.teller);
    if (you.todo === "wait_decide" && r) params.name = ui.name(r.judge);
    var missing = (you.cards || []).filter(function (k) {
      return !secret.marks || secret.marks[k] === undefined;
    });
    var cards = missing.map(function (k) { return ui.t("value." + k); });
    params.cards = cards.length > 1 ? K.t("page.list_and", { first: cards.slice(0, -1).join(", "), last: cards[cards.length - 1] })
      : cards.join("");
    return ui.t("todo." + you.todo, params);
  }

  K.games.factum = {
    // a choice's words where they may break (ui.label.*: German soft hyphens), else the value's
    label: function (view, ui, field, value) {
      return field === "card" || field === "story" ? K.gt(view.game, "ui.label." + value) : null;
    },
    table: tableBoard,
    secret: secretHtml,
    step: stepText,
    headline: headline,
    decisive: decisive,

    phone: function (view, ui) {
      var pub = view.public, you = view.you || {}, r = pub.current;
      // at the end the top line and the phone's own ending card name the winners: not thrice
      var html = '<div class="factum factum-phone">';
      // team and role
      if (you.team) {
        html += "<p>" + ui.esc(ui.t("ui.your_team", {
          team: teamLabel(ui, you.team), role: ui.t("ui." + you.role) })) + "</p>";
      }
      // how many cards lie out, while they are marked and voted on (issue #40: it stayed for the
      // best-story vote; after the reveal each card says whose it was)
      if (r && r.n && !r.reveal) html += "<p>" + ui.esc(ui.t("ui.cards", { n: r.n, deck: r.deck })) + "</p>";
      if (pub.step === "vote" && pub.ballot === 2) {
        html += "<p>" + ui.esc(ui.t("ui.ballot2", { options: pub.vote_options.join(", ") })) + "</p>";
      }
      // your marks and votes: in the bar's sheet (the secret hook), never a second control here
      if (r) {
        html += revealHtml(ui, r);
        html += bestHtml(ui, r, pub);
      } else if (pub.last) {
        html += revealHtml(ui, pub.last);
      }
      html += titleHtml(ui, pub);
      return html + "</div>";
    },
  };
})();
