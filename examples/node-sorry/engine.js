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

const readline = require('readline');
const { CHOICES, reading, Refusal, malformed, badConfig, isObj } = require('./board');
const { newGame, choicesOf, pendingChance, applyAction, CONFIG_KEYS } = require('./rules');
const { toWire, fromWire, checkActionShape, observe } = require('./notation');

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
      if (!(isObj(req.action) && req.action.type === 'chance')) checkActionShape(req.action);
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
  for (const [id, opts] of Object.entries(CHOICES)) reading[id] = asked[id] === undefined ? opts[0] : asked[id]; // defaults first
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
