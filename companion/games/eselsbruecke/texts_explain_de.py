"""Deutsche Texte des Erklärmodus von Eselsbrücke (Issue #29): die Zeilen
von explain.py, was jeder Zug bewirkt, was nach einer Ablehnung stattdessen
geht und was ein entscheidendes Ereignis bedeutet (``meaning.<log key>``)."""

TEXTS: dict[str, str] = {
    # Erzählphase: der Tisch
    "explain.tell.table_first": ("Wir warten auf {seat}: {seat} hat den Esel und beginnt "
                                 "Geschichte {story} mit einer offenen Karte und ein, zwei "
                                 "Sätzen dazu."),
    "explain.tell.table": ("Wir warten auf {seat}: Karte {next} von {size} der Geschichte "
                           "{story} legen und die Geschichte weitererzählen."),
    "explain.tell.table_why": ("Merkt euch die Begriffe: Ist die Geschichte fertig, werden sie "
                               "verdeckt, und später bekommt jeder die Karte, an deren Begriff "
                               "er sich erinnert."),
    "explain.tell.table_last": ("Diese Karte beendet die Geschichte: Dann bleiben ihre Begriffe "
                                "verdeckt, bis sie aufgelöst wird – wenn jeder einmal "
                                "Startspieler war."),
    "explain.tell.table_final": ("Das ist die letzte Karte der Erzählphase: Danach werden die "
                                 "Geschichten aufgelöst, zuerst Geschichte 1 – wer sich an einen "
                                 "Begriff erinnert, bekommt die Karte."),
    # Erzählphase: wer legt
    "explain.tell.you_first": ("Du hast den Esel: Beginne Geschichte {story} mit einer "
                               "beliebigen Karte deiner Hand und ein, zwei Sätzen dazu."),
    "explain.tell.you": ("Erzähl Geschichte {story} mit Karte {next} von {size} "
                         "weiter – eine beliebige Karte deiner Hand, mit einem Satz, der sie "
                         "mit der Geschichte verbindet."),
    "explain.tell.you_last": ("Du legst die letzte Karte von Geschichte {story} "
                              "und erzählst ihr Ende; danach sind ihre Begriffe verdeckt."),
    "explain.tell.why_link": ("Eine lustige Eselsbrücke hilft allen, sich später an den Begriff "
                              "zu erinnern: Jeder erinnerte Begriff bringt die Karte."),
    # Erzählphase: die anderen
    "explain.tell.wait_first": "{seat} hat den Esel und beginnt Geschichte {story} mit einer Karte.",
    "explain.tell.wait": ("{seat} legt Karte {next} von {size} der Geschichte {story} und "
                          "erzählt, wie es weitergeht."),
    "explain.tell.remember": ("Hör zu und merk dir die Begriffe: Ist die Geschichte fertig, "
                              "werden sie verdeckt, und später bringt dir jeder Begriff, an "
                              "den du dich erinnerst, die Karte."),
    "explain.tell.remember_next": ("Du legst die nächste Karte; merk dir die Begriffe – später "
                                   "bringt dir jeder, an den du dich erinnerst, die Karte."),
    # Auflösungsphase: ein Zug
    "explain.res.you_name": ("Geschichte {story}: Nenne einen Begriff dieser "
                             "Geschichte, den jemand anderes hat – stimmt er, bekommst du die "
                             "Karte."),
    "explain.res.you_how": ("Ein falscher Begriff oder Passen kostet nichts, aber nach {players} "
                            "Zügen nacheinander ohne Karte endet die Geschichte."),
    "explain.res.you_last_chance_one": ("Achtung: {idle} Züge nacheinander ohne Karte – "
                                        "bekommst du jetzt keine, endet die Geschichte und ihre "
                                        "letzte Karte kommt aus dem Spiel."),
    "explain.res.you_last_chance_many": ("Achtung: {idle} Züge nacheinander ohne Karte – "
                                         "bekommst du jetzt keine, endet die Geschichte und "
                                         "ihre {count} ungenannten Karten kommen aus dem Spiel."),
    "explain.res.you_take_one": ("Von Geschichte {story} ist nur noch deine eigene Karte übrig: "
                                 "Nimm sie in Besitz – sie zählt als gewonnene Karte."),
    "explain.res.you_take_many": ("Von Geschichte {story} sind nur noch deine eigenen {count} "
                                  "Karten übrig: Nimm sie in Besitz – jede zählt als gewonnene "
                                  "Karte."),
    "explain.res.wait": ("{seat} nennt einen Begriff der Geschichte {story}, den jemand anderes "
                         "hat, oder passt."),
    "explain.res.wait_how": ("Bist du dran, nenne einen Begriff, den jemand anderes hat – deine "
                             "Karten sind nur Hinweise, und {players} Züge ohne Karte beenden "
                             "die Geschichte."),
    "explain.res.wait_last_chance_one": ("{idle} Züge nacheinander ohne Karte: Wird jetzt "
                                         "keine gewonnen, endet die Geschichte und ihre letzte "
                                         "Karte kommt aus dem Spiel."),
    "explain.res.wait_last_chance_many": ("{idle} Züge nacheinander ohne Karte: Wird jetzt "
                                          "keine gewonnen, endet die Geschichte und ihre "
                                          "{count} ungenannten Karten kommen aus dem Spiel."),
    "explain.res.wait_take": ("Von Geschichte {story} sind nur noch die eigenen Karten von "
                              "{seat} übrig: {seat} nimmt sie in Besitz, sie zählen als "
                              "gewonnen."),
    "explain.res.may_appeal": ("Dein „{said}“ galt als falsch. Freiwillig: Meintest du eine "
                               "Karte dieser Geschichte mit anderem Wort (ein Synonym), lege "
                               "jetzt Einspruch ein – die Chance endet, sobald {seat} zieht."),
    "explain.res.table": ("Wir warten auf {seat}: einen Begriff der Geschichte {story} nennen, "
                          "den jemand anderes hat, oder passen – jeder richtige Begriff bringt "
                          "die Karte."),
    "explain.res.table_how": ("Nach {players} Zügen nacheinander ohne Karte endet die "
                              "Geschichte, und ihre ungenannten Karten kommen aus dem Spiel."),
    "explain.res.table_last_chance_one": ("{idle} Züge nacheinander ohne Karte: Noch einer, und "
                                          "die Geschichte endet, ihre letzte Karte kommt aus "
                                          "dem Spiel."),
    "explain.res.table_last_chance_many": ("{idle} Züge nacheinander ohne Karte: Noch einer, und "
                                           "die Geschichte endet, ihre {count} ungenannten "
                                           "Karten kommen aus dem Spiel."),
    "explain.res.idle": ("Züge nacheinander ohne Karte: {idle} von {players} – bei {players} "
                         "endet die Geschichte und ihre ungenannten Karten kommen aus dem Spiel."),
    "explain.res.table_take": ("Wir warten auf {seat}: die eigenen letzten Karten der "
                               "Geschichte {story} in Besitz nehmen – niemand sonst hat noch "
                               "eine, also zählen sie für {seat}."),
    # Auflösungsphase: eine Frage an die Besitzer
    "explain.res.table_near": ("Wir warten auf {names}: Nur wer die Karte hat, kann sagen, ob "
                               "„{said}“ von {namer} diese Karte ist, nur anders geschrieben. Ja "
                               "bringt {namer} die Karte; Nein macht den Begriff falsch."),
    "explain.res.table_appeal": ("Wir warten auf {names}: {namer} sagt, „{said}“ meinte eine "
                                 "ihrer Karten mit anderem Wort. Ein Ja bringt {namer} die "
                                 "Karte; sagen alle Nein, bleibt es falsch."),
    "explain.res.asked_near": ("{namer} hat „{said}“ genannt, und das liegt nah an einer "
                               "deiner Karten. Du musst antworten: Halte die Leiste, um die "
                               "Karte zu sehen, und sag, ob es dasselbe Wort ist."),
    "explain.res.asked_appeal": ("{namer} legt Einspruch ein: „{said}“ war ein anderes Wort für "
                                 "eine Karte. Du musst antworten: Halte die Leiste und sag nur "
                                 "Ja, wenn es wirklich eine deiner Karten meint."),
    "explain.res.namer_near": ("Dein „{said}“ liegt nah an einer Karte; gefragt ist: {names}. "
                               "Bei Ja bekommst du sie, sagen alle Nein, gilt dein Begriff als "
                               "falsch."),
    "explain.res.namer_appeal": ("Du hast mit „{said}“ Einspruch eingelegt; gefragt ist: "
                                 "{names}. Ein Ja bringt dir die Karte; sagen alle Nein, bleibt "
                                 "es falsch."),
    "explain.res.other_near": ("{namer} hat „{said}“ genannt, knapp neben einer Karte: Wir "
                               "warten auf die Antwort von {names}, ob es dasselbe Wort ist. "
                               "Bis dahin nennt niemand."),
    "explain.res.other_appeal": ("{namer} legt Einspruch ein: „{said}“ meint vielleicht eine "
                                 "Karte mit anderem Wort. Wir warten auf die Antwort von "
                                 "{names}; bis dahin nennt niemand."),
    # Auflösungsphase: eine ganze Runde ohne Karte nach einem falschen Begriff
    "explain.res.you_ending": ("Eine ganze Runde ohne Karte, zuletzt mit deinem falschen "
                               "„{said}“: Lege Einspruch ein, wenn du eine Karte mit anderem "
                               "Wort (ein Synonym) meintest, oder beende die Geschichte – du "
                               "musst entscheiden."),
    "explain.res.you_ending_then_one": ("Endet Geschichte {story}, kommt ihre letzte Karte aus dem "
                                        "Spiel und zählt für niemanden."),
    "explain.res.you_ending_then_many": ("Endet Geschichte {story}, kommen ihre {count} ungenannten "
                                         "Karten aus dem Spiel und zählen für niemanden."),
    "explain.res.table_ending": ("Wir warten auf {seat}: Eine ganze Runde ohne Karte, also "
                                 "endet Geschichte {story} – außer {seat} legt Einspruch ein, "
                                 "dass „{said}“ eine Karte mit anderem Wort meinte."),
    "explain.res.other_ending": ("Eine ganze Runde ohne Karte: {seat} kann noch mit „{said}“ "
                                 "Einspruch einlegen; sonst endet Geschichte {story}."),
    "explain.res.ending_then_one": ("Ihre letzte Karte kommt dann aus dem Spiel und zählt für "
                                    "niemanden."),
    "explain.res.ending_then_many": ("Ihre {count} ungenannten Karten kommen dann aus dem Spiel "
                                     "und zählen für niemanden."),
    # geheime Zeilen (nur unter der Leiste)
    "explain.secret.cards_one": ("Deine Karte der Geschichte {story}: {cards}. Du kannst sie "
                                 "nicht nennen – sie ist ein Hinweis auf die Geschichte, und die "
                                 "anderen versuchen, sie zu nennen."),
    "explain.secret.cards_many": ("Deine Karten der Geschichte {story}: {cards}. Du kannst sie "
                                  "nicht nennen – sie sind Hinweise auf die Geschichte, und die "
                                  "anderen versuchen, sie zu nennen."),
    "explain.secret.take_one": "Deine letzte Karte: {cards}. Niemand sonst kann sie noch gewinnen.",
    "explain.secret.take_many": ("Deine letzten Karten: {cards}. Niemand sonst kann sie noch "
                                 "gewinnen."),
    "explain.secret.near_one": ("Gefragt wirst du nach deiner Karte „{card}“: Sag Ja, wenn "
                                "„{said}“ dasselbe Wort ist, nur anders geschrieben – dann "
                                "bekommt {namer} sie."),
    "explain.secret.near_many": ("„{said}“ liegt nah an deinen Karten ({cards}): Wähle die, die "
                                 "{namer} meinte, oder antworte Nein."),
    "explain.secret.appeal_one": ("Meint „{said}“ deine Karte „{card}“? Ein Ja gibt sie "
                                  "{namer}; sag Nein, wenn etwas anderes gemeint ist."),
    "explain.secret.appeal_many": ("Meint „{said}“ eine deiner Karten ({cards})? Ein Ja gibt diese "
                                   "Karte {namer}; sag Nein, wenn keine gemeint ist."),
    # was ein Zug bewirkt (fest; jede Zugart)
    "explain.move.lay": ("Legt deine Karte offen aus: Alle sehen ihren Begriff, bis die "
                         "Geschichte fertig ist."),
    "explain.move.name": ("Hat jemand anderes diesen Begriff, bekommst du die Karte (1 Punkt); "
                          "sonst geht der Zug weiter."),
    "explain.move.pass": "Keine Karte in diesem Zug; es geht im Uhrzeigersinn weiter.",
    "explain.move.take": ("Nimmt deine eigenen letzten Karten der Geschichte in Besitz: Jede "
                          "zählt als gewonnen."),
    "explain.move.confirm": ("Ja gibt die genannte Karte an die Person, die sie genannt hat; "
                             "Nein macht den Begriff falsch."),
    "explain.move.appeal": ("Fragt die anderen, ob dein Wort eine ihrer Karten meinte; ein Ja "
                            "bringt dir die Karte."),
    "explain.move.concede": "Beendet die Geschichte: Ihre ungenannten Karten kommen aus dem Spiel.",
    "explain.move.close": ("Nicht länger warten: Es geht weiter, als hätte die fehlende Person "
                           "gepasst oder Nein gesagt."),
    # was ein Zug hier bewirkt
    "explain.move.lay_n": ("Legt Karte {next} von {size}: Alle sehen ihren Begriff, bis die "
                           "Geschichte fertig ist."),
    "explain.move.lay_last": ("Beendet Geschichte {story}: Ihre Begriffe sind verdeckt, bis sie "
                              "aufgelöst wird."),
    "explain.move.lay_final": ("Beendet die letzte Geschichte: Die Auflösung beginnt, zuerst "
                               "Geschichte 1."),
    "explain.move.name_last_chance": ("Richtig: Du bekommst die Karte. Falsch: Die Geschichte endet, "
                                      "außer du legst Einspruch ein."),
    "explain.move.pass_next": "Keine Karte in diesem Zug; als Nächstes ist {seat} dran.",
    "explain.move.pass_end_one": "Beendet Geschichte {story}: Ihre letzte Karte kommt aus dem Spiel.",
    "explain.move.pass_end_many": ("Beendet Geschichte {story}: Ihre {count} ungenannten Karten "
                                   "kommen aus dem Spiel."),
    "explain.move.take_one": "Nimmt deine letzte Karte der Geschichte {story}: 1 Punkt.",
    "explain.move.take_many": ("Nimmt deine letzten {count} Karten der Geschichte {story}: "
                               "{count} Punkte."),
    "explain.move.appeal_to": ("Fragt {names}, ob „{said}“ eine ihrer Karten meinte; ein Ja "
                               "bringt dir die Karte."),
    "explain.move.concede_n_one": ("Beendet Geschichte {story}: Ihre letzte Karte kommt aus dem "
                                   "Spiel."),
    "explain.move.concede_n_many": ("Beendet Geschichte {story}: Ihre {count} ungenannten "
                                    "Karten kommen aus dem Spiel."),
    "explain.move.confirm_near": ("Ja: {namer} bekommt deine Karte für „{said}“. Nein: Sagen alle "
                                  "Nein, ist der Begriff falsch."),
    "explain.move.confirm_appeal": ("Ja (mit der gemeinten Karte): Sie geht an {namer}. Nein: "
                                    "Sagen alle Nein, bleibt „{said}“ falsch."),
    "explain.move.close_lay_physical": ("Tippe den Begriff der Karte von {seat} ein (ist {seat} weg: "
                                        "die oberste Karte vom Stapel)."),
    "explain.move.close_lay_digital": "Legt für {seat} eine zufällige Karte aus der Hand.",
    "explain.move.close_confirm": "Zählt die fehlenden Antworten von {names} als Nein.",
    "explain.move.close_appeal": "Zählt als kein Einspruch von {seat}: Geschichte {story} endet.",
    "explain.move.close_turn": "Überspringt den Zug von {seat}: Er zählt als Passen.",
    "explain.move.close_take": "Nimmt für {seat} die eigenen letzten Karten in Besitz.",
    # das Ende
    "explain.over": ("Alle {stories} Geschichten sind aufgelöst: Wer die meisten Karten besitzt, "
                     "gewinnt; bei Gleichstand teilen sich alle mit den meisten den Sieg."),
    "explain.over_you_one": "Du hast 1 Karte gewonnen. Der Sieg geht an {names}, mit den meisten Karten ({best}).",
    "explain.over_you_many": ("Du hast {count} Karten gewonnen. Der Sieg geht an {names}, mit den "
                              "meisten Karten ({best})."),
    "explain.over_table": "Der Sieg geht an {names}, mit den meisten Karten ({best}).",
    # was nach einer Ablehnung stattdessen geht
    # (nach dem Satz der Ablehnung: nur, was er nicht schon sagt, issue #40)
    "explain.instead.own_card": "Fällt dir keine andere ein, darfst du passen.",
    "explain.instead.already_taken": ("Die gewonnenen zeigt der Tisch; fällt dir keine andere ein, "
                                      "darfst du passen."),
    "explain.instead.duplicate_term": "Ein ähnliches Wort geht.",
    "explain.instead.not_in_hand": "Halte die Leiste und gleite auf eine Karte deiner Hand.",
    "explain.instead.must_take": "Nennen und Passen gehen jetzt nicht.",
    "explain.instead.cannot_take": "Nenne einen Begriff, den jemand anderes hat, oder passe.",
    "explain.instead.waiting_for_answer": "Dann geht es weiter.",
    "explain.instead.waiting_for_appeal": "Gibt {seat} auf, endet die Geschichte.",
    "explain.instead.no_appeal": "Nenne in deinem nächsten Zug wieder einen Begriff.",
    "explain.instead.not_asked": "Warte auf deinen Zug.",
    # was ein entscheidendes Ereignis bedeutet (der Tisch zeigt das neueste)
    "meaning.told_physical": ("Geschichte {story} ist jetzt verdeckt: Später bringt jeder ihrer "
                              "{size} Begriffe, an den sich jemand erinnert, die Karte."),
    "meaning.told_physical_last": ("Alle Geschichten sind erzählt, auch Geschichte {story} ist "
                                   "verdeckt: Jetzt zählt, wer sich an die Begriffe erinnert."),
    "meaning.told_digital": ("Geschichte {story} ist jetzt verdeckt: Später bringt jeder ihrer "
                             "{size} Begriffe, an den sich jemand erinnert, die Karte."),
    "meaning.told_digital_last": ("Alle Geschichten sind erzählt, auch Geschichte {story} ist "
                                  "verdeckt: Jetzt zählt, wer sich an die Begriffe erinnert."),
    "meaning.resolution": ("Die Erzählphase ist vorbei: Ab jetzt bringt jeder Begriff einer "
                           "Karte, die jemand anderes hat, diese Karte – je 1 Punkt."),
    "meaning.right": ("1 Karte mehr für {seat}: „{card}“ verlässt die Hand von {holder}, und die "
                      "Züge ohne Karte zählen wieder von vorn."),
    "meaning.wrong": ("Keine Karte für {seat}: Der Nächste ist dran, und die Züge ohne Karte "
                      "zählen weiter."),
    "meaning.accepted": "{seat} lässt „{said}“ als „{card}“ gelten: 1 Karte mehr für {namer}.",
    "meaning.judged_wrong": ("„{said}“ zählt nicht: keine Karte für {seat} – Einspruch geht "
                             "noch, falls ein anderes Wort gemeint war."),
    "meaning.appeal_failed": "Der Einspruch ist gescheitert: {seat} bekommt für „{said}“ keine Karte.",
    "meaning.took_own": ("{seat} nimmt den eigenen Rest der Geschichte in Besitz ({cards}): "
                         "je 1 Punkt."),
    "meaning.resolved_all": ("Jeder Begriff der Geschichte {story} wurde erinnert: Keine Karte "
                             "kam aus dem Spiel."),
    "meaning.resolved_lost": ("Niemand hat sich an {cards} erinnert: aus dem Spiel, ohne Punkt "
                              "für irgendwen."),
    "meaning.over": ("Das Spiel ist vorbei: Der Sieg geht an {winners}, mit den meisten "
                     "Karten ({points})."),
}
