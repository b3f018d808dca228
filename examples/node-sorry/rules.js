// Sorry! rules: a new game, landing, bumping and sliding, the legal actions of a card,
// and what follows a move or a chance outcome. Clause ids are those of specs/sorry/clauses.toml.
'use strict';

const {
  BOARD, SCORING, SEATING, START, HOME, onLoop, inZone, squareOut, slideAt, onSlide, partnerOf,
  opt, handSize, drawsAgain, fullDeck, sorted, illegal, badOutcome, malformed, badConfig,
  stepForward, stepBackward, isObj, canon,
} = require('./board');

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

module.exports = { pawnName, cloneGame, pendingChance, newGame, choicesOf, winnersOf, finish, applyAction, CONFIG_KEYS };
