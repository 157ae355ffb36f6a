#!/usr/bin/env node
// A small Fives implementation in JavaScript, written from spec/protocol.md and
// spec/notation.md alone, to show that the protocol is language-neutral. It declares
// the four layout levels (play-score, scoring-ends, attach-points, connections) for
// Five Up, Exact 61 and All Fives, and answers `layout` and `score` requests.
"use strict";

const readline = require("readline");

const GAMES = {
  "five-up": { spinners: "every-double", display: true },
  "exact-61": { spinners: "every-double", display: true },
  "all-fives": { spinners: "first-double", display: false },
};
// Canonical listing order of places (spec/notation.md).
const PORTS = ["side branch A", "side branch B", "big end", "small end", "straight side A", "straight side B"];
const SLUG = {
  "branch-a": "side branch A", "branch-b": "side branch B", "big-end": "big end",
  "small-end": "small end", "straight-a": "straight side A", "straight-b": "straight side B",
};
const TWIN = { "straight side B": "straight side A", "side branch B": "side branch A" };

class Illegal extends Error {
  constructor(message, rule) { super(message); this.rule = rule; }
}

function parseTile(text) {
  const m = /^\[([0-6])\|([0-6])\]$/.exec(text.trim());
  if (!m) throw new Error(`not a tile: ${text}`);
  const a = Number(m[1]), b = Number(m[2]);
  return [Math.min(a, b), Math.max(a, b)];
}
const tileText = (t) => `[${t[0]}|${t[1]}]`;
const isDouble = (t) => t[0] === t[1];
const pipsAt = (t, port) => (port === "big end" ? t[1] : t[0]);

function parsePlay(text) {
  const [tilePart, rest] = text.split("@");
  if (rest === undefined) return { tile: parseTile(tilePart) };
  const [anchor, slug] = rest.split(":");
  if (!(slug in SLUG)) throw new Error(`not a place: ${slug}`);
  return { tile: parseTile(tilePart), anchor: parseTile(anchor), port: SLUG[slug] };
}

class Layout {
  constructor(policy) {
    this.policy = policy;
    this.placed = new Map(); // tile text -> {tile, spinner, used:Set}
    this.order = [];
    this.connections = [];
    this.anyDouble = false;
  }

  openPorts(p) {
    if (!isDouble(p.tile)) return ["big end", "small end"].filter((x) => !p.used.has(x));
    const full = p.used.has("straight side A") && p.used.has("straight side B");
    const out = [];
    if (p.spinner && full) out.push(...["side branch A", "side branch B"].filter((x) => !p.used.has(x)));
    out.push(...["straight side A", "straight side B"].filter((x) => !p.used.has(x)));
    return out;
  }

  check(play) {
    const key = tileText(play.tile);
    if (this.placed.has(key)) throw new Illegal(`${key} is already in the layout`, "equipment.double-six");
    if (!play.anchor) {
      if (this.order.length) throw new Illegal("a lead needs the empty layout", "play.match-attach-point");
      return;
    }
    const anchor = this.placed.get(tileText(play.anchor));
    if (!anchor) throw new Illegal(`${tileText(play.anchor)} is not in the layout`, "play.match-attach-point");
    const port = play.port;
    const endPort = port === "big end" || port === "small end";
    if (endPort === isDouble(anchor.tile)) throw new Illegal(`${tileText(anchor.tile)} has no ${port}`, "layout.double.crosswise");
    if (anchor.used.has(port)) throw new Illegal(`${port} is taken`, "play.match-attach-point");
    if (port.startsWith("side branch")) {
      if (!anchor.spinner) throw new Illegal("not a spinner", this.policy === "first-double" ? "layout.spinner.first-double" : "layout.spinner.every-double");
      if (!(anchor.used.has("straight side A") && anchor.used.has("straight side B")))
        throw new Illegal("branches open once both straight sides are filled", "layout.spinner.straights-first");
    }
    if (TWIN[port] && !anchor.used.has(TWIN[port])) throw new Illegal(`${TWIN[port]} is still open`, "layout.side-a-first");
    const value = pipsAt(anchor.tile, port);
    if (play.tile[0] !== value && play.tile[1] !== value) throw new Illegal("pips do not match", "play.match-attach-point");
  }

  play(play) {
    this.check(play);
    const t = play.tile;
    const spinner = isDouble(t) && (this.policy === "every-double" || !this.anyDouble);
    const placed = { tile: t, spinner, used: new Set() };
    if (play.anchor) {
      const anchor = this.placed.get(tileText(play.anchor));
      const value = pipsAt(anchor.tile, play.port);
      const own = isDouble(t) ? "straight side A" : t[0] === value ? "small end" : "big end";
      anchor.used.add(play.port);
      placed.used.add(own);
      this.connections.push(`${tileText(anchor.tile)} (${play.port}) – ${tileText(t)} (${own})`);
    }
    this.placed.set(tileText(t), placed);
    this.order.push(t);
    this.anyDouble = this.anyDouble || isDouble(t);
  }

  sorted() {
    return [...this.placed.values()].sort((a, b) => a.tile[0] - b.tile[0] || a.tile[1] - b.tile[1]);
  }

  attachPoints() {
    const out = [];
    for (const p of this.sorted())
      for (const port of this.openPorts(p).sort((x, y) => PORTS.indexOf(x) - PORTS.indexOf(y)))
        out.push({ tile: p.tile, port, value: pipsAt(p.tile, port) });
    return out;
  }

  scoringEnds() {
    const out = [];
    for (const p of this.sorted()) {
      if (isDouble(p.tile)) {
        if (!(p.used.has("straight side A") && p.used.has("straight side B"))) out.push([p.tile, 2 * p.tile[0]]);
      } else {
        if (!p.used.has("big end")) out.push([p.tile, p.tile[1]]);
        if (!p.used.has("small end")) out.push([p.tile, p.tile[0]]);
      }
    }
    return out;
  }

  legalPlays(hand) {
    if (!this.order.length) return hand.map(tileText);
    const points = this.attachPoints().filter((a) => !(TWIN[a.port] && !this.placed.get(tileText(a.tile)).used.has(TWIN[a.port])));
    const out = [];
    for (const t of hand) {
      if (this.placed.has(tileText(t))) continue;
      for (const a of points)
        if (t[0] === a.value || t[1] === a.value)
          out.push(`${tileText(t)}@${tileText(a.tile)}:${Object.keys(SLUG).find((k) => SLUG[k] === a.port)}`);
    }
    return out;
  }
}

function score(game, total) {
  const raw = total > 0 && total % 5 === 0 ? total : 0;
  return GAMES[game].display ? { raw, display: raw / 5 } : { raw };
}

function answer(request) {
  const game = GAMES[request.game];
  if (!game) return { error: { kind: "unsupported", message: `unknown game ${request.game}` } };
  if (request.type === "score") return { score: score(request.game, request.total) };
  if (request.type !== "layout") return { error: { kind: "unsupported", message: `no ${request.type} requests` } };
  const layout = new Layout(game.spinners);
  for (const text of request.plays) layout.play(parsePlay(text));
  const reply = {};
  if (request.reject !== undefined) {
    try {
      layout.play(parsePlay(request.reject));
      reply.error = null;
    } catch (e) {
      if (!(e instanceof Illegal)) throw e;
      reply.error = { kind: "illegal-play", rule: e.rule, message: e.message };
    }
  }
  const ends = layout.scoringEnds();
  const total = ends.reduce((s, e) => s + e[1], 0);
  Object.assign(reply, {
    tiles: layout.order.map(tileText),
    spinners: layout.order.filter((t) => layout.placed.get(tileText(t)).spinner).map(tileText),
    connections: layout.connections,
    attach_points: layout.attachPoints().map((a) => `${tileText(a.tile)} (${a.port}, ${a.value})`),
    scoring_ends: ends.map(([t, v]) => `${tileText(t)}: ${v}`),
    total,
  });
  if (request.reject === undefined) reply.score = score(request.game, total);
  if (request.hand) reply.legal_plays = layout.legalPlays(request.hand.map(parseTile));
  return reply;
}

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (message.type === "start") {
    send({
      type: "ready",
      protocol: "1.0",
      implementation: { name: "fives-node example", language: "javascript", version: "1.0.0" },
      games: Object.keys(GAMES),
      players: [2, 3, 4],
      levels: ["play-score", "scoring-ends", "attach-points", "connections"],
    });
  } else if (message.type === "run") {
    let reply;
    try {
      reply = answer(message.request);
    } catch (e) {
      reply = { error: { kind: "bad-request", message: String(e.message || e) } };
    }
    send({ type: "result", seq: message.seq, reply });
  } else if (message.type === "stop") {
    process.exit(0);
  }
});
