"""Deutsche Texte von Eselsbrücke."""
from .deck import DECK_SEP, load_deck
from .texts_explain_de import TEXTS as EXPLAIN

TEXTS: dict[str, str] = {
    "title": "Eselsbrücke",
    "option.deck": "Karten",
    "option.deck.physical": "Echte Karten aus der Schachtel",
    "option.deck.digital": "Die App teilt die Karten aus (ohne Schachtel)",
    "option.language": "Sprache der App-Karten",
    "option.language.de": "Deutsch",
    "option.language.en": "Englisch",
    # actions, fields and values
    "action.lay": "Karte legen",
    "action.name": "Karte nennen",
    "action.pass": "Passen",
    "action.take": "Deine letzten Karten nehmen",
    "action.confirm": "Antworten",
    "action.appeal": "Einspruch: Ich meinte eine Karte mit anderem Wort",
    "action.concede": "War falsch — Geschichte beenden",
    "action.close": "Nicht länger warten",
    "field.term": "Begriff",
    "field.card": "Welche Karte?",
    "field.accept": "Ist es deine Karte?",
    "field.step": "Schritt",
    "field.cards": "Deine Karten dieser Geschichte",
    "field.asked": "Gefragt wird nach",
    "value.true": "Ja, meine Karte",
    "value.false": "Nein",
    "value.lay": "den Erzähler – der Gastgeber legt die Karte für ihn",
    "value.confirm": "die fehlenden Antworten (zählen als Nein)",
    "value.appeal": "den Einspruch (die Geschichte endet)",
    "value.turn": "diesen Zug (zählt als Passen)",
    # confirm questions (the phone fills in the chosen values)
    "confirm.lay": "{term} legen? Alle werden die Karte sehen.",
    "confirm.name": "{term} nennen?",
    "confirm.pass": "Diesen Zug passen?",
    "confirm.confirm": "Deine Antwort: {accept} {card}",
    "confirm.appeal": ("Einspruch? Die anderen werden gefragt, ob dein Wort eine ihrer Karten "
                       "meinte."),
    "confirm.concede": "Geschichte beenden? Ihre nicht genannten Karten kommen aus dem Spiel.",
    "confirm.close": "Nicht länger warten auf {step}? {term}",
    # log
    "log.start_physical": ("Eselsbrücke mit {players} Spielern und den echten Karten: Mischt "
                           "sie und gebt jedem 6 Karten. Jede Geschichte hat {size} Karten, "
                           "{per} von jedem Spieler."),
    "log.start_digital": ("Eselsbrücke mit {players} Spielern: Die Handys haben jedem 6 Karten "
                          "ausgeteilt. Jede Geschichte hat {size} Karten, {per} von jedem "
                          "Spieler."),
    "log.story_start": "Geschichte {story}: {seat} hat den Esel und legt die erste Karte.",
    "log.laid": "{seat} legt eine Karte ({count} von {size}).",
    "log.told_physical": ("Geschichte {story} ist fertig und jetzt verdeckt: {seat} sammelt "
                          "ihre {size} Karten ein, mischt sie und legt sie verdeckt beiseite. "
                          "Danach zieht jeder wieder auf 6 Karten nach."),
    "log.told_physical_last": ("Geschichte {story} ist fertig und jetzt verdeckt: {seat} "
                               "sammelt ihre {size} Karten ein, mischt sie und legt sie "
                               "verdeckt beiseite."),
    "log.told_digital": ("Geschichte {story} ist fertig und jetzt verdeckt. Alle Hände werden "
                         "wieder auf 6 Karten aufgefüllt."),
    "log.told_digital_last": "Geschichte {story} ist fertig und jetzt verdeckt.",
    "log.resolution": ("Alle Geschichten sind erzählt. Jetzt werden sie aufgelöst, in der "
                       "Reihenfolge, in der sie erzählt wurden: Nennt die Karten jeder "
                       "Geschichte, die jemand anderes hat."),
    "log.deal": ("Geschichte {story}: {seat} hat wieder den Esel. Die Handys haben die Karten "
                 "der Geschichte verteilt (Karten pro Spieler: {per}) — halte die Leiste unten "
                 "auf dem Handy gedrückt, um deine zu sehen. {seat} nennt zuerst."),
    "log.deal_physical": ("{seat}: Lass den echten Stapel von Geschichte {story} verdeckt "
                          "liegen — die Handys ersetzen ihn."),
    "log.right": "{seat} nennt „{said}“ — richtig! {seat} bekommt „{card}“ von {holder}.",
    "log.wrong": "{seat} nennt „{said}“ — falsch.",
    "log.near": "{seat} nennt „{said}“ — knapp daneben. Gefragt auf dem Handy: {holders}.",
    "log.accepted": "{seat} akzeptiert: „{said}“ heißt „{card}“. {namer} bekommt die Karte.",
    "log.declined": "{seat}: „{said}“ ist nicht meine Karte.",
    "log.judged_wrong": "Niemand akzeptiert „{said}“: {seat} lag falsch.",
    "log.appealed": ("{seat} legt Einspruch ein: „{said}“ war für eine Karte mit anderem Wort "
                     "gemeint. Gefragt auf dem Handy: {holders}."),
    "log.appeal_failed": "Niemand akzeptiert den Einspruch von {seat}: „{said}“ bleibt falsch.",
    "log.ending": ("Eine ganze Runde ohne Karte. {seat} kann noch Einspruch einlegen, sonst "
                   "endet die Geschichte."),
    "log.conceded": "{seat} legt keinen Einspruch ein.",
    "log.passed": "{seat} passt.",
    "log.took_own": "{seat} nimmt die eigenen letzten Karten der Geschichte: {cards}.",
    "log.circle": "Eine ganze Runde ohne Karte: Die Geschichte endet.",
    "log.closed_lay": "Der Gastgeber legt die Karte für {seat}.",
    "log.closed_confirm": "Der Gastgeber wartet nicht länger auf {seats}: zählt als Nein.",
    "log.closed_appeal": "Der Gastgeber wartet nicht länger auf {seat}: kein Einspruch.",
    "log.closed_turn": "Der Gastgeber überspringt den Zug von {seat}: zählt als Passen.",
    "log.closed_take": "Der Gastgeber nimmt für {seat} die letzten eigenen Karten.",
    "log.resolved_all": "Geschichte {story} ist aufgelöst: Alle Karten wurden genannt.",
    "log.resolved_lost": "Geschichte {story} ist aufgelöst. Aus dem Spiel: {cards}.",
    "log.over": "Alle Geschichten sind aufgelöst. Die meisten Karten ({points}): {winners}.",
    # errors
    "error.kick_in_game": "Niemand kann ein laufendes Eselsbrücke-Spiel verlassen: In den Geschichten liegen die Karten von {name}, und bei der Auflösung bekommt jeder so viele, wie er gelegt hat. Beendet das Spiel; das nächste beginnt ohne {name}. (Ein totes Handy bekommt einen neuen Link.)",
    "error.empty_term": "Tippe zuerst den Begriff deiner Karte ein.",
    "error.term_too_long": "Ein Begriff darf höchstens {max} Zeichen haben.",
    "error.duplicate_term": "„{term}“ liegt schon in dieser Geschichte: Lege eine andere Karte.",
    "error.not_in_hand": "„{term}“ hast du nicht auf der Hand.",
    "error.own_card": "„{term}“ ist deine eigene Karte: Nenne eine Karte, die jemand anderes hat.",
    "error.already_taken": "„{term}“ wurde schon genannt: Nenne eine andere Karte.",
    "error.must_take": "Von dieser Geschichte sind nur noch deine eigenen Karten übrig: Nimm sie.",
    "error.cannot_take": ("Deine Karten nehmen kannst du erst, wenn niemand anderes mehr eine "
                          "Karte dieser Geschichte hat."),
    "error.waiting_for_answer": "Moment: Es fehlt noch die Antwort von {seats}.",
    "error.waiting_for_appeal": "Moment: Erst entscheidet {seat}, ob Einspruch eingelegt wird.",
    "error.not_asked": "Gerade fragt dich niemand nach einer Karte.",
    "error.not_your_card": "Du kannst nur für eine Karte antworten, die du hast.",
    "error.no_appeal": ("Einspruch geht nur direkt, nachdem deine eigene Antwort als falsch "
                        "galt, bevor jemand anderes zieht."),
    "error.nothing_to_close": "In diesem Schritt gibt es gerade nichts, worauf gewartet wird.",
    # the renderer (static/games/eselsbruecke.js)
    "ui.telling": "Geschichte {story} von {stories} wird erzählt",
    "ui.resolving": "Geschichte {story} von {stories} wird aufgelöst",
    "ui.over": "Alle Geschichten sind aufgelöst",
    "ui.label_answer": "Wir warten auf die Antwort von",
    "ui.told": "Geschichte {story} ist fertig: Ihre Karten sind jetzt verdeckt.",
    "ui.story_resolved": "Geschichte {story} ist aufgelöst.",
    "ui.donkey": "Esel: {name}",
    "ui.turn_lay": "{name} ist dran: Karte legen und die Geschichte weitererzählen.",
    "ui.turn_name": "{name} ist dran: eine Karte dieser Geschichte nennen.",
    "ui.turn_take": "{name} ist dran: Nur noch die eigenen Karten von {name} sind übrig.",
    "ui.progress": "{count} von {size} Karten",
    "ui.no_card_yet": "Noch liegt keine Karte: {name} beginnt die Geschichte.",
    "ui.hidden_one": "1 erzählte Geschichte liegt verdeckt.",
    "ui.hidden_many": "{count} erzählte Geschichten liegen verdeckt.",
    "ui.waiting_near": "{name} hat „{said}“ genannt. Es fehlt die Antwort von: {names}.",
    "ui.waiting_appeal": ("{name} legt mit „{said}“ Einspruch ein. Es fehlt die Antwort von: "
                          "{names}."),
    "ui.ending": ("Eine ganze Runde ohne Karte: {name} kann noch mit „{said}“ Einspruch "
                  "einlegen, sonst endet die Geschichte."),
    "ui.last_right": "{name} hat „{said}“ genannt — richtig: „{card}“ von {from}.",
    "ui.last_right_same": "{name} hat „{card}“ genannt — richtig: die Karte von {from}.",
    "ui.last_wrong": "{name} hat „{said}“ genannt — falsch.",
    "ui.last_pass": "{name} hat gepasst.",
    "ui.last_take": "{name} hat die eigenen letzten Karten genommen.",
    "ui.idle": "Züge ohne Karte: {count} von {players}",
    "ui.player": "Spieler",
    "ui.holds": "Hat",
    "ui.took": "Gewonnen in dieser Geschichte",
    "ui.cards_one": "1 Karte",
    "ui.cards_many": "{count} Karten",
    "ui.no_cards": "keine Karten",
    "ui.resolved": "Aufgelöste Geschichten",
    "ui.resolved_who": "Aufgelöst: wer was bekam",
    "ui.story_number": "Geschichte {number}",
    "ui.story_by": "Geschichte {number} (begonnen von {name})",
    "ui.got": "{name}",
    "ui.out": "aus dem Spiel",
    "ui.won_by": "gewonnen von {name}",
    "ui.told_by": "erzählt von {name}",
    "ui.won_these": "Gewonnen von {name}",
    "ui.out_these": "Aus dem Spiel",
    "ui.scores": "Gewonnene Karten",
    "ui.winners": "Die meisten Karten: {names}",
    "ui.story_so_far": "Die Geschichte bisher",
    "ui.your_hand": "Deine Hand",
    "ui.you_lay_digital": ("Du bist dran: Halte die Leiste, gleite auf die Karte, mit der die "
                           "Geschichte weitergeht, und erzähle, wie es weitergeht."),
    "ui.you_lay_physical": ("Du bist dran: Lege eine deiner echten Karten, erzähle, wie die "
                            "Geschichte weitergeht, und tippe den Begriff der Karte ein."),
    "ui.you_name": ("Du bist dran: Nenne eine Karte dieser Geschichte, die jemand anderes hat — "
                    "oder passe. Halte die Leiste unten gedrückt, um deine eigenen Karten zu "
                    "sehen."),
    "ui.you_take": "Von dieser Geschichte sind nur noch deine eigenen Karten übrig: Nimm sie.",
    "ui.you_asked_near": "Ist „{said}“ deine Karte „{card}“?",
    "ui.you_asked_appeal": "{name} legt Einspruch ein: Meint „{said}“ eine deiner Karten?",
    "ui.you_asked_public": ("{name} hat „{said}“ genannt. Halte die Leiste unten gedrückt, um "
                            "die Frage zu sehen, und antworte dann."),
    "ui.you_appeal": ("Deine Antwort „{said}“ galt als falsch. Wenn du eine Karte mit anderem "
                      "Wort gemeint hast (ein Synonym), lege jetzt Einspruch ein."),
    "ui.you_ending": ("Deine Antwort „{said}“ galt als falsch, und eine ganze Runde verging "
                      "ohne Karte. Lege jetzt Einspruch ein oder beende die Geschichte."),
    "ui.your_score": "Deine gewonnenen Karten: {points}",
    "ui.terms_de": DECK_SEP.join(load_deck("de")),
    "ui.terms_en": DECK_SEP.join(load_deck("en")),
}
TEXTS.update(EXPLAIN)   # explain mode (issue #29)
