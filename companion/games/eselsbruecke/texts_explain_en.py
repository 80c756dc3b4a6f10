"""English texts of Eselsbrücke's explain mode (issue #29): explain.py's
lines, what each move does, what a refusal allows instead, and what a
decisive event meant (``meaning.<log key>``)."""

TEXTS: dict[str, str] = {
    # telling: the table
    "explain.tell.table_first": ("Waiting for {seat}, who has the donkey, to start story "
                                 "{story}: a card laid face up and a sentence or two about it."),
    "explain.tell.table": ("Waiting for {seat} to lay card {next} of {size} of story {story} "
                           "and carry the story on."),
    "explain.tell.table_why": ("Remember the terms: once the story is complete they are "
                               "hidden, and later each term someone recalls wins that card."),
    "explain.tell.table_last": ("This card completes the story: then its terms are hidden "
                                "until it is resolved, after every player has started a story."),
    "explain.tell.table_final": ("This is the last card of the telling: then the stories are "
                                 "resolved, starting with story 1 — whoever recalls a term "
                                 "wins that card."),
    # telling: the player who lays
    "explain.tell.you_first": ("You have the donkey: start story {story} with any card of your "
                               "hand and a sentence or two about it."),
    "explain.tell.you": ("Carry story {story} on with card {next} of {size} — any "
                         "card of your hand, with a sentence that links it to the story."),
    "explain.tell.you_last": ("You lay the last card of story {story} and give the "
                              "story its ending; then its terms are hidden."),
    "explain.tell.why_link": ("A vivid, funny link helps everyone recall the term later: each "
                              "term recalled wins that card."),
    # telling: the others
    "explain.tell.wait_first": "{seat} has the donkey and starts story {story} with a card.",
    "explain.tell.wait": "{seat} lays card {next} of {size} of story {story} and tells how it goes on.",
    "explain.tell.remember": ("Listen and remember the terms: they are hidden once the story is "
                              "complete, and later each term you recall wins you that card."),
    "explain.tell.remember_next": ("You lay the next card; remember the terms — later each one you "
                                   "recall wins you that card."),
    # resolution: a turn
    "explain.res.you_name": ("Story {story}: name a term of this story that "
                             "someone else holds — if it is right, you take that card."),
    "explain.res.you_how": ("A wrong name or a pass costs nothing, but after {players} turns in "
                            "a row without a card the story ends."),
    "explain.res.you_last_chance_one": ("Careful: {idle} turns in a row without a card — if you "
                                        "do not win one now, the story ends and its last card "
                                        "leaves the game."),
    "explain.res.you_last_chance_many": ("Careful: {idle} turns in a row without a card — if you "
                                         "do not win one now, the story ends and its {count} "
                                         "untaken cards leave the game."),
    "explain.res.you_take_one": ("Only your own card of story {story} is left: take it — it "
                                 "counts as a card won."),
    "explain.res.you_take_many": ("Only your own {count} cards of story {story} are left: take "
                                  "them — each counts as a card won."),
    "explain.res.wait": ("{seat} names a term of story {story} that someone else holds, or "
                         "passes."),
    "explain.res.wait_how": ("On your turn, name a term someone else holds — your own cards are "
                             "only hints, and {players} turns without a card end the story."),
    "explain.res.wait_last_chance_one": ("{idle} turns in a row without a card: if no card is "
                                         "won now, the story ends and its last card leaves the "
                                         "game."),
    "explain.res.wait_last_chance_many": ("{idle} turns in a row without a card: if no card is "
                                          "won now, the story ends and its {count} untaken cards "
                                          "leave the game."),
    "explain.res.wait_take": ("Only {seat}'s own cards of story {story} are left: {seat} takes "
                              "them, and they count as cards won."),
    "explain.res.may_appeal": ("Your “{said}” was judged wrong. Optional: if you meant a card "
                               "of this story with another word (a synonym), appeal now — the "
                               "chance ends when {seat} moves."),
    "explain.res.table": ("Waiting for {seat} to name a term of story {story} that someone "
                          "else holds, or to pass: each term named right wins that card."),
    "explain.res.table_how": ("After {players} turns in a row without a card the story ends, "
                              "and its untaken cards leave the game."),
    "explain.res.table_last_chance_one": ("{idle} turns in a row without a card: one more and "
                                          "the story ends, its last card out of the game."),
    "explain.res.table_last_chance_many": ("{idle} turns in a row without a card: one more and "
                                           "the story ends, its {count} untaken cards out of "
                                           "the game."),
    "explain.res.idle": ("Turns in a row without a card: {idle} of {players} — at {players} "
                         "the story ends and its untaken cards leave the game."),
    "explain.res.table_take": ("Waiting for {seat} to take their own last cards of story "
                               "{story}: nobody else holds one, so they count for {seat}."),
    # resolution: a question to the holders
    "explain.res.table_near": ("Waiting for {names}: only the holder can tell whether {namer}'s "
                               "“{said}” is their card, spelt differently. Yes wins {namer} the "
                               "card; no makes the name wrong."),
    "explain.res.table_appeal": ("Waiting for {names}: {namer} says “{said}” meant one of their "
                                 "cards with another word. One yes wins {namer} that card; if "
                                 "all say no, it stays wrong."),
    "explain.res.asked_near": ("{namer} named “{said}”, which is close to a card of yours. You "
                               "must answer: hold the bar to see the card, then say whether it "
                               "is the same word."),
    "explain.res.asked_appeal": ("{namer} appeals: “{said}” was meant as another word for a "
                                 "card. You must answer: hold the bar, and say yes only if it "
                                 "really means one of your cards."),
    "explain.res.namer_near": ("Your “{said}” is close to a card; asked: {names}. If a holder "
                               "says yes, you take it; if all say no, your name counts as "
                               "wrong."),
    "explain.res.namer_appeal": ("You appealed with “{said}”: {names} must say whether it means "
                                 "one of their cards. One yes wins you that card; if all say "
                                 "no, it stays wrong."),
    "explain.res.other_near": ("{namer} named “{said}”, close to a card: waiting for {names} to "
                               "say whether it is the same word. Nobody names until then."),
    "explain.res.other_appeal": ("{namer} appeals: “{said}” may mean a card with another word. "
                                 "Waiting for the answer of {names}; nobody names until then."),
    # resolution: a full round without a card after a wrong name
    "explain.res.you_ending": ("A full round passed without a card, the last with your wrong "
                               "“{said}”: appeal if you meant a card with another word (a "
                               "synonym), or end the story — you must decide."),
    "explain.res.you_ending_then_one": ("If story {story} ends, its last card leaves the game and "
                                        "scores for nobody."),
    "explain.res.you_ending_then_many": ("If story {story} ends, its {count} untaken cards leave "
                                         "the game and score for nobody."),
    "explain.res.table_ending": ("Waiting for {seat}: a full round passed without a card, so "
                                 "story {story} ends — unless {seat} appeals that “{said}” "
                                 "meant a card with another word."),
    "explain.res.other_ending": ("A full round passed without a card: {seat} may still appeal "
                                 "with “{said}”; otherwise story {story} ends."),
    "explain.res.ending_then_one": "Its last card then leaves the game and scores for nobody.",
    "explain.res.ending_then_many": ("Its {count} untaken cards then leave the game and score "
                                     "for nobody."),
    # secret lines (shown only under the reveal)
    "explain.secret.cards_one": ("Your card of story {story}: {cards}. You cannot name it — it "
                                 "is a hint to the story, and the others try to name it."),
    "explain.secret.cards_many": ("Your cards of story {story}: {cards}. You cannot name them — "
                                  "they are hints to the story, and the others try to name "
                                  "them."),
    "explain.secret.take_one": "Your last card: {cards}. Nobody else can win it any more.",
    "explain.secret.take_many": "Your last cards: {cards}. Nobody else can win them any more.",
    "explain.secret.near_one": ("You are asked about your “{card}”: say yes if “{said}” is the "
                                "same word, only spelt differently — then {namer} takes it."),
    "explain.secret.near_many": ("“{said}” is close to your cards ({cards}): pick the one {namer} "
                                 "meant, or answer no."),
    "explain.secret.appeal_one": ("Does “{said}” mean your “{card}”? A yes gives it to {namer}; "
                                  "say no if it is a different thing."),
    "explain.secret.appeal_many": ("Does “{said}” mean one of your cards ({cards})? A yes gives "
                                   "that card to {namer}; say no if none is meant."),
    # what a move does (static; every action type)
    "explain.move.lay": "Lays your card face up: all see its term until the story is complete.",
    "explain.move.name": ("If someone else holds this term, you take that card (1 point); if "
                          "not, the turn moves on."),
    "explain.move.pass": "No card for you this turn; the turn moves on clockwise.",
    "explain.move.take": "Takes your own last cards of the story: each counts as a card won.",
    "explain.move.confirm": ("Yes gives the named card to whoever named it; no makes the name "
                             "wrong."),
    "explain.move.appeal": ("Asks the other holders whether your word meant one of their cards; "
                            "one yes wins it."),
    "explain.move.concede": "Ends the story: its untaken cards leave the game.",
    "explain.move.close": ("Stops waiting: the step goes on as if the missing player had passed "
                           "or said no."),
    # what a move does here
    "explain.move.lay_n": "Lays card {next} of {size}: everyone sees its term until the story is complete.",
    "explain.move.lay_last": ("Completes story {story}: its terms are hidden until it is "
                              "resolved."),
    "explain.move.lay_final": ("Completes the last story: the resolution begins, story 1 "
                               "first."),
    "explain.move.name_last_chance": ("Right: you take the card and the story goes on. Wrong: "
                                      "the story ends unless you appeal."),
    "explain.move.pass_next": "No card for you this turn; {seat} is next.",
    "explain.move.pass_end_one": "Ends story {story}: its last card leaves the game.",
    "explain.move.pass_end_many": ("Ends story {story}: its {count} untaken cards leave the "
                                   "game."),
    "explain.move.take_one": "Takes your last card of story {story}: 1 point.",
    "explain.move.take_many": "Takes your last {count} cards of story {story}: {count} points.",
    "explain.move.appeal_to": ("Asks {names} whether “{said}” meant one of their cards; one yes "
                               "wins you that card."),
    "explain.move.concede_n_one": "Ends story {story}: its last card leaves the game.",
    "explain.move.concede_n_many": ("Ends story {story}: its {count} untaken cards leave the "
                                    "game."),
    "explain.move.confirm_near": ("Yes: {namer} takes your card for “{said}”. No: not your "
                                  "card — if all say no, the name is wrong."),
    "explain.move.confirm_appeal": ("Yes (with the card meant): it goes to {namer}. No: if all "
                                    "say no, “{said}” stays wrong."),
    "explain.move.close_lay_physical": ("Type the term of the card {seat} laid (if {seat} has gone: "
                                        "the pile's top card)."),
    "explain.move.close_lay_digital": "Lays a random card from {seat}'s hand for them.",
    "explain.move.close_confirm": "Counts the missing answers of {names} as no.",
    "explain.move.close_appeal": "Counts as {seat} not appealing: story {story} ends.",
    "explain.move.close_turn": "Skips {seat}'s turn: it counts as a pass.",
    "explain.move.close_take": "Takes {seat}'s own last cards for them.",
    # the end
    "explain.over": "All {stories} stories are resolved: whoever won the most cards wins; equal highest share the win.",
    "explain.over_you_one": "You won 1 card. The win goes to {names}, with the most cards won ({best}).",
    "explain.over_you_many": ("You won {count} cards. The win goes to {names}, with the most cards "
                              "won ({best})."),
    "explain.over_table": "The win goes to {names}, with the most cards won ({best}).",
    # what a refused player may do instead
    # (after the refusal's own sentence: only what it does not say already, issue #40)
    "explain.instead.own_card": "If you remember no other, you may pass.",
    "explain.instead.already_taken": "The won ones are on the table; if you remember no other, you may pass.",
    "explain.instead.duplicate_term": "A similar word is fine.",
    "explain.instead.not_in_hand": "Hold the bar and slide onto one of your cards.",
    "explain.instead.must_take": "Naming and passing are not possible now.",
    "explain.instead.cannot_take": "Name a term another player holds, or pass.",
    "explain.instead.waiting_for_answer": "Then play goes on.",
    "explain.instead.waiting_for_appeal": "If {seat} concedes, the story ends.",
    "explain.instead.no_appeal": "On your next turn, name a term again.",
    "explain.instead.not_asked": "Wait for your turn.",
    # what a decisive event meant (the table shows the newest)
    "meaning.told_physical": ("Story {story} is hidden now: later, each of its {size} terms "
                              "someone recalls wins that card."),
    "meaning.told_physical_last": ("All stories are told; story {story} is hidden too, and "
                                   "recalling the terms is what scores now."),
    "meaning.told_digital": ("Story {story} is hidden now: later, each of its {size} terms "
                             "someone recalls wins that card."),
    "meaning.told_digital_last": ("All stories are told; story {story} is hidden too, and "
                                  "recalling the terms is what scores now."),
    "meaning.resolution": ("The telling is over: from now on each term you recall of a card "
                           "someone else holds wins you that card, 1 point each."),
    "meaning.right": ("1 card more for {seat}: “{card}” leaves {holder}'s hand, and the count "
                      "of turns without a card starts again."),
    "meaning.wrong": ("No card for {seat}: the turn moves on, and the turns without a card "
                      "count on."),
    "meaning.accepted": "{seat} agreed that “{said}” means “{card}”: 1 card more for {namer}.",
    "meaning.judged_wrong": ("“{said}” does not count: no card for {seat}, who may still "
                             "appeal if another word was meant."),
    "meaning.appeal_failed": "The appeal failed: {seat} gets no card for “{said}”.",
    "meaning.took_own": ("{seat} takes their own rest of the story ({cards}): 1 point per "
                         "card."),
    "meaning.resolved_all": ("Every card of story {story} was recalled: nothing of it left the "
                             "game."),
    "meaning.resolved_lost": "Nobody recalled {cards}: out of the game, no point for anyone.",
    "meaning.over": "The game is over: most cards won ({points}), so the win goes to {winners}.",
}
