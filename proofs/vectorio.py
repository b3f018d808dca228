"""Writing and reading the vector files in ``specs/<game>/vectors/`` (one JSON file per
vector, ``indent=1``, sorted keys, UTF-8, trailing newline), shared by the games'
``proofs.<game>.vectors`` modules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable


def vector_text(vec: dict) -> str:
    """The canonical text of one vector file."""
    return json.dumps(vec, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def write_vectors(build_all: Callable[[], dict[str, dict]], out_dir: Path, stem: Callable[[str], str]) -> list[Path]:
    """Build every vector and write it to ``out_dir/<stem(name)>.json``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, vec in build_all().items():
        p = out_dir / f"{stem(name)}.json"
        p.write_text(vector_text(vec), encoding="utf-8")
        paths.append(p)
    return paths


def load_vectors(names, in_dir: Path, stem: Callable[[str], str],
                 build_all: Callable[[], dict[str, dict]]) -> dict[str, dict]:
    """The vectors on disk by name; the ones missing are built (all at once) instead."""
    out = {}
    for name in names:
        path = in_dir / f"{stem(name)}.json"
        out[name] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
    missing = [n for n, v in out.items() if v is None]
    if missing:
        built = build_all()
        out.update({n: built[n] for n in missing})
    return out


def main(write: Callable[[Path], list[Path]], default_dir: Path) -> None:
    """``python -m proofs.<game>.vectors [DIR]``: write the vectors, print their paths."""
    import sys

    target = Path(sys.argv[1]) if len(sys.argv) > 1 else default_dir
    for p in write(target):
        print(p)
