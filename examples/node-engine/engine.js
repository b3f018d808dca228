#!/usr/bin/env node
// A Dnup engine in JavaScript (Node.js >= 18, no dependencies), speaking the rulecheck
// engine protocol (docs/protocol.md). Written from docs/protocol.md, the Dnup specs
// (specs/dnup/state.schema.json, action.schema.json, clauses.toml, choices.toml,
// parameters.toml, deck.json) and by comparing answers with `rulecheck serve --game dnup`.
//
//   rulecheck check --engine "cmd:node examples/node-engine/engine.js" --game dnup
//
// Choices: dnup.add-conflict = illegal (default) | consequence, asked for in hello.
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

const DECK = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'specs', 'dnup', 'deck.json'), 'utf8')).cards;
const BY_ID = new Map(DECK.map((c) => [c.id, c]));
const START_ID = DECK.find((c) => c.mark === 'start').id;
const CHOICES = { 'dnup.add-conflict': ['illegal', 'consequence'] };
let choices = { 'dnup.add-conflict': 'illegal' };

class RuleError extends Error {
  constructor(code, message, where) { super(message); this.code = code; this.where = where; }
}
const malformed = (m, where) => new RuleError('malformed', m, where);
const illegal = (m) => new RuleError('illegal-action', m);
const invalidOutcome = (m) => new RuleError('invalid-outcome', m);
const badConfig = (m, where) => new RuleError('bad-config', m, where);

// ---------------------------------------------------------------- cards and sets
const byId = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const sortCards = (cards) => cards.slice().sort((x, y) => byId(x[0], y[0]));
const active = (card) => BY_ID.get(card[0]).values[card[1] ? 1 : 0];
const flipAll = (cards) => cards.map(([id, f]) => [id, !f]);
const setValue = (cards) => active(cards[0]);
const copy = (x) => JSON.parse(JSON.stringify(x));

function removedFor(players) {
  const gone = players === 4 ? ['star4'] : players <= 3 ? ['star4', 'star6'] : [];
  return DECK.filter((c) => gone.includes(c.mark)).map((c) => c.id).sort(byId);
}
const inPlay = (s) => DECK.map((c) => c.id).filter((id) => !s.removed.includes(id)).sort(byId);
const areasOf = (s) => (s.players === 2 ? 2 : 1);

// every set on the table: {owner, area, cards}
function tableSets(s) {
  const out = [];
  s.sets.forEach((areas, q) => areas.forEach((cards, a) => { if (cards.length) out.push({ owner: q, area: a + 1, cards }); }));
  return out;
}

// ---------------------------------------------------------------- new game and deal
function newGame(config) {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) throw badConfig('the config is an object, e.g. {"players": 3}');
  for (const k of Object.keys(config)) {
    if (!['players', 'turn_cap', 'deck'].includes(k)) throw badConfig(`unknown config key ${JSON.stringify(k)}; keys: players, turn_cap`, `config/${k}`);
  }
  const n = config.players;
  if (!Number.isInteger(n) || n < 2 || n > 5) throw badConfig(`Dnup is for 2 to 5 players, not ${JSON.stringify(n)}`, 'config/players');
  const cap = config.turn_cap === undefined ? null : config.turn_cap;
  if (cap !== null && !(Number.isInteger(cap) && cap >= 1)) throw badConfig('turn_cap is null or a positive integer', 'config/turn_cap');
  if (config.deck !== undefined && config.deck !== 'assumed') throw badConfig('this engine only knows the assumed deck', 'config/deck');
  const s = {
    game: 'dnup', players: n, deck: 'assumed', removed: removedFor(n), turn_cap: cap, round: 1, turn: 0,
    chance: null, to_move: 'chance', area: null, start_player: null,
    hands: Array.from({ length: n }, () => []),
    sets: Array.from({ length: n }, () => Array.from({ length: n === 2 ? 2 : 1 }, () => [])),
    discard: [], out: [], leaving: null, tokens: Array(n).fill(0), rounds_won: Array(n).fill(0), result: null,
  };
  startRound(s);
  return s;
}

function startRound(s) {
  const cards = inPlay(s);
  const n = s.players;
  const take = {};
  const base = Math.floor(cards.length / n);
  const extra = cards.length % n; // DNP-DEAL: a remainder goes to the first seats
  for (let p = 0; p < n; p++) take[String(p)] = base + (p < extra ? 1 : 0);
  s.hands = s.hands.map(() => []);
  s.sets = s.sets.map((areas) => areas.map(() => []));
  s.discard = cards;
  s.out = [];
  s.leaving = null;
  s.chance = { event: 'deal', draws: [{ pool: cards.slice(), take, orient: true }] };
  s.to_move = 'chance';
  s.area = null;
  s.start_player = null;
}

function applyDeal(s, action) {
  const ch = s.chance;
  const fields = Object.keys(action).sort().join(',');
  if (fields !== 'event,outcome,type') throw malformed('a chance action has exactly the fields type, event, outcome');
  if (action.event !== ch.event) throw invalidOutcome(`the pending chance event is ${JSON.stringify(ch.event)}, not ${JSON.stringify(action.event)}`);
  const outcome = action.outcome;
  if (!Array.isArray(outcome) || outcome.length !== 1) throw malformed("'outcome' must be a list of 1 draw result");
  const got = outcome[0];
  const draw = ch.draws[0];
  if (got === null || typeof got !== 'object' || Array.isArray(got)) throw malformed('a draw result is an object: recipient -> items');
  const want = Object.keys(draw.take).sort();
  if (Object.keys(got).sort().join(',') !== want.join(',')) throw invalidOutcome(`draw 0: expected recipients ${JSON.stringify(want)}, got ${JSON.stringify(Object.keys(got).sort())}`);
  const pool = new Map();
  for (const id of draw.pool) pool.set(id, (pool.get(id) || 0) + 1);
  const hands = s.hands.map(() => []);
  for (const who of want) {
    const items = got[who];
    if (!Array.isArray(items) || items.length !== draw.take[who]) {
      throw invalidOutcome(`draw 0: recipient '${who}' must receive ${draw.take[who]} item(s), got ${Array.isArray(items) ? items.length : JSON.stringify(items)}`);
    }
    for (const it of items) {
      if (!Array.isArray(it) || it.length !== 2 || typeof it[1] !== 'boolean') throw malformed(`draw 0: oriented items are written [item, flipped], got ${JSON.stringify(it)}`);
      if (typeof it[0] !== 'string' && typeof it[0] !== 'number') throw malformed(`draw 0: items are scalars, got ${JSON.stringify(it[0])}`);
      const left = pool.get(it[0]) || 0;
      if (left <= 0) throw invalidOutcome(`draw 0: ['${it[0]}'] cannot be drawn: not in the pool (or drawn more often than it is there)`);
      pool.set(it[0], left - 1);
      hands[Number(who)].push([it[0], it[1]]);
    }
  }
  const t = copy(s);
  t.hands = hands.map(sortCards);
  t.discard = [];
  t.chance = null;
  const holder = t.hands.findIndex((h) => h.some((c) => c[0] === START_ID));
  t.start_player = holder;
  t.to_move = holder; // DNP-START-PLAYER
  t.area = t.players === 2 ? 2 : 1; // DNP-TWO-START
  return t;
}

// ---------------------------------------------------------------- actions
const FIELDS = { play: ['cards', 'player', 'type'], add: ['area', 'card', 'owner', 'player', 'type'], take: ['area', 'owner', 'player', 'type'], flip: ['player', 'type'] };

function parseAction(s, a) {
  if (a === null || typeof a !== 'object' || Array.isArray(a) || typeof a.type !== 'string') throw malformed('an action is an object with a string "type"');
  if (a.type === 'chance') return a;
  const want = FIELDS[a.type];
  if (!want) throw malformed(`unknown action type ${JSON.stringify(a.type)}; types: play, add, take, flip, chance`, 'action/type');
  if (Object.keys(a).sort().join(',') !== want.join(',')) throw malformed(`a ${a.type} action has exactly the fields ${want.join(', ')}`);
  const isPlayer = (x) => Number.isInteger(x) && x >= 0 && x < s.players;
  if (!isPlayer(a.player)) throw malformed(`player ${JSON.stringify(a.player)} is not a seat of this game`, 'action/player');
  if ('owner' in a && !isPlayer(a.owner)) throw malformed(`owner ${JSON.stringify(a.owner)} is not a seat of this game`, 'action/owner');
  if ('area' in a && !(Number.isInteger(a.area) && a.area >= 1 && a.area <= areasOf(s))) throw malformed(`area ${JSON.stringify(a.area)} does not exist (this game has ${areasOf(s) === 2 ? 'areas 1 and 2' : 'area 1 only'})`, 'action/area');
  if ('card' in a && !BY_ID.has(a.card)) throw malformed(`there is no card ${JSON.stringify(a.card)} in the deck`, 'action/card');
  if ('cards' in a) {
    if (!Array.isArray(a.cards) || a.cards.length === 0) throw malformed('cards is a non-empty list of card ids', 'action/cards');
    for (const id of a.cards) if (!BY_ID.has(id)) throw malformed(`there is no card ${JSON.stringify(id)} in the deck`, 'action/cards');
    if (new Set(a.cards).size !== a.cards.length) throw malformed('a card is listed twice', 'action/cards');
  }
  return a;
}

function conflictError(kind, value, size, other) {
  const v2 = setValue(other.cards);
  return illegal(`${kind} of value ${value} and size ${size} must be higher than the set of player ${other.owner} (area ${other.area}) of the same size: ${value} is not higher than ${v2}`);
}

// send beaten sets back to their owners' hands, flipped (or to the discard pile for the player who went out)
function sendBack(t, sets) {
  for (const o of sets) {
    t.sets[o.owner][o.area - 1] = [];
    if (t.out.includes(o.owner)) {
      t.discard = t.discard.concat(o.cards.map((c) => c[0])).sort(byId); // DNP-FIRST-OUT-BEATEN
      if (t.leaving && t.leaving.player === o.owner) t.leaving = null;
    } else {
      t.hands[o.owner] = sortCards(t.hands[o.owner].concat(flipAll(o.cards))); // DNP-A-RETURN
    }
  }
}

function checkPlay(s, p, ids) {
  const hand = s.hands[p];
  const cards = [];
  for (const id of ids) {
    const c = hand.find((x) => x[0] === id);
    if (!c) throw illegal(`player ${p} does not hold ${id}`);
    cards.push(c);
  }
  const v = active(cards[0]);
  if (cards.some((c) => active(c) !== v)) throw illegal(`a set is cards of the same active value; these show ${[...new Set(cards.map(active))].sort((a, b) => a - b).join(' and ')}`);
  const k = cards.length;
  const same = tableSets(s).filter((o) => o.cards.length === k);
  for (const o of same) if (setValue(o.cards) >= v) throw conflictError('a set', v, k, o);
  return { cards: sortCards(cards), beaten: same };
}

function checkAdd(s, p, id, q, area) {
  if (q === p) throw illegal(`player ${p} cannot add a card to their own set`);
  const target = s.sets[q][area - 1];
  if (!target.length) throw illegal(`player ${q} has no set in area ${area}`);
  const c = s.hands[p].find((x) => x[0] === id);
  if (!c) throw illegal(`player ${p} does not hold ${id}`);
  const v = setValue(target);
  if (active(c) !== v) throw illegal(`${id} shows ${active(c)}, not the value of the set (${v})`);
  const k = target.length + 1;
  const others = tableSets(s).filter((o) => o.cards.length === k && !(o.owner === q && o.area === area));
  if (choices['dnup.add-conflict'] === 'illegal') {
    for (const o of others) if (setValue(o.cards) >= v) throw conflictError('the extended set', v, k, o);
    return { card: c, back: others };
  }
  // consequence: the lower set(s) go back; equal sets both stay
  if (others.some((o) => setValue(o.cards) > v)) return { card: c, back: [{ owner: q, area, cards: null }] };
  return { card: c, back: others.filter((o) => setValue(o.cards) < v) };
}

function legalActions(s) {
  if (s.result !== null || s.chance !== null) return [];
  const p = s.to_move;
  const hand = s.hands[p];
  const out = [];
  const groups = new Map();
  for (const c of hand) { const v = active(c); if (!groups.has(v)) groups.set(v, []); groups.get(v).push(c[0]); }
  for (const ids of groups.values()) {
    ids.sort(byId);
    for (let mask = 1; mask < (1 << ids.length); mask++) {
      const pick = ids.filter((_, i) => mask & (1 << i));
      try { checkPlay(s, p, pick); out.push({ type: 'play', player: p, cards: pick }); } catch (e) { if (!(e instanceof RuleError)) throw e; }
    }
  }
  for (const o of tableSets(s)) {
    if (o.owner === p) continue;
    for (const c of hand) {
      try { checkAdd(s, p, c[0], o.owner, o.area); out.push({ type: 'add', player: p, card: c[0], owner: o.owner, area: o.area }); } catch (e) { if (!(e instanceof RuleError)) throw e; }
    }
    out.push({ type: 'take', player: p, owner: o.owner, area: o.area });
  }
  out.push({ type: 'flip', player: p });
  return out;
}

function apply(s, raw) {
  const a = parseAction(s, raw);
  if (s.result !== null) throw illegal('the game is over');
  if (a.type === 'chance') {
    if (s.chance === null) throw invalidOutcome(`no chance event is pending in this state: player ${s.to_move} is to move`);
    return applyDeal(s, a);
  }
  if (s.chance !== null) throw illegal(`a chance event (${s.chance.event}) is pending; the harness supplies its outcome`);
  const p = s.to_move;
  const area = s.area;
  if (a.player !== p) throw illegal(`it is player ${p}'s turn, not player ${a.player}'s`);
  const t = copy(s);
  if (a.type === 'play') { // DNP-ACTION-A
    const { cards, beaten } = checkPlay(s, p, a.cards);
    const ids = new Set(a.cards);
    t.hands[p] = t.hands[p].filter((c) => !ids.has(c[0]));
    sendBack(t, beaten);
    t.sets[p][area - 1] = cards;
  } else if (a.type === 'add') { // DNP-ACTION-B
    const { card, back } = checkAdd(s, p, a.card, a.owner, a.area);
    t.hands[p] = t.hands[p].filter((c) => c[0] !== a.card);
    t.sets[a.owner][a.area - 1] = sortCards(t.sets[a.owner][a.area - 1].concat([card]));
    sendBack(t, back.map((o) => ({ owner: o.owner, area: o.area, cards: t.sets[o.owner][o.area - 1] })));
  } else if (a.type === 'take') { // DNP-ACTION-C
    if (a.owner === p) throw illegal(`player ${p} cannot take their own set`);
    const cards = s.sets[a.owner][a.area - 1];
    if (!cards.length) throw illegal(`player ${a.owner} has no set in area ${a.area}`);
    t.sets[a.owner][a.area - 1] = [];
    t.hands[p] = sortCards(t.hands[p].concat(flipAll(cards)));
    if (t.leaving && t.leaving.player === a.owner) t.leaving = null;
  } else { // flip, DNP-ACTION-D
    t.hands[p] = flipAll(t.hands[p]);
  }
  t.turn += 1;
  if (t.leaving && t.leaving.player !== p) { // DNP-FIRST-OUT-CARDS-STAY
    t.leaving.turns_left -= 1;
    if (t.leaving.turns_left <= 0) {
      const q = t.leaving.player;
      for (let i = 0; i < t.sets[q].length; i++) {
        t.discard = t.discard.concat(t.sets[q][i].map((c) => c[0])).sort(byId);
        t.sets[q][i] = [];
      }
      t.leaving = null;
    }
  }
  if (t.hands[p].length === 0 && (a.type === 'play' || a.type === 'add')) {
    if (goOut(t, p)) return t;
  }
  if (t.chance === null) nextTurn(t, p, area);
  if (t.turn_cap !== null && t.turn >= t.turn_cap) { // DNP-TURN-CAP: the turn passes, then the game stops
    return endGame(t, null, 'turn-cap');
  }
  return t;
}

function endGame(t, winner, reason) {
  t.result = { winner, reason };
  t.to_move = null;
  t.area = null;
  t.chance = null;
  return t;
}

// returns true when the game is over
function goOut(t, p) {
  if (t.players === 2) { // DNP-TWO-ROUND-WIN
    t.rounds_won[p] += 1;
    t.out = [p];
    if (t.rounds_won[p] >= 2) { endGame(t, p, 'rounds'); return true; }
    t.round += 1;
    startRound(t);
    return false;
  }
  if (t.out.length === 0) { // DNP-FIRST-OUT
    t.out = [p];
    t.tokens[p] += 2;
    if (t.sets[p].some((cs) => cs.length)) t.leaving = { player: p, turns_left: t.players - 1 };
    if (t.tokens[p] >= 4) { endGame(t, p, 'letters'); return true; }
    return false;
  }
  t.out = t.out.concat([p]); // DNP-SECOND-OUT
  t.tokens[p] += 1;
  if (t.tokens[p] >= 4) { endGame(t, p, 'letters'); return true; }
  t.round += 1;
  startRound(t);
  return false;
}

function nextTurn(t, p, area) {
  let q = p;
  let a = 1;
  if (t.players === 2) {
    if (area === 1) { a = 2; } else { q = 1 - p; a = 1; }
  } else {
    do { q = (q + 1) % t.players; } while (t.out.includes(q));
  }
  t.to_move = q;
  t.area = a;
  const own = t.sets[q][a - 1]; // DNP-DISCARD-OWN-SET
  if (own.length) {
    t.discard = t.discard.concat(own.map((c) => c[0])).sort(byId);
    t.sets[q][a - 1] = [];
  }
}

// ---------------------------------------------------------------- loading states
const KEYS = ['area', 'chance', 'deck', 'discard', 'game', 'hands', 'leaving', 'out', 'players', 'removed', 'result', 'round', 'rounds_won', 'sets', 'start_player', 'to_move', 'tokens', 'turn', 'turn_cap'];

function load(obj) {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) throw malformed('a state is a JSON object');
  if (obj.game !== 'dnup') throw malformed(`this engine plays dnup, the state is of game ${JSON.stringify(obj.game)}`, 'state/game');
  const keys = Object.keys(obj).sort();
  const missing = KEYS.filter((k) => !(k in obj));
  if (missing.length) throw malformed(`missing field(s) ${missing.join(', ')}`, `state/${missing[0]}`);
  const extra = keys.filter((k) => !KEYS.includes(k));
  if (extra.length) throw malformed(`unknown field(s) ${extra.join(', ')}`, `state/${extra[0]}`);
  const n = obj.players;
  if (!Number.isInteger(n) || n < 2 || n > 5) throw malformed(`players must be 2 to 5, not ${JSON.stringify(n)}`, 'state/players');
  if (obj.deck !== 'assumed') throw malformed('this engine only knows the assumed deck', 'state/deck');
  const isCard = (c) => Array.isArray(c) && c.length === 2 && BY_ID.has(c[0]) && typeof c[1] === 'boolean';
  const where = new Map();
  const place = (id, w) => {
    if (where.has(id)) throw malformed(`card ${id} is in two places: ${where.get(id)} and ${w}`);
    where.set(id, w);
  };
  if (!Array.isArray(obj.removed)) throw malformed('removed is a list of card ids', 'state/removed');
  if (JSON.stringify(obj.removed) !== JSON.stringify(removedFor(n))) throw malformed(`removed must be the cards taken out for ${n} players: ${removedFor(n).join(', ')}`, 'state/removed');
  obj.removed.forEach((id) => place(id, 'removed'));
  if (!Array.isArray(obj.hands) || obj.hands.length !== n) throw malformed('hands: one list per player', 'state/hands');
  obj.hands.forEach((h, p) => {
    if (!Array.isArray(h) || !h.every(isCard)) throw malformed(`hands/${p}: a list of [card id, flipped]`, `state/hands/${p}`);
    h.forEach((c) => place(c[0], `the hand of player ${p}`));
  });
  const areas = n === 2 ? 2 : 1;
  if (!Array.isArray(obj.sets) || obj.sets.length !== n) throw malformed('sets: one entry per player', 'state/sets');
  obj.sets.forEach((ar, p) => {
    if (!Array.isArray(ar) || ar.length !== areas) throw malformed(`sets/${p}: ${areas} area(s)`, `state/sets/${p}`);
    ar.forEach((cs, a) => {
      if (!Array.isArray(cs) || !cs.every(isCard)) throw malformed(`sets/${p}/${a}: a list of [card id, flipped]`, `state/sets/${p}/${a}`);
      cs.forEach((c) => place(c[0], `the set of player ${p} (area ${a + 1})`));
      const vals = [...new Set(cs.map(active))];
      if (vals.length > 1) throw malformed(`the set of player ${p} (area ${a + 1}) shows active values ${vals.sort((x, y) => x - y).join(' and ')}`, `state/sets/${p}/${a}`);
    });
  });
  if (!Array.isArray(obj.discard) || !obj.discard.every((id) => BY_ID.has(id))) throw malformed('discard is a list of card ids', 'state/discard');
  obj.discard.forEach((id) => place(id, 'the discard pile'));
  const nowhere = DECK.map((c) => c.id).filter((id) => !where.has(id));
  if (nowhere.length) throw malformed(`card(s) ${nowhere.join(', ')} are nowhere`);
  const intList = (x, k) => Array.isArray(x) && x.length === n && x.every((v) => Number.isInteger(v) && v >= 0) || (() => { throw malformed(`${k}: one non-negative integer per player`, `state/${k}`); })();
  intList(obj.tokens, 'tokens');
  intList(obj.rounds_won, 'rounds_won');
  if (!Array.isArray(obj.out) || obj.out.length > 2 || !obj.out.every((q) => Number.isInteger(q) && q >= 0 && q < n)) throw malformed('out: up to 2 seats', 'state/out');
  for (const k of ['round', 'turn']) if (!Number.isInteger(obj[k]) || obj[k] < (k === 'round' ? 1 : 0)) throw malformed(`${k} must be an integer`, `state/${k}`);
  if (obj.turn_cap !== null && !(Number.isInteger(obj.turn_cap) && obj.turn_cap >= 1)) throw malformed('turn_cap is null or a positive integer', 'state/turn_cap');
  if (obj.leaving !== null) {
    const l = obj.leaving;
    if (typeof l !== 'object' || !Number.isInteger(l.player) || !Number.isInteger(l.turns_left) || l.turns_left < 1 || Object.keys(l).length !== 2) throw malformed('leaving is null or {player, turns_left}', 'state/leaving');
  }
  if (obj.result !== null) {
    const r = obj.result;
    if (typeof r !== 'object' || !['letters', 'rounds', 'turn-cap'].includes(r.reason) || !(r.winner === null || Number.isInteger(r.winner))) throw malformed('result is null or {winner, reason}', 'state/result');
    if (obj.to_move !== null) throw malformed('the game is over but to_move is not null', 'state/to_move');
    return obj;
  }
  if (obj.chance !== null) {
    if (obj.to_move !== 'chance') throw malformed('a deal is pending, so to_move must be "chance"', 'state/to_move');
    const want = { event: 'deal', draws: startRoundOf(obj) };
    if (JSON.stringify(canon(obj.chance)) !== JSON.stringify(canon(want))) throw malformed('the chance description is not the deal of this round', 'state/chance');
    return obj;
  }
  const p = obj.to_move;
  if (!Number.isInteger(p) || p < 0 || p >= n) throw malformed(`to_move must be a player, "chance" or null; got ${JSON.stringify(p)}`, 'state/to_move');
  if (!(Number.isInteger(obj.area) && obj.area >= 1 && obj.area <= areas)) throw malformed(`area must be ${areas === 2 ? '1 or 2' : '1'}`, 'state/area');
  if (obj.out.includes(p)) throw malformed(`player ${p} is out of the round and cannot be to move`, 'state/to_move');
  if (obj.sets[p][obj.area - 1].length) throw malformed(`player ${p} is to move but still has a set in area ${obj.area}: it is removed when the turn starts (discarding)`, `state/sets/${p}`);
  if (n > 2) {
    const m = Math.max(...obj.tokens);
    if (m >= 4) throw malformed(`a player has ${m} letters: 4 letters end the game`, 'state/tokens');
  } else if (Math.max(...obj.rounds_won) >= 2) throw malformed('a player has won 2 rounds: the game is over', 'state/rounds_won');
  const bySize = new Map();
  for (const o of tableSets(obj)) {
    const k = o.cards.length;
    if (bySize.has(k)) {
      const other = bySize.get(k);
      const equal = setValue(other.cards) === setValue(o.cards);
      if (!(choices['dnup.add-conflict'] === 'consequence' && equal)) {
        throw malformed(`two sets of size ${k} lie on the table: player ${other.owner} (area ${other.area}) and player ${o.owner} (area ${o.area})`, 'state/sets');
      }
    }
    bySize.set(k, o);
  }
  return obj;
}

function startRoundOf(obj) {
  const t = { players: obj.players, removed: obj.removed, hands: obj.hands, sets: obj.sets };
  startRound(t);
  return t.chance.draws;
}

function canon(x) {
  if (Array.isArray(x)) return x.map(canon);
  if (x && typeof x === 'object') { const o = {}; for (const k of Object.keys(x).sort()) o[k] = canon(x[k]); return o; }
  return x;
}

function observe(s, player) {
  if (!Number.isInteger(player) || player < 0 || player >= s.players) throw malformed(`player ${player} is not a seat of this game`, 'player');
  const o = copy(s);
  delete o.discard;
  o.hands = s.hands.map((h, q) => (q === player ? copy(h) : null));
  o.observer = player;
  o.hand_sizes = s.hands.map((h) => h.length);
  o.discard_size = s.discard.length;
  return o;
}

// ---------------------------------------------------------------- the protocol
const OPS = ['hello', 'new', 'legal', 'apply', 'batch', 'load', 'chance', 'observe', 'apply-legal'];

function needState(req) {
  if (!('state' in req)) throw malformed(`${req.op} needs a state`, 'state');
  return load(req.state);
}

function answer(req) {
  switch (req.op) {
    case 'new':
      if (req.game !== 'dnup') throw badConfig(`this engine plays dnup, not ${JSON.stringify(req.game)}`, 'game');
      return { state: newGame(req.config) };
    case 'legal': return { actions: legalActions(needState(req)) };
    case 'apply': {
      if (!('action' in req)) throw malformed('apply needs an action', 'action');
      const next = apply(needState(req), req.action);
      return req.legal ? { state: next, actions: legalActions(next) } : { state: next };
    }
    case 'load': return { state: needState(req) };
    case 'chance': return { chance: needState(req).chance };
    case 'observe': return { observation: observe(needState(req), req.player) };
    default: throw malformed(`unknown op ${JSON.stringify(req.op)}`, 'op');
  }
}

function wireError(e) {
  if (e instanceof RuleError) {
    const err = { code: e.code, message: e.message };
    if (e.where) err.path = e.where;
    return err;
  }
  process.stderr.write(`${e && e.stack ? e.stack : e}\n`);
  return { code: 'internal', message: String(e && e.message ? e.message : e) };
}

function handle(req) {
  const id = req && (typeof req.id === 'number' || typeof req.id === 'string') ? req.id : null;
  try {
    if (req === null || typeof req !== 'object' || Array.isArray(req)) throw malformed('a request is a JSON object');
    if (id === null) throw malformed('a request needs an id (an integer or a string)');
    if (req.op === 'hello') {
      if (req.choices) {
        for (const [cid, opt] of Object.entries(req.choices)) {
          if (!CHOICES[cid] || !CHOICES[cid].includes(opt)) throw new RuleError('unknown-choice', `this engine has no choice ${cid}=${opt}; it has: dnup.add-conflict = illegal | consequence`);
        }
        choices = { ...choices, ...req.choices };
      }
      return { id, protocol: 1, name: 'node-dnup', version: '0.1', games: ['dnup'], choices, ops: OPS, config: ['players', 'turn_cap'] };
    }
    if (req.op === 'batch') {
      if (!Array.isArray(req.requests)) throw malformed('batch needs a list of requests', 'requests');
      return {
        id,
        responses: req.requests.map((sub) => {
          try {
            if (sub === null || typeof sub !== 'object' || sub.op === 'hello' || sub.op === 'batch') throw malformed('a sub-request is an object with an op other than hello and batch');
            return answer(sub);
          } catch (e) { return { error: wireError(e) }; }
        }),
      };
    }
    return { id, ...answer(req) };
  } catch (e) {
    return { id, error: wireError(e) };
  }
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    process.stdout.write(JSON.stringify({ id: null, error: { code: 'malformed', message: `the line is not JSON: ${e.message}` } }) + '\n');
    return;
  }
  process.stdout.write(JSON.stringify(handle(req)) + '\n');
});
rl.on('close', () => process.exit(0));
