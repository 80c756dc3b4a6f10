"""Haiclue — the referee (decisions where the rulebook is silent:
docs/games/haiclue.md; rulebook: the publisher's German rules).

Four stacks of word tiles lie on the table, one per colour; every player
secretly gets a colour each round (the phones replace the colour cards),
builds a clue from their own physical word tiles, and the others secretly
guess which colour each clue means.  The server keeps the colour deck, the
secret colours, the secret guesses, rounds, sides and scores.

Modules: ``board`` (colours, deck, small questions about the state),
``rules`` (the ``Game``: setup, templates, refusals, moves), ``view``,
``hidden`` (variants for the non-interference check), ``texts_en``/``texts_de``.

Flow of a round (``phase`` in the state)
----------------------------------------
``clue``     every seat draws a colour (``you.secret.color``); each presses
             ``clue_ready {"text"?}`` (required: the game waits for it).
             The host may ``close {"step": "clue"}`` for players who never
             press.
``guess``    authors one at a time, in ``order``; every other seat
             ``guess {"color"}`` once (required, confirmed); when all are in
             (or the host ``close {"step": "guess"}``) the guesses are
             revealed together with the author's colour, scored, and the
             author's card is discarded.  The next author follows at once
             (the last reveal stays on the table and in the list of the
             round's results).
``between``  after the round's last reveal: the table lists the round's
             results and says what to do with the tiles; any seat or the host
             presses ``next`` to deal the next round.
``over``     after the last round's last reveal (no ``next`` needed).

State (plain JSON)
------------------
``seats`` (table order), ``youngest``, ``order`` (authors in guessing
order), ``round`` (1-based; odd rounds white side, even black), ``rounds``,
``tiles``, ``phase``, ``deck``/``discard`` (strings of colour initials
``b r g y``, the deck's end is its top), ``colors`` (seat -> this round's
colour), ``ready`` (seat -> typed clue or ""), ``current`` (index in
``order``), ``guesses`` (seat -> colour for the current author), ``results``
(this round's reveals: author, colour, clue, and ``guesses`` as one
character per seat in table order, ``-`` = no guess; views expand them),
``scores``, ``words_option``, ``words``, ``todo``.  Seat keys of dicts are
strings (JSON).

Decisions where the spec or rulebook is silent
----------------------------------------------
* Table order is the ``seats`` list given to ``setup`` (clockwise); a
  player's *left neighbour* is the next seat in that list (clockwise round a
  table is to the left).  Authors are guessed starting with the youngest
  player's left neighbour and ending with the youngest (rulebook: the youngest
  reads the clue of the player on their left, then clockwise on); the order
  is the same every round.
* The youngest comes from the host's start field ``youngest``.  Its default
  is the first seat in table order (the spec says "seat 0", which is the
  first seat until the host changes the seating order): it is the first
  value of the template's list, and ``setup`` uses it when the field is
  missing or names nobody at the table.
* A new round does NOT start by itself: after the last reveal of a round the
  results and the instructions (flip / discard, flip and pass / swap) stay
  visible until someone (any seat or the host) presses ``next``.  ``next`` is
  not ``required`` (no seat owes it).  Within a round the next author's clue
  is opened for guessing right after a reveal; the last reveal stays shown
  on the table meanwhile.
* A guess is final: a second guess (even to change it before the reveal) is
  refused (``already_guessed``); templates confirm it.  ``clue_ready`` is also
  final (the tiles are turned to the table).
* The guess is a secret act (issue #45): the rulebook has every player
  lay a guess tile face down ("rät dann heimlich"), so the guess template
  is ``secret_act`` and the phone offers the four colours only under the
  reveal, with the confirm there too; the open page shows only that the
  seat has guessed (public), never which colour.  Its values depend on no
  secret (a guess may name any colour, the guesser's own included: several
  players may share a colour, so it can be right).  A seat's own guess is
  shown on its phone under ``you.secret.guess`` (only while the reveal is
  held), like the guess tile face down in front of it.
* Typed clues: optional, at most 80 characters, at least two words and at
  most 15 (split on whitespace): a clue uses at least two word tiles, and a
  player has only 15.  Blank text counts as "no typed clue".  A typed clue
  becomes public when its author's clue is being guessed (the table shows it
  large); before that only its author sees it.
* ``close`` on the clue step starts the guessing; players who never pressed
  are still authors (their clue lies on the table).  ``close`` on the guess
  step reveals with the guesses that are in; a missing guess is simply "no
  guess" (scores nothing).  Either works only with a cause (issue #38,
  ``companion/host_powers.py``): every awaited phone away 30 s, or the
  step's timer ran out; the host waits for the players whose phones are here.
* The colour cards are drawn at the start of a round in table order; each
  author's card is discarded at its reveal (rulebook: "Nach der
  Punktevergabe wirft der Autor seine Karte ab"); when the deck runs out
  while dealing, the discards are shuffled into a new deck (logged).  In a
  normal game this never happens (at most 32 of 40 cards are drawn, 8 players
  x 4 rounds), but the rule is implemented and tested.
* Option ``words``: host action ``words {"blue"?, "red"?, "green"?,
  "yellow"?}`` while the game runs; given non-blank fields replace the stored
  word of that colour, the others stay.  The words are cleared when a round
  ends (the tiles get flipped or discarded), so typing them between rounds
  prepares the next round.
* Two players: one team score; every right guess adds 1 to both seats'
  score (``scores`` shows the team score on both seats).  At the end both win
  with 6 or more (8 is perfect), nobody wins below 6.  More players: each
  right guess gives 1 to the guesser and 1 to the author; most points win,
  equal highest share (if all have 0, all share).
* Refusals: the shared codes (``not_in_game``, ``host_only``, ``game_over``,
  ``missing_field``, ``invalid_field``, ``player_count``) plus the game's own
  (``Haiclue.errors``).  ``host_cannot`` (403) is kept apart from
  ``not_in_game``: it tells the host that a player's move belongs on a
  player's phone.  The per-step codes (``not_clue_step``, ``not_guessing``,
  ``not_between``, ``bad_step``) say more than ``wrong_step`` would.

Explain mode (issue #29)
------------------------
``explain`` (pure functions of the viewer's view; texts in
``texts_explain_en``/``texts_explain_de``, merged into the game's texts).
``now`` per phase and viewer: ``clue`` must (build, press; how a clue
scores) or waits (who is still building, whose clue is guessed first);
``guess`` must (which top word, what a right guess scores for whom), done
(who is still guessing) or author (you do not guess; who is guessing);
``between`` per ``todo`` (flip: the same top tiles, their black words; pass/swap: new
words and new tiles) and said to be optional, since nobody owes ``next``;
``over`` the winners or the team result.  Two players get team wording
(team score, 6 of 8 wins).  The table's ``now`` names the seats it waits
for.  ``secret``: the viewer's colour (with the host's typed target word,
if any), and during guessing what it means for this clue (author: who is
right; guesser: that the own colour may be right too; after guessing: the
own guess).  Nothing open depends on the viewer's colour or guess.  Moves:
``guess`` names the author, ``next`` the coming round, the host's ``close``
what stopping does in this step.  ``meaning.*`` for the round start, every
reveal, the host's closing of a step and the end; the flip/pass/swap
events get none, so the round's last reveal keeps its meaning on the table
while the tiles are handled (the table's ``now`` explains the tiles).
``explain.instead.*`` for every refusal a phone can meet.
"""
from .rules import GAME  # noqa: F401
