"""Dnup notation (docs/protocol.md, "Notation"): the cards of a set in any order; the pending deal
in an observation shown with or without its draws (the pool is every card in play, public)."""

from __future__ import annotations

from engine.notation import without_optional


def canonical_action(action):
    """A ``play`` action with its cards sorted by id, the canonical order (DNP-ACTION-A plays a set)."""
    if isinstance(action, dict) and action.get("type") == "play":
        cards = action.get("cards")
        if isinstance(cards, list) and all(isinstance(c, str) for c in cards) and cards != sorted(cards):
            return {**action, "cards": sorted(cards)}
    return action


def observation_view(observation):
    """The observation with a pending chance event shown by its name alone: every Dnup draw is
    from the cards in play, which every player knows (deck, removed cards), so showing the
    draws tells nothing hidden."""
    obs = without_optional(observation)
    if isinstance(obs, dict) and isinstance(obs.get("chance"), dict):
        obs = {**obs, "chance": {"event": obs["chance"].get("event")}}
    return obs
