"""What the Rule?!'s explain mode in English (issue #29): the same keys and
placeholders as texts_explain_de.  ``explain.table.*`` is the tablet's line,
``explain.seat.*`` a phone's (``.gm`` the game master, ``.own`` the player
the step is about, ``.wait`` everyone else), ``explain.secret.*`` the game
master's lines under the reveal, ``explain.move.*`` what a move does,
``explain.instead.*`` what a refused player may do instead, ``meaning.*``
what a decisive log event meant."""

TEXTS: dict[str, str] = {
    # small parts
    "explain.word.app": "the app",
    "explain.guess_by.app": ("Guesses are written in the rule language; the app accepts one that "
                             "means the same as the rule for every card, as a game master would: a "
                             "difference only at the start of the row, where one of the two reads a "
                             "card the row does not have yet, does not count."),
    "explain.guess_by.gm": ("{gm} judges the guess: other words are fine if they mean the same; "
                            "only part of the rule is wrong."),
    "explain.guess_by.both": ("The app checks a guess in the rule language as a game master would "
                              "(a difference only at the start of the row does not count; {gm} may "
                              "still overrule its “wrong”); {gm} judges one in own words."),
    "explain.hints_cost": "Once a hint is given, a right guess scores 2 extra points instead of 5.",
    # the table
    "explain.table.over": "The game is over: below are the final standings.",
    "explain.table.draw_app": ("Round {round} of {rounds}: waiting for anyone to draw a secret rule "
                               "and pick its level (1: the card alone, 2: with the card before, 3: "
                               "places in the row and more)."),
    "explain.table.first_gm": ("Waiting for a first rule: whoever seals one on their phone (typed, "
                               "built or drawn) is game master of round 1 and plays no cards."),
    "explain.table.seal": ("Waiting for {gm}, game master of round {round}, to seal a secret rule; "
                           "meanwhile collect all 144 cards and shuffle them."),
    "explain.table.vote": ("Hints from the game master? Waiting for {names} to answer: it takes "
                           "everyone's yes, one “no” ends the vote."),
    "explain.table.announced": ("{gm} has announced a hint: any player may object now; if nobody "
                                "does, {gm} gives it. Play waits."),
    "explain.table.turn": ("Waiting for {seat}: play a card that might fit the secret rule, or show "
                           "the whole hand if none fits."),
    "explain.table.may_overrule": ("The app judged {seat}'s guess wrong; until the next card is "
                                   "played, {gm} may still overrule it."),
    "explain.table.round_end": ("The round ends when someone finds the rule, empties their hand, or "
                                "the draw pile runs out (cards left: {pile})."),
    "explain.table.judge": ("Waiting for {gm} to judge {seat}'s card: if it fits the rule it goes to "
                            "place {place} of the row and {seat} may guess; if not, it goes below "
                            "and {seat} draws a card."),
    "explain.table.guess": "{seat} has earned a guess: waiting for {seat} to say a rule aloud, or pass.",
    "explain.table.judge_guess": "Waiting for {gm} to say whether {seat}'s guess is the secret rule.",
    "explain.table.right_points": ("Right: the round ends and {seat} scores {bonus} extra points; "
                                   "wrong: play goes on."),
    "explain.table.right_found": ("Right: the round ends and counts as a rule found by {seat}; "
                                  "wrong: play goes on."),
    "explain.table.reveal": ("{seat} thinks no card in hand fits and shows the whole hand: waiting "
                             "for {seat} to enter it ({k} of {n} cards entered)."),
    "explain.table.judge_reveal": ("Waiting for {gm} to check {seat}'s shown hand: a fitting card "
                                   "goes into the row and {seat} draws one; if none fits, the hand "
                                   "goes under the pile and {seat} may guess."),
    "explain.table.overrule": ("The app judged {seat}'s guess wrong on the round's last turn. "
                               "Waiting for {gm}: overrule it ({seat} found the rule) or let it "
                               "stand (the round ends with the rule not found)."),
    # a phone: the rule
    "explain.seat.over": "The game is over: the tablet shows the final standings.",
    "explain.seat.draw_app": ("Round {round} of {rounds}: the app is game master and you all play. "
                              "One of you draws a secret rule and picks the level (1: the card "
                              "alone, 2: with the card before, 3: places in the row and more)."),
    "explain.seat.first_gm": ("Round 1: whoever seals a rule first becomes game master and plays no "
                              "cards. Think of a rule about shape, count, fill or colour and seal "
                              "it, or draw one — or leave it to someone else."),
    "explain.seat.seal": ("You are game master of round {round}, so seal a secret rule. "
                          "Typed in your own words, you judge every card; built in the rule "
                          "language or drawn, the app judges. Your phone reads a rule in the rule "
                          "language back, ending with what it lets be the first card: change it "
                          "before sealing if that is not what you mean."),
    "explain.seat.wait_seal": ("{gm} is game master this round and is sealing a secret rule. Then "
                               "you get 10 cards and try to find the rule."),
    # a phone: hints
    "explain.seat.vote": ("Hints from the game master, yes or no? Agreed so far: "
                          "{names}; it takes everyone, one “no” ends the vote."),
    "explain.seat.voted": "You said yes to hints; waiting for {names} to answer.",
    "explain.seat.give_hint": ("You announced a hint, so give it now (say it aloud; type "
                               "it if the table should show it). A player may still object first."),
    "explain.seat.object": ("{gm} has announced a hint. You may object (optional), for example if "
                            "you think you know the rule; otherwise {gm} gives it."),
    # a phone: a turn
    "explain.seat.turn.own": ("Play a card you think fits the secret rule, or, if none "
                              "of your cards fits, show your whole hand."),
    "explain.seat.turn.stakes": ("A fitting card joins the row and you may guess the rule; a misfit "
                                 "goes below the row and you draw a card."),
    "explain.seat.turn.wait": ("{seat} is on turn: watch which cards join the row and which land "
                               "below it, that is how you find the rule."),
    "explain.seat.may_propose": ("Stuck? You may propose hints from the game master (optional; "
                                 "everyone must agree)."),
    "explain.seat.turn.gm": "{seat} is on turn; as game master you play no cards this round.",
    "explain.seat.gm_may_overrule": ("The app judged {seat}'s guess wrong: if it is your rule after "
                                     "all, you may overrule it (optional) until the next card is "
                                     "played."),
    "explain.seat.gm_may_hint": "Hints are allowed: you may announce one (optional); any player may object.",
    "explain.seat.gm_app_judges": "The app judges every card by your rule: keep a straight face.",
    "explain.seat.gm_you_judge": "When {seat} plays a card, you judge whether it fits your rule.",
    # a phone: a card being judged
    "explain.seat.judge.gm": ("Does {seat}'s card fit your rule? Yes: it goes to place "
                              "{place} of the row and {seat} may guess; no: it goes below and "
                              "{seat} draws a card."),
    "explain.seat.judge.own": ("{gm} is judging your card. If it fits, you may guess the rule next; "
                               "if not, you draw a card."),
    "explain.seat.judge.wait": "{gm} is judging {seat}'s card: fit or no fit, the verdict is a clue to the rule.",
    # a phone: a guess
    "explain.seat.guess.own": ("You may guess the rule now (say it aloud so everyone "
                               "hears, then send it), or don't guess."),
    "explain.seat.right_points": ("Right: the round ends and you get {bonus} extra points; wrong: "
                                  "only your turn ends."),
    "explain.seat.right_found": ("Right: the round ends and counts as a rule found by you; wrong: "
                                 "only your turn ends."),
    "explain.seat.guess.gm": "{seat} may now guess your rule, or pass.",
    "explain.seat.gm_judges_guess": ("You judge the guess: it counts if it means the same as your "
                                     "rule, even in other words, not if it is only part of it."),
    "explain.seat.gm_app_judges_guess": ("The app checks a guess in the rule language (you may "
                                         "overrule its “wrong”); one in own words you judge."),
    "explain.seat.guess.wait": ("{seat} may now guess the rule, or pass. Listen: every wrong guess "
                                "tells you what the rule is not."),
    "explain.seat.judge_guess.gm": ("Is {seat}'s guess your rule? It counts if it means "
                                    "the same for every card (“only white” = “no black”), not if it "
                                    "covers only part."),
    "explain.seat.judge_guess.own": ("{gm} is judging your guess. Right: the round ends and you "
                                     "found the rule; wrong: play goes on."),
    "explain.seat.judge_guess.wait": ("{gm} is judging {seat}'s guess: right ends the round; if "
                                      "wrong, that idea is ruled out."),
    # a phone: a shown hand
    "explain.seat.reveal.own": ("Enter every card of your hand ({k} of {n} entered); "
                                "then {judge} checks whether any of them fits."),
    "explain.seat.reveal.gm": ("{seat} is entering the shown hand ({k} of {n}); then you choose a "
                               "card that fits your rule, or none."),
    "explain.seat.reveal.gm_app": ("{seat} is entering the shown hand ({k} of {n}); then the app "
                                   "checks it against your rule."),
    "explain.seat.reveal.wait": ("{seat} thinks no card fits and shows the whole hand ({k} of {n} "
                                 "entered); then {judge} checks it."),
    "explain.seat.judge_reveal.gm": ("Does a card of {seat}'s shown hand fit your rule? "
                                     "Choose one (it joins the row, {seat} draws a card) or “none” "
                                     "({seat} draws one card fewer and may guess)."),
    "explain.seat.judge_reveal.own": ("{gm} checks your shown hand. If a card fits, it joins the row "
                                      "and you draw one; if none fits, you draw one card fewer than "
                                      "you had and may guess."),
    "explain.seat.judge_reveal.wait": "{gm} checks {seat}'s shown hand for a card that fits the rule.",
    # a phone: the overrule step
    "explain.seat.overrule.gm_points": ("This ends the round. Your rule after all? Overrule the app: "
                                        "{seat} found it and scores the bonus. Otherwise it counts "
                                        "as not found and your points are halved."),
    "explain.seat.overrule.gm_found": ("This ends the round: overrule if {seat}'s guess "
                                       "is your rule after all ({seat} found it). Let it stand: "
                                       "nobody found the rule this round."),
    "explain.seat.overrule.own": ("The app judged your guess wrong; {gm} may still overrule it. "
                                  "Either way the round ends now."),
    "explain.seat.overrule.wait": ("The app judged {seat}'s guess wrong on the round's last turn; "
                                   "{gm} decides whether that stands. Either way the round ends now."),
    # the game master's secret
    "explain.secret.rule_text": "Your rule: “{rule}”.",
    "explain.secret.rule_expr": "Your rule: {rule} — the app judges cards by it.",
    "explain.secret.rule_deck": "Your rule: {sentence} The app judges cards by it.",
    "explain.secret.judge": "Does this card fit it as the next card of the row: {card}?",
    "explain.secret.judge_guess": ("Would {seat}'s guess accept and refuse exactly the same cards "
                                   "as your rule?"),
    "explain.secret.judge_reveal": "Check each shown card as the next card of the row.",
    # what a move does
    "explain.move.set_rule": ("Seals your secret rule: typed in own words you judge every card; in "
                              "the rule language the app does, the first card as read back above."),
    "explain.move.set_rule_first": ("Seals your rule and makes you game master: in own words you "
                                    "judge; in the rule language the app judges, the first card "
                                    "as read back above."),
    "explain.move.draw_rule": ("Draws a rule of the chosen level from the app's deck; you see it, "
                               "the app judges every card."),
    "explain.move.draw_rule_first": ("Draws a rule from the app's deck and makes you game master; "
                                     "the app judges every card."),
    "explain.move.draw_rule_app": ("Draws a secret rule of the chosen level; nobody sees it until "
                                   "the round ends, the app judges."),
    "explain.move.choose_gm": "Names who seals this round's rule, instead of whoever is first.",
    "explain.move.play": ("Plays the card you pick: if it fits it joins the row and you may guess; "
                          "if not, it goes below and you draw one."),
    "explain.move.reveal": ("You claim no card fits: if right, your hand goes under the pile, you "
                            "draw one card fewer and may guess."),
    "explain.move.reveal_card": "Enters one card of your shown hand; once all are in, the hand is judged.",
    "explain.move.reveal_card_here": ("Enters card {k} of {n} of your shown hand; after the last one "
                                      "the hand is judged."),
    "explain.move.judge": "Says whether the played card fits your rule: yes puts it in the row, no below it.",
    "explain.move.judge_here": ("Yes: place {place} of the row, {seat} may guess. No: below the row, "
                                "{seat} draws a card."),
    "explain.move.guess": "Sends your guess of the rule; a right guess ends the round.",
    "explain.move.guess_app": ("Sends your guess in the rule language; the app says if it means the "
                               "same as the rule (at the start of the row as a game master would). "
                               "Right ends the round."),
    "explain.move.guess_gm": ("Sends your guess (own words or rule language) for {gm} to judge; "
                              "right ends the round."),
    "explain.move.guess_both": ("In the rule language the app checks it at once; in own words {gm} "
                                "judges. Right ends the round."),
    "explain.move.no_guess": "No guess this time: your turn ends and the next player is on turn.",
    "explain.move.no_guess_last": ("No guess this time, and the round ends: your hand or the draw "
                                   "pile is empty."),
    "explain.move.judge_guess": ("Says whether the guess is your rule: right ends the round, wrong "
                                 "lets play go on."),
    "explain.move.judge_guess_here": "Right: {seat} found the rule and the round ends. Wrong: play goes on.",
    "explain.move.judge_reveal": ("Picks the shown card that fits (it joins the row), or none (the "
                                  "player may guess)."),
    "explain.move.judge_reveal_here": ("A card: it joins the row, {seat} draws one. “None”: {seat} "
                                       "draws one card fewer and may guess."),
    "explain.move.overrule": ("Counts the guess the app called wrong as right: the guesser found "
                              "the rule, the round ends."),
    "explain.move.overrule_here": ("{seat}'s guess counts as right after all: {seat} found the rule "
                                   "and the round ends."),
    "explain.move.let_stand": "The app's “wrong” stands and the round ends with the rule not found.",
    "explain.move.let_stand_here": "{seat}'s guess stays wrong; the round ends with the rule not found.",
    "explain.move.hints": ("Proposes hints from the game master; it counts as your yes, everyone "
                           "else must agree too."),
    "explain.move.hints_vote": "Yes: you agree to hints. No: the vote ends, no hints for now.",
    "explain.move.announce_hint": "Tells the table a hint is coming; any player may object before you give it.",
    "explain.move.object": "Stops the announced hint: it is not given now.",
    "explain.move.object_here": "Stops the hint: {gm} does not give it now (useful if you are close to the rule).",
    "explain.move.give_hint": ("Gives the announced hint; type it to show it on the table, or leave "
                               "it empty and say it."),
    "explain.move.void_round": ("Ends this round unscored (a game master's mistake); the rule is "
                                "shown, the round counts as played."),
    "explain.move.close": "Stops waiting for a player who does not answer.",
    "explain.move.close_turn": ("Skips {seat}'s turn (a phone that is gone); it does not count, the "
                                "next player is on turn."),
    "explain.move.close_hints": "Ends the hints vote now: no hints for the moment.",
    "explain.move.close_hint": "Drops the announced hint; play goes on.",
    "explain.move.close_overrule": "Decides for {gm}: the app's “wrong” stands and the round ends.",
    # a refused move: what is allowed instead
    "explain.instead.rule_sealed": ("A rule is already sealed (someone was quicker): this round is "
                                    "running; a new rule comes with the next round."),
    "explain.instead.only_gm": ("Only {gm}, the game master, may do that; you play cards, guess, "
                                "and answer about hints."),
    "explain.instead.wait_for_gm": "Wait for the game master's verdict; then the game tells you what is next.",
    "explain.instead.guess_first": "First guess the rule or choose “Don't guess now”; then play goes on.",
    "explain.instead.finish_reveal": "Enter the remaining cards of your shown hand first.",
    "explain.instead.no_guess_now": ("Until then, play a card or show your hand; then the game offers "
                                     "“Guess the rule”."),
    "explain.instead.hints_vote_open": ("The table is voting on hints: answer yes or no if you have "
                                        "not; play goes on after the vote."),
    "explain.instead.hint_announced": ("Object now if you do not want it, or wait until the game master "
                                       "gives it."),
    "explain.instead.gm_does_not_play": "You (or the app) judge, and you may give hints once everyone agreed.",
    "explain.instead.guess_needs_rule": "Type it, tap an example, or use the rule builder.",
    "explain.instead.already_voted": "Wait for the others' answers.",
    "explain.instead.hints_already_on": "The game master announces them, and you may object to one.",
    "explain.instead.no_copy_left": ("So it cannot be in your hand: one of its four properties was "
                                     "probably picked wrong."),
    "explain.instead.nothing_written": "Fill in one of the two fields.",
    "explain.instead.rule_or_text": "Empty one of the two fields.",
    # what a decisive event meant
    "meaning.rule_set_text": ("{gm} judges every card and every guess: a guess counts if it means "
                              "the same as the rule, even in other words."),
    "meaning.rule_set_expr": ("The app judges every card by {gm}'s rule and checks guesses in the "
                              "rule language; {gm} judges guesses in own words."),
    "meaning.rule_drawn": ("The app judges every card by {gm}'s level {level} rule and checks "
                           "guesses in the rule language; {gm} judges guesses in own words."),
    "meaning.rule_drawn_app": ("Nobody knows this level {level} rule, so everyone plays; guesses "
                               "must be written in the rule language."),
    "meaning.fits": ("{seat}'s card fits the rule: it goes to place {place} of the row, and {seat} "
                     "may try to guess the rule."),
    "meaning.misfit": ("{seat}'s card breaks the rule: it shows what the rule is not, and {seat}'s "
                       "hand grows by a card instead of shrinking."),
    "meaning.reveal_fits": ("{seat} was wrong, a card did fit ({card}): it joins the row, and "
                            "{seat}'s hand stays as big as before."),
    "meaning.reveal_none": ("{seat} was right that nothing fits: the hand shrinks by one card, and "
                            "{seat} may guess the rule."),
    "meaning.guess_wrong": "{seat}'s guess is not the rule: one idea fewer to try, and guessing costs nothing.",
    "meaning.overruled": "{gm} accepts {seat}'s guess as the rule: {seat} found it, and the round ends.",
    "meaning.wrong_stands": "The guess stays wrong, and the round ends with the rule not found.",
    "meaning.overrule_closed": "The app's verdict stands: the round ends with the rule not found.",
    "meaning.hints_on": ("From now on {gm} may give hints, each announced first; once one is given, "
                         "a right guess scores 2 instead of 5."),
    "meaning.hints_refused": ("One “no” is enough: no hints for now; anyone may propose them again "
                              "between turns."),
    "meaning.hints_closed": "No hints for now; anyone may propose them again between turns.",
    "meaning.hint_objection": "{seat} objected, so the game master does not give this hint now.",
    "meaning.hint_given": "A hint was given: from now on a right guess scores 2 extra points instead of 5.",
    "meaning.hint_given_text": ("{gm} gave a hint: from now on a right guess scores 2 extra points "
                                "instead of 5."),
    "meaning.hint_closed": "The announced hint is not given; play goes on.",
    "meaning.turn_skipped": ("{seat}'s turn is skipped: it does not count as one of {seat}'s turns, "
                             "and the next player is on turn."),
    "meaning.guess_right_start": ("{seat}'s guess differs from the rule only at the start of the "
                                  "row, where one of them reads a card that is not there yet: as a "
                                  "game master would, the app counts it as the rule."),
    "meaning.round_guessed": "{seat} found the rule: the round ends, and it counts as a rule found by {seat}.",
    "meaning.round_empty_hand": "{seat} has no cards left, so the round ends with the rule not found.",
    "meaning.round_pile_empty": "The draw pile is used up, so the round ends with the rule not found.",
    "meaning.round_void": "This round is not scored, but it counts as one of the rounds.",
    "meaning.points": ("Round points: each player gets 10 minus the cards left in hand, and whoever "
                       "found the rule 5 more (2 after a hint)."),
    "meaning.gm_points": ("{seat} as game master gets {points}, as much as the best player: the rule "
                          "was found, and not too early."),
    "meaning.gm_points_halved": ("{seat} as game master gets only half of the best player's {best}: "
                                 "the rule was found before everyone had two turns or before 10 "
                                 "cards were played, or not at all."),
    "meaning.game_over": "The highest total after the last round wins: {names} ({points}).",
    "meaning.game_over_found": "Whoever found the most rules wins: {names} ({found}).",
    "meaning.game_over_nobody": "Nobody found a rule in this game, so nobody wins.",
}
