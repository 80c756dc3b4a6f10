#!/usr/bin/env node
/* bench/agree.py's boardgame.io side: plays given sequences of moves through
   boardgame.io's own Client (boardgame.io/client, local mode: its reducer,
   flow, phases, plugins and playerView, no network) and prints what every
   step did.

     node bench/bgio/agree.js < sequences.json

   stdin: {"game": "haiclue", "sequences": [{"setup": setupData,
   "moves": [{"actor": seat number or "host", "action": {"type", ...}}]}]}
   (the host is the player after the last seat).  stdout: one JSON line per
   sequence, {"steps": [...]}, a step being {accepted, code (the companion's
   refusal code the game names, null when accepted), phase (ctx.phase),
   gameover, events (the log entries the move added), views (per audience:
   each seat's number, "host", "table": its playerView, the log tail
   as its length, last entry and sha1 of its canonical JSON)}; the first step is
   the setup's (accepted, no move). */
"use strict";

const path = require("path");
const modules = path.join(__dirname, "node_modules");
const crypto = require("crypto");
const {Client} = require(path.join(modules, "boardgame.io", "dist", "cjs", "client.js"));

/** JSON with sorted keys and no spaces (as Python's json.dumps(sort_keys=True,
    separators=(",", ":"), ensure_ascii=False)) */
function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}

/** a view's log tail as its length, its last entry and a digest of all of
    it (the whole tail of every audience at every step would be ~10 KB each) */
function digestLog(view) {
  const tail = view.log;
  const sha1 = crypto.createHash("sha1").update(canonical(tail), "utf8").digest("hex");
  return {...view, log: {length: tail.length, last: tail[tail.length - 1] || null, sha1}};
}

const GAMES = {
  haiclue: () => require("./haiclue.js"),
  hoax: () => require("./hoax.js"),
};

function run(module, sequence) {
  // a local Client creates its match without setupData (only a server's
  // lobby passes it): the game's setup is called with the sequence's
  const base = module.withSeed("agree");
  const game = {...base, setup: (context) => base.setup(context, sequence.setup)};
  const seats = sequence.setup.seats;
  const host = String(seats.length);
  const client = Client({game, numPlayers: seats.length + 1, debug: false});
  client.start();
  const raw = () => client.store.getState();
  const audiences = [...seats.map((s) => [String(s), String(seats.indexOf(s))]), ["host", host], ["table", null]];
  let logged = 0;
  const step = (accepted, code) => {
    const state = raw();
    const views = {};
    for (const [name, playerID] of audiences) {
      client.updatePlayerID(playerID);
      views[name] = digestLog(client.getState().G);
    }
    const events = state.G.log.slice(logged);
    logged = state.G.log.length;
    return {accepted, code, phase: state.ctx.phase, gameover: state.ctx.gameover === undefined ? null : state.ctx.gameover,
      events, views};
  };
  const steps = [step(true, null)];
  for (const {actor, action} of sequence.moves) {
    const {type, ...fields} = action;
    const playerID = actor === module.HOST ? host : String(seats.indexOf(actor));
    const code = module.refusal(raw().G, actor, action);
    const before = raw()._stateID;
    client.updatePlayerID(playerID);
    if (typeof client.moves[type] === "function") client.moves[type](fields);
    steps.push(step(raw()._stateID !== before, code));
  }
  client.stop();
  return {steps};
}

function main() {
  const chunks = [];
  process.stdin.on("data", (c) => chunks.push(c));
  process.stdin.on("end", () => {
    const input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const module = GAMES[input.game]();
    // boardgame.io reports every refused move on console.error: counted, not printed
    let refusals = 0;
    console.error = () => { refusals += 1; };
    for (const sequence of input.sequences) process.stdout.write(JSON.stringify(run(module, sequence)) + "\n");
    process.stderr.write(`bgio refused ${refusals} moves\n`);
  });
}

main();
