"""The distribution's name and version.  The version is written in one
place, pyproject.toml's ``[project] version``: a wheel carries it in its
metadata, a checkout reads it from the file itself (an editable install's
metadata may lag behind it).  ``companion --version``, /healthz and the
image tag (deploy/up) say it."""
from __future__ import annotations

import functools
import tomllib
from importlib import metadata
from pathlib import Path

#: the name on PyPI (the bare "companion" is another project's); the import
#: package and the command stay ``companion``
DISTRIBUTION = "gamenight-companion"

#: pyproject.toml beside the package: there in a checkout, not in a wheel
CHECKOUT = Path(__file__).resolve().parent.parent / "pyproject.toml"


@functools.cache
def version() -> str:
    try:
        project = tomllib.loads(CHECKOUT.read_text(encoding="utf-8"))["project"]
        if project.get("name") == DISTRIBUTION:
            return project["version"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        pass
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"
