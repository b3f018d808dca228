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

from engine.canonical import dumps


def canonical_set(reference, actions) -> tuple[dict[str, dict], int]:
    """Canonical text -> action, for the candidate's list; and how many entries repeat an action
    (the same action listed twice, possibly in two spellings)."""
    out: dict[str, dict] = {}
    for a in actions:
        out.setdefault(dumps(reference.canonical_action(a)), a)
    return out, len(actions) - len(out)


def spellings_in(reference, action, legal_keys) -> list[dict]:
    """The spellings of ``action`` other than itself that name an action of ``legal_keys`` (canonical
    texts of the reference's legal actions): its canonical form, or a variant (same action when it
    leads to the same state)."""
    out = []
    canon = reference.canonical_action(action)
    if canon is not action and dumps(canon) != dumps(action) and dumps(canon) in legal_keys:
        out.append(canon)
    out += [v for v in reference.action_variants(action) if dumps(v) in legal_keys]
    return out


def variant_pairs(reference, missing: list[dict], extra: list[dict]) -> list[tuple[dict, dict]]:
    """(reference's action, candidate's spelling) pairs among a legal-set difference that may be one
    action in two spellings (``Engine.action_variants``); the successor decides."""
    keys = {dumps(m): m for m in missing}
    return [(keys[dumps(v)], x) for x in extra for v in reference.action_variants(x) if dumps(v) in keys]


def observation_views(reference, state_json: dict, ref_obs, cand_obs):
    """(reference's view, candidate's view) of one observation, to compare as canonical JSON. The
    candidate's view keeps the reference's fields (required) and any field of the state the
    reference's observation leaves out (hidden: showing it is a leak); other extra fields are dropped."""
    r = reference.observation_view(ref_obs)
    c = reference.observation_view(cand_obs)
    if not isinstance(r, dict) or not isinstance(c, dict):
        return r, c
    hidden = {k for k in state_json if k not in r} if isinstance(state_json, dict) else set()
    return r, {k: v for k, v in c.items() if k in r or k in hidden}
