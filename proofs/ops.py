"""Boolean and conditional helpers that work on Z3 terms *and* on plain Python values.

Each game's model (Sorry!, Dnup) is written once with these; called with Z3 variables it is the
symbolic model the theorems prove things about, called with ints it is a fast concrete
evaluator (the agreement tests run it against the engine on thousands of moves). So
the code that is proved is the code that is tested.

TOOLING.md: Python ``if/and/or`` on Z3 terms raise; these dispatch on the type.
"""

from __future__ import annotations

import z3


def is_sym(x) -> bool:
    return isinstance(x, z3.ExprRef)


def If(c, a, b):
    if isinstance(c, bool):
        return a if c else b
    return z3.If(c, a, b)


def _fold(xs, absorbing: bool, op):
    """``op`` of ``xs`` with the Python bools folded in: ``absorbing`` decides, its negation drops out."""
    out = []
    for x in xs:
        if x is absorbing:
            return absorbing
        if x is (not absorbing):
            continue
        out.append(x)
    if not out:
        return not absorbing
    return out[0] if len(out) == 1 else op(*out)


def And(*xs):
    return _fold(xs, False, z3.And)


def Or(*xs):
    return _fold(xs, True, z3.Or)


def Not(x):
    return (not x) if isinstance(x, bool) else z3.Not(x)


def Implies(a, b):
    return Or(Not(a), b)


def In(x, values) -> object:
    """``x`` is one of ``values`` (concrete values)."""
    if not is_sym(x):
        return x in values
    return Or(*[x == v for v in values])


def Sum(xs):
    xs = list(xs)
    if not any(is_sym(x) for x in xs):
        return sum(xs)
    return z3.Sum([z3.IntVal(x) if isinstance(x, int) else x for x in xs])


def b2i(x):
    return If(x, 1, 0)
