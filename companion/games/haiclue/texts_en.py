"""Haiclue's English texts (same keys and placeholders as texts_de)."""
from .texts_explain_en import TEXTS as _EXPLAIN  # explain mode (issue #29)


TEXTS: dict[str, str] = {
    "title": "Haiclue",
    "action.clue_ready": "My clue is ready",
    "action.guess": "Guess the colour",
    "action.close": "Stop waiting",
    "action.next": "Next round",
    "action.words": "Type the target words",
    "field.text": "Your clue, typed (optional, at least two words)",
    "field.color": "Colour",
    "field.guess": "Your guess",
    "field.step": "Step",
    "field.youngest": "Youngest player",
    # the host's start names the youngest player (issue #40)
    "confirm.start": "Start the game with {youngest} as the youngest player, everyone seated in this order?",
    "field.words": "Type the four target words on the tablet",
    "option.words": "Type the four target words on the tablet",
    "field.blue": "Word on Blue",
    "field.red": "Word on Red",
    "field.green": "Word on Green",
    "field.yellow": "Word on Yellow",
    "value.blue": "Blue",
    "value.red": "Red",
    "value.green": "Green",
    "value.yellow": "Yellow",
    "value.clue": "Building clues",
    "value.guess": "Guessing this clue",
    "value.white": "white",
    "value.black": "black",
    "log.start": (
        "Haiclue with {players} players, {rounds} rounds (white side, then black "
        "side); word tiles per stack: {tiles}. The phones replace the colour cards: "
        "nobody draws a card, hold the bar at the bottom of your phone to see your colour."),
    "log.order": (
        "Clues are guessed in this order, starting left of the youngest player "
        "{youngest}: {order}."),
    "log.round": (
        "Round {round} of {rounds}, {side} side up. Everyone has a new colour on the "
        "phone: build a clue of at least two of your tiles for the top word of that "
        "colour's stack, then press “My clue is ready”."),
    "log.reshuffle": (
        "The colour deck is empty: the discarded colour cards are shuffled into a new "
        "deck."),
    "log.ready": "{seat}'s clue is ready.",
    "log.closed_clue": (
        "The host stops waiting for clues: guessing starts. Not reported ready: "
        "{seats}."),
    "log.guess_now": "Everyone except {author} now guesses {author}'s clue.",
    "log.guess_now_text": "Everyone except {author} now guesses {author}'s clue: “{clue}”.",
    "log.guessed": "{seat} has guessed.",
    "log.closed_guess": "The host stops waiting for guesses; no guess from {seats}.",
    "log.reveal": (
        "{author}'s colour was {color}. Right: {right}. {author} scores {points} "
        "points, each right guesser 1 point."),
    "log.reveal_one": (
        "{author}'s colour was {color}. Right: {right}. {right} and {author} score 1 "
        "point each."),
    "log.reveal_none": "{author}'s colour was {color}. Nobody guessed it.",
    "log.reveal_team_right": (
        "{author}'s colour was {color}: {guesser} guessed right, the team scores 1 "
        "point (now {team})."),
    "log.reveal_team_wrong": (
        "{author}'s colour was {color}: {guesser} guessed wrong (team: {team})."),
    "log.flip": (
        "Round {round} is over. Flip every word tile to its black side: the top tiles "
        "of the four stacks and your own 15 tiles. Then press “Next round”."),
    "log.pass": (
        "Round {round} is over. Discard the top tile of each stack, flip all tiles "
        "back to white and pass your 15 word tiles to the player on your left. Then "
        "press “Next round”."),
    "log.swap": (
        "Round {round} is over. Discard the top tile of each stack, flip all tiles "
        "back to white and swap your 15 word tiles with the other player. Then press "
        "“Next round”."),
    "log.words": "The host has typed the target words; they are on the table screen.",
    "log.over": (
        "The stacks are empty: the game is over. Winning with {points} points: "
        "{winners}."),
    "log.over_one": (
        "The stacks are empty: the game is over. Winning with 1 point: {winners}."),
    "log.over_team_win": "The stacks are empty: the team scored {points} of 8 and wins!",
    "log.over_team_perfect": "The stacks are empty: the team scored a perfect 8 of 8 and wins!",
    "log.over_team_lose": (
        "The stacks are empty: the team scored {points} of 8 but needed 6. Nobody "
        "wins."),
    "error.kick_in_game": "A player cannot leave a running game of Haiclue: every round deals a colour to each player and the clues are guessed in seat order. End the game; the next one starts without {name}. (A phone that died gets a new link.)",
    "error.host_cannot": "The host cannot do that; it is a player's move.",
    "error.not_clue_step": "Clues are not being built right now.",
    "error.already_ready": "You have already said your clue is ready.",
    "error.clue_two_words": "A clue needs at least two words (two word tiles).",
    "error.clue_too_long": "That clue is too long: at most {max} characters.",
    "error.clue_too_many_words": (
        "A clue has at most {max} words: you only have {max} word tiles."),
    "error.not_guessing": "No clue is being guessed right now.",
    "error.author_guesses": "This is your own clue: you do not guess it.",
    "error.already_guessed": "You have already guessed this clue; a guess cannot be changed.",
    "error.unknown_color": "There is no colour “{color}”: choose Blue, Red, Green or Yellow.",
    "error.bad_step": "There is nothing to stop waiting for in that step now.",
    "error.not_between": "The round is still being played; the next round cannot start yet.",
    "error.words_off": "Typing the target words is switched off for this game.",
    "error.word_too_long": "A target word can be at most {max} characters long.",
    "ui.target_words": "Target words:",
    "ui.round": "Round {round} of {rounds}",
    "ui.side": "{side} side up",
    "ui.tiles": "Tiles per stack: {tiles}",
    "ui.building": "Build your clues",
    "ui.building_hint": (
        "Look at your colour on your phone, build a clue of at least two of your word "
        "tiles, turn it to the table, then press “My clue is ready”."),
    "ui.first_round_hint": "The phones replace the colour cards: nobody draws a card.",
    "ui.ready": "ready",
    "ui.not_ready": "still building",
    "ui.guessing": "Guess {author}'s clue",
    "ui.no_typed_clue": "(the clue lies on the table)",
    "ui.guessed": "has guessed",
    "ui.not_guessed": "still guessing",
    "ui.author": "author",
    "ui.last": "Last clue",
    "ui.results": "This round",
    "ui.was": "{author}'s colour was {color}",
    "ui.right": "right",
    "ui.wrong": "wrong",
    "ui.no_guess": "no guess",
    "ui.points": "+{points}",
    "ui.scores": "Scores",
    "ui.team": "Team score",
    "ui.team_goal": "6 wins, 8 is perfect",
    "ui.next_hint": "When the tiles are ready, press “Next round”.",
    "ui.todo_flip": (
        "Flip every word tile to its black side: the top tiles of the four stacks and "
        "your own 15 tiles."),
    "ui.todo_pass": (
        "Discard the top tile of each stack, flip all tiles back to white and pass "
        "your 15 word tiles to the player on your left."),
    "ui.todo_swap": (
        "Discard the top tile of each stack, flip all tiles back to white and swap "
        "your 15 word tiles with the other player."),
    "ui.over": "Game over",
    "ui.winners": "Winners: {names}",
    "ui.nobody_wins": "Nobody wins.",
    "ui.perfect": "Perfect score!",
    "ui.your_colour": "Your colour",
    "ui.hold_hint": "Hold the bar at the bottom to see your colour. Nobody else may see it.",
    "ui.you_ready": "Your clue is ready. Waiting for the others.",
    "ui.your_clue": "Your clue: “{clue}”",
    "ui.you_author": "Your clue is being guessed. Wait for the others.",
    "ui.you_guess": "Which colour does {author}'s clue mean?",
    "ui.your_guess": "Your guess: {color}. Waiting for the others.",
    "ui.you_right": "You guessed {color}: right!",
    "ui.you_wrong": "You guessed {color}: wrong.",
    "ui.your_score": "Your points: {points}",
    "ui.order": "Order",
    # what the table announces
    "ui.reveal_right": "{author}'s colour was {color}. Guessed right: {names}.",
    "ui.round_over": "Round {round} of {rounds} is over.",
    # the phone: your guess is in (what it was is under the hold-to-show box)
    "ui.you_guessed": "You have guessed. Waiting for the others.",
}

TEXTS.update(_EXPLAIN)
