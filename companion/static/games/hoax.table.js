/* Die Erben von HOAX: what only the table draws (the table page links this
   part beside hoax.js; a phone never loads it): the board as it lies on the
   real table, its top line and what to announce.  The helpers it shares are
   hoax.js's (Companion.hoax), looked up when drawing: either file may load first. */
(function () {
  "use strict";
  var K = typeof Companion !== "undefined" ? Companion : (window.Companion = window.Companion || {});
  K.games = K.games || {};
  function h() { return K.hoax; }
  function icon(id) { return h().ICON[id]; }
  function idName(ui, id) { return h().idName(ui, id); }
  function claimById(view, id) { return h().claimById(view, id); }
  function claimWhat(view, ui, c) { return h().claimWhat(view, ui, c); }
  function claimWords(view, ui, c) { return h().claimWords(view, ui, c); }
  function doubtCount(ui, d) { return h().doubtCount(ui, d); }
  function original(view) { return h().original(view); }
  function noPoints(view) { return h().noPoints(view); }

  /* --- the board as it lies on the real table ------------------------------ */
  function live(view) { return view.status === "playing"; }

  // one identity card of a player's card; a covered one lies face down, struck
  function tableCard(ui, id, covered) {
    return '<span class="hx-card' + (covered ? " hx-down" : "") + '" data-identity="' + id + '" title="' +
      ui.esc(idName(ui, id)) + '"><span class="hx-icon" aria-hidden="true">' + icon(id) + '</span>' +
      '<span class="hx-label">' + ui.esc(idName(ui, id)) + "</span></span>";
  }

  function playerRow(view, ui, p) {
    var pub = view.public, on = live(view);
    var next = on && pub.to_move === p.seat && pub.step === "turn";
    var cls = "hx-row" + (p.in_round ? "" : " hx-out") + (next ? " hx-next" : "") +
      (on && pub.step === "cover" && !p.covered ? " hx-waits" : "");
    var shown = p.revealed || (pub.identities ? pub.identities[String(p.seat)] : null);
    var state = "";
    if (!p.in_round) state = '<span class="hx-tag hx-tag-out">' + ui.esc(ui.t("ui.out")) + "</span>";
    else if (on && pub.step === "cover" && !p.covered) state = '<span class="hx-tag">' + ui.esc(ui.t("ui.waiting_cover")) + "</span>";
    return '<div class="' + cls + '" data-seat="' + p.seat + '"><div class="hx-who"><span class="hx-name">' +
      (next ? '<span class="hx-arrow" aria-hidden="true">▶</span>' : "") + ui.esc(ui.name(p.seat)) + "</span>" + state +
      (p.first_identity ? firstCard(ui, p.first_identity) : "") +
      '</div><div class="hx-cards">' + h().IDS.map(function (id) { return tableCard(ui, id, p.covers.indexOf(id) >= 0); }).join("") +
      '</div><div class="hx-shown">' + (shown ? openCard(ui, shown) : "") + "</div></div>";
  }

  function openCard(ui, id) {
    return '<span class="hx-card hx-open" data-identity="' + id + '" title="' + ui.esc(idName(ui, id)) +
      '"><span class="hx-icon">' + icon(id) + '</span><span class="hx-label">' + ui.esc(idName(ui, id)) + "</span></span>";
  }

  // the card a player showed before taking a second identity (§12.3): under the name
  function firstCard(ui, id) {
    return '<span class="hx-tag hx-first" data-identity="' + id + '">' + ui.esc(ui.t("ui.first_identity")) + ": " +
      "<b>" + icon(id) + " " + ui.esc(idName(ui, id)) + "</b></span>";
  }

  // the doubt meter: one pip per doubter needed, filled by those who doubt; a
  // decided doubt says only how many doubted ("needed" is today's number: after
  // a player left it would read "2 doubting, 1 needed")
  function meter(ui, d) {
    var pips = "", open = d.status === "open";
    for (var i = 0; i < (open ? Math.max(d.needed, d.count) : d.count); i++) pips += '<span class="hx-pip' + (i < d.count ? " on" : "") + '"></span>';
    var mark = {right: "✓", wrong: "✗", open: "?!"}[d.status] || "—";
    return '<div class="hx-meter hx-meter-' + d.status + '"><span class="hx-mark">' + mark + "</span>" + pips +
      '<span class="hx-count">' + ui.esc(doubtCount(ui, d)) + "</span></div>";
  }

  function claimCard(view, ui, c) {
    var pub = view.public;
    var cls = "hx-claim" + (c.void ? " hx-void" : "") + (pub.doubt === c.id ? " hx-doubted" : "");
    var what = ui.esc(claimWhat(view, ui, c));
    return '<div class="' + cls + '" data-claim="' + c.id + '"><div class="hx-claim-head"><b>#' + c.id + "</b> " +
      ui.esc(ui.name(c.seat)) + "</div>" + tableCard(ui, c.identity, false) +
      (what ? '<div class="hx-claim-what">' + what + "</div>" : "") +
      (c.void ? '<div class="hx-tag hx-tag-void">' + ui.esc(ui.t("ui.void")) + "</div>" : "") +
      (c.doubt ? meter(ui, c.doubt) : "") + "</div>";
  }

  // the headline says round and step while the game runs; afterwards the board does
  function tableInfo(view, ui) {
    if (live(view)) return "";
    var pub = view.public, bits = ['<span class="hx-round">' + ui.esc(ui.t("ui.round")) + " " + pub.round + "</span>"];
    if (pub.final) bits.push('<span class="hx-badge hx-final-badge">' + ui.esc(ui.t("ui.final")) + "</span>");
    if (live(view) && pub.step === "show" && pub.pending) {
      bits.push('<span class="hx-pending">' + ui.esc(ui.t("ui.pending", {target: ui.name(pub.pending.target),
        buyer: ui.name(pub.pending.buyer), n: pub.pending.n})) + "</span>");
    }
    return '<div class="hx-info">' + bits.join(" ") + "</div>";
  }

  function tableLastRound(view, ui) {
    var lr = view.public.last_round;
    if (!lr || view.public.identities) return "";
    var items = Object.keys(lr.identities).map(function (s) {
      return '<li><span class="hx-icon">' + icon(lr.identities[s]) + "</span> " + ui.esc(ui.name(Number(s))) +
        ": " + ui.esc(idName(ui, lr.identities[s])) + "</li>";
    });
    // data-drop: a table short of room leaves the last round to the log
    return '<div class="hx-last" data-drop="1"><h3>' + ui.esc(ui.t("ui.last_round")) + " " + lr.round + " — " +
      ui.esc(ui.t("log.final_won", {who: ui.name(lr.winner), loser: ui.name(lr.loser)})) + "</h3><ul>" + items.join("") + "</ul></div>";
  }

  function tableBoard(view, ui) {
    var pub = view.public;
    var claimsHtml = (pub.claims || []).length ? '<div class="hx-claims"><h3>' + ui.esc(ui.t("ui.claims")) + "</h3>" +
      '<div class="hx-claim-row">' + pub.claims.map(function (c) { return claimCard(view, ui, c); }).join("") + "</div></div>" : "";
    // the open claims first: they are what the table argues about
    return '<div class="hx">' + noPoints(view) + tableInfo(view, ui) + claimsHtml + '<div class="hx-rows">' +
      pub.players.map(function (p) { return playerRow(view, ui, p); }).join("") + "</div>" +
      tableLastRound(view, ui) + "</div>";
  }

  // the top line of the table screen: the step and whom the game waits for
  function headline(view, ui) {
    var pub = view.public;
    if (pub.recover) {   // a second identity card being covered (§12.3)
      return {step: ui.t("action.cover"), text: ui.t("ui.recover", {who: ui.name(pub.recover.seat), n: pub.recover.left}),
        waiting: [pub.recover.seat]};
    }
    if (pub.step === "cover") {
      return {step: ui.t("action.cover"), waiting: pub.players.filter(function (p) { return !p.covered; })
        .map(function (p) { return p.seat; })};
    }
    if (pub.step === "show" && pub.pending) {
      return {step: ui.t("ui.pending", {target: ui.name(pub.pending.target), buyer: ui.name(pub.pending.buyer),
        n: pub.pending.n}), waiting: [pub.pending.target]};
    }
    if (pub.step === "doubt") {
      var c = claimById(view, pub.doubt);
      if (c && c.doubt) {
        var answered = c.doubt.supporters.concat(c.doubt.declined);
        return {step: "?! " + ui.t("action.doubt") + " — " + claimWords(view, ui, c),
          waiting: pub.players.filter(function (p) {
            return p.in_round && p.seat !== c.seat && answered.indexOf(p.seat) < 0;
          }).map(function (p) { return p.seat; })};
      }
    }
    var step = ui.t("ui.round") + " " + pub.round + (pub.final ? " · " + ui.t("ui.final") : "");
    return {step: step, label: ui.t("ui.to_move"), waiting: pub.to_move === null || pub.to_move === undefined ? [] : [pub.to_move]};
  }

  /* --- what the table announces --------------------------------------------
     Worked out from the public state before and after (never from the log):
     a doubt decided, an accusation, a player out, the final, the round's end,
     the winner; the throne points they brought go with the first of them. */
  function bySeat(players) {
    var out = {};
    (players || []).forEach(function (p) { out[p.seat] = p; });
    return out;
  }

  function doubtNews(view, prev, ui, told) {
    var pub = view.public, old = prev.public, out = [], before = {};
    var was = bySeat(old.players), now = bySeat(pub.players), same = pub.round === old.round;
    (old.claims || []).forEach(function (c) { before[c.id] = c; });
    (pub.claims || []).forEach(function (c) {
      var d = c.doubt, earlier = before[c.id] && before[c.id].doubt;
      if (!d || (earlier && earlier.status === d.status)) return;
      var p = {claimant: ui.name(c.seat), identity: idName(ui, c.identity)}, key = null, tone = "news";
      if (d.status === "right") {
        key = original(view) ? "ui.doubt_right_original" : "ui.doubt_right";
        tone = "good";
      } else if (d.status === "wrong") {
        var me = now[c.seat] || {}, then = (same && was[c.seat]) || {};
        tone = "bad";
        if (me.out && !then.out) { key = "ui.doubt_wrong_out"; told[c.seat] = true; }
        else if (me.first_identity && !then.first_identity) key = "ui.doubt_wrong_second";
        else if (pub.winner === c.seat && original(view)) { key = "ui.doubt_wrong_wins"; told.winner = true; }
        else key = "ui.doubt_wrong";
      } else if (d.status === "collapsed") {
        key = "ui.doubt_collapsed";
      }
      if (key) out.push({tone: tone, text: ui.t(key, p)});
    });
    return out;
  }

  function accusationNews(view, prev, ui, told) {
    var turn = view.public.turn, oldTurn = prev.public.turn;
    if (!turn || turn.type !== "accuse" || (oldTurn && oldTurn.n >= turn.n)) return [];
    var a = {who: ui.name(turn.player), target: ui.name(turn.target)};
    told[turn.right ? turn.target : turn.player] = true;
    return [{tone: turn.right ? "good" : "bad", text: ui.t(turn.right ? "ui.accuse_right" : "ui.accuse_wrong", a)}];
  }

  // players out this round not told yet (the original HOAX's accusations
  // leave the turn alone: only who went out shows)
  function outNews(view, prev, ui, told) {
    var pub = view.public, old = prev.public, out = [];
    if (pub.round !== old.round) return out;
    var was = bySeat(old.players);
    pub.players.forEach(function (p) {
      if (!p.out || (was[p.seat] && was[p.seat].out) || told[p.seat]) return;
      var key = p.out === "accused" ? "ui.out_accused" : p.out === "accuser" ? "ui.out_accuser" : "ui.player_out";
      out.push({tone: "bad", text: ui.t(key, {who: ui.name(p.seat)})});
    });
    return out;
  }

  // "Throne points: Christian +3, Petra +1." (none in the original HOAX)
  function gained(view, prev, ui) {
    var was = bySeat(prev.public.players), list = [];
    view.public.players.forEach(function (p) {
      var before = was[p.seat] ? was[p.seat].points : p.points;
      if (p.points > before) list.push(ui.name(p.seat) + "\u00a0+" + (p.points - before));
    });
    return list.length ? ui.t("ui.gained", {list: list.join(", ")}) : "";
  }

  function decisive(view, prev, ui) {
    var pub = view.public, old = prev.public || {}, told = {};
    if (!old.players || !pub.players) return [];
    var out = doubtNews(view, prev, ui, told).concat(accusationNews(view, prev, ui, told), outNews(view, prev, ui, told));
    var points = gained(view, prev, ui), lr = pub.last_round, ends = [];
    if (pub.final && !old.final && pub.round === old.round) {
      var two = pub.players.filter(function (p) { return p.in_round; });
      if (two.length === 2) ends.push({tone: "news", text: ui.t("log.final_begins", {a: ui.name(two[0].seat), b: ui.name(two[1].seat)})});
    }
    if (lr && (!old.last_round || old.last_round.round < lr.round)) {
      // the final's points belong to its result
      ends.push({tone: "good", text: ui.t("log.final_won", {who: ui.name(lr.winner), loser: ui.name(lr.loser)}) + " " +
        ui.t("log.round_end", {round: lr.round}) + (points ? " " + points : "")});
      points = "";
    }
    if (points) {
      if (out.length) out[0].text += " " + points;
      else out.push({tone: "news", text: points});
    }
    out = out.concat(ends);
    if (pub.winner !== null && pub.winner !== undefined && (old.winner === null || old.winner === undefined) && !told.winner) {
      var last = pub.players.filter(function (p) { return p.in_round; }).length === 1 && original(view);
      out.push({tone: "win", text: ui.t(last ? "log.last_one_wins" : "log.wins", {who: ui.name(pub.winner)})});
    }
    return out;
  }

  K.games.hoax = Object.assign(K.games.hoax || {}, {
    table: tableBoard,
    headline: headline,
    decisive: decisive,
  });
})();
