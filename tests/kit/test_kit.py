"""The game kit's own test (issue #46): the example game
(tests/kit/example_game.py) passes the conformance checks of its secrets,
and each deliberate mistake, planted alone in a copy of it, fails them
with the message that names it.  ``old`` says whether the check that
only replays the author's ``hidden_variants`` (tests/conformance/
test_rules.py, before the declaration) caught it too: most did not."""
from __future__ import annotations

import random
import re

import pytest

from companion.games.base import Move, Secret, copied, ev, line, seat
from tests.conformance.conftest import positions
from tests.conformance.secrets import prove_secrets
from tests.harness import check_non_interference
from tests.kit import example_game
from tests.kit.example_game import Pick


def only_letters(self, state, viewer, rng):
    """Variants that forget the picks: only the other seats' letters."""
    variant = copied(state)
    for s in state["seats"]:
        if s != viewer:
            variant["letters"][str(s)] = rng.choice("ABCDEFGH")
    return [variant]


def picks_reshuffled(self, state, viewer, rng):
    """Variants that keep how many chose each number (picks exchanged)."""
    variant = only_letters(self, state, viewer, rng)[0]
    others = [k for k in state["picks"] if k != str(viewer)]
    values = [state["picks"][k] for k in others]
    rng.shuffle(values)
    variant["picks"].update(zip(others, values))
    return [variant]


class BallotsShown(Pick):
    """Every seat's ballot in the public view, variants that never vary them."""
    hidden_variants = only_letters

    def view(self, state, who):
        out = super().view(state, who)
        out["public"]["ballots"] = dict(state["picks"])
        return out


class ExplainsOwnLetter(Pick):
    """Explain mode says the seat's own letter on the open screen."""
    def explain(self, view, who, actions, waiting):
        told = super().explain(view, who, actions, waiting)
        if who is not None:
            told["now"] = told["now"] + [line("explain.your_letter",
                                              letter=view["you"]["secret"]["letter"])]
        return told


def pick_told(state, actor, action, rng):
    events = example_game.pick(state, actor, action, rng)
    events[0] = ev("picked", seat=seat(actor), number=action["number"])   # to everyone
    return events


class LogTellsBallot(Pick):
    """The public log line of a ballot names the number picked."""


LogTellsBallot.moves = {**Pick.moves, "pick": Move(pick_told, example_game.pick_check, secret=True)}


class PicksNeverVaried(Pick):
    """The picks are declared secret, the variants forget them (the view is right)."""
    hidden_variants = only_letters


class CountLeaks(Pick):
    """The public view counts the threes picked; the variants keep counts."""
    hidden_variants = picks_reshuffled

    def view(self, state, who):
        out = super().view(state, who)
        out["public"]["threes"] = sum(v == 3 for v in state["picks"].values())
        return out


class OrderLeaks(Pick):
    """Who has picked, listed in the order of the numbers picked."""
    hidden_variants = picks_reshuffled

    def view(self, state, who):
        out = super().view(state, who)
        out["public"]["picked"] = [int(k) for k, _ in sorted(state["picks"].items(),
                                                             key=lambda kv: (kv[1], kv[0]))]
        return out


def only_picks(self, state, viewer, rng):
    """Variants that forget the letters: only the other seats' picks."""
    variant = copied(state)
    for k in variant["picks"]:
        if k != str(viewer):
            variant["picks"][k] = rng.randint(1, 3)
    return [variant]


class TableSeesLetters(Pick):
    """The table's view holds every letter; the variants forget letters."""
    hidden_variants = only_picks

    def view(self, state, who):
        out = super().view(state, who)
        if who is None:
            out["public"]["letters"] = dict(state["letters"])
        return out


class OwnLetterOpen(Pick):
    """The seat's own letter outside ``you.secret`` (on the open screen)."""
    def view(self, state, who):
        out = super().view(state, who)
        if out["you"] is not None:
            out["you"]["letter"] = state["letters"][str(who)]
        return out


class VariesUndeclared(Pick):
    """The variants change what no secret declares (the round's first seat)."""
    def hidden_variants(self, state, viewer, rng):
        variants = super().hidden_variants(state, viewer, rng)
        for variant in variants:
            variant["first"] = state["seats"][-1] if state["first"] == state["seats"][0] else state["seats"][0]
        return variants


class LettersDeclaredForTheTableOnly(Pick):
    """A secret declared too narrowly: letters hidden from the table only,
    while the variants (rightly) vary them for the other seats."""
    secrets = (Secret("letters.*", hidden="table", values=tuple("ABCDEFGH")),) + Pick.secrets[1:]


#: mistake -> (the game with it, what the failure says, whether the old check caught it)
MISTAKES = {
    "ballots_shown_never_varied": (BallotsShown, r"can tell the secret picks|never changed", False),
    "explain_tells_own_letter": (ExplainsOwnLetter, r"own secret letters.* open screen", False),
    "log_tells_ballot": (LogTellsBallot, r"the log tells viewer .* face-down pick", False),
    "secret_never_varied": (PicksNeverVaried, r"picks\.\*'\] hidden in .* never changed", False),
    "count_leaks": (CountLeaks, r"can tell the secret picks", False),
    "order_leaks": (OrderLeaks, r"can tell the secret picks", True),
    "table_sees_letters": (TableSeesLetters, r"viewer None can tell the secret letters", False),
    "own_letter_open": (OwnLetterOpen, r"own secret letters.* open screen", False),
    "varies_undeclared": (VariesUndeclared, r"changes first, which no secret declares", True),
    "secret_declared_too_narrowly": (LettersDeclaredForTheTableOnly,
                                     r"changes letters\.\d+, which no secret declares", False),
}


def old_check(game) -> bool:
    """The check before the declaration: the author's variants, replayed
    (as test_rules.test_hidden_means_hidden).  True: it caught the game."""
    rng = random.Random(3)
    try:
        for state, seats, *_, sample in positions(game, seeds=2, every=5):
            if sample:
                check_non_interference(game, state, seats, game.hidden_variants, rng)
    except AssertionError:
        return True
    return False


def test_the_example_game_passes():
    coverage = prove_secrets(example_game.GAME)
    assert coverage.mutations > 50 and coverage.variants > 50
    assert coverage.landed["pick"] > 0, "the face-down pick was never checked"
    assert not old_check(example_game.GAME)


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_each_planted_mistake_is_caught(mistake):
    cls, says, old = MISTAKES[mistake]
    game = cls()
    with pytest.raises(AssertionError) as caught:
        prove_secrets(game)
    assert re.search(says, str(caught.value)), str(caught.value)
    assert old_check(game) == old, f"the old check {'missed' if old else 'caught'} {mistake}"
