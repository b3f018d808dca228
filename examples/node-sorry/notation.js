// The Sorry! notation of specs/sorry/state.schema.json and action.schema.json: a game out
// to JSON, a JSON state read back with its consistency checks (load), the shape of an
// action, and what one player may see (observe).
'use strict';

const {
  SEATING, CARD_RANK, START, HOME, inZone, onLoop, squareOut, squareIn, opt, handSize, fullDeck, sorted,
  malformed, isObj, canon,
} = require('./board');
const { pawnName, pendingChance, winnersOf, finish } = require('./rules');

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
  } else if (g.points) { // SRY-POINTS-PLAY: a hand is refilled, never filled beyond its size
    seats.forEach((c, i) => {
      const most = handSize() - (g.phase === 'draw' && g.refill === i ? 1 : 0);
      if (hands.get(c).length > most) fail(`${c}'s hand holds ${hands.get(c).length} cards, more than ${most}`, `state/hands/${c}`);
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

module.exports = { toWire, fromWire, checkActionShape, observe };
