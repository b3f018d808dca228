#!/usr/bin/env node
// A Sorry! engine in JavaScript (Node.js >= 18, no packages) speaking the rulecheck engine
// protocol (docs/protocol.md). Written from docs/protocol.md, the Sorry! specs
// (specs/sorry/*.schema.json, clauses.toml, choices.toml, config.toml, board.json,
// deck.json, scoring.json) and the Dutch rulebook (seeds/sorry.nl.txt), checking doubtful
// cases against `rulecheck serve --game sorry` as a black box.
//
//   rulecheck check --game sorry --engine "cmd:node examples/node-sorry/engine.js"
//
// Every choice of specs/sorry/choices.toml can be asked for in hello; every config key
// (players, colours, first, previous_winner, quick_start, team, points) is implemented.
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

// ------------------------------------------------------------------ data files (specs/sorry)
const SPEC = path.join(__dirname, '..', '..', 'specs', 'sorry');
const readSpec = (name) => JSON.parse(fs.readFileSync(path.join(SPEC, name), 'utf8'));
const BOARD = readSpec('board.json');
const DECKS = readSpec('deck.json');
const SCORING = readSpec('scoring.json');

const LOOP = BOARD.loop; // 60 squares, clockwise = increasing numbers (SRY-CLOCKWISE)
const ZONE = BOARD.safety_length; // 5 safety squares, then HOME (SRY-SAFETY-ZONE)
const SEATING = BOARD.colours; // clockwise seat order (SRY-TURN-ORDER)
const CARD_RANK = new Map(DECKS.order.map((c, i) => [c, i]));

// Squares inside the engine are small integers: the loop is 0..59, a colour's safety
// zone is 100+k (k = 1..5), HOME is 200 and START is -1. They become the wire notation
// ('safety 3', 'home', 'start') only in and out of JSON.
const START = -1;
const HOME = 200;
const safety = (k) => 100 + k;
const onLoop = (q) => q >= 0 && q < LOOP;
const inZone = (q) => q > 100 && q <= 100 + ZONE;

function squareOut(q) {
  if (q === START) return 'start';
  if (q === HOME) return 'home';
  if (inZone(q)) return `safety ${q - 100}`;
  return q;
}
function squareIn(v) {
  if (Number.isInteger(v) && onLoop(v)) return v;
  if (v === 'start') return START;
  if (v === 'home') return HOME;
  const m = typeof v === 'string' ? /^safety ([1-9])$/.exec(v) : null;
  if (m && Number(m[1]) <= ZONE) return safety(Number(m[1]));
  return undefined;
}

// The slide a pawn of colour `who` takes when it lands on `sq`, or null (SRY-SLIDE-*).
function slideAt(sq, who) {
  if (!onLoop(sq)) return null;
  for (const owner of SEATING) {
    for (const [from, to] of BOARD.per_colour[owner].slides) {
      if (from !== sq) continue;
      const ours = owner === who;
      const slides = opt('sorry.slide-colours') === 'own' ? ours : !ours;
      return slides ? { from, to } : null;
    }
  }
  return null;
}
const onSlide = (q, sl) => onLoop(q) && q >= sl.from && q <= sl.to; // slides never cross square 0
const partnerOf = (c) => BOARD.teams.find((t) => t.includes(c)).find((x) => x !== c);

// ------------------------------------------------------------------ choices
const CHOICES = {
  'sorry.deck': ['hasbro-2005', 'first-edition'],
  'sorry.ten-card': ['back-one', 'forward-one'],
  'sorry.draw-again': ['two-only', 'one-and-two'],
  'sorry.slide-colours': ['other', 'own'],
  'sorry.slide-bumps-own': ['yes', 'no'],
  'sorry.start-cards': ['one-two-sorry', 'one-two-only'],
  'sorry.eleven-forfeit': ['optional', 'must-move'],
  'sorry.swap-slide-target': ['no', 'yes'],
  'sorry.points-bonus': ['highest', 'cumulative'],
  'sorry.points-hand-size': ['five', 'seven'],
  'sorry.own-pawn-on-triangle': ['blocks', 'slides'],
};
const reading = Object.fromEntries(Object.entries(CHOICES).map(([id, opts]) => [id, opts[0]]));
const opt = (id) => reading[id];
const handSize = () => (opt('sorry.points-hand-size') === 'seven' ? 7 : 5);
const drawsAgain = (card) => card === '2' || (card === '1' && opt('sorry.draw-again') === 'one-and-two');

function fullDeck() {
  const counts = DECKS.editions[opt('sorry.deck')];
  const out = [];
  for (const c of DECKS.order) for (let i = 0; i < counts[c]; i++) out.push(c);
  return out;
}
const byRank = (a, b) => CARD_RANK.get(a) - CARD_RANK.get(b);
const sorted = (cards) => cards.slice().sort(byRank);

// ------------------------------------------------------------------ errors
class Refusal extends Error {
  constructor(code, message, where) { super(message); this.code = code; this.where = where; }
}
const malformed = (m, where) => new Refusal('malformed', m, where);
const illegal = (m) => new Refusal('illegal-action', m);
const badOutcome = (m) => new Refusal('invalid-outcome', m);
const badConfig = (m, where) => new Refusal('bad-config', m, where);

// ------------------------------------------------------------------ the game in memory
// A game is {seats, team, points, quick, men: Map colour -> [4 squares], drawPile, discards,
// inPlay (card or null), hands (Map colour -> cards, or null), phase, turn, refill, result}.

function cloneGame(g) {
  return {
    ...g,
    men: new Map([...g.men].map(([c, v]) => [c, v.slice()])),
    drawPile: g.drawPile.slice(),
    discards: g.discards.slice(),
    hands: g.hands ? new Map([...g.hands].map(([c, v]) => [c, v.slice()])) : null,
  };
}

function pendingChance(g) {
  if (g.phase === 'draw') return { event: 'draw', draws: [{ pool: g.drawPile.slice(), take: { draw: 1 } }] };
  if (g.phase === 'deal') {
    const take = {};
    for (const c of g.seats) take[c] = handSize();
    return { event: 'deal', draws: [{ pool: g.drawPile.slice(), take }] };
  }
  return null;
}

function toWire(g) {
  const pawns = {};
  for (const c of g.seats) pawns[c] = g.men.get(c).map(squareOut);
  let hands = null;
  if (g.hands) { hands = {}; for (const c of g.seats) hands[c] = g.hands.get(c).slice(); }
  const chance = pendingChance(g);
  return {
    game: 'sorry',
    phase: g.phase,
    turn: g.turn,
    to_move: g.phase === 'over' ? null : chance ? 'chance' : g.turn,
    chance,
    players: g.seats.slice(),
    variant: { team: g.team, points: g.points, quick_start: g.quick },
    pawns,
    card: g.inPlay,
    hands,
    refill: g.refill,
    draw_pile: g.drawPile.slice(),
    discard_pile: g.discards.slice(),
    result: g.result,
  };
}

// ------------------------------------------------------------------ new game (SRY-SETUP and config)
const CONFIG_KEYS = ['players', 'colours', 'first', 'previous_winner', 'quick_start', 'team', 'points'];

function newGame(config) {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) throw badConfig('config must be an object such as {"players": 3}', 'config');
  for (const k of Object.keys(config)) {
    if (!CONFIG_KEYS.includes(k)) throw badConfig(`no such config key ${JSON.stringify(k)} (known: ${CONFIG_KEYS.join(', ')})`, `config/${k}`);
  }
  const flag = (k, dflt) => {
    if (config[k] === undefined) return dflt;
    if (typeof config[k] !== 'boolean') throw badConfig(`${k} is true or false, not ${JSON.stringify(config[k])}`, `config/${k}`);
    return config[k];
  };
  let seats;
  if (config.colours !== undefined) {
    const cs = config.colours;
    if (!Array.isArray(cs) || cs.some((c) => !SEATING.includes(c))) throw badConfig(`colours is a list of red, blue, yellow, green; got ${JSON.stringify(cs)}`, 'config/colours');
    if (new Set(cs).size !== cs.length) throw badConfig('each colour can be chosen by one player only', 'config/colours');
    if (cs.length < 2 || cs.length > 4) throw badConfig(`Sorry! is for 2-4 players; ${cs.length} colours named`, 'config/colours');
    if (config.players !== undefined && config.players !== cs.length) throw badConfig(`players=${JSON.stringify(config.players)} disagrees with the ${cs.length} colours named`, 'config/players');
    seats = SEATING.filter((c) => cs.includes(c));
  } else {
    const n = config.players;
    if (n === undefined) throw badConfig('say how many play: "players" (2-4) or "colours"', 'config');
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 2 || n > 4) throw badConfig(`Sorry! is for 2-4 players, not ${JSON.stringify(n)}`, 'config/players');
    seats = SEATING.slice(0, n);
  }
  const team = flag('team', false);
  const points = flag('points', false);
  const quick = flag('quick_start', points);
  if (team && seats.length !== 4) throw badConfig('team play needs all four colours', 'config/team');
  if (team && points) throw badConfig('team play and points play do not combine', 'config');
  if (config.first !== undefined && config.previous_winner !== undefined) throw badConfig('name the starting player once: first or previous_winner', 'config');
  let turn = 0;
  for (const k of ['first', 'previous_winner']) {
    const v = config[k];
    if (v === undefined) continue;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < seats.length) turn = v;
    else if (typeof v === 'string' && seats.includes(v)) turn = seats.indexOf(v);
    else throw badConfig(`${k} must be a seat index or a colour in play (${seats.join(', ')}); got ${JSON.stringify(v)}`, `config/${k}`);
  }
  const men = new Map(seats.map((c) => [c, quick ? [BOARD.per_colour[c].start_exit, START, START, START] : [START, START, START, START]]));
  return {
    seats, team, points, quick, men,
    drawPile: fullDeck(), discards: [], inPlay: null,
    hands: points ? new Map(seats.map((c) => [c, []])) : null,
    phase: points ? 'deal' : 'draw', turn, refill: null, result: null,
  };
}

// ------------------------------------------------------------------ moving pawns
// forward/backward count from square q for a pawn of colour c; null when impossible.
function stepForward(c, q, n) {
  if (q === START || q === HOME) return null;
  const turnSq = BOARD.per_colour[c].safety_turn;
  for (let i = 0; i < n; i++) {
    if (q === HOME) return null; // HOME by exact count (SRY-HOME-EXACT)
    if (q === turnSq) q = safety(1);
    else if (inZone(q)) q = q === safety(ZONE) ? HOME : q + 1;
    else q = (q + 1) % LOOP;
  }
  return q;
}
function stepBackward(c, q, n) {
  if (q === START || q === HOME) return null; // SRY-BACKWARD
  const turnSq = BOARD.per_colour[c].safety_turn;
  for (let i = 0; i < n; i++) {
    if (inZone(q)) q = q === safety(1) ? turnSq : q - 1; // backing out (SRY-SAFETY-BACKWARD)
    else q = (q + LOOP - 1) % LOOP;
  }
  return q;
}

const pawnName = (c, i) => `${c} ${i + 1}`;
const occupant = (g, sq, c) => { // [colour, index] of the pawn on sq (zone squares: of colour c)
  if (sq === START || sq === HOME) return null;
  const colours = inZone(sq) ? [c] : g.seats;
  for (const k of colours) {
    const i = g.men.get(k).indexOf(sq);
    if (i >= 0) return [k, i];
  }
  return null;
};
const sendHome = (g, c, i) => { g.men.get(c)[i] = START; };

// Put pawn (c, i) on `land` (already removed from its square) with landing, bumping and
// sliding. Returns {to, slide} or null when the landing is not allowed.
function land(g, c, i, landSq) {
  const sl = slideAt(landSq, c);
  const there = occupant(g, landSq, c);
  if (there && there[0] === c) {
    // SRY-OWN-PAWN-BLOCKS; on a triangle the reading sorry.own-pawn-on-triangle decides
    if (!(sl && opt('sorry.own-pawn-on-triangle') === 'slides')) return null;
  }
  if (!sl) {
    if (there) sendHome(g, there[0], there[1]); // SRY-BUMP
    g.men.get(c)[i] = landSq;
    return { to: landSq };
  }
  const spare = opt('sorry.slide-bumps-own') === 'no';
  const endBy = occupant(g, sl.to, c);
  if (spare && endBy && endBy[0] === c) return null; // a slide may not end on an own pawn then
  for (const k of g.seats) {
    const row = g.men.get(k);
    for (let j = 0; j < 4; j++) {
      if (k === c && j === i) continue;
      if (!onSlide(row[j], sl)) continue;
      if (k === c && spare) continue;
      row[j] = START; // SRY-SLIDE-BUMP
    }
  }
  g.men.get(c)[i] = sl.to;
  return { to: sl.to, slide: landSq };
}

// One pawn movement of a move action: returns the step object or null.
function moveOne(g, c, i, target) {
  const from = g.men.get(c)[i];
  g.men.get(c)[i] = null; // lifted while it lands
  const r = land(g, c, i, target);
  if (!r) { g.men.get(c)[i] = from; return null; }
  const step = { pawn: pawnName(c, i), from: squareOut(from), to: squareOut(r.to) };
  if (r.slide !== undefined) step.slide = r.slide;
  return step;
}

// ------------------------------------------------------------------ legal actions
const moverColours = (g, c) => (g.team ? [c, partnerOf(c)] : [c]);
const isOpponent = (g, mine, theirs) => (g.team ? partnerOf(mine) !== theirs && mine !== theirs : mine !== theirs);

function eachPawnOnBoard(g, colours, fn) {
  for (const c of colours) g.men.get(c).forEach((q, i) => { if (q !== START && q !== HOME) fn(c, i, q); });
}

// the moves of a single card for the player to move: [{action, after}]
function cardOptions(g, card) {
  const me = g.seats[g.turn];
  const mine = moverColours(g, me);
  const out = [];
  const single = (c, i, target) => {
    if (target === null) return;
    const h = cloneGame(g);
    const step = moveOne(h, c, i, target);
    if (step) out.push({ action: { type: 'move', player: g.turn, card, moves: [step] }, after: h });
  };
  const counts = { 1: 1, 2: 2, 3: 3, 5: 5, 8: 8, 12: 12 };
  if (card === '1' || card === '2') { // SRY-START-ONE, SRY-START-TWO, SRY-TEAM-START
    for (const c of mine) {
      const i = g.men.get(c).indexOf(START);
      if (i >= 0) single(c, i, BOARD.per_colour[c].start_exit);
    }
  }
  if (counts[card] !== undefined) eachPawnOnBoard(g, mine, (c, i, q) => single(c, i, stepForward(c, q, counts[card])));
  if (card === '4') eachPawnOnBoard(g, mine, (c, i, q) => single(c, i, stepBackward(c, q, 4)));
  if (card === '10') { // SRY-CARD-10
    eachPawnOnBoard(g, mine, (c, i, q) => single(c, i, stepForward(c, q, 10)));
    const one = opt('sorry.ten-card') === 'forward-one' ? stepForward : stepBackward;
    eachPawnOnBoard(g, mine, (c, i, q) => single(c, i, one(c, q, 1)));
  }
  if (card === '11') { // SRY-CARD-11
    eachPawnOnBoard(g, mine, (c, i, q) => single(c, i, stepForward(c, q, 11)));
    eachPawnOnBoard(g, mine, (c, i, q) => {
      if (!onLoop(q)) return;
      for (const k of g.seats) {
        if (!isOpponent(g, me, k)) continue;
        g.men.get(k).forEach((t, j) => { if (onLoop(t)) out.push(swapOption(g, card, c, i, k, j)); });
      }
    });
  }
  if (card === 'sorry' && opt('sorry.start-cards') === 'one-two-sorry') { // SRY-SORRY-CARD
    for (const c of mine) {
      const i = g.men.get(c).indexOf(START);
      if (i < 0) continue;
      for (const k of g.seats) {
        if (k === c || (!g.team && !isOpponent(g, me, k))) continue; // SRY-TEAM-SORRY-PARTNER
        g.men.get(k).forEach((t, j) => { if (onLoop(t)) out.push(sorryOption(g, c, i, k, j)); });
      }
    }
  }
  if (card === '7') sevens(g, mine, out);
  return out.filter(Boolean);
}

function swapOption(g, card, c, i, k, j) {
  const h = cloneGame(g);
  const mineSq = h.men.get(c)[i];
  const theirSq = h.men.get(k)[j];
  h.men.get(k)[j] = mineSq;
  h.men.get(c)[i] = null;
  const r = land(h, c, i, theirSq); // SRY-SWAP-SLIDE; never blocked: the square was the target's
  if (!r) return null;
  if (opt('sorry.swap-slide-target') === 'yes' && h.men.get(k)[j] === mineSq && slideAt(mineSq, k)) {
    h.men.get(k)[j] = null;
    if (!land(h, k, j, mineSq)) return null;
  }
  const to = squareOut(h.men.get(c)[i]);
  return { action: { type: 'swap', player: g.turn, card, pawn: pawnName(c, i), from: squareOut(mineSq), target: pawnName(k, j), to }, after: h };
}

function sorryOption(g, c, i, k, j) {
  const h = cloneGame(g);
  const sq = h.men.get(k)[j];
  h.men.get(c)[i] = null;
  const r = land(h, c, i, sq); // the target is bumped by the landing, then the slide
  if (!r) return null;
  return { action: { type: 'sorry', player: g.turn, card: 'sorry', pawn: pawnName(c, i), from: 'start', target: pawnName(k, j), to: squareOut(r.to) }, after: h };
}

// order in which a same-position split is written: own colour first, then pawn number
function pawnRank(g, c, i) { return (c === g.seats[g.turn] ? 0 : 4) + i; }
const samePawns = (a, b) => [...a.men].every(([c, v]) => v.every((q, i) => q === b.men.get(c)[i]));

function sevens(g, mine, out) { // SRY-CARD-7, SRY-TEAM-SEVEN, SRY-SEVEN-HOME-SPLIT
  const card = '7';
  const pawns = [];
  eachPawnOnBoard(g, mine, (c, i, q) => pawns.push([c, i, q]));
  for (const [c, i, q] of pawns) {
    const t = stepForward(c, q, 7);
    if (t === null) continue;
    const h = cloneGame(g);
    const step = moveOne(h, c, i, t);
    if (step) out.push({ action: { type: 'move', player: g.turn, card, moves: [step] }, after: h });
  }
  const split = (a, b, na) => { // pawn a moves na first, then pawn b the rest
    const [ca, ia, qa] = a;
    const [cb, ib, qb] = b;
    const ta = stepForward(ca, qa, na);
    if (ta === null) return null;
    const h = cloneGame(g);
    const s1 = moveOne(h, ca, ia, ta);
    if (!s1 || h.men.get(cb)[ib] !== qb) return null;
    const tb = stepForward(cb, qb, 7 - na);
    if (tb === null) return null;
    const s2 = moveOne(h, cb, ib, tb);
    if (!s2) return null;
    return { action: { type: 'move', player: g.turn, card, moves: [s1, s2] }, after: h };
  };
  for (let x = 0; x < pawns.length; x++) {
    for (let y = x + 1; y < pawns.length; y++) {
      const [a, b] = pawnRank(g, pawns[x][0], pawns[x][1]) < pawnRank(g, pawns[y][0], pawns[y][1]) ? [pawns[x], pawns[y]] : [pawns[y], pawns[x]];
      for (let na = 1; na <= 6; na++) {
        const ab = split(a, b, na);
        const ba = split(b, a, 7 - na);
        if (ab) out.push(ab);
        if (ba && !(ab && samePawns(ab.after, ba.after))) out.push(ba);
      }
    }
  }
}

// may a card be given up? (SRY-MUST-MOVE, SRY-ELEVEN-FORFEIT)
function mayForfeit(card, options) {
  if (options.length === 0) return true;
  return card === '11' && opt('sorry.eleven-forfeit') === 'optional' && options.every((o) => o.action.type === 'swap');
}

function choicesOf(g) { // every legal player action with its successor position
  if (g.phase !== 'play') return [];
  if (!g.points) {
    const options = cardOptions(g, g.inPlay);
    if (mayForfeit(g.inPlay, options)) options.push({ action: { type: 'forfeit', player: g.turn, card: g.inPlay }, after: null });
    return options;
  }
  const all = [];
  let stuck = true; // SRY-POINTS-DISCARD: only when no card of the hand forces a move
  for (const card of new Set(g.hands.get(g.seats[g.turn]))) {
    const options = cardOptions(g, card);
    if (!mayForfeit(card, options)) stuck = false;
    all.push(...options);
  }
  if (stuck) for (const card of new Set(g.hands.get(g.seats[g.turn]))) all.push({ action: { type: 'forfeit', player: g.turn, card }, after: null });
  return all;
}

// ------------------------------------------------------------------ after a move
function homeAll(g, c) { return g.men.get(c).every((q) => q === HOME); }

function finish(g, winners) {
  g.phase = 'over';
  g.result = { winners };
  if (g.points) { // SRY-POINTS-SCORE, SRY-POINTS-WINNER-BONUS
    const home = (c) => g.men.get(c).filter((q) => q === HOME).length;
    const scores = {};
    for (const c of g.seats) scores[c] = SCORING.per_pawn_home * home(c);
    const w = winners[0];
    const others = g.seats.filter((c) => c !== w);
    scores[w] += SCORING.per_opponent_pawn_not_home * others.reduce((s, c) => s + 4 - home(c), 0);
    const most = Math.max(...others.map(home));
    const bonus = Object.entries(SCORING.bonus_max_opponent_home).filter(([m]) => most <= Number(m)).map(([, v]) => v);
    if (bonus.length) scores[w] += opt('sorry.points-bonus') === 'cumulative' ? bonus.reduce((s, v) => s + v, 0) : Math.max(...bonus);
    g.result = { winners, scores };
  }
}

function winnersOf(g) {
  if (g.team) {
    const t = BOARD.teams.find((pair) => pair.every((c) => homeAll(g, c)));
    return t ? g.seats.filter((c) => t.includes(c)) : null; // SRY-TEAM-WIN
  }
  const w = g.seats.find((c) => homeAll(g, c)); // SRY-WIN
  return w ? [w] : null;
}

function afterPlay(g, card) {
  g.discards = sorted([...g.discards, card]);
  g.inPlay = null;
  const w = winnersOf(g);
  if (w) { finish(g, w); return g; }
  if (g.drawPile.length === 0) { g.drawPile = g.discards; g.discards = []; } // SRY-RESHUFFLE
  const mover = g.turn;
  const next = drawsAgain(card) ? mover : (mover + 1) % g.seats.length; // SRY-TWO-DRAW-AGAIN
  if (g.points) g.refill = mover; // SRY-POINTS-PLAY: the hand is refilled before the next turn
  g.turn = next;
  g.phase = 'draw';
  return g;
}

// ------------------------------------------------------------------ apply
const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);

function canon(x) {
  if (Array.isArray(x)) return `[${x.map(canon).join(',')}]`;
  if (isObj(x)) return `{${Object.keys(x).sort().map((k) => `${JSON.stringify(k)}:${canon(x[k])}`).join(',')}}`;
  return JSON.stringify(x);
}

function checkActionShape(a) {
  if (!isObj(a) || typeof a.type !== 'string') throw malformed('an action is an object with a string "type"', 'action');
  const keys = { move: ['type', 'player', 'card', 'moves'], swap: ['type', 'player', 'card', 'pawn', 'from', 'target', 'to'], sorry: ['type', 'player', 'card', 'pawn', 'from', 'target', 'to'], forfeit: ['type', 'player', 'card'] }[a.type];
  if (!keys) throw malformed(`Sorry! has no action of type ${JSON.stringify(a.type)}`, 'action/type');
  for (const k of Object.keys(a)) if (!keys.includes(k)) throw malformed(`a ${a.type} action has no field ${JSON.stringify(k)}`, `action/${k}`);
  for (const k of keys) if (!(k in a)) throw malformed(`a ${a.type} action needs ${JSON.stringify(k)}`, `action/${k}`);
  if (!(Number.isInteger(a.player) && a.player >= 0 && a.player <= 3)) throw malformed('player is a seat number 0-3', 'action/player');
  if (!CARD_RANK.has(a.card)) throw malformed(`${JSON.stringify(a.card)} is not a Sorry! card (1, 2, 3, 4, 5, 7, 8, 10, 11, 12, sorry)`, 'action/card');
  const pawnOk = (p) => typeof p === 'string' && /^(red|blue|yellow|green) [1-4]$/.test(p);
  const sqOk = (q) => squareIn(q) !== undefined;
  if (a.type === 'move') {
    if (!Array.isArray(a.moves) || a.moves.length < 1 || a.moves.length > 2) throw malformed('moves lists one or two pawn movements', 'action/moves');
    a.moves.forEach((m, n) => {
      if (!isObj(m) || !pawnOk(m.pawn) || !sqOk(m.from) || !sqOk(m.to)) throw malformed('a pawn movement is {"pawn": "red 1", "from": square, "to": square}', `action/moves/${n}`);
      for (const k of Object.keys(m)) if (!['pawn', 'from', 'to', 'slide'].includes(k)) throw malformed(`a pawn movement has no field ${JSON.stringify(k)}`, `action/moves/${n}/${k}`);
      if ('slide' in m && !(Number.isInteger(m.slide) && onLoop(m.slide))) throw malformed('slide is a loop square 0-59', `action/moves/${n}/slide`);
    });
  } else if (a.type !== 'forfeit') {
    if (a.card !== '11' && a.card !== 'sorry') throw malformed('a swap or Sorry! action is played with an 11 or a Sorry! card', 'action/card');
    if (!pawnOk(a.pawn) || !pawnOk(a.target) || !sqOk(a.from) || !sqOk(a.to)) throw malformed('pawn, target are pawn names and from, to squares', 'action');
  }
}

function applyChance(g, a) {
  if (!Array.isArray(a.outcome)) throw malformed('a chance action carries an "outcome" list', 'action/outcome');
  for (const part of a.outcome) {
    if (!isObj(part)) throw malformed('each outcome entry is an object of recipient -> items', 'action/outcome');
    for (const items of Object.values(part)) {
      if (!Array.isArray(items) || items.some((x) => x === null || typeof x === 'object')) throw malformed('each recipient gets a list of scalar items', 'action/outcome');
    }
  }
  const ch = pendingChance(g);
  if (!ch) throw badOutcome(g.phase === 'over' ? 'the game is over: nothing is drawn' : `nothing is to be drawn: ${g.seats[g.turn]} has to play`);
  if (a.outcome.length !== ch.draws.length) throw malformed(`the outcome has ${a.outcome.length} entries; this event has ${ch.draws.length} draw`, 'action/outcome');
  if (a.event !== ch.event) throw badOutcome(`the pending event is ${ch.event}, not ${JSON.stringify(a.event)}`);
  const got = a.outcome[0];
  const want = ch.draws[0].take;
  const names = Object.keys(got).sort();
  if (canon(names) !== canon(Object.keys(want).sort())) throw badOutcome(`recipients must be exactly ${Object.keys(want).join(', ')}`);
  const left = g.drawPile.slice();
  for (const r of names) {
    if (got[r].length !== want[r]) throw badOutcome(`${r} takes ${want[r]} card(s), not ${got[r].length}`);
    for (const card of got[r]) {
      const at = left.indexOf(card);
      if (at < 0) throw badOutcome(`${JSON.stringify(card)} is not (or no more) in the draw pile`);
      left.splice(at, 1);
    }
  }
  const h = cloneGame(g);
  h.drawPile = left;
  if (g.phase === 'deal') { // SRY-POINTS-DEAL
    for (const c of h.seats) h.hands.set(c, sorted(got[c]));
  } else if (h.points) { // SRY-POINTS-PLAY: the refill
    const c = h.seats[h.refill];
    h.hands.set(c, sorted([...h.hands.get(c), got.draw[0]]));
    h.refill = null;
  } else h.inPlay = got.draw[0]; // SRY-DRAW-PILE
  h.phase = 'play';
  return h;
}

function applyAction(g, a) {
  if (isObj(a) && a.type === 'chance') {
    if (typeof a.event !== 'string' || !('outcome' in a)) throw malformed('a chance action has "event" and "outcome"', 'action');
    return applyChance(g, a);
  }
  checkActionShape(a);
  if (g.phase === 'over') throw illegal('the game is over');
  if (g.phase !== 'play') throw illegal(`waiting for the ${g.phase === 'deal' ? 'deal' : 'draw'}: send the chance outcome first`);
  if (a.player !== g.turn) throw illegal(`it is ${g.seats[g.turn]}'s turn (player ${g.turn}), not player ${a.player}'s`);
  if (g.points && !g.hands.get(g.seats[g.turn]).includes(a.card)) throw illegal(`${g.seats[g.turn]} holds no ${a.card}`);
  if (!g.points && a.card !== g.inPlay) throw illegal(`the card in play is ${g.inPlay}, not ${a.card}`);
  const key = canon(a);
  const hit = choicesOf(g).find((o) => canon(o.action) === key);
  if (!hit) throw illegal(`that ${a.type} is not allowed with this ${a.card}`);
  const h = hit.after ? hit.after : cloneGame(g);
  if (g.points) {
    const hand = h.hands.get(g.seats[g.turn]).slice();
    hand.splice(hand.indexOf(a.card), 1);
    h.hands.set(g.seats[g.turn], hand);
  }
  return afterPlay(h, a.card);
}

// ------------------------------------------------------------------ reading a state (load)
const STATE_KEYS = ['game', 'players', 'variant', 'pawns', 'draw_pile', 'discard_pile', 'card', 'hands', 'phase', 'turn', 'refill', 'to_move', 'chance', 'result'];

function pileIn(x, where) {
  if (!Array.isArray(x) || x.some((c) => !CARD_RANK.has(c))) throw malformed('a pile is a list of card names', where);
  if (canon(x) !== canon(sorted(x))) throw malformed('cards are listed in canonical order (1, 2, 3, 4, 5, 7, 8, 10, 11, 12, sorry)', where);
  return x.slice();
}

function fromWire(s) {
  if (!isObj(s)) throw malformed('a state is a JSON object', 'state');
  for (const k of Object.keys(s)) if (!STATE_KEYS.includes(k)) throw malformed(`a Sorry! state has no field ${JSON.stringify(k)}`, `state/${k}`);
  for (const k of STATE_KEYS) if (!(k in s)) throw malformed(`the state lacks ${JSON.stringify(k)}`, `state/${k}`);
  if (s.game !== 'sorry') throw malformed('this engine reads Sorry! states only', 'state/game');
  const seats = s.players;
  if (!Array.isArray(seats) || seats.length < 2 || seats.length > 4 || seats.some((c) => !SEATING.includes(c)) || new Set(seats).size !== seats.length) throw malformed('players lists 2-4 different colours', 'state/players');
  if (canon(seats) !== canon(SEATING.filter((c) => seats.includes(c)))) throw malformed('players sit clockwise: red, blue, yellow, green', 'state/players');
  const v = s.variant;
  if (!isObj(v) || Object.keys(v).length !== 3 || ['team', 'points', 'quick_start'].some((k) => typeof v[k] !== 'boolean')) throw malformed('variant is {team, points, quick_start} booleans', 'state/variant');
  if (v.team && (seats.length !== 4 || v.points)) throw malformed('team play is a four-player game without points', 'state/variant');
  if (!isObj(s.pawns) || canon(Object.keys(s.pawns).sort()) !== canon(seats.slice().sort())) throw malformed('pawns has one entry per colour in play', 'state/pawns');
  const men = new Map();
  for (const c of seats) {
    const row = s.pawns[c];
    if (!Array.isArray(row) || row.length !== 4) throw malformed(`${c} has four pawns`, `state/pawns/${c}`);
    men.set(c, row.map((q, i) => {
      const sq = squareIn(q);
      if (sq === undefined) throw malformed(`${JSON.stringify(q)} is not a square`, `state/pawns/${c}/${i}`);
      return sq;
    }));
  }
  const seen = new Map();
  for (const c of seats) men.get(c).forEach((q, i) => { // SRY-BUMP: never two pawns on one square
    if (q === START || q === HOME) return;
    const where = inZone(q) ? `${c}:${q}` : String(q);
    if (seen.has(where)) throw malformed(`${pawnName(c, i)} and ${seen.get(where)} stand on the same square`, `state/pawns/${c}/${i}`);
    seen.set(where, pawnName(c, i));
  });
  const drawPile = pileIn(s.draw_pile, 'state/draw_pile');
  const discards = pileIn(s.discard_pile, 'state/discard_pile');
  if (s.card !== null && !CARD_RANK.has(s.card)) throw malformed('card is a card name or null', 'state/card');
  let hands = null;
  if (v.points) {
    if (!isObj(s.hands) || canon(Object.keys(s.hands).sort()) !== canon(seats.slice().sort())) throw malformed('points play: hands has one pile per colour in play', 'state/hands');
    hands = new Map(seats.map((c) => [c, pileIn(s.hands[c], `state/hands/${c}`)]));
  } else if (s.hands !== null) throw malformed('hands is null outside points play', 'state/hands');
  const all = sorted([...drawPile, ...discards, ...(s.card === null ? [] : [s.card]), ...(hands ? [...hands.values()].flat() : [])]);
  if (canon(all) !== canon(fullDeck())) throw malformed(`the piles, the card in play and the hands do not make up the ${opt('sorry.deck')} deck`, 'state'); // SRY-DECK
  const n = seats.length;
  if (!(Number.isInteger(s.turn) && s.turn >= 0 && s.turn < n)) throw malformed(`turn is a seat 0-${n - 1}`, 'state/turn');
  if (!(s.refill === null || (Number.isInteger(s.refill) && s.refill >= 0 && s.refill < n))) throw malformed(`refill is null or a seat 0-${n - 1}`, 'state/refill');
  if (!['deal', 'draw', 'play', 'over'].includes(s.phase)) throw malformed('phase is deal, draw, play or over', 'state/phase');
  const g = { seats, team: v.team, points: v.points, quick: v.quick_start, men, drawPile, discards, inPlay: s.card, hands, phase: s.phase, turn: s.turn, refill: s.refill, result: null };
  const fail = (m, where) => { throw malformed(m, where); };
  const full = hands ? [...hands.values()].map((h) => h.length) : [];
  if (g.phase === 'deal') {
    if (!g.points || full.some((k) => k !== 0)) fail('only a points game is dealt, to empty hands', 'state/phase');
  } else if (g.points && g.phase !== 'over') {
    seats.forEach((c, i) => {
      const want = handSize() - (g.phase === 'draw' && g.refill === i ? 1 : 0);
      if (hands.get(c).length !== want) fail(`${c}'s hand holds ${hands.get(c).length} cards, not ${want}`, `state/hands/${c}`);
    });
  }
  if ((g.phase === 'play' && !g.points) !== (g.inPlay !== null)) fail('card is the drawn card while it is played, else null', 'state/card');
  if ((g.points && g.phase === 'draw') !== (g.refill !== null)) fail('refill names the hand a points-play draw refills, else null', 'state/refill');
  if (g.phase === 'draw' && drawPile.length === 0) fail('a pending draw needs a card in the draw pile', 'state/draw_pile');
  const winners = winnersOf(g);
  if (g.phase === 'over') {
    if (!winners) fail('the game is over but nobody has every pawn HOME', 'state/phase');
    finish(g, winners);
  } else if (winners) fail(`${winners.join(' and ')} already won: the phase is over`, 'state/phase');
  const back = toWire(g);
  for (const k of ['to_move', 'chance', 'result']) {
    if (canon(back[k]) !== canon(s[k])) fail(`${k} does not fit the rest of the state: expected ${canon(back[k])}`, `state/${k}`);
  }
  return g;
}

// ------------------------------------------------------------------ observation (SRY-POINTS-PLAY)
function observe(g, player) {
  if (!(Number.isInteger(player) && player >= 0 && player < g.seats.length)) throw malformed(`player ${JSON.stringify(player)} does not play here (0-${g.seats.length - 1})`, 'player');
  const w = toWire(g);
  if (!g.points) return w;
  const me = g.seats[player];
  const hands = {};
  for (const c of g.seats) hands[c] = c === me ? g.hands.get(c).slice() : g.hands.get(c).length;
  return { ...w, hands, draw_pile: g.drawPile.length, chance: w.chance ? { event: w.chance.event, hidden: true } : null };
}

// ------------------------------------------------------------------ the protocol loop
const OPS = ['load', 'chance', 'observe', 'apply-legal'];

function stateOf(req) {
  if (!('state' in req)) throw malformed(`${req.op} needs a state`, 'state');
  return fromWire(req.state);
}

function answer(req) {
  switch (req.op) {
    case 'new':
      if (req.game !== undefined && req.game !== 'sorry') throw badConfig(`this engine plays sorry only, not ${JSON.stringify(req.game)}`, 'game');
      return { state: toWire(newGame(req.config === undefined ? {} : req.config)) };
    case 'legal': return { actions: choicesOf(stateOf(req)).map((o) => o.action) };
    case 'apply': {
      const g = stateOf(req);
      if (!('action' in req)) throw malformed('apply needs an action', 'action');
      const next = applyAction(g, req.action);
      const out = { state: toWire(next) };
      if (req.legal === true) out.actions = choicesOf(next).map((o) => o.action);
      return out;
    }
    case 'load': return { state: toWire(stateOf(req)) };
    case 'chance': return { chance: pendingChance(stateOf(req)) };
    case 'observe': return { observation: observe(stateOf(req), req.player) };
    default: throw malformed(`no op ${JSON.stringify(req.op)} here (hello, new, legal, apply, batch, load, chance, observe)`, 'op');
  }
}

function errorBody(e) {
  if (e instanceof Refusal) return e.where ? { code: e.code, message: e.message, path: e.where } : { code: e.code, message: e.message };
  process.stderr.write(`${e && e.stack ? e.stack : e}\n`);
  return { code: 'internal', message: `engine bug: ${e && e.message ? e.message : e}` };
}

function hello(req) {
  const asked = req.choices === undefined ? {} : req.choices;
  if (!isObj(asked)) throw malformed('choices is an object of choice id -> option', 'choices');
  for (const [id, o] of Object.entries(asked)) {
    if (!CHOICES[id] || !CHOICES[id].includes(o)) throw new Refusal('unknown-choice', `unknown reading ${id}=${o}; known: ${Object.entries(CHOICES).map(([k, os]) => `${k} (${os.join('|')})`).join(', ')}`);
  }
  Object.assign(reading, asked);
  return {
    protocol: 1, name: 'node-sorry', version: '0.1', games: ['sorry'],
    ops: OPS, config: CONFIG_KEYS.slice(), choices: { ...reading },
  };
}

function handle(req) {
  const id = isObj(req) && (typeof req.id === 'number' || typeof req.id === 'string') ? req.id : null;
  try {
    if (!isObj(req)) throw malformed('a request is a JSON object');
    if (id === null) throw malformed('a request carries an id (a number or a string)', 'id');
    if (req.op === 'hello') return { id, ...hello(req) };
    if (req.op === 'batch') {
      if (!Array.isArray(req.requests)) throw malformed('batch carries a list "requests"', 'requests');
      const responses = req.requests.map((sub) => {
        try {
          if (!isObj(sub) || sub.op === 'hello' || sub.op === 'batch') throw malformed('a sub-request is an object whose op is not hello or batch');
          return answer(sub);
        } catch (e) { return { error: errorBody(e) }; }
      });
      return { id, responses };
    }
    return { id, ...answer(req) };
  } catch (e) {
    return { id, error: errorBody(e) };
  }
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (!line.trim()) return;
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    process.stdout.write(`${JSON.stringify({ id: null, error: { code: 'malformed', message: `not JSON: ${e.message}` } })}\n`);
    return;
  }
  process.stdout.write(`${JSON.stringify(handle(req))}\n`);
});
lines.on('close', () => process.exit(0));
