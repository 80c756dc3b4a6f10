#!/usr/bin/env node
/* The boardgame.io reference server for bench/load.py --bgio: boardgame.io's
   own Server (Koa, its lobby API, its socket.io transport and Master, the
   default in-memory storage) with `pick`, the companion's test game
   (tests/fixture_game.py) written as a boardgame.io game.

     node bench/bgio/server.js PORT [--delta] [--seed SEED]

   --delta: the game's `deltaState` (boardgame.io then pushes `patch` events,
   RFC 6902 patches between a player's previous and new view, instead of the
   whole view in `update`).  Prints "bgio ready on PORT" once listening on
   127.0.0.1.  Run with NODE_ENV=production, as a deployment would: otherwise
   boardgame.io logs every action and checks every move's result is JSON.

   It also serves the real games ported from the companion (issue #44):
   `haiclue` and `hoax` (bench/bgio/haiclue.js and hoax.js: their headers
   say how they map the companion's seats, host, phases, deals and views;
   a match has one player more than seats, the host).  --seed: boardgame.io
   0.50 seeds a match's `random` from the game object, never from the
   lobby's create call, so the seed is the server's: every match of a game
   then deals the same reproducible shuffles (without it, each match draws
   its own seed).  POST /bench/advance/GAME/MATCH (not boardgame.io's:
   bench/load.py's) plays a real game's match to mid-game (`advance`).

   Faithfulness to `pick`: the same per-seat state (a secret letter, a secret
   pick 1..3, a score, a name) and the same moves, `pick` (reveal once all
   have picked: a seat whose pick is sum mod 3 + 1 scores), `close` (the
   companion's host action; boardgame.io has no host, so any seat may send it)
   and `rename` (the companion's platform action, the benchmark's load: a seat
   renames itself).  Every seat may move at any time (ActivePlayers.ALL), as
   in the companion.  Each player's view hides the other seats' letters and
   unrevealed picks (`playerView`), as the companion's views do. */
"use strict";

const path = require("path");
const modules = path.join(__dirname, "node_modules");
const {Server} = require(path.join(modules, "boardgame.io", "dist", "cjs", "server.js"));
const {ActivePlayers, INVALID_MOVE} = require(path.join(modules, "boardgame.io", "dist", "cjs", "core.js"));
const {Master} = require(path.join(modules, "boardgame.io", "dist", "cjs", "master.js"));
const kit = require("./kit.js");
const haiclue = require("./haiclue.js");
const hoax = require("./hoax.js");

const LETTERS = "ABCDEFGH";
const NAME_MAX = 24;

function reveal(G) {
  const picks = Object.values(G.picks);
  const target = picks.reduce((a, b) => a + b, 0) % 3 + 1;
  for (const [seat, pick] of Object.entries(G.picks)) if (pick === target) G.scores[seat] += 1;
  G.revealed.push({picks: G.picks, target});
  G.picks = {};
  if (G.round === G.rounds) G.over = true;
  else G.round += 1;
}

const Pick = {
  name: "pick",
  minPlayers: 2,
  maxPlayers: 6,
  setup: ({ctx, random}, setupData) => {
    const seats = ctx.playOrder;
    const each = (value) => Object.fromEntries(seats.map((s) => [s, value(s)]));
    return {
      rounds: Math.min(Math.max((setupData && setupData.rounds) || 1, 1), 9), round: 1,
      letters: each(() => LETTERS[Math.floor(random.Number() * LETTERS.length)]),
      picks: {}, revealed: [], scores: each(() => 0), names: each((s) => `P${s}`),
      first: seats, over: false,
    };
  },
  turn: {activePlayers: ActivePlayers.ALL},
  moves: {
    rename: ({G, playerID}, name) => {
      if (typeof name !== "string" || !name.trim()) return INVALID_MOVE;
      G.names[playerID] = name.slice(0, NAME_MAX);
    },
    pick: ({G, playerID}, number) => {
      if (G.over || playerID in G.picks || ![1, 2, 3].includes(number)) return INVALID_MOVE;
      G.picks[playerID] = number;
      if (Object.keys(G.picks).length === Object.keys(G.scores).length) reveal(G);
    },
    close: ({G, random}) => {
      if (G.over) return INVALID_MOVE;
      for (const seat of Object.keys(G.scores)) {
        if (!(seat in G.picks)) G.picks[seat] = 1 + Math.floor(random.Number() * 3);
      }
      reveal(G);
    },
  },
  // what a seat may see: its own letter and pick; of the others, who has picked
  playerView: ({G, playerID}) => ({
    ...G,
    letters: playerID in G.letters ? {[playerID]: G.letters[playerID]} : {},
    picks: playerID in G.picks ? {[playerID]: G.picks[playerID]} : {},
    picked: Object.keys(G.picks).map(Number).sort((a, b) => a - b),
  }),
  endIf: ({G}) => {
    if (!G.over) return undefined;
    const best = Math.max(...Object.values(G.scores));
    return {winners: Object.keys(G.scores).filter((s) => G.scores[s] === best)};
  },
};

/* bench/load.py's preparation of a real game's match (POST
   /bench/advance/GAME/MATCH?log_lines=N&seed=S), the equivalent of its
   prepare_rooms for the companion's rooms: random legal moves until the
   match's log (G.log, the game's events) holds N entries or more with the
   game still running, so that the measured phase starts at mid-game with
   full log tails in every view, as the companion's does.  Drawn as
   prepare_rooms draws them (tests/harness.py random_play): uniform over
   the (seat, template) pairs of every seat's playerView; the host's
   templates join when no seat has one, or 2 % of the time; a value the
   rules refuse is drawn again.  Each move goes through boardgame.io's own
   Master.onUpdate (its reducer, flow, phases and storage) with no socket
   to tell, as the companion's preparation applies its rules in memory
   without pushing views.  Answers {log, stateID, phase, moves} or, when
   the game ended first, {over: true} (bench/load.py then makes another
   match). */
function mulberry(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6D2B79F5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function advance(db, game, matchID, logLines, seed) {
  const master = new Master(game, db, {send() {}, sendAll() {}}, undefined);   // no auth: the server's own moves
  const random = mulberry(seed);
  const {metadata} = await db.fetch(matchID, {metadata: true});
  if (!metadata) return {error: "no such match"};
  const players = Object.keys(metadata.players).sort((a, b) => Number(a) - Number(b));
  const host = players[players.length - 1];
  let moves = 0;
  for (let step = 0; step < logLines * 20; step++) {
    const {state} = await db.fetch(matchID, {state: true});
    if (state.ctx.gameover !== undefined) return {over: true, moves};
    if (state.G.log.length >= logLines) {
      return {log: state.G.log.length, stateID: state._stateID, phase: state.ctx.phase, moves};
    }
    const templates = (playerID) => game.playerView({G: state.G, ctx: state.ctx, playerID}).actions;
    let choices = [];
    for (const playerID of players.slice(0, -1)) for (const tpl of templates(playerID)) choices.push([playerID, tpl]);
    if (!choices.length || random() < 0.02) for (const tpl of templates(host)) choices.push([host, tpl]);
    if (!choices.length) return {error: "nobody may move", moves};
    const [playerID, tpl] = choices[Math.floor(random() * choices.length)];
    const {type, ...fields} = kit.sampleAction(tpl, random);
    await master.onUpdate({type: "MAKE_MOVE", payload: {type, args: [fields], playerID}},
                          state._stateID, matchID, playerID);
    const after = await db.fetch(matchID, {state: true});
    if (after.state._stateID !== state._stateID) moves++;   // else refused: draw again
  }
  return {error: `no mid-game after ${logLines * 20} draws`, moves};
}

function main() {
  const port = Number(process.argv[2]);
  if (!Number.isInteger(port) || port <= 0) {
    process.stderr.write("usage: node bench/bgio/server.js PORT [--delta] [--seed SEED]\n");
    process.exit(2);
  }
  const at = process.argv.indexOf("--seed");
  const seed = at > 0 ? process.argv[at + 1] : undefined;
  const games = [Pick, haiclue.withSeed(seed), hoax.withSeed(seed)].map((game) => ({...game}));
  if (process.argv.includes("--delta")) for (const game of games) game.deltaState = true;
  // no browser connects: the driver sends no Origin header, so no CORS origin is needed
  const server = Server({games, origins: []});
  const byName = Object.fromEntries(games.map((game) => [game.name, game]));
  server.router.post("/bench/advance/:name/:id", async (ctx) => {
    const game = byName[ctx.params.name];
    const logLines = Number(ctx.query.log_lines || 150), seed = Number(ctx.query.seed || 1);
    ctx.body = game ? await advance(server.db, game, ctx.params.id, logLines, seed) : {error: "no such game"};
  });
  // koa-socket-2 made app.listen its http server's listen: bind loopback only
  const listen = server.app.listen;
  server.app.listen = (p, callback) => listen.call(server.app, p, "127.0.0.1", callback);
  server.run(port, () => process.stdout.write(`bgio ready on ${port}\n`));
  process.on("SIGTERM", () => process.exit(0));
}

main();
