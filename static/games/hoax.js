/* Die Erben von HOAX — table and phone renderer (see static/games/README.md). */
(function () {
  "use strict";
  var IDS = ["baron", "monk", "judge", "trader", "magician", "thief", "farmer"];
  var ICON = {baron: "♔", monk: "✝", judge: "⚖", trader: "⚗", magician: "✦", thief: "✂", farmer: "❦"};

  function idName(ui, id) { return ui.t("value." + id); }

  function idChip(ui, id, cls) {
    return '<span class="hoax-id hoax-id-' + id + (cls ? " " + cls : "") + '" title="' +
      ui.esc(idName(ui, id)) + '">' + ICON[id] + " " + ui.esc(idName(ui, id)) + "</span>";
  }

  function board(ui, covers) {
    // the seven heads of the identity card; covered ones are blacked out
    return '<span class="hoax-board">' + IDS.map(function (id) {
      var c = covers.indexOf(id) >= 0;
      return '<span class="hoax-head' + (c ? " hoax-covered" : "") + '" title="' +
        ui.esc(idName(ui, id)) + '">' + (c ? "<s>" + ICON[id] + "</s>" : ICON[id]) + "</span>";
    }).join("") + "</span>";
  }

  function claimParams(ui, c) {
    var p = c.params || {}, bits = [];
    if (c.action) bits.push(ui.t("value." + c.action));
    if (c.kind !== "action") bits.push(ui.t("value." + c.kind));
    if (p.amount) bits.push(String(p.amount));
    if (p.resource) bits.push(ui.t("value." + p.resource));
    if (p.give) bits.push(ui.t("value." + p.give) + " → " + ui.t("value." + p.get));
    if (p["with"] !== undefined) bits.push(p["with"] === "bank" ? ui.t("value.bank") : ui.name(p["with"]));
    if (p.target !== undefined) bits.push(ui.name(p.target));
    if (p.against) bits.push(ui.t("value." + p.against));
    return bits.map(ui.esc).join(" · ");
  }

  function claims(view, ui) {
    var pub = view.public;
    if (!pub.claims || !pub.claims.length) return "";
    var rows = pub.claims.map(function (c) {
      var d = c.doubt, doubt = "";
      if (d) {
        doubt = '<span class="hoax-doubt hoax-doubt-' + d.status + '">?! ' + d.count + "/" +
          d.needed + " " + ui.esc(ui.t("ui.doubters")) + "</span>";
      }
      return '<li class="hoax-claim' + (c.void ? " hoax-void" : "") + (pub.doubt === c.id ? " hoax-open" : "") +
        '"><b>#' + c.id + "</b> " + ui.esc(ui.name(c.seat)) + " " + idChip(ui, c.identity) + " " +
        claimParams(ui, c) + (c.void ? ' <span class="hoax-tag">' + ui.esc(ui.t("ui.void")) + "</span>" : "") +
        " " + doubt + "</li>";
    });
    return '<div class="hoax-claims"><h3>' + ui.esc(ui.t("ui.claims")) + "</h3><ul>" + rows.join("") + "</ul></div>";
  }

  function header(view, ui) {
    var pub = view.public, out = '<div class="hoax-head-line">' + ui.esc(ui.t("ui.round")) + " " + pub.round;
    if (pub.final) out += ' · <b class="hoax-final">' + ui.esc(ui.t("ui.final")) + "</b>";
    if (pub.winner !== null && pub.winner !== undefined) {
      out += ' · <b class="hoax-winner">♛ ' + ui.esc(ui.t("ui.winner")) + ": " + ui.esc(ui.name(pub.winner)) + "</b>";
    } else if (pub.step === "cover") {
      out += " · " + ui.esc(ui.t("action.cover"));
    } else if (pub.step === "show" && pub.pending) {
      out += " · " + ui.esc(ui.t("ui.pending", {target: ui.name(pub.pending.target),
        buyer: ui.name(pub.pending.buyer), n: pub.pending.n}));
    } else if (pub.step === "doubt") {
      out += ' · <b class="hoax-final">?! ' + ui.esc(ui.t("action.doubt")) + " #" + pub.doubt + "</b>";
    } else if (pub.to_move !== null && pub.to_move !== undefined) {
      out += " · " + ui.esc(ui.t("ui.to_move")) + ": <b>" + ui.esc(ui.name(pub.to_move)) + "</b>";
    }
    return out + "</div>";
  }

  function players(view, ui) {
    var pub = view.public;
    var rows = pub.players.map(function (p) {
      var cls = "hoax-player" + (p.in_round ? "" : " hoax-out") + (pub.to_move === p.seat ? " hoax-next" : "") +
        (pub.turn && pub.turn.player === p.seat ? " hoax-acting" : "");
      var status = "";
      if (pub.step === "cover" && !p.covered) status = ui.esc(ui.t("ui.waiting_cover"));
      if (!p.in_round) status = ui.esc(ui.t("ui.out"));
      if (p.revealed) status += " " + idChip(ui, p.revealed, "hoax-revealed");
      if (pub.identities) status += " " + idChip(ui, pub.identities[String(p.seat)], "hoax-revealed");
      return '<tr class="' + cls + '"><td>' + (pub.to_move === p.seat ? "▶ " : "") + ui.esc(ui.name(p.seat)) +
        "</td><td>" + board(ui, p.covers) + "</td><td>" + status + '</td><td class="hoax-pts">' +
        p.points + "</td></tr>";
    });
    return '<table class="hoax-players"><thead><tr><th></th><th>' + ui.esc(ui.t("ui.covers")) +
      "</th><th></th><th>" + ui.esc(ui.t("ui.points")) + "</th></tr></thead><tbody>" + rows.join("") +
      "</tbody></table>";
  }

  function lastRound(view, ui) {
    var lr = view.public.last_round;
    if (!lr || view.public.identities) return "";
    var items = Object.keys(lr.identities).map(function (s) {
      return "<li>" + ui.esc(ui.name(Number(s))) + ": " + idChip(ui, lr.identities[s]) + "</li>";
    });
    return '<details class="hoax-last"><summary>' + ui.esc(ui.t("ui.last_round")) + " " + lr.round + " — " +
      ui.esc(ui.t("log.final_won", {who: ui.name(lr.winner), loser: ui.name(lr.loser)})) +
      "</summary><ul>" + items.join("") + "</ul></details>";
  }

  var STYLE = "<style>.hoax-board{font-size:1.1em;letter-spacing:.15em}.hoax-covered{background:#111;color:#777;border-radius:50%}" +
    ".hoax-out td{opacity:.5}.hoax-next td:first-child{font-weight:bold}.hoax-void{text-decoration:line-through;opacity:.6}" +
    ".hoax-open{outline:2px solid #c33}.hoax-id{white-space:nowrap;padding:0 .2em;border-radius:.3em;background:#eee2}" +
    ".hoax-revealed{background:#fc6;color:#000}.hoax-pts{text-align:right;font-weight:bold}" +
    ".hoax-claims ul,.hoax-notes ul{list-style:none;padding-left:0}.hoax-final{color:#c33}</style>";

  window.Companion = window.Companion || {};
  Companion.games = Companion.games || {};
  Companion.games.hoax = {
    table: function (view, ui) {
      return STYLE + '<div class="hoax hoax-table">' + header(view, ui) + players(view, ui) +
        claims(view, ui) + lastRound(view, ui) + "</div>";
    },
    phone: function (view, ui) {
      var you = view.you || {}, pub = view.public, html = STYLE + '<div class="hoax hoax-phone">' + header(view, ui);
      html += '<div class="hoax-mine">' + ui.esc(ui.t("ui.your_covers")) + ": " + board(ui, you.covers || []) + "</div>";
      var notes = Object.keys(you.possible || {}).map(function (s) {
        var seatNo = Number(s), p = pub.players.filter(function (x) { return x.seat === seatNo; })[0];
        if (p && !p.in_round && !p.revealed) return "";
        var shown = (you.notebook || {})[s] || [];
        return "<li><b>" + ui.esc(ui.name(seatNo)) + "</b>" +
          (shown.length ? " — " + shown.map(function (id) { return "✗ " + ui.esc(idName(ui, id)); }).join(", ") : "") +
          "<br>" + ui.esc(ui.t("ui.possible")) + ": " + you.possible[s].map(function (id) { return idChip(ui, id); }).join(" ") +
          "</li>";
      }).join("");
      // what others showed you is private: hidden until the reveal button is held
      html += ui.secret('<div class="hoax-notes"><h3>' + ui.esc(ui.t("ui.notebook")) + "</h3><ul>" + notes + "</ul>" +
        showed(you, ui) + "</div>");
      html += claims(view, ui) + lastRound(view, ui);
      return html + "</div>";
    }
  };

  function showed(you, ui) {
    var keys = Object.keys(you.showed || {});
    if (!keys.length) return "";
    return "<h3>" + ui.esc(ui.t("ui.showed")) + "</h3><ul>" + keys.map(function (b) {
      return "<li>" + ui.esc(ui.name(Number(b))) + ": " + you.showed[b].map(function (id) {
        return ui.esc(idName(ui, id));
      }).join(", ") + "</li>";
    }).join("") + "</ul>";
  }
})();
