/* Die Erben von HOAX as a boardgame.io 0.50 game: the companion's referee
   (companion/games/hoax/: rules, common, claims, reactions, doubts, rounds,
   second, view; docs/games/hoax.md) ported function for function, with
   every option (strict_doubt, large_group, original_hoax, second_identity),
   for the benchmark against boardgame.io (issue #44) and bench/agree.py.

   Players, legality, views: as bench/bgio/haiclue.js says (the host is the
   player after the last seat and alone sends `close`; a move returns
   INVALID_MOVE where the companion refuses, its code from `refusal`;
   playerView = the companion's view for that seat + its templates + the log
   tail it may read, private lines included; the host's `close` needs no
   cause here).  Phases: boardgame.io phases `cover` (the round's start
   covers) and `play` (turns, reactions, doubts, purchases, the final and a
   second identity's covers; the steps are the companion's `step`); a new
   round goes back to `cover`; `over` is boardgame.io's gameover.

   Secret moves: `cover`, `show` and `accuse` are `redact: true` (only the
   mover sees their arguments in boardgame.io's action log); the state's
   secrets (identities, the undealt cards, what was shown to whom) reach a
   player only through playerView, as in the companion's views.

   Chance (kit.chance): the deals of every round, a random first player and
   the host's random picks (`close` of covers and of an answer) come from
   boardgame.io's seeded `random`, or, in bench/agree.py, from the outcomes
   the companion's rules drew (setupData.script), so both play the same
   deals.  setupData {seats?, first?, strict_doubt?, large_group?,
   original_hoax?, second_identity?, script?}. */
"use strict";

const path = require("path");
const modules = path.join(__dirname, "node_modules");
const {ActivePlayers, INVALID_MOVE} = require(path.join(modules, "boardgame.io", "dist", "cjs", "core.js"));
const kit = require("./kit.js");

const {HOST, ev, seat, txt, template, isInt} = kit;

// --- common.py ---------------------------------------------------------------------

const IDENTITIES = ["baron", "monk", "judge", "trader", "magician", "thief", "farmer"];
const RESOURCES = ["gold", "wine", "grain"];
const PERSONAL_ACTIONS = {
  baron: ["gold", "tax"], monk: ["wine", "collection"], judge: ["wine", "grain"],
  trader: ["gold", "trade"], magician: ["enchant"], thief: ["steal"], farmer: ["grain"],
};
const REACTION_IDENTITY = {illegal: "baron", fine: "judge", indulgence: "monk", immunize: "magician"};
const ONE_OF_THREE = ["illegal", "fine", "indulgence"];
const MAX_TRIOS = 5;
const WINNING_POINTS = 10;
const OPTIONS = ["strict_doubt", "large_group", "original_hoax", "second_identity"];
const CLOSABLE_STEPS = ["cover", "show", "doubt", "turn"];

const sk = String;
const has = (obj, k) => Object.prototype.hasOwnProperty.call(obj, k);
const identityText = (i) => txt("value." + i);
const identityTexts = (ids) => ids.map(identityText);
const copies = (st) => (st.opts.large_group ? 4 : 2);
const original = (st) => Boolean(st.opts.original_hoax);
const secondIdentity = (st) => Boolean(st.opts.second_identity);
const identitiesInPlay = (st) => IDENTITIES.filter((i) => !(original(st) && i === "trader"));
const firstCards = (st) => st.second || {};
const recovering = (st) => st.recover || null;
const revealedCards = (st) => [...Object.values(st.revealed), ...Object.values(firstCards(st))];
const isOut = (st, s) => has(st.out, sk(s));
const inRound = (st) => st.seats.filter((s) => !isOut(st, s));
const count = (list, x) => list.filter((y) => y === x).length;

function nextInRound(st, s) {
  const seats = st.seats;
  const i = seats.indexOf(s);
  for (let d = 1; d <= seats.length; d++) {
    const t = seats[(i + d) % seats.length];
    if (!isOut(st, t)) return t;
  }
  return s;
}

function needed(st) {
  const n = inRound(st).length;
  let need = st.opts.strict_doubt ? n - 1 : Math.floor((n + 1) / 2);
  if (st.opts.large_group) need = Math.min(need, 4);
  return Math.max(need, 1);
}

const findClaim = (st, cid) => (isInt(cid) ? st.claims.find((c) => c.id === cid) || null : null);
const standing = (st, kind = null, s = null) => st.claims.filter((c) => !c.void
  && (kind === null || c.kind === kind) && (s === null || c.seat === s));

function turnClaim(st) {
  const turn = st.turn;
  if (!turn || turn.type !== "claim") return null;
  return findClaim(st, turn.claim);
}

function actionStanding(st) {
  if (!st.turn) return false;
  if (st.turn.type !== "claim") return true;
  const c = turnClaim(st);
  return c !== null && !c.void;
}

function hitByAction(st, s) {
  const c = turnClaim(st);
  if (c === null || c.void || c.seat === s) return false;
  if (c.action === "tax" || c.action === "collection") return true;
  if (c.action === "trade") return c.params.with === s;
  if (c.action === "enchant") return c.params.target === s;
  return false;
}

function showListed(st, buyer, target) {
  const covered = st.covers[sk(target)];
  const shown = st.final ? [] : ((st.shown[sk(buyer)] || {})[sk(target)] || []);
  return IDENTITIES.filter((i) => !covered.includes(i) && !shown.includes(i));
}
const showAllowed = (st, buyer, target) => showListed(st, buyer, target).filter((i) => i !== st.ident[sk(target)]);

// shared refusals: a code or null
const missing = (action, name) => (name in action ? null : "missing_field");

function playRefusal(st, actor) {
  if (st.phase === "cover") return "covering";
  if (isOut(st, actor)) return "not_in_game";
  return null;
}

function pauseRefusal(st) {
  if (recovering(st)) return "waiting_cover";
  if (st.pending) return "waiting_show";
  if (st.doubt !== null) return "doubt_open";
  return null;
}

function turnRefusal(st, actor) {
  const found = playRefusal(st, actor) || pauseRefusal(st);
  if (found === null && actor !== st.to_move) return "not_your_turn";
  return found;
}

function identityRefusal(action, name = "identity") {
  const v = action[name];
  if (typeof v !== "string" || !IDENTITIES.includes(v)) return missing(action, name) || "invalid_field";
  return null;
}

function resourceRefusal(action, name = "resource") {
  const v = action[name];
  if (typeof v !== "string" || !RESOURCES.includes(v)) return missing(action, name) || "invalid_field";
  return null;
}

function amountRefusal(action) {
  const a = action.amount;
  if (!isInt(a) || (a !== 1 && a !== 2)) return missing(action, "amount") || "bad_amount";
  return null;
}

function otherPlayerRefusal(st, actor, action, name = "target") {
  const v = action[name];
  if (!isInt(v) || !st.seats.includes(v)) return missing(action, name) || "no_such_seat";
  if (v === actor) return "target_self";
  if (isOut(st, v)) return "target_out";
  return null;
}

// --- claims.py ---------------------------------------------------------------------

function addClaim(st, s, identity, kind, action = null, params = {}) {
  const c = {id: st.next_id, seat: s, identity, kind, action, params, void: false, doubt: null};
  st.next_id += 1;
  st.claims.push(c);
  return c;
}

function claimParams(c, words = "value.") {
  const p = c.params;
  const out = {who: seat(c.seat), id: c.id, identity: identityText(c.identity)};
  for (const name of ["resource", "give", "get"]) if (has(p, name)) out[name] = txt(words + p[name]);
  if (has(p, "target")) out.target = seat(p.target);
  if (has(p, "amount")) out.amount = p.amount;
  if (has(p, "with")) out.partner = p.with === "bank" ? txt(words + "bank") : seat(p.with);
  return out;
}

function cover(st, s, identity, events) {
  if (!st.covers[sk(s)].includes(identity)) st.covers[sk(s)].push(identity);
  disprove(st, s, identity, events);
}

function disprove(st, s, identity, events) {
  for (const c of standing(st, null, s)) if (c.identity === identity && !c.first_card) voidClaim(st, c, events);
}

function voidOtherIdentities(st, s, identity, events) {
  for (const c of standing(st, null, s)) if (c.identity !== identity) voidClaim(st, c, events);
}

function voidClaim(st, c, events) {
  if (c.void) return;
  c.void = true;
  if (c.kind === "action") {
    events.push(ev(`void.${c.identity}.${c.action}`, claimParams(c)));
    for (const r of standing(st, "illegal")) voidClaim(st, r, events);
    for (const r of standing(st, "immunize")) if (r.params.against === "action") voidClaim(st, r, events);
    return;
  }
  const player = st.turn ? st.turn.player : c.seat;
  events.push(ev("void." + c.kind, {who: seat(c.seat), id: c.id, actor: seat(player)}));
  if (c.kind === "illegal" && !standing(st, "illegal").length) {
    for (const r of standing(st, "fine")) voidClaim(st, r, events);
  } else if (c.kind === "fine" && !standing(st, "fine").length) {
    for (const r of standing(st, "indulgence")) voidClaim(st, r, events);
    for (const r of standing(st, "immunize")) if (r.params.against === "sentence") voidClaim(st, r, events);
  }
}

// --- rounds.py -----------------------------------------------------------------------

function deal(st, start, luck, events) {
  const deck = luck.shuffle(identitiesInPlay(st).flatMap((i) => Array(copies(st)).fill(i)));
  const seats = st.seats;
  Object.assign(st, {
    round: st.round + 1, phase: "cover", start,
    ident: Object.fromEntries(seats.map((s, n) => [sk(s), deck[n]])),
    undealt: deck.slice(seats.length),
    covers: Object.fromEntries(seats.map((s) => [sk(s), []])),
    to_cover: [...seats],
    shown: {}, out: {}, revealed: {}, second: {}, recover: null,
    final: false, to_move: start, turn: null, claims: [], used: {}, doubt: null, pending: null,
  });
  if (original(st)) {
    Object.assign(st, {phase: "play", to_cover: [], covers: Object.fromEntries(seats.map((s) => [sk(s), ["trader"]]))});
    events.push(ev("deal_original", {who: seat(start)}));
    return;
  }
  events.push(ev("deal", {round: st.round, who: seat(start)}));
}

function goOut(st, s, reason) {
  st.out[sk(s)] = reason;
  if (st.to_move === s) st.to_move = nextInRound(st, s);
}

function award(st, s, n, events, capped = false) {
  const points = st.points;
  if (capped && points[sk(s)] + n >= WINNING_POINTS) {
    events.push(ev("no_tenth", {who: seat(s)}));
    return false;
  }
  points[sk(s)] += n;
  events.push(ev("points", {who: seat(s), n, total: points[sk(s)]}));
  if (points[sk(s)] < WINNING_POINTS) return false;
  crown(st, s);
  events.push(ev("wins", {who: seat(s)}));
  return true;
}

function crown(st, s) {
  Object.assign(st, {winner: s, phase: "over", doubt: null, pending: null, recover: null});
}

function lastOne(st, events) {
  const players = inRound(st);
  if (players.length === 1) {
    crown(st, players[0]);
    events.push(ev("last_one_wins", {who: seat(players[0])}));
  }
}

function maybeFinal(st, events) {
  const players = inRound(st);
  if (st.final || players.length !== 2) return;
  st.final = true;
  const [a, b] = players;
  events.push(ev("final_begins", {a: seat(a), b: seat(b)}));
  for (const [me, other] of [[a, b], [b, a]]) {
    const shown = (st.shown[sk(other)] || {})[sk(me)] || [];
    const fresh = shown.filter((i) => !st.covers[sk(me)].includes(i));
    if (fresh.length) {
      events.push(ev("final_auto_cover", {who: seat(me), other: seat(other), identities: identityTexts(fresh)}));
      for (const i of fresh) cover(st, me, i, events);
    }
  }
}

function finishFinal(st, winner, loser, events, luck, bonus = 0, bonusCapped = false) {
  events.push(ev("final_won", {who: seat(winner), loser: seat(loser)}));
  if (award(st, winner, 3, events)) return;
  if (bonus && award(st, winner, bonus, events, bonusCapped)) return;
  award(st, loser, 1, events, true);
  events.push(ev("round_end", {round: st.round}));
  for (const s of st.seats) events.push(ev("reveal", {who: seat(s), identity: identityText(st.ident[sk(s)])}));
  st.last_round = {round: st.round, winner, loser, identities: {...st.ident}};
  deal(st, winner, luck, events);
}

// --- second.py -----------------------------------------------------------------------

function newIdentity(st, s, old, events) {
  const before = st.covers[sk(s)].length;
  for (const c of standing(st, null, s)) c.first_card = true;
  st.second[sk(s)] = old;
  const fresh = st.undealt.pop();
  st.ident[sk(s)] = fresh;
  for (const answers of Object.values(st.shown)) delete answers[sk(s)];
  const shown = revealedCards(st);
  st.covers[sk(s)] = IDENTITIES.filter((i) => count(shown, i) >= copies(st));
  events.push(ev("new_identity", {who: seat(s), n: before}));
  events.push(ev("new_identity_you", {identity: identityText(fresh)}, [s]));
  const left = before - st.covers[sk(s)].length;
  if (left > 0) st.recover = {seat: s, left};
}

function secondTemplates(st, s) {
  if (recovering(st).seat !== s) return [];
  const listed = IDENTITIES.filter((i) => !st.covers[sk(s)].includes(i) && i !== st.ident[sk(s)]);
  return [template("cover", {identity: listed}, {required: true, secret: true, secretAct: true})];
}

function coverNewCard(st, s, identity, events, key = "cover") {
  st.covers[sk(s)].push(identity);
  events.push(ev(key, {who: seat(s), identity: identityText(identity)}));
  st.recover.left -= 1;
  if (!st.recover.left) {
    st.recover = null;
    events.push(ev("recovered", {who: seat(s)}));
  }
}

function secondClose(st, luck, events) {
  const s = st.recover.seat;
  while (st.recover) {
    const own = st.ident[sk(s)];
    const covers = st.covers[sk(s)];
    coverNewCard(st, s, luck.choice(IDENTITIES.filter((i) => i !== own && !covers.includes(i))), events, "cover_closed");
  }
}

// --- doubts.py -----------------------------------------------------------------------

const REOPENING = ["withdrawn", "closed"];

function openDoubtTemplates(st, s) {
  const c = findClaim(st, st.doubt);
  const d = c.doubt;
  const out = [];
  if (s !== c.seat && !d.yes.includes(s) && !d.no.includes(s)) {
    out.push(template("doubt", {claim: [c.id]}, {confirm: true, required: true}));
    out.push(template("decline", {claim: [c.id]}, {required: true}));
  }
  if (s === d.by) out.push(template("withdraw", {claim: [c.id]}));
  return out;
}

function raiseTemplate(st, s) {
  const ids = st.claims.filter((c) => newDoubtRefusal(st, s, c) === null).map((c) => c.id);
  return ids.length ? [template("doubt", {claim: ids}, {confirm: true})] : [];
}

function doubtRefusal(st, actor, action) {
  const found = playRefusal(st, actor);
  if (found) return found;
  if (recovering(st)) return "waiting_cover";
  if (st.pending) return "waiting_show";
  const c = findClaim(st, action.claim);
  if (c === null) return missing(action, "claim") || "no_claim";
  if (c.seat === actor) return "own_claim";
  if (st.doubt !== null) {
    if (st.doubt !== c.id) return "doubt_open";
    if (c.doubt.yes.includes(actor) || c.doubt.no.includes(actor)) return "already_answered";
    return null;
  }
  return newDoubtRefusal(st, actor, c);
}

function newDoubtRefusal(st, actor, c) {
  if (c.seat === actor) return "own_claim";
  if (c.void) return "claim_void";
  if (isOut(st, c.seat)) return "claimant_out";
  if (c.doubt !== null && !REOPENING.includes(c.doubt.status)) return "already_doubted";
  if ((c.withdrawn || []).includes(actor)) return "withdrew_doubt";
  return null;
}

function declineRefusal(st, actor, action) {
  const found = playRefusal(st, actor);
  if (found) return found;
  const c = findClaim(st, action.claim);
  if (c === null || st.doubt !== c.id) return missing(action, "claim") || "no_open_doubt";
  if (c.seat === actor) return "own_claim";
  if (c.doubt.yes.includes(actor) || c.doubt.no.includes(actor)) return "already_answered";
  return null;
}

function withdrawRefusal(st, actor, action) {
  const found = playRefusal(st, actor);
  if (found) return found;
  const c = findClaim(st, action.claim);
  if (c === null || st.doubt !== c.id) return missing(action, "claim") || "no_open_doubt";
  if (c.doubt.by !== actor) return "not_raiser";
  return null;
}

function performWithdraw(st, actor, action) {
  const events = [];
  const c = findClaim(st, action.claim);
  if (!c.withdrawn) c.withdrawn = [];
  c.withdrawn.push(actor);
  collapse(st, c, "withdrawn", events);
  return events;
}

function performDecline(st, actor, action, luck) {
  const c = findClaim(st, action.claim);
  c.doubt.no.push(actor);
  const events = [ev("doubt_decline", {who: seat(actor), claimant: seat(c.seat), id: c.id})];
  checkDoubt(st, c, events, luck);
  return events;
}

function performDoubt(st, actor, action, luck) {
  const events = [];
  const c = findClaim(st, action.claim);
  if (st.doubt !== c.id) {
    raiseDoubt(st, actor, c, events, luck);
    return events;
  }
  c.doubt.yes.push(actor);
  events.push(ev("doubt_support", {who: seat(actor), claimant: seat(c.seat), id: c.id,
    count: c.doubt.yes.length, needed: needed(st)}));
  checkDoubt(st, c, events, luck);
  return events;
}

function raiseDoubt(st, actor, c, events, luck) {
  c.doubt = {by: actor, yes: [actor], no: [], status: "open"};
  st.doubt = c.id;
  events.push(ev("doubt_raised", {who: seat(actor), claimant: seat(c.seat), identity: identityText(c.identity),
    id: c.id, needed: needed(st)}));
  if (st.final) resolve(st, c, events, luck);
  else checkDoubt(st, c, events, luck);
}

function checkDoubt(st, c, events, luck) {
  const d = c.doubt;
  const need = needed(st);
  if (d.yes.length >= need) {
    resolve(st, c, events, luck);
    return;
  }
  const undecided = inRound(st).filter((s) => s !== c.seat && !d.yes.includes(s) && !d.no.includes(s));
  if (d.yes.length + undecided.length < need) collapse(st, c, "collapsed", events);
}

function collapse(st, c, status, events) {
  c.doubt.status = status;
  st.doubt = null;
  events.push(ev("doubt_" + status, {claimant: seat(c.seat), id: c.id, identity: identityText(c.identity)}));
}

function resolve(st, c, events, luck) {
  st.doubt = null;
  if (st.ident[sk(c.seat)] !== c.identity) doubtRight(st, c, events);
  else if (original(st)) doubtWrongWins(st, c, events);
  else doubtWrong(st, c, events, luck);
}

function doubtRight(st, c, events) {
  const d = c.doubt;
  d.status = "right";
  const params = {claimant: seat(c.seat), identity: identityText(c.identity), id: c.id, count: d.yes.length};
  if (original(st)) {
    events.push(ev("doubt_right_original", params));
    voidClaim(st, c, events);
    disprove(st, c.seat, c.identity, events);
    return;
  }
  events.push(ev("doubt_right", params));
  voidClaim(st, c, events);
  cover(st, c.seat, c.identity, events);
}

function doubtWrongWins(st, c, events) {
  c.doubt.status = "wrong";
  st.revealed[sk(c.seat)] = c.identity;
  crown(st, c.seat);
  events.push(ev("doubt_wrong_wins", {claimant: seat(c.seat), identity: identityText(c.identity), id: c.id,
    doubters: c.doubt.yes.map(seat)}));
}

function doubtWrong(st, c, events, luck) {
  const d = c.doubt;
  d.status = "wrong";
  const claimant = c.seat;
  const identity = c.identity;
  const firstTime = secondIdentity(st) && !has(firstCards(st), sk(claimant));
  const params = {claimant: seat(claimant), identity: identityText(identity), id: c.id, doubters: d.yes.map(seat)};
  if (firstTime && !st.final) {
    events.push(ev("doubt_wrong_second", params));
    voidOtherIdentities(st, claimant, identity, events);
    if (award(st, claimant, 2, events)) return;
    newIdentity(st, claimant, identity, events);
    openInfo(st, identity, events, claimant);
    return;
  }
  st.revealed[sk(claimant)] = identity;
  events.push(ev(st.final ? "doubt_wrong_final" : "doubt_wrong", params));
  const points = firstTime ? 2 : 3;
  if (st.final) {
    if (award(st, claimant, points, events)) return;
    events.push(ev("final_wrong_doubt", {who: seat(d.by)}));
    finishFinal(st, claimant, d.by, events, luck);
    return;
  }
  voidOtherIdentities(st, claimant, identity, events);
  goOut(st, claimant, "doubted");
  if (award(st, claimant, points, events)) return;
  openInfo(st, identity, events);
  maybeFinal(st, events);
}

function openInfo(st, identity, events, spare = null) {
  if (count(revealedCards(st), identity) < copies(st)) return;
  events.push(ev("open_info", {identity: identityText(identity)}));
  for (const s of inRound(st)) if (s !== spare) cover(st, s, identity, events);
}

// --- reactions.py --------------------------------------------------------------------

const REACTIONS = ["illegal", "fine", "indulgence", "immunize"];

function reactionTemplates(st, s) {
  if (!st.turn) return [];
  const covers = st.covers[sk(s)];
  const out = [];
  if (oneOfThreeOpen(st, s)) {
    if (!covers.includes("baron") && unused(st, s, "illegal")) out.push(template("illegal", {}, {confirm: true}));
    if (!covers.includes("judge") && standing(st, "illegal").length && unused(st, s, "fine")) {
      out.push(template("fine", {resource: [...RESOURCES], amount: [1, 2]}, {confirm: true}));
    }
    if (!covers.includes("monk") && standing(st, "fine").length && unused(st, s, "indulgence")) {
      out.push(template("indulgence", {resource: [...RESOURCES]}, {confirm: true}));
    }
  }
  if (!covers.includes("magician")) {
    const against = ["action", "sentence"].filter((a) => immunizeRefusal(st, s, a) === null);
    if (against.length) out.push(template("immunize", {against}, {confirm: true}));
  }
  return out;
}

function oneOfThreeOpen(st, s) {
  const player = st.turn.player;
  return s !== player && !isOut(st, player) && actionStanding(st) && (original(st) || !has(st.used, sk(s)));
}

const unused = (st, s, kind) => !(st.used[sk(s)] || []).includes(kind);

function reactionRefusal(st, actor, action) {
  const kind = action.type;
  let found = playRefusal(st, actor) || pauseRefusal(st);
  if (found) return found;
  if (!st.turn) return "no_turn";
  found = ONE_OF_THREE.includes(kind) ? oneOfThreeRefusal(st, actor, action)
    : missing(action, "against") || immunizeRefusal(st, actor, action.against);
  if (found) return found;
  return st.covers[sk(actor)].includes(REACTION_IDENTITY[kind]) ? "identity_covered" : null;
}

function oneOfThreeRefusal(st, actor, action) {
  const kind = action.type;
  const player = st.turn.player;
  if (!actionStanding(st)) return "action_void";
  if (isOut(st, player)) return "actor_out";
  if (actor === player) return {illegal: "own_action", fine: "fine_self", indulgence: "indulgence_self"}[kind];
  if (kind === "fine" && !standing(st, "illegal").length) return "no_illegal";
  if (kind === "indulgence" && !standing(st, "fine").length) return "no_fine";
  if (has(st.used, sk(actor)) && !original(st)) return "reaction_used";
  if (!unused(st, actor, kind)) return "reaction_repeat";
  if (kind === "fine" || kind === "indulgence") {
    const found = resourceRefusal(action);
    if (found) return found;
  }
  if (kind === "fine") return amountRefusal(action);
  return null;
}

function immunizeRefusal(st, actor, against) {
  if (against !== "action" && against !== "sentence") return "bad_against";
  if (against === "action") {
    const c = turnClaim(st);
    if (c !== null && !c.void && c.action === "steal" && c.seat !== actor) return "immune_theft";
    if (!hitByAction(st, actor)) return "not_hit";
  } else {
    if (actor !== st.turn.player) return "not_sentenced";
    if (!standing(st, "fine").length) return "no_fine";
  }
  if (standing(st, "immunize", actor).some((c) => c.params.against === against)) return "already_immune";
  return null;
}

function performReaction(st, actor, action) {
  const kind = action.type;
  const params = {};
  if (kind === "fine" || kind === "indulgence") params.resource = action.resource;
  if (kind === "fine") params.amount = action.amount;
  if (kind === "immunize") params.against = action.against;
  if (ONE_OF_THREE.includes(kind)) {
    if (!st.used[sk(actor)]) st.used[sk(actor)] = [];
    st.used[sk(actor)].push(kind);
  }
  const c = addClaim(st, actor, REACTION_IDENTITY[kind], kind, null, params);
  let key = kind;
  if (kind === "fine") key = params.amount === 2 ? "fine2" : "fine1";
  else if (kind === "immunize") key = "immunize_" + params.against;
  return [ev(key, {who: seat(actor), actor: seat(st.turn.player), id: c.id,
    resource: has(params, "resource") ? txt("value." + params.resource) : "",
    amount: has(params, "amount") ? params.amount : 0})];
}

// --- rules.py: templates --------------------------------------------------------------

function actions(st, s) {
  if (st.winner !== null || !st.seats.includes(s)) return [];
  if (st.phase === "cover") {
    if (st.to_cover.includes(s)) {
      const own = st.ident[sk(s)];
      return [template("cover", {identity: IDENTITIES.filter((i) => i !== own)},
        {required: true, secret: true, secretAct: true})];
    }
    return [];
  }
  if (isOut(st, s)) return [];
  if (recovering(st)) return secondTemplates(st, s);
  if (st.pending) {
    const p = st.pending;
    if (p.target !== s) return [];
    return [template("show", {identities: {kind: "subset", of: showAllowed(st, p.buyer, s), size: p.n}},
      {required: true, secret: true, secretAct: true, confirm: true})];
  }
  if (st.doubt !== null) return openDoubtTemplates(st, s);
  let out;
  if (original(st)) out = originalTemplates(st, s);
  else out = s === st.to_move ? turnTemplates(st, s) : [];
  return out.concat(reactionTemplates(st, s), raiseTemplate(st, s));
}

function hostActions(st) {
  const steps = CLOSABLE_STEPS.filter((step) => closeRefusal(st, step) === null);
  return steps.length ? [template("close", {step: steps}, {confirm: true})] : [];
}

const turnTemplates = (st, s) => personalTemplates(st, s).concat([infoTemplate(st, s, true)], accuseTemplates(st, s, true));

function originalTemplates(st, s) {
  const out = s === st.to_move ? personalTemplates(st, s) : [];
  if (infoRefusal(st, s) === null) out.push(infoTemplate(st, s, false));
  return out.concat(accuseTemplates(st, s, false));
}

function personalTemplates(st, s) {
  const out = [];
  const covers = st.covers[sk(s)];
  const others = inRound(st).filter((t) => t !== s);
  for (const identity of IDENTITIES) {
    if (covers.includes(identity)) continue;
    for (const a of PERSONAL_ACTIONS[identity]) out.push(...claimTemplates(identity, a, others));
  }
  return out;
}

const infoTemplate = (st, s, required) => template("buy_info", {
  target: inRound(st).filter((t) => t !== s), trios: {kind: "int", min: 1, max: MAX_TRIOS}}, {required});

function accuseTemplates(st, s, required) {
  const out = [];
  for (const t of inRound(st)) {
    const ids = IDENTITIES.filter((i) => !st.covers[sk(t)].includes(i));
    if (t !== s && ids.length) {
      out.push(template("accuse", {target: [t], identity: ids}, {confirm: true, required, secretAct: true}));
    }
  }
  return out;
}

function claimTemplates(identity, a, others) {
  const fixed = {identity: [identity], action: [a]};
  const claim = (fields) => template("claim", {...fixed, ...fields}, {confirm: true, required: true});
  if (a === "tax") return [claim({resource: [...RESOURCES]})];
  if (a === "trade") {
    return RESOURCES.map((give) => claim({with: ["bank", ...others], give: [give], get: RESOURCES.filter((r) => r !== give)}));
  }
  if (a === "enchant") return [claim({target: [...others]})];
  if (a === "steal") return [claim({target: [...others], resource: [...RESOURCES], amount: [1, 2]})];
  return [claim({})];
}

const templatesOf = (st, actor) => (actor === HOST ? hostActions(st) : actions(st, actor));

// --- rules.py: checks and moves -----------------------------------------------------------

function coverRefusal(st, actor, action) {
  const recover = recovering(st);
  if (recover && recover.seat === actor) return newCardRefusal(st, actor, action);
  if (recover) return "waiting_cover";
  if (st.phase !== "cover") return "not_cover_phase";
  if (!st.to_cover.includes(actor)) return "already_covered";
  const found = identityRefusal(action);
  if (found === null && action.identity === st.ident[sk(actor)]) return "cover_own";
  return found;
}

function newCardRefusal(st, actor, action) {
  const found = identityRefusal(action);
  if (found) return found;
  if (action.identity === st.ident[sk(actor)]) return "cover_own";
  if (st.covers[sk(actor)].includes(action.identity)) return "cover_twice";
  return null;
}

function performCover(st, actor, action) {
  const events = [];
  if (recovering(st)) coverNewCard(st, actor, action.identity, events);
  else startCover(st, actor, action.identity, events, "cover");
  return events;
}

function startCover(st, s, identity, events, key) {
  st.covers[sk(s)].push(identity);
  st.to_cover.splice(st.to_cover.indexOf(s), 1);
  events.push(ev(key, {who: seat(s), identity: identityText(identity)}));
  if (!st.to_cover.length) {
    st.phase = "play";
    events.push(ev("play_begins", {who: seat(st.to_move)}));
  }
}

function claimRefusal(st, actor, action) {
  let found = turnRefusal(st, actor) || identityRefusal(action);
  if (found) return found;
  const identity = action.identity;
  const a = action.action;
  if (!PERSONAL_ACTIONS[identity].includes(a)) return missing(action, "action") || "wrong_action";
  if (st.covers[sk(actor)].includes(identity)) return "identity_covered";
  if (a === "tax") return resourceRefusal(action);
  if (a === "trade") {
    found = (action.with === "bank" ? null : otherPlayerRefusal(st, actor, action, "with"))
      || resourceRefusal(action, "give") || resourceRefusal(action, "get");
    if (found === null && action.give === action.get) found = "same_resource";
    return found;
  }
  if (a === "enchant") return otherPlayerRefusal(st, actor, action);
  if (a === "steal") return otherPlayerRefusal(st, actor, action) || resourceRefusal(action) || amountRefusal(action);
  return null;
}

const CLAIM_FIELDS = {tax: ["resource"], trade: ["with", "give", "get"], enchant: ["target"],
  steal: ["target", "resource", "amount"]};

function performClaim(st, actor, action) {
  const identity = action.identity;
  const a = action.action;
  const params = Object.fromEntries((CLAIM_FIELDS[a] || []).map((name) => [name, action[name]]));
  newTurn(st, actor, "claim");
  const c = addClaim(st, actor, identity, "action", a, params);
  st.turn.claim = c.id;
  return [ev(`claim.${identity}.${a}`, claimParams(c))];
}

function newTurn(st, actor, kind, extra = {}) {
  st.turn_no += 1;
  st.claims = [];
  st.used = {};
  st.turn = {n: st.turn_no, player: actor, type: kind, claim: null, ...extra};
  st.to_move = nextInRound(st, actor);
}

function buyInfoRefusal(st, actor, action) {
  const found = (original(st) ? infoRefusal(st, actor) : turnRefusal(st, actor))
    || otherPlayerRefusal(st, actor, action);
  if (found) return found;
  const trios = action.trios;
  if (!isInt(trios) || trios < 1 || trios > MAX_TRIOS) return missing(action, "trios") || "bad_trios";
  return null;
}

function infoRefusal(st, actor) {
  const found = playRefusal(st, actor) || pauseRefusal(st);
  if (found) return found;
  if (!st.turn || st.turn.player !== actor) return "info_own_turn";
  if (st.turn.info) return "info_bought";
  return null;
}

function performBuyInfo(st, actor, action) {
  const {target, trios} = action;
  const n = Math.min(trios, showAllowed(st, actor, target).length);
  if (original(st)) st.turn.info = {target, trios, count: n};
  else newTurn(st, actor, "buy_info", {target, trios, count: n});
  const events = [ev("buy_info", {who: seat(actor), target: seat(target), trios})];
  if (n < trios) events.push(ev("trios_back", {who: seat(actor), target: seat(target), count: n, back: trios - n}));
  if (n) st.pending = {buyer: actor, target, n};
  return events;
}

function showRefusal(st, actor, action) {
  if (st.phase === "cover") return "covering";
  const pending = st.pending;
  if (!pending) return "no_show_asked";
  if (pending.target !== actor) return "not_asked";
  const ids = action.identities;
  if (!Array.isArray(ids) || ids.some((i) => typeof i !== "string" || !IDENTITIES.includes(i))) {
    return missing(action, "identities") || "invalid_field";
  }
  if (ids.length !== pending.n || new Set(ids).size !== ids.length) return "show_count";
  for (const i of ids) {
    if (i === st.ident[sk(actor)]) return "show_own";
    if (st.covers[sk(actor)].includes(i)) return "show_covered";
    if (!st.final && ((st.shown[sk(pending.buyer)] || {})[sk(actor)] || []).includes(i)) return "show_repeat";
  }
  return null;
}

function performShow(st, actor, action) {
  const events = [];
  show(st, action.identities, events);
  return events;
}

function show(st, ids, events) {
  const {buyer, target} = st.pending;
  st.pending = null;
  if (st.final) {
    events.push(ev("final_info_cover", {who: seat(target), buyer: seat(buyer), identities: identityTexts(ids)}));
    for (const i of ids) cover(st, target, i, events);
    return;
  }
  if (!st.shown[sk(buyer)]) st.shown[sk(buyer)] = {};
  if (!st.shown[sk(buyer)][sk(target)]) st.shown[sk(buyer)][sk(target)] = [];
  st.shown[sk(buyer)][sk(target)].push(...ids);
  events.push(ev("showed", {who: seat(target), buyer: seat(buyer), count: ids.length}));
  events.push(ev("showed_you", {who: seat(target), identities: identityTexts(ids)}, [buyer]));
  events.push(ev("you_showed", {buyer: seat(buyer), identities: identityTexts(ids)}, [target]));
}

function accuseRefusal(st, actor, action) {
  const onTurn = original(st) ? (playRefusal(st, actor) || pauseRefusal(st)) : turnRefusal(st, actor);
  const found = onTurn || otherPlayerRefusal(st, actor, action) || identityRefusal(action);
  if (found) return found;
  return st.covers[sk(action.target)].includes(action.identity) ? "accuse_covered" : null;
}

function performAccuse(st, actor, action, luck) {
  const {target, identity} = action;
  const right = st.ident[sk(target)] === identity;
  if (!original(st)) newTurn(st, actor, "accuse", {target, right});
  const events = [ev("accuse", {who: seat(actor), target: seat(target)}),
    ev("accuse_secret", {who: seat(actor), target: seat(target), identity: identityText(identity)}, [actor, target])];
  if (original(st)) {
    events.push(ev(right ? "accuse_right" : "accuse_wrong", {who: seat(actor), target: seat(target)}));
    goOut(st, right ? target : actor, right ? "accused" : "accuser");
    lastOne(st, events);
  } else {
    accused(st, actor, target, right, luck, events);
  }
  return events;
}

function accused(st, actor, target, right, luck, events) {
  const final = st.final;
  if (right) {
    events.push(ev("accuse_right", {who: seat(actor), target: seat(target)}));
    goOut(st, target, "accused");
    if (final) finishFinal(st, actor, target, events, luck, 1);
    else if (!award(st, actor, 1, events)) maybeFinal(st, events);
    return;
  }
  events.push(ev("accuse_wrong", {who: seat(actor), target: seat(target)}));
  goOut(st, actor, "accuser");
  if (final) {
    finishFinal(st, target, actor, events, luck, 1, true);
  } else {
    award(st, target, 1, events, true);
    maybeFinal(st, events);
  }
}

function closeRefusal(st, step) {
  const paused = st.phase === "cover" || recovering(st) || st.pending || st.doubt !== null;
  const waiting = {
    cover: st.phase === "cover" || Boolean(recovering(st)),
    show: Boolean(st.pending),
    doubt: st.doubt !== null,
    turn: !paused,
  };
  if (st.winner !== null || !(typeof step === "string" && has(waiting, step) && waiting[step])) return "nothing_to_close";
  return null;
}

const closeCheck = (st, actor, action) => missing(action, "step") || closeRefusal(st, action.step);

function performClose(st, actor, action, luck) {
  const events = [];
  const step = action.step;
  if (step === "cover" && recovering(st)) {
    secondClose(st, luck, events);
  } else if (step === "cover") {
    for (const s of [...st.to_cover]) {
      const own = st.ident[sk(s)];
      startCover(st, s, luck.choice(IDENTITIES.filter((i) => i !== own)), events, "cover_closed");
    }
  } else if (step === "turn") {
    events.push(ev("turn_skipped", {who: seat(st.to_move)}));
    st.to_move = nextInRound(st, st.to_move);
  } else if (step === "show") {
    const p = st.pending;
    events.push(ev("show_closed", {who: seat(p.target)}));
    show(st, luck.sample(showAllowed(st, p.buyer, p.target), p.n), events);
  } else {
    collapse(st, findClaim(st, st.doubt), "closed", events);
  }
  return events;
}

/** type -> [apply, check, by] (rules.py's Hoax.moves) */
const MOVES = {
  cover: [performCover, coverRefusal, "seat"],
  claim: [performClaim, claimRefusal, "seat"],
  buy_info: [performBuyInfo, buyInfoRefusal, "seat"],
  show: [performShow, showRefusal, "seat"],
  accuse: [performAccuse, accuseRefusal, "seat"],
  ...Object.fromEntries(REACTIONS.map((kind) => [kind, [performReaction, reactionRefusal, "seat"]])),
  doubt: [performDoubt, doubtRefusal, "seat"],
  decline: [performDecline, declineRefusal, "seat"],
  withdraw: [performWithdraw, withdrawRefusal, "seat"],
  close: [performClose, closeCheck, "host"],
};

function refusalFirst(st, actor, type) {
  if (st.winner !== null) return "game_over";
  if (actor === HOST) return MOVES[type][2] === "host" ? null : "host_cannot";
  if (MOVES[type][2] === "host") return "host_only";
  if (!st.seats.includes(actor)) return "not_in_game";
  return null;
}

/** The companion's refusal code for `action` by `actor` (a seat number or
    "host"), or null when it would be applied (referee.check, Game.apply). */
function refusal(G, actor, action) {
  const type = action.type;
  if (!has(MOVES, type)) return "unknown_action";
  if (G.winner !== null) return "game_over";
  const own = refusalFirst(G, actor, type) || MOVES[type][1](G, actor, action);
  if (own) return own;
  const [tpl] = kit.matchAction(templatesOf(G, actor), action);
  return tpl ? null : kit.defaultWhyNot((a) => templatesOf(G, a), G.seats, actor, action);
}

function move(type, redact) {
  const fn = ({G, playerID, random}, fields) => {
    const actor = kit.actorOf(G, playerID);
    const action = {...(fields && typeof fields === "object" && !Array.isArray(fields) ? fields : {}), type};
    if (actor === null || refusal(G, actor, action)) return INVALID_MOVE;
    for (const e of MOVES[type][0](G, actor, action, kit.chance(G, random))) G.log.push(e);
  };
  // client: false: a client holds only its playerView, so only the server runs a move
  return redact ? {move: fn, client: false, redact: true} : {move: fn, client: false};
}

// --- view.py ---------------------------------------------------------------------------

function stepOf(st) {
  if (st.winner !== null) return "over";
  if (st.phase === "cover" || recovering(st)) return "cover";
  if (st.pending) return "show";
  if (st.doubt !== null) return "doubt";
  return "turn";
}

function publicPart(st) {
  const over = st.winner !== null;
  const need = needed(st);
  return {
    round: st.round, phase: st.phase, step: stepOf(st), order: [...st.seats], start: st.start,
    to_move: over ? null : st.to_move, final: st.final, players: st.seats.map((t) => playerPart(st, t)),
    turn: st.turn ? {...st.turn} : null, claims: st.claims.map((c) => claimPart(c, need)),
    doubt: st.doubt, needed: need, pending: st.pending,
    recover: recovering(st) ? {...recovering(st)} : null,
    last_round: st.last_round, winner: st.winner, options: {...st.opts},
    identities: over ? {...st.ident} : null,
  };
}

function playerPart(st, t) {
  const k = sk(t);
  const recover = recovering(st);
  return {
    seat: t, covers: [...st.covers[k]],
    covered: !st.to_cover.includes(t) && !(recover && recover.seat === t),
    in_round: !has(st.out, k), out: has(st.out, k) ? st.out[k] : null,
    revealed: has(st.revealed, k) ? st.revealed[k] : null,
    first_identity: has(firstCards(st), k) ? firstCards(st)[k] : null,
    points: st.points[k],
  };
}

function claimPart(c, need) {
  const d = c.doubt;
  return {
    id: c.id, seat: c.seat, identity: c.identity, kind: c.kind, action: c.action, params: {...c.params},
    void: c.void,
    doubt: d === null ? null : {by: d.by, supporters: [...d.yes], declined: [...d.no], count: d.yes.length,
      needed: need, status: d.status},
  };
}

const ruledOutOf = (st, t) => (has(st.revealed, sk(t)) ? st.revealed[sk(t)] : st.covers[sk(t)]);

function possibleFor(ruledOut, shown) {
  if (typeof ruledOut === "string") return [ruledOut];
  return IDENTITIES.filter((i) => !ruledOut.includes(i) && (!shown || !shown.includes(i)));
}

function ownPart(st, s) {
  const key = sk(s);
  const notebook = st.shown[key] || {};
  const showed = {};
  for (const [buyer, m] of Object.entries(st.shown)) if (has(m, key)) showed[buyer] = [...m[key]];
  const possible = {};
  for (const t of st.seats) {
    if (t === s) continue;
    const seen = notebook[sk(t)];
    possible[sk(t)] = possibleFor(ruledOutOf(st, t), seen && seen.length ? seen : null);
  }
  return {
    seat: s, secret: {identity: st.ident[key]}, covers: [...st.covers[key]], in_round: !has(st.out, key),
    notebook: Object.fromEntries(Object.entries(notebook).map(([t, ids]) => [t, [...ids]])), showed, possible,
  };
}

function playerView({G, playerID}) {
  const actor = kit.actorOf(G, playerID);
  const s = actor === HOST ? null : actor;
  return {
    you: s === null ? null : ownPart(G, s),
    public: publicPart(G),
    actions: actor === null ? [] : templatesOf(G, actor),
    log: kit.logTail(G, s),
  };
}

// --- the game ------------------------------------------------------------------------------

function setup({ctx, random}, setupData) {
  const data = setupData || {};
  const seats = Array.isArray(data.seats) ? [...data.seats] : [...Array(ctx.numPlayers - 1).keys()];
  const opts = Object.fromEntries(OPTIONS.map((o) => [o, Boolean(data[o])]));
  const [lo, hi] = opts.second_identity ? [3, 4] : (opts.large_group ? [3, 14] : [3, 8]);
  if (seats.length < lo || seats.length > hi) throw new Error(`hoax: ${lo} to ${hi} seats (${seats.length})`);
  if (opts.original_hoax && opts.second_identity) throw new Error("hoax: variants_clash");
  const st = {
    seats, opts, points: Object.fromEntries(seats.map((s) => [sk(s), 0])),
    round: 0, winner: null, last_round: null, next_id: 1, turn_no: 0, log: [],
  };
  if (Array.isArray(data.script)) st.script = data.script.map((x) => ({...x}));
  const luck = kit.chance(st, random);
  let first = data.first === undefined ? "random" : data.first;
  if (!seats.includes(first)) first = luck.choice(seats);
  deal(st, first, luck, st.log);
  return st;
}

const ALL = Object.fromEntries(Object.keys(MOVES).map((type) => [type, move(type, ["cover", "show", "accuse"].includes(type))]));
const pick = (...names) => Object.fromEntries(names.map((n) => [n, ALL[n]]));
const leave = (name) => ({G}) => G.phase !== name;
const following = ({G}) => (G.phase === "over" ? null : G.phase);

const Hoax = {
  name: "hoax",
  minPlayers: 4,    // 3 seats and the host
  maxPlayers: 15,   // 14 seats (large_group) and the host
  setup,
  turn: {activePlayers: ActivePlayers.ALL},
  phases: {
    cover: {start: true, moves: pick("cover", "close"), endIf: leave("cover"), next: following},
    play: {moves: ALL, endIf: leave("play"), next: following},
  },
  playerView,
  endIf: ({G}) => (G.winner !== null ? {winners: [G.winner]} : undefined),
};

function withSeed(seed) {
  return seed === undefined ? Hoax : {...Hoax, seed: String(seed)};
}

module.exports = {Hoax, withSeed, refusal, HOST, LOG_IN_VIEW: kit.LOG_IN_VIEW};
