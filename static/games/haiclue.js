/* Haiclue renderer: table (tablet) and phone.  Plain JavaScript, no build.
   Colours are always big coloured fields WITH the colour's name in text
   (colour-blind players). */
(function () {
  "use strict";
  // the page's global Companion (a top-level const/let is no window property)
  var C = typeof Companion !== "undefined" ? Companion : (window.Companion = window.Companion || {});
  C.games = C.games || {};

  var HEX = { blue: "#1d5fc4", red: "#c62828", green: "#23883a", yellow: "#f2c200" };
  var INK = { blue: "#fff", red: "#fff", green: "#fff", yellow: "#1b1b1b" };
  var MARK = { blue: "●", red: "▲", green: "■", yellow: "◆" };

  var STYLE =
    "<style>" +
    ".hc{font-size:1.1em;line-height:1.35}" +
    ".hc h2{margin:.3em 0}.hc h3{margin:.6em 0 .3em}" +
    ".hc-head{display:flex;gap:1em;flex-wrap:wrap;align-items:baseline;font-weight:bold}" +
    ".hc-side{padding:.1em .6em;border:2px solid #333;border-radius:.4em}" +
    ".hc-side-white{background:#fff;color:#111}.hc-side-black{background:#111;color:#fff}" +
    ".hc-fields{display:grid;grid-template-columns:repeat(4,1fr);gap:.5em;margin:.6em 0}" +
    ".hc-field{border-radius:.6em;padding:.8em .4em;text-align:center;font-weight:bold;font-size:1.4em}" +
    ".hc-field small{display:block;font-size:.7em;font-weight:normal;margin-top:.2em}" +
    ".hc-chip{display:inline-block;border-radius:.4em;padding:.05em .5em;font-weight:bold;border:1px solid rgba(0,0,0,.3)}" +
    ".hc-clue{font-size:2.6em;font-weight:bold;text-align:center;margin:.3em 0;font-family:Georgia,serif}" +
    ".hc-clue.hc-none{font-size:1.2em;font-weight:normal;font-style:italic;color:#666}" +
    ".hc-list{list-style:none;padding:0;margin:.3em 0;display:flex;flex-wrap:wrap;gap:.4em}" +
    ".hc-list li{padding:.2em .6em;border-radius:.4em;background:#eee;color:#111}" +
    ".hc-list li.hc-on{background:#cfe9d3}.hc-list li.hc-off{background:#f3e3c8}" +
    ".hc-result{border:2px solid #ccc;border-radius:.6em;padding:.5em;margin:.4em 0}" +
    ".hc-result.hc-big{border-width:4px}" +
    ".hc-todo{font-size:1.5em;font-weight:bold;padding:.6em;border:3px dashed #555;border-radius:.6em;margin:.5em 0}" +
    ".hc-scores td{padding:.1em .8em}.hc-scores td.hc-n{text-align:right;font-weight:bold}" +
    ".hc-me{font-size:1.3em;font-weight:bold;margin:.5em 0}" +
    "</style>";

  function chip(ui, color, big) {
    if (!color) return "";
    return (
      '<span class="hc-chip" style="background:' + HEX[color] + ";color:" + INK[color] +
      (big ? ";font-size:1.4em;padding:.2em .7em" : "") + '">' +
      MARK[color] + " " + ui.esc(ui.t("value." + color)) + "</span>"
    );
  }

  // ui.t with some parameters that are HTML (colour chips): the text is
  // escaped, then the chips are put in.
  function th(ui, key, params, html) {
    var all = {}, k;
    for (k in params) all[k] = params[k];
    for (k in html) all[k] = "\u0001" + k + "\u0001";
    var out = ui.esc(ui.t(key, all));
    for (k in html) out = out.split("\u0001" + k + "\u0001").join(html[k]);
    return out;
  }

  function fields(view, ui) {
    var p = view.public, out = '<div class="hc-fields">';
    (p.colors || []).forEach(function (c) {
      var word = p.words && p.words[c];
      out +=
        '<div class="hc-field" style="background:' + HEX[c] + ";color:" + INK[c] + '">' +
        MARK[c] + " " + ui.esc(ui.t("value." + c)) +
        (word ? "<small>" + ui.esc(word) + "</small>" : "") + "</div>";
    });
    return out + "</div>";
  }

  function header(view, ui) {
    var p = view.public;
    return (
      '<div class="hc-head"><span>' + ui.esc(ui.t("ui.round", { round: p.round, rounds: p.rounds })) +
      '</span><span class="hc-side hc-side-' + p.side + '">' +
      ui.esc(ui.t("ui.side", { side: ui.t("value." + p.side) })) + "</span><span>" +
      ui.esc(ui.t("ui.tiles", { tiles: p.tiles })) + "</span></div>"
    );
  }

  function names(ui, seats) {
    return seats.map(function (s) { return ui.esc(ui.name(s)); }).join(", ");
  }

  function result(view, ui, r, big, me) {
    var out = '<div class="hc-result' + (big ? " hc-big" : "") + '">';
    out += "<div>" + th(ui, "ui.was", { author: ui.name(r.author) }, { color: chip(ui, r.color, big) }) + "</div>";
    if (r.clue) out += '<div style="font-style:italic">“' + ui.esc(r.clue) + "”</div>";
    out += '<ul class="hc-list">';
    view.public.order.forEach(function (s) {
      if (s === r.author) return;
      var g = r.guesses[String(s)];
      var right = g === r.color;
      out +=
        '<li class="' + (g ? (right ? "hc-on" : "hc-off") : "") + '"' +
        (me === s ? ' style="outline:3px solid #333"' : "") + ">" +
        ui.esc(ui.name(s)) + ": " +
        (g ? chip(ui, g) + " " + ui.esc(ui.t(right ? "ui.right" : "ui.wrong")) : ui.esc(ui.t("ui.no_guess"))) +
        "</li>";
    });
    out += "</ul>";
    if (r.points) out += "<div>" + ui.esc(ui.name(r.author)) + " " + ui.esc(ui.t("ui.points", { points: r.points })) + "</div>";
    return out + "</div>";
  }

  function scores(view, ui) {
    var p = view.public;
    if (p.team) {
      return (
        "<h3>" + ui.esc(ui.t("ui.team")) + ": " + p.team_score + "</h3><div>" +
        ui.esc(ui.t("ui.team_goal")) + "</div>"
      );
    }
    var rows = p.order.slice().sort(function (a, b) {
      return p.scores[String(b)] - p.scores[String(a)];
    });
    var out = "<h3>" + ui.esc(ui.t("ui.scores")) + '</h3><table class="hc-scores">';
    rows.forEach(function (s) {
      out += "<tr><td>" + ui.esc(ui.name(s)) + '</td><td class="hc-n">' + p.scores[String(s)] + "</td></tr>";
    });
    return out + "</table>";
  }

  function over(view, ui) {
    var p = view.public, w = p.winners || [];
    var out = "<h2>" + ui.esc(ui.t("ui.over")) + "</h2>";
    if (!w.length) out += '<div class="hc-todo">' + ui.esc(ui.t("ui.nobody_wins")) + "</div>";
    else out += '<div class="hc-todo">' + ui.esc(ui.t("ui.winners", { names: w.map(function (s) { return ui.name(s); }).join(", ") })) + "</div>";
    if (p.team && p.team_score >= 8) out += "<div>" + ui.esc(ui.t("ui.perfect")) + "</div>";
    return out;
  }

  function results(view, ui, me) {
    var p = view.public, out = "";
    if (!p.results.length) return out;
    out += "<h3>" + ui.esc(ui.t("ui.results")) + "</h3>";
    p.results.slice().reverse().forEach(function (r) { out += result(view, ui, r, false, me); });
    return out;
  }

  function clueBox(ui, text) {
    return text
      ? '<div class="hc-clue">“' + ui.esc(text) + "”</div>"
      : '<div class="hc-clue hc-none">' + ui.esc(ui.t("ui.no_typed_clue")) + "</div>";
  }

  C.games.haiclue = {
    table: function (view, ui) {
      var p = view.public;
      var out = STYLE + '<div class="hc">' + header(view, ui) + fields(view, ui);
      if (p.phase === "clue") {
        out += "<h2>" + ui.esc(ui.t("ui.building")) + "</h2><div>" + ui.esc(ui.t("ui.building_hint")) + "</div>";
        if (p.round === 1) out += "<div><b>" + ui.esc(ui.t("ui.first_round_hint")) + "</b></div>";
        out += '<ul class="hc-list">';
        p.order.forEach(function (s) {
          var on = p.ready.indexOf(s) >= 0;
          out += '<li class="' + (on ? "hc-on" : "hc-off") + '">' + ui.esc(ui.name(s)) + ": " +
            ui.esc(ui.t(on ? "ui.ready" : "ui.not_ready")) + "</li>";
        });
        out += "</ul>";
      } else if (p.phase === "guess") {
        out += "<h2>" + ui.esc(ui.t("ui.guessing", { author: ui.name(p.author) })) + "</h2>" + clueBox(ui, p.clue);
        out += '<ul class="hc-list">';
        p.order.forEach(function (s) {
          if (s === p.author) return;
          var on = p.guessed.indexOf(s) >= 0;
          out += '<li class="' + (on ? "hc-on" : "hc-off") + '">' + ui.esc(ui.name(s)) + ": " +
            ui.esc(ui.t(on ? "ui.guessed" : "ui.not_guessed")) + "</li>";
        });
        out += "</ul>";
        if (p.last) out += "<h3>" + ui.esc(ui.t("ui.last")) + "</h3>" + result(view, ui, p.last, true);
      } else if (p.phase === "between") {
        out += '<div class="hc-todo">' + ui.esc(ui.t("ui.todo_" + p.todo)) + "</div><div>" +
          ui.esc(ui.t("ui.next_hint")) + "</div>";
      } else if (p.phase === "over") {
        out += over(view, ui);
        if (p.last) out += "<h3>" + ui.esc(ui.t("ui.last")) + "</h3>" + result(view, ui, p.last, true);
      }
      out += scores(view, ui);
      if (p.phase !== "clue") out += results(view, ui);
      return out + "</div>";
    },

    phone: function (view, ui) {
      var p = view.public, you = view.you || {};
      var out = STYLE + '<div class="hc">' + header(view, ui);
      if (p.phase === "clue") {
        out += "<div>" + ui.esc(ui.t("ui.hold_hint")) + "</div>";
        if (you.ready) {
          out += '<div class="hc-me">' + ui.esc(ui.t("ui.you_ready")) + "</div>";
          if (you.clue) out += "<div>" + ui.esc(ui.t("ui.your_clue", { clue: you.clue })) + "</div>";
        } else {
          out += "<div>" + ui.esc(ui.t("ui.building_hint")) + "</div>";
        }
      } else if (p.phase === "guess") {
        if (you.author) {
          out += '<div class="hc-me">' + ui.esc(ui.t("ui.you_author")) + "</div>" + clueBox(ui, p.clue);
        } else {
          out += "<h2>" + ui.esc(ui.t("ui.guessing", { author: ui.name(p.author) })) + "</h2>" + clueBox(ui, p.clue);
          if (you.guess) {
            out += '<div class="hc-me">' + th(ui, "ui.your_guess", {}, { color: chip(ui, you.guess, true) }) + "</div>";
          } else {
            out += '<div class="hc-me">' + ui.esc(ui.t("ui.you_guess", { author: ui.name(p.author) })) + "</div>";
          }
        }
      } else if (p.phase === "between") {
        out += '<div class="hc-todo">' + ui.esc(ui.t("ui.todo_" + p.todo)) + "</div><div>" +
          ui.esc(ui.t("ui.next_hint")) + "</div>";
      } else if (p.phase === "over") {
        out += over(view, ui);
      }
      if (p.last && p.phase !== "clue") {
        var mine = p.last.guesses[String(you.seat)];
        if (mine) {
          out += '<div class="hc-me">' + th(ui, mine === p.last.color ? "ui.you_right" : "ui.you_wrong",
            {}, { color: chip(ui, mine) }) + "</div>";
        }
      }
      if (p.team) out += '<div class="hc-me">' + ui.esc(ui.t("ui.team")) + ": " + p.team_score + "</div>";
      else out += '<div class="hc-me">' + ui.esc(ui.t("ui.your_score", { points: you.score })) + "</div>";
      if (p.phase !== "clue") out += results(view, ui, you.seat);
      return out + "</div>";
    },
  };
})();
