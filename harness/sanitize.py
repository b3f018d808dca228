"""Text an engine sent, made safe for each output before it is shown: one function per kind.

An engine's messages, witnesses, names and stderr may hold any code point. Shown raw,
control characters drive the terminal (ESC sequences), bidi controls make the printed
report read differently from its data ("Trojan Source", CVE-2021-42574), and XML 1.0 has
no room for most control characters, lone surrogates or U+FFFE / U+FFFF at all.

- ``terminal(text)``: every character of ``UNSAFE`` becomes a visible escape (``\\x1b``,
  ``\\u202e``, ``\\U0010ffff``); newline and tab stay.
- ``xml(text)``: the same, so the text is XML 1.0 character data (``#x9 | #xA | #xD |
  [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]``, minus what ``UNSAFE`` names). The
  XML writer escapes markup (``<``, ``&``, quotes).
- ``html(text)``: the same, with markup escaped (``html.escape``).
- ``json_document(data)``: the JSON report's text, keeping every string exactly: control
  characters and lone surrogates as JSON escapes (``\\u001b``, ``\\ud800``).

``UNSAFE``: C0 controls but tab and newline, DEL and the C1 controls, the bidi controls
(U+061C, U+200E/F, U+202A-202E, U+2066-2069), the line and paragraph separators
(U+2028/2029), surrogates, and the non-characters (U+FDD0-FDEF and the last two code
points of every plane).
"""

from __future__ import annotations

import html as _html
import json
import re

_NONCHARACTERS = "\ufdd0-\ufdef" + "".join(f"{chr(p * 0x10000 + 0xFFFE)}{chr(p * 0x10000 + 0xFFFF)}"
                                              for p in range(17))
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                    "\ud800-\udfff" + _NONCHARACTERS + "]")


def _escape(m: re.Match) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}" if c < 0x10000 else f"\\U{c:08x}"


def visible(text) -> str:
    """``text`` (any object, as ``str``) with every ``UNSAFE`` character as a visible escape."""
    if not isinstance(text, str):
        text = str(text)
    return UNSAFE.sub(_escape, text)


def terminal(text) -> str:
    """Engine text for the terminal: no control, bidi or separator character left raw."""
    return visible(text)


def xml(text) -> str:
    """Engine text for XML character data or attributes (the writer escapes markup)."""
    return visible(text)


def html(text) -> str:
    """Engine text for an HTML page: visible escapes, markup escaped."""
    return _html.escape(visible(text))


_SURROGATE = re.compile("[\ud800-\udfff]")


def json_document(data) -> str:
    """The JSON report's text, strict UTF-8 once encoded: a lone surrogate (which only a JSON
    string can hold) becomes its JSON escape ``\\udXXX``, so the data reads back exactly."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(data, indent=1, ensure_ascii=False))
