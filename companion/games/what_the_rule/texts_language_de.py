"""What the Rule?!'s German texts of the rule language: the kinds of values and
why a rule cannot be read (``language``), merged into ``texts_de``."""

TEXTS: dict[str, str] = {
    # eine Regel in den Wörtern der Seite: englisches Wort, eigenes Wort, … (die Sprache liest beide)
    "ui.r_read_as": "Die App liest „{typed}“ als „{op}“.",
    "ui.code_words": "and und or oder not nicht none keine shape form count anzahl fill füllung color farbe prev vorher prev2 vorvorher changes änderungen total summe circle kreis triangle dreieck square quadrat filled ausgefüllt empty unausgefüllt white weiß black schwarz",
    "error.kind.number": "eine Zahl",
    "error.kind.shape": "eine Form",
    "error.kind.fill": "eine Füllung",
    "error.kind.color": "eine Farbe",
    "error.kind.card": "eine ganze Karte (vorher oder vorvorher)",
    "error.kind.none": "keine",
    "error.kind.condition": "eine Bedingung",
    "error.rule_empty": "Bitte schreib eine Regel, zum Beispiel farbe == weiß.",
    "error.rule_too_long": "Diese Regel ist zu lang: höchstens {max} Zeichen.",
    "error.rule_too_deep": "Zu viele Klammern ineinander an Position {at}: höchstens {max}.",
    "error.rule_char": "„{char}“ an Position {at} gehört nicht zur Regelsprache.",
    "error.rule_number": "Die Zahl an Position {at} ist zu groß: höchstens {max}.",
    "error.rule_syntax": "Die Regel lässt sich an Position {at} nicht lesen („{found}“).",
    "error.rule_operator": "„{op}“ an Position {at} ist kein Vergleich: Schreib „{fix}“.",
    "error.rule_chain": ("Vergleiche immer nur zwei Dinge (Position {at}): Verbinde Vergleiche mit "
                         "und, etwa farbe == weiß und form == kreis."),
    "error.rule_end": "Die Regel hört an Position {at} zu früh auf: Am Ende fehlt etwas.",
    "error.rule_unclosed": "Die Klammer an Position {at} wird nie geschlossen.",
    "error.rule_unopened": "Zur schließenden Klammer an Position {at} gibt es keine öffnende.",
    "error.rule_list_place": ("Eine Liste in eckigen Klammern (Position {at}) darf nur nach „in“ "
                              "stehen, zum Beispiel form in [kreis, quadrat]."),
    "error.rule_list": ("Eine Liste enthält einfache Werte, zum Beispiel [kreis, dreieck] oder "
                        "[1, 2, 3] (Position {at})."),
    "error.rule_call": "Eine Regel kann nichts aufrufen: „{name}(“ an Position {at}.",
    "error.rule_attr": ("Nur vorher und vorvorher haben Teile (vorher.form, vorher.anzahl, "
                        "vorher.füllung, vorher.farbe): „{name}.“ an Position {at} ist nicht "
                        "erlaubt."),
    "error.rule_prev_attr": ("vorher und vorvorher haben nur form, anzahl, füllung und farbe, "
                             "nicht „{name}“ (Position {at})."),
    "error.rule_name": ("„{name}“ (Position {at}) ist kein Wort der Regelsprache. Wörter: form, "
                        "anzahl, füllung, farbe, vorher, vorvorher, änderungen, summe, n, kreis, "
                        "dreieck, quadrat, ausgefüllt, unausgefüllt, weiß, schwarz, keine, und, "
                        "oder, nicht, in."),
    "error.rule_condition": ("Dieser Teil ist ein Wert, keine Bedingung (Position {at}): "
                             "Vergleiche ihn, zum Beispiel farbe == weiß."),
    "error.rule_compare_condition": ("Mit einer Bedingung lässt sich nicht vergleichen oder "
                                     "rechnen (Position {at}): Verbinde Bedingungen mit und, "
                                     "oder, nicht."),
    "error.rule_order": "Mit {op} lassen sich nur Zahlen vergleichen (Position {at}).",
    "error.rule_types": "Nicht vergleichbar: {left} und {right} (Position {at}).",
    "error.rule_prev_whole": ("vorher (oder vorvorher) allein lässt sich nur mit keine "
                              "vergleichen (vorher == keine); nimm vorher.form, vorher.anzahl, "
                              "vorher.füllung oder vorher.farbe (Position {at})."),
    "error.rule_list_slip": ("Mit und/oder lassen sich nur ganze Bedingungen verbinden "
                             "(Position {at}). Meintest du {fix}?"),
    "error.rule_n_total": ("n und summe lassen sich nicht in einem Vergleich gegeneinander "
                           "abwägen (Position {at}): Vergleiche jedes mit einer Zahl."),
    "error.rule_too_complex": ("Für diese Regel müsste die App zu viele verschiedene Reihen "
                               "verfolgen, um rechtzeitig zu entscheiden: Bitte sag sie einfacher."),
    "error.rule_arith": "Mit „{op}“ lässt sich nur mit Zahlen rechnen (Position {at}).",
    "error.rule_modulo": "Nach % muss eine ganze Zahl von 1 bis {max} stehen (Position {at}).",
}
