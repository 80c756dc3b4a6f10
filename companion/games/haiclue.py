"""Haiclue — the referee (spec: shared/games/haiclue.md, rules: haiclue.de.txt).

Four stacks of word tiles lie on the table, one per colour; every player
secretly gets a colour each round (the phones replace the colour cards),
builds a clue from their own physical word tiles, and the others secretly
guess which colour each clue means.  The server keeps the colour deck, the
secret colours, the secret guesses, rounds, sides and scores.

Flow of a round (``phase`` in the state)
----------------------------------------
``clue``     every seat draws a colour (``you.secret.color``); each presses
             ``clue_ready {"text"?}``.  The host may ``close {"step":
             "clue"}`` for players who never press.
``guess``    authors one at a time, in ``order``; every other seat
             ``guess {"color"}`` once; when all are in (or the host
             ``close {"step": "guess"}``) the guesses are revealed together
             with the author's colour, scored, and the author's card is
             discarded.  The next author follows at once (the last reveal
             stays on the table and in the list of the round's results).
``between``  after the round's last reveal: the table lists the round's
             results and says what to do with the tiles; any seat or the host
             presses ``next`` to deal the next round.
``over``     after the last round's last reveal (no ``next`` needed).

State (plain JSON)
------------------
``seats`` (table order), ``order`` (authors in guessing order), ``round``
(1-based; odd rounds white side, even black), ``rounds``, ``tiles``,
``phase``, ``deck``/``discard`` (strings of colour initials ``b r g y``, the
deck's end is its top), ``colors`` (seat -> this round's colour), ``ready``
(seat -> typed clue or ""), ``current`` (index in ``order``), ``guesses``
(seat -> colour for the current author), ``results`` (this round's reveals:
author, colour, clue, and ``guesses`` as one character per seat in table
order, ``-`` = no guess; views expand them), ``scores``, ``words``, ``todo``.
Seat keys of dicts are strings (JSON).

Decisions where the spec is silent
----------------------------------
* Table order is the ``seats`` list given to ``setup`` (clockwise); a
  player's *left neighbour* is the next seat in that list (clockwise round a
  table is to the left).  Authors are guessed starting with the youngest
  player's left neighbour and ending with the youngest (rulebook: the youngest
  reads the clue of the player on their left, then clockwise on).  The
  youngest comes from the start field ``youngest`` (default: first seat); an
  unknown seat there falls back to the first seat.
* A new round does NOT start by itself: after the last reveal of a round the
  results and the instructions (flip / discard, flip and pass / swap) stay
  visible until someone (any seat or the host) presses ``next``.  Within a
  round the next author's clue is opened for guessing right after a reveal;
  the last reveal stays shown on the table meanwhile.
* A guess is final: a second guess (even to change it before the reveal) is
  refused (``already_guessed``); templates confirm it.  ``clue_ready`` is also
  final (the tiles are turned to the table).
* Typed clues: optional, at most 80 characters, at least two words (split on
  whitespace); blank text counts as "no typed clue".  A typed clue becomes
  public when its author's clue is being guessed (table shows it large);
  before that only its author sees it.
* ``close`` on the guess step reveals with the guesses that are in; a missing
  guess is simply "no guess" (scores nothing).
* The colour cards are drawn at the start of a round in table order; each
  author's card is discarded at its reveal (rulebook: "Nach der
  Punktevergabe wirft der Autor seine Karte ab"); when the deck runs out
  while dealing, the discards are shuffled into a new deck (logged).  In a
  normal game this never happens (at most 32 of 40 cards are drawn, 8 players
  x 4 rounds), but the rule is implemented and tested.
* Option ``words``: host action ``words {"blue"?, "red"?, "green"?,
  "yellow"?}`` during a round or between rounds; given non-blank fields
  replace the stored word of that colour, the others stay.  The words are
  cleared when a round ends (the tiles get flipped or discarded), so typing
  them between rounds prepares the next round.
* Two players: one team score; every right guess adds 1 to both seats'
  score (``scores`` shows the team score on both seats).  At the end both win
  with 6 or more (8 is perfect), nobody wins below 6.  More players: each
  right guess gives 1 to the guesser and 1 to the author; most points win,
  equal highest share (if all have 0, all share).
"""
from __future__ import annotations

import random
from typing import Any

from .base import HOST, Game, Illegal, ev, seat, txt

COLORS = ["blue", "red", "green", "yellow"]
#: the deck and the discard pile are strings of colour initials (compact state)
INITIAL = {c: c[0] for c in COLORS}
BY_INITIAL = {c[0]: c for c in COLORS}
CARDS_PER_COLOR = 10
CLUE_MAX = 80
WORD_MAX = 40
TEAM_GOAL = 6
TEAM_PERFECT = 8


def tiles_per_stack(players: int) -> int:
    if players == 2:
        return 2
    if players <= 5:
        return 3
    if players <= 8:
        return 2
    return 1


def _k(s: int) -> str:
    return str(s)


# --------------------------------------------------------------------------
# texts
# --------------------------------------------------------------------------

TEXTS_EN: dict[str, str] = {
    "title": "Haiclue",
    "action.clue_ready": "My clue is ready",
    "action.guess": "Guess the colour",
    "action.close": "Stop waiting",
    "action.next": "Next round",
    "action.words": "Type the target words",
    "field.text": "Your clue, typed (optional, at least two words)",
    "field.color": "Colour",
    "field.step": "Step",
    "field.youngest": "Youngest player",
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
    # log
    "log.start": ("Haiclue with {players} players: {tiles} word tiles per stack, "
                  "{rounds} rounds (white side, then black side). The phones replace "
                  "the colour cards: nobody draws a card, hold “show” on your phone "
                  "to see your colour."),
    "log.order": ("Clues are guessed in this order, starting left of the youngest "
                  "player {youngest}: {order}."),
    "log.round": ("Round {round} of {rounds}, {side} side up. Everyone has a new colour "
                  "on the phone: build a clue of at least two of your tiles for the top "
                  "word of that colour's stack, then press “My clue is ready”."),
    "log.reshuffle": ("The colour deck is empty: the discarded colour cards are "
                      "shuffled into a new deck."),
    "log.ready": "{seat}'s clue is ready.",
    "log.closed_clue": ("The host stops waiting for clues; guessing starts without "
                        "{seats}."),
    "log.guess_now": "Everyone except {author} now guesses {author}'s clue.",
    "log.guess_now_text": "Everyone except {author} now guesses {author}'s clue: “{clue}”.",
    "log.guessed": "{seat} has guessed.",
    "log.closed_guess": "The host stops waiting for guesses; no guess from {seats}.",
    "log.reveal": ("{author}'s colour was {color}. Right: {right}. {author} scores "
                   "{points}, each right guesser 1."),
    "log.reveal_none": "{author}'s colour was {color}. Nobody guessed it.",
    "log.reveal_team_right": ("{author}'s colour was {color}: {guesser} guessed right, "
                              "the team scores 1 (now {team})."),
    "log.reveal_team_wrong": ("{author}'s colour was {color}: {guesser} guessed wrong "
                              "(team: {team})."),
    "log.flip": ("Round {round} is over. Flip every word tile to its black side: the "
                 "top tiles of the four stacks and your own 15 tiles. Then press "
                 "“Next round”."),
    "log.pass": ("Round {round} is over. Discard the top tile of each stack, flip all "
                 "tiles back to white and pass your 15 word tiles to the player on "
                 "your left. Then press “Next round”."),
    "log.swap": ("Round {round} is over. Discard the top tile of each stack, flip all "
                 "tiles back to white and swap your 15 word tiles with the other "
                 "player. Then press “Next round”."),
    "log.words": "The host has typed the target words; they are on the table screen.",
    "log.over": "The stacks are empty: the game is over. Winning with {points} points: {winners}.",
    "log.over_team_win": "The stacks are empty: the team scored {points} of 8 and wins!",
    "log.over_team_perfect": "The stacks are empty: the team scored a perfect 8 of 8 and wins!",
    "log.over_team_lose": ("The stacks are empty: the team scored {points} of 8 but "
                           "needed 6. Nobody wins."),
    # errors
    "error.player_count": "Haiclue is for {min} to {max} players.",
    "error.not_a_player": "Only a player seated in this game can do that.",
    "error.host_only": "Only the host can do that.",
    "error.host_cannot": "The host cannot do that; it is a player's move.",
    "error.unknown_action": "Haiclue has no such action.",
    "error.game_over": "The game is over.",
    "error.not_clue_step": "Clues are not being built right now.",
    "error.already_ready": "You have already said your clue is ready.",
    "error.clue_two_words": "A clue needs at least two words (two word tiles).",
    "error.clue_too_long": "That clue is too long: at most {max} characters.",
    "error.bad_text": "That is not a text.",
    "error.not_guessing": "No clue is being guessed right now.",
    "error.author_guesses": "This is your own clue: you do not guess it.",
    "error.already_guessed": "You have already guessed this clue; a guess cannot be changed.",
    "error.unknown_color": "There is no colour “{color}”: choose Blue, Red, Green or Yellow.",
    "error.bad_step": "There is nothing to stop waiting for in that step now.",
    "error.not_between": "The round is still being played; the next round cannot start yet.",
    "error.words_off": "Typing the target words is switched off for this game.",
    "error.word_too_long": "A target word can be at most {max} characters long.",
    # renderer
    "ui.round": "Round {round} of {rounds}",
    "ui.side": "{side} side up",
    "ui.tiles": "{tiles} tiles per stack",
    "ui.building": "Build your clues",
    "ui.building_hint": ("Look at your colour on your phone, build a clue of at least two "
                         "of your word tiles, turn it to the table, then press “My clue is "
                         "ready”."),
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
    "ui.todo_flip": "Flip every word tile to its black side: the top tiles of the four stacks and your own 15 tiles.",
    "ui.todo_pass": "Discard the top tile of each stack, flip all tiles back to white and pass your 15 word tiles to the player on your left.",
    "ui.todo_swap": "Discard the top tile of each stack, flip all tiles back to white and swap your 15 word tiles with the other player.",
    "ui.over": "Game over",
    "ui.winners": "Winners: {names}",
    "ui.nobody_wins": "Nobody wins.",
    "ui.perfect": "Perfect score!",
    "ui.your_colour": "Your colour",
    "ui.hold_hint": "Hold “show” to see your colour. Nobody else may see it.",
    "ui.you_ready": "Your clue is ready. Waiting for the others.",
    "ui.your_clue": "Your clue: “{clue}”",
    "ui.you_author": "Your clue is being guessed. Wait for the others.",
    "ui.you_guess": "Which colour does {author}'s clue mean?",
    "ui.your_guess": "Your guess: {color}. Waiting for the others.",
    "ui.you_right": "You guessed {color}: right!",
    "ui.you_wrong": "You guessed {color}: wrong.",
    "ui.your_score": "Your points: {points}",
    "ui.order": "Order",
}

TEXTS_DE: dict[str, str] = {
    "title": "Haiclue",
    "action.clue_ready": "Mein Tipp liegt",
    "action.guess": "Farbe raten",
    "action.close": "Nicht länger warten",
    "action.next": "Nächste Runde",
    "action.words": "Zielwörter eintippen",
    "field.text": "Dein Tipp, getippt (freiwillig, mindestens zwei Wörter)",
    "field.color": "Farbe",
    "field.step": "Schritt",
    "field.youngest": "Jüngster Spieler",
    "field.words": "Die vier Zielwörter auf dem Tablet eintippen",
    "option.words": "Die vier Zielwörter auf dem Tablet eintippen",
    "field.blue": "Wort bei Blau",
    "field.red": "Wort bei Rot",
    "field.green": "Wort bei Grün",
    "field.yellow": "Wort bei Gelb",
    "value.blue": "Blau",
    "value.red": "Rot",
    "value.green": "Grün",
    "value.yellow": "Gelb",
    "value.clue": "Tipps legen",
    "value.guess": "Diesen Tipp raten",
    "value.white": "weiße",
    "value.black": "schwarze",
    # log
    "log.start": ("Haiclue mit {players} Spielern: {tiles} Wortplättchen pro Stapel, "
                  "{rounds} Runden (weiße Seite, dann schwarze Seite). Die Handys "
                  "ersetzen die Farbkarten: Niemand zieht eine Karte, halte auf deinem "
                  "Handy „Zeigen“, um deine Farbe zu sehen."),
    "log.order": ("Die Tipps werden in dieser Reihenfolge geraten, beginnend links vom "
                  "jüngsten Spieler {youngest}: {order}."),
    "log.round": ("Runde {round} von {rounds}, {side} Seite oben. Jeder hat eine neue "
                  "Farbe auf dem Handy: Lege aus mindestens zwei deiner Plättchen einen "
                  "Tipp für das oberste Wort auf dem Stapel dieser Farbe und drücke dann "
                  "„Mein Tipp liegt“."),
    "log.reshuffle": ("Der Farbkartenstapel ist leer: Die abgeworfenen Farbkarten werden "
                      "zu einem neuen Stapel gemischt."),
    "log.ready": "{seat} hat den Tipp gelegt.",
    "log.closed_clue": ("Der Gastgeber wartet nicht länger auf Tipps; das Raten beginnt "
                        "ohne {seats}."),
    "log.guess_now": "Alle außer {author} raten jetzt den Tipp von {author}.",
    "log.guess_now_text": "Alle außer {author} raten jetzt den Tipp von {author}: „{clue}“.",
    "log.guessed": "{seat} hat geraten.",
    "log.closed_guess": ("Der Gastgeber wartet nicht länger auf Rate-Tipps; "
                         "nicht geraten haben: {seats}."),
    "log.reveal": ("Die Farbe von {author} war {color}. Richtig: {right}. {author} "
                   "bekommt {points}, jeder richtig Ratende 1 Punkt."),
    "log.reveal_none": "Die Farbe von {author} war {color}. Niemand hat sie erraten.",
    "log.reveal_team_right": ("Die Farbe von {author} war {color}: {guesser} hat richtig "
                              "geraten, das Team bekommt 1 Punkt (jetzt {team})."),
    "log.reveal_team_wrong": ("Die Farbe von {author} war {color}: {guesser} hat falsch "
                              "geraten (Team: {team})."),
    "log.flip": ("Runde {round} ist vorbei. Dreht alle Wortplättchen auf die schwarze "
                 "Seite: die obersten Plättchen der vier Stapel und eure eigenen 15 "
                 "Plättchen. Drückt dann „Nächste Runde“."),
    "log.pass": ("Runde {round} ist vorbei. Werft das oberste Plättchen jedes Stapels ab, "
                 "dreht alle Plättchen zurück auf Weiß und gebt eure 15 Wortplättchen an "
                 "den Spieler links von euch weiter. Drückt dann „Nächste Runde“."),
    "log.swap": ("Runde {round} ist vorbei. Werft das oberste Plättchen jedes Stapels ab, "
                 "dreht alle Plättchen zurück auf Weiß und tauscht eure 15 Wortplättchen "
                 "miteinander. Drückt dann „Nächste Runde“."),
    "log.words": "Der Gastgeber hat die Zielwörter eingetippt; sie stehen auf dem Tisch-Bildschirm.",
    "log.over": ("Die Stapel sind leer: Das Spiel ist vorbei. Mit {points} Punkten "
                 "gewinnt: {winners}."),
    "log.over_team_win": "Die Stapel sind leer: Das Team hat {points} von 8 Punkten und gewinnt!",
    "log.over_team_perfect": ("Die Stapel sind leer: Das Team hat perfekte 8 von 8 "
                              "Punkten und gewinnt!"),
    "log.over_team_lose": ("Die Stapel sind leer: Das Team hat {points} von 8 Punkten, "
                           "nötig waren 6. Niemand gewinnt."),
    # errors
    "error.player_count": "Haiclue ist für {min} bis {max} Spieler.",
    "error.not_a_player": "Das kann nur ein Spieler dieser Partie.",
    "error.host_only": "Das kann nur der Gastgeber.",
    "error.host_cannot": "Das kann der Gastgeber nicht; das ist der Zug eines Spielers.",
    "error.unknown_action": "Diese Aktion gibt es in Haiclue nicht.",
    "error.game_over": "Das Spiel ist vorbei.",
    "error.not_clue_step": "Gerade werden keine Tipps gelegt.",
    "error.already_ready": "Du hast schon gemeldet, dass dein Tipp liegt.",
    "error.clue_two_words": "Ein Tipp braucht mindestens zwei Wörter (zwei Wortplättchen).",
    "error.clue_too_long": "Dieser Tipp ist zu lang: höchstens {max} Zeichen.",
    "error.bad_text": "Das ist kein Text.",
    "error.not_guessing": "Gerade wird kein Tipp geraten.",
    "error.author_guesses": "Das ist dein eigener Tipp: Du rätst nicht mit.",
    "error.already_guessed": "Du hast diesen Tipp schon geraten; ein Rate-Tipp lässt sich nicht ändern.",
    "error.unknown_color": "Die Farbe „{color}“ gibt es nicht: Wähle Blau, Rot, Grün oder Gelb.",
    "error.bad_step": "In diesem Schritt gibt es gerade nichts, worauf gewartet wird.",
    "error.not_between": "Die Runde läuft noch; die nächste Runde kann noch nicht beginnen.",
    "error.words_off": "Das Eintippen der Zielwörter ist in dieser Partie ausgeschaltet.",
    "error.word_too_long": "Ein Zielwort darf höchstens {max} Zeichen lang sein.",
    # renderer
    "ui.round": "Runde {round} von {rounds}",
    "ui.side": "{side} Seite oben",
    "ui.tiles": "{tiles} Plättchen pro Stapel",
    "ui.building": "Legt eure Tipps",
    "ui.building_hint": ("Schau dir deine Farbe auf dem Handy an, lege aus mindestens zwei "
                         "deiner Wortplättchen einen Tipp, drehe ihn zum Tisch und drücke "
                         "„Mein Tipp liegt“."),
    "ui.first_round_hint": "Die Handys ersetzen die Farbkarten: Niemand zieht eine Karte.",
    "ui.ready": "fertig",
    "ui.not_ready": "legt noch",
    "ui.guessing": "Ratet den Tipp von {author}",
    "ui.no_typed_clue": "(der Tipp liegt auf dem Tisch)",
    "ui.guessed": "hat geraten",
    "ui.not_guessed": "rät noch",
    "ui.author": "Autor",
    "ui.last": "Letzter Tipp",
    "ui.results": "Diese Runde",
    "ui.was": "Die Farbe von {author} war {color}",
    "ui.right": "richtig",
    "ui.wrong": "falsch",
    "ui.no_guess": "nicht geraten",
    "ui.points": "+{points}",
    "ui.scores": "Punkte",
    "ui.team": "Team-Punkte",
    "ui.team_goal": "6 gewinnt, 8 ist perfekt",
    "ui.next_hint": "Wenn die Plättchen bereit sind, drückt „Nächste Runde“.",
    "ui.todo_flip": "Dreht alle Wortplättchen auf die schwarze Seite: die obersten Plättchen der vier Stapel und eure eigenen 15 Plättchen.",
    "ui.todo_pass": "Werft das oberste Plättchen jedes Stapels ab, dreht alle Plättchen zurück auf Weiß und gebt eure 15 Wortplättchen an den Spieler links von euch weiter.",
    "ui.todo_swap": "Werft das oberste Plättchen jedes Stapels ab, dreht alle Plättchen zurück auf Weiß und tauscht eure 15 Wortplättchen miteinander.",
    "ui.over": "Spielende",
    "ui.winners": "Gewonnen: {names}",
    "ui.nobody_wins": "Niemand gewinnt.",
    "ui.perfect": "Perfektes Ergebnis!",
    "ui.your_colour": "Deine Farbe",
    "ui.hold_hint": "Halte „Zeigen“, um deine Farbe zu sehen. Niemand sonst darf sie sehen.",
    "ui.you_ready": "Dein Tipp liegt. Warte auf die anderen.",
    "ui.your_clue": "Dein Tipp: „{clue}“",
    "ui.you_author": "Dein Tipp wird geraten. Warte auf die anderen.",
    "ui.you_guess": "Welche Farbe meint der Tipp von {author}?",
    "ui.your_guess": "Dein Rate-Tipp: {color}. Warte auf die anderen.",
    "ui.you_right": "Du hast {color} geraten: richtig!",
    "ui.you_wrong": "Du hast {color} geraten: falsch.",
    "ui.your_score": "Deine Punkte: {points}",
    "ui.order": "Reihenfolge",
}


# --------------------------------------------------------------------------
# the game
# --------------------------------------------------------------------------

class Haiclue(Game):
    name = "haiclue"
    min_players = 2
    max_players = 12
    options_schema = [{"name": "words", "kind": "bool", "default": False}]
    texts = {"en": TEXTS_EN, "de": TEXTS_DE}
    seat_fields = frozenset({"target", "seat", "youngest"})

    # --- setup -------------------------------------------------------------

    def start_fields(self, seats: list[int], options: dict) -> dict:
        return {"youngest": list(seats)}

    def setup(self, seats: list[int], options: dict, rng: random.Random):
        seats = list(seats)
        n = len(seats)
        if not self.min_players <= n <= self.max_players:
            raise Illegal("player_count", 409, min=self.min_players, max=self.max_players)
        youngest = options.get("youngest", seats[0])
        if youngest not in seats or type(youngest) is not int:
            youngest = seats[0]
        y = seats.index(youngest)
        order = [seats[(y + 1 + i) % n] for i in range(n)]
        tiles = tiles_per_stack(n)
        cards = [INITIAL[c] for c in COLORS for _ in range(CARDS_PER_COLOR)]
        rng.shuffle(cards)
        deck = "".join(cards)
        state: dict[str, Any] = {
            "seats": seats,
            "youngest": youngest,
            "order": order,
            "words_option": bool(options.get("words", False)),
            "tiles": tiles,
            "rounds": 2 * tiles,
            "round": 0,
            "phase": "clue",
            "deck": deck,
            "discard": "",
            "colors": {},
            "ready": {},
            "current": 0,
            "guesses": {},
            "results": [],
            "scores": {_k(s): 0 for s in seats},
            "words": {},
            "todo": None,
        }
        events = [
            ev("start", players=n, tiles=tiles, rounds=2 * tiles),
            ev("order", youngest=seat(youngest), order=[seat(s) for s in order]),
        ]
        events += self._start_round(state, rng)
        return state, events

    def _draw(self, state: dict, rng: random.Random, events: list) -> str:
        if not state["deck"]:
            cards = list(state["discard"])
            rng.shuffle(cards)
            state["deck"] = "".join(cards)
            state["discard"] = ""
            events.append(ev("reshuffle"))
        card = state["deck"][-1]
        state["deck"] = state["deck"][:-1]
        return BY_INITIAL[card]

    def _start_round(self, state: dict, rng: random.Random) -> list[dict]:
        events: list[dict] = []
        state["round"] += 1
        state["phase"] = "clue"
        state["colors"] = {}
        for s in state["seats"]:
            state["colors"][_k(s)] = self._draw(state, rng, events)
        state["ready"] = {}
        state["current"] = 0
        state["guesses"] = {}
        state["results"] = []
        state["todo"] = None
        events.append(ev("round", round=state["round"], rounds=state["rounds"],
                         side=txt("value." + self._side(state))))
        return events

    @staticmethod
    def _side(state: dict) -> str:
        return "white" if state["round"] % 2 == 1 else "black"

    def _author(self, state: dict) -> int | None:
        if state["phase"] != "guess":
            return None
        return state["order"][state["current"]]

    def _guessers(self, state: dict) -> list[int]:
        author = self._author(state)
        return [s for s in state["seats"] if s != author]

    # --- templates ---------------------------------------------------------

    def actions(self, state: dict, seat_: int) -> list[dict]:
        if seat_ not in state["seats"]:
            return []
        phase = state["phase"]
        if phase == "clue":
            if _k(seat_) in state["ready"]:
                return []
            return [{"type": "clue_ready", "fields": {
                "text": {"kind": "text", "max": CLUE_MAX, "optional": True}}}]
        if phase == "guess":
            if seat_ == self._author(state) or _k(seat_) in state["guesses"]:
                return []
            return [{"type": "guess", "fields": {"color": list(COLORS)},
                     "confirm": True, "secret": True}]
        if phase == "between":
            return [{"type": "next", "fields": {}}]
        return []

    def host_actions(self, state: dict) -> list[dict]:
        phase = state["phase"]
        out: list[dict] = []
        if phase in ("clue", "guess"):
            out.append({"type": "close", "fields": {"step": [phase]}, "confirm": True})
        if phase == "between":
            out.append({"type": "next", "fields": {}})
        if state["words_option"] and phase in ("clue", "guess", "between"):
            out.append({"type": "words", "fields": {
                c: {"kind": "text", "max": WORD_MAX, "optional": True} for c in COLORS}})
        return out

    # --- apply -------------------------------------------------------------

    def apply(self, state: dict, actor: int | str, action: dict, rng: random.Random):
        type_ = action.get("type")
        handler = {
            "clue_ready": self._clue_ready,
            "guess": self._guess,
            "close": self._close,
            "next": self._next,
            "words": self._words,
        }.get(type_)
        if handler is None:
            raise Illegal("unknown_action", 400)
        if type_ in ("close", "words"):
            if actor != HOST:
                raise Illegal("host_only", 403)
        elif type_ in ("clue_ready", "guess"):
            if actor == HOST:
                raise Illegal("host_cannot", 403)
            if actor not in state["seats"]:
                raise Illegal("not_a_player", 403)
        elif actor != HOST and actor not in state["seats"]:
            raise Illegal("not_a_player", 403)
        if state["phase"] == "over":
            raise Illegal("game_over", 409)
        return handler(state, actor, action, rng)

    def _clue_ready(self, state, actor, action, rng):
        if state["phase"] != "clue":
            raise Illegal("not_clue_step", 409)
        if _k(actor) in state["ready"]:
            raise Illegal("already_ready", 409)
        text = action.get("text")
        if text is None:
            text = ""
        if not isinstance(text, str):
            raise Illegal("bad_text", 422)
        text = " ".join(text.split())
        if len(text) > CLUE_MAX:
            raise Illegal("clue_too_long", 422, max=CLUE_MAX)
        if text and len(text.split()) < 2:
            raise Illegal("clue_two_words", 422)
        state["ready"][_k(actor)] = text
        events = [ev("ready", seat=seat(actor))]
        if all(_k(s) in state["ready"] for s in state["seats"]):
            events += self._open_guessing(state)
        return state, events

    def _open_guessing(self, state: dict) -> list[dict]:
        state["phase"] = "guess"
        state["guesses"] = {}
        author = self._author(state)
        clue = state["ready"].get(_k(author), "")
        if clue:
            return [ev("guess_now_text", author=seat(author), clue=clue)]
        return [ev("guess_now", author=seat(author))]

    def _guess(self, state, actor, action, rng):
        if state["phase"] != "guess":
            raise Illegal("not_guessing", 409)
        if actor == self._author(state):
            raise Illegal("author_guesses", 403)
        color = action.get("color")
        if color not in COLORS:
            raise Illegal("unknown_color", 422, color=str(color)[:20])
        if _k(actor) in state["guesses"]:
            raise Illegal("already_guessed", 409)
        state["guesses"][_k(actor)] = color
        events = [ev("guessed", seat=seat(actor))]
        if all(_k(s) in state["guesses"] for s in self._guessers(state)):
            events += self._reveal(state)
        return state, events

    def _reveal(self, state: dict) -> list[dict]:
        author = self._author(state)
        color = state["colors"][_k(author)]
        guesses = {k: v for k, v in state["guesses"].items()}
        right = [s for s in state["seats"] if guesses.get(_k(s)) == color]
        two = len(state["seats"]) == 2
        if two:
            for s in state["seats"]:
                state["scores"][_k(s)] += len(right)
            points = len(right)
        else:
            for s in right:
                state["scores"][_k(s)] += 1
            state["scores"][_k(author)] += len(right)
            points = len(right)
        state["results"].append({
            "author": author,
            "color": color,
            "clue": state["ready"].get(_k(author), ""),
            # one character per seat in table order: colour initial, "-" = none
            "guesses": "".join(INITIAL[guesses[_k(s)]] if _k(s) in guesses else "-"
                               for s in state["seats"]),
        })
        state["discard"] += INITIAL[color]
        state["guesses"] = {}
        events: list[dict] = []
        ctext = txt("value." + color)
        if two:
            guesser = next(s for s in state["seats"] if s != author)
            team = state["scores"][_k(guesser)]
            if _k(guesser) not in guesses:
                events.append(ev("reveal_none", author=seat(author), color=ctext))
            elif right:
                events.append(ev("reveal_team_right", author=seat(author), color=ctext,
                                 guesser=seat(guesser), team=team))
            else:
                events.append(ev("reveal_team_wrong", author=seat(author), color=ctext,
                                 guesser=seat(guesser), team=team))
        elif right:
            events.append(ev("reveal", author=seat(author), color=ctext,
                             right=[seat(s) for s in right], points=points))
        else:
            events.append(ev("reveal_none", author=seat(author), color=ctext))

        if state["current"] + 1 < len(state["order"]):
            state["current"] += 1
            events += self._open_guessing(state)
        else:
            events += self._end_round(state)
        return events

    def _end_round(self, state: dict) -> list[dict]:
        state["words"] = {}
        if state["round"] >= state["rounds"]:
            state["phase"] = "over"
            state["todo"] = None
            return [self._over_event(state)]
        state["phase"] = "between"
        if self._side(state) == "white":
            todo = "flip"
        else:
            todo = "swap" if len(state["seats"]) == 2 else "pass"
        state["todo"] = todo
        return [ev(todo, round=state["round"])]

    def _over_event(self, state: dict) -> dict:
        seats = state["seats"]
        if len(seats) == 2:
            points = state["scores"][_k(seats[0])]
            if points >= TEAM_PERFECT:
                return ev("over_team_perfect", points=points)
            if points >= TEAM_GOAL:
                return ev("over_team_win", points=points)
            return ev("over_team_lose", points=points)
        wins = self.winners(state) or []
        points = max(state["scores"].values())
        return ev("over", points=points, winners=[seat(s) for s in wins])

    def _close(self, state, actor, action, rng):
        step = action.get("step")
        if step != state["phase"] or step not in ("clue", "guess"):
            raise Illegal("bad_step", 409)
        if step == "clue":
            missing = [s for s in state["seats"] if _k(s) not in state["ready"]]
            for s in missing:
                state["ready"][_k(s)] = ""
            events = [ev("closed_clue", seats=[seat(s) for s in missing])] if missing else []
            events += self._open_guessing(state)
            return state, events
        missing = [s for s in self._guessers(state) if _k(s) not in state["guesses"]]
        events = [ev("closed_guess", seats=[seat(s) for s in missing])] if missing else []
        events += self._reveal(state)
        return state, events

    def _next(self, state, actor, action, rng):
        if state["phase"] != "between":
            raise Illegal("not_between", 409)
        return state, self._start_round(state, rng)

    def _words(self, state, actor, action, rng):
        if not state["words_option"]:
            raise Illegal("words_off", 409)
        if state["phase"] not in ("clue", "guess", "between"):
            raise Illegal("game_over", 409)
        new = dict(state["words"])
        for c in COLORS:
            value = action.get(c)
            if value is None:
                continue
            if not isinstance(value, str):
                raise Illegal("bad_text", 422)
            value = " ".join(value.split())
            if len(value) > WORD_MAX:
                raise Illegal("word_too_long", 422, max=WORD_MAX)
            if value:
                new[c] = value
        state["words"] = new
        return state, [ev("words")]

    # --- views -------------------------------------------------------------

    @staticmethod
    def _result(state: dict, r: dict) -> dict:
        """A revealed clue as views show it: who guessed what, who was right
        and what the author (or, with two players, the team) scored."""
        guesses = {_k(s): BY_INITIAL[g] for s, g in zip(state["seats"], r["guesses"])
                   if g != "-"}
        right = [s for s in state["seats"] if guesses.get(_k(s)) == r["color"]]
        return {"author": r["author"], "color": r["color"], "clue": r["clue"],
                "guesses": guesses, "right": right, "points": len(right)}

    def view(self, state: dict, seat_: int | None) -> dict:
        phase = state["phase"]
        author = self._author(state)
        public: dict[str, Any] = {
            "colors": list(COLORS),
            "round": state["round"],
            "rounds": state["rounds"],
            "side": self._side(state),
            "tiles": state["tiles"],
            "phase": phase,
            "order": list(state["order"]),
            "youngest": state["youngest"],
            "team": len(state["seats"]) == 2,
            "scores": dict(state["scores"]),
            "results": [self._result(state, r) for r in state["results"]],
            "todo": state["todo"],
            "winners": self.winners(state),
        }
        if state["words_option"]:
            public["words"] = dict(state["words"])
        if phase == "clue":
            public["ready"] = [s for s in state["seats"] if _k(s) in state["ready"]]
        if phase == "guess":
            public["author"] = author
            public["clue"] = state["ready"].get(_k(author), "")
            public["guessed"] = [s for s in state["seats"] if _k(s) in state["guesses"]]
            public["waiting"] = [s for s in self._guessers(state)
                                 if _k(s) not in state["guesses"]]
        if state["results"]:
            public["last"] = self._result(state, state["results"][-1])
        if len(state["seats"]) == 2:
            public["team_score"] = state["scores"][_k(state["seats"][0])]
        if seat_ is None or seat_ not in state["seats"]:
            return {"you": None, "public": public}
        you: dict[str, Any] = {
            "seat": seat_,
            "score": state["scores"][_k(seat_)],
            "secret": {"color": state["colors"][_k(seat_)]},
            "ready": _k(seat_) in state["ready"] if phase == "clue" else None,
            "clue": state["ready"].get(_k(seat_), "") if phase in ("clue", "guess") else "",
            "author": phase == "guess" and author == seat_,
            "guess": state["guesses"].get(_k(seat_)) if phase == "guess" else None,
        }
        return {"you": you, "public": public}

    # --- results -------------------------------------------------------------

    def scores(self, state: dict) -> dict[int, int]:
        return {s: state["scores"][_k(s)] for s in state["seats"]}

    def winners(self, state: dict) -> list[int] | None:
        if state["phase"] != "over":
            return None
        seats = state["seats"]
        if len(seats) == 2:
            return list(seats) if state["scores"][_k(seats[0])] >= TEAM_GOAL else []
        best = max(state["scores"][_k(s)] for s in seats)
        return [s for s in seats if state["scores"][_k(s)] == best]


GAME = Haiclue()
