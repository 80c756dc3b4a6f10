"""Factum — the referee.  The decisions where the rulebook is silent:
docs/games/factum.md.

Players tell true stories from their lives and hold real picture cards; the
server keeps the teams, the captains, whose card lies at which position (each
contributor marks it on the phone), the secret team votes, the secret
best-story ballots, the title and the scores.

Steps (``state["phase"]``)::

    volunteer -> telling -> judge -> decide -> mark -> vote -> [best] -> volunteer ...
                                                                      -> over

Modules: ``rules`` (the Game: setup, templates, what an action changes),
``checks`` (every refusal, shared by ``apply`` and ``why_not``), ``roles``
(who is who this round), ``scoring`` (the reveal), ``view``, ``hidden``
(variants for the non-interference check), ``texts_en`` / ``texts_de``.

Decisions where the spec and the rulebook are silent (or that correct them)
---------------------------------------------------------------------------
* Team split: team A is the storyteller plus a random choice of the others
  (rejection sampling with the injected rng).  "The same split" means the
  same partition of the players into two groups, whatever the labels; with
  4+ players a different split always exists, so it is never repeated.
* ``told`` can only be pressed by the storyteller; the judge race starts
  after it.  The host may name the storyteller (``name_storyteller``) while
  the volunteer race is open and the judge (``name_judge``, a member of team
  B) while the judge race is open; the last storyteller cannot be named.
  Seat fields accept only a seat number (``true`` is not seat 1).
* Cards: confusing team A → the storyteller marks ``story`` and ``second``,
  every other member of A marks ``own``; confusing team B → the storyteller
  marks ``story``, every member of B including the judge marks ``own``.
  N = max(5, the players' cards); the rest come from the deck.
* Marking (issue #13, correcting "until the reveal" of the first spec):
  marks can be moved during the mark step only and are final once the
  guessing team's vote opens.  The guessers discuss aloud while they vote;
  a confuser who could still move a mark would put "their" card on the
  favoured position (even a deck card's) to collect the owner's +1.  The
  mark step ends by itself once every contributor has marked every card, or
  when the host closes it; a card unmarked then counts as a deck card (it
  gives nobody the owner's point).
* Mark templates: one per card, listing every position except where the
  seat's other card is marked — that depends on the seat's own secret, so
  the template is ``secret`` (the phone shows it only while the reveal
  control is held, which also keeps the tap itself from curious eyes).
  Positions another contributor marked stay listed (leaving them out would
  show them) and ``apply`` refuses them: "someone already marked that
  position — check the layout" (only contributors can learn that, and none
  of them guesses).  While a card is unmarked its template is ``required``;
  moving a marked card is optional.
* The host stops waiting for a seat at every step (issue #25): a race
  nobody presses is settled by naming the storyteller or the judge;
  ``close`` ends the other steps.  ``telling``: the story counts as told
  (the judge race opens).  ``decide``: the host enters what the judge said
  aloud (``guessers``; the log says the host decided, for the judge).
  ``mark``: unmarked cards count as deck cards; if the storyteller's story
  card is unmarked there is nothing to reveal, so the round is void:
  nobody scores, no best-story vote, the title stays where it was, no
  teller is barred from the next round (void changes nothing, issue #38),
  and the table marks the round void (``last.void``).  Naming a storyteller
  or judge is offered once the race has waited 30 s (or its timer ran out);
  ``close`` once the awaited phones were away 30 s or the timer ran out
  (issue #38, ``companion/host_powers.py``).
  ``vote`` / ``best``: as below.  ``close`` in the volunteer and judge
  races is refused (``nothing_to_close``).  A seat cannot leave a running
  game: the teams, the cards and the target are dealt for everyone (the
  host ends the game and starts the next one without them).
* Team vote and best-story ballot: ``required`` for each seat that owes
  one, ``secret`` (cast under the reveal control: the ballot is secret) and
  confirmed (an irreversible entry); a second ballot is refused.  The host
  closing a team vote with no votes at all is a tie among all positions
  (first time: revote among all; second time: chance).  The votes of a tied
  first ballot are public (they were revealed).  The volunteer and judge
  races are not ``required``: nobody owes a press.
* Scoring: the owner bonus goes to whoever marked the chosen (wrong) card; a
  deck card gives nobody a bonus.  The storyteller's second card is theirs.
* Best story: the ballots are secret for good ("heimlich", issue #13): the
  log and every view show the counts and the result, never who voted how;
  a voter sees their own ballot on the phone (under ``secret``) while the
  vote is open and keeps the private log line.  When the current teller
  already holds the title there is no vote and the title keeps its (older)
  story.  The first story holds the title without points; the first vote
  that someone wins (title or current story by more votes) gives that
  teller +3.  Later: current wins → +3 to its teller, the old holder loses 3
  (only if the title had given them 3); title wins or tie → nothing changes.
  Closing the vote by the host counts the votes in (0:0 is a tie).
* Round 1 has no best-story vote: its story takes the title (no points).
* The target is checked once per round after the best-story step (or after
  scoring when there is no vote); all seats with the highest score win.
* Races: the platform applies one room's actions one after the other, so the
  first accepted ``volunteer`` / ``judge`` wins; a later press is refused
  (``already_volunteered`` / ``judge_taken``) and changes nothing.  The
  table's "awaited" list is every eligible seat during the volunteer race and
  all of team B during the judge race.  Both races are ``required`` and
  ``race`` (issue #25): the game cannot go on until one of them presses, so
  each of their phones says "your move", names the others ("whoever is
  first counts") and the table says "whoever is first".
* A finished round's teams, reveal (every team vote, whose card lay where,
  points) and best-story counts stay public as ``public.last`` until the next
  volunteer; the round's data is only reset when the next round starts.
* Phones see their own marks and ballots under ``you.secret``; nobody sees
  another player's marks or unrevealed votes, not even the captains.
* Refusals: the game's codes and statuses are ``Factum.errors``; the shared
  ones (``wrong_step``, ``not_in_game``, ``no_such_seat``, ``missing_field``,
  ``invalid_field``, ``host_only``, ``game_over``) come from base.py.
* Option ``target`` is clamped to 5..50.

Explain mode (issue #29)
------------------------
``explain.py`` builds the lines; the texts are ``texts_explain_en`` /
``texts_explain_de`` (merged into ``TEXTS`` at the end of ``texts_en`` /
``texts_de``).  Decisions:

* ``now`` reads the public view, the seat number and ``waiting`` only.  In
  Factum the teams, the captains and who adds which cards are public, so a
  phone's ``now`` may name its role ("your team confuses", "you have seen
  the card: stay silent"); whether a seat has marked or voted comes from
  ``waiting`` (public), never from its secret templates.  Races (volunteer,
  judge) are said as a race ("press first"); talking to confuse is said as
  optional ("you may"), never as "your move".
* ``secret`` carries the seat's own marks (what each card can bring it:
  the storyteller's card is the one to find, an own/second card chosen by
  mistake gives +1), its team vote and its best-story ballot.
* ``moves``: ``close`` is explained per step (``explain.close.<step>``), a
  revote's ``vote`` names the tied positions, ``best`` names the two
  stories; every other type has its static ``explain.move.<type>``.
* The best-story stakes are said from ``public.title.points``: a title
  without points (the first story) gives +3 to whichever story wins; a
  title with points moves them.
* Meanings: ``decide``, ``marks_closed``, ``round_void``, ``tie``,
  ``tie_random``, ``right``, ``wrong``, ``first_title``, ``best_none``,
  ``best_current``, ``best_loses``, ``best_title_first``, ``best_keep``,
  ``game_over``.  ``round_end`` and ``best_start`` have none on purpose:
  they only follow the decisive events of their move (the table says the
  move's first decisive event).
"""
from .rules import GAME  # noqa: F401
