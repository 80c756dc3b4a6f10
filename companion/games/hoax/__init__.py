"""Die Erben von HOAX — the referee.  The decisions where the rulebook is
silent: docs/games/hoax.md (the rulebook's sections are cited as §n).

Every player holds a secret identity and claims identities to act (§3) and
react (§4); anyone may doubt a claim (§4.5), buy information about another
player (§3.8) or accuse them (§3.9).  The last two of a round play the final
(§7); whoever first has 10 throne points wins (§9).  The server keeps only
what is hidden (identities, what was shown to whom, the guessed identity of
an accusation) and the throne points; chips and trios stay physical and the
log tells the table what to do with them.

Modules: ``rules`` (the Game, start covers, the turn's actions), ``reactions``,
``doubts``, ``claims`` (covering and voiding, with their cascade), ``rounds``
(points, final, new round, the original HOAX's end), ``second`` (the second
identity), ``common`` (identities and shared checks), ``view``, ``hidden``
(non-interference variants), ``texts_en``/``texts_de``.

Options (all off by default): ``strict_doubt`` (§12.2), ``large_group``
(§13.4), ``original_hoax`` (§12.1) and ``second_identity`` (§12.3); each
has ``option.<name>`` and a one-line ``option.<name>.help`` in both
languages.  Their decisions are at the end of this docstring.
Every refusal comes from one check function per action type; ``apply`` and
``why_not`` both run it, so what the phone is told and what apply does can
never disagree.

How the turn passes (decision)
------------------------------
A turn opens when ``to_move`` takes an action (``claim``, ``buy_info`` or
``accuse``); ``to_move`` then passes at once to the next player in table
order who is still in the round.  The turn stays open for reactions and doubts
until that next player takes *their* action: their action closes the old turn
(its claims leave the table) and opens the new one.  Nobody has to "pass".
While a doubt is open or an information purchase waits for its answer, the
game is paused: only the actions belonging to that step are possible (and
the host's ``close``).

What the phone is waiting for (``required``)
--------------------------------------------
The start ``cover`` of a seat that has not covered yet, the turn's action of
the seat on turn (``claim``, ``buy_info``, ``accuse``), the answer ``show``
to an information purchase, and the answers (``doubt`` / ``decline``) to an
open doubt by every player who has not answered it: the game is paused until
the doubt is decided.  Raising a doubt, ``withdraw`` and every reaction are
optional.

Templates that could give an identity away (decision, issue #25)
-----------------------------------------------------------------
The covers (the start ``cover`` and a cover on a second identity card) and
the accusation (``accuse``: whom, and as what) are secret acts: the phone
offers them only under its reveal, picked with the thumb that holds it.
So the covers' lists may leave out the player's own identity (a cover of
it is refused: ``cover_own``), and no tap on one's own identity can flash
a refusal that tells onlookers who one is.  An accusation may name any
identity the target has not covered, one's own included (issue #38: the
rulebook's "Da von jeder Identität zwei Karten im Spiel sind, kann es
vorkommen, daß ein anderer die gleiche Identität besitzt wie man
selbst"); the identity an accuser names is never shown on the open
screen.
``show`` (the answer to an information purchase) is secret too: its list
leaves the target's own identity out, and the phone picks its *n*
identities one gesture each (then confirms); ``apply`` still refuses one's
own identity from an API client (``show_own``).  The host's ``close``
picks only allowed identities.
Every claim asks to confirm (issue #45), the turn's personal action and
each reaction (``illegal``, ``fine``, ``indulgence``, ``immunize``) alike:
the phone picks it one tap per value and its last tap asks one question
that says the whole claim as the table will show it.

Decisions where the spec is silent
----------------------------------
* Doubting again: a claim whose doubt collapsed because too many declined
  cannot be doubted again (the table has voted).  A claim whose doubt was
  withdrawn by its raiser or closed by the host can be doubted anew by anyone
  else still in the round — except a player who withdrew a doubt against it
  (they took it back; this also keeps raise-withdraw from looping).
* A player revealed by a wrong doubt has been proven to be that identity:
  their other standing claims of the open turn (as other identities) are
  void, each with its own log line and its cascade — as when a player covers
  an identity.  (In the final a wrong doubt ends the round, so nothing is
  left to void.)
* Points in the final: the final's +3 is booked first, then the accusation's
  bonus: a right accusation's +1, or a fended-off accusation's +1, which is
  dropped if it would be the 10th point.  A 9-point player who wins the final
  by accusation ends on 12.  A player wrongly doubted in the final gets the
  doubt's +3 when it is decided and then the final's +3 (both count and
  neither is ever dropped, so their order changes nothing).  The loser's +1
  is never the 10th point.
* An accusation of an identity the target has covered is refused
  (``accuse_covered``): covers are public and truthful, so it could only be
  wrong — a mis-tap, not a move.  The ``accuse`` template does not offer
  them.  The guessed identity of an accusation is secret to accuser and
  target (the card goes face down, §3.9); the table learns only right or
  wrong.
* ``illegal`` and ``fine`` need the turn's player to be still in the round
  (a player who left has given all chips away); ``illegal`` also needs the
  turn's action not to be void.
* A reaction that is later voided by a right doubt still counts as the
  player's one-of-three (illegal / fine / indulgence) for that turn.
* ``immunize {"against": "action" | "sentence"}``: against the action (tax,
  collection, trade with a player, enchantment — for the players it hits) or,
  for the turn's player, against every fine and indulgence of the turn.  The
  template is offered again only after the earlier immunization was voided.
* A void personal action takes down every illegal declaration against it
  (then, as the spec says, fines without an illegal, indulgences without a
  fine, immunizations against the void action or the void fines), one log
  line each.
* When a player covers an identity (right doubt, §11 open information, the
  automatic covers of the final, information bought in the final), every
  standing claim of that player as that identity in the open turn is void
  too (they have been proven not to be it), each with its own log line.
* ``buy_info`` asks for 1..5 trios (nobody can show more than 5).  If the
  target has fewer identities left to show, the log says how many trios go
  back; with none left the purchase is over at once.
* While an information purchase waits for the answer, everything else waits.
* The host's ``close`` (issue #38: only once the awaited phones were away
  30 s or the step's timer ran out, ``companion/host_powers.py``; so no
  free pass for a player at the table, the host's own seat included):
  unfinished start covers and an unanswered ``show``
  are chosen at random from the allowed identities; an open doubt ends as
  "closed" (see doubting again); ``turn`` (issue #25) skips the player on
  turn when nothing else waits (the next player in the round is on turn;
  the open turn's claims stay until that player acts).  So the host can
  stop waiting for every seat at every step.  A seat cannot leave a
  running game: every round deals an identity to every seat and the
  doubt counts depend on who is in (the host ends the game and starts the
  next one without them).
* ``large_group``: 28 cards (every identity four times), up to 14 players and
  four doubters always suffice; §11 needs all four copies revealed.  The other
  points of §13.4 are table arrangements the server does not need.
* ``first``: the first round's start player (``"random"`` or a seat).
* Game over (10 points): every identity of the round is shown on the table.
* Error parameters use the same ``seat(n)`` / ``txt(key)`` markers as log
  events (e.g. ``error.identity_covered`` with ``identity=txt("value.baron")``).
  Refusals the platform shares use its codes (``not_your_turn``,
  ``not_in_game`` for a player out of the round, ``no_such_seat``,
  ``invalid_field``, ``game_over``, ``host_only``).
* The cards not dealt stay in the state (``undealt``, in their shuffled
  order; in no view, also not after the game): the second identity draws
  from them, and the non-interference variants swap them in.

Explain mode (issue #29)
------------------------
``explain.py`` builds the lines; the texts are in ``texts_explain_en`` /
``texts_explain_de`` (merged into ``texts_en`` / ``texts_de``).  Decisions:

* ``now`` is built from the public view and the seat only: whether a seat
  still owes its start cover comes from ``players[].covered``, never from
  its (secret) cover template; the claimed identity of a doubted claim is
  public, whether it is true is not.  ``secret`` carries the identity and
  what it means at this step (a true claim's reward, "you are not the Monk:
  you would cover it", what not to show), and a claim the viewer's notebook
  already disproves ("a doubt against #7 would be right").
* The stakes of a doubt are said in every doubt line, per variant: +3 and
  out; +2 and a new card (second identity, first time); the claimant wins
  (original HOAX).  In the final a doubt is never open (it goes through at
  once), so the final's warning sits in the turn lines and the doubt move.
* Meanings (``meaning.<event>``) are written to stay true in every variant
  (the accusation's meaning names no points: the original HOAX has none, a
  fended-off accusation's +1 may be dropped; the table's own news line
  shows the points).  ``points`` has no meaning of its own: it only
  follows the accusation or the doubt that scored.
* Resources in running text use ``explain.res.<r>`` (lower case in English).

The original HOAX of 1981 (``original_hoax``, §12.1)
----------------------------------------------------
* §12.1.1: the Trader's cards are not in the deck (12 cards, 24 with
  ``large_group``); every player has the Trader covered from the deal, there
  are no start covers and play begins at once.  Claiming, showing or
  accusing the Trader is refused like any covered identity.
* §12.1.2: one game is one round: no throne points (``scores`` is empty),
  no final, no new round.  A player who is the last one left wins (the
  accusations remove players), or the first player against whom a doubt
  goes through while they really are that identity wins at once; then every
  identity is shown.  With two players left play simply goes on (a doubt
  then needs only its raiser, half of two).
* §12.1.3: every player still in the game may ``accuse`` whenever the game
  does not wait for something else (an open doubt, an information answer)
  — before their own personal action too, and during another player's
  turn.  An accusation neither opens nor closes a turn: the turn's player
  keeps it, the seat on turn still owes its personal action.  It is never
  ``required``.
* §12.1.4: the turn's ``required`` action is the personal action
  (``claim``).  After it, while the turn is open (until the next player
  acts), the turn's player may ``buy_info`` once (one purchase of 1 to 5
  trios about one player), not before it ("zusätzlich": the action comes
  first, so the turn's reactions stay aimed at the personal action).  The
  purchase does not pass the turn; the answer is awaited as usual.
* §12.1.5: a doubt that goes through voids the claim (with what stood on
  it) and every other standing claim of the claimant as that identity in
  the open turn, and covers nothing: the log line ("remember it!") and,
  while the turn is open, the claim's doubt on the table are all the table
  keeps; the phones' "may still be" does not change, and the player may
  claim that identity again.
* §12.1.6: illegal, fine and indulgence may be combined: each of them once
  per player and turn (Gregor may declare an action illegal, fine it and
  offer the indulgence).  The other limits stay: not against one's own
  action, not oneself, a fine needs an illegal declaration, an indulgence a
  fine (``reaction_repeat`` refuses the same reaction twice).
* ``strict_doubt`` and ``large_group`` combine with it; ``second_identity``
  does not (see below).

The second identity (``second_identity``, §12.3)
------------------------------------------------
* 3 or 4 players (``player_range``, also with ``large_group``): a fifth
  cannot join, fewer than three cannot start.  Together with
  ``original_hoax`` the start is refused (``variants_clash``): the original
  has no throne points, and there a wrong doubt wins the game.
* "The first time in a round": counted per round (``second`` is emptied at
  every deal).  The doubted player shows the card (public as
  ``first_identity``; it counts for §11), gets the 2 points (which may be
  the 10th and win, like the usual 3), and stays in the round with the top
  card of the undealt ones as their new identity — a private log line tells
  them which; no other view ever holds it.
* The new card starts bare: every identity all cards of which are on the
  table (§11) is covered on it at once, and the player covers more, one
  ``cover`` at a time, until they have as many as they had covered when the
  doubt was decided.  The game waits for these covers (``required``; the
  template lists every identity not covered yet, one's own included, like
  the start cover; the host's ``close`` picks at random).
* What the player showed others was about the old card and no longer counts
  (the buyers' notebooks drop it, the final's automatic covers ignore it, a
  new purchase may show it again); what they were shown stays theirs.
* Their standing claims of the open turn as other identities are void (as
  in the base game).  Their claims as the old identity — the proven one
  included — stand, and no cover of the new card voids them: they were
  made with the first card, which the table has seen.
* In the final a wrong doubt ends the final as §7 says: the doubted
  finalist gets 2 (the first time in the round) or 3, then the final's +3;
  no new card is drawn (the round is over).
* A second wrong doubt in the same round: +3 and out, as usual.
"""
from .rules import GAME  # noqa: F401
