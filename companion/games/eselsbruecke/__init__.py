"""Eselsbrücke (Stefan Dorra, Ralf zur Linde) — decisions where the rulebook is
silent: docs/games/eselsbruecke.md; rulebook: the publisher's German rules.

The players tell stories together, each laying a term card; once every
player has started a story, the stories are resolved in the order told and
the players must recall the terms.  The server keeps each story's terms once
it is told (the "story decks"), deals them for the resolution, knows who
holds which, judges what is named and counts the cards taken.

Flow
----
``telling``     story *k* is started by the *k*-th player in table order (the
                donkey moves clockwise); turns go clockwise from the starter.
                ``lay {"term"}`` on your turn: 3/2/2/1 cards per player per
                story for 3/4/5/6 players (stories of 9, 8, 10, 6 cards).  The
                story's terms lie open in every view until it is complete, then
                vanish from every view until it is resolved.
``resolution``  story by story in the order told.  The story's cards are
                shuffled and dealt round the table from its starter (each
                player gets as many as they laid); each phone shows only its
                own, under ``you.secret.cards``.  The starter begins; in turn
                ``name {"term"}`` or ``pass``; ``take`` when only your own
                cards are left.  A near miss asks its holder ``confirm``; a
                namer judged wrong may ``appeal``; the host may ``close``.
``over``        most cards taken wins; equal highest share the win.

Modes (option ``deck``): ``physical`` (default) — the real cards, the term is
typed; ``digital`` — the app deals hands of 6 from its own deck and refills
them after each story.  Option ``language`` (``de`` default, ``en``) picks the
app's deck: files ``deck_de.txt``/``deck_en.txt``, more than 300 concrete,
drawable nouns each, no two equal after matching; the deck is kept as one
string in the state (it is copied on every move).

Decisions where the spec and rulebook are silent
------------------------------------------------
* Matching (matching.py): case, spaces, punctuation, umlaut spellings (ä/ae,
  ö/oe, ü/ue, ß/ss), other accents and ONE leading article (der, die, das,
  ein, eine, the, a, an — only when a word follows) are ignored.  A near miss
  is one edit (insert, delete, replace, or swap two neighbouring letters) or
  the same word once a plural/singular ending is taken off (-e, -n, -en, -er,
  -s, -es, -nen, -ies/-y, with umlauts folded: Kühlschränke/Kühlschrank).
* Judging a name: an exact match of a card someone else holds wins over any
  near miss.  An exact match of your own card or of a card already taken is
  refused (``own_card``, ``already_taken``) and is not a turn; a near miss of
  your own or of a taken card is not asked about: the name is judged like any
  other (refusing it would tell the namer, for free, that no one else holds
  that word).  Otherwise every holder
  of a near-missed card is asked; the first "yes" gives the card; when all say
  no (or the host closes), the name is wrong.
* Answers: a holder asked about one card answers ``confirm {"accept": true|false}``
  (the card is implied); one asked about several (an appeal, or a near miss of
  two of their cards) answers ``confirm {"card", "accept": true}`` or
  ``confirm {"accept": false}``.  Every answer template is ``secret`` (issue
  #25): whether one or several of a holder's cards are near the word tells
  about their hand, so both shapes are chosen under the phone's reveal and
  the open screen looks the same.  The question itself, naming the
  holder's card, is in ``you.secret.asked``.
* Turns: after a right name (also one a holder accepted) or a wrong one, the
  turn goes to the namer's left neighbour, as in the rulebook.  While a
  question is open nobody names, passes or takes.
* "A full circle without a take": the count of turns in a row without a card
  taken (passes and names judged wrong), starting at 0 when a story's
  resolution begins and reset by every card taken.  When it reaches the
  number of players the story ends and its untaken cards leave the game; the
  table then shows all its terms, who told them and who got them.
* Appeal: open to the namer whose name was just judged wrong (at once or
  after the holders said no to a near miss) until anyone else names, passes
  or takes (or the host skips a turn).  Every other holder of an untaken card
  is asked about all their untaken cards; the first "yes" (naming which
  card) gives it, which counts as a card taken (the turn stays with the player
  who is on turn by then).  If the wrong name completed the full circle, the
  story waits for the namer to ``appeal`` or ``concede`` (host: ``close
  {"step": "appeal"}`` = concede).  A pass cannot be appealed.
* ``take``: offered (instead of name/pass) exactly when every untaken card of
  the story is yours and it is your turn; it takes all of them.
* Host ``close`` (every step; issue #38: only once the awaited phones were
  away 30 s or the step's timer ran out, ``companion/host_powers.py``):
  ``confirm`` — unanswered questions count as no; ``appeal``
  — as above; ``turn`` — the player on turn passes (or, if only their own
  cards are left, takes them), for a phone that is gone; ``lay`` (while
  telling, issue #25) — the host lays the teller's card: in physical mode
  the host types the term of the card the teller laid (it lies open while
  the story is told; a teller who has gone: the host lays the pile's top
  card), in digital mode the app lays a random card of the teller's hand.
  A seat cannot leave a running game: the stories hold its cards and the
  resolution deals it as many as it laid (the host ends the game and
  starts the next one without it).
* Terms are stored as typed (trimmed) and compared in normal form; a term is
  1 to 40 characters and must contain a letter or digit; a story cannot hold
  two terms with the same normal form (near terms are fine).  In digital mode
  only a card of your hand can be laid.
* Hands: in digital mode they are refilled to 6 after every story except the
  last (the rest of the game needs no hand); the hands are part of ``you``
  (as before, for API clients), but the phone shows them only under the
  reveal (a neighbour would read them) and ``lay`` of a digital card is a
  secret choice (issue #25).  The story cards of the resolution and every
  question about them are ``you.secret``.
* Who is asked is public (at the table the holder answers aloud); what they
  are asked about is not.  Log lines never name a hidden card: laying a card
  is logged without its term.
* Physical autocomplete comes from the app's deck of the option ``language``
  (texts ``ui.terms_de``/``ui.terms_en``), only while telling; the name field
  of the resolution gets none (a list of candidates would turn recall into
  recognition), and neither field lets the browser suggest earlier entries.
* Confirmation before sending: laying a card in digital mode (one tap), a name,
  a pass, an answer, an appeal, conceding and the host's close; typing the
  term of a physical card is confirmation enough.
* Scores are cards taken; the winners are all with the most (all share when
  nobody took a card).

Explain mode (issue #29)
------------------------
``explain.py`` (pure; texts in ``texts_explain_en.py``/``texts_explain_de.py``,
merged into ``TEXTS``) says per step who must act and why: while telling,
the teller is told why a vivid link pays (how to lay it is the renderer's
step line, right below) and the others to remember the terms, the next teller that they
are next; while resolving, the player on turn what a name, a pass or a take
wins or risks, the others whom they wait for.  Decisions:

* ``now`` is built from the public view only: whose turn, the question's
  namer, word and asked seats, the appeal, the counts each player holds
  (public, so "only your own cards are left" is open); the table order is
  the order of ``public.scores``.  Being asked is said openly ("you must
  answer, hold the bar"), the card asked about only in ``secret``; a
  player's own cards of the story are ``secret`` too.
* The last turn of a circle is flagged: "one more turn without a card ends
  the story and its N untaken cards leave the game", and ``pass`` then says
  it ends the story.  An appeal open to a player who is not on turn is said
  to be optional ("the chance ends when X moves"); after a full circle the
  namer *must* decide (appeal or end the story).
* ``meaning.*`` only for events that decide something: a story told (now
  hidden), the resolution beginning, a name judged right/wrong, a near miss
  accepted or finally judged wrong, a failed appeal, a take, a story
  resolved, the end.  Not for ``story_start``/``deal``: they only follow
  a story's end in the same move (the table says the move's first decisive
  event).
"""
from .rules import GAME  # noqa: F401
