"""Every game through the one referee path (companion/service.py) on a real
SQLite store: ``{"type": "start"}`` alone starts it, random legal play
reaches its end, refusals carry a translated message and change nothing,
and a refusal names what is wrong."""
from __future__ import annotations

import random

import pytest

from companion import games
from companion.errors import CODES, ServiceError
from companion.games.base import SHARED_ERRORS, sample_action
from companion.lobby import templates_for
from companion.service import Service
from companion.store.sqlite import SqliteStore
from tests.conformance.conftest import option_variants

NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom", "Anna", "Ben"]


@pytest.fixture
def service(tmp_path):
    svc = Service(SqliteStore(str(tmp_path / "rooms.sqlite3")), action_rate=0)
    yield svc
    svc.store.close()


def seated_room(svc, game_name, options, count):
    created = svc.create_room(game_name, options)
    tokens = {}
    for name in NAMES[:count]:
        joined = svc.join(created["code"], name)
        tokens[joined["seat"]] = joined["token"]
    return created["code"], created["host_token"], tokens


def test_start_alone_starts_every_variant(service, game_name):
    game = games.get(game_name)
    for options in option_variants(game):
        code, host, _ = seated_room(service, game_name, options, game.player_range(options)[0])
        answer = service.act(code, host, {"type": "start"}, "en")
        assert answer["view"]["status"] in ("playing", "finished"), options


def check_refusal(svc, code, error: ServiceError, before, game):
    assert 400 <= error.status < 500
    assert error.code in CODES or error.code in SHARED_ERRORS or error.code in game.errors
    assert svc.store.load(code) == before, "a refusal changed the room"
    for lang in ("en", "de"):
        message = svc_message(error, lang)
        assert message and "error." not in message and "{" not in message, message


def svc_message(error, lang):
    from companion.errors import error_answer
    return error_answer(error, lang)["error"]["message"]


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_through_the_service_to_the_end(service, game_name, seed):
    game = games.get(game_name)
    rng = random.Random(seed)
    options = rng.choice(option_variants(game))
    low, high = game.player_range(options)
    code, host, tokens = seated_room(service, game_name, options, rng.randint(low, min(high, 6)))
    service.act(code, host, {"type": "start"}, "en")
    steps = 0
    while service.load(code)["status"] == "playing" and steps < 4000:
        steps += 1
        room = service.load(code)
        movers = [(t, "seat", s) for s, t in tokens.items()]
        movers += [(host, "host", None)] * (rng.random() < 0.03)
        choices = [(token, tpl) for token, kind, s in movers
                   for tpl in templates_for(room, kind, s)
                   if tpl["type"] in game.action_types]
        assert choices, f"nobody can move (step {steps})"
        token, tpl = rng.choice(choices)
        before = service.store.load(code)
        try:
            service.act(code, token, sample_action(tpl, rng), "en")
        except ServiceError as error:   # a rule the template cannot express
            check_refusal(service, code, error, before, game)
    assert service.load(code)["status"] == "finished", f"not over after {steps} steps"


def test_wrong_actions_are_refused_with_a_reason(service, game_name):
    """Each seat sends another seat's template and templates with a field
    left out: a translated refusal, nothing changed."""
    game = games.get(game_name)
    rng = random.Random(11)
    code, host, tokens = seated_room(service, game_name, {}, game.player_range({})[0])
    service.act(code, host, {"type": "start"}, "en")
    refusals = 0
    for _ in range(60):
        room = service.load(code)
        if room["status"] != "playing":
            break
        seats = list(tokens)
        for wrong_seat in seats:
            for owner in seats:
                for tpl in templates_for(room, "seat", owner):
                    action = sample_action(tpl, rng)
                    if tpl["fields"] and rng.random() < 0.5:
                        action.pop(rng.choice(list(tpl["fields"])), None)
                    before = service.store.load(code)
                    try:
                        service.act(code, tokens[wrong_seat], action, "en")
                    except ServiceError as error:
                        refusals += 1
                        check_refusal(service, code, error, before, game)
                    room = service.load(code)
                    if room["status"] != "playing":
                        assert refusals > 0
                        return
    assert refusals > 0


def test_a_missing_field_is_named(service, game_name):
    """The first template with a required field any seat is offered (the
    game played on until there, by moves it waits for) is sent without
    that field: refused, naming the field."""
    game = games.get(game_name)
    rng = random.Random(12)
    code, host, tokens = seated_room(service, game_name, {}, game.player_range({})[0])
    service.act(code, host, {"type": "start"}, "en")
    for _ in range(200):
        room = service.load(code)
        assert room["status"] == "playing", "the game ended before any template had a required field"
        offered = [(token, tpl) for seat, token in tokens.items() for tpl in templates_for(room, "seat", seat)
                   if tpl["type"] in game.action_types]
        for token, tpl in offered:
            required = [n for n, spec in tpl["fields"].items()
                        if not (isinstance(spec, dict) and spec.get("optional"))]
            if required:
                action = sample_action(tpl, rng)
                del action[required[0]]
                with pytest.raises(ServiceError) as refused:
                    service.act(code, token, action, "en")
                assert refused.value.code == "missing_field"
                label = game.texts["en"].get(f"field.{required[0]}", required[0])
                assert label in svc_message(refused.value, "en")
                return
        waited = [(token, tpl) for token, tpl in offered if tpl.get("required")] or offered
        assert waited, "nobody can move, and no template had a required field"
        token, tpl = waited[0]
        try:
            service.act(code, token, sample_action(tpl, rng), "en")
        except ServiceError:   # a sample the template cannot express: the next step samples anew
            pass
    pytest.fail("no template with a required field in 200 moves")
