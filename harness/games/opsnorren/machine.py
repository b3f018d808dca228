"""The Opsnorren stateful machine: random games through the protocol, invariants on the JSON.

Every check reads only the canonical JSON (and the engine's declared choices), so it
holds for any engine. Each raises ClauseViolation naming the clause it protects.
The trick winner and the round stars are recomputed here, independently of the
reference engine, from the rulebook (and the assumed star table in the specs).
"""

from __future__ import annotations

import json
import os
from collections import Counter

from hypothesis import strategies as st

import specs
from harness.explore.machine import EngineMachine
from harness.games import declared_choice
from harness.verdicts.violations import ClauseViolation, require

COLOURS = ("green", "pink", "orange", "blue")
JOKERS = ("unicorn", "monkey", "dove")
ALL_CARDS = [f"{c} {v}" for c in COLOURS for v in range(11)] + list(JOKERS)
CARDS_PER_PLAYER = {3: 12, 4: 10, 5: 8, 6: 7}

#: clauses whose invariants this machine checks (the suite test marks them)
CHECKED_CLAUSES = (
    "OPS-COMPONENTS", "OPS-DEAL-TABLE", "OPS-DEAL-THREE", "OPS-DEAL-FIVE", "OPS-NO-JOKERS-EVEN", "OPS-CROWN-LEADS",
    "OPS-REVEAL-RULE", "OPS-RULES-PERSIST", "OPS-FOLLOW-SUIT", "OPS-DISCARD-FREE", "OPS-JOKER-ANYTIME",
    "OPS-CLOCKWISE", "OPS-TRICK-WINNER", "OPS-WINNER-TAKES", "OPS-WINNER-LEADS", "OPS-UNICORN",
    "OPS-UNICORN-BEATS-TWO", "OPS-DOVE", "OPS-RULE-TWO-WINS", "OPS-RULE-THREE-LOWEST",
    "OPS-RULE-COLOUR-REVERSED", "OPS-RULE-EQUAL-DISCARDED", "OPS-ROUND-SCORE", "OPS-RULE-GREEN-NEGATIVE",
    "OPS-RULE-PINK-PLUS-ONE", "OPS-RULE-MOST-BLUE", "OPS-ROUND-WINNER", "OPS-ROUND-TIE-CROWN",
    "OPS-RULE-FEWEST-STARS", "OPS-TROPHY-DRAW", "OPS-GAME-END", "OPS-GAME-TIE", "OPS-HIDDEN-HANDS",
    "OPS-RULE-PINK-OPEN", "OPS-ROUND-END", "OPS-GAME-LENGTH", "OPS-TRICK-BASICS", "OPS-MONKEY",
    "OPS-ALL-DISCARDED-STARTER", "OPS-JOKER-LEAD", "OPS-RULE-NEW-LEAD-COLOUR", "OPS-COLOUR-ORDER",
)


def colour(card: str) -> str | None:
    return None if card in JOKERS else card.split()[0]


def value(card: str) -> int | None:
    return None if card in JOKERS else int(card.split()[1])


def configs() -> st.SearchStrategy:
    """Every player count (OPS-PLAYER-COUNT), with the rule row dealt at random (a chance node) or fixed
    by ``rule_cards`` (2 white then 2 black cards, OPS-SETUP-RULE-ROW). Fixed rows leave out the
    moustache cards: under ``ops.beginner-setup=yes`` they are not in the piles, and this strategy
    cannot see the readings the engine under test declares (the dealt row still draws them)."""
    players = st.sampled_from([3, 4, 5, 6])
    white, black = rule_piles()
    row = st.tuples(st.permutations(white), st.permutations(black)).map(lambda wb: list(wb[0][:2]) + list(wb[1][:2]))
    return st.one_of(st.fixed_dictionaries({"players": players}),
                     st.fixed_dictionaries({"players": players, "rule_cards": row}))


def covering_configs() -> list[dict]:
    """Every player count, the rule row dealt and fixed (specs/opsnorren/config.toml values): played
    first by the differential (config coverage)."""
    white, black = rule_piles()
    return [{"players": 3}, {"players": 4, "rule_cards": white[:2] + black[:2]}, {"players": 5}, {"players": 6}]


def rule_piles() -> tuple[list[str], list[str]]:
    """The white and black rule cards every reading deals (the spec's piles, or the user's tables file,
    without the moustache cards)."""
    path = os.environ.get("RULECHECK_OPSNORREN_TABLES")
    data = json.loads(open(path, encoding="utf-8").read()) if path else specs.load("opsnorren").param("rule-piles")
    moustache = set(data.get("moustache", []))
    piles = data["rule_piles"]
    return ([r for r in piles["white"] if r not in moustache], [r for r in piles["black"] if r not in moustache])


def star_table() -> dict:
    """The star table the suite expects (the specs' assumed one, or the user's file)."""
    path = os.environ.get("RULECHECK_OPSNORREN_TABLES")
    if path:
        return json.loads(open(path, encoding="utf-8").read())["stars"]
    return specs.load("opsnorren").param("stars")["stars"]


def revealed_rules(sj: dict) -> list[str]:
    return sj["rules"][: sj["revealed"]]


def lead_colour(trick: list[str], rules: list[str], joker_lead: str) -> str | None:
    """OPS-LEAD, OPS-JOKER-LEAD, OPS-RULE-NEW-LEAD-COLOUR: the colour to follow now."""
    if joker_lead == "none" and len(trick) >= 2 and trick[0] in JOKERS and trick[1] in JOKERS:
        return None
    animals = [c for c in trick if c not in JOKERS]
    if not animals:
        return None
    return colour(animals[-1]) if "new-lead-colour" in rules else colour(animals[0])


def binding_colour(trick: list[str], rules: list[str], joker_lead: str, hand: list[str], binds: str) -> str | None:
    """The colour ``hand`` must follow: the lead colour, or under ``ops.lead-colour-binds=earlier``
    the most recent colour of an animal card in the trick that the hand holds."""
    lead = lead_colour(trick, rules, joker_lead)
    held = {colour(c) for c in hand if c not in JOKERS}
    if lead is None or binds != "earlier" or "new-lead-colour" not in rules or lead in held:
        return lead
    return next((colour(c) for c in reversed(trick) if c not in JOKERS and colour(c) in held), lead)


def follow_clause(trick: list[str], rules: list[str], default: str = "OPS-FOLLOW-SUIT") -> str:
    """The clause that set the lead colour players follow now: ``default`` (the lead card's
    colour: OPS-FOLLOW-SUIT or OPS-DISCARD-FREE), OPS-JOKER-LEAD after a joker lead, or
    OPS-RULE-NEW-LEAD-COLOUR once a card that did not follow changed it."""
    if trick and trick[0] in JOKERS:
        return "OPS-JOKER-LEAD"
    animals = [c for c in trick if c not in JOKERS]
    if "new-lead-colour" in rules and animals and colour(animals[-1]) != colour(animals[0]):
        return "OPS-RULE-NEW-LEAD-COLOUR"
    return default


def kept_cards(trick: list[tuple[int, str]], rules: list[str], choices: dict) -> list[tuple[int, str]]:
    """The cards left after OPS-RULE-EQUAL-DISCARDED (jokers: ops.equal-values-jokers).
    ``choices``: every choice's reading (``OpsnorrenMachine.readings``)."""
    if "equal-discarded" not in rules:
        return list(trick)
    pairs = choices["ops.equal-values-jokers"] == "pairs"
    counts = Counter(value(c) for _, c in trick if c not in JOKERS or pairs)
    return [(p, c) for p, c in trick if (c in JOKERS and not pairs) or counts[value(c)] < 2]


def expected_winner(trick: list[tuple[int, str]], rules: list[str], choices: dict) -> tuple[int | None, str]:
    """(winning player or None, the clause that decided) for a complete trick."""
    kept = kept_cards(trick, rules, choices)
    for p, c in kept:
        if c == "unicorn":
            twos = "two-wins" in rules and any(value(x) == 2 for _, x in kept if x not in JOKERS)
            return p, "OPS-UNICORN-BEATS-TWO" if twos else "OPS-UNICORN"
    animals = [(p, c) for p, c in kept if c not in JOKERS]
    if not animals:
        return None, "OPS-RULE-EQUAL-DISCARDED"
    order = list(reversed(COLOURS)) if "colour-reversed" in rules else list(COLOURS)
    strength = {c: i for i, c in enumerate(order)}
    top = max(strength[colour(c)] for _, c in animals)
    tops = [(p, c) for p, c in animals if strength[colour(c)] == top]
    winner = max(tops, key=lambda pc: value(pc[1]))[0]
    why = "OPS-RULE-COLOUR-REVERSED" if "colour-reversed" in rules else "OPS-TRICK-WINNER"
    if len(kept) < len(trick):
        why = "OPS-RULE-EQUAL-DISCARDED"
    if choices["ops.colour-reversed-scope"] == "trick-winner":  # the 2 and 3 rules keep the printed order
        strength = {c: i for i, c in enumerate(COLOURS)}
        top = max(strength[colour(c)] for _, c in animals)
        tops = [(p, c) for p, c in animals if strength[colour(c)] == top]
    for r in [r for r in rules if r in ("two-wins", "three-lowest")]:
        if r == "two-wins":
            twos = [(p, c) for p, c in animals if value(c) == 2]
            if not twos:
                continue
            winner = max(twos, key=lambda pc: strength[colour(pc[1])])[0]
            why = "OPS-RULE-TWO-WINS"
        else:
            if not any(value(c) == 3 for _, c in animals):
                continue
            winner = min(tops, key=lambda pc: value(pc[1]))[0]
            why = "OPS-RULE-THREE-LOWEST"
        if choices["ops.winner-rule-order"] == "leftmost-decides":
            break
    return winner, why


def pairwise(card: str | None, winning: str, rules: list[str]) -> str:
    """Why ``card`` loses to the ``winning`` animal card: its colour is weaker (OPS-COLOUR-ORDER,
    OPS-RULE-COLOUR-REVERSED) or, in the same colour, its value (OPS-TRICK-WINNER)."""
    if card is None or card in JOKERS or colour(card) == colour(winning):
        return "OPS-TRICK-WINNER"
    return "OPS-RULE-COLOUR-REVERSED" if "colour-reversed" in rules else "OPS-COLOUR-ORDER"


def following_at_all(source: str) -> tuple[str, ...]:
    """Alternatives of a follow-colour break whose colour a joker lead or a rule card set
    (``source``): not following at all (OPS-FOLLOW-SUIT) shows the same way."""
    return ("OPS-FOLLOW-SUIT",) if source != "OPS-FOLLOW-SUIT" else ()


def dove_leader_alternatives(full: list, leader: int, who: int | None, winner: int | None, why: str,
                             rules: list[str]) -> tuple[str, ...]:
    """After a dove trick only the next leader shows who won it: a wrong leader breaks OPS-DOVE, or
    the leader rule (OPS-WINNER-LEADS), or -- when the leader played an animal card that lost --
    the ranking of the trick (the rule card that decided it, or pairwise: colour order or value)."""
    cards = dict(full)
    led = cards.get(leader)
    if who is None or who != winner or led is None or led in JOKERS or cards.get(who) in JOKERS:
        return ("OPS-WINNER-LEADS",) if led is not None else ()
    rank = why if why not in ("OPS-TRICK-WINNER", "OPS-RULE-COLOUR-REVERSED") else pairwise(led, cards[who], rules)
    return (rank, "OPS-WINNER-LEADS")


def team_letter(card: str) -> str:
    return card[0]


def stars_of(won: list[list[str]], teams: list[str], rules: list[str], table: dict, skip: str = "") -> dict:
    """OPS-ROUND-SCORE with the revealed rule cards (``skip`` one, to diagnose a wrong count)."""
    tot = {"A": 0, "B": 0}
    blue = {"A": 0, "B": 0}
    for p, pile in enumerate(won):
        t = team_letter(teams[p])
        for c in pile:
            s = table[c]
            if colour(c) == "green" and "green-negative" in rules and skip != "green-negative":
                s = -s
            if colour(c) == "pink" and "pink-plus-one" in rules and skip != "pink-plus-one":
                s += 1
            tot[t] += s
            blue[t] += colour(c) == "blue"
    if "most-blue" in rules and skip != "most-blue" and blue["A"] != blue["B"]:
        tot["A" if blue["A"] > blue["B"] else "B"] -= 5
    return tot


SCORING_CLAUSE = {"green-negative": "OPS-RULE-GREEN-NEGATIVE", "pink-plus-one": "OPS-RULE-PINK-PLUS-ONE",
                  "most-blue": "OPS-RULE-MOST-BLUE"}


class OpsnorrenMachine(EngineMachine):
    def __init__(self):
        super().__init__()
        self.dealt: list[int] | None = None
        self.played: list[int] = []
        self.table = star_table()

    @property
    def readings(self) -> dict[str, str]:
        """Every choice's reading: the engine's declared option, else the spec's default."""
        return {cid: declared_choice(self.engine, "opsnorren", cid) for cid in specs.load("opsnorren").choices}

    # ---- per state --------------------------------------------------------------------------
    def check_state(self, state, sj: dict) -> None:
        n = sj["players"]
        phase = sj["phase"]
        places: Counter = Counter()
        for pile in sj["hands"] + sj["passing"] + sj["won"] + [sj["discarded"], sj["aside"]]:
            places.update(pile)
        places.update(pc["card"] for pc in sj["trick"])
        twice = [c for c, k in places.items() if k > 1]
        require(not twice, "OPS-COMPONENTS", f"cards in two places at once: {twice}")
        if phase in ("pass", "play", "monkey", "trophies", "over"):
            missing = [c for c in ALL_CARDS if c not in places]
            require(not missing, "OPS-COMPONENTS", f"cards lost during the round: {missing}")
        if sj["round"] >= 1:
            require(sj["revealed"] == sj["round"], "OPS-REVEAL-RULE",
                    f"round {sj['round']} should have {sj['round']} rule card(s) revealed, not {sj['revealed']}")
        if self.dealt is not None and phase in ("pass", "play", "monkey"):
            for p in range(n):
                want = self.dealt[p] - self.played[p] - len(sj["passing"][p])
                require(len(sj["hands"][p]) == want, "OPS-DEAL-TABLE",
                        f"player {p} holds {len(sj['hands'][p])} cards; dealt {self.dealt[p]}, played "
                        f"{self.played[p]}, passing {len(sj['passing'][p])}: expected {want}")
        if phase == "play":
            p = sj["to_move"]
            require(p == (sj["leader"] + len(sj["trick"])) % n, "OPS-CLOCKWISE",
                    f"player {p} is to move, but clockwise from leader {sj['leader']} it is "
                    f"player {(sj['leader'] + len(sj['trick'])) % n}")
            hand = sj["hands"][p]
            trick = [pc["card"] for pc in sj["trick"]]
            lead = binding_colour(trick, revealed_rules(sj), self.readings["ops.joker-lead-colour"], hand,
                                  self.readings["ops.lead-colour-binds"])
            source = follow_clause(trick, revealed_rules(sj))
            also = following_at_all(source)
            legal = {a["card"] for a in self.engine.legal_actions(state) if a.get("type") == "play"}
            follow = {c for c in hand if lead is not None and colour(c) == lead}
            jokers = {c for c in hand if c in JOKERS}
            if follow:
                extra = legal - follow - jokers
                require(not extra, source, f"player {p} holds {sorted(follow)} of the lead colour {lead} "
                        f"but may play {sorted(extra)}", also)
                require(jokers <= legal, "OPS-JOKER-ANYTIME", f"player {p} may not play joker(s) {sorted(jokers - legal)}")
                require(follow <= legal, source, f"player {p} may not play {sorted(follow - legal)} "
                        f"of the lead colour {lead}", also)
            else:
                require(legal == set(hand), follow_clause(trick, revealed_rules(sj), "OPS-DISCARD-FREE"),
                        f"player {p} has no {lead} card and may play any card, but legal are {sorted(legal)} "
                        f"of {sorted(hand)}")
            self._check_observation(state, sj, p)

    def _check_observation(self, state, sj, p) -> None:
        """OPS-HIDDEN-HANDS / OPS-RULE-PINK-OPEN: other hands never leak into an observation."""
        from engine.canonical import dumps

        text = dumps(self.engine.observation(state, p))
        pink_open = "pink-open" in revealed_rules(sj)
        for q, hand in enumerate(sj["hands"]):
            if q == p:
                continue
            for c in hand:
                if pink_open and colour(c) == "pink":
                    require(f'"{c}"' in text, "OPS-RULE-PINK-OPEN",
                            f"player {p} should see player {q}'s open {c}")
                    continue
                require(f'"{c}"' not in text, "OPS-HIDDEN-HANDS",
                        f"player {p}'s observation shows {c} from player {q}'s hidden hand")

    # ---- per transition -------------------------------------------------------------------------
    def check_transition(self, before, bj: dict, action: dict, after, aj: dict) -> None:
        n = bj["players"]
        if bj["rules"]:
            require(aj["rules"] == bj["rules"], "OPS-RULES-PERSIST", f"the rule row changed: {bj['rules']} -> {aj['rules']}")
        if action.get("type") == "chance" and action.get("event") == "deal":
            self._after_deal(aj)
        if action.get("type") == "play":
            self._check_play(bj, action, aj)
            self.played[action["player"]] += 1
        if bj["phase"] == "pass" and aj["phase"] == "play" or bj["phase"] == "deal" and aj["phase"] == "play":
            require(aj["leader"] == aj["team_cards"].index(next(t for t in aj["team_cards"] if t.endswith("+crown")))
                    and not aj["trick"], "OPS-CROWN-LEADS",
                    f"the first trick should be led by the crown holder, leader is {aj['leader']}")
        if len(aj["history"]) > len(bj["history"]):
            self._check_round(aj)
        if bj["phase"] == "trophies" and action.get("type") == "chance":
            self._check_trophies(bj, aj)
            self.dealt = None
        if aj["result"] is not None and bj["result"] is None:
            self._check_result(aj)
        if action.get("type") == "monkey":
            require(action["card"] in aj["won"][action["player"]], "OPS-MONKEY",
                    f"the monkey took {action['card']} but it is not on player {action['player']}'s pile")
        del n

    def _after_deal(self, aj: dict) -> None:
        n = aj["players"]
        teams = aj["team_cards"]
        size = Counter(team_letter(t) for t in teams)
        small = None if size["A"] == size["B"] else min("AB", key=lambda t: size[t])
        hands = aj["hands"]
        self.dealt = [len(h) for h in hands]
        self.played = [0] * n
        for p, h in enumerate(hands):
            require(len(h) == CARDS_PER_PLAYER[n], "OPS-DEAL-TABLE",
                    f"{n} players: player {p} should get {CARDS_PER_PLAYER[n]} cards, got {len(h)}")
            jk = [c for c in h if c in JOKERS]
            if n == 3:
                want = 3 if team_letter(teams[p]) == small else 0
                require(len(jk) == want, "OPS-DEAL-THREE", f"3 players: player {p} should hold {want} jokers, holds {jk}")
            elif n == 5:
                want = 1 if team_letter(teams[p]) == small else 0
                require(len(jk) == want, "OPS-DEAL-FIVE", f"5 players: player {p} should hold {want} joker, holds {jk}")
            else:
                require(not jk, "OPS-NO-JOKERS-EVEN", f"{n} players: player {p} holds jokers {jk}")

    def _check_play(self, bj: dict, action: dict, aj: dict) -> None:
        p, card = action["player"], action["card"]
        n = bj["players"]
        require(card in bj["hands"][p], "OPS-TRICK-BASICS", f"player {p} played {card} from outside the hand")
        self._check_card_on_table(bj, p, card, aj)
        trick = [pc["card"] for pc in bj["trick"]]
        readings = self.readings
        lead = binding_colour(trick, revealed_rules(bj), readings["ops.joker-lead-colour"], bj["hands"][p],
                              readings["ops.lead-colour-binds"])
        if lead is not None and card not in JOKERS and colour(card) != lead:
            why = follow_clause(trick, revealed_rules(bj))
            require(not any(colour(c) == lead for c in bj["hands"][p]), why,
                    f"player {p} played {card} while holding {lead} (lead colour {lead})", following_at_all(why))
        if len(trick) != n - 1:
            return
        full = [(pc["player"], pc["card"]) for pc in bj["trick"]] + [(p, card)]
        rules = revealed_rules(bj)
        winner, why = expected_winner(full, rules, readings)
        cards = [c for _, c in full]
        acting = [c for _, c in kept_cards(full, rules, readings)]
        starter = bj["leader"]
        if aj["phase"] == "monkey":
            require("monkey" in acting, "OPS-MONKEY", "a monkey pick is pending but no monkey was played")
            return
        if "dove" in acting:
            # without a monkey the dove discards everything under either ops.dove-with-monkey reading
            if readings["ops.dove-with-monkey"] == "dove-first" or "monkey" not in acting:
                gained = [c for c in cards if c in aj["discarded"]]
                require(len(gained) == n, "OPS-DOVE", f"the dove should discard all of {cards}; discarded: {gained}")
            who = winner if winner is not None else starter
            if "unicorn" in acting and readings["ops.dove-unicorn-leader"] == "animal":
                rest = [(q, c) for q, c in full if c != "unicorn"]  # the unicorn wins nothing
                w2 = expected_winner(rest, rules, readings)[0] if rest else None
                who = w2 if w2 is not None else starter
            if aj["phase"] == "play":
                require(aj["leader"] == who, "OPS-DOVE",
                        f"after a dove trick the player who won it (player {who}) leads, not player {aj['leader']}",
                        dove_leader_alternatives(full, aj["leader"], who, winner, why, rules))
            return
        if winner is None:
            if aj["phase"] == "play":
                require(aj["leader"] == starter, "OPS-ALL-DISCARDED-STARTER",
                        f"nobody won the trick; the starter (player {starter}) should lead, not {aj['leader']}")
            return
        if aj["phase"] == "play" and aj["leader"] != winner:
            taken = [c for c in cards if c not in aj["discarded"]]
            if "monkey" not in acting and taken and all(c in aj["won"][winner] for c in taken):
                why = "OPS-WINNER-LEADS"  # the right player took the trick; another one leads
            elif why in ("OPS-TRICK-WINNER", "OPS-RULE-COLOUR-REVERSED"):
                why = pairwise(dict(full).get(aj["leader"]), dict(full)[winner], rules)
            require(False, why, f"trick {cards} (rules {rules}): player {winner} should win "
                    f"and lead, but player {aj['leader']} leads")
        if aj["phase"] == "play":
            require(aj["leader"] in [p for p, _ in full], "OPS-TRICK-WINNER",
                    f"player {aj['leader']} leads the next trick but took no part in this one")
        if "monkey" not in acting:
            taken = [c for c in cards if c not in aj["discarded"]]
            missing = [c for c in taken if c not in aj["won"][winner]]
            require(not missing, why if why != "OPS-TRICK-WINNER" else "OPS-WINNER-TAKES",
                    f"trick {cards} (rules {rules}): player {winner} should take {taken}, missing {missing}")

    @staticmethod
    def _check_card_on_table(bj: dict, p: int, card: str, aj: dict) -> None:
        """OPS-TRICK-BASICS: the player puts the very card they named from their hand on the table;
        no other hand changes. A complete trick leaves the table whole: each of its cards is then on
        a won pile or discarded (OPS-WINNER-TAKES, OPS-DOVE, OPS-RULE-EQUAL-DISCARDED)."""
        want = [c for c in bj["hands"][p] if c != card]
        require(aj["hands"][p] == want, "OPS-TRICK-BASICS",
                f"player {p} played {card}: their hand should become {want}, is {aj['hands'][p]}")
        others = [q for q in range(bj["players"]) if q != p and aj["hands"][q] != bj["hands"][q]]
        require(not others, "OPS-TRICK-BASICS", f"player {p} played {card}, but the hands of {others} changed")
        full = bj["trick"] + [{"player": p, "card": card}]
        if len(full) < bj["players"] or aj["phase"] == "monkey":
            require(aj["trick"] == full, "OPS-TRICK-BASICS",
                    f"player {p} played {card}: the trick on the table should be {full}, is {aj['trick']}")
            return
        placed = Counter(c for pile in aj["won"] for c in pile) + Counter(aj["discarded"])
        placed -= Counter(c for pile in bj["won"] for c in pile) + Counter(bj["discarded"])
        cards = sorted(pc["card"] for pc in full)
        require(not aj["trick"] and sorted(placed.elements()) == cards, "OPS-WINNER-TAKES",
                f"the trick {cards} should leave the table onto won piles or the discard pile; "
                f"still on the table {aj['trick']}, newly placed {sorted(placed.elements())}")

    def _check_round(self, aj: dict) -> None:
        last = aj["history"][-1]
        require(not any(aj["hands"]), "OPS-ROUND-END", "the round was scored while cards were still in hand")
        rules = revealed_rules(aj)
        want = stars_of(aj["won"], aj["team_cards"], rules, self.table)
        got = last["stars"]
        if got != want:
            blame = "OPS-ROUND-SCORE"
            for r, cid in SCORING_CLAUSE.items():
                if r in rules and stars_of(aj["won"], aj["team_cards"], rules, self.table, skip=r) == got:
                    blame = cid
            raise ClauseViolation(blame, f"round {last['round']}: stars should be {want} (rules {rules}), engine says {got}")
        crown = next(t for t in aj["team_cards"] if t.endswith("+crown"))[0]
        if want["A"] == want["B"]:
            w, cid = crown, "OPS-ROUND-TIE-CROWN"
        elif "fewest-stars" in rules:
            w, cid = min("AB", key=lambda t: want[t]), "OPS-RULE-FEWEST-STARS"
        else:
            w, cid = max("AB", key=lambda t: want[t]), "OPS-ROUND-WINNER"
        require(last["winner"] == w, cid, f"round {last['round']}: stars {want}, rules {rules}: team {w} should win, "
                f"engine says {last['winner']}")

    def _check_trophies(self, bj: dict, aj: dict) -> None:
        w = bj["history"][-1]["winner"]
        for p, t in enumerate(bj["team_cards"]):
            got = len(aj["trophies"][p]) - len(bj["trophies"][p])
            want = 1 if team_letter(t) == w else 0
            require(got == want, "OPS-TROPHY-DRAW", f"player {p} (team {team_letter(t)}, winners {w}) drew {got} tokens")
        if aj["phase"] != "over":
            require(aj["round"] == bj["round"] + 1, "OPS-GAME-LENGTH", f"round {bj['round']} should be followed by "
                    f"round {bj['round'] + 1}")

    def _check_result(self, aj: dict) -> None:
        require(len(aj["history"]) == 4, "OPS-GAME-LENGTH", f"the game ended after {len(aj['history'])} rounds, not 4")
        points = [sum(t) for t in aj["trophies"]]
        best = max(points)
        top = [p for p, v in enumerate(points) if v == best]
        res = aj["result"]
        if len(top) > 1:
            require(res["winners"] == [], "OPS-GAME-TIE", f"points {points}: a tie means no winner, got {res['winners']}")
        else:
            require(res["winners"] == top, "OPS-GAME-END", f"points {points}: player {top[0]} wins, got {res['winners']}")
