"""Comparing a candidate's answers with the reference's modulo notation (docs/protocol.md, "Notation").

The game knowledge is the reference engine's (``Engine.canonical_action``, ``action_variants``,
``observation_view``; see ``engine.notation``); this module applies it to what
:class:`harness.explore.lockstep.Lockstep` compares:

- legal action sets, each candidate action in its canonical spelling;
- a forbidden-action probe that is only another spelling of a legal action is no rule probe:
  the candidate may refuse it with any code, or accept it and reach that action's successor;
- observations by information: the reference's fields (required) against the candidate's,
  both in the game's view; fields the reference does not show are ignored unless they are
  fields of the state the reference hides (a leak).
"""

from __future__ import annotations

from engine.canonical import dumps, same


def canonical_set(reference, actions) -> tuple[dict[str, dict], int]:
    """Canonical text -> action, for the candidate's list; and how many entries repeat an action
    (the same action listed twice, possibly in two spellings)."""
    out: dict[str, dict] = {}
    for a in actions:
        out.setdefault(dumps(reference.canonical_action(a)), a)
    return out, len(actions) - len(out)


def spellings_in(reference, action, legal_keys, state=None) -> list[dict]:
    """The spellings of ``action`` other than itself that name an action of ``legal_keys`` (canonical
    texts of the reference's legal actions): its canonical form, or a variant (same action when it
    leads to the same state)."""
    out = []
    canon = reference.canonical_action(action)
    if canon is not action and not same(canon, action) and dumps(canon) in legal_keys:
        out.append(canon)
    out += [v for v in reference.action_variants(action, state) if dumps(v) in legal_keys]
    return out


def variant_pairs(reference, missing: list[dict], extra: list[dict], state=None) -> list[tuple[dict, dict]]:
    """(reference's action, candidate's spelling) pairs among a legal-set difference that may be one
    action in two spellings (``Engine.action_variants``); the successor decides."""
    keys = {dumps(m): m for m in missing}
    return [(keys[dumps(v)], x) for x in extra for v in reference.action_variants(x, state) if dumps(v) in keys]


