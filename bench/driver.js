#!/usr/bin/env node
/* Load driver for bench/load.py and bench/idle.py: many Socket.IO sockets in
   one Node process (socket.io-client from node_modules, websocket transport).

     node bench/driver.js CONFIG.json      (results: one JSON object on stdout;
                                             progress on stderr)

   CONFIG (written by load.py / idle.py):
     mode        "load" | "idle"
     urls        server base URLs; socket i of room r goes to one of them (split)
     split       "socket": the room's sockets spread over the urls (sticky
                 sessions put a room's phones on any process); "room": a whole
                 room on one url
     rooms       [{code, tokens: [seat tokens], host: token|null}]
     table       also connect the host token's socket (the tablet): it gets
                 every view too and may send host actions; it is not one of the
                 phones whose last view ends a measurement
     choose      "rename": every action is `rename` to a fresh name (the baseline
                 and the echo server); "game": the acting seat samples a legal
                 action from its own latest view's `actions` (on boardgame.io
                 the playerView's, G.actions, sent as the move's one argument;
                 when no seat has one there, nothing is sent: kind "none")
     langs       languages, cycled over the seats
     phases      [{name, kind: "open"|"closed", rate, seconds, report}]
                 open: Poisson arrivals at `rate` actions/s over all rooms (each
                 room gets an independent Poisson stream of rate/rooms), whatever
                 happened to earlier actions; closed: every room sends its next
                 action as soon as the previous one is acknowledged (saturation:
                 the achieved rate is the throughput)
     pids        {servers: [pid], redis: pid|null}: CPU and RSS read from /proc
     clk_tck     clock ticks per second of /proc/<pid>/stat
     grace       seconds to wait for late acks and views after the last send
     connect_parallel, seed, hold (idle: seconds to keep the sockets open)
     until_stdin (idle): instead of `hold`, keep them open until stdin closes
                 (its budget still counts `hold`)
     server      "companion" (default) | "bgio": the boardgame.io reference
                 (bench/bgio/server.js); rooms are then matches, `code` the
                 matchID, `tokens` the players' credentials (playerID = index),
                 and `bgio_game` the game's name (its socket.io namespace):
                 pick, hoax or haiclue
     patches     companion: opt in to JSON-patch pushes (auth `patches: true`):
                 event `patch` {seq, base, version, ops} instead of `view`, kept
                 applied to each phone's latest view; a patch whose base is not
                 the seq held is answered with `resync`

   boardgame.io's own protocol, as its SocketIO transport speaks it: on connect
   `sync` (matchID, playerID, credentials, numPlayers), answered by `sync`
   with the player's state; a move is `update` (MAKE_MOVE action with the
   credentials, the stateID held, matchID, playerID); every socket of the
   match then gets `update` (matchID, its filtered state, deltalog), or with
   the game's deltaState `patch` (matchID, prevStateID, stateID, RFC 6902
   ops, deltalog).  There is no acknowledgement: a move is acknowledged when
   the emitting socket's next state (stateID + 1) carries it in its
   deltalog, and was rejected as stale when that state does not (another
   move of the match got there first; the server drops it silently); a move
   the game refuses (INVALID_MOVE) is answered by the unchanged state, same
   stateID and no deltalog: refused as "invalid".  The
   version is the state's _stateID.

   Measured per action, from the moment it is emitted:
     ack   until its acknowledgement arrives at the emitting socket;
     view  until the LAST of the room's phone sockets has received a view whose
           version is at least the version in the acknowledgement.
   Loopback only; bounded by the phases; exits by itself. */
"use strict";

const fs = require("fs");
const path = require("path");
const {io} = require(path.join(__dirname, "..", "node_modules", "socket.io-client"));

const PLATFORM_SEAT = new Set(["rename", "leave"]);
const PLATFORM_HOST = new Set(["start", "seat_order", "kick", "reopen_seat", "undo", "end",
                               "rematch", "new_game"]);
const WORDS = ["sun", "cold", "river", "tea", "fox", "moon"];

const config = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const log = (...parts) => process.stderr.write(`driver: ${parts.join(" ")}\n`);
const now = () => Number(process.hrtime.bigint()) / 1e6;   // ms

// --- a seeded random source (mulberry32), so runs are repeatable ---------------
let seed = (config.seed || 1) >>> 0;
function random() {
  seed = (seed + 0x6D2B79F5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const randint = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const choice = (list) => list[Math.floor(random() * list.length)];
function sample(list, k) {
  const pool = list.slice();
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, k);
}
const exponential = (rate) => -Math.log(1 - random()) / rate;

/* A random action admitted by template `tpl`: the same draw as
   companion/games/base.py sample_action. */
function sampleAction(tpl) {
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
      default: break;   // unknown kind: left out (the server says which field is missing)
    }
  }
  return action;
}

// --- /proc --------------------------------------------------------------------
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / (config.clk_tck || 100);   // utime + stime
  } catch (e) { return NaN; }
}
function rssKiB(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
  } catch (e) { return NaN; }
}
const pids = config.pids || {servers: []};
const serverCpu = () => pids.servers.map(cpuSeconds);
const serverRss = () => pids.servers.map(rssKiB);

// --- RFC 6902 patches (add, remove, replace; RFC 6901 pointers) ------------------
function pointer(path) {
  return path.split("/").slice(1).map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
}
function arrayIndex(part, length) {   // a decimal index within 0..length
  const i = /^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : NaN;
  if (!(i <= length)) throw new Error(`bad array index ${part}`);
  return i;
}
/* Applies `ops` to `doc` (in place: the doc is this phone's own parse) and
   returns the new root; throws on an op it cannot apply, so that the caller
   asks for the whole document again. */
function applyPatch(doc, ops) {
  for (const {op, path: where, value} of ops) {
    if (!["add", "remove", "replace"].includes(op)) throw new Error(`unsupported op ${op}`);
    if (where === "") {                          // the whole document
      if (op === "remove") throw new Error("cannot remove the root");
      doc = value;
      continue;
    }
    const parts = pointer(where), last = parts.pop();
    let parent = doc;
    for (const part of parts) {
      parent = Array.isArray(parent) ? parent[arrayIndex(part, parent.length - 1)] : parent[part];
      if (parent === null || typeof parent !== "object") throw new Error(`no parent for ${where}`);
    }
    if (Array.isArray(parent)) {
      if (op === "add") parent.splice(last === "-" ? parent.length : arrayIndex(last, parent.length), 0, value);
      else if (op === "remove") parent.splice(arrayIndex(last, parent.length - 1), 1);
      else parent[arrayIndex(last, parent.length - 1)] = value;
    } else if (op === "add") {
      parent[last] = value;
    } else {
      if (!Object.prototype.hasOwnProperty.call(parent, last)) throw new Error(`no member ${where}`);
      if (op === "remove") delete parent[last];
      else parent[last] = value;
    }
  }
  return doc;
}

// --- sockets ------------------------------------------------------------------
class Phone {
  constructor(room, index, token, url, lang, isTable) {
    this.room = room;
    this.index = index;          // seat index in the room; -1 for the table socket
    this.isTable = isTable;
    this.view = null;            // latest view, pushed or acknowledged: what the seat acts on
    this.maxVersion = -1;        // highest version pushed to this socket
    this.firstSeen = new Map();  // version -> time it (or a later one) first arrived
    this.seq = null;             // patch mode: the seq of the document held in this.view
    const auth = {room: room.code, token: token, lang: lang};
    if (config.patches) auth.patches = true;
    this.socket = io(url, {
      transports: ["websocket"], forceNew: true, reconnection: false, timeout: 30000,
      autoConnect: false, auth,
      query: {room: room.code},   // as the page sends it: a routing proxy hashes it
    });
    this.socket.on("view", (view) => {
      if (!config.patches) return this.onView(view, view);
      this.seq = null;            // the doc held is this view; its seq is unknown (the next patch resyncs)
      this.view = view;
      if (this.counted(view)) this.seen(view.version);
    });
    this.socket.on("patch", (body) => this.onPatch(body));
    this.socket.on("disconnect", (reason) => {
      this.room.run.disconnects++;
      if (!stopping) log(`socket of ${room.code} dropped: ${reason}`);
    });
  }

  /* Patch mode: the ops apply to the document whose seq is `base` (null: the
     ops replace the whole document); anything else asks for a resync. */
  onPatch(body) {
    const run = this.room.run;
    if (body.base !== null && (this.seq === null || body.base !== this.seq)) {
      this.counted(body);         // a push all the same
      this.resync();
      return;
    }
    let doc;
    try {
      doc = applyPatch(body.base === null ? null : this.view, body.ops);
    } catch (error) {
      this.counted(body);
      run.patchErrors++;
      if (run.patchErrors <= 3) log(`patch of ${this.room.code} not applied: ${error.message}`);
      this.resync();
      return;
    }
    this.seq = body.seq;
    this.view = doc;              // the chain of patches is the phone's document, whatever its version
    if (this.counted(body)) this.seen(body.version);
  }

  resync() {
    this.room.run.resyncs++;
    this.seq = null;
    this.socket.emit("resync");
  }

  onView(view, body) {
    if (this.counted(body) && this.seen(view.version)) this.adopt(view);
  }

  /* Counts a push and samples its bytes (the JSON of the event's body);
     false when it carries no version. */
  counted(body) {
    const run = this.room.run;
    run.views++;
    if (run.views % 25 === 0) { run.viewBytes += JSON.stringify(body).length; run.viewSampled++; }
    return typeof (body && body.version) === "number";
  }

  /* The socket now holds `version`: true when it is newer than any before. */
  seen(version) {
    const t = now(), run = this.room.run;
    if (version <= this.maxVersion) { if (version < this.maxVersion) run.stale++; return false; }
    // a later version also answers every earlier one this socket skipped
    for (let v = Math.max(this.maxVersion + 1, this.room.baseVersion); v <= version; v++) {
      this.firstSeen.set(v, t);
    }
    this.maxVersion = version;
    return true;
  }

  adopt(view) {   // as the phone page does: never go back to an older view
    if (!this.view || view.version >= this.view.version) this.view = view;
  }

  /* Emits `action`; `onAnswer` gets the acknowledgement, whose `version` is
     the room's version after it (in the view it carries, or beside it). */
  send(action, onAnswer) {
    this.socket.emit("action", action, (answer) => {
      if (answer && answer.ok && answer.view) {
        this.adopt(answer.view);
        answer.version = answer.view.version;
      }
      onAnswer(answer);
    });
  }

  connected() {
    return new Promise((resolve) => {
      if (this.socket.connected) return resolve(null);
      this.socket.once("connect", () => resolve(null));
      this.socket.once("connect_error", (err) => resolve((err && err.data && err.data.code) || String(err)));
    });
  }
}

/* A player's socket on the boardgame.io reference (bench/bgio/server.js),
   speaking boardgame.io's SocketIO transport protocol (see the header).  Its
   `view` is the player's state; its version is the state's _stateID. */
class BgioPhone {
  constructor(room, index, credentials, url) {
    this.room = room;
    this.index = index;
    this.playerID = String(index);
    this.credentials = credentials;
    this.isTable = false;
    this.view = null;
    this.maxVersion = -1;
    this.firstSeen = new Map();
    this.inflight = [];          // this socket's moves not yet seen in a state: {sent, args, onAnswer}
    this.synced = null;          // resolves connected() once the first state is here
    this.socket = io(`${url}/${config.bgio_game || "pick"}`, {
      transports: ["websocket"], forceNew: true, reconnection: false, timeout: 30000,
      autoConnect: false,
    });
    this.socket.on("connect", () => this.sync());
    this.socket.on("sync", (matchID, info) => this.onState(info.state, null, null));
    this.socket.on("update", (matchID, state, deltalog) => this.onState(state, deltalog,
                                                                       [matchID, state, deltalog]));
    this.socket.on("patch", (...args) => this.onPatch(...args));
    this.socket.on("disconnect", (reason) => {
      this.room.run.disconnects++;
      if (!stopping) log(`socket of ${room.code} dropped: ${reason}`);
    });
  }

  sync() {
    this.socket.emit("sync", this.room.code, this.playerID, this.credentials, this.room.seats);
  }

  /* deltaState: ops from the state of prevStateID; another base asks for a
     sync, as boardgame.io's client does. */
  onPatch(matchID, prevStateID, stateID, ops, deltalog) {
    if (!this.view || this.view._stateID !== prevStateID) {
      this.room.run.resyncs++;
      return this.sync();
    }
    let state;
    try {
      state = applyPatch(this.view, ops);
    } catch (error) {
      this.room.run.patchErrors++;
      return this.sync();
    }
    state._stateID = stateID;   // the patch carries it too; keep them in step
    this.onState(state, deltalog, [matchID, prevStateID, stateID, ops, deltalog]);
  }

  onState(state, deltalog, body) {
    const t = now(), run = this.room.run, version = state._stateID;
    if (body) {
      run.views++;
      if (run.views % 25 === 0) { run.viewBytes += JSON.stringify(body).length; run.viewSampled++; }
      // a move the game refused (INVALID_MOVE) is answered by the unchanged
      // state, same stateID and no deltalog, to every socket of the match:
      // at the emitting socket it settles its oldest move sent at that state
      // (another seat's refused move at the same moment would settle it
      // instead; the benchmark's draws are legal, so refusals are rare)
      if (version === this.maxVersion && !(deltalog && deltalog.length)) {
        const refused = this.inflight.findIndex((move) => move.sent === version);
        if (refused >= 0) this.inflight.splice(refused, 1)[0].onAnswer({ok: false, error: {code: "invalid"}});
      }
    }
    this.view = state;
    if (this.synced) { this.synced(null); this.synced = null; }
    if (version > this.maxVersion) {
      for (let v = Math.max(this.maxVersion + 1, this.room.baseVersion); v <= version; v++) {
        this.firstSeen.set(v, t);
      }
      this.maxVersion = version;
    } else if (version < this.maxVersion) run.stale++;
    this.settle(version, deltalog || []);
  }

  /* A move sent at stateID s can only be the step to s + 1: once this socket
     holds a later state the move is in its deltalog, or it was dropped. */
  settle(version, deltalog) {
    const mine = (args) => deltalog.some((entry) => entry.action && entry.action.payload
      && entry.action.payload.playerID === this.playerID
      && JSON.stringify(entry.action.payload.args) === args);
    this.inflight = this.inflight.filter((move) => {
      if (move.sent >= version) return true;
      move.onAnswer(move.sent + 1 === version && mine(move.args)
        ? {ok: true, version} : {ok: false, error: {code: "stale"}});
      return false;
    });
  }

  /* The companion's action as a boardgame.io move: for pick, rename's name
     or pick's number; for the real games (bench/bgio/hoax.js, haiclue.js)
     the action's fields as one object, as their moves take them. */
  send(action, onAnswer) {
    const {type, ...fields} = action;
    const args = (config.bgio_game || "pick") !== "pick" ? [fields]
      : type === "rename" ? [action.name] : type === "pick" ? [action.number] : [];
    const sent = this.view ? this.view._stateID : 0;
    this.inflight.push({sent, args: JSON.stringify(args), onAnswer});
    this.socket.emit("update", {type: "MAKE_MOVE", payload: {type, args,
                                                             playerID: this.playerID,
                                                             credentials: this.credentials}},
                     sent, this.room.code, this.playerID);
  }

  connected() {
    return new Promise((resolve) => {
      this.synced = resolve;
      this.socket.once("connect_error", (err) => resolve(String(err)));
    });
  }
}

/* The templates a phone may act on: its view's `actions` (on boardgame.io,
   its playerView's, in the state's G: bench/bgio/hoax.js, haiclue.js). */
function viewActions(phone) {
  const view = phone.view && (phone instanceof BgioPhone ? phone.view.G : phone.view);
  return (view && view.actions) || [];
}

class Room {
  constructor(spec, r, run) {
    this.code = spec.code;
    this.run = run;
    this.baseVersion = 0;
    this.counter = 0;
    const langs = config.langs || ["en"];
    const urls = config.urls;
    const urlFor = (i) => config.split === "room" ? urls[r % urls.length] : urls[(r * 7 + i) % urls.length];
    this.seats = spec.tokens.length;
    this.phones = spec.tokens.map((token, i) => config.server === "bgio"
      ? new BgioPhone(this, i, token, urlFor(i))
      : new Phone(this, i, token, urlFor(i), langs[i % langs.length], false));
    this.table = config.table && spec.host && config.server !== "bgio"
      ? new Phone(this, -1, spec.host, urlFor(spec.tokens.length), langs[0], true) : null;
    this.busy = false;           // closed loop: an action of this room is in flight
  }
  sockets() { return this.table ? [...this.phones, this.table] : this.phones; }

  /* Who acts, and what: a seat's game action drawn from its own latest view
     (uniform over (seat, template) pairs, as tests/harness.py random_play
     does); the host's game actions when no seat has one (or 2 % of the time);
     `rematch` once the game is over; otherwise a rename. */
  nextAction() {
    if (config.choose === "game") {
      let moves = [];
      for (const phone of this.phones) {
        for (const tpl of viewActions(phone)) {
          if (!PLATFORM_SEAT.has(tpl.type)) moves.push([phone, tpl, "game"]);
        }
      }
      const table = this.table && this.table.view;
      if (table && (!moves.length || random() < 0.02)) {
        for (const tpl of table.actions || []) {
          if (!PLATFORM_HOST.has(tpl.type)) moves.push([this.table, tpl, "host"]);
          else if (tpl.type === "rematch" && table.status === "finished") moves.push([this.table, tpl, "rematch"]);
          // play again goes through the lobby: the host starts it
          else if (tpl.type === "start" && table.status === "lobby") moves.push([this.table, tpl, "rematch"]);
        }
      }
      if (moves.length) {
        const [phone, tpl, kind] = choice(moves);
        return [phone, sampleAction(tpl), kind];
      }
      // boardgame.io's real games have no rename (a platform action of the
      // companion's): no seat may move (the game is over) and nothing is sent
      if (config.server === "bgio" && (config.bgio_game || "pick") !== "pick") return [null, null, "none"];
    }
    const phone = choice(this.phones);
    return [phone, {type: "rename", name: `S${phone.index}-${++this.counter}`}, "rename"];
  }
}

let stopping = false;
const run = {views: 0, viewBytes: 0, viewSampled: 0, stale: 0, disconnects: 0, resyncs: 0,
             patchErrors: 0};

async function connectAll(rooms) {
  const sockets = rooms.flatMap((room) => room.sockets());
  const refused = {};
  let next = 0, done = 0;
  const t0 = now();
  async function worker() {
    while (next < sockets.length) {
      const phone = sockets[next++];
      phone.socket.connect();
      const error = await phone.connected();
      if (error) refused[error] = (refused[error] || 0) + 1;
      if (++done % 500 === 0) log(`${done}/${sockets.length} sockets connected`);
    }
  }
  await Promise.all(Array.from({length: config.connect_parallel || 20}, worker));
  return {sockets: sockets.length, seconds: (now() - t0) / 1000, refused};
}

// --- one measured phase ---------------------------------------------------------
function percentiles(values) {
  if (!values.length) return {n: 0};
  values.sort((a, b) => a - b);
  const at = (p) => values[Math.min(values.length - 1, Math.ceil(p / 100 * values.length) - 1)];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return {n: values.length, p50: at(50), p95: at(95), p99: at(99), max: values[values.length - 1], mean};
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function phase(rooms, spec) {
  const records = [];
  const kinds = {};
  const lags = [];
  let pending = 0;
  const cpu0 = serverCpu(), redis0 = pids.redis ? cpuSeconds(pids.redis) : NaN;
  const mine0 = process.cpuUsage();
  const views0 = run.views, stale0 = run.stale, resyncs0 = run.resyncs;
  const patchErrors0 = run.patchErrors;
  for (const room of rooms) {
    for (const phone of room.phones) phone.firstSeen.clear();
    room.baseVersion = Math.max(...room.phones.map((p) => p.maxVersion)) + 1;
  }
  const start = now();
  const end = start + spec.seconds * 1000;

  function send(room, onAck) {
    const [phone, action, kind] = room.nextAction();
    kinds[kind] = (kinds[kind] || 0) + 1;
    if (!phone) { if (onAck) setTimeout(onAck, 50); return; }   // nothing to send
    const record = {room, t0: now(), tAck: null, answer: null, kind};
    records.push(record);
    pending++;
    phone.send(action, (answer) => {
      record.tAck = now();
      record.answer = answer;
      pending--;
      if (onAck) onAck();
    });
  }

  if (spec.kind === "closed") {
    const loop = (room) => { if (now() < end) send(room, () => loop(room)); };
    rooms.forEach(loop);
    while (now() < end) await sleep(50);
  } else {
    // merge of independent per-room Poisson streams = one stream of the total
    // rate whose arrivals pick a room uniformly
    let due = start, burst = 0;
    while (true) {
      due += exponential(spec.rate) * 1000;
      if (due >= end) break;
      const wait = due - now();
      if (wait > 1) { await sleep(wait); burst = 0; }
      else if (++burst % 20 === 0) await new Promise(setImmediate);   // let acks in
      lags.push(Math.max(0, now() - due));
      send(choice(rooms));
    }
  }
  const lastSend = now();
  const graceEnd = lastSend + (config.grace || 5) * 1000;
  const complete = () => pending === 0 && records.every((rec) => !rec.answer || !rec.answer.ok
    || rec.room.phones.every((p) => p.maxVersion >= rec.answer.version));
  while (now() < graceEnd && !complete()) await sleep(50);
  const wall = (now() - start) / 1000;
  const cpu1 = serverCpu(), redis1 = pids.redis ? cpuSeconds(pids.redis) : NaN;
  const mine = process.cpuUsage(mine0);

  const ack = [], viewLat = [], refusedBy = {};
  let ok = 0, refused = 0, unacked = 0, missing = 0, lastAck = start;
  for (const rec of records) {
    if (rec.tAck === null) { unacked++; continue; }
    if (!(rec.answer && rec.answer.ok)) {
      refused++;
      const code = (rec.answer && rec.answer.error && rec.answer.error.code) || "?";
      refusedBy[code] = (refusedBy[code] || 0) + 1;
      continue;
    }
    ok++;
    lastAck = Math.max(lastAck, rec.tAck);
    ack.push(rec.tAck - rec.t0);
    const version = rec.answer.version;
    let last = -Infinity;
    for (const phone of rec.room.phones) {
      const t = phone.firstSeen.get(version);
      if (t === undefined) { last = null; break; }
      last = Math.max(last, t);
    }
    if (last === null) missing++;
    else viewLat.push(last - rec.t0);
  }
  const acked = ok + refused;
  const cpuDelta = cpu1.map((c, i) => c - cpu0[i]);
  const cpuTotal = cpuDelta.reduce((a, b) => a + b, 0);
  return {
    name: spec.name, kind: spec.kind, rate: spec.rate || null, seconds: spec.seconds,
    sent: records.length, acked, ok, refused, refused_by: refusedBy, unacked, views_missing: missing,
    throughput: ok / Math.max((lastAck - start) / 1000, 1e-9),
    offered: records.length / spec.seconds,
    ack: percentiles(ack), view: percentiles(viewLat),
    kinds,
    send_lag: percentiles(lags),
    wall,
    server_cpu_s: cpuDelta, server_cpu_ms_per_action: acked ? cpuTotal * 1000 / acked : null,
    server_cpu_ms_per_ok: ok ? cpuTotal * 1000 / ok : null,
    server_cpu_share: cpuTotal / wall,
    redis_cpu_ms_per_action: pids.redis && acked ? (redis1 - redis0) * 1000 / acked : null,
    driver_cpu_share: (mine.user + mine.system) / 1e6 / wall,
    views: run.views - views0, stale_views: run.stale - stale0,
    resyncs: run.resyncs - resyncs0, patch_errors: run.patchErrors - patchErrors0,
    server_rss_kib: serverRss(),
  };
}

function untilStdinCloses() {
  return new Promise((resolve) => {
    process.stdin.on("end", resolve).on("close", resolve).on("error", resolve);
    process.stdin.resume();
  });
}

async function main() {
  const rooms = [];
  config.rooms.forEach((spec, r) => rooms.push(new Room(spec, r, run)));
  const rssBefore = serverRss();
  const connect = await connectAll(rooms);
  log(`${connect.sockets} sockets connected in ${connect.seconds.toFixed(1)} s`);
  await sleep(1000);   // let the connect broadcasts settle
  const rssAfter = serverRss();
  const out = {connect: {...connect, rss_before_kib: rssBefore, rss_after_kib: rssAfter},
               phases: []};
  if (config.mode === "idle" && config.until_stdin) {
    // bench/idle.py with several drivers measures the common idle window
    // itself: it says when by closing our stdin
    log("holding until stdin closes");
    await untilStdinCloses();
    out.idle = {disconnects: run.disconnects,
                driver_rss_kib: Math.round(process.memoryUsage().rss / 1024)};
  } else if (config.mode === "idle") {
    const cpu0 = serverCpu();
    const hold = config.hold || 10;
    await sleep(hold * 1000);
    const cpu1 = serverCpu();
    out.idle = {seconds: hold, server_rss_kib: serverRss(),
                server_cpu_share: cpu1.map((c, i) => (c - cpu0[i]) / hold),
                disconnects: run.disconnects,
                driver_rss_kib: Math.round(process.memoryUsage().rss / 1024)};
  } else {
    const missingView = rooms.filter((room) => room.phones.some((p) => !p.view)).length;
    if (config.choose === "game" && missingView) log(`${missingView} rooms lack a first view`);
    for (const spec of config.phases) {
      log(`phase ${spec.name}: ${spec.kind} ${spec.kind === "open" ? spec.rate + "/s " : ""}${spec.seconds} s`);
      const result = await phase(rooms, spec);
      if (spec.report !== false) out.phases.push(result);
      log(`phase ${spec.name}: ok ${result.ok}/${result.sent}, view p99 ` +
          `${result.view.p99 === undefined ? "-" : result.view.p99.toFixed(1)} ms`);
    }
    out.disconnects = run.disconnects;
    out.view_bytes_mean = run.viewSampled ? run.viewBytes / run.viewSampled : null;
  }
  stopping = true;
  for (const room of rooms) for (const phone of room.sockets()) phone.socket.disconnect();
  process.stdout.write(JSON.stringify(out) + "\n", () => process.exit(0));
}

// a hard stop however things go: phases plus connect time plus a margin
const budget = (config.phases || []).reduce((s, p) => s + p.seconds + (config.grace || 5), 0)
  + (config.hold || 0) + (config.max_connect_seconds || 300) + 30;
setTimeout(() => { log("time budget exceeded, giving up"); process.exit(2); }, budget * 1000).unref();

main().catch((error) => { log(error.stack || String(error)); process.exit(1); });
