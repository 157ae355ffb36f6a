#!/usr/bin/env node
// A small Fives implementation in JavaScript, written from spec/protocol.md and
// spec/notation.md alone, to show that the protocol is language-neutral and complete.
// It declares every level for Five Up, Exact 61 and All Fives with 2, 3 and 4 players,
// and answers every request type: layout, score, turns, settlement, match and perft. It also
// plays its own games (selfplay): its own shuffle, the rules' leader, random legal actions.
// The game parameters are copied from the table "The games at a glance" of spec/protocol.md.
// With `--places=pips` (or FIVES_PLACES=pips) it answers in the pips form instead, as an
// engine without place names would (spec/protocol.md, "Places in the pips form"); with
// `--places=ends` in the pips form with no tiles, as an engine that keeps only its ends'
// values would (spec/protocol.md, "Engines that keep only end values"); with `--two-ended`
// it refuses every play on a spinner's arms (spec/protocol.md, "My engine refuses this play").
"use strict";

const readline = require("readline");

const GAMES = {
  "five-up": {
    deal: { 2: 5, 3: 5, 4: 5 }, options: {}, fourPlayers: "partners", spinners: "every-double",
    display: true, target: { 2: 305, 3: 305, 4: 305 }, check: "after-settlement", settle: "deduct",
  },
  "exact-61": {
    deal: { 2: 5, 3: 5, 4: 5 }, options: {}, fourPlayers: "partners", spinners: "every-double",
    display: true, target: { 2: 305, 3: 305, 4: 305 }, check: "exact", settle: "differences",
  },
  "all-fives": {
    deal: { 2: 9, 3: 7, 4: 5 },
    options: { "five-each": { 2: 5, 3: 5, 4: 5 }, "seven-five": { 2: 7, 3: 5, 4: 5 } },
    fourPlayers: "either", spinners: "first-double",
    display: false, target: { 2: 250, 3: 200, 4: 200 }, check: "immediate", settle: "deduct",
  },
};
const LEVELS = ["play-score", "score-table", "scoring-ends", "attach-points", "connections",
  "turn-flow", "settlement", "match-end"];
// Canonical listing order of places (spec/notation.md).
const PORTS = ["side branch A", "side branch B", "big end", "small end", "straight side A", "straight side B"];
const SLUG = {
  "branch-a": "side branch A", "branch-b": "side branch B", "big-end": "big end",
  "small-end": "small end", "straight-a": "straight side A", "straight-b": "straight side B",
};
const SLUG_OF = Object.fromEntries(Object.entries(SLUG).map(([k, v]) => [v, k]));
const TWIN = { "straight side B": "straight side A", "side branch B": "side branch A" };

// A play, action, deal or table the rules forbid: answered with `rule`.
class Illegal extends Error {
  constructor(message, rule) { super(message); this.rule = rule; }
}
// A request that is malformed or contradicts itself: answered `bad-request`.
class BadRequest extends Error {}

// -- tiles and plays -------------------------------------------------------------------
function parseTile(text) {
  const m = /^\[([0-6])\|([0-6])\]$/.exec(String(text).trim());
  if (!m) throw new BadRequest(`not a tile: ${text}`);
  const a = Number(m[1]), b = Number(m[2]);
  return [Math.min(a, b), Math.max(a, b)];
}
const tileText = (t) => `[${t[0]}|${t[1]}]`;
const isDouble = (t) => t[0] === t[1];
const pips = (tiles) => tiles.reduce((s, t) => s + t[0] + t[1], 0);
const byTile = (a, b) => a[0] - b[0] || a[1] - b[1];
const sortTiles = (tiles) => [...tiles].sort(byTile);
const pipsAt = (t, port) => (port === "big end" ? t[1] : t[0]);
const sameTile = (a, b) => a[0] === b[0] && a[1] === b[1];

function parsePlay(text) {
  const [tilePart, rest] = String(text).split("@");
  if (rest === undefined) return { tile: parseTile(tilePart) };
  const [anchor, slug] = rest.split(":");
  if (!(slug in SLUG)) throw new BadRequest(`not a place: ${slug}`);
  return { tile: parseTile(tilePart), anchor: parseTile(anchor), port: SLUG[slug] };
}
const playText = (p) => (p.anchor ? `${tileText(p.tile)}@${tileText(p.anchor)}:${SLUG_OF[p.port]}` : tileText(p.tile));
function parseAction(text) {
  const t = String(text).trim();
  if (t.toLowerCase() === "draw" || t.toLowerCase() === "pass") return { kind: t.toLowerCase() };
  return { kind: "play", play: parsePlay(t) };
}

// -- the layout --------------------------------------------------------------------------
class Layout {
  constructor(policy) {
    this.policy = policy;
    this.placed = new Map(); // tile text -> {tile, spinner, used:Set}
    this.order = [];
    this.plays = [];
    this.connections = [];
    this.anyDouble = false;
  }

  copy() {
    const other = new Layout(this.policy);
    for (const [k, p] of this.placed) other.placed.set(k, { tile: p.tile, spinner: p.spinner, used: new Set(p.used) });
    other.order = [...this.order];
    other.plays = [...this.plays];
    other.connections = [...this.connections];
    other.anyDouble = this.anyDouble;
    return other;
  }

  openPorts(p) {
    if (!isDouble(p.tile)) return ["big end", "small end"].filter((x) => !p.used.has(x));
    const full = p.used.has("straight side A") && p.used.has("straight side B");
    const out = [];
    if (p.spinner && full) out.push(...["side branch A", "side branch B"].filter((x) => !p.used.has(x)));
    out.push(...["straight side A", "straight side B"].filter((x) => !p.used.has(x)));
    return out;
  }

  // The checks in the order of the protocol's table "Rejected plays".
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
    const value = pipsAt(anchor.tile, port);
    if (play.tile[0] !== value && play.tile[1] !== value) throw new Illegal("pips do not match", "play.match-attach-point");
  }

  // Side B of a mirror pair named while side A is open is the same move: side A.
  sameMove(play) {
    const anchor = play.anchor && this.placed.get(tileText(play.anchor));
    if (anchor && TWIN[play.port] && !anchor.used.has(TWIN[play.port])) return { ...play, port: TWIN[play.port] };
    return play;
  }

  play(play) {
    play = this.sameMove(play);
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
    this.plays.push(play);
    this.anyDouble = this.anyDouble || isDouble(t);
    return this.total();
  }

  sorted() {
    return [...this.placed.values()].sort((a, b) => byTile(a.tile, b.tile));
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

  total() {
    return this.scoringEnds().reduce((s, e) => s + e[1], 0);
  }

  // One play per mirror pair: a B side is listed only once its A side is taken.
  legalPlays(hand) {
    const tiles = sortTiles(hand).filter((t, i, a) => i === 0 || !sameTile(t, a[i - 1]));
    if (!this.order.length) return tiles.map((t) => ({ tile: t }));
    const points = this.attachPoints().filter((a) => !(TWIN[a.port] && !this.placed.get(tileText(a.tile)).used.has(TWIN[a.port])));
    const out = [];
    for (const t of tiles) {
      if (this.placed.has(tileText(t))) continue;
      for (const a of points)
        if (t[0] === a.value || t[1] === a.value) out.push({ tile: t, anchor: a.tile, port: a.port });
    }
    return out;
  }
}

function playRaw(total) {
  return total > 0 && total % 5 === 0 ? total : 0;
}
const display = (game, raw) => (GAMES[game].display ? Math.floor(raw / 5) : undefined);
// A JSON number without a fractional part (15.0 is 15), at least `min`: else a bad request.
function whole(value, name, min = -Infinity) {
  if (typeof value !== "number" || !Number.isInteger(value)) throw new BadRequest(`${name}: expected a whole number`);
  if (value < min) throw new BadRequest(`${name}: expected ${min} or more`);
  return value;
}
function scoreOf(game, raw) {
  return GAMES[game].display ? { raw, display: display(game, raw) } : { raw };
}

// -- the table ---------------------------------------------------------------------------
function table(request, seats) {
  const game = GAMES[request.game];
  const players = request.players === undefined ? seats : request.players;
  if (players !== seats) throw new BadRequest(`${players} players but ${seats} hands`);
  if (![2, 3, 4].includes(players)) throw new BadRequest(`${players} players`);
  let partners = request.partnerships;
  if (partners === undefined || partners === null) partners = players === 4 && game.fourPlayers !== "alone";
  if (partners && players !== 4) throw new Illegal(`no partnerships with ${players} players`, "side.alone");
  if (!partners && players === 4 && game.fourPlayers === "partners")
    throw new Illegal("four players are always partners", "side.partnership");
  // a field given as null is a field left out (spec/protocol.md, "Asking for a table")
  const option = request.deal_option === undefined ? null : request.deal_option;
  let size = game.deal[players];
  if (option !== null) {
    if (!(option in game.options)) throw new BadRequest(`no deal option ${option}`);
    size = game.options[option][players];
  }
  const given = request.target;
  const target = given === undefined || given === null ? game.target[players] : whole(given, "target", 1);
  const sides = partners ? 2 : players;
  return {
    game: request.game, players, partners, option, size, target, sides,
    sideOf: (seat) => (partners ? seat % 2 : seat),
    partnerOf: (seat) => (partners ? (seat + 2) % 4 : null),
  };
}

function readDeal(data) {
  return {
    hands: data.hands.map((h) => sortTiles(h.map(parseTile))),
    boneyard: data.boneyard.map(parseTile),
    leader: data.leader === undefined ? null : data.leader,
    draws: (data.draws || []).map((r) => r.map((t) => (t === null ? null : parseTile(t)))),
  };
}

function drawWinner(draws, players) {
  const rule = "lead.neutral-draw";
  let drawing = [...Array(players).keys()];
  for (let i = 0; i < draws.length; i++) {
    const round = draws[i];
    if (!drawing.length) throw new Illegal("the draw was already decided", rule);
    const seats = round.map((t, s) => (t === null ? -1 : s)).filter((s) => s >= 0);
    if (round.length !== players || seats.join() !== drawing.join()) throw new Illegal("the wrong seats draw", rule);
    const tiles = round.filter((t) => t !== null);
    if (new Set(tiles.map(tileText)).size !== tiles.length) throw new Illegal("a tile is drawn twice", rule);
    const top = Math.max(...tiles.map((t) => t[0] + t[1]));
    drawing = seats.filter((s) => round[s][0] + round[s][1] === top);
    if (drawing.length === 1) {
      if (i !== draws.length - 1) throw new Illegal("the draw was already decided", rule);
      return drawing[0];
    }
  }
  throw new Illegal("the draw leaves a tie", rule);
}

// The deal checks, in the order of the protocol's table "Refused deals".
function checkDeal(deal, t, wentOut, afterBlock) {
  if (deal.hands.length !== t.players) throw new Illegal("hands for the wrong number of players", "deal.hand-size");
  for (const h of deal.hands) if (h.length !== t.size) throw new Illegal("wrong hand size", "deal.hand-size");
  const all = [...deal.hands.flat(), ...deal.boneyard].map(tileText);
  if (all.length !== 28 || new Set(all).size !== 28) throw new Illegal("each tile once", "equipment.double-six");
  if (wentOut !== null) {
    if (deal.draws.length || (deal.leader !== null && deal.leader !== wentOut))
      throw new Illegal("the player who went out leads", "lead.went-out-leads");
    return wentOut;
  }
  const rule = afterBlock ? "lead.after-block" : "lead.neutral-draw";
  if (deal.draws.length) {
    const leader = drawWinner(deal.draws, t.players);
    if (deal.leader !== null && deal.leader !== leader) throw new Illegal("the draw names another leader", rule);
    return leader;
  }
  if (deal.leader === null) throw new Illegal("a neutral draw is due", rule);
  if (!(deal.leader >= 0 && deal.leader < t.players)) throw new Illegal("no such seat", rule);
  return deal.leader;
}

// -- a hand ------------------------------------------------------------------------------
class Hand {
  constructor(game, hands, boneyard, leader) {
    this.game = game;
    this.layout = new Layout(GAMES[game].spinners);
    this.hands = hands.map((h) => sortTiles(h));
    this.boneyard = [...boneyard];
    this.current = leader;
    this.leader = leader;
    this.drawn = null;
    this.wentOut = null;
    this.blocked = false;
    this.events = [];
  }

  copy() {
    const other = Object.assign(Object.create(Hand.prototype), this);
    other.layout = this.layout.copy();
    other.hands = this.hands.map((h) => [...h]);
    other.boneyard = [...this.boneyard];
    other.events = [...this.events];
    return other;
  }

  get over() { return this.wentOut !== null || this.blocked; }

  canPlay(tiles) { return this.layout.legalPlays(tiles).length > 0; }

  legalActions() {
    if (this.over) return [];
    if (this.drawn) return this.layout.legalPlays([this.drawn]).map(playText);
    const plays = this.layout.legalPlays(this.hands[this.current]).map(playText);
    if (plays.length) return plays;
    return [this.boneyard.length ? "draw" : "pass"];
  }

  // The checks in the order of the protocol's table "Rejected actions".
  check(action, seat) {
    if (this.over) throw new Illegal("the hand is over", this.wentOut !== null ? "hand.end.going-out" : "hand.end.block");
    if (seat !== this.current) throw new Illegal(`it is seat ${this.current}'s turn`, "turn.clockwise");
    const held = this.hands[seat];
    if (this.drawn && !(action.kind === "play" && sameTile(action.play.tile, this.drawn)))
      throw new Illegal("the tile just drawn must be played", "turn.play-drawn-tile");
    if (action.kind === "play") {
      if (!held.some((t) => sameTile(t, action.play.tile))) throw new Illegal("not held", "hand.own-tiles");
      this.layout.check(this.layout.sameMove(action.play));
      return;
    }
    if (this.canPlay(held)) throw new Illegal("a player who can play must play", "turn.must-play");
    if (action.kind === "draw" && !this.boneyard.length) throw new Illegal("the boneyard is empty", "turn.pass-empty-boneyard");
    if (action.kind === "pass" && this.boneyard.length) throw new Illegal("the boneyard has tiles", "turn.pass-empty-boneyard");
  }

  // Returns the events the action caused.
  apply(action, seat = this.current) {
    if (action.kind === "play") action = { ...action, play: this.layout.sameMove(action.play) };
    this.check(action, seat);
    const before = this.events.length;
    if (action.kind === "play") {
      const total = this.layout.play(action.play);
      const held = this.hands[seat];
      held.splice(held.findIndex((t) => sameTile(t, action.play.tile)), 1);
      this.drawn = null;
      this.events.push({ event: "play", seat, play: playText(action.play), total, raw: playRaw(total) });
      if (!held.length) {
        this.wentOut = seat;
        this.events.push({ event: "out", seat });
      } else this.current = (seat + 1) % this.hands.length;
    } else if (action.kind === "draw") {
      const tile = this.boneyard.shift();
      this.hands[seat] = sortTiles([...this.hands[seat], tile]);
      this.events.push({ event: "draw", seat, tile: tileText(tile) });
      if (this.canPlay([tile])) this.drawn = tile;
    } else {
      this.events.push({ event: "pass", seat });
      this.current = (seat + 1) % this.hands.length;
    }
    if (!this.over && !this.boneyard.length && !this.hands.some((h) => this.canPlay(h))) {
      this.blocked = true;
      this.events.push({ event: "block" });
    }
    return this.events.slice(before);
  }
}

// -- settlement and the match -----------------------------------------------------------
const round5 = (n) => Math.floor((n + 2) / 5) * 5;

function settlementItems(t, hands, wentOut, leader, lastPlay) {
  const n = hands.length;
  const count = hands.map(pips);
  const opponents = (seat) => [...Array(n).keys()].filter((s) => t.sideOf(s) !== t.sideOf(seat));
  if (GAMES[t.game].settle === "deduct") {
    const items = [];
    hands.forEach((h, seat) => {
      if (h.length) items.push({ seat, raw: -round5(count[seat]), cause: "deduction", details: { pips: count[seat], rounded: round5(count[seat]) } });
    });
    return items;
  }
  if (wentOut !== null) {
    const opp = opponents(wentOut).reduce((s, o) => s + count[o], 0);
    const details = { play: lastPlay, opponents: { pips: opp, rounded: round5(opp) } };
    let raw = lastPlay + round5(opp);
    const partner = t.partnerOf(wentOut);
    if (partner !== null) {
      details.partner = { pips: count[partner], rounded: round5(count[partner]) };
      raw -= round5(count[partner]);
    }
    return [{ seat: wentOut, raw, cause: "going-out", details }];
  }
  const order = [...Array(n).keys()].sort((a, b) => count[a] - count[b] || ((a - leader + n) % n) - ((b - leader + n) % n));
  const items = [];
  for (const seat of order) {
    const differences = opponents(seat).filter((o) => count[o] > count[seat]).map((o) => count[o] - count[seat]);
    const rounded = round5(differences.reduce((s, d) => s + d, 0));
    if (rounded > 0) items.push({ seat, raw: rounded, cause: "block", details: { pips: count[seat], differences, rounded } });
  }
  return items;
}

function lightestSide(t, hands) {
  const count = hands.map(pips);
  const least = Math.min(...count);
  const sides = new Set(count.map((c, s) => (c === least ? t.sideOf(s) : null)).filter((x) => x !== null));
  return sides.size === 1 ? [...sides][0] : null;
}

class Match {
  constructor(t, scores) {
    this.t = t;
    this.scores = scores ? scores.map((s, i) => whole(s, `scores[${i}]`)) : Array(t.sides).fill(0);
    if (this.scores.length !== t.sides) throw new BadRequest(`${t.sides} sides need ${t.sides} scores`);
    this.events = [];
    this.hand = null;
    this.hands = [];
    this.winner = null;
    this.blockWinner = null;
    this.wentOut = null;
    this.afterBlock = false;
  }

  get merges() { return GAMES[this.t.game].settle === "differences"; }
  get needsDeal() { return this.winner === null && (this.hand === null || this.hand.over); }
  get currentPlayer() { return this.needsDeal || this.winner !== null ? null : this.hand.current; }

  deal(data) {
    if (!this.needsDeal) throw new BadRequest(this.winner !== null ? "the match is over" : "a hand is still being played");
    const deal = readDeal(data);
    const leader = checkDeal(deal, this.t, this.wentOut, this.afterBlock);
    this.hand = new Hand(this.t.game, deal.hands, deal.boneyard, leader);
    this.hands.push(this.hand);
    this.events.push({ event: "hand", number: this.hands.length, leader });
  }

  act(text) {
    if (this.winner !== null) throw new BadRequest("the match is over");
    if (this.needsDeal) throw new BadRequest("no hand is being played");
    const hand = this.hand;
    for (const event of hand.apply(parseAction(text))) {
      if (event.event === "play" || event.event === "draw" || event.event === "pass") {
        if (event.event === "play" && event.raw && !(this.merges && hand.wentOut !== null)) this.score({ seat: event.seat, raw: event.raw, cause: "play", details: {} });
      } else this.events.push(event);
      if (this.winner !== null) return; // the win is the last event
    }
    if (hand.over) {
      const last = this.merges && hand.wentOut !== null ? hand.events.filter((e) => e.event === "play").pop().raw : 0;
      this.settle(hand.hands, hand.wentOut, hand.leader, last);
    }
  }

  finish(hands, wentOut, leader, lastPlay) {
    if (wentOut !== null && lastPlay && !this.merges) {
      this.score({ seat: wentOut, raw: lastPlay, cause: "play", details: {} });
      if (this.winner !== null) return;
    }
    this.settle(hands, wentOut, leader, this.merges ? lastPlay : 0);
  }

  settle(hands, wentOut, leader, lastPlay) {
    if (wentOut === null) this.blockWinner = GAMES[this.t.game].settle === "differences" ? lightestSide(this.t, hands) : null;
    for (const item of settlementItems(this.t, hands, wentOut, leader, lastPlay)) {
      if (this.winner !== null) break;
      this.score(item);
    }
    if (this.winner === null && GAMES[this.t.game].check === "after-settlement") this.checkTarget();
    this.wentOut = wentOut;
    this.afterBlock = wentOut === null;
  }

  score(item) {
    const t = this.t;
    const side = t.sideOf(item.seat);
    const next = this.scores[side] + item.raw;
    const discard = GAMES[t.game].check === "exact" && next > t.target;
    const event = { event: "score", cause: item.cause, seat: item.seat, side, ...item.details, raw: item.raw };
    if (GAMES[t.game].display) event.display = display(t.game, item.raw);
    event.result = discard ? "discarded" : "applied";
    this.events.push(event);
    if (discard) return;
    this.scores[side] = next;
    const check = GAMES[t.game].check;
    if ((check === "exact" && next === t.target) || (check === "immediate" && next >= t.target)) this.win(side);
  }

  checkTarget() {
    const reached = this.scores.map((s, side) => (s >= this.t.target ? side : -1)).filter((s) => s >= 0);
    if (!reached.length) return;
    const top = Math.max(...reached.map((s) => this.scores[s]));
    const tied = reached.filter((s) => this.scores[s] === top);
    if (tied.length === 1) this.win(tied[0]);
    else this.events.push({ event: "tie", sides: tied, raw: top, display: display(this.t.game, top) });
  }

  win(side) {
    this.winner = side;
    this.events.push({ event: "win", side, scores: [...this.scores] });
  }

  facts() {
    const out = { scores: [...this.scores], match_over: this.winner !== null, winner: this.winner };
    if (GAMES[this.t.game].display) out.display_scores = this.scores.map((s) => display(this.t.game, s));
    return out;
  }
}

// -- requests ----------------------------------------------------------------------------
function layoutReply(request) {
  const layout = new Layout(GAMES[request.game].spinners);
  for (const text of request.plays) {
    try {
      layout.play(parsePlay(text));
    } catch (e) {
      if (e instanceof Illegal) throw new BadRequest(`${text} in plays: ${e.message}`);
      throw e;
    }
  }
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
  const total = layout.total();
  Object.assign(reply, {
    tiles: layout.order.map(tileText),
    spinners: layout.order.filter((t) => layout.placed.get(tileText(t)).spinner).map(tileText),
    connections: layout.connections,
    attach_points: layout.attachPoints().map((a) => `${tileText(a.tile)} (${a.port}, ${a.value})`),
    scoring_ends: layout.scoringEnds().map(([t, v]) => `${tileText(t)}: ${v}`),
    total,
  });
  if (request.reject === undefined) reply.score = scoreOf(request.game, playRaw(total));
  if (request.hand) reply.legal_plays = layout.legalPlays(request.hand.map(parseTile)).map(playText);
  return reply;
}

function turnsReply(request) {
  const deal = readDeal(request.deal);
  const t = table(request, deal.hands.length);
  const hand = new Hand(request.game, deal.hands, deal.boneyard, checkDeal(deal, t, null, false));
  for (const text of request.actions) {
    try {
      hand.apply(parseAction(text));
    } catch (e) {
      if (e instanceof Illegal) throw new BadRequest(`scripted action ${text}: ${e.message}`);
      throw e;
    }
  }
  const reply = {};
  if (request.reject) {
    try {
      hand.apply(parseAction(request.reject.action), request.reject.seat);
      reply.error = null;
    } catch (e) {
      if (!(e instanceof Illegal)) throw e;
      reply.error = { kind: "illegal-action", rule: e.rule, message: e.message };
    }
  }
  return Object.assign(reply, {
    current_player: hand.over ? null : hand.current,
    legal_actions: hand.legalActions(),
    events: hand.events,
    hands: hand.hands.map((h) => h.map(tileText)),
    boneyard: hand.boneyard.map(tileText),
    plays: hand.layout.plays.map(playText),
    ended: hand.wentOut !== null ? "out" : hand.blocked ? "block" : null,
  });
}

// Reaching the target ends an All Fives or Exact 61 match at once: a side that starts on or
// over it describes a match already over (a bad request).
function refuseOverMatch(match) {
  if (GAMES[match.t.game].check !== "after-settlement" && match.scores.some((s) => s >= match.t.target))
    throw new BadRequest(`a side starts on or over the target ${match.t.target}: the match is over`);
}

function settlementReply(request) {
  const hands = request.hands.map((h) => h.map(parseTile));
  const match = new Match(table(request, hands.length), request.scores);
  const wentOut = request.went_out === undefined ? null : request.went_out;
  if (wentOut !== null && hands[wentOut].length) throw new BadRequest(`seat ${wentOut} went out but holds tiles`);
  if (wentOut === null && !request.block) throw new BadRequest("name went_out, or block: true");
  match.finish(hands, wentOut, request.leader || 0, request.last_play || 0);
  const reply = { events: match.events, ...match.facts() };
  if (wentOut === null) reply.block_winner = match.blockWinner;
  return reply;
}

function matchReply(request) {
  const match = new Match(table(request, request.hands[0].hands.length), request.scores);
  refuseOverMatch(match);
  for (const hand of request.hands) {
    match.deal(hand);
    for (const text of hand.actions) {
      try {
        match.act(text);
      } catch (e) {
        if (e instanceof Illegal) throw new BadRequest(`scripted action ${text}: ${e.message}`);
        throw e;
      }
    }
  }
  return {
    events: match.events,
    ...match.facts(),
    leaders: match.hands.map((h) => h.leader),
    hands_played: match.hands.length,
    current_player: match.currentPlayer,
    legal_actions: match.currentPlayer === null ? [] : match.hand.legalActions(),
  };
}

// A position (spec/notation.md): game, table, layout, hands, boneyard, to move.
function readPosition(text) {
  const [game, tableText, layoutText, handsText, boneyardText, toMove] = String(text).trim().split(/\s+/);
  if (!GAMES[game] || toMove === undefined) throw new BadRequest(`not a position: ${text}`);
  const list = (s) => (s === "-" ? [] : s.split(",").map(parseTile));
  const hands = handsText.split("/").map(list);
  if (!/^[234]s?$/.test(tableText) || hands.length !== Number(tableText[0]))
    throw new BadRequest("hands do not match the table");
  const m = /^(\d)(?:\*(.+))?$/.exec(toMove);
  if (!m) throw new BadRequest(`to move: ${toMove}`);
  const hand = new Hand(game, hands, list(boneyardText), Number(m[1]));
  for (const p of layoutText === "-" ? [] : layoutText.split(",")) hand.layout.play(parsePlay(p));
  if (m[2]) hand.drawn = parseTile(m[2]);
  const emptied = hands.findIndex((h) => !h.length);
  if (emptied >= 0) hand.wentOut = emptied;
  else if (!hand.boneyard.length && !hands.some((h) => hand.canPlay(h))) hand.blocked = true;
  return hand;
}

function perft(hand, depth) {
  const actions = hand.legalActions();
  if (depth === 1) return actions.length;
  let total = 0;
  for (const a of actions) {
    const child = hand.copy();
    child.apply(parseAction(a));
    total += perft(child, depth - 1);
  }
  return total;
}

function perftReply(request) {
  const [game, tableText] = String(request.position).trim().split(/\s+/);
  if (game !== request.game) throw new BadRequest("the position is of another game");
  if (tableText === "4s" && GAMES[game].fourPlayers === "partners") // a table the game forbids
    return { error: { kind: "illegal-deal", rule: "side.partnership", message: "four players are always partners" } };
  const hand = readPosition(request.position);
  const divide = {};
  let nodes = 0;
  for (const a of hand.legalActions()) {
    const child = hand.copy();
    child.apply(parseAction(a));
    divide[a] = request.depth === 1 ? 1 : perft(child, request.depth - 1);
    nodes += divide[a];
  }
  return { nodes, divide };
}

// -- selfplay: its own games, as an observation record --------------------------------------
// A seeded generator (mulberry32), so that the same seed gives the same game.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const SET = [];
for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) SET.push([a, b]);

function shuffle(random, tiles) {
  const out = [...tiles];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// Everyone draws a tile; the seats tied for the highest pips draw again, until one is alone.
function neutralDraw(random, players) {
  const rounds = [];
  let drawing = [...Array(players).keys()];
  while (drawing.length > 1 || !rounds.length) {
    const tiles = shuffle(random, SET);
    const round = Array(players).fill(null);
    drawing.forEach((seat, i) => { round[seat] = tiles[i]; });
    rounds.push(round.map((x) => (x === null ? null : tileText(x))));
    const top = Math.max(...drawing.map((seat) => round[seat][0] + round[seat][1]));
    drawing = drawing.filter((seat) => round[seat][0] + round[seat][1] === top);
  }
  return rounds;
}

function ownDeal(random, t, match) {
  const tiles = shuffle(random, SET);
  const hands = [...Array(t.players).keys()].map((s) => sortTiles(tiles.slice(s * t.size, (s + 1) * t.size)));
  const deal = { hands: hands.map((h) => h.map(tileText)), boneyard: tiles.slice(t.players * t.size).map(tileText) };
  if (match.wentOut === null) deal.draws = neutralDraw(random, t.players); // first hand, or after a block
  return deal;
}

// A steered game (spec/protocol.md, "Steered games"): the deal asked for the next hand, its
// leader and neutral draw only where the rules draw for the lead (not after going out).
function steeredDeal(data, match) {
  const deal = { hands: data.hands, boneyard: data.boneyard };
  if (match.wentOut === null) {
    if (data.draws) deal.draws = data.draws;
    if (data.leader !== undefined && data.leader !== null) deal.leader = data.leader;
  }
  return deal;
}

function selfplayReply(request) {
  if (request.unit !== "hand" && request.unit !== "match") throw new BadRequest(`unit ${request.unit}`);
  const t = table(request, request.players);
  const random = generator(Number.isInteger(request.seed) ? request.seed : Date.now());
  const deals = Array.isArray(request.deals) ? request.deals : null;
  const match = new Match(t);
  const hands = [];
  while (match.winner === null) {
    if (match.needsDeal) {
      if (request.unit === "hand" && hands.length) break;
      if (deals && hands.length === deals.length) break; // the deals asked are played
      const deal = deals ? steeredDeal(deals[hands.length], match) : ownDeal(random, t, match);
      const before = match.events.length;
      try {
        match.deal(deal);
      } catch (e) {
        if (e instanceof Illegal) throw new Illegal(`deal ${hands.length + 1}: ${e.message}`, e.rule);
        throw e;
      }
      hands.push({ deal: { ...deal, leader: match.hand.leader }, actions: [], events: match.events.slice(before) });
    }
    const hand = match.hand;
    const entry = hands[hands.length - 1];
    const offered = hand.legalActions();
    const step = { seat: hand.current, action: offered[Math.floor(random() * offered.length)], offered };
    const seen = hand.events.length;
    const before = match.events.length;
    match.act(step.action);
    for (const e of hand.events.slice(seen)) {
      if (e.event === "play") step.score = e.raw;
      if (e.event === "draw") step.tile = e.tile;
      if (["play", "draw", "pass"].includes(e.event)) entry.events.push(e);
    }
    entry.events.push(...match.events.slice(before)); // its scores (with display points), the hand's end
    entry.actions.push(step);
    if (hand.over || match.winner !== null) {
      if (hand.over) entry.ended = hand.wentOut !== null ? "out" : "block";
      entry.scores = [...match.scores];
    }
  }
  // the table played, as asked: partnerships, deal option and target
  const setup = {
    players: t.players, partnerships: t.partners, deal_option: t.option, target: t.target, scores: Array(t.sides).fill(0),
  };
  return {
    record: {
      format: "fives-record", version: 1, game: t.game, setup, hands,
      result: { scores: [...match.scores], winner: match.winner },
    },
  };
}

const HANDLERS = {
  layout: layoutReply,
  score: (request) => ({ score: scoreOf(request.game, playRaw(whole(request.total, "total", 0))) }),
  turns: turnsReply,
  settlement: settlementReply,
  match: matchReply,
  perft: perftReply,
  selfplay: selfplayReply,
};
const DEAL_ERRORS = new Set(["turns", "settlement", "match", "selfplay"]);

// -- the pips form (spec/notation.md "Pips form"): places known only by their pips -------
// "ends": the pips form with no tiles, for an engine that keeps only its open ends' values
const FORM = ["pips", "ends"].find((f) => process.argv.includes(`--places=${f}`) || process.env.FIVES_PLACES === f);
const PIPS = FORM !== undefined;
function pipsText(text) {
  if (!String(text).includes("@")) return text; // a lead, draw or pass reads the same
  const p = parsePlay(text);
  const pips = pipsAt(p.anchor, p.port);
  return FORM === "ends" ? `${tileText(p.tile)}@${pips}` : `${tileText(p.tile)}@${tileText(p.anchor)}:${pips}`;
}
function inPipsForm(reply) {
  const out = { ...reply };
  delete out.connections; // connections name places: the form has no words for them
  if (out.attach_points) {
    const point = FORM === "ends" ? /^.* \([^,()]*, (\d)\)$/ : / \([^,()]*, (\d)\)$/;
    out.attach_points = out.attach_points.map((a) => a.replace(point, FORM === "ends" ? "($1)" : " ($1)"));
  }
  if (out.scoring_ends && FORM === "ends") out.scoring_ends = out.scoring_ends.map((e) => e.replace(/^.*: /, ""));
  for (const key of ["legal_plays", "legal_actions", "plays"]) if (out[key]) out[key] = out[key].map(pipsText);
  if (out.events) out.events = out.events.map((e) => (e.event === "play" ? { ...e, play: pipsText(e.play) } : e));
  if (out.divide) {
    const divide = {};
    for (const [action, n] of Object.entries(out.divide)) divide[pipsText(action)] = (divide[pipsText(action)] || 0) + n;
    out.divide = divide;
  }
  return out;
}

// -- `--two-ended`: as an engine with two open ends would, refuse every play on a spinner's
// arms, saying so (spec/protocol.md, "My engine refuses this play"), not `unsupported`
const TWO_ENDED = process.argv.includes("--two-ended");
function refusedPlay(request) {
  const made = [...(request.plays || []), ...(request.actions || [])];
  for (const hand of request.hands || []) made.push(...(hand.actions || []));
  const arm = made.find((play) => /:branch-[ab]$/.test(String(play)));
  return arm === undefined ? null : { error: { kind: "refused", play: arm, message: "a two-ended engine has no spinner's arms" } };
}

function answer(request) {
  if (!GAMES[request.game]) return { error: { kind: "unsupported", message: `unknown game ${request.game}` } };
  if (TWO_ENDED && refusedPlay(request)) return refusedPlay(request);
  const handler = HANDLERS[request.type];
  if (!handler) return { error: { kind: "unsupported", message: `no ${request.type} requests` } };
  try {
    return handler(request);
  } catch (e) {
    if (e instanceof Illegal && DEAL_ERRORS.has(request.type))
      return { error: { kind: "illegal-deal", rule: e.rule, message: e.message } };
    throw e;
  }
}

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (message.type === "start") {
    send({
      type: "ready",
      protocol: "1.0",
      implementation: { name: "fives-node example", language: "javascript", version: "2.0.0" },
      games: Object.keys(GAMES),
      players: [2, 3, 4],
      levels: PIPS ? LEVELS.filter((level) => level !== "connections") : LEVELS,
      ...(PIPS ? { places: FORM } : {}),
      selfplay: ["hand", "match"],
      selfplay_deals: true,
    });
  } else if (message.type === "run") {
    let reply;
    try {
      reply = answer(message.request);
      if (PIPS) reply = inPipsForm(reply);
    } catch (e) {
      reply = { error: { kind: "bad-request", message: String(e.message || e) } };
    }
    send({ type: "result", seq: message.seq, reply });
  } else if (message.type === "stop") {
    process.exit(0);
  }
});
