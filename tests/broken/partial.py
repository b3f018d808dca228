"""Engines that implement part of a game and say so in ``hello`` (capabilities).

``make_sorry_without_variants`` plays Sorry! without team and points play, declares the
config keys it implements, and rejects the others with ``bad-config``: a ``new`` config
with ``team`` or ``points`` set, and (as the third-party engines do) a position handed to
it through ``load`` whose ``variant`` has them. Its rules are the reference's, so a check
must find nothing outside the team and points clauses, which read ``not-applicable``.
"""

from __future__ import annotations

from engine.errors import BadConfigError
from engine.sorry import SorryEngine

UNBUILT = ("team", "points")


class SorryWithoutVariants(SorryEngine):
    """Sorry! without team play and points play (declared in hello's ``config``)."""

    name = "sorry-without-variants"
    config_keys = ["players", "colours", "first", "quick_start", "previous_winner"]

    def new_game(self, config: dict):
        for key in UNBUILT:
            if isinstance(config, dict) and config.get(key):
                raise BadConfigError(f"this engine does not implement {key!r} play")
        return super().new_game(config)

    def from_json(self, obj: dict):
        variant = obj.get("variant") if isinstance(obj, dict) else None
        for key in UNBUILT:
            if isinstance(variant, dict) and variant.get(key):
                raise BadConfigError(f"this engine does not implement {key!r} play", path=f"state/variant/{key}")
        return super().from_json(obj)


def make_sorry_without_variants(game: str = "sorry", choices: dict | None = None):
    return SorryWithoutVariants(choices)
