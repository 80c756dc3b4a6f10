/* Haiclue renderer: table (tablet) and phone.  Plain JavaScript, no build.
   Colours are always big coloured fields WITH the colour's name in text
   (colour-blind players). */
(function () {
  "use strict";
  // the page's global Companion (a top-level const/let is no window property)
  var K = typeof Companion !== "undefined" ? Companion : (window.Companion = window.Companion || {});
  K.games = K.games || {};

  var HEX = { blue: "#1d5fc4", red: "#c62828", green: "#23883a", yellow: "#f2c200" };
  var INK = { blue: "#fff", red: "#fff", green: "#fff", yellow: "#1b1b1b" };
  var MARK = { blue: "●", red: "▲", green: "■", yellow: "◆" };
  // an announcement's edge and icon in the clue's colour; its white icon
  // needs a darker yellow to stay readable
  var ACCENT = { blue: HEX.blue, red: HEX.red, green: HEX.green, yellow: "#b58900" };

  // the phone's guess, picked under the reveal (a secret act): big fields in
  // the colours themselves (with mark and name), not grey buttons
  var GUESS_FIELDS = Object.keys(HEX).map(function (c) {
    return ".picks[data-type=guess] button.choice[data-value='\"" + c + "\"']{background:" + HEX[c] + ";color:" + INK[c] +
      ";min-height:80px;font-size:1.3em;font-weight:800;flex:1 1 40%}";
  }).join("");

  // each colour as a class (fields, chips): no inline style, so the CSP needs none
  var COLOUR_CLASSES = Object.keys(HEX).map(function (c) {
    return ".hc-c-" + c + "{background:" + HEX[c] + ";color:" + INK[c] + "}";
  }).join("");

  var STYLE =
    GUESS_FIELDS + COLOUR_CLASSES +
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
    ".hc-clue.hc-none{font-size:1.2em;font-weight:normal;font-style:italic;color:var(--muted)}" +
    ".hc-list{list-style:none;padding:0;margin:.3em 0;display:flex;flex-wrap:wrap;gap:.4em}" +
    ".hc-list li{padding:.2em .6em;border-radius:.4em;background:var(--soft);color:var(--ink)}" +
    ".hc-list li.hc-on{background:var(--yes-bg)}.hc-list li.hc-off{background:var(--warm-bg)}" +
    ".hc-result{border:2px solid var(--line);border-radius:.6em;padding:.5em;margin:.4em 0}" +
    ".hc-result.hc-big{border-width:4px}" +
    ".hc-todo{font-size:1.5em;font-weight:bold;padding:.6em;border:3px dashed var(--muted);border-radius:.6em;margin:.5em 0}" +
    ".hc-scores td{padding:.1em .8em}.hc-scores td.hc-n{text-align:right;font-weight:bold}" +
    ".hc-me{font-size:1.3em;font-weight:bold;margin:.5em 0}" +
    ".hc-chip.hc-big{font-size:1.4em;padding:.2em .7em}.hc-said{font-style:italic}" +
    ".hc-list li.hc-mine{outline:3px solid var(--ink)}";
  if (K.adoptStyle) K.adoptStyle("haiclue", STYLE);

  function chip(ui, color, big) {
    if (!color) return "";
    return (
      '<span class="hc-chip hc-c-' + color + (big ? " hc-big" : "") + '">' +
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

  function header(view, ui) {
    var p = view.public;
    return (
      '<div class="hc-head"><span>' + ui.esc(ui.t("ui.round", { round: p.round, rounds: p.rounds })) +
      '</span><span class="hc-side hc-side-' + p.side + '">' +
      ui.esc(ui.t("ui.side", { side: ui.t("value." + p.side) })) + "</span><span>" +
      ui.esc(ui.t("ui.tiles", { tiles: p.tiles })) + "</span></div>"
    );
  }

  // the host's typed target words, beside their colours (the phone's own copy of the table's fields)
  function phoneWords(view, ui) {
    var p = view.public, words = p.words || {};
    var typed = (p.colors || []).filter(function (c) { return words[c]; });
    if (!typed.length) return "";
    return '<div class="hc-words"><b>' + ui.esc(ui.t("ui.target_words")) + "</b> " + typed.map(function (c) {
      return chip(ui, c) + " " + ui.esc(words[c]);
    }).join(" ") + "</div>";
  }

  function result(view, ui, r, big, me) {
    var out = '<div class="hc-result' + (big ? " hc-big" : "") + '">';
    out += "<div>" + th(ui, "ui.was", { author: ui.name(r.author) }, { color: chip(ui, r.color, big) }) + "</div>";
    if (r.clue) out += '<div class="hc-said">' + ui.esc(ui.quote(r.clue)) + "</div>";
    out += '<ul class="hc-list">';
    view.public.order.forEach(function (s) {
      if (s === r.author) return;
      var g = r.guesses[String(s)];
      var right = g === r.color;
      out +=
        '<li class="' + (g ? (right ? "hc-on" : "hc-off") : "") + (me === s ? " hc-mine" : "") + '">' +
        ui.esc(ui.name(s)) + ": " +
        (g ? chip(ui, g) + " " + ui.esc(ui.t(right ? "ui.right" : "ui.wrong")) : ui.esc(ui.t("ui.no_guess"))) +
        "</li>";
    });
    out += "</ul>";
    if (r.points) out += "<div>" + ui.esc(ui.name(r.author)) + " " + ui.esc(ui.t("ui.points", { points: r.points })) + "</div>";
    return out + "</div>";
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
      ? '<div class="hc-clue">' + ui.esc(ui.quote(text)) + "</div>"
      : '<div class="hc-clue hc-none">' + ui.esc(ui.t("ui.no_typed_clue")) + "</div>";
  }

  /* --- the table: the four colour fields, the clue, who has guessed -------- */
  function tableFields(view, ui, highlight) {
    var p = view.public;
    return '<div class="hk-fields">' + (p.colors || []).map(function (c) {
      var word = p.words && p.words[c];
      return '<div class="hk-field hc-c-' + c + (highlight === c ? " hk-hit" : "") + '" data-color="' + c + '">' +
        '<span class="hk-mark">' + MARK[c] + "</span>" +
        '<span class="hk-colour">' + ui.esc(ui.t("value." + c)) + "</span>" +
        (word ? '<span class="hk-word">' + ui.esc(word) + "</span>" : "") + "</div>";
    }).join("") + "</div>";
  }

  /* Who is still at it and who is done: two lines, the state said once
     before its names (ten players fit, issue #25). */
  function tableChips(ui, seats, on, yes, no) {
    var open = seats.filter(function (s) { return on.indexOf(s) < 0; });
    var done = seats.filter(function (s) { return on.indexOf(s) >= 0; });
    function group(list, cls, mark, key) {
      if (!list.length) return "";
      return '<li class="' + cls + '"><span class="hk-state">' + mark + " " + ui.esc(ui.t(key)) + ":</span> " + list.map(function (s) {
        return '<span class="hk-who">' + ui.esc(ui.name(s)) + "</span>";
      }).join(" ") + "</li>";
    }
    return '<ul class="hk-chips">' + group(open, "hk-open", "…", no) + group(done, "hk-done", "✓", yes) + "</ul>";
  }

  /* A clue's result: its colour, the clue, and the guesses by colour (the
     right one first; each colour in words), so ten guesses take a line or two. */
  function tableResult(view, ui, r, cls, label) {
    var out = '<div class="hk-result ' + (cls || "") + '"><div class="hk-was">' +
      (label ? '<span class="hk-label">' + ui.esc(label) + "</span> " : "") +
      th(ui, "ui.was", {author: ui.name(r.author)}, {color: chip(ui, r.color)}) +
      (r.points ? ' <span class="hk-plus">' + ui.esc(ui.t("ui.points", {points: r.points})) + "</span>" : "") +
      (r.clue ? ' <span class="hk-result-clue">' + ui.esc(ui.quote(r.clue)) + "</span>" : "") + "</div>";
    var by = {}, none = [];
    view.public.order.forEach(function (s) {
      if (s === r.author) return;
      var g = r.guesses[String(s)];
      if (g) (by[g] = by[g] || []).push(s);
      else none.push(s);
    });
    var colours = Object.keys(by).sort(function (a, b) { return (b === r.color) - (a === r.color); });
    out += '<ul class="hk-guesses">' + colours.map(function (c) {
      var right = c === r.color;
      return '<li class="' + (right ? "hk-right" : "hk-wrong") + '">' + (right ? "✓ " : "✗ ") + chip(ui, c) + " " +
        by[c].map(function (s) { return '<span class="hk-who">' + ui.esc(ui.name(s)) + "</span>"; }).join(", ") + "</li>";
    }).join("") + (none.length ? '<li class="hk-none">' + ui.esc(ui.t("ui.no_guess")) + ": " +
      none.map(function (s) { return '<span class="hk-who">' + ui.esc(ui.name(s)) + "</span>"; }).join(", ") + "</li>" : "");
    return out + "</ul></div>";
  }

  /* An earlier clue of the round in one short line: its colour, whose, the
     points and how many guessed it (each guess is in the log). */
  function tableBrief(view, ui, r) {
    var right = view.public.order.filter(function (s) { return s !== r.author && r.guesses[String(s)] === r.color; });
    return '<li class="hk-brief">' + chip(ui, r.color) + ' <span class="hk-who">' + ui.esc(ui.name(r.author)) + "</span>" +
      // the points, else (the team game, nobody scored) how many guessed it
      (r.points ? ' <span class="hk-plus">' + ui.esc(ui.t("ui.points", {points: r.points})) + "</span>"
        : ' <span class="hk-count">✓' + right.length + "</span>") + "</li>";
  }

  function tableBoard(view, ui) {
    var p = view.public, out = '<div class="hk">';
    out += '<div class="hk-info"><span>' + ui.esc(ui.t("ui.round", {round: p.round, rounds: p.rounds})) + "</span>" +
      '<span class="hk-side hk-side-' + p.side + '">' + ui.esc(ui.t("ui.side", {side: ui.t("value." + p.side)})) + "</span>" +
      "<span>" + ui.esc(ui.t("ui.tiles", {tiles: p.tiles})) + "</span>" +
      (p.team ? '<span class="hk-team">' + ui.esc(ui.t("ui.team")) + ": <b>" + p.team_score + "</b> · " +
        ui.esc(ui.t("ui.team_goal")) + "</span>" : "") + "</div>";
    var showLast = p.last && (p.phase === "between" || p.phase === "over");
    out += tableFields(view, ui, showLast ? p.last.color : null);
    if (p.phase === "clue") {
      out += '<p class="hk-hint">' + ui.esc(ui.t("ui.building_hint")) + "</p>";
      if (p.round === 1) out += '<p class="hk-hint"><b>' + ui.esc(ui.t("ui.first_round_hint")) + "</b></p>";
      out += tableChips(ui, p.order, p.ready || [], "ui.ready", "ui.not_ready");
    } else if (p.phase === "guess") {
      out += p.clue ? '<div class="hk-clue">' + ui.esc(ui.quote(p.clue)) + "</div>"
        : '<div class="hk-clue hk-none">' + ui.esc(ui.t("ui.no_typed_clue")) + "</div>";
      out += tableChips(ui, p.order.filter(function (s) { return s !== p.author; }), p.guessed || [], "ui.guessed", "ui.not_guessed");
      // the last clue's result, its title in its first line
      if (p.last) out += tableResult(view, ui, p.last, "hk-small", ui.t("ui.last"));
    } else if (p.phase === "between") {
      out += '<div class="hk-todo">' + ui.esc(ui.t("ui.todo_" + p.todo)) + "</div>";
    }
    if (showLast) out += tableResult(view, ui, p.last, "hk-big");
    if (p.phase !== "clue" && p.results.length > 1) {
      out += '<ul class="hk-results"><li class="hk-label">' + ui.esc(ui.t("ui.results")) + "</li>" + p.results.slice(0, -1).reverse().map(function (r) {
        return tableBrief(view, ui, r);
      }).join("") + "</ul>";
    }
    return out + "</div>";
  }

  function headline(view, ui) {
    var p = view.public;
    if (p.phase === "clue") {
      var ready = p.ready || [];
      return {step: ui.t("ui.building"), waiting: p.order.filter(function (s) { return ready.indexOf(s) < 0; })};
    }
    if (p.phase === "guess") return {step: ui.t("ui.guessing", {author: ui.name(p.author)}), waiting: p.waiting || []};
    if (p.phase === "between") {
      // nobody owes the next round: anyone presses it once the tiles are done
      return {step: ui.t("ui.round_over", {round: p.round, rounds: p.rounds}), text: ui.t("ui.next_hint")};
    }
    return {step: ui.t("ui.over"), waiting: []};
  }

  /* --- what the table announces ---------------------------------------------
     Worked out from the public state before and after (never from the log):
     each clue's colour and who guessed it, the round's end, the result. */
  function revealNews(view, ui, r) {
    var p = view.public, shown = {author: ui.name(r.author), color: ui.t("value." + r.color)};
    var right = p.order.filter(function (s) { return s !== r.author && r.guesses[String(s)] === r.color; });
    var text;
    if (p.team) {
      var guesser = p.order.filter(function (s) { return s !== r.author; })[0];
      var guessed = r.guesses[String(guesser)] !== undefined;
      text = !guessed ? ui.t("log.reveal_none", shown)
        : ui.t(right.length ? "log.reveal_team_right" : "log.reveal_team_wrong",
          {author: shown.author, color: shown.color, guesser: ui.name(guesser), team: p.team_score});
    } else {
      text = right.length ? ui.t("ui.reveal_right", {author: shown.author, color: shown.color, names: right.map(ui.name).join(", ")})
        : ui.t("log.reveal_none", shown);
    }
    return {tone: right.length ? "good" : "bad", accent: ACCENT[r.color], text: text};
  }

  function overNews(view, ui) {
    var p = view.public, w = p.winners || [];
    if (p.team) {
      var key = p.team_score >= 8 ? "log.over_team_perfect" : w.length ? "log.over_team_win" : "log.over_team_lose";
      return {tone: w.length ? "win" : "news", text: ui.t(key, {points: p.team_score})};
    }
    var top = w.length ? p.scores[String(w[0])] : 0;
    return {tone: "win", text: ui.t(top === 1 ? "log.over_one" : "log.over",
      {points: top, winners: w.map(ui.name).join(", ")})};
  }

  function decisive(view, prev, ui) {
    var p = view.public, old = prev.public || {}, out = [];
    if (!old.results || !p.results) return out;
    // a new round starts with no results: only more results in the same round are reveals
    if (p.round === old.round && p.results.length > old.results.length) {
      out.push(revealNews(view, ui, p.results[p.results.length - 1]));
    }
    if (p.phase === "between" && old.phase !== "between") {
      out.push({tone: "news", text: ui.t("ui.round_over", {round: p.round, rounds: p.rounds})});
    }
    if (p.phase === "over" && old.phase !== "over") out.push(overNews(view, ui));
    return out;
  }

  K.games.haiclue = {
    // a colour in words with its mark (colour-blind players): "▲ Red"
    label: function (view, ui, field, value) {
      if (field !== "color" || !MARK[value]) return null;
      var word = (view.public.words || {})[value];
      return MARK[value] + " " + ui.t("value." + value) + (word ? " · " + word : "");
    },
    table: tableBoard,
    headline: headline,
    decisive: decisive,

    phone: function (view, ui) {
      var p = view.public, you = view.you || {};
      // explain mode's line says what to do: the game's own instructions
      // would say it again (issue #45), so they stand only without it
      var told = !!(view.explain && view.explain.now);
      var say = function (key, params, cls) {
        return told ? "" : "<div" + (cls ? ' class="' + cls + '"' : "") + ">" + ui.esc(ui.t(key, params)) + "</div>";
      };
      var out = '<div class="hc">' + header(view, ui) + phoneWords(view, ui);
      if (p.phase === "clue") {
        out += say("ui.hold_hint");
        if (you.ready) {
          out += say("ui.you_ready", {}, "hc-me");
          if (you.clue) out += "<div>" + ui.esc(ui.t("ui.your_clue", { clue: you.clue })) + "</div>";
        } else {
          out += say("ui.building_hint");
        }
      } else if (p.phase === "guess") {
        if (you.author) {
          out += say("ui.you_author", {}, "hc-me") + clueBox(ui, p.clue);
        } else {
          out += "<h2>" + ui.esc(ui.t("ui.guessing", { author: ui.name(p.author) })) + "</h2>" + clueBox(ui, p.clue);
          // the guess itself is a secret act: the sheet has it; the open page
          // says only whether this seat has guessed (public)
          if ((p.guessed || []).indexOf(you.seat) >= 0) out += say("ui.you_guessed", {}, "hc-me");
          else out += say("ui.you_guess", { author: ui.name(p.author) }, "hc-me");
        }
      } else if (p.phase === "between") {
        out += '<div class="hc-todo">' + ui.esc(ui.t("ui.todo_" + p.todo)) + "</div>" + say("ui.next_hint");
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
