/* Haiclue as a boardgame.io 0.50 game: the companion's referee
   (companion/games/haiclue/: rules.py, board.py, view.py, hidden.py;
   docs/games/haiclue.md) ported move for move, for the benchmark against
   boardgame.io (issue #44) and for bench/agree.py, which plays the same
   seeded sequences through both and compares every step.

   Players.  boardgame.io has seats and no host: players "0".."n-1" are the
   companion's seats in table order (G.seats[i] is player i's seat number),
   and player "n" (the last one, when the match has n + 1 players) is the
   host: it alone may send the host's moves (`close`, `words`; `next` is
   anyone's), and it gets the host's templates in its view.  Every player
   may move at any time (ActivePlayers.ALL), as in the companion.

   Phases.  boardgame.io phases `clue`, `guess` and `between` (ctx.phase
   follows G.phase, the companion's `phase`); a move offered in no template
   of the phase is not in the phase's moves (boardgame.io refuses it before
   the move runs); `over` is boardgame.io's gameover ({winners}).

   Legality.  Every move checks what the companion checks before applying:
   the action must match one of the actor's templates (base.match_action)
   and the rules' own refusal must be none (Game.why_not); otherwise the move
   returns INVALID_MOVE.  `refusal(G, actor, action)` names the companion's
   refusal code (why_not, else the templates' default_why_not) for
   bench/agree.py; boardgame.io itself carries no code.  The host's `close`
   needs a cause in the companion (every awaited phone away 30 s, or the
   step's timer out: companion/host_powers.py, the platform's presence and
   timer); boardgame.io has neither, so it is not checked here, as
   bench/agree.py drives the companion's rules without phones.

   Setup.  setupData {seats?, youngest?, words?, deck?, script?}: seats
   default to 0..numPlayers-2 (the last player is the host); youngest as
   the host's start field (default: the first seat); words the option; deck
   the colour deck as the companion's state has it (a string of initials,
   drawn from its end).  Without a deck the 40 cards are shuffled with
   boardgame.io's `random` (its Alea PRNG; bench/bgio/kit.js chance): the
   same cards and the same draws as the companion's (rng.shuffle, Python's
   Mersenne Twister), a different permutation for the same seed number.
   boardgame.io 0.50 seeds a match from the game object's `seed` (never
   from the lobby's create call): `withSeed(seed)` gives the game with one,
   so every match of a server started with a seed deals the same
   reproducible deck.  bench/agree.py passes `script` instead, the
   outcomes the companion's rules drew (its deck's shuffle, and a
   reshuffle of the discards if one ever happens), so both deal the same
   cards.

   Hidden information (hidden.py's SECRETS).  G holds everything (the deck,
   every colour, every typed clue, every guess); `playerView` gives each
   player exactly the companion's game view for that seat ({you, public},
   view.py ported), the templates that seat may use now (`actions`, the
   companion's shape; the host gets host_actions, a spectator none) and the
   log's tail it may read (`log`: the game's events as keys and params, the
   last LOG_IN_VIEW, as the companion's view carries).  boardgame.io also
   sends every move's arguments in its action log: `clue_ready` (a typed
   clue is secret until guessed) and `guess` (face down) are `redact: true`,
   so only the mover sees their arguments.  The random plugin's state is
   never sent (boardgame.io strips it).

   What differs.  Texts: the log holds keys and params, never worded lines.
   Text lengths count code points and split words on JavaScript's \s (the
   companion: Python's str.split and str.isspace; equal for ASCII). */
"use strict";

const path = require("path");
const modules = path.join(__dirname, "node_modules");
const {ActivePlayers, INVALID_MOVE} = require(path.join(modules, "boardgame.io", "dist", "cjs", "core.js"));
const kit = require("./kit.js");

const {HOST, LOG_IN_VIEW, ev, seat, txt, template, actorOf, logTail} = kit;

const COLORS = ["blue", "red", "green", "yellow"];
const INITIAL = Object.fromEntries(COLORS.map((c) => [c, c[0]]));
const BY_INITIAL = Object.fromEntries(COLORS.map((c) => [c[0], c]));
const CARDS_PER_COLOR = 10;
const TILES_PER_PLAYER = 15;
const CLUE_MAX = 80;
const WORD_MAX = 40;
const TEAM_GOAL = 6;
const TEAM_PERFECT = 8;

// --- board.py -----------------------------------------------------------------

const key = (s) => String(s);
const strip = (s) => s.trim();
const words = (s) => s.trim().split(/\s+/).filter(Boolean);
const chars = (s) => [...s].length;

function tilesPerStack(players) {
  if (players === 2) return 2;
  if (players <= 5) return 3;
  if (players <= 8) return 2;
  return 1;
}
const side = (G) => (G.round % 2 === 1 ? "white" : "black");
const author = (G) => (G.phase === "guess" ? G.order[G.current] : null);
const guessers = (G) => G.seats.filter((s) => s !== author(G));
const isTeam = (G) => G.seats.length === 2;

function winners(G) {
  if (G.phase !== "over") return null;
  if (isTeam(G)) return G.scores[key(G.seats[0])] >= TEAM_GOAL ? [...G.seats] : [];
  const best = Math.max(...G.seats.map((s) => G.scores[key(s)]));
  return G.seats.filter((s) => G.scores[key(s)] === best);
}

function result(G, r) {
  const guesses = {};
  G.seats.forEach((s, i) => { if (r.guesses[i] !== "-") guesses[key(s)] = BY_INITIAL[r.guesses[i]]; });
  const right = G.seats.filter((s) => guesses[key(s)] === r.color);
  return {author: r.author, color: r.color, clue: r.clue, guesses, right, points: right.length};
}

// --- templates (rules.py actions / host_actions; base.template) ----------------

function actions(G, s) {
  if (!G.seats.includes(s)) return [];
  if (G.phase === "clue" && !(key(s) in G.ready)) {
    return [template("clue_ready", {text: {kind: "text", max: CLUE_MAX, optional: true}}, {required: true})];
  }
  if (G.phase === "guess" && s !== author(G) && !(key(s) in G.guesses)) {
    return [template("guess", {color: [...COLORS]}, {confirm: true, required: true, secretAct: true})];
  }
  if (G.phase === "between") return [template("next", {})];
  return [];
}

function hostActions(G) {
  const out = [];
  if (G.phase === "clue" || G.phase === "guess") out.push(template("close", {step: [G.phase]}, {confirm: true}));
  if (G.phase === "between") out.push(template("next", {}));
  if (G.words_option && G.phase !== "over") {
    out.push(template("words", Object.fromEntries(
      COLORS.map((c) => [c, {kind: "text", max: WORD_MAX, optional: true}]))));
  }
  return out;
}

const templatesOf = (G, actor) => (actor === HOST ? hostActions(G) : actions(G, actor));

// --- refusals (rules.py: refusal_first and each move's check) ------------------

const BY = {clue_ready: "seat", guess: "seat", close: "host", next: "both", words: "host"};

function refusalFirst(G, actor, type) {
  const by = BY[type];
  if (by === undefined) return null;
  if (by === "host" && actor !== HOST) return "host_only";
  if (actor === HOST && by === "seat") return "host_cannot";
  if (actor !== HOST && !G.seats.includes(actor)) return "not_in_game";
  return G.phase === "over" ? "game_over" : null;
}

const CHECKS = {
  clue_ready(G, actor, action) {
    if (G.phase !== "clue") return "not_clue_step";
    if (key(actor) in G.ready) return "already_ready";
    const text = action.text;
    if (text === undefined || text === null) return null;
    if (typeof text !== "string") return "invalid_field";
    const w = words(text);
    if (chars(strip(text)) > CLUE_MAX) return "clue_too_long";
    if (w.length === 1) return "clue_two_words";
    if (w.length > TILES_PER_PLAYER) return "clue_too_many_words";
    return null;
  },
  guess(G, actor, action) {
    if (G.phase !== "guess") return "not_guessing";
    if (actor === author(G)) return "author_guesses";
    if (key(actor) in G.guesses) return "already_guessed";
    if (!("color" in action)) return "missing_field";
    if (typeof action.color !== "string" || !COLORS.includes(action.color)) return "unknown_color";
    return null;
  },
  close(G, actor, action) {
    if (!("step" in action)) return "missing_field";
    if (!["clue", "guess"].includes(action.step) || action.step !== G.phase) return "bad_step";
    return null;
  },
  next(G) {
    return G.phase !== "between" ? "not_between" : null;
  },
  words(G, actor, action) {
    if (!G.words_option) return "words_off";
    for (const c of COLORS) {
      const value = action[c];
      if (value === undefined || value === null) continue;
      if (typeof value !== "string") return "invalid_field";
      if (chars(strip(value)) > WORD_MAX) return "word_too_long";
    }
    return null;
  },
};

/** The companion's refusal code for `action` by `actor` (a seat number or
    "host"), or null when it would be applied (referee.check, Game.apply). */
function refusal(G, actor, action) {
  const type = action.type;
  if (!(type in BY)) return "unknown_action";
  if (G.phase === "over") return "game_over";   // referee.why_refused: the game is finished
  const own = refusalFirst(G, actor, type) || CHECKS[type](G, actor, action);
  if (own) return own;
  const [tpl] = kit.matchAction(templatesOf(G, actor), action);
  return tpl ? null : kit.defaultWhyNot((a) => templatesOf(G, a), G.seats, actor, action);
}

// --- the moves (rules.py) ---------------------------------------------------------

function log(G, events) {
  for (const e of events) G.log.push(e);
}

function draw(G, luck, events) {
  if (!G.deck) {
    G.deck = luck.shuffle([...G.discard]).join("");
    G.discard = "";
    events.push(ev("reshuffle"));
  }
  const card = G.deck[G.deck.length - 1];
  G.deck = G.deck.slice(0, -1);
  return BY_INITIAL[card];
}

function startRound(G, luck) {
  const events = [];
  G.round += 1;
  G.phase = "clue";
  G.colors = {};
  for (const s of G.seats) G.colors[key(s)] = draw(G, luck, events);
  G.ready = {};
  G.current = 0;
  G.guesses = {};
  G.results = [];
  G.todo = null;
  events.push(ev("round", {round: G.round, rounds: G.rounds, side: txt("value." + side(G))}));
  return events;
}

function openGuessing(G) {
  G.phase = "guess";
  G.guesses = {};
  const current = author(G);
  const clue = G.ready[key(current)] || "";
  if (clue) return [ev("guess_now_text", {author: seat(current), clue})];
  return [ev("guess_now", {author: seat(current)})];
}

function revealEvent(G, current, color, guesses, right) {
  const shown = {author: seat(current), color: txt("value." + color)};
  if (isTeam(G)) {
    const guesser = G.seats.find((s) => s !== current);
    const team = G.scores[key(guesser)];
    if (!(key(guesser) in guesses)) return ev("reveal_none", shown);
    return ev(right.length ? "reveal_team_right" : "reveal_team_wrong", {guesser: seat(guesser), team, ...shown});
  }
  if (!right.length) return ev("reveal_none", shown);
  if (right.length === 1) return ev("reveal_one", {right: right.map(seat), ...shown});
  return ev("reveal", {right: right.map(seat), points: right.length, ...shown});
}

function overEvent(G) {
  if (isTeam(G)) {
    const points = G.scores[key(G.seats[0])];
    if (points >= TEAM_PERFECT) return ev("over_team_perfect", {points});
    if (points >= TEAM_GOAL) return ev("over_team_win", {points});
    return ev("over_team_lose", {points});
  }
  const best = winners(G) || [];
  const points = Math.max(...Object.values(G.scores));
  if (points === 1) return ev("over_one", {winners: best.map(seat)});
  return ev("over", {points, winners: best.map(seat)});
}

function endRound(G) {
  G.words = {};
  if (G.round >= G.rounds) {
    G.phase = "over";
    G.todo = null;
    return [overEvent(G)];
  }
  G.phase = "between";
  const todo = side(G) === "white" ? "flip" : (isTeam(G) ? "swap" : "pass");
  G.todo = todo;
  return [ev(todo, {round: G.round})];
}

function reveal(G) {
  const current = author(G);
  const color = G.colors[key(current)];
  const guesses = {...G.guesses};
  const right = G.seats.filter((s) => guesses[key(s)] === color);
  if (isTeam(G)) {
    for (const s of G.seats) G.scores[key(s)] += right.length;
  } else {
    for (const s of right) G.scores[key(s)] += 1;
    G.scores[key(current)] += right.length;
  }
  G.results.push({
    author: current, color, clue: G.ready[key(current)] || "",
    guesses: G.seats.map((s) => (key(s) in guesses ? INITIAL[guesses[key(s)]] : "-")).join(""),
  });
  G.discard += INITIAL[color];
  G.guesses = {};
  const events = [revealEvent(G, current, color, guesses, right)];
  if (G.current + 1 < G.order.length) {
    G.current += 1;
    return events.concat(openGuessing(G));
  }
  return events.concat(endRound(G));
}

const APPLY = {
  clue_ready(G, actor, action) {
    G.ready[key(actor)] = words(action.text || "").join(" ");
    const events = [ev("ready", {seat: seat(actor)})];
    if (G.seats.every((s) => key(s) in G.ready)) return events.concat(openGuessing(G));
    return events;
  },
  guess(G, actor, action) {
    G.guesses[key(actor)] = action.color;
    const events = [ev("guessed", {seat: seat(actor)})];
    if (guessers(G).every((s) => key(s) in G.guesses)) return events.concat(reveal(G));
    return events;
  },
  close(G, actor, action) {
    if (action.step === "clue") {
      const missing = G.seats.filter((s) => !(key(s) in G.ready));
      for (const s of missing) G.ready[key(s)] = "";
      const events = missing.length ? [ev("closed_clue", {seats: missing.map(seat)})] : [];
      return events.concat(openGuessing(G));
    }
    const missing = guessers(G).filter((s) => !(key(s) in G.guesses));
    const events = missing.length ? [ev("closed_guess", {seats: missing.map(seat)})] : [];
    return events.concat(reveal(G));
  },
  next(G, actor, action, luck) {
    return startRound(G, luck);
  },
  words(G, actor, action) {
    for (const c of COLORS) {
      const word = words(action[c] || "").join(" ");
      if (word) G.words[c] = word;
    }
    return [ev("words")];
  },
};

/** a boardgame.io move: the companion's action {type, ...fields} comes as
    its one argument, without `type` */
function move(type, redact) {
  const fn = ({G, playerID, random}, fields) => {
    const actor = actorOf(G, playerID);
    const action = {...(fields && typeof fields === "object" && !Array.isArray(fields) ? fields : {}), type};
    if (actor === null || refusal(G, actor, action)) return INVALID_MOVE;
    log(G, APPLY[type](G, actor, action, kit.chance(G, random)));
  };
  // client: false: a client holds only its playerView, never G, so only the
  // server runs a move (boardgame.io's optimistic update would run it on the view)
  return redact ? {move: fn, client: false, redact: true} : {move: fn, client: false};
}

// --- view.py ---------------------------------------------------------------------

function publicView(G) {
  const phase = G.phase;
  const out = {
    colors: [...COLORS], round: G.round, rounds: G.rounds, side: side(G), tiles: G.tiles,
    phase, order: [...G.order], youngest: G.youngest, team: isTeam(G), scores: {...G.scores},
    results: G.results.map((r) => result(G, r)), todo: G.todo, winners: winners(G),
  };
  if (G.words_option) out.words = {...G.words};
  if (phase === "clue") out.ready = G.seats.filter((s) => key(s) in G.ready);
  if (phase === "guess") {
    const current = author(G);
    out.author = current;
    out.clue = G.ready[key(current)] || "";
    out.guessed = G.seats.filter((s) => key(s) in G.guesses);
    out.waiting = guessers(G).filter((s) => !(key(s) in G.guesses));
  }
  if (G.results.length) out.last = result(G, G.results[G.results.length - 1]);
  if (isTeam(G)) out.team_score = G.scores[key(G.seats[0])];
  return out;
}

function privateView(G, s) {
  const phase = G.phase;
  const secret = {color: G.colors[key(s)]};
  const guess = phase === "guess" ? G.guesses[key(s)] : undefined;
  if (guess !== undefined) secret.guess = guess;
  return {
    seat: s, score: G.scores[key(s)], secret,
    ready: phase === "clue" ? key(s) in G.ready : null,
    clue: ["clue", "guess"].includes(phase) ? (G.ready[key(s)] || "") : "",
    author: phase === "guess" && author(G) === s,
  };
}

function playerView({G, playerID}) {
  const actor = actorOf(G, playerID);
  const s = actor === HOST ? null : actor;
  return {
    you: s === null ? null : privateView(G, s),
    public: publicView(G),
    actions: actor === null ? [] : templatesOf(G, actor),
    log: logTail(G, s),
  };
}

// --- the game ----------------------------------------------------------------------

function setup({ctx, random}, setupData) {
  const data = setupData || {};
  const seats = Array.isArray(data.seats) ? [...data.seats] : [...Array(ctx.numPlayers - 1).keys()];
  const n = seats.length;
  if (n < 2 || n > 12) throw new Error(`haiclue: 2 to 12 seats (${n})`);
  let youngest = data.youngest === undefined ? seats[0] : data.youngest;
  if (!Number.isInteger(youngest) || !seats.includes(youngest)) youngest = seats[0];
  const y = seats.indexOf(youngest);
  const order = seats.map((_, i) => seats[(y + 1 + i) % n]);
  const tiles = tilesPerStack(n);
  const G = {
    seats, youngest, order, words_option: Boolean(data.words), tiles, rounds: 2 * tiles, round: 0,
    phase: "clue", deck: "", discard: "", colors: {}, ready: {}, current: 0, guesses: {}, results: [],
    scores: Object.fromEntries(seats.map((s) => [key(s), 0])), words: {}, todo: null, log: [],
  };
  if (Array.isArray(data.script)) G.script = data.script.map((x) => ({...x}));
  const luck = kit.chance(G, random);
  if (typeof data.deck === "string") {
    G.deck = data.deck;
  } else {
    const cards = [];
    for (const c of COLORS) for (let i = 0; i < CARDS_PER_COLOR; i++) cards.push(INITIAL[c]);
    G.deck = luck.shuffle(cards).join("");
  }
  log(G, [ev("start", {players: n, tiles, rounds: 2 * tiles}),
    ev("order", {youngest: seat(youngest), order: order.map(seat)})]);
  log(G, startRound(G, luck));
  return G;
}

const MOVES = {
  clue_ready: move("clue_ready", true),
  guess: move("guess", true),
  close: move("close"),
  next: move("next"),
  words: move("words"),
};
const pick = (...names) => Object.fromEntries(names.map((n) => [n, MOVES[n]]));
// a phase ends when the move left G in another one; `over` ends the game first
const leave = (name) => ({G}) => G.phase !== name;
const following = ({G}) => (G.phase === "over" ? null : G.phase);

const Haiclue = {
  name: "haiclue",
  minPlayers: 3,    // 2 seats and the host
  maxPlayers: 13,   // 12 seats and the host
  setup,
  turn: {activePlayers: ActivePlayers.ALL},
  phases: {
    clue: {start: true, moves: pick("clue_ready", "close", "words"), endIf: leave("clue"), next: following},
    guess: {moves: pick("guess", "close", "words"), endIf: leave("guess"), next: following},
    between: {moves: pick("next", "words"), endIf: leave("between"), next: following},
  },
  playerView,
  endIf: ({G}) => (G.phase === "over" ? {winners: winners(G)} : undefined),
};

function withSeed(seed) {
  return seed === undefined ? Haiclue : {...Haiclue, seed: String(seed)};
}

module.exports = {Haiclue, withSeed, refusal, HOST, LOG_IN_VIEW};
