"""Die deutschen Texte von What the Rule?! zur Lesart einer Regel am Anfang
der Reihe und zu einer Reihe in Worten (``reading``; Issue #38), in
``texts_de`` übernommen (dieselben Schlüssel wie texts_reading_en)."""

TEXTS: dict[str, str] = {
    # eine Lesart, auf dem Handy und am Tisch („Die erste Karte: Anzahl 1“)
    "ui.r_first": "Die erste Karte: {what}",
    "ui.r_second": "Die zweite Karte: {what}",
    "ui.r_any": "jede Karte",
    "ui.r_none": "keine Karte",
    "ui.r_or": "; oder ",
    "ui.r_cards": "{k} der 72 Karten",
    "ui.r_same": "{attr} wie die erste Karte",
    "ui.r_other": "{attr} anders als die erste Karte",
    "ui.r_depends": "hängt von der ersten Karte ab",
    # ein Vorschlag, der nur so richtig ist, wie ein Spielleiter urteilt (am Anfang der Reihe)
    "log.guess_right_start": ("Der Vorschlag von {seat} ist richtig, so wie ein Spielleiter urteilt: "
                              "Er weicht von der Regel nur am Anfang der Reihe ab, wo einer von "
                              "beiden eine Karte liest, die die Reihe noch nicht hat."),
    "log.start_first": "Nach der Regel die erste Karte: {what}.",
    "log.start_first_k": "Nach der Regel können {k} der 72 Karten die Reihe beginnen.",
    "log.start_second": "Nach der Regel die zweite Karte: {what}.",
    "log.start_second_k": "Nach der Regel können {k} der 72 Karten die zweite Karte sein.",
    # ein falscher Vorschlag, erklärt, sobald die Regel gezeigt wird
    "log.parted_start": ("Der Vorschlag von {seat}, {rule}, und die Regel trennen sich am Anfang "
                         "der Reihe: {card} {way}."),
    "log.parted": ("Der Vorschlag von {seat}, {rule}, und die Regel trennen sich nach der Reihe "
                   "{row}: {card} {way}."),
    "log.parted_long": ("Der Vorschlag von {seat}, {rule}, und die Regel trennen sich nach {n} "
                        "Karten, zuletzt {row}: {card} {way}."),
    "log.parted_total": ("Der Vorschlag von {seat}, {rule}, und die Regel trennen sich nach {n} "
                         "Karten mit zusammen {total} Formen, zuletzt {row}: {card} {way}."),
    "log.parted_n": ("Der Vorschlag von {seat}, {rule}, und die Regel trennen sich nach {n} "
                     "Karten: {card} {way}."),
    "log.way_guess": "passt zum Vorschlag, nicht zur Regel",
    "log.way_rule": "passt zur Regel, nicht zum Vorschlag",
    "log.row_any": "aus beliebigen Karten",
    # eine Regel, deren Reihe stecken bleibt
    "error.rule_no_second": ("Nach der ersten Karte ({row}) kann keine Karte mehr zu dieser Regel "
                             "passen, die Reihe würde dort enden: Bitte ändere sie."),
    "error.rule_dead_end": ("Nach der Reihe {row} ({n} Karten) kann keine Karte mehr zu dieser "
                            "Regel passen, die Reihe würde dort enden: Bitte ändere sie."),
}
