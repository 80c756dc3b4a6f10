"""Platform texts of the light and dark themes and the table's switch (issue #28), merged into ``catalogue``."""

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "page.theme_auto": "◐ As the device",
        "page.theme_dark": "☾ Dark",
        "page.theme_light": "☀ Light",
        "page.theme_label": "Colours: {now} (tap to change)",
    },
    "de": {
        "page.theme_auto": "◐ Wie das Gerät",
        "page.theme_dark": "☾ Dunkel",
        "page.theme_light": "☀ Hell",
        "page.theme_label": "Farben: {now} (tippen zum Wechseln)",
    },
}
