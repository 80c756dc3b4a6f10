"""Der Erklärmodus von What the Rule?! auf Deutsch (Issue #29): dieselben
Schlüssel und Platzhalter wie texts_explain_en, mit den Begriffen der
Spielanleitung (Spielleiter, Reihe, Nachziehstapel, Hand offenlegen,
Regelvorschlag, Tipp, Einspruch)."""

TEXTS: dict[str, str] = {
    # kleine Teile
    "explain.word.app": "die App",
    "explain.guess_by.app": ("Regelvorschläge werden in der Regelsprache geschrieben; die App "
                             "erkennt einen an, der für jede Karte dasselbe bedeutet wie die Regel, "
                             "so wie ein Spielleiter: Ein Unterschied nur am Anfang der Reihe, wo "
                             "einer von beiden eine Karte liest, die die Reihe noch nicht hat, "
                             "zählt nicht."),
    "explain.guess_by.gm": ("{gm} beurteilt den Vorschlag: Andere Worte zählen, wenn sie dasselbe "
                            "bedeuten; nur ein Teil der Regel ist falsch."),
    "explain.guess_by.both": ("Einen Vorschlag in der Regelsprache prüft die App so wie ein "
                              "Spielleiter (ein Unterschied nur am Anfang der Reihe zählt nicht; "
                              "{gm} darf ihr „falsch“ noch überstimmen); einen in eigenen Worten "
                              "beurteilt {gm}."),
    "explain.hints_cost": "Sobald ein Tipp gegeben ist, bringt richtiges Raten 2 statt 5 Extrapunkte.",
    # der Tisch
    "explain.table.over": "Das Spiel ist vorbei: Unten steht der Endstand.",
    "explain.table.draw_app": ("Runde {round} von {rounds}: Wir warten, dass jemand eine geheime "
                               "Regel zieht und die Stufe wählt (1: nur die Karte, 2: mit der Karte "
                               "davor, 3: Plätze in der Reihe und mehr)."),
    "explain.table.first_gm": ("Wir warten auf die erste Regel: Wer eine auf dem Handy versiegelt "
                               "(getippt, gebaut oder gezogen), leitet Runde 1 und spielt keine "
                               "Karten."),
    "explain.table.seal": ("Wir warten, dass {gm} als Spielleiter von Runde {round} eine geheime "
                           "Regel versiegelt; sammelt solange alle 144 Karten ein und mischt sie."),
    "explain.table.vote": ("Tipps des Spielleiters? Wir warten auf die Antwort von {names}: Alle "
                           "müssen zustimmen, ein „nein“ beendet die Abstimmung."),
    "explain.table.announced": ("{gm} hat einen Tipp angekündigt: Jeder darf jetzt widersprechen; "
                                "tut es niemand, gibt {gm} ihn. Das Spiel wartet."),
    "explain.table.turn": ("Wir warten auf {seat}: eine Karte ausspielen, die zur geheimen Regel "
                           "passen könnte, oder die ganze Hand offenlegen, wenn keine passt."),
    "explain.table.may_overrule": ("Die App hält den Vorschlag von {seat} für falsch; bis zur "
                                   "nächsten ausgespielten Karte darf {gm} sie noch überstimmen."),
    "explain.table.round_end": ("Die Runde endet, sobald jemand die Regel errät, keine Handkarten "
                                "mehr hat oder der Nachziehstapel aufgebraucht ist (noch: {pile})."),
    "explain.table.judge": ("Wir warten, dass {gm} die Karte von {seat} beurteilt: Passt sie zur "
                            "Regel, kommt sie auf Platz {place} der Reihe und {seat} darf raten; "
                            "sonst kommt sie darunter und {seat} zieht eine Karte."),
    "explain.table.guess": ("{seat} darf raten: Wir warten, dass {seat} eine Regel laut vorschlägt "
                            "oder verzichtet."),
    "explain.table.judge_guess": ("Wir warten, dass {gm} sagt, ob der Vorschlag von {seat} die "
                                  "geheime Regel ist."),
    "explain.table.right_points": ("Richtig: Die Runde endet und {seat} bekommt {bonus} "
                                   "Extrapunkte; falsch: Es geht weiter."),
    "explain.table.right_found": ("Richtig: Die Runde endet und zählt als von {seat} gefundene "
                                  "Regel; falsch: Es geht weiter."),
    "explain.table.reveal": ("{seat} glaubt, dass keine Handkarte passt, und legt die ganze Hand "
                             "offen: Wir warten, dass {seat} sie eingibt ({k} von {n} Karten "
                             "eingegeben)."),
    "explain.table.judge_reveal": ("Wir warten, dass {gm} die offengelegte Hand von {seat} prüft: "
                                   "Eine passende Karte kommt in die Reihe und {seat} zieht eine; "
                                   "passt keine, kommt die Hand unter den Stapel und {seat} darf "
                                   "raten."),
    "explain.table.overrule": ("Die App hält den Vorschlag von {seat} im letzten Zug der Runde für "
                               "falsch. Wir warten auf {gm}: überstimmen ({seat} hat die Regel "
                               "gefunden) oder gelten lassen (die Runde endet ohne gefundene Regel)."),
    # ein Handy: die Regel
    "explain.seat.over": "Das Spiel ist vorbei: Das Tablet zeigt den Endstand.",
    "explain.seat.draw_app": ("Runde {round} von {rounds}: Die App ist Spielleiter und ihr spielt "
                              "alle mit. Einer von euch zieht eine geheime Regel und wählt die "
                              "Stufe (1: nur die Karte, 2: mit der Karte davor, 3: Plätze in der "
                              "Reihe und mehr)."),
    "explain.seat.first_gm": ("Runde 1: Wer zuerst eine Regel versiegelt, wird Spielleiter und "
                              "spielt keine Karten. Denk dir eine Regel über Form, Anzahl, Füllung "
                              "oder Farbe aus und versiegle sie, oder zieh eine – oder überlass es "
                              "jemand anderem."),
    "explain.seat.seal": ("Du leitest Runde {round}, also versiegle eine geheime "
                          "Regel. In eigenen Worten beurteilst du jede Karte selbst; in der "
                          "Regelsprache gebaut oder gezogen, beurteilt sie die App. Eine Regel in "
                          "der Regelsprache liest dein Handy dir vor, zuletzt, was sie als erste "
                          "Karte zulässt: Ändere sie vor dem Versiegeln, wenn du das nicht meinst."),
    "explain.seat.wait_seal": ("{gm} leitet diese Runde und versiegelt gerade eine geheime Regel. "
                               "Danach bekommst du 10 Karten und versuchst, die Regel zu finden."),
    # ein Handy: Tipps
    "explain.seat.vote": ("Tipps des Spielleiters, ja oder nein? Bisher einverstanden: "
                          "{names}; alle müssen zustimmen, ein „nein“ beendet die Abstimmung."),
    "explain.seat.voted": "Du hast Tipps zugestimmt; wir warten auf die Antwort von {names}.",
    "explain.seat.give_hint": ("Du hast einen Tipp angekündigt, also gib ihn jetzt "
                               "(sag ihn laut; tippe ihn, wenn der Tisch ihn zeigen soll). Vorher "
                               "darf noch jemand widersprechen."),
    "explain.seat.object": ("{gm} hat einen Tipp angekündigt. Du darfst widersprechen (freiwillig), "
                            "etwa wenn du die Regel zu kennen glaubst; sonst gibt {gm} ihn."),
    # ein Handy: ein Zug
    "explain.seat.turn.own": ("Spiel eine Karte aus, die deiner Meinung nach zur "
                              "geheimen Regel passt, oder lege deine ganze Hand offen, wenn keine "
                              "passt."),
    "explain.seat.turn.stakes": ("Eine passende Karte kommt in die Reihe und du darfst die Regel "
                                 "raten; eine unpassende kommt darunter und du ziehst eine Karte."),
    "explain.seat.turn.wait": ("{seat} ist am Zug: Achte darauf, welche Karten in die Reihe kommen "
                               "und welche darunter, so findest du die Regel."),
    "explain.seat.may_propose": ("Kommt ihr nicht weiter? Du darfst Tipps des Spielleiters "
                                 "vorschlagen (freiwillig; alle müssen zustimmen)."),
    "explain.seat.turn.gm": "{seat} ist am Zug; als Spielleiter spielst du in dieser Runde keine Karten.",
    "explain.seat.gm_may_overrule": ("Die App hält den Vorschlag von {seat} für falsch: Ist es doch "
                                     "deine Regel, darfst du sie bis zur nächsten ausgespielten "
                                     "Karte überstimmen (freiwillig)."),
    "explain.seat.gm_may_hint": ("Tipps sind erlaubt: Du darfst einen ankündigen (freiwillig); jeder "
                                 "darf widersprechen."),
    "explain.seat.gm_app_judges": "Die App beurteilt jede Karte nach deiner Regel: Verzieh keine Miene.",
    "explain.seat.gm_you_judge": "Spielt {seat} eine Karte aus, entscheidest du, ob sie zu deiner Regel passt.",
    # ein Handy: eine Karte wird beurteilt
    "explain.seat.judge.gm": ("Passt die Karte von {seat} zu deiner Regel? Ja: Sie "
                              "kommt auf Platz {place} der Reihe und {seat} darf raten; nein: Sie "
                              "kommt darunter und {seat} zieht eine Karte."),
    "explain.seat.judge.own": ("{gm} beurteilt deine Karte. Passt sie, darfst du danach die Regel "
                               "raten; sonst ziehst du eine Karte."),
    "explain.seat.judge.wait": ("{gm} beurteilt die Karte von {seat}: Ob sie passt oder nicht, das "
                                "Urteil ist ein Hinweis auf die Regel."),
    # ein Handy: Raten
    "explain.seat.guess.own": ("Du darfst jetzt die Regel raten (sag sie laut, damit "
                               "alle sie hören, und schick sie ab) oder nicht raten."),
    "explain.seat.right_points": ("Richtig: Die Runde endet und du bekommst {bonus} Extrapunkte; "
                                  "falsch: Nur dein Zug endet."),
    "explain.seat.right_found": ("Richtig: Die Runde endet und zählt als von dir gefundene Regel; "
                                 "falsch: Nur dein Zug endet."),
    "explain.seat.guess.gm": "{seat} darf jetzt deine Regel raten oder verzichten.",
    "explain.seat.gm_judges_guess": ("Du beurteilst den Vorschlag: Er zählt, wenn er dasselbe "
                                     "bedeutet wie deine Regel, auch in anderen Worten, aber nicht, "
                                     "wenn er nur einen Teil davon trifft."),
    "explain.seat.gm_app_judges_guess": ("Einen Vorschlag in der Regelsprache prüft die App (du "
                                         "darfst ihr „falsch“ überstimmen); einen in eigenen Worten "
                                         "beurteilst du."),
    "explain.seat.guess.wait": ("{seat} darf jetzt die Regel raten oder verzichten. Hör zu: Jeder "
                                "falsche Vorschlag verrät, was die Regel nicht ist."),
    "explain.seat.judge_guess.gm": ("Ist der Vorschlag von {seat} deine Regel? Er "
                                    "zählt, wenn er für jede Karte dasselbe bedeutet („nur weiße“ = "
                                    "„keine schwarzen“), nicht, wenn er nur einen Teil trifft."),
    "explain.seat.judge_guess.own": ("{gm} beurteilt deinen Vorschlag. Richtig: Die Runde endet und "
                                     "du hast die Regel gefunden; falsch: Es geht weiter."),
    "explain.seat.judge_guess.wait": ("{gm} beurteilt den Vorschlag von {seat}: Richtig beendet die "
                                      "Runde; falsch heißt, diese Idee ist ausgeschlossen."),
    # ein Handy: eine offengelegte Hand
    "explain.seat.reveal.own": ("Gib jede Karte deiner Hand ein ({k} von {n} "
                                "eingegeben); dann prüft {judge}, ob eine davon passt."),
    "explain.seat.reveal.gm": ("{seat} gibt die offengelegte Hand ein ({k} von {n}); dann wählst du "
                               "eine Karte, die zu deiner Regel passt, oder keine."),
    "explain.seat.reveal.gm_app": ("{seat} gibt die offengelegte Hand ein ({k} von {n}); dann prüft "
                                   "die App sie nach deiner Regel."),
    "explain.seat.reveal.wait": ("{seat} glaubt, dass keine Karte passt, und legt die ganze Hand "
                                 "offen ({k} von {n} eingegeben); dann prüft {judge} sie."),
    "explain.seat.judge_reveal.gm": ("Passt eine Karte der offengelegten Hand von "
                                     "{seat} zu deiner Regel? Wähle eine (sie kommt in die Reihe, "
                                     "{seat} zieht eine Karte) oder „keine“ ({seat} zieht eine Karte "
                                     "weniger nach und darf raten)."),
    "explain.seat.judge_reveal.own": ("{gm} prüft deine offengelegte Hand. Passt eine Karte, kommt "
                                      "sie in die Reihe und du ziehst eine; passt keine, ziehst du "
                                      "eine Karte weniger nach, als du hattest, und darfst raten."),
    "explain.seat.judge_reveal.wait": ("{gm} prüft die offengelegte Hand von {seat} auf eine Karte, "
                                       "die zur Regel passt."),
    # ein Handy: Überstimmen
    "explain.seat.overrule.gm_points": ("Damit endet die Runde. Doch deine Regel? Überstimme die App: "
                                        "{seat} hat sie gefunden und bekommt die Extrapunkte. Sonst "
                                        "gilt sie als nicht gefunden und deine Punkte werden halbiert."),
    "explain.seat.overrule.gm_found": ("Damit endet die Runde: Überstimme die App, "
                                       "wenn der Vorschlag von {seat} doch deine Regel ist ({seat} hat "
                                       "sie gefunden). Lässt du das „falsch“ gelten, hat in dieser "
                                       "Runde niemand die Regel gefunden."),
    "explain.seat.overrule.own": ("Die App hält deinen Vorschlag für falsch; {gm} darf sie noch "
                                  "überstimmen. So oder so endet die Runde jetzt."),
    "explain.seat.overrule.wait": ("Die App hält den Vorschlag von {seat} im letzten Zug der Runde "
                                   "für falsch; {gm} entscheidet, ob das gilt. So oder so endet die "
                                   "Runde jetzt."),
    # das Geheimnis des Spielleiters
    "explain.secret.rule_text": "Deine Regel: „{rule}“.",
    "explain.secret.rule_expr": "Deine Regel: {rule} – die App beurteilt die Karten danach.",
    "explain.secret.rule_deck": "Deine Regel: {sentence} Die App beurteilt die Karten danach.",
    "explain.secret.judge": "Passt diese Karte als nächste Karte der Reihe dazu: {card}?",
    "explain.secret.judge_guess": ("Würde der Vorschlag von {seat} genau dieselben Karten annehmen "
                                   "und ablehnen wie deine Regel?"),
    "explain.secret.judge_reveal": "Prüfe jede offengelegte Karte als nächste Karte der Reihe.",
    # was ein Zug bewirkt
    "explain.move.set_rule": ("Versiegelt deine geheime Regel: In eigenen Worten beurteilst du jede "
                              "Karte, in der Regelsprache tut es die App, die erste Karte so wie "
                              "oben vorgelesen."),
    "explain.move.set_rule_first": ("Versiegelt deine Regel und macht dich zum Spielleiter: In "
                                    "eigenen Worten beurteilst du, in der Regelsprache die App, die "
                                    "erste Karte so wie oben vorgelesen."),
    "explain.move.draw_rule": ("Zieht eine Regel der gewählten Stufe aus dem Stapel der App; du "
                               "siehst sie, die App beurteilt jede Karte."),
    "explain.move.draw_rule_first": ("Zieht eine Regel aus dem Stapel der App und macht dich zum "
                                     "Spielleiter; die App beurteilt jede Karte."),
    "explain.move.draw_rule_app": ("Zieht eine geheime Regel der gewählten Stufe; niemand sieht sie "
                                   "vor Rundenende, die App beurteilt."),
    "explain.move.choose_gm": "Bestimmt, wer die Regel dieser Runde versiegelt, statt wer zuerst ist.",
    "explain.move.play": ("Spielt die gewählte Karte aus: Passt sie, kommt sie in die Reihe und du "
                          "darfst raten; sonst kommt sie darunter und du ziehst eine."),
    "explain.move.reveal": ("Du sagst, keine Karte passt: Stimmt das, kommt deine Hand unter den "
                            "Stapel, du ziehst eine Karte weniger nach und darfst raten."),
    "explain.move.reveal_card": ("Gibt eine Karte deiner offengelegten Hand ein; sind alle drin, "
                                 "wird die Hand beurteilt."),
    "explain.move.reveal_card_here": ("Gibt Karte {k} von {n} deiner offengelegten Hand ein; nach "
                                      "der letzten wird die Hand beurteilt."),
    "explain.move.judge": ("Sagt, ob die ausgespielte Karte zu deiner Regel passt: Ja legt sie in "
                           "die Reihe, nein darunter."),
    "explain.move.judge_here": ("Ja: Platz {place} der Reihe, {seat} darf raten. Nein: unter die "
                                "Reihe, {seat} zieht eine Karte."),
    "explain.move.guess": "Schickt deinen Regelvorschlag ab; ein richtiger beendet die Runde.",
    "explain.move.guess_app": ("Schickt deinen Vorschlag in der Regelsprache ab; die App sagt, ob er "
                               "dasselbe bedeutet wie die Regel (am Anfang der Reihe so wie ein "
                               "Spielleiter). Richtig beendet die Runde."),
    "explain.move.guess_gm": ("Schickt deinen Vorschlag (in eigenen Worten oder in der Regelsprache) "
                              "an {gm} zum Beurteilen; richtig beendet die Runde."),
    "explain.move.guess_both": ("In der Regelsprache prüft ihn die App sofort; in eigenen Worten "
                                "beurteilt ihn {gm}. Richtig beendet die Runde."),
    "explain.move.no_guess": "Diesmal kein Vorschlag: Dein Zug endet und der nächste Spieler ist dran.",
    "explain.move.no_guess_last": ("Diesmal kein Vorschlag, und die Runde endet: Deine Hand oder der "
                                   "Nachziehstapel ist leer."),
    "explain.move.judge_guess": ("Sagt, ob der Vorschlag deine Regel ist: Richtig beendet die Runde, "
                                 "falsch lässt das Spiel weiterlaufen."),
    "explain.move.judge_guess_here": ("Richtig: {seat} hat die Regel gefunden, die Runde endet. "
                                      "Falsch: Es geht weiter."),
    "explain.move.judge_reveal": ("Wählt die offengelegte Karte, die passt (sie kommt in die Reihe), "
                                  "oder keine (der Spieler darf raten)."),
    "explain.move.judge_reveal_here": ("Eine Karte: Sie kommt in die Reihe, {seat} zieht eine. "
                                       "„Keine“: {seat} zieht eine Karte weniger nach und darf raten."),
    "explain.move.overrule": ("Wertet den Vorschlag, den die App für falsch hält, als richtig: Die "
                              "Regel ist gefunden, die Runde endet."),
    "explain.move.overrule_here": ("Der Vorschlag von {seat} gilt doch als richtig: {seat} hat die "
                                   "Regel gefunden, die Runde endet."),
    "explain.move.let_stand": "Das „falsch“ der App gilt, und die Runde endet ohne gefundene Regel.",
    "explain.move.let_stand_here": ("Der Vorschlag von {seat} bleibt falsch; die Runde endet ohne "
                                    "gefundene Regel."),
    "explain.move.hints": ("Schlägt Tipps des Spielleiters vor; das zählt als dein Ja, alle anderen "
                           "müssen auch zustimmen."),
    "explain.move.hints_vote": "Ja: Du stimmst Tipps zu. Nein: Die Abstimmung endet, vorerst keine Tipps.",
    "explain.move.announce_hint": ("Sagt dem Tisch, dass ein Tipp kommt; jeder darf widersprechen, "
                                   "bevor du ihn gibst."),
    "explain.move.object": "Stoppt den angekündigten Tipp: Er wird jetzt nicht gegeben.",
    "explain.move.object_here": ("Stoppt den Tipp: {gm} gibt ihn jetzt nicht (gut, wenn du der Regel "
                                 "nahe bist)."),
    "explain.move.give_hint": ("Gibt den angekündigten Tipp; tippe ihn, damit der Tisch ihn zeigt, "
                               "oder lass das Feld leer und sag ihn."),
    "explain.move.void_round": ("Beendet diese Runde ohne Wertung (Fehler des Spielleiters); die "
                                "Regel wird gezeigt, die Runde zählt als gespielt."),
    "explain.move.close": "Wartet nicht länger auf jemanden, der nicht antwortet.",
    "explain.move.close_turn": ("Überspringt den Zug von {seat} (ein Handy ist weg); er zählt nicht, "
                                "der nächste Spieler ist dran."),
    "explain.move.close_hints": "Beendet die Abstimmung über Tipps: vorerst keine Tipps.",
    "explain.move.close_hint": "Der angekündigte Tipp entfällt; das Spiel geht weiter.",
    "explain.move.close_overrule": "Entscheidet für {gm}: Das „falsch“ der App gilt, die Runde endet.",
    # ein abgelehnter Zug: was stattdessen geht
    "explain.instead.rule_sealed": ("Es ist schon eine Regel versiegelt (jemand war schneller): "
                                    "Diese Runde läuft; eine neue Regel kommt mit der nächsten Runde."),
    "explain.instead.only_gm": ("Das darf nur {gm} als Spielleiter; du spielst Karten aus, rätst "
                                "und antwortest bei Tipps."),
    "explain.instead.wait_for_gm": ("Warte auf das Urteil des Spielleiters; dann sagt dir das Spiel, "
                                    "wie es weitergeht."),
    "explain.instead.guess_first": ("Rate zuerst die Regel oder wähle „Jetzt nicht raten“; dann geht "
                                    "es weiter."),
    "explain.instead.finish_reveal": "Gib zuerst die restlichen Karten deiner offengelegten Hand ein.",
    "explain.instead.no_guess_now": ("Bis dahin spiel eine Karte oder leg deine Hand offen; dann "
                                     "bietet dir das Spiel „Regel raten“ an."),
    "explain.instead.hints_vote_open": ("Der Tisch stimmt über Tipps ab: Antworte mit ja oder nein, "
                                        "falls noch nicht geschehen; nach der Abstimmung geht es "
                                        "weiter."),
    "explain.instead.hint_announced": ("Widersprich jetzt, wenn du ihn nicht willst, oder warte, bis "
                                       "der Spielleiter ihn gibt."),
    "explain.instead.gm_does_not_play": ("Du (oder die App) beurteilst, und du darfst Tipps geben, "
                                         "wenn alle zugestimmt haben."),
    "explain.instead.guess_needs_rule": "Tippe ihn, tippe ein Beispiel an oder nutze den Regelbaukasten.",
    "explain.instead.already_voted": "Warte auf die Antworten der anderen.",
    "explain.instead.hints_already_on": "Der Spielleiter kündigt sie an, und du darfst einem widersprechen.",
    "explain.instead.no_copy_left": ("Sie kann also nicht auf deiner Hand sein: Wahrscheinlich ist "
                                     "eine ihrer vier Eigenschaften falsch gewählt."),
    "explain.instead.nothing_written": "Füll eines der beiden Felder aus.",
    "explain.instead.rule_or_text": "Leere eines der beiden Felder.",
    # was ein entscheidendes Ereignis bedeutet
    "meaning.rule_set_text": ("{gm} beurteilt jede Karte und jeden Vorschlag: Ein Vorschlag zählt, "
                              "wenn er dasselbe bedeutet wie die Regel, auch in anderen Worten."),
    "meaning.rule_set_expr": ("Die App beurteilt jede Karte nach der Regel von {gm} und prüft "
                              "Vorschläge in der Regelsprache; Vorschläge in eigenen Worten "
                              "beurteilt {gm}."),
    "meaning.rule_drawn": ("Die App beurteilt jede Karte nach der Regel der Stufe {level} von {gm} "
                           "und prüft Vorschläge in der Regelsprache; Vorschläge in eigenen Worten "
                           "beurteilt {gm}."),
    "meaning.rule_drawn_app": ("Niemand kennt diese Regel der Stufe {level}, also spielen alle mit; "
                               "Vorschläge werden in der Regelsprache geschrieben."),
    "meaning.fits": ("Die Karte von {seat} passt zur Regel: Sie kommt auf Platz {place} der Reihe, "
                     "und {seat} darf die Regel raten."),
    "meaning.misfit": ("Die Karte von {seat} passt nicht zur Regel: Sie zeigt, was die Regel nicht "
                       "ist, und die Hand von {seat} wächst um eine Karte, statt zu schrumpfen."),
    "meaning.reveal_fits": ("{seat} lag falsch, eine Karte passte doch ({card}): Sie kommt in die "
                            "Reihe, und die Hand von {seat} bleibt so groß wie vorher."),
    "meaning.reveal_none": ("{seat} lag richtig, keine Karte passt: Die Hand schrumpft um eine Karte, "
                            "und {seat} darf die Regel raten."),
    "meaning.guess_wrong": ("Der Vorschlag von {seat} ist nicht die Regel: eine Idee weniger zu "
                            "prüfen, und Raten kostet nichts."),
    "meaning.overruled": ("{gm} erkennt den Vorschlag von {seat} als Regel an: {seat} hat sie "
                          "gefunden, und die Runde endet."),
    "meaning.wrong_stands": "Der Vorschlag bleibt falsch, und die Runde endet ohne gefundene Regel.",
    "meaning.overrule_closed": "Das Urteil der App gilt: Die Runde endet ohne gefundene Regel.",
    "meaning.hints_on": ("Ab jetzt darf {gm} Tipps geben und kündigt jeden vorher an; sobald einer "
                         "gegeben ist, bringt richtiges Raten 2 statt 5 Punkte."),
    "meaning.hints_refused": ("Ein „nein“ genügt: Vorerst keine Tipps; zwischen zwei Zügen darf sie "
                              "jeder wieder vorschlagen."),
    "meaning.hints_closed": "Vorerst keine Tipps; zwischen zwei Zügen darf sie jeder wieder vorschlagen.",
    "meaning.hint_objection": "{seat} hat widersprochen, also gibt der Spielleiter diesen Tipp jetzt nicht.",
    "meaning.hint_given": ("Ein Tipp wurde gegeben: Ab jetzt bringt richtiges Raten 2 statt 5 "
                           "Extrapunkte."),
    "meaning.hint_given_text": ("{gm} hat einen Tipp gegeben: Ab jetzt bringt richtiges Raten 2 statt "
                                "5 Extrapunkte."),
    "meaning.hint_closed": "Der angekündigte Tipp entfällt; das Spiel geht weiter.",
    "meaning.turn_skipped": ("Der Zug von {seat} wird übersprungen: Er zählt nicht als Zug von "
                             "{seat}, und der nächste Spieler ist dran."),
    "meaning.guess_right_start": ("Der Vorschlag von {seat} weicht von der Regel nur am Anfang der "
                                  "Reihe ab, wo einer von beiden eine Karte liest, die noch nicht "
                                  "da ist: So wie ein Spielleiter zählt die App ihn als die Regel."),
    "meaning.round_guessed": ("{seat} hat die Regel gefunden: Die Runde endet, und sie zählt als von "
                              "{seat} gefundene Regel."),
    "meaning.round_empty_hand": ("{seat} hat keine Handkarten mehr, also endet die Runde ohne "
                                 "gefundene Regel."),
    "meaning.round_pile_empty": ("Der Nachziehstapel ist aufgebraucht, also endet die Runde ohne "
                                 "gefundene Regel."),
    "meaning.round_void": "Diese Runde wird nicht gewertet, zählt aber als eine der Runden.",
    "meaning.points": ("Rundenpunkte: Jeder Spieler bekommt 10 minus seine restlichen Handkarten, "
                       "wer die Regel gefunden hat, 5 mehr (2 nach einem Tipp)."),
    "meaning.gm_points": ("{seat} bekommt als Spielleiter {points}, so viel wie der beste Spieler: "
                          "Die Regel wurde gefunden, und nicht zu früh."),
    "meaning.gm_points_halved": ("{seat} bekommt als Spielleiter nur die Hälfte der {best} des "
                                 "besten Spielers: Die Regel wurde gefunden, bevor jeder zweimal an "
                                 "der Reihe war oder 10 Karten ausgespielt waren, oder gar nicht."),
    "meaning.game_over": "Der höchste Punktestand nach der letzten Runde gewinnt: {names} ({points}).",
    "meaning.game_over_found": "Wer die meisten Regeln gefunden hat, gewinnt: {names} ({found}).",
    "meaning.game_over_nobody": "Niemand hat in diesem Spiel eine Regel gefunden, also gewinnt niemand.",
}
