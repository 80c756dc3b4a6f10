"""What the Rule?! — the referee.  The decisions where the rulebook is silent,
and the action shapes: docs/games/what_the_rule.md.

A game master (GM) seals a secret rule; the others play real cards into a
correct row (or under it, when a card does not fit) and try to find the rule.
The server keeps the sealed rule, both rows, hand sizes, the draw pile,
turns, guesses, hints and scores.  A rule written in the rule language lets
the app judge every card, shown hand and guess — or be the GM itself.

Modules: ``rules`` (the Game: templates, what each action changes), ``flow``
(rounds, turns, scoring; documents the state), ``checks`` (every refusal,
shared by ``apply`` and ``why_not``), ``cards`` (the 72 cards), ``language``
(the rule language: grammar, meaning, limits), ``equivalence`` (when a guess
is the rule: the exact check, why it is fast, and the verdict as a game
master gives it), ``reading`` (how the app reads the start of the row, and
a row in words), ``deck`` (50 rules in three levels), ``view``, ``hidden``,
``texts_en``/``texts_de``.

Steps (``phase``)::

    rule -> turn -> (judge) -> guess | turn ...          -> rule (next round) | over
                 -> reveal -> (judge_reveal) -> guess | turn
    guess -> (judge_guess) -> turn | round end
    guess (the app says wrong, last turn, seated GM) -> overrule -> round end

Decisions where the spec and the rulebook are silent
----------------------------------------------------
* The game's name is ``what_the_rule`` (the package name the design lists).
* Players: 2–10 with a seated GM (rulebook); 1–10 with ``master: app``
  (playing alone against the app, as the publisher's online version does).
  Option ``rounds``: 0 means the spec's default (one per player with a
  seated GM, 3 with the app).  ``scoring`` is off with one or two seats.
* Round 1: every seat may seal or draw a rule; the first to do so is GM.
  The host may name a GM (``choose_gm``) in any round before the rule is
  sealed; later rounds pass the GM clockwise from the last one.
* Sealing starts the round at once (the log says how to deal); a sealed or
  drawn rule cannot be taken back or redrawn.  ``set_rule`` and ``guess``
  are one template each with two optional fields, ``text`` and ``rule``:
  exactly one must be written (both, or neither, is refused).  While the
  game waits for a rule, every seat that may give it has it ``required``
  (in the first round and with the app that is everyone).  A free-text rule is at most
  200 characters, a rule-language rule at most 300, and it must let some
  card fit at the start of the row (else nobody could ever play).
* ``draw_rule {"level"}``: a rule of that level not drawn before in this
  game, nor one a group would take for a rule drawn before (``deck.ALIKE``,
  issue #40: "only squares" in round 1, "the same shape as the card
  before" in round 3 looked dealt twice); once a level is used up, any of
  it again.  With the app as GM any
  seat or the host draws (choosing the level) to start a round; the level
  is public, the rule is not.  With the app, round r begins with seat
  number r of the table order (cyclically), so the start moves round the table.
* The rule language (see ``language``): the first card is free unless
  the rule says otherwise — a comparison with a card the row does not
  have yet is unknown, and a card fits unless the rule is false (Kleene's
  three-valued logic; ``prev == none`` is plainly true or false), for
  secret rules and guesses alike.  Besides the card and the one before it
  a rule may read the card two back (``prev2``), how many properties
  change (``changes``) and the row's total count with this card
  (``total``); ``n`` and ``total`` are never weighed against each other in
  one comparison.  ``%`` only by a constant 1..144; German words, plurals,
  ``= ≠ ≤ ≥`` and a final full stop accepted; ``count == 3 or 4`` is
  refused with the fix ``count in [3, 4]``.  The canonical (English) form
  of a rule is what is stored and sent; every page shows it in its own
  language's words (issue #40: ``ui.code_words``; log lines and refusals
  carry it as ``language.code_param``, which the texts word per viewer).
* Issue #38, the rules' edges.  No meaning of a missing card matches every
  group's reading (``prev == none and color == black or color != prev.color``
  lets a white first card through), so the app makes its reading visible
  and judges guesses as a game master does:

  - *The reading is visible.*  Under a rule typed or built in the rule
    language the phone reads back, before it is sealed, what it lets be
    the first card ("The first card: any card", "The first card: Count 1"),
    and for a rule that reads the card two back, the second ("The second
    card: Colour unlike the first card"); the phone computes it with the
    same steps as ``reading`` (a test runs both).  The table's rule reveal
    at a round's end says the same (also for a deck rule).  No new action:
    the seal flow is unchanged, the reading comes before the confirm.
  - *Guesses judged as a game master judges* (``equivalence.judge``): the
    two rules part ways only where one says "fits" and the other "does
    not"; where one of them reads a card the row does not have yet its
    answer is unknown, and a difference there (only possible at the first
    or second card) is no difference.  So for ``count == n % 6 + 1`` the
    guesses ``count == prev.count % 6 + 1`` and ``prev == none and count ==
    1 or count == prev.count % 6 + 1`` are right, and the log says why with
    the rule's first card in words ("By the rule, the first card: Count
    1."; ``guess_right_start``).  The situations compared are still those
    the *secret* rule reaches, so a guess that lets any card start is right
    for a rule that asks for one start ("only squares" and "the same shape
    as the card before" are one rule to this judge: the spec's words, and
    the issue's own example has that shape); everything else keeps the
    exact equivalence.  The app's "right" still cannot be overruled.
  - *Wrong guesses explained when it is safe.*  The walk that finds a
    guess wrong also finds where: the first row (shortest, then in a fixed
    order, so every server and every undo says the same) the secret rule
    allows and a card one rule says fits and the other does not.  It is
    kept hidden (``partings``, changed by ``hidden_variants``) and shown
    for each guess still wrong when the round ends, however it ends: in the
    log ("… part ways after 1, 2, 3, 4, 5, 6: 1 fits the rule, not the
    guess.") and on the table's rule reveal (the row and card drawn, the
    same words; ``results[].parted``).  A row is said by the one property
    the two rules read (a count as a number), by "any card" when they read
    none, else by full card names (which have no comma, so a row reads as
    a list); longer than six cards, by its length and last three cards.
  - *Dead rules refused.*  Sealing refuses a rule whose row can run dead
    anywhere it can reach (the whole walk, within the same budget as a
    guess's check): ``rule_nothing_fits`` (no first card), ``rule_no_second``
    (after some first card: named), ``rule_dead_end`` (after a longer row:
    named, with its length): ``n < 2``, ``total < 20``, ``total == count +
    prev.count`` are refused now; the deck's 50 rules seal.
* Issue #39, bounded work: every rule check of one action (parse and type
  check, the dead-row walk, the verdict on a guess, the reading) counts the
  operations it evaluates — every node of every situation — against one
  budget per action (``budget``: 800,000, at most about 180 ms of CPU here); past it the
  action is refused ``rule_too_complex`` before anything is stored.
* Cards are entered with four pickers, or (the spec's shape) as one
  ``card``: its code (``"circle-3-filled-white"``) or an object of its four
  fields; a count as a string, a bool, a fifth key is no card.  Hands are
  not stored (only their sizes); a card whose two copies already lie on the
  table is refused.  The contract: docs/games/what_the_rule.md.
* Showing a hand: ``reveal {"cards": [...]}`` sends the whole hand at once
  (codes or objects, mixed; exactly as many as the hand holds, each one of
  the 72, no more copies of one than the box holds beside the table — so a
  hand may hold both copies).  The older way stays: ``reveal``, then one
  ``reveal_card`` per card (which also takes ``card``).  The phone draws a
  grid of the 72 faces (one tap per card, a chosen strip to take one back).
  The app then puts one of the distinct fitting shown cards into the row,
  drawn with the move's seeded ``rng`` (an undo replays the same draw: no
  fishing); a seated GM judging free text picks one of the shown cards, or
  "none".  No card fits: the hand goes under the draw pile, the player
  draws one fewer and may guess.
* Judging: a free-text rule is judged by the GM (cards, shown hands,
  guesses).  A rule-language or deck rule is judged by the app; a guess in
  free text is still judged by the GM (seated GM only).  After the app
  judged a rule-language guess wrong, the seated GM may ``overrule`` it
  (the guess counts as right and ends the round) until the next player
  plays or shows a hand; the app's "right" cannot be overruled.  When that
  wrong guess came with the player's last card (or the pile is empty), the round does not end at once: it waits (phase ``overrule``, the
  GM's templates required) for the GM to ``overrule`` or ``let_stand``
  (the app's "wrong" stands, the round ends as it would have).  The host
  can stop waiting (``close {"step": "overrule"}``, with a confirm): the
  app's verdict stands, as with ``let_stand`` (a GM who is gone cannot be
  asked; the app did judge the guess).  With the app as GM nobody could
  overrule, so the round ends at once.
* Hints (seated GM only): between turns any seat may propose hints (which
  counts as agreeing); every seat, GM included, then owes a yes/no, and one
  "no" ends the vote.  While a vote is open or a hint is announced, play
  waits.  The GM announces a hint; any player may object until the GM
  gives it (typed hints appear on the table).  The host can stop waiting
  for a vote or an announced hint (``close {"step": "hints" | "hint"}``).
  Hints hold for the rest of the round; the guesser gets +2 instead of +5
  once at least one hint was given.
* A turn counts (for "every player had two turns") when the player plays,
  shows a hand, or is skipped by the host (issue #38: the rulebook's "bevor
  jeder Spieler mindestens zwei Mal an der Reihe war": a skipped player was
  on turn).  "Cards played" counts the correct row and the wrong cards;
  shown hands that went under the pile do not count.  The round-end checks
  (no cards left, empty pile) come after the player's guess.
* ``void_round`` (host): the round ends unscored and still counts as one of
  the rounds; the GM passes on.  Like ``close`` it skips seats, so it needs
  a cause (``companion/host_powers.py``, issue #38): the awaited phones away
  30 s, or the step's timer ran out.
* Stopping waiting for a seat (issue #25): the player on turn (to play, or
  to guess after a card) is skipped by ``close {"step": "turn"}`` (the
  next player is on turn; the skipped turn counts as one of their turns); a seated GM who is gone while a card, guess or hand waits for
  their judgement: ``void_round`` (nobody else knows the rule).  A seat
  cannot leave a running round: its hand and the GM's rule are part of it
  (the host ends the game and starts the next one without it).
* Without points the seats' score column counts the rules each player found,
  and whoever found the most wins (nobody, if no rule was found).  With
  points, the highest total wins; equal highest share.
* Sealing, drawing, showing a hand, guessing, judging, overruling,
  letting the app's verdict stand and voiding ask the phone to confirm;
  hints and objections do not, nor does playing a card (issue #40: the
  four pickers draw the card above the button that plays it, so a second
  tap to confirm added nothing).
* Every end of a round shows the rule (log line ``rule_was_*`` and the
  result in the public view): guessed, empty hand, empty pile, void, the
  host ending the game, and after the overrule step.
* Typed text (rule, guess, hint) with control characters, direction marks
  or a byte-order mark is refused (``odd_char``): they could hide or
  reorder what the others read.
* The last round's rows stay on the table (with its revealed rule) until
  the next rule is sealed.  Guesses are listed per round.
* The tablet draws the row's last seven places in large cards (nine in
  smaller ones beside more than six seats), "+n earlier" as the row's first
  place.  Issue #40 asked why; kept: the real cards lie in a real row on
  the table, the tablet mirrors the newest of them large enough to read
  from across the room and fits 1280×800 without scrolling; every card
  played is in the log.
* Rule-language fields carry ``examples`` (a fixed list of sample rules,
  the same in every view): the phone shows them, random play can send them.

Explain mode (issue #29)
------------------------
``explain`` (pure functions; texts in ``texts_explain_en``/``_de``) picks
one line per step (``phase``; in ``turn`` also: hints vote open, hint
announced, an overrule still open) and per viewer: the game master
(``.gm``), the player the step is about (``.own``: on turn, guessing,
showing a hand), everyone else (``.wait``) and the table; a second
sentence says what is at stake (the bonus of a right guess, 5 or 2 once a
hint was given; "a rule found" without points; how the round ends and the
pile left).  Being game master or on turn is public at this table, so
``now`` may use it; the sealed rule is read only by ``secret`` (the seated
game master's lines under the reveal: the rule, and what to check it
against in this step).  Options the game does not wait for (proposing
hints, objecting, the game master's overrule before the next play) say
"optional".  Guesses are explained by who judges them: the app (rule
language), the game master (own words), or both (a rule-language rule with
a seated game master).  ``meaning.*`` covers the events that decide
something: a card judged, a shown hand judged, a guess judged or
overruled, hints agreed/refused/given, a skipped turn, every end of a
round, the game master's (halved) points and the end of the game; the
round-points lines share one meaning (the scoring formula), and
``next_round`` has none, so the tablet keeps showing why the game master
scored as they did.  Typical refusals (a lost race for the first rule, a
wrong moment, the rule-language-only guess with the app) have an
``explain.instead`` line.
"""
from .rules import GAME  # noqa: F401
