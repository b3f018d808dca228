"""The Dnup stateful machine: random games of 2-5 players through the protocol, with a turn cap.

Invariants work on the canonical JSON only (specs/dnup/state.schema.json), so they hold
for any engine. After every step:

- every card is in exactly one place: hands, sets on the table, discard pile, removed
  (DNP-DECK-SIZE) and the removed cards fit the player count (DNP-SETUP-*, DNP-TWO-SETUP);
- every set on the table shows one active value (DNP-SET);
- no two sets of one size lie on the table, except two of equal value under
  ``dnup.add-conflict=consequence`` (DNP-A-HIGHER, DNP-B-CONFLICT);
- the player to move has no set in the area of the turn (DNP-DISCARD-OWN-SET);
- nobody plays on with 4 letters or 2 rounds won (DNP-GAME-END, DNP-TWO-ROUND-WIN).

After every transition: what each action did to hands and sets (DNP-ACTION-A..D,
DNP-A-RETURN, flipping twice is the identity), turn order (DNP-CLOCKWISE, DNP-TWO-TURNS),
the start player after a deal (DNP-START-PLAYER, DNP-TWO-START), letters (2 for the
first out, 1 for the second, 3 per finished round, DNP-FIRST-OUT, DNP-SECOND-OUT), the
first player's set (DNP-FIRST-OUT-CARDS-STAY, DNP-FIRST-OUT-BEATEN) and the turn cap
(DNP-TURN-CAP). JSON round trip, schema and determinism are checked by the base class.
"""

from __future__ import annotations

from hypothesis import strategies as st

import specs
from harness.explore.machine import EngineMachine
from harness.games import declared_choice
from harness.verdicts.violations import require

CHECKED_CLAUSES = (
    "PROTOCOL", "DNP-DECK-SIZE", "DNP-SETUP-5", "DNP-SETUP-4", "DNP-SETUP-3", "DNP-TWO-SETUP", "DNP-SET",
    "DNP-A-HIGHER", "DNP-B-CONFLICT", "DNP-DISCARD-OWN-SET", "DNP-ACTION-A", "DNP-A-RETURN", "DNP-ACTION-B",
    "DNP-ACTION-C", "DNP-ACTION-D", "DNP-KEEP-ORIENTATION", "DNP-CLOCKWISE", "DNP-TWO-TURNS", "DNP-START-PLAYER",
    "DNP-TWO-START", "DNP-DEAL", "DNP-FIRST-OUT", "DNP-SECOND-OUT", "DNP-FIRST-OUT-CARDS-STAY",
    "DNP-FIRST-OUT-BEATEN", "DNP-GAME-END", "DNP-TWO-ROUND-WIN", "DNP-TWO-CONFLICT-OWN", "DNP-TURN-CAP",
)


def configs() -> st.SearchStrategy:
    """Every config the rules allow: 2-5 players (DNP-PLAYER-COUNT), a turn cap or none (DNP-TURN-CAP:
    the rules never force an end; play here is bounded by the step count), and the assumed deck or a
    user-supplied one given inline, some leaving remainder cards at the deal (DNP-DEAL)."""
    from harness.games.dnup.positions import user_decks

    decks = user_decks()
    return st.fixed_dictionaries({
        "players": st.integers(min_value=2, max_value=5),
        "turn_cap": st.sampled_from([30, 120, 400, None]),
        "deck": st.sampled_from([None] * (2 * len(decks)) + decks),  # the assumed deck (no key) 2 in 3
    }).map(lambda c: c if c["deck"] is not None else {k: v for k, v in c.items() if k != "deck"})


def covering_configs() -> list[dict]:
    """Every player count, with and without a turn cap, the assumed deck and user-supplied ones
    (specs/dnup/config.toml values): played first by the differential (config coverage)."""
    from harness.games.dnup.positions import user_decks

    small, fewer = user_decks()[:2]
    return [{"players": 2, "turn_cap": 120}, {"players": 3}, {"players": 4, "deck": fewer},
            {"players": 5, "turn_cap": 30, "deck": small}]


def _deck(sj: dict) -> list[dict]:
    return specs.load("dnup").param("deck")["cards"] if sj["deck"] == "assumed" else sj["deck"]


def _values(sj: dict) -> dict[str, list[int]]:
    return {c["id"]: c["values"] for c in _deck(sj)}


def _active(vals, card) -> int:
    return vals[card[0]][1 if card[1] else 0]


def _toggle(cards) -> list:
    return sorted(([c, not f] for c, f in cards), key=lambda c: c[0])


def _key(cards) -> list:
    return sorted((c, bool(f)) for c, f in cards)


def _sets(sj: dict):
    """(owner, area, cards) for every set on the table."""
    return [(p, a + 1, cs) for p, areas in enumerate(sj["sets"]) for a, cs in enumerate(areas) if cs]


class DnupMachine(EngineMachine):
    def on_new_game(self, config, state, state_json):
        self.round_start_tokens = sum(state_json["tokens"])

    @property
    def consequence(self) -> bool:
        return declared_choice(self.engine, "dnup", "dnup.add-conflict") == "consequence"

    # ---------------------------------------------------------------- per state
    def check_state(self, state, sj):
        n = sj["players"]
        deck = _deck(sj)
        vals = {c["id"]: c["values"] for c in deck}
        seen: dict[str, str] = {}

        def put(cid, where):
            require(cid not in seen, "DNP-DECK-SIZE", f"card {cid} is in {seen.get(cid)} and in {where}")
            seen[cid] = where

        for p, h in enumerate(sj["hands"]):
            for c in h:
                put(c[0], f"hand {p}")
        for p, a, cs in _sets(sj):
            for c in cs:
                put(c[0], f"set {p}/{a}")
        for c in sj["discard"]:
            put(c, "discard")
        for c in sj["removed"]:
            put(c, "removed")
        missing = sorted(set(vals) - set(seen))
        require(not missing, "DNP-DECK-SIZE", f"cards {missing[:5]} are nowhere")
        gone = {"star4"} if n == 4 else {"star4", "star6"} if n <= 3 else set()
        want = sorted(c["id"] for c in deck if c["mark"] in gone)
        clause = {5: "DNP-SETUP-5", 4: "DNP-SETUP-4", 3: "DNP-SETUP-3", 2: "DNP-TWO-SETUP"}[n]
        require(sorted(sj["removed"]) == want, clause, f"removed {sj['removed']}, expected {want}")
        for p, a, cs in _sets(sj):
            values = {_active(vals, c) for c in cs}
            require(len(values) == 1, "DNP-SET", f"the set of player {p} (area {a}) shows values {sorted(values)}")
        t = sj["to_move"]
        if isinstance(t, int):
            area = sj["area"]
            require(not sj["sets"][t][area - 1], "DNP-DISCARD-OWN-SET",
                    f"player {t} is to move in area {area} but their set there was not discarded")
        if sj["result"] is None:
            require(max(sj["tokens"]) < 4, "DNP-GAME-END", f"letters {sj['tokens']}: someone has 4, the game goes on")
            require(max(sj["rounds_won"]) < 2, "DNP-TWO-ROUND-WIN",
                    f"rounds won {sj['rounds_won']}: someone won 2 rounds, the game goes on")
        elif sj["result"].get("winner") is not None:
            w = sj["result"]["winner"]
            if n == 2:
                require(sj["rounds_won"][w] >= 2, "DNP-TWO-ROUND-WIN", f"player {w} won with {sj['rounds_won']} rounds")
            else:
                require(sj["tokens"][w] >= 4, "DNP-GAME-END", f"player {w} won with letters {sj['tokens']}")

    # ---------------------------------------------------------------- per transition
    def check_transition(self, before, bj, action, after, aj):
        vals = _values(bj)
        n = bj["players"]
        self._check_sizes(bj, action, aj, vals)
        if action.get("type") == "chance":
            self._check_deal(aj)
            self.round_start_tokens = sum(aj["tokens"])
            return
        p = action["player"]
        require(aj["turn"] == bj["turn"] + 1, "DNP-ONE-ACTION", f"the turn counter went {bj['turn']} -> {aj['turn']}")
        if aj["result"] is not None and aj["result"].get("winner") is None:
            require(bj["turn_cap"] is not None and aj["turn"] >= bj["turn_cap"], "DNP-TURN-CAP",
                    f"the game stopped unfinished at turn {aj['turn']} with cap {bj['turn_cap']}")
        elif bj["turn_cap"] is not None and aj["turn"] >= bj["turn_cap"]:
            require(aj["result"] is not None, "DNP-TURN-CAP", f"turn {aj['turn']} reached the cap but the game goes on")
        round_over = aj["to_move"] == "chance"
        gained = [a - b for a, b in zip(aj["tokens"], bj["tokens"])]
        went_out = not aj["hands"][p] if not round_over else True
        if n > 2:
            if went_out and action["type"] in ("play", "add"):
                want = 2 if not bj["out"] else 1
                clause = "DNP-FIRST-OUT" if not bj["out"] else "DNP-SECOND-OUT"
                require(gained[p] == want and sum(gained) == want, clause,
                        f"player {p} went out {'first' if want == 2 else 'second'}; letters changed by {gained}")
            else:
                require(not any(gained), "DNP-FIRST-OUT", f"letters changed by {gained} though nobody went out")
            if round_over:
                total = sum(aj["tokens"]) - self.round_start_tokens
                require(total == 3, "DNP-SECOND-OUT", f"a finished round handed out {total} letters, not 2 + 1")
        else:
            won = [a - b for a, b in zip(aj["rounds_won"], bj["rounds_won"])]
            want = [1 if q == p and went_out and action["type"] in ("play", "add") else 0 for q in range(n)]
            require(won == want, "DNP-TWO-ROUND-WIN", f"rounds won changed by {won}, expected {want}")
            require(not any(gained), "DNP-TWO-ROUND-WIN", "the 2-player game hands out no letters")
        if aj["result"] is not None and n > 2:
            total = sum(aj["tokens"]) - self.round_start_tokens
            # a round the cap cuts short has 0 or 2; one that ends on the capped turn has 3
            allowed = (2, 3) if aj["result"].get("winner") is not None else (0, 2, 3)
            require(total in allowed and (total != 3 or len(aj["out"]) == 2), "DNP-SECOND-OUT",
                    f"the last round handed out {total} letters to {aj['out']}; "
                    f"expected {' or '.join(map(str, allowed))} (3 only when two players went out)")
        if round_over:
            return
        self._check_action(bj, action, aj, vals)
        if isinstance(aj["to_move"], int):
            self._check_order(bj, aj, p)

    def _check_sizes(self, bj, action, aj, vals):
        by_size: dict[int, list] = {}
        for p, a, cs in _sets(aj):
            by_size.setdefault(len(cs), []).append((p, a, _active(vals, cs[0])))
        for size, group in by_size.items():
            if len(group) < 2:
                continue
            ok = self.consequence and len({v for _, _, v in group}) == 1
            clause = "DNP-B-CONFLICT" if action.get("type") == "add" else (
                "DNP-TWO-CONFLICT-OWN" if bj["players"] == 2 and len({p for p, _, _ in group}) == 1 else "DNP-A-HIGHER")
            require(ok, clause, f"after {action} sets of size {size} lie on the table together: {group}")

    def _check_deal(self, aj):
        sizes = [len(h) for h in aj["hands"]]
        require(max(sizes) - min(sizes) <= 1 and not aj["discard"], "DNP-DEAL",
                f"the deal left hands of sizes {sizes} and {len(aj['discard'])} cards undealt")
        start = next(c["id"] for c in _deck(aj) if c["mark"] == "start")
        holder = next((q for q, h in enumerate(aj["hands"]) if any(c[0] == start for c in h)), None)
        require(aj["to_move"] == holder, "DNP-START-PLAYER",
                f"player {holder} holds the start card but player {aj['to_move']} starts")
        if aj["players"] == 2:
            require(aj["area"] == 2, "DNP-TWO-START", f"the round starts in area {aj['area']}, not area 2")

    def _check_action(self, bj, action, aj, vals):
        p, t = action["player"], action["type"]
        area = bj["area"]
        before_hand = _key(bj["hands"][p])
        after_hand = _key(aj["hands"][p])
        returned = {}  # owner -> cards that went back
        beaten = []
        if t == "play":
            cards = [c for c in bj["hands"][p] if c[0] in action["cards"]]
            v = _active(vals, cards[0])
            size = len(cards)
            for q, a, cs in _sets(bj):
                if (q, a) != (p, area) and len(cs) == size:
                    require(_active(vals, cs[0]) < v, "DNP-TWO-CONFLICT-OWN" if q == p else "DNP-A-HIGHER",
                            f"a set of {size} with value {v} was played over player {q}'s set of value "
                            f"{_active(vals, cs[0])}")
                    beaten.append((q, a, cs))
            gone_at_once = bj["players"] > 2 and not bj["out"] and p in aj["out"] and not aj["sets"][p][area - 1]
            if not gone_at_once:  # the first player out's set gone at once: DNP-FIRST-OUT-CARDS-STAY, below
                require(_key(aj["sets"][p][area - 1]) == _key(cards), "DNP-ACTION-A",
                        f"player {p} played {action['cards']} but their set in area {area} is "
                        f"{aj['sets'][p][area - 1]}")
        elif t == "add":
            q, a = action["owner"], action["area"]
            target = bj["sets"][q][a - 1]
            card = next(c for c in bj["hands"][p] if c[0] == action["card"])
            v = _active(vals, target[0])
            require(_active(vals, card) == v, "DNP-ACTION-B", f"card {card} added to a set of value {v}")
            size = len(target) + 1
            others = [(o, b, cs) for o, b, cs in _sets(bj) if (o, b) != (q, a) and len(cs) == size]
            if not self.consequence:
                for o, b, cs in others:
                    require(_active(vals, cs[0]) < v, "DNP-B-CONFLICT",
                            f"adding made a set of {size} with value {v} next to player {o}'s of value "
                            f"{_active(vals, cs[0])}: illegal under the FAQ reading")
                    beaten.append((o, b, cs))
            elif any(_active(vals, cs[0]) > v for _, _, cs in others):
                beaten.append((q, a, target + [card]))
            else:
                beaten += [(o, b, cs) for o, b, cs in others if _active(vals, cs[0]) < v]
        elif t == "take":
            q, a = action["owner"], action["area"]
            taken = bj["sets"][q][a - 1]
            require(not aj["sets"][q][a - 1], "DNP-ACTION-C", f"player {q}'s set is still on the table after a take")
            require(sorted(before_hand + _key(_toggle(taken))) == after_hand, "DNP-ACTION-C",
                    f"player {p} took {taken}: hand {bj['hands'][p]} became {aj['hands'][p]}, "
                    "expected the set added with every card flipped")
        elif t == "flip":
            require(_key(_toggle(aj["hands"][p])) == before_hand, "DNP-ACTION-D",
                    f"a dnup turned {bj['hands'][p]} into {aj['hands'][p]}; flipping it again does not give it back")
        for q, a, cs in beaten:
            require(not aj["sets"][q][a - 1] or q == p and a == area, "DNP-A-RETURN",
                    f"player {q}'s beaten set {cs} is still on the table")
            if q in bj["out"]:
                require(all(c[0] in aj["discard"] for c in cs), "DNP-FIRST-OUT-BEATEN",
                        f"the beaten set {cs} of player {q}, who is out, was not discarded")
            else:
                returned.setdefault(q, []).extend(_toggle(cs))
        for q in range(bj["players"]):
            want = _key(bj["hands"][q])
            if q == p:
                continue
            if q in returned:
                want = sorted(want + _key(returned[q]))
            clause = "DNP-A-RETURN" if q in returned else "DNP-KEEP-ORIENTATION"
            require(_key(aj["hands"][q]) == want, clause,
                    f"player {q}'s hand went from {bj['hands'][q]} to {aj['hands'][q]} after {action}"
                    + (f"; the beaten set should come back flipped: {returned[q]}" if q in returned else ""))
        if t in ("play", "add") and p in returned:  # 2 players: one's own set beaten
            held = {c[0]: c[1] for c in aj["hands"][p]}
            require(all(c[0] in held for c in returned[p]), "DNP-TWO-CONFLICT-OWN",
                    f"player {p}'s own beaten set should come back to the hand: {returned[p]}")
            require(all(held[c[0]] == c[1] for c in returned[p]), "DNP-A-RETURN",
                    f"player {p}'s own beaten set should come back flipped: {returned[p]}")
        self._check_leaving(bj, action, aj, beaten)

    def _check_leaving(self, bj, action, aj, beaten):
        if bj["players"] == 2:
            return
        p = action["player"]
        if not bj["out"] and aj["out"] and action["type"] == "play":
            require(aj["sets"][p][0] != [] or aj["result"] is not None, "DNP-FIRST-OUT-CARDS-STAY",
                    f"player {p} went out first but their set left the table at once")
        lv = bj["leaving"]
        if lv is None:
            return
        q = lv["player"]
        cs = bj["sets"][q][0]
        taken = action["type"] == "take" and action["owner"] == q
        was_beaten = any(o == q for o, _, _ in beaten)
        if lv["turns_left"] > 1 and not taken and not was_beaten:
            require(aj["sets"][q][0] != [], "DNP-FIRST-OUT-CARDS-STAY",
                    f"player {q}'s set left the table with {lv['turns_left']} turns of the others still to come")
        if lv["turns_left"] == 1 and not taken:
            require(not aj["sets"][q][0] and all(c[0] in aj["discard"] for c in cs), "DNP-FIRST-OUT-CARDS-STAY",
                    f"every other player has had a turn but player {q}'s set {cs} was not discarded")

    def _check_order(self, bj, aj, p):
        n = bj["players"]
        if n == 2:
            want = (p, 2) if bj["area"] == 1 else (1 - p, 1)
            require((aj["to_move"], aj["area"]) == want, "DNP-TWO-TURNS",
                    f"after player {p}'s turn in area {bj['area']} came player {aj['to_move']} in area {aj['area']}")
            return
        q = (p + 1) % n
        while q in aj["out"]:
            q = (q + 1) % n
        require(aj["to_move"] == q, "DNP-CLOCKWISE", f"after player {p} came player {aj['to_move']}, expected {q}")
