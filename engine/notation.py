"""Notation: differences between two engines' answers that carry no rule (docs/protocol.md, "Notation").

An engine's answers are compared with the reference's modulo notation. What counts as
notation is game knowledge, so each game says it in ``engine/<game>/notation.py`` and its
reference engine exposes it (``Engine.canonical_action``, ``Engine.action_variants``,
``Engine.observation_view``); the generic layers (lockstep, probes) only call those.

- ``canonical_action``: the one spelling of an action whose parts form a set (the order of the
  cards of a Dnup set or an Opsnorren pass). Two spellings with the same canonical form are
  the same action in every state.
- ``action_variants``: other spellings that are the same action *when they lead to the same
  state* (the two orders of a Sorry! split 7 whose parts are independent); the harness
  confirms it by the successor before treating them as one.
- ``observation_view``: an observation with public information presented one way (Dnup's
  pending deal, drawn from the public pool, shown as its event alone), and without the
  optional fields of every observation (``OPTIONAL_OBSERVATION``).
"""

from __future__ import annotations

#: observation fields an engine may leave out or add (docs/protocol.md, "Observations")
OPTIONAL_OBSERVATION = ("observer",)


def without_optional(observation):
    """``observation`` without the optional fields every game allows."""
    if not isinstance(observation, dict):
        return observation
    return {k: v for k, v in observation.items() if k not in OPTIONAL_OBSERVATION}


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
