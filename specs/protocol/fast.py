"""A fast yes/no JSON Schema check: a subset of draft 2020-12 compiled to Python source.

The referee checks every state a candidate returns against the game's schema; with
``jsonschema`` that costs 1-2 ms per state, more than the transition itself. ``compile``
turns a schema into a Python function ``obj -> bool`` (one ``def`` per ``$ref`` target and
combinator branch, the rest inlined), 100-170x faster on the game states. It is only a fast path:

- a schema using a keyword outside the subset below is not compiled (``compile`` returns
  a function that calls ``jsonschema``), so the answer is always the standard one;
- callers use ``jsonschema`` itself to explain a ``False`` (and trust it over us).

Subset: type, const, enum, properties, required, additionalProperties,
patternProperties, propertyNames, minProperties, maxProperties, items, prefixItems,
minItems, maxItems, uniqueItems, contains, minimum, maximum, exclusiveMinimum,
exclusiveMaximum, multipleOf, minLength, maxLength, pattern, allOf, anyOf, oneOf, not,
if/then/else, $ref (within the schema, or to another schema of a registry by URI),
$defs/definitions; annotations (title, description, $comment, examples, default,
format, deprecated, readOnly, writeOnly, $schema, $id, $anchor-free) are ignored, as
jsonschema ignores format by default.
"""

from __future__ import annotations

import re
from typing import Any, Callable
from urllib.parse import urldefrag, urljoin

Check = Callable[[Any], bool]

ANNOTATIONS = {"title", "description", "$comment", "examples", "default", "format", "deprecated", "readOnly",
               "writeOnly", "$schema", "$id", "$defs", "definitions", "contentMediaType", "contentEncoding"}
SUPPORTED = ANNOTATIONS | {
    "type", "const", "enum", "properties", "required", "additionalProperties", "patternProperties",
    "propertyNames", "minProperties", "maxProperties", "items", "prefixItems", "minItems", "maxItems",
    "uniqueItems", "contains", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
    "minLength", "maxLength", "pattern", "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref",
}


class Unsupported(Exception):
    pass


def equal(a, b) -> bool:
    """JSON equality as jsonschema has it: true is not 1, 1 is 1.0, objects unordered."""
    if type(a) is bool or type(b) is bool:
        return type(a) is type(b) and a == b
    if type(a) is str or type(b) is str:
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(equal(a[k], b[k]) for k in a)
    if isinstance(a, (list, dict)) or isinstance(b, (list, dict)):
        return False
    return a == b


def _resolve_pointer(doc, pointer: str):
    if pointer in ("", "#"):
        return doc
    for part in pointer.lstrip("#").lstrip("/").split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        doc = doc[int(part)] if isinstance(doc, list) else doc[part]
    return doc


class CodeGen:
    """Compiles a schema to Python source: one function per $ref target / combinator
    branch, everything else inlined with early ``return False`` (3-5x faster than closures)."""

    def __init__(self, resources: dict[str, dict] | None = None):
        self.resources = dict(resources or {})
        self.names: dict[tuple[str, str], str] = {}
        self.funcs: list[str] = []
        self.consts: dict[str, Any] = {"_equal": equal, "_re": re}
        self.n = 0

    def _new(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n}"

    def const(self, value) -> str:
        name = self._new("K")
        self.consts[name] = value
        return name

    def build(self, schema) -> Check:
        base = ""
        if isinstance(schema, dict) and "$id" in schema:
            base = schema["$id"]
            self.resources.setdefault(urldefrag(base)[0], schema)
        entry = self.func(schema, base, schema)
        src = "\n\n".join(self.funcs)
        ns = dict(self.consts)
        exec(compile_source(src), ns)  # noqa: S102  (source generated from the schema's structure)
        return ns[entry]

    def func(self, schema, base: str, root) -> str:
        name = self._new("f")
        body = self.emit(schema, "x", base, root, 1)
        self.funcs.append(f"def {name}(x):\n" + "\n".join(body + ["    return True"]))
        return name

    def ref(self, ref: str, base: str, root) -> str:
        uri = urljoin(base, ref) if base else ref
        doc_uri, frag = urldefrag(uri)
        key = (doc_uri, frag)
        if key in self.names:
            return self.names[key]
        if doc_uri and doc_uri in self.resources:
            doc = self.resources[doc_uri]
        elif not doc_uri or doc_uri == urldefrag(base)[0]:
            doc = root
        else:
            raise Unsupported(f"$ref to unknown resource {uri}")
        if frag and not frag.startswith("/"):
            raise Unsupported("$anchor references")
        target = _resolve_pointer(doc, frag)
        name = self._new("r")
        self.names[key] = name
        body = self.emit(target, "x", doc_uri or base, doc, 1)
        self.funcs.append(f"def {name}(x):\n" + "\n".join(body + ["    return True"]))
        return name

    def emit(self, s, v: str, base: str, root, ind: int) -> list[str]:
        """Lines that ``return False`` when ``v`` fails ``s``."""
        pad = "    " * ind
        if s is True:
            return []
        if s is False:
            return [f"{pad}return False"]
        if not isinstance(s, dict):
            raise Unsupported(f"schema is {type(s).__name__}")
        unknown = set(s) - SUPPORTED
        if unknown:
            raise Unsupported(f"keywords {sorted(unknown)}")
        if "$id" in s and s is not root:
            base = urljoin(base, s["$id"])
        out: list[str] = []
        known = None
        if "$ref" in s:
            out.append(f"{pad}if not {self.ref(s['$ref'], base, root)}({v}): return False")
        if "type" in s:
            ts = s["type"] if isinstance(s["type"], list) else [s["type"]]
            out.append(f"{pad}if not ({' or '.join(_type_expr(t, v) for t in ts)}): return False")
            if len(ts) == 1:
                known = ts[0]
        if "const" in s:
            c = s["const"]
            if type(c) is str:
                out.append(f"{pad}if {v} != {c!r}: return False")
            else:
                out.append(f"{pad}if not _equal({v}, {self.const(c)}): return False")
        if "enum" in s:
            vals = list(s["enum"])
            strs = frozenset(e for e in vals if type(e) is str)
            nums = frozenset(e for e in vals if type(e) in (int, float))
            other = [e for e in vals if type(e) not in (str, int, float)]
            parts = []
            if strs:
                parts.append(f"(type({v}) is str and {v} in {self.const(strs)})")
            if nums:
                parts.append(f"((type({v}) is int or type({v}) is float) and {v} in {self.const(nums)})")
            if other:
                parts.append(f"any(_equal({v}, e) for e in {self.const(other)})")
            out.append(f"{pad}if not ({' or '.join(parts) or 'False'}): return False")
        # numbers
        num = []
        for kw, op in (("minimum", "<"), ("maximum", ">"), ("exclusiveMinimum", "<="), ("exclusiveMaximum", ">=")):
            if kw in s:
                num.append(f"{v} {op} {self.const(s[kw])}")
        if "multipleOf" in s:
            num.append(f"not (({v}) / {self.const(s['multipleOf'])}).__float__().is_integer()")
        if num:
            guard = "" if known in ("integer", "number") else f"(type({v}) is int or type({v}) is float) and "
            out.append(f"{pad}if {guard}({' or '.join(num)}): return False")
        # strings
        st = []
        if "minLength" in s:
            st.append(f"len({v}) < {int(s['minLength'])}")
        if "maxLength" in s:
            st.append(f"len({v}) > {int(s['maxLength'])}")
        if "pattern" in s:
            st.append(f"{self.const(re.compile(s['pattern']))}.search({v}) is None")
        if st:
            guard = "" if known == "string" else f"type({v}) is str and "
            out.append(f"{pad}if {guard}({' or '.join(st)}): return False")
        # arrays
        arr: list[str] = []
        p2 = pad + "    "
        if "minItems" in s:
            arr.append(f"{p2}if len({v}) < {int(s['minItems'])}: return False")
        if "maxItems" in s:
            arr.append(f"{p2}if len({v}) > {int(s['maxItems'])}: return False")
        prefix = s.get("prefixItems", [])
        for i, sub in enumerate(prefix):
            w = self._new("e")
            lines = self.emit(sub, w, base, root, ind + 2)
            if lines:
                arr.append(f"{p2}if len({v}) > {i}:")
                arr.append(f"{p2}    {w} = {v}[{i}]")
                arr.extend(lines)
        if "items" in s:
            if s["items"] is False:
                arr.append(f"{p2}if len({v}) > {len(prefix)}: return False")
            else:
                w = self._new("e")
                lines = self.emit(s["items"], w, base, root, ind + 2)
                if lines:
                    src = f"{v}[{len(prefix)}:]" if prefix else v
                    arr.append(f"{p2}for {w} in {src}:")
                    arr.extend(lines)
        if s.get("uniqueItems"):
            arr.append(f"{p2}if any(_equal({v}[i], {v}[j]) for i in range(len({v})) for j in range(i)): return False")
        if "contains" in s:
            if "minContains" in s or "maxContains" in s:
                raise Unsupported("minContains/maxContains")
            fn = self.func(s["contains"], base, root)
            arr.append(f"{p2}if not any({fn}(e) for e in {v}): return False")
        if arr:
            if known == "array":
                out.extend(a[4:] for a in arr)
            else:
                out.append(f"{pad}if type({v}) is list:")
                out.extend(arr)
        # objects
        ob: list[str] = []
        if "required" in s:
            for k in s["required"]:
                ob.append(f"{p2}if {k!r} not in {v}: return False")
        if "minProperties" in s:
            ob.append(f"{p2}if len({v}) < {int(s['minProperties'])}: return False")
        if "maxProperties" in s:
            ob.append(f"{p2}if len({v}) > {int(s['maxProperties'])}: return False")
        props = s.get("properties", {})
        for k, sub in props.items():
            w = self._new("p")
            lines = self.emit(sub, w, base, root, ind + 2)
            if lines:
                ob.append(f"{p2}if {k!r} in {v}:")
                ob.append(f"{p2}    {w} = {v}[{k!r}]")
                ob.extend(lines)
        pats = [(self.const(re.compile(p)), sub) for p, sub in s.get("patternProperties", {}).items()]
        for rx, sub in pats:
            fn = self.func(sub, base, root)
            ob.append(f"{p2}for k, w in {v}.items():")
            ob.append(f"{p2}    if {rx}.search(k) is not None and not {fn}(w): return False")
        if "additionalProperties" in s and s["additionalProperties"] is not True:
            ap = s["additionalProperties"]
            kn = self.const(frozenset(props))
            rxs = self.const([rx for rx, _ in pats])
            extra_cond = f"k not in {kn}" + (f" and not any(self_rx.search(k) for self_rx in {rxs}[0:0] or [])" if False else "")
            if pats:
                extra_cond = f"k not in {kn} and not any(r.search(k) for r in [{', '.join(rx for rx, _ in pats)}])"
            if ap is False:
                if pats:
                    ob.append(f"{p2}for k in {v}:")
                    ob.append(f"{p2}    if {extra_cond}: return False")
                else:
                    ob.append(f"{p2}if not {kn}.issuperset({v}): return False")
            else:
                fn = self.func(ap, base, root)
                ob.append(f"{p2}for k, w in {v}.items():")
                ob.append(f"{p2}    if {extra_cond} and not {fn}(w): return False")
        if "propertyNames" in s:
            fn = self.func(s["propertyNames"], base, root)
            ob.append(f"{p2}for k in {v}:")
            ob.append(f"{p2}    if not {fn}(k): return False")
        if ob:
            if known == "object":
                out.extend(a[4:] for a in ob)
            else:
                out.append(f"{pad}if type({v}) is dict:")
                out.extend(ob)
        # combinators
        for sub in s.get("allOf", []):
            out.extend(self.emit(sub, v, base, root, ind))
        if "anyOf" in s:
            fns = [self.func(x, base, root) for x in s["anyOf"]]
            out.append(f"{pad}if not ({' or '.join(f'{f}({v})' for f in fns)}): return False")
        if "oneOf" in s:
            fns = [self.func(x, base, root) for x in s["oneOf"]]
            out.append(f"{pad}if ({' + '.join(f'bool({f}({v}))' for f in fns)}) != 1: return False")
        if "not" in s:
            out.append(f"{pad}if {self.func(s['not'], base, root)}({v}): return False")
        if "if" in s:
            fi = self.func(s["if"], base, root)
            ft = self.func(s["then"], base, root) if "then" in s else None
            fe = self.func(s["else"], base, root) if "else" in s else None
            if ft:
                out.append(f"{pad}if {fi}({v}) and not {ft}({v}): return False")
            if fe:
                out.append(f"{pad}if not {fi}({v}) and not {fe}({v}): return False")
        return out


def _type_expr(t: str, v: str) -> str:
    return {
        "object": f"type({v}) is dict",
        "array": f"type({v}) is list",
        "string": f"type({v}) is str",
        "integer": f"type({v}) is int or (type({v}) is float and {v}.is_integer())",
        "number": f"type({v}) is int or type({v}) is float",
        "boolean": f"type({v}) is bool",
        "null": f"{v} is None",
    }[t]


def compile_source(src: str):
    import builtins

    return builtins.compile(src, "<schema>", "exec")


def compile(schema: dict, resources: dict[str, dict] | None = None, fallback=None) -> Check:  # noqa: A001
    """``obj -> bool`` for ``schema``; when the schema is outside the subset, ``fallback``
    (default: a jsonschema validator's ``is_valid``)."""
    try:
        return CodeGen(resources).build(schema)
    except (Unsupported, KeyError, IndexError, TypeError, ValueError, re.error, SyntaxError, RecursionError):
        if fallback is not None:
            return fallback
        import jsonschema

        return jsonschema.Draft202012Validator(schema).is_valid
