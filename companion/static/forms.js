/* Forms: the confirm dialog and the sentences it asks, a game's options as
   inputs, the open action forms and step pickers built from a view's
   templates, and which templates a phone shows where. */
(function () {
  "use strict";
  const K = window.Companion;
  const PLATFORM_SEAT_TYPES = ["rename", "leave", "explain"];
  const PLATFORM_HOST_TYPES = ["start", "seat_order", "kick", "reopen_seat", "undo", "end",
    "rematch", "new_game"];

  function confirmDialog(text, yes) {
    const dialog = document.getElementById("confirm");
    document.getElementById("confirm-text").textContent = text;
    const yesButton = document.getElementById("confirm-yes");
    yesButton.textContent = yes || K.t("page.yes");
    return new Promise((resolve) => {
      const done = (answer) => { dialog.close(); resolve(answer); };
      yesButton.onclick = () => done(true);
      document.getElementById("confirm-no").onclick = () => done(false);
      dialog.oncancel = () => resolve(false);
      dialog.showModal();
    });
  }

  // a chosen value in words: lists joined, typed text quoted
  function valueText(view, field, value, spec) {
    if (value === undefined || value === null || value === "") return "";
    if (Array.isArray(value)) {
      const sep = spec && spec.kind === "order" ? " → " : ", ";
      return value.map((v) => K.valueLabel(view, field, v)).join(sep);
    }
    if (typeof value === "object") return "";
    if (spec && !Array.isArray(spec) && spec.kind === "text") return K.quote(value);
    return K.valueLabel(view, field, value);
  }
  function chosenFields(tpl, action) {
    return Object.keys(tpl.fields).filter((name) => {
      const v = action[name];
      return v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && !v.length) &&
        !(typeof v === "object" && !Array.isArray(v));
    });
  }
  /* The whole choice in words: "Accuse: Christian, Judge". */
  function choiceSummary(view, tpl, action) {
    const parts = chosenFields(tpl, action).map((n) => {
      const text = valueText(view, n, action[n], tpl.fields[n]);
      // a bare number says little on a button: "Trios 2"
      return typeof action[n] === "number" && text === String(action[n])
        ? K.t("page.field_number", {field: K.fieldLabel(view, n), value: text}) : text;
    }).filter((s) => s);
    const head = K.actionLabel(view, tpl.type);
    return parts.length ? K.t("page.summary", {action: head, values: parts.join(", ")}) : head;
  }
  /* The confirm question: the game's ``confirm.<type>`` sentence with the
     chosen values, else "Accuse — Target: Christian, Identity: Judge?". */
  function confirmSentence(view, tpl, action) {
    const params = {};
    Object.keys(tpl.fields).forEach((n) => { params[n] = valueText(view, n, action[n], tpl.fields[n]); });
    const own = K.gt(view.game, "confirm." + tpl.type, params);
    // a placeholder this template has no field for (a card that is implied) says nothing
    if (own != null) return own.replace(/\{\w+\}/g, "").replace(/\s+([?.!,:])/g, "$1").replace(/\s{2,}/g, " ").trim();
    const parts = chosenFields(tpl, action).map((n) =>
      K.t("page.field_value", {field: K.fieldLabel(view, n), value: params[n]}));
    const head = K.actionLabel(view, tpl.type);
    return parts.length ? K.t("page.confirm_choice", {action: head, choices: parts.join(", ")})
      : K.t("page.confirm_plain", {action: head});
  }

  /* --- a game's options as inputs: the create page and the table's next game ---
     ``game`` as /api/games lists it (labels, help and choice labels in the
     page's language); ``current``: values to preset, else the defaults. */
  function optionInputs(game, current) {
    current = current || {};
    return game.options.map((opt) => {
      const id = "opt-" + opt.name, value = opt.name in current ? current[opt.name] : opt.default;
      const label = opt.label || opt.name;
      const help = opt.help ? `<small class="option-help" id="${id}-help">${K.esc(opt.help)}</small>` : "";
      let input;
      if (opt.kind === "bool") input = `<input type="checkbox" id="${id}" ${value ? "checked" : ""}>`;
      else if (opt.kind === "int") input = `<input type="number" id="${id}" min="${opt.min}" max="${opt.max}" value="${value}">`;
      else if (opt.kind === "choice") {
        input = `<select id="${id}">${opt.choices.map((c) => `<option value="${K.esc(c)}" ${c === value ? "selected" : ""}>` +
          `${K.esc((opt.choice_labels || {})[c] || c)}</option>`).join("")}</select>`;
      } else input = `<input id="${id}" value="${K.esc(value || "")}">`;
      return opt.kind === "bool"
        ? `<label class="option">${input} <span>${K.esc(label)}${help}</span></label>`
        : `<label class="option option-stacked" for="${id}"><span>${K.esc(label)}${help}</span>${input}</label>`;
    }).join("");
  }
  function readOptionInputs(container, game) {
    const out = {};
    game.options.forEach((opt) => {
      const el = container.querySelector("#opt-" + opt.name);
      if (!el) { out[opt.name] = opt.default; return; }
      out[opt.name] = opt.kind === "bool" ? el.checked : opt.kind === "int" ? parseInt(el.value, 10) : el.value;
    });
    return out;
  }
  // the options in words, for a confirm: "Deck: digital, Rounds: 3"
  function optionWords(game, values) {
    return game.options.map((opt) => {
      const v = values[opt.name];
      // 0 where the game's default is 0 means "the game decides" (What the Rule?!'s rounds: one per player), never "0"
      const said = opt.kind === "bool" ? K.t(v ? "page.yes" : "page.no_word")
        : opt.kind === "int" && v === 0 && opt.default === 0 ? K.t("page.option_default")
        : (opt.choice_labels || {})[v] || String(v);
      return `${opt.label || opt.name}: ${said}`;
    }).join("; ");
  }

  /* --- generic action forms from the view's templates ---------------------- */
  function isChoiceSpec(spec) {
    return Array.isArray(spec) || (spec && spec.kind === "int" && spec.max - spec.min <= 10);
  }
  function choiceValues(spec) {
    if (Array.isArray(spec)) return spec;
    const out = [];
    for (let v = spec.min; v <= spec.max; v++) out.push(v);
    return out;
  }
  function isFixed(spec) { return Array.isArray(spec) && spec.length === 1; }

  const pickers = {};   // step pickers' progress, kept across views while the choices stay the same

  /* Renders templates into ``container``: one card per action type; many
     templates of one type become a step picker.  options: templates (default
     view.actions), skip (types to leave out), ask (confirm every action,
     also one the game does not mark ``confirm``). */
  function renderActions(view, container, send, options) {
    options = options || {};
    container.innerHTML = "";
    const skip = options.skip || [];
    const list = (options.templates || view.actions).filter((a) => !skip.includes(a.type));
    byType(list).forEach((tpls) => container.appendChild(actionCard(view, tpls, send, options.ask)));
  }

  // templates grouped by type, in order: one card (a form or a step picker) each
  function byType(templates) {
    const out = new Map();
    templates.forEach((tpl) => {
      if (!out.has(tpl.type)) out.set(tpl.type, []);
      out.get(tpl.type).push(tpl);
    });
    return out;
  }

  function sameSpec(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function admits(spec, value) {
    return Array.isArray(spec) && spec.some((v) => v === value);
  }
  /* The next field to choose step by step: the first field whose allowed
     values differ between the remaining templates (every one a list). */
  function nextStep(remaining, chosen) {
    const names = Object.keys(remaining[0].fields);
    remaining.slice(1).forEach((tpl) => Object.keys(tpl.fields).forEach((n) => { if (!names.includes(n)) names.push(n); }));
    for (const name of names) {
      if (name in chosen) continue;
      const specs = remaining.map((tpl) => tpl.fields[name]);
      if (specs.every((s) => sameSpec(s, specs[0]))) continue;
      if (!specs.every((s) => Array.isArray(s))) continue;
      const values = [];
      specs.forEach((s) => s.forEach((v) => { if (!values.some((x) => x === v)) values.push(v); }));
      return {name, values};
    }
    return null;
  }

  /* A game's renderer may draw the form of one action type itself (hook
     ``form``, static/games/README.md): it gets the type's templates and
     ``submit(action, sentence)``, which asks ``sentence`` (else the usual
     question) where a template or ``ask`` wants a confirm, then sends. */
  function ownForm(view, tpls, send, ask) {
    const renderer = K.games[view.game];
    if (!renderer || typeof renderer.form !== "function") return null;
    const submit = async (action, sentence) => {
      if (ask || tpls.some((tpl) => tpl.confirm)) {
        const ok = await confirmDialog(sentence || confirmSentence(view, tpls[0], action), K.actionLabel(view, action.type));
        if (!ok) return null;
      }
      return send(action);
    };
    try { return renderer.form(view, K.ui(view), tpls, submit) || null; } catch (err) { console.error(err); return null; }
  }

  /* Explain mode (issue #29): the server's one line on what this move
     does, under its card (none while explanations are off). */
  function moveHelp(view, type) {
    const help = view.explain && view.explain.moves && view.explain.moves[type];
    if (!help) return null;
    const p = document.createElement("p");
    p.className = "move-help";
    p.textContent = help;
    return p;
  }
  function withHelp(view, card, type) {
    const help = moveHelp(view, type);
    if (help && !card.querySelector(".move-help")) card.appendChild(help);
    return card;
  }

  /* The explain switch (issue #40): its template's one value is what a
     tap makes it, so a button naming that value read "Explanations: off"
     while they were on.  It says the state it is in (the view's
     ``explain``: null while off), and a tap turns it over. */
  function switchCard(view, tpl, send) {
    const form = document.createElement("form");
    form.className = "action card switch";
    form.dataset.type = tpl.type;
    const on = view.explain != null, b = document.createElement("button");
    b.type = "submit";
    b.setAttribute("role", "switch");
    b.setAttribute("aria-checked", on ? "true" : "false");
    b.dataset.state = on ? "on" : "off";
    b.textContent = K.t("page.summary", {action: K.actionLabel(view, tpl.type), values: K.valueLabel(view, "mode", on ? "on" : "off")});
    form.appendChild(b);
    form.onsubmit = async (e) => {
      e.preventDefault();
      form.classList.add("busy");
      await send({type: tpl.type, mode: tpl.fields.mode[0]});
      form.classList.remove("busy");
    };
    return form;
  }
  function isSwitch(tpls) {
    return tpls.length === 1 && tpls[0].type === "explain" && isFixed(tpls[0].fields.mode);
  }

  function actionCard(view, tpls, send, ask) {
    if (isSwitch(tpls)) return withHelp(view, switchCard(view, tpls[0], send), "explain");
    const own = ownForm(view, tpls, send, ask);
    if (own) return withHelp(view, own, tpls[0].type);
    return withHelp(view, plainCard(view, tpls, send, ask), tpls[0].type);
  }
  function plainCard(view, tpls, send, ask) {
    if (tpls.length === 1) return actionForm(view, tpls[0], {}, send, ask);
    const type = tpls[0].type;
    const key = view.game + "|" + JSON.stringify(tpls);
    const progress = pickers[type] && pickers[type].key === key ? pickers[type] : (pickers[type] = {key, chosen: {}, order: []});
    const remaining = tpls.filter((tpl) => progress.order.every((n) => admits(tpl.fields[n], progress.chosen[n])));
    const redraw = (old) => old.replaceWith(actionCard(view, tpls, send, ask));
    const back = (form) => () => {
      const last = progress.order.pop();
      delete progress.chosen[last];
      redraw(form);
    };
    const step = remaining.length > 1 ? nextStep(remaining, progress.chosen) : null;
    if (!step) {
      const form = actionForm(view, remaining[0] || tpls[0], progress.chosen, send, ask);
      if (progress.order.length) addBack(form, back(form));
      return form;
    }
    const form = document.createElement("form");
    form.className = "action card picker";
    form.dataset.type = type;
    form.dataset.step = step.name;
    const crumbs = progress.order.map((n) => K.valueLabel(view, n, progress.chosen[n]));
    form.innerHTML = `<div class="label">${K.esc([K.actionLabel(view, type)].concat(crumbs).join(" › "))}</div>` +
      `<span class="flabel">${K.esc(K.fieldLabel(view, step.name))}</span>`;
    const row = document.createElement("div"); row.className = "choices";
    step.values.forEach((value) => {
      const b = document.createElement("button");
      b.type = "button"; b.className = "choice"; b.dataset.value = JSON.stringify(value);
      b.textContent = K.valueLabel(view, step.name, value);
      b.onclick = () => { progress.chosen[step.name] = value; progress.order.push(step.name); redraw(form); };
      row.appendChild(b);
    });
    form.appendChild(row);
    form.onsubmit = (e) => e.preventDefault();
    if (progress.order.length) addBack(form, back(form));
    return form;
  }
  function addBack(form, onBack) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "mini back"; b.textContent = "‹ " + K.t("page.back");
    b.onclick = onBack;
    form.insertBefore(b, form.firstChild);
  }

  /* One template as a form.  ``preset``: values already chosen in a step
     picker.  A form with one choice left sends on one tap per value; every
     other form has one submit button that names the whole choice. */
  function actionForm(view, tpl, preset, send, ask) {
    const form = document.createElement("form");
    form.className = "action card";
    form.dataset.type = tpl.type;
    const values = {}, open = [];
    Object.entries(tpl.fields).forEach(([name, spec]) => {
      if (name in preset) values[name] = preset[name];
      else if (isFixed(spec)) values[name] = spec[0];
      else open.push([name, spec]);
    });
    const submit = async (extra) => {
      const action = Object.assign({type: tpl.type}, values, extra || {});
      if (tpl.confirm || ask) {   // ask: a reaction nobody waits for is never sent by a stray tap
        const text = confirmSentence(view, tpl, action), yes = K.actionLabel(view, tpl.type);
        const ok = await confirmDialog(text, yes);
        if (!ok) return;
      }
      form.classList.add("busy");
      const answer = await send(action);
      form.classList.remove("busy");
      // sent: the same form again starts empty (a stray tap must not send the last choice twice)
      if (answer && answer.ok && form.isConnected) form.replaceWith(withHelp(view, actionForm(view, tpl, preset, send, ask), tpl.type));
    };
    const shown = open.filter(([, spec]) => !(spec && spec.kind === "object"));
    open.forEach(([name, spec]) => { if (spec && spec.kind === "object") values[name] = {}; });
    // one choice left: one tap per value
    if (shown.length === 1 && isChoiceSpec(shown[0][1]) && choiceValues(shown[0][1]).length <= 12) {
      const [name, spec] = shown[0];
      form.dataset.field = name;
      form.innerHTML = `<div class="label">${K.esc(choiceSummary(view, tpl, values))}</div>` +
        `<span class="flabel">${K.esc(K.fieldLabel(view, name))}</span>`;
      const row = document.createElement("div"); row.className = "choices";
      choiceValues(spec).forEach((value) => {
        const b = document.createElement("button");
        b.type = "button"; b.className = "choice"; b.dataset.value = JSON.stringify(value);
        b.textContent = K.valueLabel(view, name, value);
        b.onclick = () => submit({[name]: value});
        row.appendChild(b);
      });
      form.appendChild(row);
      form.onsubmit = (e) => e.preventDefault();
      return form;
    }
    const go = document.createElement("button");
    go.type = "submit"; go.className = "primary big";
    // nothing is chosen for the player: the button names the choice once it is whole
    const relabel = () => {
      const missing = shown.some(([name, spec]) => (isChoiceSpec(spec) || (spec && spec.kind === "subset")) &&
        (values[name] === undefined || (spec.kind === "subset" && spec.size != null && values[name].length !== spec.size)));
      go.disabled = missing;
      go.textContent = missing ? K.t("page.choose_first") : choiceSummary(view, tpl, values);
    };
    if (shown.length) {
      form.innerHTML = `<div class="label">${K.esc(K.actionLabel(view, tpl.type))}</div>`;
      shown.forEach(([name, spec]) => form.appendChild(fieldInput(view, name, spec, values, relabel)));
    }
    relabel();
    form.appendChild(go);
    form.onsubmit = (e) => { e.preventDefault(); if (form.reportValidity()) submit(); };
    return form;
  }

  // a chosen choice says so in more than colour: a mark (app.css) and aria-pressed
  function pressed(button, on) {
    button.classList.toggle("on", on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }

  let fieldSeq = 0;
  function fieldInput(view, name, spec, values, changed) {
    const wrap = document.createElement("div");
    wrap.className = "field";
    wrap.dataset.field = name;
    // the visible label names the input or the row of choices (screen readers)
    const labelId = "field-label-" + (++fieldSeq);
    wrap.innerHTML = `<span class="flabel" id="${labelId}">${K.esc(K.fieldLabel(view, name))}</span>`;
    const named = (el) => { el.setAttribute("aria-labelledby", labelId); return el; };
    if (isChoiceSpec(spec) || spec.kind === "subset") {
      wrap.setAttribute("role", "group");
      named(wrap);
    }
    if (isChoiceSpec(spec)) {
      const row = document.createElement("div"); row.className = "choices";
      choiceValues(spec).forEach((value) => {
        const b = document.createElement("button");
        b.type = "button"; b.className = "choice"; b.dataset.value = JSON.stringify(value);
        b.textContent = K.valueLabel(view, name, value);
        b.onclick = () => {
          values[name] = value;
          row.querySelectorAll("button").forEach((x) => pressed(x, x === b));
          changed();
        };
        pressed(b, false);
        row.appendChild(b);
      });
      wrap.appendChild(row);
    } else if (spec.kind === "text") {
      const input = document.createElement("input");
      // no maxLength: a browser would cut a longer entry without a word; it is refused with the limit named
      input.required = !spec.optional && (spec.min || 0) > 0;
      input.name = name; input.autocomplete = "off"; named(input);
      const max = spec.max || 200;
      input.oninput = () => {
        if (input.value.trim() === "" && spec.optional) delete values[name]; else values[name] = input.value;
        const n = input.value.trim().length;
        input.setCustomValidity(n > max ? K.t("page.too_long", {max, n}) : "");
        changed();
      };
      wrap.appendChild(input);
    } else if (spec.kind === "int") {
      const input = document.createElement("input");
      input.type = "number"; input.inputMode = "numeric"; input.name = name; named(input);
      input.min = spec.min; input.max = spec.max; input.value = spec.min; input.required = true;
      values[name] = spec.min;
      input.oninput = () => { values[name] = parseInt(input.value, 10); changed(); };
      wrap.appendChild(input);
    } else if (spec.kind === "subset") {
      const row = document.createElement("div"); row.className = "choices";
      values[name] = [];
      spec.of.forEach((value) => {
        const b = document.createElement("button");
        b.type = "button"; b.className = "choice"; b.dataset.value = JSON.stringify(value);
        b.textContent = K.valueLabel(view, name, value);
        b.onclick = () => {
          const list = values[name], at = list.indexOf(value);
          if (at >= 0) list.splice(at, 1); else list.push(value);
          pressed(b, at < 0); changed();
        };
        pressed(b, false);
        row.appendChild(b);
      });
      if (spec.size != null) wrap.querySelector(".flabel").textContent = K.t("page.pick_n", {field: K.fieldLabel(view, name), n: spec.size});
      wrap.appendChild(row);
    } else if (spec.kind === "order") {
      const list = named(document.createElement("ol")); list.className = "order";
      values[name] = spec.of.slice();
      const draw = () => {
        list.innerHTML = "";
        values[name].forEach((value, i) => {
          const li = document.createElement("li");
          li.innerHTML = `<span>${K.esc(K.valueLabel(view, name, value))}</span>`;
          const up = document.createElement("button");
          up.type = "button"; up.textContent = "↑"; up.className = "mini"; up.disabled = i === 0;
          up.onclick = () => { const v = values[name]; [v[i - 1], v[i]] = [v[i], v[i - 1]]; draw(); changed(); };
          li.appendChild(up); list.appendChild(li);
        });
      };
      draw(); wrap.appendChild(list);
    }
    return wrap;
  }

  /* The templates of a seat's view, sorted for the phone: what the game
     waits for ("must": its ``required`` templates), what the seat may do
     ("may"), each open or secret (shown only while held), and the
     platform's seat tools. */
  function sortActions(view) {
    const game = view.actions.filter((a) => !PLATFORM_SEAT_TYPES.includes(a.type) &&
      !(view.you && view.you.host && PLATFORM_HOST_TYPES.includes(a.type)));
    const host = view.you && view.you.host;
    const must = host ? [] : game.filter((a) => a.required);
    const may = game.filter((a) => !must.includes(a));
    // a secret choice keeps its place among its kind (issue #40: once the storyteller marked the
    // story card, Factum's second card moved first on the sheet and a slide from habit picked it)
    const owed = new Set(must.filter((a) => a.secret).map((a) => a.type));
    const withOwed = (a) => a.secret && (must.includes(a) || owed.has(a.type));
    return {
      must: must.filter((a) => !a.secret), mustSecret: game.filter(withOwed),
      may: may.filter((a) => !a.secret), maySecret: may.filter((a) => a.secret && !withOwed(a)),
      tools: view.actions.filter((a) => PLATFORM_SEAT_TYPES.includes(a.type)),
    };
  }

  /* Whom the game waits for: the view's ``waiting`` (the seats offered a
     required template); older servers' views: the usual public names. */
  // whom the game waits for: every view says it (the seats with a required template)
  function waitingFor(view) { return (view.waiting || []).slice(); }
  /* Seats in words: "Anna, Ben and Cleo", or with ``any`` (a race: the
     first one counts) "Anna, Ben or Cleo". */
  function seatList(view, seats, any) {
    const names = seats.map(K.ui(view).name);
    if (names.length < 2) return names.join("");
    return K.t(any ? "page.list_or" : "page.list_and", {first: names.slice(0, -1).join(", "), last: names[names.length - 1]});
  }

  Object.assign(K, {confirmDialog, valueText, choiceSummary, confirmSentence, optionInputs, readOptionInputs,
    optionWords, renderActions, sortActions, waitingFor, seatList,
    // the templates' steps, shared with reveal.js's secret choices
    byType, nextStep, admits, isFixed, choiceValues, moveHelp});
})();
