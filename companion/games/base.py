"""The interface every game implements, and the helpers they share.

A game is pure Python: state in, state out, randomness injected.  The
platform (companion/service.py and the modules it names) owns rooms, seats,
tokens, the log, undo and persistence; a game owns only its rules.

Conventions
-----------
* ``seats`` are the public seat numbers of the room, passed to ``setup`` in
  clockwise table order.  Games use these numbers everywhere (state, actions,
  views, events), never positions 0..n-1.
* ``actor`` is a seat number, or ``HOST`` for the host token (the tablet).
* State is plain JSON data (dicts, lists, str, int, bool, None).  The platform
  hands ``apply`` a deep copy, so a game may mutate the state it receives and
  return it; a raised ``Illegal`` discards the copy (a refused action changes
  nothing).
* A game declares its moves once, in one map at the end of its rules
  module (after the class: ``<Game>.moves = {type: Move(...), ...}``):
  each action type names its ``Move``, which holds the move's ``apply``
  ``(state, actor, action, rng) -> events`` (changes ``state`` in place, the
  platform's copy, and returns the move's log events), its ``check``
  ``(state, actor, action) -> Illegal | None`` (the move's own refusal,
  pure), who makes it (``by``: ``"seat"``, ``"host"`` or ``"both"``) and
  whether the rules make the choice face down (``secret``).  Everything
  else is derived from that map: ``action_types``, ``secret_choices``, the
  one ``why_not`` (the game's ``refusal_first`` for what every move shares,
  such as the game being over or a seat pressing the host's button, then
  the move's ``check``) and ``apply`` (``why_not`` first, then the move;
  boardgame.io's moves map).  Move and check are plain functions of the
  rules module, never methods.  A move returns its events (the shape
  three of the five games had; steps that continue one another may still
  pass a list along inside a move).  An event is ``ev(key, to=None,
  **params)``: ``key`` is looked up as ``"log.<key>"`` in the game's ``texts``;
  ``to`` is None for a public line or a list of seats for a private one.
  Parameter values may be ``seat(n)`` (rendered as the player's current name),
  ``txt(key)`` (a translated text of the game, e.g. ``txt("value.baron")``), a
  list of those (joined with ", "), or plain str/int.
* Action templates (what ``actions`` returns) are
  ``{"type": t, "fields": {name: spec}}`` where spec is a list of allowed
  values, or ``{"kind": "text", "max": n, "min": m?, "optional": bool?}``,
  ``{"kind": "int", "min": a, "max": b}``, (a text field may carry
  ``"examples"``: sample entries the phone offers to tap), ``{"kind": "subset", "of": [...],
  "size": k}`` (or ``"min"``/``"max"`` instead of ``size``), ``{"kind": "list",
  "of": spec, "size": k}`` (or ``"min"``/``"max"``: a list of values each
  admitted by ``spec``, repeats allowed) and ``{"kind": "either", "of": [spec,
  ...]}`` (a value any one of the specs admits; the first is the usual form) and
  ``{"kind": "joined", "of": [[...], [...], ...], "sep": "-"}`` (a text of one
  value of each list in turn, joined by ``sep``: What the Rule?!'s 72 card
  codes "circle-3-filled-white" as four short lists; no value holds ``sep``).  The platform
  refuses any action no template admits (see ``match_action``) before calling
  ``apply``, so ``apply`` may assume the fields are of the listed shape; it
  must still enforce every rule that the templates do not express.  A
  template may carry ``"confirm": true`` (the phone asks before sending: any
  irreversible entry), ``"required": true`` (the game waits for this seat:
  "your move") and ``"secret": true`` (shown only while the reveal control
  is held, and chosen there).  A template is secret for one of two reasons,
  declared apart: ``"secret_act": true``, the rules make this choice face
  down, so nobody may see which value is picked (a guess tile, a ballot, a
  covered card) whatever the values are; ``"secret_values": true``, the
  allowed values themselves depend on the seat's secret (its own cards or
  identities).  ``secret`` is true when either is.  A move declared
  ``Move(..., secret=True)`` is made face down by the rules: its templates
  are ``secret_act`` (the conformance suite checks it) and the one-thumb
  browser test makes each of them (``Game.secret_choices``).
* Refusals: ``Illegal(code, **params)``; the code's status comes from
  ``SHARED_ERRORS`` or the game's ``errors`` table.  When no template admits
  an action the platform asks ``why_not`` (never ``apply``) for the reason.
  ``apply`` raises what ``why_not`` returns, so a phone is told the same
  reason either way.
* ``view(state, seat)`` returns ``{"you": {...} | None, "public": {...}}``;
  ``seat`` None is the table.  Anything under ``you["secret"]`` is shown on
  the phone only while the player holds the reveal button.  A view must hold
  nothing that viewer could not see at the real table.
* A game declares its secrets once (issue #46), next to its rules:
  ``<Game>.secrets = (Secret(path, hidden, ...), ...)``.  ``path`` is a
  dotted path into the state (``"letters.*"``; ``*`` is any key or index,
  ``-1`` the last item of a list); ``hidden`` says from whom: ``"seat"``
  (the entry under the path's first ``*`` belongs to that seat: hidden
  from every other seat and from the table), ``"everyone"`` (every seat
  and the table) or ``"table"`` (only the table's screen).  ``known_by``
  (state -> seats) names seats that know it anyway (a seated game master),
  ``when`` (state -> bool) when it is secret at all (before a reveal),
  ``owner`` (state, path -> seat) whose it is when no ``*`` says so (a
  card's holder),
  ``values`` the values an entry may take (so the suite can change one and
  tell a count), ``order`` that the order of a list or string is the
  secret (a deck), ``owner_open`` that its owner's phone may show it on
  the open screen (a choice already made, shown to its maker; default:
  only under ``you["secret"]`` and explain's ``secret``).  Whatever no
  secret names is public.  The conformance suite
  (tests/conformance/test_secrets_declared.py) proves the declaration:
  ``hidden_variants`` must change every declared secret somewhere and
  nothing else; changing one declared secret alone (two entries
  exchanged, an entry set to another of its ``values``, a list reordered)
  must leave every viewer it is hidden from the same view, actions and
  explanation, and its owner the same open screen; a face-down move
  (``Move.secret``) must land in a declared secret and tell nobody else
  its value in the log.  See docs/GAME_KIT.md.
* ``texts`` is ``{"en": {...}, "de": {...}}`` with keys ``title``,
  ``action.<type>``, ``field.<name>``, ``value.<value>``, ``log.<key>``,
  ``error.<code>`` and anything the game's own renderer wants.  Templates use
  ``str.format`` with named parameters.
* A game is its package ``companion/games/<name>/`` (its module docstring
  points to ``docs/games/<name>.md``, the decisions where the rulebook is
  silent) plus its static files: ``companion/static/games/<name>.js`` (the
  renderer) and ``companion/static/games/<name>.css`` (its board's styles);
  nothing else names it.
"""
from __future__ import annotations

import functools
import pickle
import random
from dataclasses import dataclass
from typing import Any, Callable

HOST = "host"


#: Refusal codes every game shares, with their HTTP status.  Their messages
#: live in the platform catalogue (``error.<code>``); a game lists its own
#: codes in ``Game.errors``.
SHARED_ERRORS: dict[str, int] = {
    "not_your_turn": 409,   # another seat must act first
    "not_in_game": 403,     # the actor has no part in this game (or round)
    "no_such_seat": 422,    # a seat field names nobody at this table
    "wrong_step": 409,      # the action belongs to another step of the game
    "missing_field": 422,   # a required field is missing ({field})
    "invalid_field": 422,   # a field's value is not allowed ({field})
    "too_long": 422,        # a text longer than its field takes ({field}, {max})
    "game_over": 409,
    "player_count": 409,    # {min} to {max} players ({count})
    "host_only": 403,
}


class Illegal(Exception):
    """A move the rules refuse.  ``code`` is stable and listed in
    ``SHARED_ERRORS`` or the game's ``errors`` table, which also gives its
    status (409: the rules do not allow it now; 422: a field value is
    invalid; 403: this seat may not do that).  The message comes from
    ``texts["error.<code>"]`` formatted with ``params``.  ``status`` may
    still be given explicitly; then it wins over the table."""

    def __init__(self, code: str, status: int | None = None, **params: Any):
        super().__init__(code)
        self.code = code
        self.status = status
        self.params = params


def not_your_turn(**params: Any) -> Illegal:
    return Illegal("not_your_turn", **params)


def not_in_game(**params: Any) -> Illegal:
    return Illegal("not_in_game", **params)


def no_such_seat(**params: Any) -> Illegal:
    return Illegal("no_such_seat", **params)


def wrong_step(**params: Any) -> Illegal:
    return Illegal("wrong_step", **params)


def ev(key: str, to: list[int] | None = None, **params: Any) -> dict:
    """A log event of the game (see the module docstring)."""
    return {"key": key, "params": params, "to": to}


def seat(n: int) -> dict:
    """A log parameter rendered as the current name of seat ``n``."""
    return {"seat": n}


def txt(key: str) -> dict:
    """A log parameter rendered as the game's translated text ``key``."""
    return {"text": key}


def line(key: str, **params: Any) -> tuple[str, dict]:
    """A line of explain mode (``Game.explain``): a text key and its
    parameters (as a log event's)."""
    return key, params


def template(type_: str, confirm: bool = False, required: bool = False,
             secret: bool = False, race: bool = False, secret_act: bool = False,
             **fields: Any) -> dict:
    """An action template; fields given as keyword arguments.  ``confirm``:
    the phone asks before sending.  ``required``: the game waits for this
    seat (the phone says "your move" and vibrates); optional reactions leave
    it False.  ``race`` (with ``required``): the game waits for any one of
    the seats offered it, not each (the first to press wins).  ``secret``:
    the allowed values depend on the seat's secret (``secret_values`` on the
    wire).  ``secret_act``: the rules make the choice face down, so nobody
    may see which value is picked, whatever the values.  Either puts the
    template behind the reveal (``secret`` on the wire): the phone offers it
    only while the reveal control is held, and it is picked there."""
    out: dict[str, Any] = {"type": type_, "fields": fields}
    if confirm:
        out["confirm"] = True
    if required:
        out["required"] = True
        if race:
            out["race"] = True
    if secret or secret_act:
        out["secret"] = True
    if secret_act:
        out["secret_act"] = True
    if secret:
        out["secret_values"] = True
    return out


def no_objection(state: dict, actor: Any, action: dict) -> None:
    """The check of a move whose rules object to nothing beyond its templates."""
    return None


@dataclass(frozen=True)
class Move:
    """One action type of a game (see the module docstring): ``apply``
    changes the state and returns the log events, ``check`` is the move's
    own refusal (None: the rules allow it), ``by`` who makes it
    (``"seat"``, ``"host"`` or ``"both"``), ``secret`` whether the rules
    make the choice face down."""
    apply: Callable[[dict, Any, dict, random.Random], list[dict]]
    check: Callable[[dict, Any, dict], Illegal | None] = no_objection
    by: str = "seat"
    secret: bool = False


@dataclass(frozen=True)
class Secret:
    """One part of the state that some viewers may not know (see the module
    docstring): ``path`` into the state, ``hidden`` from whom (``"seat"``:
    every viewer but the entry's owner, the seat under the first ``*`` or
    ``owner(state, path)``; ``"everyone"``; ``"table"``), ``known_by`` seats
    that know it anyway, ``when`` it is secret, ``values`` an entry may
    take, ``order`` (the order is the secret), ``owner_open`` (its owner
    may see it on the open screen).  ``when``, ``known_by`` and ``owner``
    take ``(state)`` or ``(state, path)``, path the entry's keys."""
    path: str
    hidden: str = "seat"
    known_by: Callable[..., Any] | None = None
    when: Callable[..., bool] | None = None
    values: tuple = ()
    order: bool = False
    owner_open: bool = False
    owner: Callable[..., Any] | None = None

    def __post_init__(self) -> None:
        if self.hidden not in ("seat", "everyone", "table"):
            raise ValueError(f"Secret {self.path}: hidden must be seat, everyone or table")
        if self.hidden == "seat" and self.owner is None and "*" not in self.path.split("."):
            raise ValueError(f"Secret {self.path}: a seat's secret needs a * for the seat or an owner")

    def owner_of(self, state: dict, path: tuple) -> int | None:
        """The seat an entry (a concrete path) belongs to, for ``"seat"``."""
        if self.hidden != "seat":
            return None
        if self.owner is not None:
            return _call(self.owner, state, path)
        key = path[self.path.split(".").index("*")]
        try:
            return int(key)
        except (TypeError, ValueError):
            return None

    def hidden_from(self, state: dict, path: tuple, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, None the table) may not know the
        entry at ``path`` now."""
        if self.when is not None and not _call(self.when, state, path):
            return False
        if (viewer is not None and self.known_by is not None
                and viewer in set(_call(self.known_by, state, path) or ())):
            return False
        if self.hidden == "table":
            return viewer is None
        if self.hidden == "everyone":
            return True
        return viewer is None or viewer != self.owner_of(state, path)

    def entries(self, state: dict) -> list[tuple[tuple, Any]]:
        """Every ``(path, value)`` the pattern matches in ``state``."""
        return list(_match(state, self.path.split("."), ()))


def _call(f: Callable[..., Any], state: dict, path: tuple) -> Any:
    """``f(state, path)`` or ``f(state)``, as ``f`` is declared."""
    return f(state, path) if _arity(f) >= 2 else f(state)


@dataclass(frozen=True)
class Rulebook:
    """Sentences of the game's printed rulebook that explain mode must never
    contradict (tests/conformance/test_explain_rulebook.py): ``file`` the
    German original's file name (the quotes are checked against it where
    the rulebooks are at hand), ``rules`` a
    list of ``{"quote": the sentence word for word, "means": how the referee
    applies it, "never": {lang: [regex, …]} no explain text or line may
    match, "allowed"?: texts only for viewers it does not bind, "bound"?:
    (view, viewer) -> bool, the viewers it binds}``."""
    file: str
    rules: list


#: a game with no printed rulebook declares so (``Game.rulebook``)
NO_RULEBOOK = Rulebook("", [])


@functools.cache
def _arity(f: Callable[..., Any]) -> int:
    import inspect
    try:
        return len(inspect.signature(f).parameters)
    except (TypeError, ValueError):
        return 1


def _match(value: Any, parts: list[str], at: tuple):
    if not parts:
        yield at, value
        return
    head, rest = parts[0], parts[1:]
    if isinstance(value, dict):
        keys = list(value) if head == "*" else [head] if head in value else []
    elif isinstance(value, list):
        if head == "*":
            keys = list(range(len(value)))
        else:
            try:
                index = int(head)
            except ValueError:
                return
            keys = [index % len(value)] if -len(value) <= index < len(value) else []
    else:
        return
    for k in keys:
        yield from _match(value[k], rest, at + (k,))


def secret_entries(secrets: tuple, state: dict, viewer: int | None) -> list[tuple[Secret, tuple, Any]]:
    """The entries of declared ``secrets`` hidden from ``viewer`` in
    ``state``: ``(secret, path, value)``."""
    return [(secret, path, value) for secret in secrets
            for path, value in secret.entries(state) if secret.hidden_from(state, path, viewer)]


def copied(state: Any) -> Any:
    """A deep copy of a game's state (plain data: what the store keeps as
    JSON), as copy.deepcopy makes it, in a third of its time: hidden
    variants and the conformance suite copy states by the ten thousand."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def get_path(state: Any, path: tuple) -> Any:
    for k in path:
        state = state[k]
    return state


def set_path(state: Any, path: tuple, value: Any) -> None:
    for k in path[:-1]:
        state = state[k]
    state[path[-1]] = value


class Game:
    """Base class: override what the game needs.

    A game is a package ``companion/games/<name>/`` whose ``__init__``
    exposes ``GAME``; rules, view and texts (one file per language) sit in
    their own modules.  It is found by discovery and checked by the
    conformance suite (tests/conformance) without any list to edit."""

    name = ""
    min_players = 2
    max_players = 12
    #: option schema for /api/games and the create page:
    #: [{"name", "kind": "bool"|"int"|"choice", "default", "min"?, "max"?, "choices"?}]
    options_schema: list[dict] = []
    texts: dict[str, dict[str, str]] = {"en": {}, "de": {}}
    #: the game's moves, declared once: action type -> ``Move`` (seat
    #: actions and the host's game actions such as ``close``)
    moves: dict[str, Move] = {}
    #: the game's secrets, declared once (``Secret``; issue #46): the
    #: conformance suite checks ``hidden_variants`` and the views against it
    secrets: tuple[Secret, ...] = ()
    #: the printed rulebook's sentences explain mode must not contradict
    #: (``Rulebook``), or ``NO_RULEBOOK``; None: not declared yet (fails)
    rulebook: Rulebook | None = None
    #: the game's own refusal codes and their status (see ``SHARED_ERRORS``)
    errors: dict[str, int] = {}
    #: the host's game tools that skip a seat or act for it (issue #38):
    #: they work only with a cause (``companion/host_powers.py``: the awaited
    #: phones away, the step's timer out, a race unanswered)
    host_skips: frozenset[str] = frozenset({"close"})
    #: fields whose values are seat numbers (the phone shows names)
    seat_fields: frozenset[str] = frozenset({"target", "seat"})
    #: fields whose string values are shown as they are (a story's terms,
    #: a player's own words); every other string value has a ``value.<v>``
    #: text in both languages
    literal_fields: frozenset[str] = frozenset()

    def player_range(self, options: dict) -> tuple[int, int]:
        return self.min_players, self.max_players

    def start_fields(self, seats: list[int], options: dict) -> dict:
        """Extra fields of the host's ``start`` template (e.g. who begins);
        their values reach ``setup`` inside ``options``.  A list field left
        out of ``start`` takes its first value, so order it with the
        documented default first."""
        return {}

    def setup(self, seats: list[int], options: dict, rng: random.Random) -> tuple[dict, list[dict]]:
        """A new game: ``(state, events)``."""
        raise NotImplementedError

    def actions(self, state: dict, seat: int) -> list[dict]:
        """Every action ``seat`` may take now."""
        raise NotImplementedError

    def host_actions(self, state: dict) -> list[dict]:
        """Game actions of the host token, e.g. ``close`` templates."""
        return []

    @functools.cached_property
    def action_types(self) -> frozenset[str]:
        """Every game action type (the keys of ``moves``); anything else is
        ``unknown_action``."""
        return frozenset(self.moves)

    @functools.cached_property
    def secret_choices(self) -> frozenset[str]:
        """The action types the rules make face down (``Move.secret``):
        their templates are chosen behind the reveal with one thumb."""
        return frozenset(type_ for type_, move in self.moves.items() if move.secret)

    def apply(self, state: dict, actor: int | str, action: dict,
              rng: random.Random) -> tuple[dict, list[dict]]:
        """Applies an action that a template of ``actions`` admitted: the
        rules' check first (``why_not``: rules the templates cannot
        express), then the move of its type."""
        refusal = self.why_not(state, actor, action)
        if refusal is not None:
            raise refusal
        move = self.move_of(action)
        if move is None:
            raise Illegal("wrong_step", self.error_status("wrong_step"))
        return state, move.apply(state, actor, action, rng)

    def end(self, state: dict) -> list[dict]:
        """The host ends the game early: what the game shows then, as log
        events (it may change ``state``, e.g. to reveal a sealed secret).
        Default: nothing."""
        return []

    def move_of(self, action: dict) -> Move | None:
        """The move of ``action``'s type (None: the game has no such move)."""
        type_ = action.get("type")
        return self.moves.get(type_) if isinstance(type_, str) else None

    def why_not(self, state: dict, actor: int | str, action: dict) -> Illegal | None:
        """Why the rules refuse ``action`` now, as the game's own ``Illegal``
        (``apply`` raises it; the platform asks it when no template of
        ``actor`` admits the action); None lets the platform say it from
        the templates (``not_your_turn``, ``wrong_step``, ``missing_field``,
        ``invalid_field``).  What every move shares first
        (``refusal_first``), then the move's ``check``.  Pure: never changes
        ``state``; never trusts a field's type."""
        move = self.move_of(action)
        refusal = self.refusal_first(state, actor, move)
        if refusal is None and move is not None:
            refusal = move.check(state, actor, action)
        return refusal

    def refusal_first(self, state: dict, actor: int | str, move: Move | None) -> Illegal | None:
        """The refusals every move of the game shares, before the move's own
        check: the game is over, the actor may not make moves ``by`` the
        other kind (host or seat), the actor is not in the game, a type the
        game has no move for (``move`` None).  Default: none."""
        return None

    def view(self, state: dict, seat: int | None) -> dict:
        raise NotImplementedError

    def at_table(self, state: dict) -> list[int]:
        """The seats whose move now is made at the real table, not on a
        phone (reading a question aloud, laying out cards) while the phone
        has nothing to enter for it: their phones say "your move — at the
        table" instead of "nothing to do" (the view's ``at_table``).
        Public: it must depend only on what every seat sees.  Default: none."""
        return []

    def explain(self, view: dict, seat: int | None, actions: list[dict],
                waiting: list[int]) -> dict:
        """Explain mode (issue #29): what is happening now and what the
        viewer may do, in the rulebook's terms, as keys of the game's texts
        with their parameters.  Built only from what the viewer sees:
        ``view`` is ``self.view(state, seat)`` (``seat`` None: the table),
        ``actions`` that viewer's templates (a seat's ``actions``; for the
        table the host's ``host_actions``), ``waiting`` the seats the game
        waits for (public).  Returns::

            {"now": [line, ...], "secret": [line, ...], "moves": {type: line}}

        where a line is ``(key, params)``, params as in log events
        (``{"seat": n}`` renders a name, ``{"text": key}`` a text).
        ``now``: one or two sentences on this step for this viewer, from
        public state and the viewer's open (not ``secret``) templates only
        (the phone shows it on the open screen; the table's says what it
        waits for and why).  ``secret``: whatever depends on the viewer's
        own secret or secret templates (the phone shows it only under the
        reveal).  ``moves``: a one-line "what this does" per offered type
        where it depends on the position; any other type's is the text
        ``explain.move.<type>`` where the game has one (else the move's
        label says it alone).  Without a ``now`` the platform says whom the
        game waits for and the viewer's open moves by their labels
        (``explain.default_now``): write only the lines that add meaning.
        A decisive log event's meaning for the game is the text
        ``meaning.<event key>`` (same parameters)."""
        return {}

    def views(self, state: dict, seats: list) -> dict:
        """``view`` of several audiences of one state at once (one
        broadcast: the table is None); a game whose public part is the same
        for everyone can build it once.  Must equal ``view`` for each."""
        return {seat: self.view(state, seat) for seat in seats}

    def hidden_variants(self, state: dict, viewer: int | None,
                        rng: random.Random) -> list[dict]:
        """States that differ from ``state`` only in what ``viewer`` (a seat,
        or None for the table) may not know: the conformance suite asserts
        the viewer's view and actions are the same in each.  Every game with
        a secret must return at least one variant in most positions; the
        variants may change only the ``secrets`` hidden from ``viewer``, and
        over a game they must change each declared secret."""
        return []

    def scores(self, state: dict) -> dict[int, int]:
        """Points per seat (shown in ``seats[].score``)."""
        return {}

    def winners(self, state: dict) -> list[int] | None:
        """None while the game runs; the winning seats once it is over
        (an empty list: nobody won)."""
        return None

    def error_status(self, code: str) -> int:
        return self.errors.get(code) or SHARED_ERRORS.get(code) or 409


def load_texts(package: str) -> dict[str, dict[str, str]]:
    """A game package's texts: ``<package>.texts_en`` and ``texts_de``,
    each defining ``TEXTS``."""
    import importlib
    return {lang: importlib.import_module(f"{package}.texts_{lang}").TEXTS
            for lang in ("en", "de")}


def default_why_not(game: Game, state: dict, actor: int | str, action: dict,
                    seats: list[int]) -> Illegal:
    """The refusal the templates themselves tell: the actor has templates of
    this type (a field is missing or not allowed), another seat has (not
    your turn), or nobody has (another step of the game)."""
    own = game.actions(state, actor) if actor != HOST else game.host_actions(state)
    type_ = action.get("type")
    same = [tpl for tpl in own if tpl["type"] == type_]
    if same:
        for tpl in same:
            missing = [name for name, spec in tpl["fields"].items() if name not in action
                       and not (isinstance(spec, dict) and spec.get("optional"))]
            if missing:
                return Illegal("missing_field", field=txt(f"field.{missing[0]}"))
        _, bad_field = match_action(same, action)
        limit = text_limit(same, bad_field, action.get(bad_field))
        if limit is not None:   # too long: say the limit, never cut
            return Illegal("too_long", field=txt(f"field.{bad_field}"), max=limit)
        return Illegal("invalid_field", field=txt(f"field.{bad_field or type_}"))
    others = [s for s in seats if s != actor]
    if any(tpl["type"] == type_ for s in others for tpl in game.actions(state, s)):
        return not_your_turn()
    return wrong_step()


def text_limit(templates: list[dict], name: str | None, value: Any) -> int | None:
    """The longest text ``name`` takes, when ``value`` is a text longer than that."""
    specs = [tpl["fields"].get(name) for tpl in templates]
    limits = [spec.get("max", 200) for spec in specs if isinstance(spec, dict) and spec.get("kind") == "text"]
    if limits and isinstance(value, str) and len(value.strip()) > max(limits):
        return max(limits)
    return None


# --- action templates: matching and sampling (shared by the platform, the
# --- phone page's logic and the random-play tests) ---------------------------

def _field_ok(spec: Any, value: Any) -> bool:
    if isinstance(spec, list):
        # bool is an int in Python: 1 must not match True
        return any(value == allowed and type(value) is type(allowed) for allowed in spec)
    kind = spec.get("kind")
    if kind == "text":
        if not isinstance(value, str):
            return False
        text = value.strip()
        return spec.get("min", 0) <= len(text) <= spec.get("max", 200)
    if kind == "int":
        return (type(value) is int and spec.get("min", -10**9) <= value
                <= spec.get("max", 10**9))
    if kind == "order":  # a permutation of "of" (e.g. seat order)
        return (isinstance(value, list) and len(value) == len(spec["of"])
                and sorted(map(repr, value)) == sorted(map(repr, spec["of"]))
                and all(_field_ok(spec["of"], v) for v in value))
    if kind == "object":  # checked further by whoever owns the field
        return isinstance(value, dict) and len(value) <= spec.get("max", 50)
    if kind == "either":  # one value in several forms (a card as its code or as an object)
        return any(_field_ok(one, value) for one in spec["of"])
    if kind == "list":   # repeats allowed, unlike a subset (a hand may hold both copies of a card)
        return (isinstance(value, list) and _size_ok(spec, len(value))
                and all(_field_ok(spec["of"], v) for v in value))
    if kind == "joined":   # one value of each list, joined: the whole product, not listed
        parts = value.split(spec.get("sep", "-")) if isinstance(value, str) else []
        return len(parts) == len(spec["of"]) and all(
            any(part == str(allowed) for allowed in values) for part, values in zip(parts, spec["of"]))
    if kind == "subset":
        if not isinstance(value, list):
            return False
        pool = spec["of"]
        if any(not _field_ok(pool, v) for v in value):
            return False
        if len(set(map(repr, value))) != len(value):
            return False
        if "size" in spec:
            return len(value) == spec["size"]
        return spec.get("min", 0) <= len(value) <= spec.get("max", len(pool))
    return False


def _size_ok(spec: dict, size: int) -> bool:
    if "size" in spec:
        return size == spec["size"]
    return spec.get("min", 0) <= size <= spec.get("max", 10**6)


def match_action(templates: list[dict], action: dict) -> tuple[dict | None, str | None]:
    """The template that admits ``action``, else ``(None, bad_field)`` where
    bad_field names the first field no template of that type admits (None if
    no template has that type)."""
    bad_field = None
    for tpl in templates:
        if tpl["type"] != action.get("type"):
            continue
        ok = True
        for name, spec in tpl["fields"].items():
            optional = isinstance(spec, dict) and spec.get("optional")
            if name not in action:
                if optional:
                    continue
                ok, bad_field = False, bad_field or name
                break
            if not _field_ok(spec, action[name]):
                if optional and action[name] in (None, ""):
                    continue
                ok, bad_field = False, bad_field or name
                break
        if ok:
            return tpl, None
        if bad_field is None:
            bad_field = "?"
    return None, bad_field


def sample_action(tpl: dict, rng: random.Random) -> dict:
    """A random action admitted by ``tpl`` (for random-play tests)."""
    action: dict[str, Any] = {"type": tpl["type"]}
    for name, spec in tpl["fields"].items():
        if (isinstance(spec, dict) and spec["kind"] == "text" and spec.get("optional")
                and rng.random() < 0.5):
            continue
        action[name] = sample_value(spec, rng)
    return action


def sample_value(spec: Any, rng: random.Random) -> Any:
    """A random value ``spec`` admits."""
    if isinstance(spec, list):
        return rng.choice(spec)
    kind = spec["kind"]
    if kind == "text":
        if spec.get("examples") and rng.random() < 0.8:   # text that means something
            return rng.choice(spec["examples"])
        lo, hi = max(spec.get("min", 1), 1), spec.get("max", 20)
        words = ["sun", "cold", "river", "tea", "fox", "moon"]
        text = " ".join(rng.choice(words) for _ in range(rng.randint(2, 4)))
        text = text[:hi]
        while len(text) < lo:
            text += "x"
        return text
    if kind == "int":
        return rng.randint(spec.get("min", 0), spec.get("max", 9))
    if kind == "order":
        return rng.sample(spec["of"], len(spec["of"]))
    if kind == "object":
        return {}
    if kind == "either":
        return sample_value(spec["of"][0], rng)
    if kind == "joined":
        return spec.get("sep", "-").join(str(rng.choice(values)) for values in spec["of"])
    size = spec["size"] if "size" in spec else rng.randint(
        spec.get("min", 0), spec.get("max", len(spec["of"]) if kind == "subset" else 3))
    if kind == "list":
        return [sample_value(spec["of"], rng) for _ in range(size)]
    return rng.sample(spec["of"], size)   # subset
