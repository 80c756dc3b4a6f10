"""Haiclue's explain-mode texts in German (issue #29; same keys and
placeholders as texts_explain_en), merged into texts_de.  Terms of the
rulebook: Tipp, Wortplättchen, Zielwort, Stapel, raten, Autor."""

TEXTS: dict[str, str] = {
    # --- Tipps legen --------------------------------------------------------------
    "explain.clue.must": (
        "Halte die Leiste für deine geheime Farbe, lege aus mindestens zwei "
        "deiner Wortplättchen einen Tipp für das oberste Wort auf dem Stapel dieser Farbe "
        "und drücke „Mein Tipp liegt“. Die anderen raten die Farbe: Jeder richtige "
        "Rate-Tipp bringt ihnen 1 Punkt und dir 1 Punkt."),
    "explain.clue.must_team": (
        "Halte die Leiste für deine geheime Farbe, lege aus mindestens zwei "
        "deiner Wortplättchen einen Tipp für das oberste Wort auf dem Stapel dieser Farbe "
        "und drücke „Mein Tipp liegt“. Dein Mitspieler rät die Farbe: Richtig geraten ist "
        "1 Team-Punkt (6 von 8 gewinnt)."),
    "explain.clue.wait": (
        "Dein Tipp liegt; noch am Legen: {names}. Dann werden die Tipps einzeln geraten, "
        "beginnend mit dem Tipp von {first}."),
    "explain.clue.wait_first": (
        "Dein Tipp liegt; noch am Legen: {names}. Dann werden die Tipps einzeln geraten, "
        "beginnend mit deinem."),
    "explain.clue.table": (
        "Warten auf die Tipps von {names}: Jeder legt Wortplättchen, die auf das oberste "
        "Wort am Stapel seiner geheimen Farbe zeigen. Dann werden die Tipps einzeln "
        "geraten, beginnend mit dem Tipp von {first}."),
    # --- Raten --------------------------------------------------------------------
    "explain.guess.must": (
        "Welches oberste Wort meint der Tipp von {author}? Wähle geheim diese "
        "Farbe; richtig geraten bringt dir 1 Punkt und {author} 1 Punkt."),
    "explain.guess.must_team": (
        "Welches oberste Wort meint der Tipp von {author}? Wähle geheim diese "
        "Farbe; richtig geraten ist 1 Team-Punkt (Team: {team}, 6 von 8 gewinnt)."),
    "explain.guess.done": (
        "Dein Rate-Tipp liegt; noch am Raten: {names}. Dann wird die Farbe von {author} "
        "mit allen Rate-Tipps aufgedeckt."),
    "explain.guess.author": (
        "Deinen Tipp raten noch: {names}. Deinen eigenen Tipp rätst du nicht mit; jeder "
        "richtige Rate-Tipp bringt dem Ratenden 1 Punkt und dir 1 Punkt."),
    "explain.guess.author_team": (
        "{names} rät deinen Tipp; deinen eigenen rätst du nicht mit. Richtig geraten ist "
        "1 Team-Punkt (Team: {team}, 6 von 8 gewinnt)."),
    "explain.guess.table": (
        "Noch geheim am Raten: {names} – welches oberste Wort meint der Tipp von {author}? "
        "Dann wird die Farbe von {author} aufgedeckt: Jeder richtige Rate-Tipp bringt dem "
        "Ratenden 1 Punkt und {author} 1 Punkt."),
    "explain.guess.table_team": (
        "Noch geheim am Raten: {names} – welches oberste Wort meint der Tipp von {author}? "
        "Richtig geraten ist 1 Team-Punkt (Team: {team}; 6 von 8 gewinnt)."),
    "explain.guess.move": "Dein geheimer Rate-Tipp, endgültig: Richtig bringt dir 1 Punkt und {author} 1 Punkt.",
    "explain.guess.move_team": "Dein geheimer Rate-Tipp, endgültig: Richtig ist 1 Team-Punkt.",
    # --- zwischen den Runden ----------------------------------------------------------
    "explain.between.flip": (
        "Runde {round} von {rounds} ist vorbei: Die vier obersten Plättchen werden "
        "umgedreht, die nächste Runde spielt also die Wörter ihrer schwarzen Seite, mit "
        "neuen Farben. Zeigen alle Plättchen Schwarz, darf jeder „Nächste Runde“ drücken – du darfst, musst aber nicht."),
    "explain.between.pass": (
        "Runde {round} von {rounds} ist vorbei: Die obersten Plättchen werden abgeworfen, "
        "die nächste Runde hat also vier neue Zielwörter, und du spielst mit den Plättchen "
        "von rechts. Sind die Plättchen weitergegeben und wieder weiß, darf jeder „Nächste "
        "Runde“ drücken – du darfst, musst aber nicht."),
    "explain.between.swap": (
        "Runde {round} von {rounds} ist vorbei: Die obersten Plättchen werden abgeworfen, "
        "die nächste Runde hat also vier neue Zielwörter, und du spielst mit den Plättchen "
        "des anderen. Sind sie getauscht und wieder weiß, darf jeder von euch „Nächste "
        "Runde“ drücken."),
    "explain.between.table_flip": (
        "Runde {round} von {rounds} ist vorbei; niemand muss etwas drücken. Die vier obersten "
        "Plättchen werden auf die schwarze Seite mit neuen Zielwörtern gedreht: Sind alle "
        "Plättchen umgedreht, drückt „Nächste Runde“ hier oder auf einem Handy."),
    "explain.between.table_pass": (
        "Runde {round} von {rounds} ist vorbei; niemand muss etwas drücken. Vier neue "
        "Zielwörter kommen, und alle bekommen neue Plättchen: Sind sie nach links "
        "weitergegeben und weiß oben, drückt „Nächste Runde“ hier oder auf einem Handy."),
    "explain.between.table_swap": (
        "Runde {round} von {rounds} ist vorbei; niemand muss etwas drücken. Vier neue "
        "Zielwörter kommen, und die beiden tauschen ihre Plättchen: Danach drückt „Nächste "
        "Runde“ hier oder auf einem Handy."),
    "explain.next.move": (
        "Teilt neue Farben aus und startet Runde {next} von {rounds}; erst drücken, wenn "
        "die Plättchen bereit sind."),
    # --- Spielende ------------------------------------------------------------------
    "explain.over.one": (
        "Die Stapel sind leer, das Spiel ist vorbei: {winners} gewinnt mit den meisten "
        "Punkten ({points})."),
    "explain.over.shared": (
        "Die Stapel sind leer, das Spiel ist vorbei: {winners} gewinnen gemeinsam mit den "
        "meisten Punkten (je {points})."),
    "explain.over.team_win": (
        "Die Stapel sind leer: Das Team hat {points} von 8 Punkten, 6 oder mehr gewinnt – "
        "ihr gewinnt beide zusammen."),
    "explain.over.team_perfect": (
        "Die Stapel sind leer: Das Team hat perfekte 8 von 8 Punkten – ihr gewinnt beide "
        "zusammen."),
    "explain.over.team_lose": (
        "Die Stapel sind leer: Das Team hat {points} von 8 Punkten, nötig waren 6 – "
        "niemand gewinnt."),
    # --- unter der Leiste -------------------------------------------------------------
    "explain.secret.clue": (
        "Deine Farbe ist {color}: Dein Tipp muss auf das oberste Wort auf dem Stapel bei "
        "{color} zeigen."),
    "explain.secret.clue_word": (
        "Deine Farbe ist {color}: Dein Tipp muss auf „{word}“ zeigen, das oberste Wort "
        "auf dem Stapel bei {color}."),
    "explain.secret.author": (
        "Deine Farbe ist {color}: Wer {color} rät, liegt richtig und bringt dir 1 Punkt."),
    "explain.secret.author_team": (
        "Deine Farbe ist {color}: Rät dein Mitspieler {color}, bekommt das Team 1 Punkt."),
    "explain.secret.guesser": (
        "Deine eigene Farbe ist {color}; {author} kann sie auch haben, denn mehrere "
        "Spieler können dieselbe Farbe haben."),
    "explain.secret.guessed": (
        "Du hast {guess} geraten: Du punktest, wenn die Farbe von {author} {guess} ist."),
    # --- was jeder Zug bewirkt ------------------------------------------------------
    "explain.move.clue_ready": (
        "Meldet, dass dein Tipp liegt (endgültig); Eintippen ist freiwillig und zeigt ihn "
        "groß auf dem Tisch."),
    "explain.move.guess": (
        "Dein geheimer Rate-Tipp für die Farbe des Tipps; endgültig, aufgedeckt wird er "
        "mit allen."),
    "explain.move.close": "Wartet nicht länger und macht mit dem weiter, was da ist.",
    "explain.close.clue": (
        "Startet jetzt das Raten; Tipps, die nicht als fertig gemeldet wurden, werden "
        "trotzdem reihum geraten."),
    "explain.close.guess": "Deckt jetzt die Farbe von {author} auf; wer nicht geraten hat, punktet nicht.",
    "explain.move.next": (
        "Teilt neue Farben aus und startet die nächste Runde; erst drücken, wenn die "
        "Plättchen bereit sind."),
    "explain.move.words": (
        "Zeigt die vier Zielwörter neben ihren Farben auf dem Tisch, bis die Runde endet."),
    # --- ein abgelehnter Zug: was stattdessen geht ------------------------------------
    "explain.instead.already_ready": (
        "Dein Tipp liegt schon: Warte, bis alle Tipps liegen, dann werden sie reihum geraten."),
    "explain.instead.not_clue_step": (
        "Die Tipps dieser Runde liegen schon: Rate den Tipp auf dem Tisch oder warte, "
        "während deiner geraten wird."),
    "explain.instead.clue_two_words": (
        "Tippe mindestens zwei Wörter ein oder drücke ohne Text: Eintippen ist freiwillig."),
    "explain.instead.clue_too_many_words": (
        "Tippe höchstens {max} Wörter ein oder drücke ohne Text: Eintippen ist freiwillig."),
    "explain.instead.clue_too_long": (
        "Kürze den Tipp auf {max} Zeichen oder drücke ohne Text: Eintippen ist freiwillig."),
    "explain.instead.not_guessing": (
        "Geraten wird, sobald alle Tipps liegen; bis dahin lege deinen Tipp oder warte."),
    "explain.instead.author_guesses": (
        "Das ist dein eigener Tipp: Warte, während die anderen raten; den nächsten Tipp "
        "rätst du mit."),
    "explain.instead.already_guessed": (
        "Dein Rate-Tipp liegt: Warte aufs Aufdecken; beim nächsten Tipp rätst du wieder."),
    "explain.instead.unknown_color": (
        "Halte die Leiste, gleite auf eine der vier Farben (Blau, Rot, Grün oder Gelb) und "
        "lass dort los."),
    "explain.instead.not_between": (
        "Die Tipps dieser Runde werden noch geraten; „Nächste Runde“ kommt nach dem letzten "
        "Aufdecken."),
    # --- was ein entscheidendes Ereignis bedeutet (der Tisch, unter der Überschrift) ----
    "meaning.round": (
        "Runde {round} von {rounds}: Alle haben eine neue geheime Farbe; die Punkte zählen "
        "über alle {rounds} Runden."),
    "meaning.closed_clue": (
        "Nicht als fertig gemeldet: {seats}; diese Tipps liegen auf dem Tisch und werden "
        "trotzdem reihum geraten."),
    "meaning.closed_guess": (
        "Kein Rate-Tipp von {seats}: Ein fehlender Rate-Tipp bringt niemandem einen Punkt."),
    "meaning.reveal": (
        "Der Tipp von {author} hat bei {points} Spielern gewirkt: {author} bekommt "
        "{points} Punkte, jeder von ihnen 1 – je klarer der Tipp, desto mehr bringt er."),
    "meaning.reveal_one": (
        "Nur {right} hat den Tipp von {author} richtig gedeutet: nur je 1 Punkt für {right} "
        "und {author}."),
    "meaning.reveal_none": (
        "Niemand hat im Tipp von {author} die Farbe {color} erkannt: Für diesen Tipp "
        "punktet niemand."),
    "meaning.reveal_team_right": (
        "1 Team-Punkt: Das Team hat jetzt {team}; 6 am Ende gewinnt, 8 ist perfekt."),
    "meaning.reveal_team_wrong": (
        "Kein Team-Punkt für diesen Tipp: Das Team bleibt bei {team} und braucht am Ende 6."),
    "meaning.over": (
        "Die meisten Punkte gewinnen, bei Gleichstand gewinnen alle zusammen: {winners} "
        "mit {points} Punkten."),
    "meaning.over_one": (
        "Die meisten Punkte gewinnen, bei Gleichstand gewinnen alle zusammen: {winners} "
        "mit 1 Punkt."),
    "meaning.over_team_win": "6 oder mehr von 8 Punkten: Beide gewinnen zusammen.",
    "meaning.over_team_perfect": "8 von 8: ein perfektes Spiel, beide gewinnen zusammen.",
    "meaning.over_team_lose": "{points} von 8 ist weniger als die 6, die das Team braucht: Niemand gewinnt.",
}
