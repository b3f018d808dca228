"""Readable play-log lines and positions: ``describe_action``, ``describe_events``, ``describe_state``."""

from __future__ import annotations

from engine.opsnorren.cards import CARD_ID, NAMES, show
from engine.opsnorren.rulecards import RULE_IDS, RULE_TEXT
from engine.opsnorren.state import MONKEY, OVER, PLAY, TROPHIES


def describe_action(eng, s, action) -> str:
    from engine.canonical import dumps

    if not isinstance(action, dict):
        return dumps(action)
    t = action.get("type")
    p = action.get("player")
    if t == "play":
        return f"player {p} plays {action.get('card')}"
    if t == "pass":
        return f"player {p} passes {', '.join(map(str, action.get('cards', [])))} to player {(p + 1) % s.n if isinstance(p, int) else '?'}"
    if t == "monkey":
        return f"player {p} takes {action.get('card')} with the monkey"
    if t == "chance":
        ev = action.get("event")
        out = action.get("outcome") or [{}]
        try:
            if ev == "rule-cards":
                row = list(out[0]["row"]) + list(out[1]["row"])
                return "rule cards drawn, left to right: " + ", ".join(row)
            if ev == "teams":
                return "team cards: " + ", ".join(f"player {k} {v[0]}" for k, v in sorted(out[0].items(), key=lambda kv: int(kv[0])))
            if ev == "deal":
                return f"animal cards dealt ({len(out[0].get('aside', []))} aside)" + (
                    "; jokers dealt to the team of two" if len(out) > 1 else "")
            if ev == "trophies":
                return "trophy tokens drawn by " + ", ".join(
                    f"player {k}" for k in sorted((k for k in out[0] if k != "aside"), key=int))
        except (KeyError, TypeError, IndexError, ValueError):
            pass
        return f"chance: {ev}"
    return dumps(action)


def describe_events(eng, before, action, after) -> list[str]:
    ev: list[str] = []
    t = action.get("type") if isinstance(action, dict) else None
    if t == "play" and len(before.trick) == before.n - 1 or t == "monkey":
        trick = before.trick + ((action["player"], CARD_ID[action["card"]]),) if t == "play" else before.trick
        if after.phase == MONKEY:
            res = eng.resolution(after)
            ev.append(f"player {res.monkey} played the monkey and picks one of: {show(res.candidates)}")
        else:
            res = eng.resolve_trick(trick, before.leader, eng.rs(before), before.team_of)
            if res.equal_gone:
                ev.append(f"equal values discarded: {show(res.equal_gone)}")
            if res.dove:
                ev.append(f"the dove discards the trick ({show(c for _, c in trick)})")
            if res.taker is not None:
                ev.append(f"player {res.taker} wins the trick" + (f" ({show(res.to_taker)})" if res.to_taker else ""))
            elif not res.dove:
                ev.append("nobody wins the trick")
            ev.append(f"player {res.next_leader} leads the next trick" if after.phase == PLAY else "")
    if after.phase == TROPHIES and before.phase != TROPHIES:
        r, a, b, w = after.history[-1]
        ev.append(f"round {r} over: team A {a} stars, team B {b} stars; team {'AB'[w]} wins the round")
    if t == "chance" and before.phase == TROPHIES:
        for p in range(after.n):
            if len(after.trophies[p]) > len(before.trophies[p]):
                ev.append(f"player {p} draws a trophy token worth {after.trophies[p][-1]}")
        if after.phase == OVER:
            res = eng.final_result(after.trophies)
            pts = ", ".join(f"player {p} {v}" for p, v in enumerate(res["points"]))
            ev.append(f"game over: {pts}; " + (f"player {res['winners'][0]} wins" if res["winners"]
                                               else "a tie for the most points: no winner"))
        else:
            rid = RULE_IDS[after.rules[after.revealed - 1]]
            ev.append(f"round {after.round}: rule card revealed: {rid} ({RULE_TEXT[rid]})")
    if t == "chance" and before.phase == 0:
        rid = RULE_IDS[after.rules[0]]
        ev.append(f"round 1: rule card revealed: {rid} ({RULE_TEXT[rid]})")
    return [e for e in ev if e]


def describe_state(eng, s) -> str:
    """A short position text for witnesses: round, revealed rule cards, teams, the trick, who
    is to move and their hand (cards as ``blue 7``)."""
    from engine.opsnorren.state import PHASES

    parts = [f"{s.n} players, round {s.round}, {PHASES[s.phase]}"]
    if s.revealed:
        parts.append("rules: " + ", ".join(RULE_IDS[r] for r in s.rules[: s.revealed]))
    if s.teams is not None:
        teams = " / ".join(f"{'AB'[t]}: " + " ".join(str(p) + ("*" if p == s.crown else "")
                                                    for p in range(s.n) if s.team_of[p] == t) for t in (0, 1))
        parts.append(f"teams {teams} (* crown)")
    if s.trick:
        parts.append(f"trick led by player {s.leader}: " + ", ".join(f"player {p} {NAMES[c]}" for p, c in s.trick))
    who = eng.to_move(s)
    if isinstance(who, int):
        parts.append(f"player {who} to move, hand: {show(s.hands[who])}")
    elif who == "chance":
        parts.append(f"chance: {eng.chance(s)['event']}")
    if s.phase == OVER:
        res = eng.final_result(s.trophies)
        parts.append(f"result: points {res['points']}, winners {res['winners']}")
    return "; ".join(parts)
