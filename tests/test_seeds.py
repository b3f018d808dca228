"""The project's seeds are byte-exact copies of the rulebooks it was given."""

import hashlib
from pathlib import Path

import pytest

import specs

SHARED = specs.ROOT.parent / "shared" / "seeds"
ORIGINAL = {"opsnorren": "000_d1d924bb4512dc31.txt", "sorry": "001_a239f139406cb5d8.txt", "dnup": "002_e93b6bc03aed20ca.txt"}


def sums() -> dict[str, str]:
    out = {}
    for line in (specs.SEEDS_DIR / "SHA256SUMS").read_text().splitlines():
        digest, name = line.split()
        out[name] = digest
    return out


@pytest.mark.parametrize("game", specs.GAMES)
def test_seed_matches_recorded_hash(game):
    name = specs.SEED_FILES[game]
    data = (specs.SEEDS_DIR / name).read_bytes()
    assert hashlib.sha256(data).hexdigest() == sums()[name], f"seeds/{name} was changed; it must stay byte-exact"


@pytest.mark.parametrize("game", specs.GAMES)
def test_seed_is_byte_exact_copy_of_shared_original(game):
    original = SHARED / ORIGINAL[game]
    if not original.exists():
        pytest.skip(f"{original} is not beside this checkout; the recorded hash test still guards the copy")
    assert (specs.SEEDS_DIR / specs.SEED_FILES[game]).read_bytes() == original.read_bytes()


def test_every_seed_is_utf8_text_with_lines():
    for game in specs.GAMES:
        lines = specs.seed_lines(game)
        assert len(lines) > 40, f"{game}: the rulebook looks truncated ({len(lines)} lines)"
