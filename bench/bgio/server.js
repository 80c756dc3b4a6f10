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
   its own seed).

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
  // koa-socket-2 made app.listen its http server's listen: bind loopback only
  const listen = server.app.listen;
  server.app.listen = (p, callback) => listen.call(server.app, p, "127.0.0.1", callback);
  server.run(port, () => process.stdout.write(`bgio ready on ${port}\n`));
  process.on("SIGTERM", () => process.exit(0));
}

main();
