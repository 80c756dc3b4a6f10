"""Haiclue's German texts (same keys and placeholders as texts_en)."""
from .texts_explain_de import TEXTS as _EXPLAIN  # explain mode (issue #29)


TEXTS: dict[str, str] = {
    "title": "Haiclue",
    "action.clue_ready": "Mein Tipp liegt",
    "action.guess": "Farbe raten",
    "action.close": "Nicht länger warten",
    "action.next": "Nächste Runde",
    "action.words": "Zielwörter eintippen",
    "field.text": "Dein Tipp, getippt (freiwillig, mindestens zwei Wörter)",
    "field.color": "Farbe",
    "field.guess": "Dein Rate-Tipp",
    "field.step": "Schritt",
    "field.youngest": "Jüngster Spieler",
    # der Start des Gastgebers nennt die jüngste Person (Issue #40)
    "confirm.start": "Das Spiel jetzt starten, mit allen in dieser Reihenfolge und {youngest} als jüngster Person?",
    "field.words": "Die vier Zielwörter auf dem Tablet eintippen",
    "option.words": "Die vier Zielwörter auf dem Tablet eintippen",
    "field.blue": "Wort bei Blau",
    "field.red": "Wort bei Rot",
    "field.green": "Wort bei Grün",
    "field.yellow": "Wort bei Gelb",
    "value.blue": "Blau",
    "value.red": "Rot",
    "value.green": "Grün",
    "value.yellow": "Gelb",
    "value.clue": "Tipps legen",
    "value.guess": "Diesen Tipp raten",
    "value.white": "weiße",
    "value.black": "schwarze",
    "log.start": (
        "Haiclue mit {players} Spielern, {rounds} Runden (weiße Seite, dann schwarze "
        "Seite); Wortplättchen pro Stapel: {tiles}. Die Handys ersetzen die "
        "Farbkarten: Niemand zieht eine Karte, halte auf deinem Handy die Leiste unten gedrückt, um "
        "deine Farbe zu sehen."),
    "log.order": (
        "Die Tipps werden in dieser Reihenfolge geraten, beginnend links vom jüngsten "
        "Spieler {youngest}: {order}."),
    "log.round": (
        "Runde {round} von {rounds}, {side} Seite oben. Jeder hat eine neue Farbe auf "
        "dem Handy: Lege aus mindestens zwei deiner Plättchen einen Tipp für das "
        "oberste Wort auf dem Stapel dieser Farbe und drücke dann „Mein Tipp liegt“."),
    "log.reshuffle": (
        "Der Farbkartenstapel ist leer: Die abgeworfenen Farbkarten werden zu einem "
        "neuen Stapel gemischt."),
    "log.ready": "{seat} hat den Tipp gelegt.",
    "log.closed_clue": (
        "Der Gastgeber wartet nicht länger auf Tipps: Das Raten beginnt. Nicht als "
        "fertig gemeldet: {seats}."),
    "log.guess_now": "Alle außer {author} raten jetzt den Tipp von {author}.",
    "log.guess_now_text": "Alle außer {author} raten jetzt den Tipp von {author}: „{clue}“.",
    "log.guessed": "{seat} hat geraten.",
    "log.closed_guess": (
        "Der Gastgeber wartet nicht länger auf Rate-Tipps; nicht geraten haben: "
        "{seats}."),
    "log.reveal": (
        "Die Farbe von {author} war {color}. Richtig: {right}. {author} bekommt "
        "{points} Punkte, wer richtig geraten hat, je 1 Punkt."),
    "log.reveal_one": (
        "Die Farbe von {author} war {color}. Richtig: {right}. {right} und {author} "
        "bekommen je 1 Punkt."),
    "log.reveal_none": "Die Farbe von {author} war {color}. Niemand hat sie erraten.",
    "log.reveal_team_right": (
        "Die Farbe von {author} war {color}: {guesser} hat richtig geraten, das Team "
        "bekommt 1 Punkt (jetzt {team})."),
    "log.reveal_team_wrong": (
        "Die Farbe von {author} war {color}: {guesser} hat falsch geraten (Team: "
        "{team})."),
    "log.flip": (
        "Runde {round} ist vorbei. Dreht alle Wortplättchen auf die schwarze Seite: "
        "die obersten Plättchen der vier Stapel und eure eigenen 15 Plättchen. Drückt "
        "dann „Nächste Runde“."),
    "log.pass": (
        "Runde {round} ist vorbei. Werft das oberste Plättchen jedes Stapels ab, "
        "dreht alle Plättchen zurück auf Weiß und gebt eure 15 Wortplättchen an den "
        "Spieler links von euch weiter. Drückt dann „Nächste Runde“."),
    "log.swap": (
        "Runde {round} ist vorbei. Werft das oberste Plättchen jedes Stapels ab, "
        "dreht alle Plättchen zurück auf Weiß und tauscht eure 15 Wortplättchen "
        "miteinander. Drückt dann „Nächste Runde“."),
    "log.words": (
        "Der Gastgeber hat die Zielwörter eingetippt; sie stehen auf dem "
        "Tisch-Bildschirm."),
    "log.over": (
        "Die Stapel sind leer: Das Spiel ist vorbei. Mit {points} Punkten gewinnt: "
        "{winners}."),
    "log.over_one": (
        "Die Stapel sind leer: Das Spiel ist vorbei. Mit 1 Punkt gewinnt: {winners}."),
    "log.over_team_win": "Die Stapel sind leer: Das Team hat {points} von 8 Punkten und gewinnt!",
    "log.over_team_perfect": (
        "Die Stapel sind leer: Das Team hat perfekte 8 von 8 Punkten und gewinnt!"),
    "log.over_team_lose": (
        "Die Stapel sind leer: Das Team hat {points} von 8 Punkten, nötig waren 6. "
        "Niemand gewinnt."),
    "error.kick_in_game": "Niemand kann ein laufendes Haiclue-Spiel verlassen: Jede Runde teilt allen eine Farbe aus, und die Tipps werden reihum geraten. Beendet das Spiel; das nächste beginnt ohne {name}. (Ein totes Handy bekommt einen neuen Link.)",
    "error.host_cannot": "Das kann der Gastgeber nicht; das ist der Zug eines Spielers.",
    "error.not_clue_step": "Gerade werden keine Tipps gelegt.",
    "error.already_ready": "Du hast schon gemeldet, dass dein Tipp liegt.",
    "error.clue_two_words": "Ein Tipp braucht mindestens zwei Wörter (zwei Wortplättchen).",
    "error.clue_too_long": "Dieser Tipp ist zu lang: höchstens {max} Zeichen.",
    "error.clue_too_many_words": (
        "Ein Tipp hat höchstens {max} Wörter: Du hast nur {max} Wortplättchen."),
    "error.not_guessing": "Gerade wird kein Tipp geraten.",
    "error.author_guesses": "Das ist dein eigener Tipp: Du rätst nicht mit.",
    "error.already_guessed": (
        "Du hast diesen Tipp schon geraten; ein Rate-Tipp lässt sich nicht ändern."),
    "error.unknown_color": "Die Farbe „{color}“ gibt es nicht: Wähle Blau, Rot, Grün oder Gelb.",
    "error.bad_step": "In diesem Schritt gibt es gerade nichts, worauf gewartet wird.",
    "error.not_between": "Die Runde läuft noch; die nächste Runde kann noch nicht beginnen.",
    "error.words_off": "Das Eintippen der Zielwörter ist in dieser Partie ausgeschaltet.",
    "error.word_too_long": "Ein Zielwort darf höchstens {max} Zeichen lang sein.",
    "ui.target_words": "Zielwörter:",
    "ui.round": "Runde {round} von {rounds}",
    "ui.side": "{side} Seite oben",
    "ui.tiles": "Plättchen pro Stapel: {tiles}",
    "ui.building": "Legt eure Tipps",
    "ui.building_hint": (
        "Schau dir deine Farbe auf dem Handy an, lege aus mindestens zwei deiner "
        "Wortplättchen einen Tipp, drehe ihn zum Tisch und drücke „Mein Tipp liegt“."),
    "ui.first_round_hint": "Die Handys ersetzen die Farbkarten: Niemand zieht eine Karte.",
    "ui.ready": "fertig",
    "ui.not_ready": "legt noch",
    "ui.guessing": "Ratet den Tipp von {author}",
    "ui.no_typed_clue": "(der Tipp liegt auf dem Tisch)",
    "ui.guessed": "hat geraten",
    "ui.not_guessed": "rät noch",
    "ui.author": "Autor",
    "ui.last": "Letzter Tipp",
    "ui.results": "Diese Runde",
    "ui.was": "Die Farbe von {author} war {color}",
    "ui.right": "richtig",
    "ui.wrong": "falsch",
    "ui.no_guess": "nicht geraten",
    "ui.points": "+{points}",
    "ui.scores": "Punkte",
    "ui.team": "Team-Punkte",
    "ui.team_goal": "6 gewinnt, 8 ist perfekt",
    "ui.next_hint": "Wenn die Plättchen bereit sind, drückt „Nächste Runde“.",
    "ui.todo_flip": (
        "Dreht alle Wortplättchen auf die schwarze Seite: die obersten Plättchen der "
        "vier Stapel und eure eigenen 15 Plättchen."),
    "ui.todo_pass": (
        "Werft das oberste Plättchen jedes Stapels ab, dreht alle Plättchen zurück "
        "auf Weiß und gebt eure 15 Wortplättchen an den Spieler links von euch "
        "weiter."),
    "ui.todo_swap": (
        "Werft das oberste Plättchen jedes Stapels ab, dreht alle Plättchen zurück "
        "auf Weiß und tauscht eure 15 Wortplättchen miteinander."),
    "ui.over": "Spielende",
    "ui.winners": "Gewonnen: {names}",
    "ui.nobody_wins": "Niemand gewinnt.",
    "ui.perfect": "Perfektes Ergebnis!",
    "ui.your_colour": "Deine Farbe",
    "ui.hold_hint": "Halte die Leiste unten gedrückt, um deine Farbe zu sehen. Niemand sonst darf sie sehen.",
    "ui.you_ready": "Dein Tipp liegt. Warte auf die anderen.",
    "ui.your_clue": "Dein Tipp: „{clue}“",
    "ui.you_author": "Dein Tipp wird geraten. Warte auf die anderen.",
    "ui.you_guess": "Welche Farbe meint der Tipp von {author}?",
    "ui.your_guess": "Dein Rate-Tipp: {color}. Warte auf die anderen.",
    "ui.you_right": "Du hast {color} geraten: richtig!",
    "ui.you_wrong": "Du hast {color} geraten: falsch.",
    "ui.your_score": "Deine Punkte: {points}",
    "ui.order": "Reihenfolge",
    # what the table announces
    "ui.reveal_right": "Die Farbe von {author} war {color}. Richtig geraten: {names}.",
    "ui.round_over": "Runde {round} von {rounds} ist vorbei.",
    # the phone: your guess is in (what it was is under the hold-to-show box)
    "ui.you_guessed": "Du hast geraten. Warte auf die anderen.",
}

TEXTS.update(_EXPLAIN)
