"""Factum played through from the create page to the evening's standings,
through the screens only (issue #25): four players, the option ``target``
set to its smallest value (5) on the create page, the tablet in German and
the phones alternating English and German.

Every round is played from what the phones offer: the first phone (in
turn) presses "I tell a story", the storyteller says it is finished, a
member of team B presses "I judge", the judge lets team A guess in odd
rounds and team B in even ones.  Every contributor marks their cards with
one thumb under the reveal, each on the next free position (the table
keeps where the real cards lie); the guessers vote under the reveal, for
the story card in odd rounds and for another card in even ones; from the
second round everyone asked votes for the best story (the current one and
the title in turn).  The first vote and the first best-story vote of the
game are looked at gesture by gesture first (``confirm_names_the_whole_choice``).
Each mark and ballot is read back from the seat's own view (its token as
the phone keeps it).  The end screens must name everyone."""
from __future__ import annotations

import json

import pytest

from tests.browser.conftest import hold, pick_secret, release
from tests.browser.playthrough import (Evening, must, no_raw_text, offered, play_form, secret_offered,
                                       table_shot)
from tests.browser.test_one_thumb import confirm_names_the_whole_choice

NAMES = ["Anna", "Ben", "Cara", "Dirk"]


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server




def refused(phone, what):
    """Fails when the phone shows a refusal of the last move."""
    toast = phone.locator("#toast")
    assert toast.is_hidden(), f"{what}: refused with {toast.inner_text()!r}"


def ballot_taken(evening: Evening, phone, kind, value):
    """The ballot went in: the seat owes it no more, and while the step
    lasts its own view holds the value chosen."""
    view = evening.seat_view(phone)
    assert kind not in [t["type"] for t in view["actions"]], f"{kind} still owed after the pick"
    if view["public"].get("step") == kind:
        assert view["you"]["secret"][kind] == value, (kind, value, view["you"]["secret"])


def mark_cards(phone) -> list[str]:
    """The cards the sheet asks to mark when there are several (the
    storyteller's story and second card), read while held; [] for one."""
    hold(phone)
    sheet = phone.locator('#secret-actions [data-type="mark"]').first
    cards = []
    if sheet.get_attribute("data-step") == "card":
        cards = [json.loads(v) for v in sheet.locator("[data-pick]").evaluate_all(
            "els => els.map((el) => el.dataset.value)")]
    release(phone)
    return sorted(cards, key=["story", "second", "own"].index)


class Table:
    """What the people at the table know: where the real cards lie."""

    def __init__(self, evening: Evening):
        self.evening = evening
        self.round = 0
        self.teller = None
        self.shots: set[str] = set()
        self.looked_at: set[str] = set()   # the ballots whose gesture was looked at step by step

    def new_round(self, number):
        self.round = number
        self.next_position = 1
        self.story_position = None
        self.marked: dict[int, int] = {}

    def shot(self, page, name):
        """A step's screen, once per game (``page`` None: the table's)."""
        if name not in self.shots:
            self.shots.add(name)
            if page is None:
                table_shot(self.evening, name)
            else:
                self.evening.shot(page, name)

    def first_waiting(self):
        """The first phone (in turn, from this round's) that says "your move"."""
        self.evening.settle()
        phones = self.evening.phones
        order = [(self.round + k) % len(phones) for k in range(len(phones))]
        for _ in range(50):
            for i in order:
                if must(phones[i]):
                    return i, phones[i]
            self.evening.tablet.wait_for_timeout(100)
        raise AssertionError(f"no phone says 'your move': {self.evening.public()['public']}")

    def move(self, i, phone):
        kinds = offered(phone)
        no_raw_text(phone, f"round {self.round}, {kinds}")
        if "volunteer" in kinds:
            self.volunteer(i, phone)
        elif "told" in kinds:
            play_form(phone, "told")
        elif "judge" in kinds:
            play_form(phone, "judge")
        elif "decide" in kinds:
            self.shot(phone, "phone-decide")
            play_form(phone, "decide", {"guessers": "A" if self.round % 2 else "B"})
        elif kinds:
            raise AssertionError(f"an unexpected move {kinds}")
        else:
            self.secret(i, phone)

    def volunteer(self, i, phone):
        """The race for the story: every phone offers it (but the last
        round's storyteller's), and once one volunteered, none does."""
        phones = self.evening.phones
        lacking = [NAMES[j] for j, other in enumerate(phones)
                   if j != self.teller and "volunteer" not in offered(other)]
        assert not lacking, f"round {self.round}: {lacking} may not volunteer"
        self.shot(phone, "phone-volunteer")
        play_form(phone, "volunteer")
        self.teller = i
        self.evening.settle()
        still = [NAMES[j] for j, other in enumerate(phones) if "volunteer" in offered(other)]
        assert not still, f"{NAMES[i]} volunteered, but {still} still may"

    def ballot(self, i, phone, kind, value):
        """The team's vote or the best-story vote, with one thumb; the
        game's first of each is looked at gesture by gesture first."""
        if f"phone-{kind}-held" not in self.shots:
            hold(phone)
            self.shot(phone, f"phone-{kind}-held")
            release(phone)
        if kind not in self.looked_at:
            self.looked_at.add(kind)
            confirm_names_the_whole_choice(phone, kind, value)
        pick_secret(phone, kind, value=value)
        refused(phone, f"{NAMES[i]}'s {kind} for {value}")
        ballot_taken(self.evening, phone, kind, value)

    def secret(self, i, phone):
        kinds = secret_offered(phone)
        if kinds == ["mark"]:
            done = self.marked.setdefault(i, [])
            cards = mark_cards(phone)
            todo = [c for c in cards if c not in done] if cards else ["story" if i == self.teller else "own"]
            assert todo, f"{NAMES[i]} still must mark, but marked {done} of {cards}"
            if not done:
                hold(phone)
                self.shot(phone, "phone-mark-held")
                release(phone)
            card, position = todo[0], self.next_position
            pick_secret(phone, "mark", value=position, choose={"card": card, "position": position})
            refused(phone, f"{NAMES[i]} marks {card} at position {position}")
            marks = self.evening.seat_view(phone)["you"]["secret"]["marks"]
            assert marks.get(card) == position, f"{NAMES[i]} marked {card} at {position}: {marks}"
            if card == "story":
                self.story_position = position
            self.next_position += 1
            done.append(card)
        elif kinds == ["vote"]:
            assert self.story_position, "a vote before the story card was marked"
            right = self.round % 2 == 1
            positions = self.evening.public()["public"]["vote_options"]
            wrong = next(p for p in positions if p != self.story_position)
            self.ballot(i, phone, "vote", self.story_position if right else wrong)
        elif kinds == ["best"]:
            self.ballot(i, phone, "best", "current" if self.round % 2 == 0 else "title")
        else:
            raise AssertionError(f"{NAMES[i]} must move but the sheet offers {kinds}")


def play_factum(evening: Evening) -> int:
    table = Table(evening)
    for _ in range(300):
        view = evening.public()
        if view["status"] == "finished":
            return table.round
        number = view["public"]["round"]
        if number != table.round:
            if table.round:
                table_shot(evening, f"round-{table.round}-over")
            table.new_round(number)
        i, phone = table.first_waiting()
        table.move(i, phone)
        step = evening.public()["public"]["step"]
        if step in ("mark", "vote", "best"):
            table.shot(None, f"tablet-{step}")
    raise AssertionError("the game did not end")


def test_factum_played_through(server, browser):
    evening = Evening(browser, server, "factum", NAMES, ("de", "en"), options={"target": 5},
                      prefix="factum")
    evening.start()
    assert evening.public()["public"]["target"] == 5, "the target set on the create page"
    rounds = play_factum(evening)
    assert rounds >= 2, "the game ended before a best-story vote"
    evening.finish()
    view = evening.public()
    best = max(view["public"]["scores"].values())
    assert best >= 5, view["public"]["scores"]
    shown = evening.tablet.locator("#seats .score").all_text_contents()
    assert sum(int(score) for score in shown) > 0, f"the table's seats show the scores {shown}"
    for page in [evening.tablet, *evening.phones]:
        no_raw_text(page, "the end")
