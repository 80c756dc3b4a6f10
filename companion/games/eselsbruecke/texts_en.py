"""English texts of Eselsbrücke."""
from .deck import DECK_SEP, load_deck
from .texts_explain_en import TEXTS as EXPLAIN

TEXTS: dict[str, str] = {
    "title": "Eselsbrücke",
    "option.deck": "Cards",
    "option.deck.physical": "Real cards from the box",
    "option.deck.digital": "The app deals the cards (no box needed)",
    "option.language": "Language of the app's cards",
    "option.language.de": "German",
    "option.language.en": "English",
    # actions, fields and values
    "action.lay": "Lay a card",
    "action.name": "Name a card",
    "action.pass": "Pass",
    "action.take": "Take your last cards",
    "action.confirm": "Answer",
    "action.appeal": "Appeal: I meant a card with another word",
    "action.concede": "It was wrong — end the story",
    "action.close": "Stop waiting",
    "field.term": "Term",
    "field.card": "Which card?",
    "field.accept": "Is it your card?",
    "field.step": "Step",
    "field.cards": "Your cards of this story",
    "field.asked": "You are asked about",
    "value.true": "Yes, it is my card",
    "value.false": "No",
    "value.lay": "the teller — the host lays the card for them",
    "value.confirm": "the missing answers (they count as no)",
    "value.appeal": "the appeal (the story ends)",
    "value.turn": "this turn (it counts as a pass)",
    # confirm questions (the phone fills in the chosen values)
    "confirm.lay": "Lay {term}? Everyone will see it.",
    "confirm.name": "Name {term}?",
    "confirm.pass": "Pass this turn?",
    "confirm.confirm": "Your answer: {accept} {card}",
    "confirm.appeal": "Appeal? The others are asked whether your word meant one of their cards.",
    "confirm.concede": "End the story? Its untaken cards leave the game.",
    "confirm.close": "Stop waiting for {step}? {term}",
    # log
    "log.start_physical": ("Eselsbrücke with {players} players and the real cards: shuffle them "
                           "and deal 6 to each player. Every story has {size} cards, {per} from "
                           "each player."),
    "log.start_digital": ("Eselsbrücke with {players} players: the phones have dealt everyone a "
                          "hand of 6 cards. Every story has {size} cards, {per} from each "
                          "player."),
    "log.story_start": "Story {story}: {seat} has the donkey and lays the first card.",
    "log.laid": "{seat} lays a card ({count} of {size}).",
    "log.told_physical": ("Story {story} is complete and now hidden: {seat} collects its {size} "
                          "cards, shuffles them and puts them face down aside. Then everyone "
                          "draws back up to 6 cards."),
    "log.told_physical_last": ("Story {story} is complete and now hidden: {seat} collects its "
                               "{size} cards, shuffles them and puts them face down aside."),
    "log.told_digital": ("Story {story} is complete and now hidden. Everyone's hand is filled "
                         "up to 6 cards again."),
    "log.told_digital_last": "Story {story} is complete and now hidden.",
    "log.resolution": ("All stories are told. Now they are resolved, in the order they were "
                       "told: name the cards of each story that someone else holds."),
    "log.deal": ("Story {story}: {seat} has the donkey again. The phones have dealt the story's "
                 "cards (cards per player: {per}) — hold the bar at the bottom of your phone to see "
                 "yours. {seat} names first."),
    "log.deal_physical": ("{seat}: leave the real stack of story {story} face down — the phones "
                          "replace it."),
    "log.right": "{seat} names “{said}” — right! {seat} takes “{card}” from {holder}.",
    "log.wrong": "{seat} names “{said}” — wrong.",
    "log.near": "{seat} names “{said}” — close to a card. Asked on the phone: {holders}.",
    "log.accepted": "{seat} accepts: “{said}” means “{card}”. {namer} takes the card.",
    "log.declined": "{seat}: “{said}” is not my card.",
    "log.judged_wrong": "Nobody accepts “{said}”: {seat}'s answer is wrong.",
    "log.appealed": ("{seat} appeals: “{said}” was meant for a card with another word. Asked on "
                     "the phone: {holders}."),
    "log.appeal_failed": "Nobody accepts {seat}'s appeal: “{said}” stays wrong.",
    "log.ending": ("A full round without a card. {seat} may still appeal; otherwise the story "
                   "ends."),
    "log.conceded": "{seat} does not appeal.",
    "log.passed": "{seat} passes.",
    "log.took_own": "{seat} takes their own last cards of the story: {cards}.",
    "log.circle": "A full round without a card: the story ends.",
    "log.closed_lay": "The host lays the card for {seat}.",
    "log.closed_confirm": "The host stops waiting for {seats}: counted as no.",
    "log.closed_appeal": "The host stops waiting for {seat}: no appeal.",
    "log.closed_turn": "The host skips {seat}'s turn: counted as a pass.",
    "log.closed_take": "The host takes {seat}'s last cards for them.",
    "log.resolved_all": "Story {story} is resolved: every card was taken.",
    "log.resolved_lost": "Story {story} is resolved. Out of the game: {cards}.",
    "log.over": "All stories are resolved. Most cards ({points}): {winners}.",
    # errors
    "error.kick_in_game": "A player cannot leave a running game of Eselsbrücke: the stories hold the cards {name} laid, and the resolution deals them as many as they laid. End the game; the next one starts without {name}. (A phone that died gets a new link.)",
    "error.empty_term": "Type the term of your card first.",
    "error.term_too_long": "A term can have at most {max} characters.",
    "error.duplicate_term": "“{term}” is already in this story: lay another card.",
    "error.not_in_hand": "“{term}” is not in your hand.",
    "error.own_card": "“{term}” is your own card: name a card someone else holds.",
    "error.already_taken": "“{term}” has already been taken: name another card.",
    "error.must_take": "Only your own cards of this story are left: take them.",
    "error.cannot_take": ("You can take your cards only when nobody else holds a card of this "
                          "story."),
    "error.waiting_for_answer": "Wait: the answer of {seats} is still missing.",
    "error.waiting_for_appeal": "Wait: first {seat} decides whether to appeal.",
    "error.not_asked": "Nobody is asking you about a card right now.",
    "error.not_your_card": "You can only answer for a card you hold.",
    "error.no_appeal": ("You can appeal only right after your own answer was judged wrong, "
                        "before anyone else moves."),
    "error.nothing_to_close": "There is nothing to stop waiting for in that step now.",
    # the renderer (static/games/eselsbruecke.js)
    "ui.telling": "Story {story} of {stories} is being told",
    "ui.resolving": "Resolving story {story} of {stories}",
    "ui.over": "All stories are resolved",
    "ui.label_answer": "Waiting for the answer of",
    "ui.told": "Story {story} is complete: its cards are hidden now.",
    "ui.story_resolved": "Story {story} is resolved.",
    "ui.donkey": "Donkey: {name}",
    "ui.turn_lay": "{name}'s turn: lay a card and carry the story on.",
    "ui.turn_name": "{name}'s turn: name a card of this story.",
    "ui.turn_take": "{name}'s turn: only {name}'s own cards are left.",
    "ui.progress": "{count} of {size} cards",
    "ui.no_card_yet": "No card lies here yet: {name} starts the story.",
    "ui.hidden_one": "1 told story lies face down.",
    "ui.hidden_many": "{count} told stories lie face down.",
    "ui.waiting_near": "{name} named “{said}”. Waiting for the answer of: {names}.",
    "ui.waiting_appeal": "{name} appeals with “{said}”. Waiting for the answer of: {names}.",
    "ui.ending": ("A full round without a card: {name} may still appeal with “{said}”, "
                  "otherwise the story ends."),
    "ui.last_right": "{name} named “{said}” — right: “{card}” from {from}.",
    "ui.last_right_same": "{name} named “{card}” — right: the card from {from}.",
    "ui.last_wrong": "{name} named “{said}” — wrong.",
    "ui.last_pass": "{name} passed.",
    "ui.last_take": "{name} took their own last cards.",
    "ui.idle": "Turns without a card: {count} of {players}",
    "ui.player": "Player",
    "ui.holds": "Holds",
    "ui.took": "Won in this story",
    "ui.cards_one": "1 card",
    "ui.cards_many": "{count} cards",
    "ui.no_cards": "no cards",
    "ui.resolved": "Resolved stories",
    "ui.resolved_who": "Resolved: who won what",
    "ui.story_number": "Story {number}",
    "ui.story_by": "Story {number} (started by {name})",
    "ui.got": "{name}",
    "ui.out": "out of the game",
    "ui.won_by": "won by {name}",
    "ui.told_by": "told by {name}",
    "ui.won_these": "Won by {name}",
    "ui.out_these": "Out of the game",
    "ui.scores": "Cards won",
    "ui.winners": "Most cards: {names}",
    "ui.story_so_far": "The story so far",
    "ui.your_hand": "Your hand",
    "ui.you_lay_digital": ("Your turn: hold the bar, slide onto the card that carries the story on, "
                           "and tell how it goes on."),
    "ui.you_lay_physical": ("Your turn: lay one of your real cards, tell how the story goes on, "
                            "and type the term of the card."),
    "ui.you_name": ("Your turn: name a card of this story that someone else holds — or pass. "
                    "Hold the bar at the bottom to see your own cards."),
    "ui.you_take": "Only your own cards of this story are left: take them.",
    "ui.you_asked_near": "Is “{said}” your “{card}”?",
    "ui.you_asked_appeal": "{name} appeals: does “{said}” mean one of your cards?",
    "ui.you_asked_public": ("{name} named “{said}”. Hold the bar at the bottom to see the question, "
                            "then answer."),
    "ui.you_appeal": ("Your answer “{said}” was judged wrong. If you meant a card with another "
                      "word (a synonym), appeal now."),
    "ui.you_ending": ("Your answer “{said}” was judged wrong and a full round passed without a "
                      "card. Appeal now, or end the story."),
    "ui.your_score": "Cards you have won: {points}",
    "ui.terms_de": DECK_SEP.join(load_deck("de")),
    "ui.terms_en": DECK_SEP.join(load_deck("en")),
}
TEXTS.update(EXPLAIN)   # explain mode (issue #29)
