"""Platform texts of the host's per-step timer and the running scores (issue #28), merged into ``catalogue``."""

TEXTS: dict[str, dict[str, str]] = {
    "en": {
    },
    "de": {
    },
}
