"""What the Rule?!'s English texts (the same keys and placeholders as texts_de)."""
from .cards import CARDS, code
from .deck import DECK
from .language import Texts
from .reading import restriction_texts
from .texts_builder_en import TEXTS as BUILDER
from .texts_explain_en import TEXTS as EXPLAIN
from .texts_language_en import TEXTS as LANGUAGE
from .texts_reading_en import TEXTS as READING

SHAPE_ONE = {"circle": "circle", "triangle": "triangle", "square": "square"}
SHAPE_MANY = {"circle": "circles", "triangle": "triangles", "square": "squares"}


def card_name(card: tuple) -> str:
    """"white card with 2 filled circles": no comma, so a list of cards
    (a row in a log line) reads unambiguously."""
    shape, count, fill, color = card
    noun = SHAPE_ONE[shape] if count == 1 else SHAPE_MANY[shape]
    return f"{color} card with {count} {fill} {noun}"


TEXTS: dict[str, str] = {
    "title": "What the Rule?!",
    # options
    "option.master": "Game master",
    "option.master.seat": "a player (takes turns)",
    "option.master.app": "the app (everyone plays)",
    "option.master.help": "With the app as game master everyone plays, and guesses are written in the rule language.",
    "option.rounds": "Rounds",
    "option.rounds.help": "0: one round per player (everyone is game master once), or 3 with the app.",
    "option.scoring": "Play with points",
    "option.scoring.help": "Two players always play without points; then the table counts the rules found.",
    # actions
    "action.set_rule": "Seal your secret rule",
    "action.draw_rule": "Draw a rule from the app's deck",
    "action.play": "Play a card",
    "action.reveal": "No card fits: show my hand",
    "action.reveal_card": "Enter a card you show",
    "action.judge": "Judge the card",
    "action.guess": "Guess the rule",
    "action.no_guess": "Don't guess now",
    "action.judge_guess": "Judge the guess",
    "action.judge_reveal": "Judge the shown hand",
    "action.overrule": "Overrule the app: the last guess is right",
    "action.hints": "Hints from the game master",
    "action.announce_hint": "Announce a hint",
    "action.object": "Object to the hint",
    "action.give_hint": "Give the hint",
    "action.choose_gm": "Name the game master",
    "action.void_round": "Void this round (game master's mistake)",
    "action.close": "Stop waiting",
    # fields
    "field.rule": "In the rule language",
    "field.text": "In your own words",
    "field.level": "Level",
    "field.shape": "Shape",
    "field.count": "Count",
    "field.fill": "Fill",
    "field.color": "Colour",
    "field.fits": "Does it fit the rule?",
    "field.right": "Is it the rule?",
    "field.card": "This card fits",
    "field.agree": "Allow hints?",
    "field.seat": "Player",
    "field.step": "Step",
    "field.secret_rule": "Your secret rule",
    "field.deck_rule": "In words",
    # values
    "value.circle": "circle",
    "value.triangle": "triangle",
    "value.square": "square",
    "value.filled": "filled",
    "value.empty": "empty",
    "value.white": "white",
    "value.black": "black",
    "value.true": "yes",
    "value.false": "no",
    "value.none": "none of them fits",
    "value.turn": "the player on turn (their turn is skipped)",
    "value.hints": "the vote on hints",
    "value.hint": "the announced hint",
    # log
    "log.start_seat": ("What the Rule?! Players: {players}, rounds: {rounds}. Whoever thinks of "
                       "a rule first is the first game master: seal it on your phone, or draw "
                       "one from the app's deck."),
    "log.start_app": ("What the Rule?! with the app as game master. Players: {players}, "
                      "rounds: {rounds}. Press “Draw a rule” to start a round."),
    "log.with_points": "You play for points.",
    "log.without_points": "You play without points: the table keeps count of the rules each player finds.",
    "log.gm_named": "The host names {seat} game master of this round.",
    "log.rule_set_text": "{gm} has sealed a secret rule in their own words and judges every card.",
    "log.rule_set_expr": "{gm} has sealed a secret rule in the rule language: the app judges every card.",
    "log.rule_drawn": "{gm} has drawn a level {level} rule from the app's deck: the app judges every card.",
    "log.rule_drawn_app": "The app has drawn a secret level {level} rule. Nobody knows it.",
    "log.deal": ("Shuffle all 144 cards and deal 10 to each of {players}. The rest is the draw "
                 "pile ({pile} cards). {first} begins."),
    "log.next_turn": "{seat}'s turn.",
    "log.play": "{seat} plays: {card}.",
    "log.judge_now": "{gm}, does it fit your rule?",
    "log.fits": "It fits: the card goes into the row at place {place}. {seat} may guess the rule.",
    "log.misfit": "It does not fit: the card goes below place {place}, and {seat} draws a card.",
    "log.reveal": ("{seat} thinks no card in hand fits and shows the whole hand (cards in hand: "
                   "{count}). Enter them on {seat}'s phone."),
    "log.judge_reveal_now": "{gm}, does one of {seat}'s cards fit? Choose one, or none.",
    "log.reveal_fits": ("This one fits: {card}. It goes into the row; {seat} takes the other "
                        "cards back and draws a card."),
    "log.reveal_none": ("None of them fits: {seat} puts them under the draw pile and draws one "
                        "card fewer than before (new cards: {draw}). {seat} may guess the rule."),
    "log.guess_rule": "{seat} guesses: {rule}",
    "log.guess_text": "{seat} guesses: “{text}”",
    "log.judge_guess_now": "{gm}, is that your rule?",
    "log.guess_wrong": "Wrong guess.",
    "log.no_guess": "{seat} does not guess.",
    "log.overruled": "{gm} overrules the app: {seat}'s guess counts as right.",
    "log.hints_proposed": "{seat} proposes hints from the game master. Everyone must agree.",
    "log.hints_agreed": "{seat} agrees to hints.",
    "log.hints_refused": "{seat} does not want hints: no hints for now.",
    "log.hints_on": ("Everyone agrees: {gm} may give hints, announcing each one first. A right "
                     "guess now scores 2 instead of 5."),
    "log.hint_announced": "{gm} announces a hint. Anyone can object.",
    "log.hint_objection": "{seat} objects: no hint now.",
    "log.hint_given": "{gm} gives a hint.",
    "log.hint_given_text": "{gm}'s hint: “{text}”",
    "log.hints_closed": "The host stops waiting for the vote: no hints for now.",
    "log.turn_skipped": "The host skips {seat}'s turn.",
    "log.hint_closed": "The host stops waiting: the announced hint is not given.",
    "log.round_guessed": "{seat} has found the rule! The round is over.",
    "log.round_empty_hand": "{seat} has no cards left: the round is over.",
    "log.round_pile_empty": "The draw pile is empty: the round is over.",
    "log.round_void": "The host voids this round: it is not scored.",
    "log.rule_was_text": "The rule was: “{text}”",
    "log.rule_was_deck": "The rule was: {sentence} ({rule})",
    "log.rule_was_expr": "The rule was: {rule}",
    "log.points_head": "Points of round {round}:",
    "log.points": "{seat}: +{points}",
    "log.gm_points": "{seat} (game master): +{points}, as much as the best player.",
    "log.gm_points_halved": ("{seat} (game master): +{points}, half of the best player's {best}, "
                             "rounded down (the rule was found early, or not at all)."),
    "log.next_round": ("Round {round} of {rounds}: {gm} is the game master and seals a new rule. "
                       "Collect all the cards."),
    "log.next_round_app": ("Round {round} of {rounds}: collect all the cards, then press “Draw a "
                           "rule” for a new secret rule."),
    # (the platform's next line says the game is over and who won: issue #40, not twice)
    "log.game_over": "The most points: {points}.",
    "log.game_over_found": "The most rules found: {found}.",
    "log.game_over_nobody": "Nobody found a rule.",
    # refusals
    "error.kick_in_game": "A player cannot leave a running game of What the Rule?!: their hand (or, as game master, the sealed rule) is part of the round. End the game; the next one starts without {name}. (A phone that died gets a new link; the host can skip a turn or void the round.)",
    "error.rule_sealed": "The rule is sealed: it cannot change once the round has begun.",
    "error.no_rule_yet": "The round has not begun yet: no rule is sealed.",
    "error.no_round": "No round is being played right now.",
    "error.app_is_gm": "The app is the game master in this game: it draws the rules and judges everything.",
    "error.only_gm": "Only the game master ({gm}) can do that.",
    "error.gm_does_not_play": "As the game master you play no cards this round.",
    "error.nothing_written": "Please write the rule: in your own words or in the rule language.",
    "error.rule_or_text": "Write it either in your own words or in the rule language, not both.",
    "error.text_too_long": "That text is too long: at most {max} characters.",
    "error.rule_nothing_fits": ("No card fits this rule at the start of the row, so nobody could "
                                "ever play. Please change it."),
    "error.no_such_level": "There are only levels 1, 2 and 3.",
    "error.host_draws_not": "A player is the game master: they draw the rule on their phone.",
    "error.no_such_card": ("There is no such card. A card has a shape (circle, triangle, square), "
                           "1 to 6 shapes, a fill (filled, empty) and a colour (white, black)."),
    "error.no_copy_left": ("Both copies of this card ({card}) are on the table already. Please "
                           "check the card."),
    "error.not_revealed": "That card is not among the cards shown.",
    "error.wait_for_gm": "Wait: the game master is judging.",
    "error.guess_first": "First say whether you want to guess the rule.",
    "error.finish_reveal": "First enter all the cards you are showing.",
    "error.no_guess_now": ("You can guess only right after one of your cards went into the row, "
                           "or after showing a hand with no fitting card."),
    "error.nothing_to_judge": "There is nothing to judge right now.",
    "error.nothing_to_overrule": "There is no guess to overrule right now.",
    "error.guess_needs_rule": ("With the app as game master, write your guess in the rule "
                               "language (for example color == white): nobody could judge free text."),
    "error.hints_with_app": "There are no hints when the app is the game master.",
    "error.hints_between_turns": "Hints can only be agreed on and given between two turns.",
    "error.hints_vote_open": "Wait: the table is deciding about hints.",
    "error.hints_already_on": "Hints are already allowed this round.",
    "error.no_hint_vote": "Nobody has proposed hints.",
    "error.already_voted": "You have already agreed.",
    "error.hints_off": "Hints need everyone's agreement first.",
    "error.hint_announced": "Wait: a hint has been announced.",
    "error.no_hint_announced": "No hint has been announced.",
    "error.gm_cannot_object": "The game master cannot object to their own hint.",
    "error.nothing_to_close": "There is nothing to stop waiting for right now.",
    # the renderer (static/games/what_the_rule.js)
    "ui.quoted": "“{text}”",
    "ui.propose": "I propose them (everyone must agree)",
    "ui.agree_yes": "yes, allow hints",
    "ui.agree_no": "no hints",
    "ui.round": "Round {round} of {rounds}",
    "ui.gm": "Game master: {gm}",
    "ui.gm_short": "game master",
    "ui.the_app": "the app",
    "ui.kind_text": "rule in own words · the game master judges",
    "ui.kind_expr": "rule in the rule language · the app judges",
    "ui.kind_deck": "rule from the deck, level {level} · the app judges",
    "ui.pile": "Draw pile: {pile}",
    "ui.cards_in_hand": "cards in hand",
    "ui.your_hand": "Cards in your hand: {n}",
    "ui.you_gm": "You are the game master: hold the bar at the bottom to see your rule.",
    "ui.row": "The row · correct cards: {n} · cards played: {played}",
    "ui.next_place": "the next place of the row",
    "ui.earlier": "+{n} earlier",
    "ui.more_wrong": "{n} more wrong cards here: the log lists them",
    "ui.guesses": "Guesses this round",
    "ui.right": "right",
    "ui.right_overruled": "right (the game master overruled the app)",
    "ui.wrong": "wrong",
    "ui.judging": "being judged",
    "ui.hint_vote": "Hints? Agreed so far: {names}",
    "ui.hint_announced": "{gm} announces a hint: object now, or it will be given.",
    "ui.hints_on": "Hints are allowed this round. Hints given: {n}",
    "ui.played": "{name} plays this card.",
    "ui.guessing": "{name} guesses:",
    "ui.reveal_none_fits": "None of {name}'s cards fits: {name} may guess.",
    "ui.reveal_one_fits": "One of {name}'s cards fits: it goes into the row.",
    "ui.gm_judges": "{gm} judges it.",
    "ui.showing": "{name} shows the whole hand:",
    "ui.shown_of": "{k} of {n} entered",
    "ui.you_show": "You show your whole hand: {k} of {n} cards entered",
    "ui.round_over": "Round {round} is over",
    "ui.found_by": "{name} found the rule!",
    "ui.end_empty_hand": "A player has no cards left.",
    "ui.end_pile_empty": "The draw pile is empty.",
    "ui.end_ended": "The host ended the game in this round: no points.",
    "ui.end_void": "The round was voided: no points.",
    "ui.halved": "halved",
    "ui.the_rule_was": "The rule was",
    "ui.scores": "Points",
    "ui.found": "Rules found",
    "ui.step_draw": "Round {round}: draw a secret rule",
    "ui.step_first_gm": "Who seals the first rule? That player is the game master.",
    "ui.step_seal": "{gm} seals a secret rule",
    "ui.step_vote": "Hints from the game master? Everyone answers.",
    "ui.step_turn": "{name}: play a card, or show your hand",
    "ui.step_judge": "{gm} judges the card",
    "ui.step_guess": "{name} may now guess the rule",
    "ui.step_judge_guess": "{gm} judges the guess",
    "ui.step_reveal": "{name} enters the shown cards",
    "ui.step_judge_reveal": "{gm} judges the shown hand",
    "ui.step_over": "The game is over",
    "ui.fits": "It fits!",
    "ui.does_not_fit": "It does not fit.",
    "ui.wrong_guess": "{name} guessed wrong.",
    "ui.level_1": "Level 1: the card alone",
    "ui.level_2": "Level 2: with the card before",
    "ui.level_3": "Level 3: places in the row and more",
    "ui.rule_unreadable": "The app cannot read this yet (look at position {at}).",
    "ui.type_or_build": "Type a rule, or build one below.",
    "ui.examples": "Examples (tap one):",
    # issue #27: the whole hand at once, the judge card, the overrule step
    "action.let_stand": "Let the app's “wrong” stand",
    "field.cards": "The cards in your hand",
    "value.overrule": "the game master's decision on the app's “wrong” (it stands)",
    "log.reveal_all": ("{seat} thinks no card in hand fits and shows the whole hand (cards in "
                       "hand: {count}): {cards}."),
    "log.overrule_now": ("That was the round's last turn. {gm}, the app says the guess is wrong: "
                         "overrule it, or let it stand."),
    "log.wrong_stands": "{gm} lets the app's verdict stand: the guess is wrong.",
    "log.overrule_closed": "The host stops waiting: the app's verdict stands, the guess is wrong.",
    "error.odd_char": "{field}: please type it again without invisible or control characters (a zero byte, a direction mark).",
    "error.hand_size": "Cards in your hand: {n}. Choose exactly that many (chosen: {given}).",
    "error.no_such_card_at": ("Card number {place} of your hand is not a card of this game. A card "
                              "has a shape (circle, triangle, square), 1 to 6 shapes, a fill "
                              "(filled, empty) and a colour (white, black)."),
    "error.too_many_copies": ("The box holds 2 of each card ({card}): chosen: {chosen}, on the "
                              "table already: {out}. Please check your cards."),
    "error.nothing_to_let_stand": "Nothing is waiting for your decision on the app's verdict right now.",
    "ui.step_overrule": "{gm} decides: overrule the app, or let its “wrong” stand",
    "ui.overrule_box": "The app says: wrong. Before the round ends, {gm} may overrule it.",
    "ui.you_overrule": ("The app judged {name}'s guess {guess} wrong, and it was the round's last turn. "
                        "Is it your rule after all? Overrule the app, or let its “wrong” stand."),
    "ui.grid_title": "No card fits? Tap the cards in your hand",
    "ui.grid_help": "One tap adds a card; tap it again for its second copy.",
    "ui.grid_count": "{k} of {n} chosen",
    "ui.grid_chosen": "Chosen (tap one to take it back):",
    "ui.grid_choose": "Choose every card of your hand first",
    "ui.grid_confirm": "Show your whole hand: {cards}?",
    "ui.grid_twice": "×2",
    "ui.judge_right": "Right: it is my rule",
    "ui.judge_wrong": "Wrong",
    "ui.judge_confirm_right": "{name}'s guess “{text}” is right: the round ends.",
    "ui.judge_confirm_wrong": "{name}'s guess “{text}” is wrong.",
}

TEXTS.update({f"value.{code(card)}": card_name(card) for card in CARDS})
TEXTS.update({f"value.{rule_id}": english for rule_id, _, _, english, _ in DECK})
TEXTS.update(LANGUAGE)
TEXTS.update(BUILDER)
TEXTS.update(EXPLAIN)
TEXTS.update(READING)
TEXTS.update(restriction_texts(TEXTS))
TEXTS = Texts(TEXTS)     # words rules too: code.<rule> (language.code_param)
