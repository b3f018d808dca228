// Sorry! board, cards, readings and error codes: the data of specs/sorry (board.json,
// deck.json, scoring.json, choices.toml) and how pawns count squares on the board.
'use strict';

const fs = require('fs');
const path = require('path');

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

// ------------------------------------------------------------------ counting squares
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


const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
// canonical JSON text (keys sorted, no spaces): how actions and states are compared
function canon(x) {
  if (Array.isArray(x)) return `[${x.map(canon).join(',')}]`;
  if (isObj(x)) return `{${Object.keys(x).sort().map((k) => `${JSON.stringify(k)}:${canon(x[k])}`).join(',')}}`;
  return JSON.stringify(x);
}

module.exports = {
  BOARD, SCORING, LOOP, ZONE, SEATING, CARD_RANK, START, HOME, safety, onLoop, inZone, squareOut, squareIn,
  slideAt, onSlide, partnerOf, CHOICES, reading, opt, handSize, drawsAgain, fullDeck, sorted,
  Refusal, malformed, illegal, badOutcome, badConfig, stepForward, stepBackward, isObj, canon,
};
