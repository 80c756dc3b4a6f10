/* What the boardgame.io ports of the companion's games share
   (bench/bgio/haiclue.js, hoax.js):
   the companion's game kit (companion/games/base.py: log events, action
   templates, base.match_action and default_why_not), the host as the player
   after the last seat, the log tail of a view, and chance that a check can
   script. */
"use strict";

const HOST = "host";
const LOG_IN_VIEW = 150;   // companion/views.py: log lines in a view

const ev = (key, params = {}, to = null) => ({key, params, to});
const seat = (n) => ({seat: n});
const txt = (key) => ({text: key});
const strip = (s) => s.trim();
const chars = (s) => [...s].length;

/** base.template */
function template(type, fields, {confirm, required, race, secret, secretAct} = {}) {
  const out = {type, fields};
  if (confirm) out.confirm = true;
  if (required) {
    out.required = true;
    if (race) out.race = true;
  }
  if (secret || secretAct) out.secret = true;
  if (secretAct) out.secret_act = true;
  if (secret) out.secret_values = true;
  return out;
}

const isInt = (v) => typeof v === "number" && Number.isInteger(v);
const isOptional = (spec) => !Array.isArray(spec) && Boolean(spec.optional);

/** base._field_ok (JSON has no Python types: 1 and 1.0 are one number) */
function fieldOk(spec, value) {
  if (Array.isArray(spec)) return spec.some((allowed) => allowed === value);
  switch (spec.kind) {
    case "text": {
      if (typeof value !== "string") return false;
      const n = chars(strip(value));
      return (spec.min || 0) <= n && n <= (spec.max === undefined ? 200 : spec.max);
    }
    case "int":
      return isInt(value) && (spec.min === undefined ? -1e9 : spec.min) <= value
        && value <= (spec.max === undefined ? 1e9 : spec.max);
    case "subset": {
      if (!Array.isArray(value)) return false;
      if (value.some((v) => !fieldOk(spec.of, v))) return false;
      if (new Set(value.map((v) => JSON.stringify(v))).size !== value.length) return false;
      if ("size" in spec) return value.length === spec.size;
      return (spec.min || 0) <= value.length && value.length <= (spec.max === undefined ? spec.of.length : spec.max);
    }
    default:
      return false;
  }
}

/** base.match_action: [template, null] or [null, the first field no template admits] */
function matchAction(templates, action) {
  let bad = null;
  for (const tpl of templates) {
    if (tpl.type !== action.type) continue;
    let ok = true;
    for (const [name, spec] of Object.entries(tpl.fields)) {
      if (!(name in action)) {
        if (isOptional(spec)) continue;
        ok = false; bad = bad || name; break;
      }
      if (!fieldOk(spec, action[name])) {
        if (isOptional(spec) && (action[name] === null || action[name] === "")) continue;
        ok = false; bad = bad || name; break;
      }
    }
    if (ok) return [tpl, null];
    if (bad === null) bad = "?";
  }
  return [null, bad];
}

/** base.default_why_not: the refusal the templates themselves tell;
    `templatesOf(actor)` a seat's or the host's templates, `seats` the table */
function defaultWhyNot(templatesOf, seats, actor, action) {
  const same = templatesOf(actor).filter((t) => t.type === action.type);
  if (same.length) {
    for (const tpl of same) {
      if (Object.entries(tpl.fields).some(([name, spec]) => !(name in action) && !isOptional(spec))) {
        return "missing_field";
      }
    }
    const [, bad] = matchAction(same, action);
    const limits = same.map((t) => t.fields[bad]).filter((sp) => sp && !Array.isArray(sp) && sp.kind === "text")
      .map((sp) => (sp.max === undefined ? 200 : sp.max));
    const value = action[bad];
    if (limits.length && typeof value === "string" && chars(strip(value)) > Math.max(...limits)) return "too_long";
    return "invalid_field";
  }
  if (seats.some((s) => s !== actor && templatesOf(s).some((t) => t.type === action.type))) return "not_your_turn";
  return "wrong_step";
}

/** player "i" -> G.seats[i]; the player after the last seat -> HOST; else null */
function actorOf(G, playerID) {
  const i = Number(playerID);
  if (playerID === null || playerID === undefined || !Number.isInteger(i) || i < 0) return null;
  if (i < G.seats.length) return G.seats[i];
  return i === G.seats.length ? HOST : null;
}

/** the last LOG_IN_VIEW entries of G.log `reader` may read (views.may_read:
    the public ones and those addressed to it; the host and the table read
    the public ones), as keys and params */
function logTail(G, reader) {
  const out = [];
  for (let i = G.log.length - 1; i >= 0 && out.length < LOG_IN_VIEW; i--) {
    const e = G.log[i];
    if (e.to === null || (reader !== null && e.to.includes(reader))) out.push({key: e.key, params: e.params});
  }
  return out.reverse();
}

/** Chance: boardgame.io's `random` (its seeded Alea); or, while G.script
    holds outcomes (bench/agree.py records the companion's: {op, value} in
    the order its rules drew them), the next outcome when it fits, so both
    referees meet the same deals and draws. */
function chance(G, random) {
  const scripted = (op, fits) => {
    if (!G.script || !G.script.length) return undefined;
    const next = G.script.shift();
    return next.op === op && fits(next.value) ? next.value : undefined;
  };
  const sameCards = (a, b) => Array.isArray(a) && a.length === b.length
    && JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  return {
    shuffle(list) {
      const got = scripted("shuffle", (v) => sameCards(v, list));
      return got !== undefined ? [...got] : random.Shuffle(list);
    },
    choice(list) {
      const got = scripted("choice", (v) => list.includes(v));
      return got !== undefined ? got : list[Math.floor(random.Number() * list.length)];
    },
    sample(list, n) {
      const got = scripted("sample", (v) => Array.isArray(v) && v.length === n && v.every((x) => list.includes(x)));
      return got !== undefined ? [...got] : random.Shuffle(list).slice(0, n);
    },
  };
}

const WORDS = ["sun", "cold", "river", "tea", "fox", "moon"];

/** A random action admitted by template `tpl`, drawn with `random` (a
    function giving [0, 1)): bench/driver.js sampleAction's draw, itself
    companion/games/base.py sample_action's. */
function sampleAction(tpl, random) {
  const randint = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const choice = (list) => list[Math.floor(random() * list.length)];
  const sample = (list, k) => {
    const pool = list.slice();
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    return pool.slice(0, k);
  };
  const action = {type: tpl.type};
  for (const [name, spec] of Object.entries(tpl.fields || {})) {
    if (Array.isArray(spec)) { action[name] = choice(spec); continue; }
    switch (spec.kind) {
      case "text": {
        if (spec.optional && random() < 0.5) break;
        const lo = Math.max(spec.min ?? 1, 1), hi = spec.max ?? 20;
        const words = [];
        for (let i = randint(2, 4); i > 0; i--) words.push(choice(WORDS));
        let text = words.join(" ").slice(0, hi);
        while (text.length < lo) text += "x";
        action[name] = text;
        break;
      }
      case "int": action[name] = randint(spec.min ?? 0, spec.max ?? 9); break;
      case "order": action[name] = sample(spec.of, spec.of.length); break;
      case "object": action[name] = {}; break;
      case "subset": {
        const size = "size" in spec ? spec.size : randint(spec.min ?? 0, spec.max ?? spec.of.length);
        action[name] = sample(spec.of, size);
        break;
      }
      default: break;
    }
  }
  return action;
}

module.exports = {HOST, LOG_IN_VIEW, ev, seat, txt, template, isInt, fieldOk, matchAction, defaultWhyNot,
  actorOf, logTail, chance, sampleAction};
