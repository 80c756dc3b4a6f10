/* Hold to reveal, slide to choose: the page's one reveal state, the secret
   boxes renderers draw, and the secret sheet's choices. */
(function () {
  "use strict";
  const K = window.Companion;

  /* --- hold to reveal, slide to choose ---------------------------------------
     One state for the whole page: any hold control ([data-hold]) reveals
     every secret (the phone's sheet, the boxes game renderers draw with
     ui.secret) while one finger, the mouse or a key holds it; letting go,
     the page going to the background or losing focus hides all again.
     Secret HTML is not in the page at all while hidden.
     Choosing needs no second finger (a phone gives a second finger's tap
     no click): while holding, the finger slides onto a choice
     ([data-pick]) and picks it by letting go there; letting go anywhere
     else picks nothing.  A key: Space or Enter held, the arrows aim,
     letting go picks.  A screen reader: the "stay" control
     ([data-reveal-stay]) reveals until the sheet's hide button, and its
     choices act on activation. */
  const reveal = {on: false, by: null, pointer: null, sheet: false, aim: null, listeners: []};
  const secrets = new Map();   // id -> html of boxes drawn by game renderers
  const picks = new WeakMap(); // [data-pick] element -> what picking it does
  let secretSeq = 0;

  function secretBox(html) {
    const id = "s" + (++secretSeq);
    secrets.set(id, html);
    return `<div class="secret inline"><button type="button" class="hold" data-hold>${K.esc(K.t("page.hold"))}</button>` +
      `<div class="secret-body" data-secret-id="${id}">${reveal.on ? html : K.esc(K.t("page.hidden_box"))}</div></div>`;
  }
  function drawSecretBoxes() {
    document.querySelectorAll("[data-secret-id]").forEach((el) => {
      const html = secrets.get(el.dataset.secretId);
      el.innerHTML = reveal.on && html != null ? html : K.esc(K.t("page.hidden_box"));
      el.classList.toggle("shown", reveal.on);
    });
  }
  function forgetSecretBoxes(container) {
    container.querySelectorAll("[data-secret-id]").forEach((el) => secrets.delete(el.dataset.secretId));
  }
  /* ``by``: "pointer", "key" or "stay"; ``sheet``: the phone's own sheet
     opens (a renderer's inline box reveals in place instead). */
  function setRevealed(on, by, sheet) {
    if (reveal.on === on) return;
    aimAt(null);
    Object.assign(reveal, {on, by: on ? by || "pointer" : null, sheet: on && !!sheet});
    if (!on) reveal.pointer = null;
    document.body.classList.toggle("revealed", on);
    document.body.classList.toggle("sheet", reveal.sheet);
    document.body.classList.toggle("stay", on && reveal.by === "stay");
    drawSecretBoxes();
    reveal.listeners.forEach((fn) => fn(on));
  }
  function onReveal(fn) { reveal.listeners.push(fn); }
  function isRevealed() { return reveal.on; }
  function redrawRevealed() { if (reveal.on) reveal.listeners.forEach((fn) => fn(true)); }

  /* A pick target: a button in the sheet that ``fn`` answers.  ``say`` is
     the whole choice in words (the sheet shows it while aimed at). */
  function pickButton(label, say, fn, className) {
    const b = document.createElement("button");
    b.type = "button"; b.className = className || "choice";
    b.setAttribute("data-pick", "");
    b.dataset.say = say;
    b.textContent = label;
    picks.set(b, fn);
    // only an activation in "stay" mode picks: a finger picks by letting go
    b.onclick = () => { if (reveal.by === "stay") { aimAt(null); fn(); redrawRevealed(); } };
    return b;
  }
  function pickAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const target = el && el.closest && el.closest("[data-pick]");
    return target && picks.has(target) && !target.disabled ? target : null;
  }
  const aimListeners = [];
  function onAim(fn) { aimListeners.push(fn); }
  function aimAt(target) {
    if (reveal.aim === target) return;
    if (reveal.aim) reveal.aim.classList.remove("aim");
    reveal.aim = target;
    if (target) {
      target.classList.add("aim");
      if (navigator.vibrate) navigator.vibrate(8);   // a tick under the thumb
    }
    aimListeners.forEach((fn) => fn(target));
  }
  // hide first (the secret leaves the screen with the finger), then act;
  // then the open page learns whether a choice now waits for its confirm
  function letGo(target) {
    const fn = target && picks.get(target);
    setRevealed(false);
    if (fn) fn();
    pendingListeners.forEach((listener) => listener());
  }
  const pendingListeners = [];
  function onPending(fn) { pendingListeners.push(fn); }
  function aimStep(delta) {
    const all = Array.from(document.querySelectorAll("[data-pick]")).filter((el) => el.offsetParent && !el.disabled);
    if (!all.length) return;
    const at = all.indexOf(reveal.aim);
    const next = at < 0 ? (delta > 0 ? 0 : all.length - 1) : (at + delta + all.length) % all.length;
    aimAt(all[next]);
    all[next].scrollIntoView({block: "nearest"});
  }

  document.addEventListener("pointerdown", (e) => {
    const hold = e.target.closest && e.target.closest("[data-hold]");
    if (!hold || reveal.on) return;   // a second finger does nothing
    e.preventDefault();
    try { hold.setPointerCapture(e.pointerId); } catch (err) { /* not capturable: the document still hears it */ }
    reveal.pointer = e.pointerId;
    setRevealed(true, "pointer", hold.id === "hold");
  });
  document.addEventListener("pointermove", (e) => {
    if (reveal.by === "pointer" && e.pointerId === reveal.pointer) aimAt(pickAt(e.clientX, e.clientY));
  }, true);
  document.addEventListener("pointerup", (e) => {
    if (reveal.by === "pointer" && e.pointerId === reveal.pointer) letGo(pickAt(e.clientX, e.clientY));
  }, true);
  document.addEventListener("pointercancel", (e) => {
    if (reveal.by === "pointer" && e.pointerId === reveal.pointer) letGo(null);
  }, true);
  document.addEventListener("contextmenu", (e) => { if (e.target.closest && e.target.closest("[data-hold]")) e.preventDefault(); });
  const HOLD_KEYS = [" ", "Enter"];
  document.addEventListener("keydown", (e) => {
    if (reveal.by === "key") {
      const delta = {ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, Tab: e.shiftKey ? -1 : 1}[e.key];
      if (delta) { e.preventDefault(); aimStep(delta); } else if (e.key === "Escape") aimAt(null);
      if (HOLD_KEYS.includes(e.key)) e.preventDefault();
      return;
    }
    const hold = HOLD_KEYS.includes(e.key) && e.target.closest && e.target.closest("[data-hold]");
    if (hold && !reveal.on) { e.preventDefault(); setRevealed(true, "key", hold.id === "hold"); }
  });
  document.addEventListener("keyup", (e) => {
    if (reveal.by === "key" && HOLD_KEYS.includes(e.key)) { e.preventDefault(); letGo(reveal.aim); }
  });
  document.addEventListener("click", (e) => {
    const stay = e.target.closest && e.target.closest("[data-reveal-stay]");
    if (stay && !reveal.on) { setRevealed(true, "stay", true); focusSheet(); }
    if (e.target.closest && e.target.closest("[data-reveal-hide]")) setRevealed(false);
  });
  function focusSheet() {
    const first = document.querySelector(".sheet-focus");
    if (first) first.focus();
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState !== "visible") setRevealed(false); });
  window.addEventListener("blur", () => setRevealed(false));
  window.addEventListener("pagehide", () => setRevealed(false));

  /* --- secret choices: picked by sliding while the reveal is held -----------
     Every field of a secret template is a list of choices (a text field
     cannot be typed with the thumb that holds).  Each release picks one
     step: a value of the next field (templates of one type become a step
     picker, as in the open forms), the last value makes the action.  An
     action that asks to confirm waits as ``pendingPick`` until a second
     gesture lets go on its "yes", shown only while held like the choice. */
  const pickSteps = {};                             // type -> {key, chosen, order}
  const pendingPick = {key: null, tpl: null, action: null};

  function renderPicks(view, container, templates, send) {
    container.innerHTML = "";
    const key = view.game + "|" + JSON.stringify(templates);
    if (pendingPick.key !== key) Object.assign(pendingPick, {key, tpl: null, action: null});
    if (pendingPick.tpl) { container.appendChild(pickConfirm(view, send)); return; }
    K.byType(templates).forEach((tpls) => container.appendChild(pickCard(view, tpls, send)));
  }
  function hasPendingPick() { return !!pendingPick.tpl; }
  /* Whether a choice among ``templates`` waits for its confirm (issue #40):
     the open page says so, never which; a choice the game moved past is
     no longer waiting. */
  function pendingFor(view, templates) {
    return !!pendingPick.tpl && pendingPick.key === view.game + "|" + JSON.stringify(templates);
  }

  const isSubset = (spec) => spec && !Array.isArray(spec) && spec.kind === "subset";
  // whether ``spec`` still allows what was chosen for it (a subset: every value picked so far)
  function allows(spec, value) {
    if (isSubset(spec)) return Array.isArray(value) && value.every((v) => K.admits(spec.of, v)) && value.length <= spec.size;
    return K.admits(spec, value);
  }
  // the action once nothing is left to choose, else null
  function completeAction(tpl, chosen) {
    const action = {type: tpl.type};
    for (const [name, spec] of Object.entries(tpl.fields)) {
      if (isSubset(spec) && !(chosen[name] && chosen[name].length === spec.size)) return null;
      if (name in chosen) action[name] = chosen[name];
      else if (K.isFixed(spec)) action[name] = spec[0];
      else return null;
    }
    return action;
  }
  /* The next field to pick and its values: across templates first, then the
     rest of the one left; a subset ("show 2 identities") one value a gesture. */
  function pickStep(remaining, chosen) {
    if (remaining.length > 1) return K.nextStep(remaining, chosen);
    const fields = remaining[0].fields;
    const name = Object.keys(fields).find((n) => isSubset(fields[n])
      ? (chosen[n] || []).length < fields[n].size : !(n in chosen) && !K.isFixed(fields[n]));
    if (!name) return null;
    if (!isSubset(fields[name])) return {name, values: K.choiceValues(fields[name])};
    return {name, values: fields[name].of.filter((v) => !(chosen[name] || []).includes(v)), subset: true};
  }

  function pickCard(view, tpls, send) {
    const type = tpls[0].type, key = view.game + "|" + JSON.stringify(tpls);
    const progress = pickSteps[type] && pickSteps[type].key === key ? pickSteps[type]
      : (pickSteps[type] = {key, chosen: {}, picked: []});   // picked: [field, value] per gesture
    const admitted = (chosen) => tpls.filter((tpl) => Object.keys(chosen).every((n) => allows(tpl.fields[n], chosen[n])));
    const remaining = admitted(progress.chosen);
    const card = document.createElement("div");
    card.className = "action card picks";
    card.dataset.type = type;
    const step = remaining.length ? pickStep(remaining, progress.chosen) : null;
    const crumbs = progress.picked.map(([n, v]) => K.valueLabel(view, n, v));
    card.innerHTML = `<div class="label">${K.esc([K.actionLabel(view, type)].concat(crumbs).join(" › "))}</div>`;
    const help = K.moveHelp(view, type);   // explain mode: what this secret move does, seen only here
    if (help) card.appendChild(help);
    const row = document.createElement("div"); row.className = "choices";
    const choose = (tpl, action) => () => {
      if (tpl.confirm) Object.assign(pendingPick, {tpl, action});
      else { delete pickSteps[type]; send(action); }
    };
    if (step) {
      card.dataset.step = step.name;
      card.insertAdjacentHTML("beforeend", `<span class="flabel">${K.esc(K.fieldLabel(view, step.name))}</span>`);
      step.values.forEach((value) => {
        const picked = step.subset ? (progress.chosen[step.name] || []).concat([value]) : value;
        const chosen = Object.assign({}, progress.chosen, {[step.name]: picked});
        const left = admitted(chosen);
        const action = left.length === 1 ? completeAction(left[0], chosen) : null;
        const say = action ? K.choiceSummary(view, left[0], action)
          : K.t("page.field_value", {field: K.fieldLabel(view, step.name), value: K.valueLabel(view, step.name, value)});
        const fn = action ? choose(left[0], action)
          : () => { progress.chosen[step.name] = picked; progress.picked.push([step.name, value]); };
        const b = pickButton(K.valueLabel(view, step.name, value), say, fn);
        b.dataset.value = JSON.stringify(value);
        if (action) b.dataset.ends = left[0].confirm ? "confirm" : "send";   // what letting go here leads to
        row.appendChild(b);
      });
    } else {
      const tpl = remaining[0] || tpls[0], action = completeAction(tpl, progress.chosen) || {type};
      const say = K.choiceSummary(view, tpl, action);
      const b = pickButton(say, say, choose(tpl, action), "choice primary");
      b.dataset.ends = tpl.confirm ? "confirm" : "send";
      row.appendChild(b);
    }
    card.appendChild(row);
    if (progress.picked.length) {
      const back = pickButton("‹ " + K.t("page.back"), K.t("page.back"), () => {
        const [name] = progress.picked.pop();
        const spec = tpls.map((tpl) => tpl.fields[name]).find(isSubset);
        if (spec && progress.chosen[name].length > 1) progress.chosen[name] = progress.chosen[name].slice(0, -1);
        else delete progress.chosen[name];
      }, "secondary back-pick");
      card.appendChild(back);
    }
    return card;
  }

  // the chosen action in words, with "no" and "yes" to let go on
  function pickConfirm(view, send) {
    const {tpl, action} = pendingPick;
    const card = document.createElement("div");
    card.className = "action card picks pick-confirm";
    card.dataset.type = tpl.type;
    const text = K.confirmSentence(view, tpl, action);
    card.innerHTML = `<p class="confirm-question">${K.esc(text)}</p>`;
    const row = document.createElement("div"); row.className = "row";
    const clear = () => { Object.assign(pendingPick, {tpl: null, action: null}); delete pickSteps[tpl.type]; };
    row.appendChild(pickButton(K.t("page.no"), K.t("page.no_choose_again"), clear, "secondary confirm-no"));
    const yes = K.actionLabel(view, tpl.type);
    const go = pickButton(yes, K.t("page.yes_say", {choice: text}), () => { clear(); send(action); }, "danger confirm-yes");
    go.dataset.ends = "send";
    row.appendChild(go);
    card.appendChild(row);
    return card;
  }

  // secretBox and forgetSecretBoxes: for texts.js's ui.secret and render.js's renderGame
  Object.assign(K, {renderPicks, hasPendingPick, pendingFor, onPending, onAim, onReveal, isRevealed, setRevealed,
    secretBox, forgetSecretBoxes});
})();
