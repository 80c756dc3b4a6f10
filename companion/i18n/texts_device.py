"""Platform texts of the phone as an app: the your-move cue, the mute switch, keeping awake, installing (issue #28), merged into ``catalogue``."""

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "device.sound_on": "Sound on",
        "device.sound_off": "Sound off",
        "device.sound_label": "A short sound when it is your move",
        "device.awake_failed": "This browser does not let the page keep the screen on: it may go dark "
                               "during the game. Tap to close.",
        "device.install": "Add to home screen",
    },
    "de": {
        "device.sound_on": "Ton an",
        "device.sound_off": "Ton aus",
        "device.sound_label": "Ein kurzer Ton, wenn du dran bist",
        "device.awake_failed": "Dieser Browser lässt die Seite den Bildschirm nicht wach halten: er kann "
                               "während des Spiels ausgehen. Tippen zum Schließen.",
        "device.install": "Zum Startbildschirm hinzufügen",
    },
}
