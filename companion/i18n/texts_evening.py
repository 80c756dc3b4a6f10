"""Platform texts of the evening page: every game, winners, charts, standings; print and download (issue #28), merged into ``catalogue``."""

TEXTS: dict[str, dict[str, str]] = {
    "en": {
    },
    "de": {
    },
}
