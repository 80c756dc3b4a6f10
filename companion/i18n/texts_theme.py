"""Platform texts of the light and dark themes and the table's switch (issue #28), merged into ``catalogue``."""

TEXTS: dict[str, dict[str, str]] = {
    "en": {
    },
    "de": {
    },
}
