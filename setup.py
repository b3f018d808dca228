"""The packaging pyproject.toml cannot say: which packages the wheel holds, and the
top-level data folders a run reads (seeds/, features/, docs/) carried inside the ``specs``
package as ``specs/_data/<folder>``, where ``specs/paths.py`` finds them. Everything else
(metadata, dependencies, entry points) is in pyproject.toml."""

from setuptools import find_namespace_packages, setup

#: top-level folder -> the files of it a run needs
DATA = {"seeds": ["*.nl.txt", "SHA256SUMS"], "features": ["*/*.feature"], "docs": ["*.md"]}

setup(
    packages=find_namespace_packages(include=["engine*", "harness*", "specs*", "proofs*"], exclude=["*.__pycache__"])
    + [f"specs._data.{folder}" for folder in DATA],
    package_dir={f"specs._data.{folder}": folder for folder in DATA},
    package_data={"": ["*.toml", "*.json", "*.ini"], **{f"specs._data.{folder}": globs for folder, globs in DATA.items()}},
)
