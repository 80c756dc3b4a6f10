"""Die deutschen Texte von What the Rule?! (dieselben Schlüssel und Platzhalter wie texts_en)."""
from .cards import CARDS, code
from .deck import DECK
from .language import Texts
from .reading import restriction_texts
from .texts_builder_de import TEXTS as BUILDER
from .texts_explain_de import TEXTS as EXPLAIN
from .texts_language_de import TEXTS as LANGUAGE
from .texts_reading_de import TEXTS as READING

SHAPE_ONE = {"circle": "Kreis", "triangle": "Dreieck", "square": "Quadrat"}
#: after "mit" (dative plural)
SHAPE_MANY = {"circle": "Kreisen", "triangle": "Dreiecken", "square": "Quadraten"}
FILL_ONE = {"filled": "ausgefülltem", "empty": "unausgefülltem"}     # dative singular
FILL_MANY = {"filled": "ausgefüllten", "empty": "unausgefüllten"}
COLOR = {"white": "weiße", "black": "schwarze"}


def card_name(card: tuple) -> str:
    """„weiße Karte mit 2 ausgefüllten Kreisen“: ohne Komma, damit eine
    Liste von Karten (eine Reihe in einer Logzeile) eindeutig bleibt."""
    shape, count, fill, color = card
    if count == 1:
        shapes = f"1 {FILL_ONE[fill]} {SHAPE_ONE[shape]}"
    else:
        shapes = f"{count} {FILL_MANY[fill]} {SHAPE_MANY[shape]}"
    return f"{COLOR[color]} Karte mit {shapes}"


TEXTS: dict[str, str] = {
    "title": "What the Rule?!",
    # options
    "option.master": "Spielleiter",
    "option.master.seat": "ein Spieler (reihum)",
    "option.master.app": "die App (alle spielen)",
    "option.master.help": "Mit der App als Spielleiter spielen alle mit, und Regelvorschläge werden in der Regelsprache geschrieben.",
    "option.rounds": "Runden",
    "option.rounds.help": "0: eine Runde pro Spieler (jeder leitet einmal), oder 3 mit der App.",
    "option.scoring": "Mit Punkten spielen",
    "option.scoring.help": "Zu zweit wird immer ohne Punkte gespielt; dann zählt der Tisch die gefundenen Regeln.",
    # actions
    "action.set_rule": "Geheime Regel versiegeln",
    "action.draw_rule": "Regel aus dem Stapel der App ziehen",
    "action.play": "Karte ausspielen",
    "action.reveal": "Keine Karte passt: Hand offenlegen",
    "action.reveal_card": "Offengelegte Karte eingeben",
    "action.judge": "Karte beurteilen",
    "action.guess": "Regel raten",
    "action.no_guess": "Jetzt nicht raten",
    "action.judge_guess": "Regelvorschlag beurteilen",
    "action.judge_reveal": "Offengelegte Hand beurteilen",
    "action.overrule": "Die App überstimmen: Der letzte Vorschlag ist richtig",
    "action.hints": "Tipps des Spielleiters",
    "action.announce_hint": "Tipp ankündigen",
    "action.object": "Dem Tipp widersprechen",
    "action.give_hint": "Tipp geben",
    "action.choose_gm": "Spielleiter bestimmen",
    "action.void_round": "Runde nicht werten (Fehler des Spielleiters)",
    "action.close": "Nicht länger warten",
    # fields
    "field.rule": "In der Regelsprache",
    "field.text": "In eigenen Worten",
    "field.level": "Stufe",
    "field.shape": "Form",
    "field.count": "Anzahl",
    "field.fill": "Füllung",
    "field.color": "Farbe",
    "field.fits": "Passt sie zur Regel?",
    "field.right": "Ist das die Regel?",
    "field.card": "Diese Karte passt",
    "field.agree": "Tipps erlauben?",
    "field.seat": "Spieler",
    "field.step": "Schritt",
    "field.secret_rule": "Deine geheime Regel",
    "field.deck_rule": "In Worten",
    # values
    "value.circle": "Kreis",
    "value.triangle": "Dreieck",
    "value.square": "Quadrat",
    "value.filled": "ausgefüllt",
    "value.empty": "unausgefüllt",
    "value.white": "weiß",
    "value.black": "schwarz",
    "value.true": "ja",
    "value.false": "nein",
    "value.none": "keine passt",
    "value.turn": "den Spieler am Zug (sein Zug wird übersprungen)",
    "value.hints": "die Abstimmung über Tipps",
    "value.hint": "den angekündigten Tipp",
    # log
    "log.start_seat": ("What the Rule?! Spieler: {players}, Runden: {rounds}. Wem zuerst eine "
                       "Regel einfällt, leitet die erste Runde: Versiegle sie auf deinem Handy "
                       "oder ziehe eine aus dem Regelstapel der App."),
    "log.start_app": ("What the Rule?! mit der App als Spielleiter. Spieler: {players}, Runden: "
                      "{rounds}. Drückt „Regel ziehen“, um eine Runde zu beginnen."),
    "log.with_points": "Ihr spielt um Punkte.",
    "log.without_points": "Ihr spielt ohne Punkte: Der Tisch zählt, wer wie viele Regeln findet.",
    "log.gm_named": "Der Gastgeber bestimmt {seat} zum Spielleiter dieser Runde.",
    "log.rule_set_text": "{gm} hat eine geheime Regel in eigenen Worten versiegelt und beurteilt jede Karte.",
    "log.rule_set_expr": "{gm} hat eine geheime Regel in der Regelsprache versiegelt: Die App beurteilt jede Karte.",
    "log.rule_drawn": "{gm} hat eine Regel der Stufe {level} aus dem Stapel der App gezogen: Die App beurteilt jede Karte.",
    "log.rule_drawn_app": "Die App hat eine geheime Regel der Stufe {level} gezogen. Niemand kennt sie.",
    "log.deal": ("Mischt alle 144 Karten und teilt je 10 aus an {players}. Der Rest ist der "
                 "Nachziehstapel ({pile} Karten). {first} beginnt."),
    "log.next_turn": "{seat} ist am Zug.",
    "log.play": "{seat} spielt aus: {card}.",
    "log.judge_now": "{gm}, passt sie zu deiner Regel?",
    "log.fits": "Sie passt: Die Karte kommt auf Platz {place} der Reihe. {seat} darf die Regel raten.",
    "log.misfit": "Sie passt nicht: Die Karte kommt unter Platz {place}, und {seat} zieht eine Karte.",
    "log.reveal": ("{seat} glaubt, dass keine Handkarte passt, und legt die ganze Hand offen "
                   "(Handkarten: {count}). Gebt sie auf dem Handy von {seat} ein."),
    "log.judge_reveal_now": "{gm}, passt eine der Karten von {seat}? Wähle eine aus, oder keine.",
    "log.reveal_fits": ("Diese passt: {card}. Sie kommt in die Reihe; {seat} nimmt die anderen "
                        "Karten zurück und zieht eine Karte."),
    "log.reveal_none": ("Keine passt: {seat} legt sie unter den Nachziehstapel und zieht eine "
                        "Karte weniger nach als zuvor (neue Karten: {draw}). {seat} darf die "
                        "Regel raten."),
    "log.guess_rule": "{seat} rät: {rule}",
    "log.guess_text": "{seat} rät: „{text}“",
    "log.judge_guess_now": "{gm}, ist das deine Regel?",
    "log.guess_wrong": "Falsch geraten.",
    "log.no_guess": "{seat} rät nicht.",
    "log.overruled": "{gm} überstimmt die App: Der Vorschlag von {seat} gilt als richtig.",
    "log.hints_proposed": "{seat} schlägt Tipps des Spielleiters vor. Alle müssen zustimmen.",
    "log.hints_agreed": "{seat} stimmt Tipps zu.",
    "log.hints_refused": "{seat} möchte keine Tipps: Vorerst gibt es keine.",
    "log.hints_on": ("Alle sind einverstanden: {gm} darf Tipps geben und kündigt jeden vorher an. "
                     "Richtig raten bringt jetzt 2 statt 5 Punkte."),
    "log.hint_announced": "{gm} kündigt einen Tipp an. Jeder darf widersprechen.",
    "log.hint_objection": "{seat} widerspricht: Jetzt kein Tipp.",
    "log.hint_given": "{gm} gibt einen Tipp.",
    "log.hint_given_text": "Tipp von {gm}: „{text}“",
    "log.hints_closed": "Der Gastgeber wartet nicht länger auf die Abstimmung: Vorerst keine Tipps.",
    "log.turn_skipped": "Der Gastgeber überspringt den Zug von {seat}.",
    "log.hint_closed": "Der Gastgeber wartet nicht länger: Der angekündigte Tipp entfällt.",
    "log.round_guessed": "{seat} hat die Regel gefunden! Die Runde ist vorbei.",
    "log.round_empty_hand": "{seat} hat keine Karten mehr: Die Runde ist vorbei.",
    "log.round_pile_empty": "Der Nachziehstapel ist leer: Die Runde ist vorbei.",
    "log.round_void": "Der Gastgeber erklärt diese Runde für ungültig: Sie wird nicht gewertet.",
    "log.rule_was_text": "Die Regel war: „{text}“",
    "log.rule_was_deck": "Die Regel war: {sentence} ({rule})",
    "log.rule_was_expr": "Die Regel war: {rule}",
    "log.points_head": "Punkte der Runde {round}:",
    "log.points": "{seat}: +{points}",
    "log.gm_points": "{seat} (Spielleiter): +{points}, so viel wie der beste Spieler.",
    "log.gm_points_halved": ("{seat} (Spielleiter): +{points}, die Hälfte von {best} des besten "
                             "Spielers, abgerundet (die Regel wurde früh oder gar nicht gefunden)."),
    "log.next_round": ("Runde {round} von {rounds}: {gm} leitet und versiegelt eine neue Regel. "
                       "Sammelt alle Karten ein."),
    "log.next_round_app": ("Runde {round} von {rounds}: Sammelt alle Karten ein und drückt dann "
                           "„Regel ziehen“ für eine neue geheime Regel."),
    # (die nächste Zeile der Plattform sagt, dass das Spiel vorbei ist und wer gewinnt)
    "log.game_over": "Die meisten Punkte: {points}.",
    "log.game_over_found": "Die meisten gefundenen Regeln: {found}.",
    "log.game_over_nobody": "Niemand hat eine Regel gefunden.",
    # refusals
    "error.kick_in_game": "Niemand kann ein laufendes What the Rule?!-Spiel verlassen: Die Handkarten (oder als Spielleiter die versiegelte Regel) gehören zur Runde. Beendet das Spiel; das nächste beginnt ohne {name}. (Ein totes Handy bekommt einen neuen Link; der Gastgeber kann einen Zug überspringen oder die Runde streichen.)",
    "error.rule_sealed": "Die Regel ist versiegelt: Sobald die Runde begonnen hat, ändert sie sich nicht mehr.",
    "error.no_rule_yet": "Die Runde hat noch nicht begonnen: Es ist noch keine Regel versiegelt.",
    "error.no_round": "Gerade läuft keine Runde.",
    "error.app_is_gm": "In dieser Partie ist die App der Spielleiter: Sie zieht die Regeln und entscheidet alles.",
    "error.only_gm": "Das kann nur der Spielleiter ({gm}).",
    "error.gm_does_not_play": "Als Spielleiter spielst du in dieser Runde keine Karten.",
    "error.nothing_written": "Bitte schreib die Regel auf: in eigenen Worten oder in der Regelsprache.",
    "error.rule_or_text": "Schreib sie entweder in eigenen Worten oder in der Regelsprache, nicht beides.",
    "error.text_too_long": "Dieser Text ist zu lang: höchstens {max} Zeichen.",
    "error.rule_nothing_fits": ("Zu Beginn der Reihe passt keine einzige Karte zu dieser Regel, "
                                "also könnte nie jemand ausspielen. Bitte ändere sie."),
    "error.no_such_level": "Es gibt nur die Stufen 1, 2 und 3.",
    "error.host_draws_not": "Ein Spieler ist Spielleiter: Er zieht die Regel auf seinem Handy.",
    "error.no_such_card": ("Diese Karte gibt es nicht. Eine Karte hat eine Form (Kreis, Dreieck, "
                           "Quadrat), 1 bis 6 Formen, eine Füllung (ausgefüllt, unausgefüllt) und "
                           "eine Farbe (weiß, schwarz)."),
    "error.no_copy_left": ("Beide Exemplare dieser Karte ({card}) liegen schon auf dem Tisch. "
                           "Bitte prüfe die Karte."),
    "error.not_revealed": "Diese Karte ist nicht unter den offengelegten Karten.",
    "error.wait_for_gm": "Warte: Der Spielleiter entscheidet gerade.",
    "error.guess_first": "Sag zuerst, ob du die Regel raten möchtest.",
    "error.finish_reveal": "Gib zuerst alle Karten ein, die du offenlegst.",
    "error.no_guess_now": ("Raten darfst du nur direkt, nachdem eine deiner Karten in die Reihe "
                           "kam, oder nachdem du eine Hand ohne passende Karte offengelegt hast."),
    "error.nothing_to_judge": "Gerade gibt es nichts zu beurteilen.",
    "error.nothing_to_overrule": "Gerade gibt es keinen Vorschlag zum Überstimmen.",
    "error.guess_needs_rule": ("Mit der App als Spielleiter schreibst du deinen Vorschlag in der "
                               "Regelsprache (zum Beispiel farbe == weiß): Freien Text könnte "
                               "niemand beurteilen."),
    "error.hints_with_app": "Mit der App als Spielleiter gibt es keine Tipps.",
    "error.hints_between_turns": "Tipps werden nur zwischen zwei Zügen beschlossen und gegeben.",
    "error.hints_vote_open": "Warte: Der Tisch entscheidet gerade über Tipps.",
    "error.hints_already_on": "Tipps sind in dieser Runde schon erlaubt.",
    "error.no_hint_vote": "Niemand hat Tipps vorgeschlagen.",
    "error.already_voted": "Du hast schon zugestimmt.",
    "error.hints_off": "Für Tipps müssen zuerst alle zustimmen.",
    "error.hint_announced": "Warte: Ein Tipp ist angekündigt.",
    "error.no_hint_announced": "Es ist kein Tipp angekündigt.",
    "error.gm_cannot_object": "Der Spielleiter kann seinem eigenen Tipp nicht widersprechen.",
    "error.nothing_to_close": "Gerade wird auf nichts gewartet.",
    # the renderer (static/games/what_the_rule.js)
    "ui.quoted": "„{text}“",
    "ui.propose": "ich schlage sie vor (alle müssen zustimmen)",
    "ui.agree_yes": "ja, Tipps erlauben",
    "ui.agree_no": "keine Tipps",
    "ui.round": "Runde {round} von {rounds}",
    "ui.gm": "Spielleiter: {gm}",
    "ui.gm_short": "Spielleiter",
    "ui.the_app": "die App",
    "ui.kind_text": "Regel in eigenen Worten · der Spielleiter entscheidet",
    "ui.kind_expr": "Regel in der Regelsprache · die App entscheidet",
    "ui.kind_deck": "Regel aus dem Stapel, Stufe {level} · die App entscheidet",
    "ui.pile": "Nachziehstapel: {pile}",
    "ui.cards_in_hand": "Handkarten",
    "ui.your_hand": "Deine Handkarten: {n}",
    "ui.you_gm": "Du bist Spielleiter: Halte die Leiste unten gedrückt, um deine Regel zu sehen.",
    "ui.row": "Die Reihe · richtige Karten: {n} · gespielte Karten: {played}",
    "ui.next_place": "der nächste Platz der Reihe",
    "ui.earlier": "+{n} davor",
    "ui.more_wrong": "{n} weitere falsche Karten hier: das Protokoll nennt sie",
    "ui.guesses": "Regelvorschläge dieser Runde",
    "ui.right": "richtig",
    "ui.right_overruled": "richtig (der Spielleiter hat die App überstimmt)",
    "ui.wrong": "falsch",
    "ui.judging": "wird beurteilt",
    "ui.hint_vote": "Tipps? Bisher einverstanden: {names}",
    "ui.hint_announced": "{gm} kündigt einen Tipp an: Jetzt widersprechen, sonst kommt er.",
    "ui.hints_on": "Tipps sind in dieser Runde erlaubt. Gegebene Tipps: {n}",
    "ui.played": "{name} spielt diese Karte aus.",
    "ui.guessing": "{name} rät:",
    "ui.reveal_none_fits": "Keine Karte von {name} passt: {name} darf raten.",
    "ui.reveal_one_fits": "Eine Karte von {name} passt: Sie kommt in die Reihe.",
    "ui.gm_judges": "{gm} entscheidet.",
    "ui.showing": "{name} legt die ganze Hand offen:",
    "ui.shown_of": "{k} von {n} eingegeben",
    "ui.you_show": "Du legst deine ganze Hand offen: {k} von {n} Karten eingegeben",
    "ui.round_over": "Runde {round} ist vorbei",
    "ui.found_by": "{name} hat die Regel gefunden!",
    "ui.end_empty_hand": "Ein Spieler hat keine Karten mehr.",
    "ui.end_pile_empty": "Der Nachziehstapel ist leer.",
    "ui.end_ended": "Der Gastgeber hat das Spiel in dieser Runde beendet: keine Punkte.",
    "ui.end_void": "Die Runde wurde nicht gewertet.",
    "ui.halved": "halbiert",
    "ui.the_rule_was": "Die Regel war",
    "ui.scores": "Punkte",
    "ui.found": "Gefundene Regeln",
    "ui.step_draw": "Runde {round}: eine geheime Regel ziehen",
    "ui.step_first_gm": "Wer versiegelt die erste Regel? Diese Person ist Spielleiter.",
    "ui.step_seal": "{gm} versiegelt eine geheime Regel",
    "ui.step_vote": "Tipps des Spielleiters? Alle antworten.",
    "ui.step_turn": "{name}: Karte ausspielen oder Hand offenlegen",
    "ui.step_judge": "{gm} beurteilt die Karte",
    "ui.step_guess": "{name} darf jetzt die Regel raten",
    "ui.step_judge_guess": "{gm} beurteilt den Regelvorschlag",
    "ui.step_reveal": "{name} gibt die offengelegten Karten ein",
    "ui.step_judge_reveal": "{gm} beurteilt die offengelegte Hand",
    "ui.step_over": "Das Spiel ist vorbei",
    "ui.fits": "Sie passt!",
    "ui.does_not_fit": "Sie passt nicht.",
    "ui.wrong_guess": "{name} hat falsch geraten.",
    "ui.level_1": "Stufe 1: nur die Karte",
    "ui.level_2": "Stufe 2: mit der Karte davor",
    "ui.level_3": "Stufe 3: Plätze in der Reihe und mehr",
    "ui.rule_unreadable": "Das kann die App noch nicht lesen (sieh bei Position {at} nach).",
    "ui.type_or_build": "Tippe eine Regel oder baue sie unten.",
    "ui.examples": "Beispiele (antippen):",
    # issue #27: the whole hand at once, the judge card, the overrule step
    "action.let_stand": "Das „falsch“ der App gelten lassen",
    "field.cards": "Die Karten deiner Hand",
    "value.overrule": "die Entscheidung des Spielleiters über das „falsch“ der App (es gilt)",
    "log.reveal_all": ("{seat} glaubt, dass keine Handkarte passt, und legt die ganze Hand offen "
                       "(Karten auf der Hand: {count}): {cards}."),
    "log.overrule_now": ("Das war der letzte Zug der Runde. {gm}, die App hält den Vorschlag für "
                         "falsch: überstimmen oder gelten lassen?"),
    "log.wrong_stands": "{gm} lässt das Urteil der App gelten: Der Vorschlag ist falsch.",
    "log.overrule_closed": ("Der Gastgeber wartet nicht länger: Das Urteil der App gilt, der "
                            "Vorschlag ist falsch."),
    "error.odd_char": "{field}: Bitte tippe es ohne unsichtbare Zeichen oder Steuerzeichen (ein Null-Byte, eine Richtungsmarke) noch einmal.",
    "error.hand_size": "Karten auf deiner Hand: {n}. Wähle genau so viele (gewählt: {given}).",
    "error.no_such_card_at": ("Karte Nummer {place} deiner Hand gibt es in diesem Spiel nicht. Eine "
                              "Karte hat eine Form (Kreis, Dreieck, Quadrat), 1 bis 6 Formen, eine "
                              "Füllung (ausgefüllt, unausgefüllt) und eine Farbe (weiß, schwarz)."),
    "error.too_many_copies": ("Jede Karte ist zweimal in der Schachtel ({card}): gewählt: {chosen}, "
                              "schon auf dem Tisch: {out}. Bitte prüfe deine Karten."),
    "error.nothing_to_let_stand": "Gerade wartet nichts auf deine Entscheidung über das Urteil der App.",
    "ui.step_overrule": "{gm} entscheidet: die App überstimmen oder ihr „falsch“ gelten lassen",
    "ui.overrule_box": "Die App sagt: falsch. Bevor die Runde endet, darf {gm} sie überstimmen.",
    "ui.you_overrule": ("Die App hält den Vorschlag von {name}, {guess}, für falsch, und es war der letzte "
                        "Zug der Runde. Ist es doch deine Regel? Überstimme die App oder lass ihr "
                        "„falsch“ gelten."),
    "ui.grid_title": "Keine Karte passt? Tippe die Karten deiner Hand an",
    "ui.grid_help": "Ein Tipp nimmt eine Karte; ein zweiter Tipp ihr zweites Exemplar.",
    "ui.grid_count": "{k} von {n} gewählt",
    "ui.grid_chosen": "Gewählt (antippen nimmt sie zurück):",
    "ui.grid_choose": "Erst alle Karten deiner Hand wählen",
    "ui.grid_confirm": "Deine ganze Hand offenlegen: {cards}?",
    "ui.grid_twice": "×2",
    "ui.judge_right": "Richtig: Das ist meine Regel",
    "ui.judge_wrong": "Falsch",
    "ui.judge_confirm_right": "Der Vorschlag von {name}, „{text}“, ist richtig: Die Runde endet.",
    "ui.judge_confirm_wrong": "Der Vorschlag von {name}, „{text}“, ist falsch.",
}

TEXTS.update({f"value.{code(card)}": card_name(card) for card in CARDS})
TEXTS.update({f"value.{rule_id}": german for rule_id, _, _, _, german in DECK})
TEXTS.update(LANGUAGE)
TEXTS.update(BUILDER)
TEXTS.update(EXPLAIN)
TEXTS.update(READING)
TEXTS.update(restriction_texts(TEXTS))
TEXTS = Texts(TEXTS)     # words rules too: code.<rule> (language.code_param)
