"""Haiclue's explain-mode texts in English (issue #29; same keys and
placeholders as texts_explain_de), merged into texts_en."""

TEXTS: dict[str, str] = {
    # --- building clues ---------------------------------------------------------
    "explain.clue.must": (
        "Hold the bar for your secret colour, lay a clue of at least two of your "
        "word tiles for the top word on that colour's stack, then press “My clue is ready”. "
        "The others guess the colour from it: each right guess scores 1 for them and 1 for you."),
    "explain.clue.must_team": (
        "Hold the bar for your secret colour, lay a clue of at least two of your "
        "word tiles for the top word on that colour's stack, then press “My clue is ready”. "
        "Your partner guesses the colour: a right guess is 1 team point (6 of 8 wins)."),
    "explain.clue.wait": (
        "Your clue is ready; still building: {names}. Then the clues are guessed one at a "
        "time, starting with {first}'s."),
    "explain.clue.wait_first": (
        "Your clue is ready; still building: {names}. Then the clues are guessed one at a "
        "time, starting with yours."),
    "explain.clue.table": (
        "Waiting for clues from {names}: each lays word tiles pointing to the top word of "
        "their secret colour's stack. Then the clues are guessed one at a time, starting "
        "with {first}'s."),
    # --- guessing ---------------------------------------------------------------
    "explain.guess.must": (
        "Which top word does {author}'s clue describe? Pick that colour in secret; "
        "a right guess scores 1 for you and 1 for {author}."),
    "explain.guess.must_team": (
        "Which top word does {author}'s clue describe? Pick that colour in secret; "
        "a right guess is 1 team point (team: {team}, 6 of 8 wins)."),
    "explain.guess.done": (
        "Your guess is in; still guessing: {names}. Then {author}'s colour is revealed "
        "with every guess."),
    "explain.guess.author": (
        "Still guessing your clue: {names}. You do not guess your own clue; each right "
        "guess scores 1 for the guesser and 1 for you."),
    "explain.guess.author_team": (
        "{names} is guessing your clue; you do not guess your own. A right guess is 1 team "
        "point (team: {team}, 6 of 8 wins)."),
    "explain.guess.table": (
        "Waiting for {names} to guess {author}'s clue in secret: which top word does it "
        "describe? Then {author}'s colour is revealed: each right guess scores 1 for the "
        "guesser and 1 for {author}."),
    "explain.guess.table_team": (
        "Waiting for {names} to guess {author}'s clue in secret: which top word does it "
        "describe? A right guess is 1 team point (team: {team}; 6 of 8 wins)."),
    "explain.guess.move": "Your secret guess, final once sent: right scores 1 for you and 1 for {author}.",
    "explain.guess.move_team": "Your secret guess, final once sent: right is 1 team point.",
    # --- between rounds -----------------------------------------------------------
    "explain.between.flip": (
        "Round {round} of {rounds} is over: the four top tiles are flipped, so next round "
        "plays the words on their black side, with new colours. Once every tile shows "
        "black, anyone may press “Next round” — you may, but need not."),
    "explain.between.pass": (
        "Round {round} of {rounds} is over: the top tiles are discarded, so next round has "
        "four new target words, and you play with the tiles passed from your right. Once "
        "the tiles are passed and white again, anyone may press “Next round” — you may, "
        "but need not."),
    "explain.between.swap": (
        "Round {round} of {rounds} is over: the top tiles are discarded, so next round has "
        "four new target words, and you play with the other player's tiles. Once the tiles "
        "are swapped and white again, either of you may press “Next round”."),
    "explain.between.table_flip": (
        "Round {round} of {rounds} is over; nobody owes a move. The four top tiles are "
        "flipped to their black side, which shows new target words: once every tile is "
        "flipped, press “Next round” here or on any phone."),
    "explain.between.table_pass": (
        "Round {round} of {rounds} is over; nobody owes a move. Four new target words come "
        "up and everyone gets new tiles: once the tiles are passed left and white side up, "
        "press “Next round” here or on any phone."),
    "explain.between.table_swap": (
        "Round {round} of {rounds} is over; nobody owes a move. Four new target words come "
        "up and the players swap tiles: once that is done, press “Next round” here or on "
        "a phone."),
    "explain.next.move": "Deals new colours and starts round {next} of {rounds}; press once the tiles are ready.",
    # --- the end ------------------------------------------------------------------
    "explain.over.one": (
        "The stacks are empty, so the game is over: {winners} wins with the most points "
        "({points})."),
    "explain.over.shared": (
        "The stacks are empty, so the game is over: {winners} share the win with the most "
        "points ({points} each)."),
    "explain.over.team_win": (
        "The stacks are empty: the team scored {points} of 8, and 6 or more wins — both "
        "players win together."),
    "explain.over.team_perfect": (
        "The stacks are empty: the team scored a perfect 8 of 8 — both players win together."),
    "explain.over.team_lose": (
        "The stacks are empty: the team scored {points} of 8 but needed 6, so nobody wins."),
    # --- under the reveal -----------------------------------------------------------
    "explain.secret.clue": (
        "Your colour is {color}: your clue must point to the top word on the {color} "
        "stack."),
    "explain.secret.clue_word": (
        "Your colour is {color}: your clue must point to “{word}”, the top word on the "
        "{color} stack."),
    "explain.secret.author": "Your colour is {color}: whoever guesses {color} is right and earns you 1 point.",
    "explain.secret.author_team": "Your colour is {color}: if your partner guesses {color}, the team scores 1.",
    "explain.secret.guesser": (
        "Your own colour is {color}; {author} may have it too, as several players can share "
        "a colour."),
    "explain.secret.guessed": "You guessed {guess}: you score if {author}'s colour is {guess}.",
    # --- what each move does ------------------------------------------------------
    "explain.move.clue_ready": (
        "Says your clue lies ready (final); typing it is optional and shows it large on "
        "the table."),
    "explain.move.guess": "Your secret guess of the clue's colour; final once sent, shown at the reveal.",
    "explain.move.close": "Stops waiting and goes on with what is in.",
    "explain.close.clue": "Starts the guessing now; clues not reported ready are still guessed in turn.",
    "explain.close.guess": "Reveals {author}'s colour now; a missing guess scores nothing.",
    "explain.move.next": "Deals new colours and starts the next round; press once the tiles are ready.",
    "explain.move.words": "Shows the four target words beside their colours on the table until the round ends.",
    # --- a refused move: what is allowed instead ------------------------------------
    "explain.instead.already_ready": (
        "Your clue is in: wait until every clue is ready, then the clues are guessed in turn."),
    "explain.instead.not_clue_step": (
        "This round's clues are laid already: guess the clue on the table, or wait while "
        "yours is guessed."),
    "explain.instead.clue_two_words": (
        "Type at least two words, or press without typing: typing the clue is optional."),
    "explain.instead.clue_too_many_words": (
        "Type at most {max} words, or press without typing: typing the clue is optional."),
    "explain.instead.clue_too_long": (
        "Shorten the typed clue to {max} characters, or press without typing: typing is "
        "optional."),
    "explain.instead.not_guessing": (
        "Guessing starts once every clue is ready; until then build your clue or wait."),
    "explain.instead.author_guesses": (
        "This is your own clue: wait while the others guess it; you guess the next one."),
    "explain.instead.already_guessed": (
        "Your guess is in: wait for the reveal; you guess again on the next clue."),
    "explain.instead.unknown_color": (
        "Hold the bar, slide onto one of the four colours (Blue, Red, Green or Yellow) and "
        "let go there."),
    "explain.instead.not_between": (
        "This round's clues are still being guessed; “Next round” comes after the last reveal."),
    # --- what a decisive event meant (the table, under its headline) -----------------
    "meaning.round": (
        "Round {round} of {rounds}: everyone has a new secret colour; points count over all "
        "{rounds} rounds."),
    "meaning.closed_clue": "Not reported ready: {seats}; those clues lie on the table and are still guessed in turn.",
    "meaning.closed_guess": "No guess from {seats}: a missing guess scores no point for anyone.",
    "meaning.reveal": (
        "{author}'s clue worked for {points} players: {author} scores {points}, each of them "
        "1 — the clearer the clue, the more it pays."),
    "meaning.reveal_one": (
        "Only {right} read {author}'s clue right: just 1 point each for {right} and {author}."),
    "meaning.reveal_none": "Nobody read {author}'s clue as {color}: nobody scores for this clue.",
    "meaning.reveal_team_right": "1 team point: the team has {team} now; 6 by the end wins, 8 is perfect.",
    "meaning.reveal_team_wrong": "No team point for this clue: the team stays at {team} and needs 6 by the end.",
    "meaning.over": "Most points win, equal highest share: {winners} with {points} points.",
    "meaning.over_one": "Most points win, equal highest share: {winners} with 1 point.",
    "meaning.over_team_win": "6 or more of 8 points: both players win together.",
    "meaning.over_team_perfect": "8 of 8: a perfect game, both players win together.",
    "meaning.over_team_lose": "{points} of 8 is below the 6 the team needs: nobody wins.",
}
