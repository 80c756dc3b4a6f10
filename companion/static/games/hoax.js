/* Die Erben von HOAX — the renderer: the phone, and what the table shares (its own board is hoax.table.js; see static/games/README.md). */
(function () {
  "use strict";
  var IDS = ["baron", "monk", "judge", "trader", "magician", "thief", "farmer"];
  var ICON = {baron: "♔", monk: "✝", judge: "⚖", trader: "⚗", magician: "✦", thief: "✂", farmer: "❦"};

  function idName(ui, id) { return ui.t("value." + id); }

  function idChip(ui, id, cls) {
    return '<span class="hoax-id hoax-id-' + id + (cls ? " " + cls : "") + '" title="' +
      ui.esc(idName(ui, id)) + '">' + ICON[id] + " " + ui.esc(idName(ui, id)) + "</span>";
  }

  // a resource in running text: "a tax on wine" (German nouns keep their capital)
  function resource(ui, r) {
    var s = ui.t("value." + r);
    return ui.lang === "en" ? s.toLowerCase() : s;
  }

  function claimById(view, id) {
    return ((view.public || {}).claims || []).filter(function (c) { return c.id === id; })[0] || null;
  }

  // what a claim does, in words: "takes 2 gold", "fines Christian 2 wine";
  // a reaction is aimed at the player of the open turn
  function claimWhat(view, ui, c) {
    var p = c.params || {}, turn = (view.public || {}).turn;
    var params = {
      actor: turn ? ui.name(turn.player) : "", amount: p.amount,
      resource: p.resource ? resource(ui, p.resource) : "",
      give: p.give ? resource(ui, p.give) : "", get: p.get ? resource(ui, p.get) : "",
      target: p.target !== undefined && p.target !== null ? ui.name(p.target) : "",
      partner: p["with"] === "bank" ? ui.t("ui.the_bank") : p["with"] !== undefined ? ui.name(p["with"]) : "",
    };
    var key = c.kind === "action" ? "ui.what." + c.identity + "." + c.action
      : c.kind === "immunize" ? "ui.what.immunize." + p.against : "ui.what." + c.kind;
    return ui.t(key, params);
  }

  // the whole claim: "Christian as Baron: takes 2 gold (#3)"
  function claimWords(view, ui, c) {
    return ui.t("ui.claim_words", {who: ui.name(c.seat), identity: idName(ui, c.identity),
      what: claimWhat(view, ui, c), id: c.id});
  }

  function claims(view, ui) {
    var pub = view.public;
    if (!pub.claims || !pub.claims.length) return "";
    var rows = pub.claims.map(function (c) {
      var d = c.doubt, doubt = "";
      if (d) {
        doubt = '<span class="hoax-doubt hoax-doubt-' + d.status + '">?! ' + ui.esc(doubtCount(ui, d)) + "</span>";
      }
      return '<li class="hoax-claim' + (c.void ? " hoax-void" : "") + (pub.doubt === c.id ? " hoax-open" : "") +
        '"><b>#' + c.id + "</b> " + ui.esc(ui.name(c.seat)) + " " + idChip(ui, c.identity) + " " +
        ui.esc(claimWhat(view, ui, c)) + (c.void ? ' <span class="hoax-tag">' + ui.esc(ui.t("ui.void")) + "</span>" : "") +
        " " + doubt + "</li>";
    });
    return '<div class="hoax-claims"><h3>' + ui.esc(ui.t("ui.claims")) + "</h3><ul>" + rows.join("") + "</ul></div>";
  }

  /* Explain mode is on for this phone: its line says what happens now and
     who acts (issue #40: "Next to act: Anna", the top line's "The game waits
     for Anna" and the explanation named her three times); the header's own
     line for the step gives way to it. */
  function explained(view) {
    return !!(view.explain && view.explain.now);
  }

  function header(view, ui, you) {
    var pub = view.public, me = you ? you.seat : null, out = '<div class="hoax-head-line">' + ui.esc(ui.t("ui.round")) + " " + pub.round;
    if (pub.final) out += ' · <b class="hoax-final">' + ui.esc(ui.t("ui.final")) + "</b>";
    if (pub.winner !== null && pub.winner !== undefined) {
      out += ' · <b class="hoax-winner">♛ ' + ui.esc(ui.t("ui.winner")) + ": " + ui.esc(ui.name(pub.winner)) + "</b>";
    } else if (explained(view)) {
      // the step, a pending answer, a doubt, whose turn: the explanation says it
    } else if (pub.step === "cover") {
      out += " · " + ui.esc(ui.t("action.cover"));
    } else if (pub.step === "show" && pub.pending) {
      out += " · " + ui.esc(ui.t("ui.pending", {target: ui.name(pub.pending.target),
        buyer: ui.name(pub.pending.buyer), n: pub.pending.n}));
    } else if (pub.step === "doubt") {
      var doubted = claimById(view, pub.doubt);
      out += ' · <b class="hoax-final">?! ' + ui.esc(ui.t("action.doubt")) + " — " +
        ui.esc(doubted ? claimWords(view, ui, doubted) : "#" + pub.doubt) + "</b>";
    } else if (pub.to_move !== null && pub.to_move !== undefined && pub.to_move !== me) {
      out += " · " + ui.esc(ui.t("ui.to_move")) + ": <b>" + ui.esc(ui.name(pub.to_move)) + "</b>";
    }
    return out + "</div>";
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

  var STYLE = ".hoax-out td{opacity:.5}.hoax-next td:first-child{font-weight:bold}.hoax-void{text-decoration:line-through;opacity:.6}" +
    ".hoax-open{outline:2px solid #c33}.hoax-id{white-space:nowrap;padding:0 .2em;border-radius:.3em;background:#eee2}" +
    ".hoax-revealed{background:#fc6;color:#000}.hoax-pts{text-align:right;font-weight:bold}" +
    ".hoax-claims ul{list-style:none;padding-left:0;margin:.2em 0}.hoax-final{color:var(--danger-ink)}" +
    ".hoax-phone .hoax-claims h3{font-size:1rem;margin:.5em 0 0}.hoax-phone .hoax-claims li{padding:.15em 0;border-top:1px solid #ddd5c7}" +
    ".hoax-book{width:100%;text-align:left}.hoax-book h3{font-size:.85rem;color:#b8c5ce;margin:0 0 .1em}" +
    ".hb-tables{display:flex;gap:.8em;align-items:flex-start}" +
    ".hoax-book table{flex:1 1 0;min-width:0;width:100%;border-collapse:collapse;table-layout:fixed;font-size:.95rem;line-height:1.1}" +
    ".hoax-book th,.hoax-book td{padding:.05em 0;text-align:center;border-bottom:1px solid #31485a}" +
    // a long name wraps in its row rather than losing letters
    ".hoax-book tr>th:first-child{width:30%;text-align:left;font-weight:600;overflow-wrap:anywhere;padding-right:.25em}" +
    // two tables side by side: the icons close together, the name takes the rest
    ".hb-split table{table-layout:auto;font-size:.82rem;line-height:1.05}.hb-split td,.hb-split tr:first-child th+th{width:1.15em}.hb-split :is(th,td){padding:.05em 0}" +
    ".hb-split tr>th:first-child{width:100%}" +
    // a large table (two notebook tables): the rest of the sheet a little denser too
    "#secret-body:has(.hb-split){gap:.3em}#secret-body:has(.hb-split) .explain-secret," +
    "#secret-body:has(.hb-split) .secret-log .log,#secret-body:has(.hb-split) .picks .move-help," +
    "#secret-body:has(.hb-split) .secret-aim:not(.aiming){font-size:.8rem}" +
    // the whole sheet is only for you: its private lines go without their heading, under a rule
    "#secret-body:has(.hb-split) .secret-log h3{display:none}#secret-body:has(.hb-split) .secret-log{border-top:1px solid #31485a}" +
    ".hoax-book .hb-shown{color:#ff8a80;font-weight:700}.hoax-book .hb-no{color:#8598a6}" +
    ".secret-items .hoax-who{flex-direction:row;align-items:baseline;gap:.5em}.secret-items .hoax-who strong{font-size:1.4rem}" +
    "#secret-items:has(.hoax-book){gap:.3em}" +
    ".hb-top{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;column-gap:.6em;margin-bottom:.1em}" +
    ".hb-top .hoax-who small{display:none}.hb-top .hoax-who strong{font-size:1.15rem}.hb-top h3{margin:0;font-size:.8rem}" +
    // identities: three a row (names: two a row, or as many as fit when many, app.css)
    "#secret-actions .picks:is([data-type=accuse][data-step=identity],[data-type=cover],[data-type=show]) .choice" +
    "{flex-basis:30%;padding-left:.3em;padding-right:.3em}" +
    ".hb-key,.hoax-showed{font-size:.78rem;line-height:1.3;color:#b8c5ce;margin:.25em 0 0;text-align:left;width:100%}" +
    ".hoax-showed b{color:#fff}.hb-name{white-space:nowrap}" +
    // the one player an accusation can name: its row and the line above the identities
    ".hoax-book .hb-target th{color:#ffd666}.hoax-accusing{margin:0;width:100%;text-align:left;font-weight:700;color:#ffd666}" +
    ".hx-first b{white-space:nowrap;background:#ffd43b;color:#1d2b36;border-radius:.3em;padding:0 .3em}" +
    "body:has(.hoax-no-points) #seats .score{display:none}" +
    // and a phone's ending shows no list of points (all 0): the winner is its top line, the evening's wins below
    "body:has(.hoax-no-points) #ending>:is(h3:first-child,.ending){display:none}";
  // the open forms (claim, buy information): smaller buttons, more in a row
  var FORMS = "#actions form[data-type=claim] .choice,#actions form[data-type=buy_info] .choice," +
    "#react-actions form .choice{padding:.5em .45em;min-width:3.2em}" +
    "#actions form[data-type=buy_info] [data-field=trios] .choice{flex:1 1 0}" +
    "#react-actions form.action{padding:.45em;margin:.45em 0}";
  if (window.Companion && window.Companion.adoptStyle) window.Companion.adoptStyle("hoax", STYLE + FORMS);

  // a doubt's count in words: the claims here, the table's doubt meter (hoax.table.js)
  function doubtCount(ui, d) {
    return d.status === "open" ? ui.t("ui.doubt_count", {count: d.count, needed: d.needed})
      : ui.t("ui.doubt_done", {count: d.count});
  }

  function original(view) {
    var opts = (view.public || {}).options || view.options || {};
    return !!(opts.original_hoax || (view.options || {}).original_hoax);
  }

  /* The original HOAX has no throne points (§12.1.2): the seat list beside
     the board (and on the phone) and the phone's ending would show everyone
     at 0, so they show no points at all.  A mark in the game's HTML switches that rule (STYLE) on and goes with it. */
  function noPoints(view) {
    return original(view) ? '<span class="hoax-no-points" hidden></span>' : "";
  }

  /* The words for a field's value on the phone's buttons and confirms: a
     claim id names the claim ("Christian as Baron: takes 2 gold (#3)").
     Claim ids are never reused, so the words stay true while a form shows. */
  function label(view, ui, field, value) {
    if (field !== "claim") return null;
    var c = claimById(view, value);
    return c ? claimWords(view, ui, c) : "#" + value;
  }

  /* --- the phone's claims: one rule for every claim ------------------------
     A claim (a personal action as an identity, or a reaction: illegal, fine,
     indulgence, immunize) is picked one tap per value: the identity and the
     action always, then whatever it needs (player, resources, amount); the
     last tap asks one confirm that says the whole claim in words, as the
     table will show it ("Anna as Thief: steals 2 gold from Christian"), and
     only "yes" sends it.  No claim goes out on a single tap, whichever it
     is (issue #45: a Magician's went out on the tap of a name, a Thief's and
     a Judge's needed a summary button).  A step in which some value ends
     the claim is a plain form (data-field), one in which every value leads
     on is a step picker (data-step), as the generic forms are. */
  var REACTION_ID = {illegal: "baron", fine: "judge", indulgence: "monk", immunize: "magician"};
  var ALWAYS_ASKED = ["identity", "action"];

  function admitted(tpls, chosen) {
    return tpls.filter(function (t) {
      return Object.keys(chosen).every(function (n) {
        return Array.isArray(t.fields[n]) && t.fields[n].indexOf(chosen[n]) >= 0;
      });
    });
  }

  // the next field to pick and its values; null once the claim is whole
  function nextPick(tpls, chosen) {
    var left = admitted(tpls, chosen), names = [];
    left.forEach(function (t) { Object.keys(t.fields).forEach(function (n) { if (names.indexOf(n) < 0) names.push(n); }); });
    for (var i = 0; i < names.length; i++) {
      var n = names[i], values = [];
      if (n in chosen) continue;
      left.forEach(function (t) {
        (Array.isArray(t.fields[n]) ? t.fields[n] : []).forEach(function (v) { if (values.indexOf(v) < 0) values.push(v); });
      });
      if (values.length > 1 || (values.length && ALWAYS_ASKED.indexOf(n) >= 0)) return {name: n, values: values};
    }
    return null;
  }

  // the action once nothing is left to pick, else null
  function wholeAction(tpls, chosen) {
    var left = admitted(tpls, chosen);
    if (!left.length || nextPick(tpls, chosen)) return null;
    var action = {type: left[0].type};
    Object.keys(left[0].fields).forEach(function (n) { action[n] = n in chosen ? chosen[n] : left[0].fields[n][0]; });
    return action;
  }

  // "Claim it? Anna as the Thief: steals 2 gold from Christian."
  function claimSentence(view, ui, action) {
    var own = action.type === "claim", params = {};
    Object.keys(action).forEach(function (n) { if (n !== "type") params[n] = action[n]; });
    var c = {kind: own ? "action" : action.type, identity: own ? action.identity : REACTION_ID[action.type],
      action: action.action, params: params};
    return ui.t("ui.confirm_claim", {who: view.you ? ui.name(view.you.seat) : "", identity: idName(ui, c.identity),
      what: claimWhat(view, ui, c)});
  }

  function claimForm(view, ui, tpls, submit) {
    var K = window.Companion, form = document.createElement("form"), picked = [], busy = false;
    function chosenNow() {
      var out = {};
      picked.forEach(function (p) { out[p[0]] = p[1]; });
      return out;
    }
    function send(action) {
      if (busy) return;
      busy = true;
      form.classList.add("busy");
      // "no" keeps the steps taken: the last step shows again
      Promise.resolve(submit(action, claimSentence(view, ui, action))).then(function (answer) {
        busy = false;
        form.classList.remove("busy");
        if (answer && answer.ok) { picked = []; render(); }
      });
    }
    function button(text, cls, onTap) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = cls;
      b.textContent = text;
      b.onclick = onTap;
      return b;
    }
    function render() {
      var help = form.querySelector(".move-help"), chosen = chosenNow(), step = nextPick(tpls, chosen);
      var crumbs = picked.map(function (p) { return K.valueLabel(view, p[0], p[1]); });
      form.innerHTML = "";
      form.removeAttribute("data-step");
      form.removeAttribute("data-field");
      form.dataset.type = tpls[0].type;
      if (picked.length) {
        form.appendChild(button("‹ " + K.t("page.back"), "mini back", function () { picked.pop(); render(); }));
      }
      var head = document.createElement("div");
      head.className = "label";
      head.textContent = [K.actionLabel(view, tpls[0].type)].concat(crumbs).join(" › ");
      form.appendChild(head);
      if (!step) {   // nothing to pick (a Baron's "illegal"): one button, then the confirm
        var action = wholeAction(tpls, chosen);
        form.className = "action card";
        var go = button(action ? K.choiceSummary(view, admitted(tpls, chosen)[0], action) : "", "primary big", null);
        go.type = "submit";
        form.appendChild(go);
        form.onsubmit = function (e) { e.preventDefault(); if (action) send(action); };
      } else {
        var ends = step.values.map(function (v) {
          var next = Object.assign({}, chosen);
          next[step.name] = v;
          return wholeAction(tpls, next);
        });
        var picker = ends.every(function (a) { return !a; });
        form.className = "action card" + (picker ? " picker" : "");
        form.setAttribute(picker ? "data-step" : "data-field", step.name);
        var flabel = document.createElement("span");
        flabel.className = "flabel";
        flabel.textContent = K.fieldLabel(view, step.name);
        form.appendChild(flabel);
        var row = document.createElement("div");
        row.className = "choices";
        step.values.forEach(function (v, i) {
          var b = button(K.valueLabel(view, step.name, v), "choice", function () {
            if (ends[i]) send(ends[i]);
            else { picked.push([step.name, v]); render(); }
          });
          b.dataset.value = JSON.stringify(v);
          row.appendChild(b);
        });
        form.appendChild(row);
        form.onsubmit = function (e) { e.preventDefault(); };
      }
      if (help) form.appendChild(help);
    }
    render();
    return form;
  }

  /* What only the table draws is hoax.table.js (the table page links it; a
     phone never loads it): the helpers it shares. */
  window.Companion = window.Companion || {};
  Companion.games = Companion.games || {};
  Companion.hoax = {ICON: ICON, IDS: IDS, idName: idName, claimById: claimById, claimWhat: claimWhat,
    claimWords: claimWords, doubtCount: doubtCount, original: original, noPoints: noPoints};
  // the table's hooks may be here first (hoax.table.js)
  Companion.games.hoax = Object.assign(Companion.games.hoax || {}, {
    label: label,
    // every claim, a turn's or a reaction, the same way (claimForm above)
    form: function (view, ui, templates, submit) {
      var type = templates[0].type;
      return type === "claim" || REACTION_ID[type] ? claimForm(view, ui, templates, submit) : null;
    },
    phone: function (view, ui) {
      var you = view.you || {};
      // the covered identities by name: seven heads with some blacked out read as "all seven"
      var mine = (you.covers || []).map(function (id) { return ICON[id] + "\u00a0" + idName(ui, id); });
      var html = noPoints(view) + '<div class="hoax hoax-phone">' + header(view, ui, view.you) +
        '<div class="hoax-mine">' + ui.esc(ui.t("ui.your_covers")) + ": " +
        ui.esc(mine.length ? mine.join(", ") : ui.t("ui.covers_none")) + "</div>";
      // what others showed you is private: it is in the sheet behind the bar (secret() below)
      html += claims(view, ui) + lastRound(view, ui);
      return html + "</div>";
    },

    /* The sheet behind the bar (the only reveal control): the identity, then
       the notebook as one compact grid, a row per player and a column per
       identity, so the secret choices below stay on screen with 8 players. */
    secret: function (view, ui) {
      var you = view.you || {}, id = (you.secret || {}).identity;
      var who = id ? '<div class="secret-item hoax-who" data-key="identity"><small>' + ui.esc(ui.t("field.identity")) +
        '</small><strong class="value-' + ui.esc(id) + '">' + (ICON[id] || "") + " " + ui.esc(idName(ui, id)) + "</strong></div>" : "";
      return (notebook(view, ui, who) || who + showed(you, ui)) + accusing(view, ui);
    }
  });

  /* One player left to accuse (the final): the sheet's choice starts at the
     identity, so the line above it names whom it accuses (issue #45: only
     the confirm did). */
  function soleTarget(view) {
    var targets = [];
    (view.actions || []).forEach(function (t) {
      if (t.type === "accuse" && t.secret) {
        (t.fields.target || []).forEach(function (s) { if (targets.indexOf(s) < 0) targets.push(s); });
      }
    });
    return targets.length === 1 ? targets[0] : null;
  }

  function accusing(view, ui) {
    var target = soleTarget(view);
    return target === null ? "" : '<p class="hoax-accusing" data-seat="' + target + '">' +
      ui.esc(ui.t("ui.accusing", {target: ui.name(target)})) + "</p>";
  }

  /* The notebook: a row per other player still in the round, a column per
     identity.  From six rows on it lies in two tables side by side, so
     that with fourteen players (large group) the notebook, its key and the
     secret choices below it all fit on the sheet while the thumb holds the
     bar (nothing there can be scrolled).  The key is one paragraph: the
     icons' names, then what ✗ and – mean. */
  var BOOK_SPLIT = 6;

  function notebook(view, ui, who) {
    var you = view.you || {}, pub = view.public || {};
    var rows = Object.keys(you.possible || {}).map(function (s) {
      var seatNo = Number(s), p = (pub.players || []).filter(function (x) { return x.seat === seatNo; })[0];
      if (p && !p.in_round && !p.revealed) return "";
      var may = you.possible[s], shown = (you.notebook || {})[s] || [];
      return '<tr data-seat="' + seatNo + '"' + (seatNo === soleTarget(view) ? ' class="hb-target"' : "") + "><th>" +
        ui.esc(ui.name(seatNo)) + "</th>" + IDS.map(function (i) {
        var what = p && p.revealed ? (p.revealed === i ? "in" : "") : may.indexOf(i) >= 0 ? "in"
          : shown.indexOf(i) >= 0 ? "shown" : "";
        var mark = what === "in" ? ICON[i] : what === "shown" ? "✗" : "–";
        return '<td class="hb-' + (what || "no") + '">' + mark + "</td>";
      }).join("") + "</tr>";
    }).filter(function (row) { return row; });
    if (!rows.length) return "";
    var split = rows.length >= BOOK_SPLIT, half = Math.ceil(rows.length / 2);
    var head = "<tr><th></th>" + IDS.map(function (i) {
      return '<th title="' + ui.esc(idName(ui, i)) + '" aria-label="' + ui.esc(idName(ui, i)) + '">' + ICON[i] + "</th>";
    }).join("") + "</tr>";
    var tables = (split ? [rows.slice(0, half), rows.slice(half)] : [rows]).map(function (part) {
      return "<table>" + head + part.join("") + "</table>";
    }).join("");
    var legend = IDS.map(function (i) { return '<span class="hb-name">' + ICON[i] + "\u00a0" + ui.esc(idName(ui, i)) + "</span>"; });
    // a large table: the identity on the notebook's heading line
    var title = "<h3>" + ui.esc(ui.t(split ? "ui.notebook_short" : "ui.notebook")) + "</h3>";
    return (split ? "" : who) + '<div class="hoax-book' + (split ? " hb-split" : "") + '">' +
      (split ? '<div class="hb-top">' + who + title + "</div>" : title) +
      '<div class="hb-tables">' + tables + "</div>" + showed(you, ui) +
      '<p class="hb-key">' + legend.join(" ") + " · " + ui.esc(ui.t("ui.book_key")) + "</p></div>";
  }

  // what you showed whom, one line: "What you showed: Petra ✝ ⚖ · Tom ♔" (the key names the icons)
  function showed(you, ui) {
    var keys = Object.keys(you.showed || {});
    if (!keys.length) return "";
    return '<p class="hoax-showed"><b>' + ui.esc(ui.t("ui.showed")) + ":</b> " + keys.map(function (b) {
      return '<span class="hb-name">' + ui.esc(ui.name(Number(b))) + " " + you.showed[b].map(function (id) {
        return '<span title="' + ui.esc(idName(ui, id)) + '">' + ICON[id] + "</span>";
      }).join("\u00a0") + "</span>";
    }).join(" · ") + "</p>";
  }
})();
