/* Factum: table and phone renderer (see static/games/README.md). */
(function () {
  "use strict";
  var C = (window.Companion = window.Companion || {});
  C.games = C.games || {};

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

  function teamsHtml(ui, r) {
    if (!r || !r.team_a || !r.team_a.length) return "";
    function one(team, members, captain) {
      var role = "";
      if (r.guessers) role = r.guessers === team ? ui.t("ui.guesses") : ui.t("ui.confuses");
      var list = members.map(function (s) {
        var n = ui.esc(ui.name(s));
        if (s === captain) {
          n = "<b>" + n + "</b> (" + ui.esc(ui.t(team === "A" ? "ui.teller" : "ui.judge")) +
            ", " + ui.esc(ui.t("ui.captain")) + ")";
        }
        return n;
      }).join(", ");
      return '<div class="factum-team factum-team-' + team + '"><b>' + ui.esc(teamLabel(ui, team)) +
        "</b>" + (role ? " — " + ui.esc(role) : "") + ": " + list + "</div>";
    }
    return one("A", r.team_a, r.teller) + one("B", r.team_b, r.judge);
  }

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
    var pts = Object.keys(rv.points).map(function (k) {
      return ui.esc(ui.name(+k)) + " +" + rv.points[k];
    });
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

  function awaitingHtml(ui, pub) {
    if (pub.step === "over" || !pub.awaited || !pub.awaited.length) return "";
    var who;
    if (pub.step === "volunteer" && pub.last_teller !== null && pub.last_teller !== undefined) {
      who = ui.esc(ui.t("ui.anyone", { name: ui.name(pub.last_teller) }));
    } else {
      who = names(ui, pub.awaited);
    }
    return '<p class="factum-awaiting">' + ui.esc(ui.t("ui.awaiting", { names: "" })) + who + "</p>";
  }

  function titleHtml(ui, pub) {
    if (!pub.title) return "";
    return "<p>" + ui.esc(ui.t("ui.title", { name: ui.name(pub.title.seat) })) +
      (pub.title.points ? "" : " " + ui.esc(ui.t("ui.title_nopoints"))) + "</p>";
  }

  function scoresHtml(ui, pub) {
    var seats = Object.keys(pub.scores).map(Number);
    seats.sort(function (a, b) { return pub.scores[b] - pub.scores[a] || a - b; });
    return '<ol class="factum-scores">' + seats.map(function (s) {
      return "<li>" + ui.esc(ui.name(s)) + ": " + pub.scores[s] + "</li>";
    }).join("") + "</ol>";
  }

  function winnersHtml(ui, pub) {
    if (!pub.winners) return "";
    return '<h2 class="factum-winners">' +
      ui.esc(ui.t("ui.winners", { names: pub.winners.map(ui.name).join(", ") })) + "</h2>";
  }

  C.games.factum = {
    table: function (view, ui) {
      var pub = view.public, r = pub.current;
      var html = '<div class="factum factum-table">';
      html += "<h2>" + ui.esc(ui.t("ui.round", { round: pub.round })) + " — " +
        ui.esc(ui.t("ui.step." + pub.step)) + "</h2>";
      html += "<p>" + ui.esc(ui.t("ui.target", { target: pub.target })) + "</p>";
      html += winnersHtml(ui, pub);
      html += awaitingHtml(ui, pub);
      if (r) {
        html += teamsHtml(ui, r);
        if (r.n) html += "<p><b>" + ui.esc(ui.t("ui.cards", { n: r.n, deck: r.deck })) + "</b></p>";
        if (pub.step === "vote" && pub.ballot === 2) {
          html += "<p>" + ui.esc(ui.t("ui.ballot2", { options: pub.vote_options.join(", ") })) + "</p>";
          var first = pub.ballots[0] || {};
          html += "<p>" + Object.keys(first).map(function (k) {
            return ui.esc(ui.name(+k)) + ": " + first[k];
          }).join(", ") + "</p>";
        }
        html += revealHtml(ui, r);
        html += bestHtml(ui, r, pub);
      }
      if (pub.last) {
        html += '<div class="factum-last"><h3>' + ui.esc(ui.t("ui.last_round")) + "</h3>" +
          teamsHtml(ui, pub.last) + revealHtml(ui, pub.last) + bestHtml(ui, pub.last, pub) + "</div>";
      }
      html += titleHtml(ui, pub);
      html += scoresHtml(ui, pub);
      return html + "</div>";
    },

    phone: function (view, ui) {
      var pub = view.public, you = view.you || {}, r = pub.current;
      var secret = you.secret || {};
      var html = '<div class="factum factum-phone">';
      html += winnersHtml(ui, pub);
      // what to do now
      var params = { names: pub.awaited ? pub.awaited.map(ui.name).join(", ") : "" };
      if (r && r.teller !== null && r.teller !== undefined) params.name = ui.name(r.teller);
      if (you.todo === "wait_decide" && r) params.name = ui.name(r.judge);
      var missing = (you.cards || []).filter(function (k) {
        return !secret.marks || secret.marks[k] === undefined;
      });
      params.cards = missing.map(function (k) { return ui.t("value." + k); }).join(", ");
      html += '<p class="factum-todo"><b>' + ui.esc(ui.t("todo." + you.todo, params)) + "</b></p>";
      // team and role
      if (you.team) {
        html += "<p>" + ui.esc(ui.t("ui.your_team", {
          team: teamLabel(ui, you.team), role: ui.t("ui." + you.role) })) + "</p>";
      }
      if (r && r.n) html += "<p>" + ui.esc(ui.t("ui.cards", { n: r.n, deck: r.deck })) + "</p>";
      if (pub.step === "vote" && pub.ballot === 2) {
        html += "<p>" + ui.esc(ui.t("ui.ballot2", { options: pub.vote_options.join(", ") })) + "</p>";
      }
      // your marks and votes, hidden until held
      var lines = [];
      var marks = secret.marks || {};
      Object.keys(marks).forEach(function (k) {
        lines.push(ui.esc(ui.t("value." + k)) + ": " + ui.esc(ui.t("ui.position")) + " " + marks[k]);
      });
      if (secret.vote !== null && secret.vote !== undefined) {
        lines.push(ui.esc(ui.t("ui.your_vote", { position: secret.vote })));
      }
      if (secret.best) {
        lines.push(ui.esc(ui.t("ui.your_best", { story: ui.t("value." + secret.best) })));
      }
      if (lines.length) {
        html += ui.secret("<p>" + ui.esc(ui.t("ui.your_marks")) + "</p><p>" + lines.join("<br>") + "</p>");
      }
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
