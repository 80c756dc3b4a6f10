"""Platform texts of the phone as an app: the your-move cue, the mute switch, keeping awake, installing (issue #28), merged into ``catalogue``."""

TEXTS: dict[str, dict[str, str]] = {
    "en": {
    },
    "de": {
    },
}
