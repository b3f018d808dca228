"""What the Opsnorren Z3 model takes from ``specs/`` (never from ``engine/``).

- the card notation (the card names of the ``stars`` parameter, checked against the
  state schema's card pattern): colour names in canonical order, values, the jokers;
- the colour strength (clause OPS-COLOUR-ORDER: its quote lists the colours weak to
  strong, in Dutch; checked against the notation's colour order);
- the rule cards and their piles (parameter ``rule-piles``);
- team sizes and cards per player (clause OPS-DEAL-TABLE: the seed's table, parsed from
  the clause's quote);
- the choices and their options (``choices.toml``).

Every clause id the proofs cite is checked to exist (``clause()``), so a renamed clause
breaks the proofs loudly instead of leaving a dangling reference.
"""

from __future__ import annotations

import functools
import re

import specs

GAME = "opsnorren"
DUTCH_COLOUR = {"groen": "green", "roze": "pink", "oranje": "orange", "blauw": "blue"}

#: the rule cards whose text changes how a single trick is played or resolved, and how
#: (the model's transformer for each, see model.py). Every other known card is listed in
#: NOT_TRICK_PLAY with the reason it leaves a trick alone; a card in neither list is an
#: error, so a new card in the specs cannot be ignored silently.
TRICK_PLAY = ("two-wins", "equal-discarded", "colour-reversed", "three-lowest", "new-lead-colour")
NOT_TRICK_PLAY = {
    "green-negative": "round scoring only (stars of won green cards)",
    "pink-open": "information only: pink cards are shown, play and resolution unchanged",
    "pass-three": "before the first trick of a round (hands change, tricks do not)",
    "most-blue": "round scoring only",
    "pink-plus-one": "round scoring only",
    "fewest-stars": "round winner comparison only",
}


@functools.cache
def spec():
    return specs.load(GAME)


def clause(cid: str) -> str:
    if cid not in spec().clauses:
        raise specs.SpecError(f"proofs/opsnorren cite clause {cid}, which specs/opsnorren/clauses.toml lacks")
    return cid


def clauses(*cids: str) -> tuple[str, ...]:
    return tuple(clause(c) for c in cids)


@functools.cache
def card_names() -> tuple[str, ...]:
    """The card notation, in canonical order: the card names of the ``stars`` parameter
    (one entry per card of the game), checked against the state schema's card pattern."""
    names = tuple(spec().param("stars")["stars"])
    pattern = _find_key(spec().state_schema, "pattern", "unicorn")
    if pattern:
        bad = [n for n in names if not re.match(pattern, n)]
        if bad:
            raise specs.SpecError(f"card names {bad[:3]} do not match the state schema's card pattern {pattern}")
    return names


def _find_key(obj, key: str, needle: str):
    """The first string value under ``key`` in a JSON schema that mentions ``needle``."""
    if isinstance(obj, dict):
        v = obj.get(key)
        if isinstance(v, str) and needle in v:
            return v
        obj = list(obj.values())
    if isinstance(obj, list):
        for v in obj:
            found = _find_key(v, key, needle)
            if found:
                return found
    return None


@functools.cache
def colours() -> tuple[str, ...]:
    """Colour names, weak to strong (OPS-COLOUR-ORDER), in the card notation."""
    seen: list[str] = []
    for n in card_names():
        parts = n.split(" ")
        if len(parts) == 2 and parts[0] not in seen:
            seen.append(parts[0])
    quote = " ".join(spec().clauses[clause("OPS-COLOUR-ORDER")].quotes).lower()
    order = sorted(DUTCH_COLOUR, key=lambda d: quote.index(d))
    from_text = [DUTCH_COLOUR[d] for d in order]
    if from_text != seen:
        raise specs.SpecError(f"OPS-COLOUR-ORDER lists {from_text}, the card notation {seen}")
    return tuple(seen)


@functools.cache
def values() -> tuple[int, ...]:
    vals = sorted({int(n.split(" ")[1]) for n in card_names() if " " in n})
    return tuple(vals)


@functools.cache
def jokers() -> tuple[str, ...]:
    return tuple(n for n in card_names() if " " not in n)


def animal_name(colour: int, value: int) -> str:
    return f"{colours()[colour]} {value}"


@functools.cache
def rule_cards() -> tuple[str, ...]:
    piles = spec().param("rule-piles")["rule_piles"]
    ids = tuple(piles["white"]) + tuple(piles["black"])
    unknown = [r for r in ids if r not in TRICK_PLAY and r not in NOT_TRICK_PLAY]
    if unknown:
        raise specs.SpecError(f"rule card(s) {unknown} are neither modelled as trick play nor listed as leaving "
                              "a trick alone (proofs/opsnorren/spec.py)")
    return ids


@functools.cache
def rule_piles() -> dict[str, tuple[str, ...]]:
    rp = spec().param("rule-piles")["rule_piles"]
    return {"white": tuple(rp["white"]), "black": tuple(rp["black"])}


@functools.cache
def trick_play_cards() -> tuple[str, ...]:
    """Trick-play rule cards, in the order the specs list the rule cards."""
    return tuple(r for r in rule_cards() if r in TRICK_PLAY)


@functools.cache
def row_places() -> dict[str, int]:
    """Places per pile in the rule row, left to right (OPS-SETUP-RULE-ROW: '2 witte en 2 zwarte
    kaarten ... met de witte kaarten links')."""
    q = " ".join(spec().clauses[clause("OPS-SETUP-RULE-ROW")].quotes)
    m = re.search(r"(\d+) witte en (\d+) zwarte", q)
    if not m or "witte kaarten links" not in q:
        raise specs.SpecError(f"OPS-SETUP-RULE-ROW: cannot read the row's places from {q!r}")
    return {"white": int(m[1]), "black": int(m[2])}


def rule_clause(card: str) -> str:
    return clause("OPS-RULE-" + card.upper())


@functools.cache
def deal_table() -> dict[int, dict]:
    """players -> {"teams": (small, large), "cards": per player, "small_animals": n or None} (OPS-DEAL-TABLE)."""
    out = {}
    for q in spec().clauses[clause("OPS-DEAL-TABLE")].quotes:
        m = re.match(r"\|\s*(\d+)\s*\|\s*(\d+) tegen (\d+)\s*\|\s*(\d+)(.*)\|", q)
        if not m:
            continue
        n, a, b, k, rest = int(m[1]), int(m[2]), int(m[3]), int(m[4]), m[5]
        small = re.search(r"(\d+) dierkaarten en (\d+) joker", rest)
        out[n] = {"teams": (a, b), "cards": k,
                  "small_animals": int(small[1]) if small else None,
                  "small_jokers": int(small[2]) if small else 0}
    if sorted(out) != [3, 4, 5, 6]:
        raise specs.SpecError(f"OPS-DEAL-TABLE: could not read the table for 3-6 players, got {sorted(out)}")
    return out


@functools.cache
def team_cards(n: int) -> tuple[str, ...]:
    return tuple(spec().param("team-cards")["team_cards"][str(n)])


def choices() -> dict:
    return spec().choices


def options(cid: str) -> tuple[str, ...]:
    return tuple(spec().choices[cid].options)


def default(cid: str) -> str:
    return spec().choices[cid].default


#: the choices that change one trick's play or resolution (the model's reading parameters)
TRICK_CHOICES = ("ops.joker-lead-colour", "ops.winner-rule-order", "ops.no-winner", "ops.dove-with-monkey",
                 "ops.monkey-pick", "ops.monkey-discarded", "ops.equal-values-jokers", "ops.dove-unicorn-leader",
                 "ops.colour-reversed-scope", "ops.lead-colour-binds")
#: choices that leave a single trick alone (handled by hand-built vectors, see vectors.py)
OTHER_CHOICES = ("ops.pass-jokers", "ops.beginner-setup")


def check_choices() -> None:
    """Every choice in the specs is either a reading of the trick model or listed as other:
    a new choice must be modelled (or listed) before the proofs run."""
    unknown = sorted(set(spec().choices) - set(TRICK_CHOICES) - set(OTHER_CHOICES))
    if unknown:
        raise specs.SpecError(f"choices {unknown} are not modelled by proofs/opsnorren (spec.TRICK_CHOICES)")
    missing = sorted(set(TRICK_CHOICES) - set(spec().choices))
    if missing:
        raise specs.SpecError(f"proofs/opsnorren model choices {missing} that specs/opsnorren/choices.toml lacks")
