"""What the Rule?! played through from the create page to the evening's
standings, through the screens only (issue #25), in both modes:

* ``master: seat`` — three players, the table in German, two rounds.  The
  host names Cara game master on the tablet; she seals a rule in her own
  words and judges every card and every guess on her phone; the players
  agree on hints and she gives one.  Round two passes the game master on
  to Anna, who types the rulebook's rule "1, 2, … 6, then 1 again" as
  ``count == prev.count % 6 + 1``, reads on her phone that the app lets
  any card start the row, and seals ``count == n % 6 + 1`` instead ("The
  first card: Count 1"; issue #38).  The app judges: a first hunch (one
  more than the card before) is wrong, and the rule is found as a player
  says it, without the start (``count == prev.count % 6 + 1``): right, as
  a game master judges it.  The table's rule reveal shows how the app read
  the start, why that guess was right, and where each wrong guess and the
  rule part ways.
* ``master: app`` — two players, the table in English, two rounds: a phone
  draws a level-1 rule, the host draws a level-2 rule on the tablet.  Once
  the players know the rule, the one on turn shows a hand none of whose
  cards fit, then guesses (issue #25: the table must not say the card fit)
  — first a hunch, wrong, which the table explains when the round ends.
  In round two the players write their guess with a first card of their
  own choosing (right only as a game master judges it, issue #38).

The players reason as players do: they keep a notebook of the deck rules
of the level (or, with a seated game master, the level-1 rules) that the
table still allows, play the card that best splits them, guess when three
or fewer are left (in the first round Anna tries a hunch at her first
chance, which Cara judges wrong).  Only the game master's own knowledge of her rule (and
the cards the players hold, which the app never knows) come from the test.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import pytest

from functools import lru_cache

from companion.games.what_the_rule import deck
from companion.games.what_the_rule.cards import BY_CODE, CODES
from companion.games.what_the_rule.equivalence import judge
from companion.games.what_the_rule.language import Rule, children, localized, parse, reads
from companion.games.what_the_rule.reading import reading, say
from companion.games.what_the_rule.texts_de import TEXTS as DE
from companion.games.what_the_rule.texts_en import TEXTS as EN
from tests.browser.conftest import hold, release, wait_js
from tests.browser.playthrough import Evening, answer, must, offered, play_form, table_shot

BY_LANG = {"en": EN, "de": DE}


def shown(rule: str, lang: str) -> str:
    """A rule as a page in ``lang`` writes it (issue #40: in its own words)."""
    return localized(rule, BY_LANG[lang]["ui.code_words"])
RAW = re.compile(r"\{\w+\}|\(s\)|\bundefined\b|\bnull\b|\bNaN\b")


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


# --- what the players know ------------------------------------------------------

@dataclass(frozen=True)
class Candidate:
    id: str
    rule: Rule

    def sentence(self, lang: str) -> str:
        return (DE if lang == "de" else EN)[f"value.{self.id}"]


def candidates(level: int) -> list[Candidate]:
    return [Candidate(i, deck.rule(i)) for i in deck.ids(level)]


def card(code: str) -> dict:
    shape, count, fill, color = BY_CODE[code]
    return {"shape": shape, "count": count, "fill": fill, "color": color}


def situation(pub: dict) -> list[tuple]:
    """The correct row's cards: what a rule about the next card may look at."""
    return [BY_CODE[c] for c in pub["row"]]


def allowed(rule: Rule, pub: dict) -> bool:
    """Whether the table (both rows, the wrong guesses) still allows ``rule``."""
    row = [BY_CODE[c] for c in pub["row"]]
    for i, c in enumerate(row):
        if not rule.fits(c, row[:i]):
            return False
    for i, column in enumerate(pub["wrong"]):
        for code in column:
            if rule.fits(BY_CODE[code], row[:i]):
                return False
    return True


def still_possible(notebook: list[Candidate], pub: dict) -> list[Candidate]:
    wrong_rules = {g["rule"] for g in pub["guesses"] if g["right"] is False and "rule" in g}
    wrong_texts = {g["text"] for g in pub["guesses"] if g["right"] is False and "text" in g}
    return [c for c in notebook if allowed(c.rule, pub)
            and c.rule.text not in wrong_rules and with_a_start(c) not in wrong_rules
            and c.sentence("en") not in wrong_texts and c.sentence("de") not in wrong_texts]


#: how a player says "1, 2, … 6, then 1 again": without the start (issue #38)
ASCENDING_AS_SAID = "count == prev.count % 6 + 1"
STARTS = ["count == 1", "color == white", "shape == circle", "fill == filled", "color == black",
          "count == 6"]


@lru_cache(maxsize=None)
def with_a_start(candidate: Candidate) -> str:
    """A rule about the card before as a player writes it down: with a first
    card of their own choosing ("starting with white, the colour changes"),
    or (the rulebook's ascending rule) without the start its card says.
    Chosen so the app takes it as a game master would: right, though it
    differs from the rule at the first card (the test checks that the
    screens say so)."""
    rule = candidate.rule
    if candidate.id == "deck_2_04":
        return parse(ASCENDING_AS_SAID).text
    if not reads(rule.tree)["prev"]:
        return rule.text
    for start in STARTS:
        said = parse(f"prev != none and ({rule.text}) or prev == none and {start}")
        verdict = judge(rule, said)
        if verdict.right and verdict.start:
            return said.text
    return rule.text


def on_table(pub: dict) -> list[str]:
    out = list(pub["row"]) + [c for column in pub["wrong"] for c in column]
    pending = pub["pending"] or {}
    return out + list(pending.get("cards", [])) + ([pending["card"]] if pending.get("card") else [])


def free(pub: dict) -> list[str]:
    """The cards of which a copy is not on the table yet (two of each)."""
    out = on_table(pub)
    return [c for c in CODES if out.count(c) < 2]


def best_card(possible: list[Candidate], pub: dict) -> str:
    """The card whose answer splits the possible rules most evenly; when no
    card splits them here, one that fits them all (the row moves on)."""
    row = situation(pub)
    cards = free(pub)

    def fitting(code):
        return sum(c.rule.fits(BY_CODE[code], row) for c in possible)
    if len(possible) == 1:
        return next((c for c in cards if fitting(c)), cards[0])
    best = min(cards, key=lambda c: max(fitting(c), len(possible) - fitting(c)))
    if max(fitting(best), len(possible) - fitting(best)) < len(possible):
        return best
    return next((c for c in cards if fitting(c) == len(possible)), cards[0])


def misfits(rule: Rule, pub: dict, size: int) -> list[str]:
    """A hand of ``size`` cards none of which fits ``rule`` here."""
    row = situation(pub)
    counts = on_table(pub)
    hand: list[str] = []
    for code in CODES:
        while (len(hand) < size and not rule.fits(BY_CODE[code], row)
               and counts.count(code) + hand.count(code) < 2):
            hand.append(code)
    assert len(hand) == size, f"no hand of {size} cards that all miss {rule.text}"
    return hand


# --- a round's plan -----------------------------------------------------------------

@dataclass
class Plan:
    notebook: list[Candidate]
    gm: str | None = None            # the seated game master's name
    name_gm: bool = False            # the host names the game master on the tablet
    seal: dict | None = None         # what the game master types: {"text"} or {"rule"}
    truth: Rule | None = None        # how the seated game master judges (her own rule)
    level: int | None = None         # with the app: the level drawn
    host_draws: bool = False         # with the app: the host draws on the tablet
    hints: bool = False              # the players agree on hints, the GM gives one
    hint_text: str = ""
    show_hand: bool = False          # once the rule is known: show a hand that misses
    text_guesses: bool = False       # guesses in own words (a seated GM judges them)
    words: str = ""                  # the sealed rule read back in words on the GM's sheet
    hunch: bool = False              # the first chance to guess is taken, on a hunch
    hunch_rule: str = ""             # ... written so (a rule no candidate is)
    first_try: str = ""              # the GM types this first, reads it back, then seals ``seal``
    natural: bool = False            # guesses written with a start of the player's own (``with_a_start``)
    seen: dict = field(default_factory=dict)


class Table:
    """The evening and what its players do (each one through their own screen)."""

    def __init__(self, evening: Evening, names: list[str], langs: list[str], tablet_lang: str = "en"):
        self.evening, self.names = evening, names
        self.tablet_lang = tablet_lang
        self.langs = langs                     # each phone's language
        seats = {s["name"]: s["seat"] for s in evening.public()["seats"]}
        self.seat = seats
        self.phone_of = {seats[n]: p for n, p in zip(names, evening.phones)}
        self.lang_of = {seats[n]: lang for n, lang in zip(names, langs)}
        self.name_of = {seat: name for name, seat in seats.items()}
        self.log: list[str] = []

    # reading
    def view(self) -> dict:
        self.evening.settle()
        return self.evening.public()

    def shot(self, page, name):
        self.evening.shot(page, name)
        readable(page, name)

    def play_round(self, plan: Plan, round_no: int):
        """Plays round ``round_no`` to its end through the screens."""
        for _ in range(300):
            view = self.view()
            pub = view["public"]
            if view["status"] == "finished" or pub["round"] > round_no:
                return
            if pub["phase"] == "rule":
                self.begin(plan, pub, view)
                continue
            if self.react(plan, pub):
                continue
            waiting = view["waiting"]
            assert waiting, f"round {round_no}: the game waits for nobody in phase {pub['phase']}"
            seat = waiting[0]
            phone = self.phone_of[seat]
            assert must(phone), (f"{self.name_of[seat]}'s phone does not say 'your move' "
                                 f"(phase {pub['phase']}): {phone.locator('#todo').inner_text()}")
            self.move(plan, pub, seat, phone)
        view = self.evening.public()
        raise AssertionError(f"round {round_no} did not end: phase {view['public']['phase']}, "
                             f"last lines {[line['text'] for line in view['log'][-6:]]}")

    # the round's start
    def begin(self, plan: Plan, pub: dict, view: dict):
        ev = self.evening
        if pub["master"] == "app":
            if plan.host_draws:
                ev.host("draw_rule", {"level": plan.level})
                self.shot(ev.tablet, f"r{pub['round']}-host-drew")
            else:
                seat = view["waiting"][0]
                phone = self.phone_of[seat]
                assert "draw_rule" in offered(phone), offered(phone)
                play_form(phone, "draw_rule", {"level": plan.level})
            wait_js(ev.tablet, "!!document.querySelector('#game-area .wtr-chip')")
            # the table says whose rule it is: the app's, from the deck at the level drawn
            texts = BY_LANG[self.tablet_lang]
            head = ev.tablet.locator("#game-area .wtr-head").inner_text()
            for said in (texts["ui.gm"].format(gm=texts["ui.the_app"]), texts["ui.kind_deck"].format(level=plan.level)):
                assert said in head, (said, head)
            return
        gm = self.seat[plan.gm]
        if plan.name_gm and pub["designated"] is None:
            ev.host("choose_gm", {"seat": gm})
            return
        assert pub["designated"] in (None, gm), (pub["designated"], plan.gm)
        phone = self.phone_of[gm]
        assert must(phone) and "set_rule" in offered(phone), offered(phone)
        for other, p in self.phone_of.items():
            if other != gm and pub["designated"] == gm:
                assert "set_rule" not in offered(p), f"{self.name_of[other]} may seal too"
        form = phone.locator('#actions form[data-type="set_rule"]')
        (field_name, value), = plan.seal.items()
        if plan.first_try:      # issue #38: the app's reading of the start, before sealing
            self.read_back(phone, form, plan.first_try, f"r{pub['round']}-seal-first-try")
        if field_name == "rule":   # read back in words before it is sent
            self.read_back(phone, form, value, f"r{pub['round']}-seal")
        else:
            form.locator(f'[data-field="{field_name}"] input').fill(value)
            self.shot(phone, f"r{pub['round']}-seal")
        version = phone.evaluate("Number(document.body.dataset.version)")
        form.locator('button[type="submit"]').tap()
        answer(phone, version)
        self.check_sheet(plan, gm, pub["round"])

    def read_back(self, phone, form, rule: str, shot: str):
        """The game master types a rule; under the field the phone reads it
        back, ending with what the app lets be the first card."""
        form.locator('[data-field="rule"] input').fill(rule)
        lang = self.lang_of[next(s for s, p in self.phone_of.items() if p is phone)]
        texts = BY_LANG[lang]
        first = texts["ui.r_first"].format(what=say(reading(parse(rule))["first"], texts))
        box = form.locator(".wtr-form-words .wtr-reading", has_text=first)
        try:
            box.wait_for(timeout=10_000)
        except Exception as exc:
            raise AssertionError(f"the phone does not read {rule!r} back as {first!r}: "
                                 f"{form.locator('.wtr-form-words').all_inner_texts()}") from exc
        box.scroll_into_view_if_needed()
        on_screen(box, "the reading of the first card")
        self.shot(phone, shot)

    def check_sheet(self, plan: Plan, gm: int, round_no: int):
        """The GM's rule shows only while she holds the sheet; nobody else's."""
        self.view()
        phone = self.phone_of[gm]
        written = next(iter(plan.seal.values()))
        shown = parse(written).text if "rule" in plan.seal else written
        body = phone.locator("#secret-body")
        assert shown not in body.inner_text(), "the sealed rule shows without holding"
        hold(phone)
        assert shown in body.inner_text(), f"the held sheet does not show the rule {shown!r}"
        if plan.words:
            assert plan.words in body.inner_text(), f"the held sheet does not read {plan.words!r}"
        self.shot(phone, f"r{round_no}-gm-sheet-held")
        release(phone)
        assert shown not in body.inner_text(), "the rule stays after letting go"
        assert not phone.evaluate("document.getElementById('secret-items').innerHTML"), "the sheet stays in the page"
        for seat, other in self.phone_of.items():
            if seat != gm:
                assert shown not in other.locator("body").inner_text(), f"{self.name_of[seat]} sees the rule"
        assert shown not in self.evening.tablet.locator("body").inner_text(), "the table shows the rule"

    # what a phone may do without being waited for
    def react(self, plan: Plan, pub: dict) -> bool:
        if not plan.hints or pub["phase"] != "turn" or pub["pending"]:
            return False
        hints = pub["hints"]
        gm = pub["gm"]
        if not hints["on"] and hints["vote"] is None and not plan.seen.get("proposed") and pub["played"] >= 2:
            proposer = next(s for s in pub["players"] if s != pub["turn"])
            phone = self.phone_of[proposer]
            assert "hints" in offered(phone, "#react-actions"), offered(phone, "#react-actions")
            play_form(phone, "hints", where="#react-actions")
            plan.seen["proposed"] = True
            return True
        if hints["on"] and not hints["given"] and not hints["announced"]:
            phone = self.phone_of[gm]
            assert "announce_hint" in offered(phone, "#react-actions"), offered(phone, "#react-actions")
            play_form(phone, "announce_hint", where="#react-actions")
            return True
        return False

    # a move the game waits for
    def move(self, plan: Plan, pub: dict, seat: int, phone):
        kinds = offered(phone)
        possible = still_possible(plan.notebook, pub)
        assert possible, "the players' notebook lost the rule"
        rnd = pub["round"]
        if "hints" in kinds:                                   # the vote: everyone agrees
            play_form(phone, "hints", {"agree": True})
            if not plan.seen.get("vote-shot"):
                plan.seen["vote-shot"] = True
                self.shot(self.evening.tablet, f"r{rnd}-hint-vote")
        elif "give_hint" in kinds:
            play_form(phone, "give_hint", {"text": plan.hint_text})
            self.view()
            wait_js(self.evening.tablet, "document.getElementById('game-area').textContent.includes("
                    f"{plan.hint_text[:12]!r})")
            self.shot(self.evening.tablet, f"r{rnd}-hint-given")
        elif "judge" in kinds:
            fits = plan.truth.fits(BY_CODE[pub["pending"]["card"]], situation(pub))
            on_screen(phone.locator(".wtr-pending"), "the card to judge")
            if not plan.seen.get("judge-shot"):
                plan.seen["judge-shot"] = True
                self.shot(phone, f"r{rnd}-gm-judges-card")
            play_form(phone, "judge", {"fits": fits})
        elif "judge_guess" in kinds:
            guess = pub["guesses"][-1]["text"]
            truth = [c for c in plan.notebook if c.rule.text == plan.truth.text or
                     equivalent_here(c.rule, plan.truth)]
            right = any(guess in (c.sentence("en"), c.sentence("de")) for c in truth)
            # the judge card: the guess in large type right above yes / no, on the first screen
            judged = phone.locator('#actions form[data-type="judge_guess"]')
            assert guess in judged.locator(".wtr-judge-guess").inner_text(), \
                f"the GM's judge card does not show the guess {guess!r}"
            on_screen(judged, "the guess to judge with its yes / no")
            self.shot(phone, f"r{rnd}-gm-judges-guess-{len(pub['guesses'])}")
            play_form(phone, "judge_guess", {"right": right})
            self.log.append(f"{self.name_of[guess_seat(pub)]} guessed “{guess}”: {right}")
        elif "judge_reveal" in kinds:
            fitting = [c for c in pub["pending"]["cards"]
                       if plan.truth.fits(BY_CODE[c], situation(pub))]
            play_form(phone, "judge_reveal", {"card": fitting[0] if fitting else "none"})
        elif "reveal_card" in kinds:
            pending = pub["pending"]
            hand = plan.seen.setdefault("hand", misfits(possible[0].rule, pub, pending["size"]))
            code = hand[len(pending["cards"])]
            enter_card(phone, "reveal_card", code)
            if len(pending["cards"]) + 1 == pending["size"]:
                self.after_showing(plan, seat)
        elif "guess" in kinds:
            self.guess_or_not(plan, pub, seat, phone, possible)
        elif "play" in kinds:
            if plan.show_hand and len(possible) == 1 and "hand" not in plan.seen:
                hand = plan.seen["hand"] = misfits(possible[0].rule, pub, pub["hands"][str(seat)])
                self.show_hand(phone, hand, rnd)
                self.after_showing(plan, seat)
                return
            code = best_card(possible, pub)
            first = not plan.seen.get("play-shot")
            if first:
                self.first_play(pub)
            # (the first card of the game: the phone's form holds no earlier card)
            enter_card(phone, "play", code, fresh=first and rnd == 1)
            if first:
                plan.seen["play-shot"] = True
                self.shot(self.evening.tablet, f"r{rnd}-first-card")
        else:
            raise AssertionError(f"{self.name_of[seat]} must move but is offered {kinds}")

    def first_play(self, pub: dict):
        """Before a round's first card: the table shows the draw pile, and a
        seated game master has no card to play."""
        pile = BY_LANG[self.tablet_lang]["ui.pile"].format(pile=pub["pile"])
        assert pile in self.evening.tablet.locator("#game-area").inner_text(), f"the table does not say {pile!r}"
        if pub["master"] == "seat":
            assert "play" not in offered(self.phone_of[pub["gm"]]), "the game master may play a card"

    def guess_or_not(self, plan: Plan, pub: dict, seat: int, phone, possible: list[Candidate]):
        rnd = pub["round"]
        shown_none = plan.seen.get("hand") and not plan.seen.get("guessed_after_hand")
        hunch = plan.hunch and not pub["guesses"]      # the first to get a card in tries her luck
        if (len(possible) > 3 and not hunch) or (plan.show_hand and "hand" not in plan.seen):
            play_form(phone, "no_guess")
            return
        pick = possible[-1]          # a hunch among the last few
        lang = self.lang_of[seat]
        form = phone.locator('#actions form[data-type="guess"]')
        if plan.text_guesses:
            form.locator('[data-field="text"] input').fill(pick.sentence(lang))
        else:
            written = (plan.hunch_rule if hunch and plan.hunch_rule
                       else with_a_start(pick) if plan.natural else pick.rule.text)
            form.locator('[data-field="rule"] input').fill(written)
            read_in_words(phone, written, BY_LANG[lang])
        n = len(pub["guesses"]) + 1
        form.scroll_into_view_if_needed()
        self.shot(phone, f"r{rnd}-guess-{n}")
        version = phone.evaluate("Number(document.body.dataset.version)")
        form.locator('button[type="submit"]').tap()
        answer(phone, version)
        if shown_none:
            plan.seen["guessed_after_hand"] = True

    def show_hand(self, phone, hand: list[str], rnd: int):
        """The whole hand through the grid of card faces: one tap per card
        (a second tap on a card for its second copy), then one send; the
        confirm names every card."""
        form = phone.locator('#actions form[data-type="reveal"]')
        go = form.locator('button[type="submit"]')
        assert go.is_disabled(), "the hand can be sent before every card is chosen"
        for i, code in enumerate(hand):
            form.locator(f'button.wtr-pick[data-code="{code}"]').tap()
            count = form.locator(".wtr-count").inner_text()
            assert str(i + 1) in count and str(len(hand)) in count, count
        if len(set(hand)) < len(hand):
            assert form.locator(".wtr-badge:visible").count() == len(hand) - len(set(hand))
        go.scroll_into_view_if_needed()
        self.shot(phone, f"r{rnd}-reveal-grid")
        version = phone.evaluate("Number(document.body.dataset.version)")
        phone.evaluate("document.getElementById('toast').hidden = true")
        go.tap()
        wait_js(phone, "!!document.querySelector('#confirm[open]')")
        lang = self.lang_of[next(s for s, p in self.phone_of.items() if p is phone)]
        asked = phone.locator("#confirm-text").inner_text()
        for code in set(hand):
            assert BY_LANG[lang][f"value.{code}"] in asked, f"the confirm does not name {code}: {asked}"
        answer(phone, version)
        assert phone.locator("#toast").is_hidden(), phone.locator("#toast").inner_text()

    def after_showing(self, plan: Plan, seat: int):
        """None of the shown cards fits: the table says so, and must not say
        the card fits (issue #25)."""
        tablet = self.evening.tablet
        name = self.name_of[seat]
        news = EN["ui.reveal_none_fits"].format(name=name)
        try:   # announced in the middle of the table (it stays a few seconds, then goes to the log)
            tablet.locator("#announce", has_text=news).wait_for(timeout=10_000)
        except Exception as exc:
            raise AssertionError(f"the table does not announce {news!r}: "
                                 f"{tablet.locator('#announce').all_inner_texts()}") from exc
        view = self.view()
        pub = view["public"]
        assert pub["phase"] == "guess" and pub["turn"] == seat, (pub["phase"], pub["turn"])
        step = tablet.locator("#step").inner_text()
        assert name in step, f"the headline does not name {name}: {step!r}"
        for wrong in (EN["ui.fits"], DE["ui.fits"], "card fits", "Karte passt"):
            assert wrong not in step, f"after a hand that does not fit the headline says {step!r}"
        self.shot(tablet, f"r{pub['round']}-none-fits")
        self.shot(self.phone_of[seat], f"r{pub['round']}-none-fits-phone")


def enter_card(phone, action_type: str, code: str, fresh=False):
    """The four quick pickers, each tapped (the form may still show the last
    card entered: the driver's ``fill_form`` would keep it), then send.
    ``fresh``: the form holds no earlier card, and draws none after one tap
    (nothing is preselected)."""
    form = phone.locator(f'#actions form[data-type="{action_type}"]')
    for i, (name, value) in enumerate(card(code).items()):
        form.locator(f'[data-field="{name}"] button.choice[data-value=\'{json.dumps(value)}\']').tap()
        if fresh and i == 0:
            assert not form.locator(".wtr-preview").count(), "a card is drawn after one of four taps"
    go = form.locator('button[type="submit"]')
    said = BY_LANG[phone.evaluate("document.documentElement.lang")][f"value.{code}"]
    try:   # the card the pickers describe, drawn above the send button
        form.locator(".wtr-preview", has_text=said).wait_for(timeout=5000)
    except Exception as exc:
        raise AssertionError(f"the card drawn above send is not {said!r}: "
                             f"{form.locator('.wtr-preview').all_inner_texts()}") from exc
    version = phone.evaluate("Number(document.body.dataset.version)")
    phone.evaluate("document.getElementById('toast').hidden = true")
    go.tap()
    answer(phone, version)
    toast = phone.locator("#toast")
    assert toast.is_hidden(), f"{action_type} {code} refused: {toast.inner_text()}"


def read_in_words(phone, rule: str, texts: dict):
    """A guess is read back in words under its field before it is sent:
    once the words are there ("…" until the phone has fetched them, the
    first time it reads a rule), saying each property of the card the
    rule reads."""
    head = json.dumps(texts["words.fits_when"])
    wait_js(phone, "(document.querySelector('form[data-type=\"guess\"] .wtr-words') || {textContent: ''})"
                   f".textContent.startsWith({head})")
    said = " ".join(phone.locator('#actions form[data-type="guess"] .wtr-words li').all_inner_texts())
    for attribute in read_of_the_card(parse(rule).tree):
        assert texts[f"words.attr_{attribute}"] in said, (rule, attribute, said)


def read_of_the_card(node: tuple) -> set[str]:
    """The properties of the card itself a rule names (not the card before's)."""
    return {node[1]} if node[0] == "attr" else set().union(*map(read_of_the_card, children(node)))


def on_screen(locator, what: str):
    """``locator`` is on the phone's first screen (no scrolling to find it)."""
    box = locator.bounding_box()
    height = locator.page.viewport_size["height"]
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, \
        f"{what} is not on the first screen (at {box}, the screen is {height} high)"


def equivalent_here(a: Rule, b: Rule) -> bool:
    from companion.games.what_the_rule.equivalence import equivalent
    return equivalent(a, b)


def guess_seat(pub: dict) -> int:
    return pub["guesses"][-1]["seat"]


def readable(page, name):
    """No raw placeholder, "(s)", or programmer's value on the page, no text
    of the game or its words the page could not find; German pages quote
    with „…“."""
    text = page.locator("body").inner_text()
    found = RAW.findall(text)
    assert not found, f"{name}: raw text on the page: {found}"
    lang, missing = page.evaluate("[document.documentElement.lang, Array.from(Companion.missingTexts || [])]")
    missing = [m for m in missing if "what_the_rule" in m or m.startswith(("ui.", "words."))]
    assert not missing, f"{name}: missing texts {missing}"
    if lang == "de":
        bad = [q for q in re.findall(r'.{0,20}"[^"\n]{1,40}"', text)]
        assert not bad, f"{name}: straight quotes on a German page: {bad}"


def explained(table: Table, rnd: int, result: dict, start: bool, wrong: str = "", parted_too=True):
    """Issue #38 on the table's rule reveal: how the app read the start of
    the row; for a guess right only at the start, why it was right
    (``start``); for each guess still wrong, where it and the rule part
    ways, drawn and in words (``wrong``: one such sentence exactly)."""
    tablet = table.evening.tablet
    texts = BY_LANG[table.tablet_lang]
    box = tablet.locator(".wtr-rule")
    first = texts["ui.r_first"].format(what=say(reading(parse(result["rule"]["rule"]))["first"], texts))
    box.locator(".wtr-reading", has_text=first).wait_for(timeout=10_000)
    if start:
        assert result.get("start") is True, result
        note = texts["log.guess_right_start"].format(seat=table.name_of[result["guesser"]])
        assert note in box.inner_text(), f"the reveal does not say why the guess was right: {box.inner_text()}"
        log = [line["text"] for line in table.evening.public()["log"]]     # (read in English)
        said = EN["log.guess_right_start"].format(seat=table.name_of[result["guesser"]])
        assert said in log and any(line.startswith("By the rule, the first card: ") for line in log), log[-12:]
    parted = result.get("parted") or []
    assert parted or not parted_too, f"round {rnd}: no wrong guess to explain"
    items = box.locator(".wtr-parted")
    if parted:
        items.first.wait_for(timeout=10_000)
    assert items.count() == len(parted), (items.count(), parted)
    for item, entry in zip(items.all(), parted):
        said = item.inner_text()
        way = texts["log.way_rule" if entry["secret_fits"] else "log.way_guess"]
        assert shown(entry["rule"], table.tablet_lang) in said and way in said, said
        assert item.locator("svg.wtr-card").count() >= 1, "the card where they part ways is not drawn"
    if wrong:
        assert any(wrong in item.inner_text() for item in items.all()), \
            (wrong, [item.inner_text() for item in items.all()])
    box.scroll_into_view_if_needed()
    table_shot(table.evening, f"r{rnd}-explained")      # (the announcement clicked away)
    readable(tablet, f"r{rnd}-explained")


def round_over(table: Table, rnd: int):
    """The table shows the rule of the round that ended, and who found it."""
    view = table.view()
    result = view["public"]["results"][rnd - 1] if view["public"]["results"] else None
    assert result is not None, f"round {rnd} has no result"
    assert result["reason"] == "guessed", f"round {rnd} ended by {result['reason']}, not found"
    tablet = table.evening.tablet
    box = tablet.locator(".wtr-rule")
    box.wait_for()
    text = box.inner_text()
    rule = result["rule"]
    said = shown(rule["rule"], table.tablet_lang) if "rule" in rule else rule["text"]
    assert said in text, (rule, text)
    texts = BY_LANG[table.tablet_lang]
    assert texts["ui.found_by"].format(name=table.name_of[result["guesser"]]) in text, text
    assert texts["ui.the_rule_was"] in box.text_content(), text
    table.shot(tablet, f"r{rnd}-over")
    return result


# --- the tests ----------------------------------------------------------------------

def test_a_seated_game_master_played_through(server, browser):
    names = ["Anna", "Ben", "Cara"]
    langs = ("de", "en")
    evening = Evening(browser, server, "what_the_rule", names, langs,
                      options={"master": "seat", "rounds": 2, "scoring": True}, prefix="wtr-seat")
    phone_langs = [langs[(i + 1) % len(langs)] for i in range(len(names))]
    table = Table(evening, names, phone_langs, tablet_lang=langs[0])
    evening.start()
    white = "color == white"
    plans = [
        Plan(candidates(1), gm="Cara", name_gm=True, seal={"text": "Every card is white."},
             truth=parse(white), hints=True, hint_text="Look at the colours.", text_guesses=True,
             hunch=True),
        # issue #38: Anna's phone reads "1, 2, … 6, then 1" back as she typed it first
        # ("The first card: any card") and she seals the rule with its start instead
        Plan(candidates(2), gm="Anna", seal={"rule": "count == n % 6 + 1"},
             first_try=ASCENDING_AS_SAID, words="The first card: Count 1",
             hunch=True, hunch_rule="count == prev.count + 1", natural=True),
    ]
    for rnd, plan in enumerate(plans, 1):
        table.play_round(plan, rnd)
        result = round_over(table, rnd)
        assert table.name_of[result["gm"]] == plan.gm, result
        assert result["points"], "a round with three players is scored"
        if rnd == 2:
            hunch = next(p for p in result["parted"] if p["rule"] == "count == prev.count + 1")
            wrong = DE["log.parted"].format(seat=table.name_of[hunch["seat"]], rule=shown(hunch["rule"], "de"),
                                            row="1, 2, 3, 4, 5, 6", card="1", way=DE["log.way_rule"])
            explained(table, rnd, result, start=True, wrong=wrong)
    first, second = evening.public()["public"]["results"]
    assert first["hinted"], "the hint given in round 1 was not counted"
    assert first["rule"]["kind"] == "text" and second["rule"]["kind"] == "expr", (first, second)
    verdicts = [line.rsplit(": ", 1)[1] for line in table.log]
    assert verdicts[-1] == "True" and "False" in verdicts, \
        f"the game master should have judged a wrong guess, then the right one: {table.log}"
    evening.finish()
    readable(evening.tablet, "end")


def test_the_app_as_game_master_played_through(server, browser):
    names = ["Anna", "Ben"]
    langs = ("en", "de")
    evening = Evening(browser, server, "what_the_rule", names, langs,
                      options={"master": "app", "rounds": 2}, prefix="wtr-app")
    phone_langs = [langs[(i + 1) % len(langs)] for i in range(len(names))]
    table = Table(evening, names, phone_langs, tablet_lang=langs[0])
    evening.start()
    plans = [
        Plan(candidates(1), level=1, show_hand=True, hunch=True,
             hunch_rule="count == 6 and color == prev.color"),
        Plan(candidates(2), level=2, host_draws=True, natural=True),
    ]
    for rnd, plan in enumerate(plans, 1):
        table.play_round(plan, rnd)
        result = round_over(table, rnd)
        if plan.show_hand:
            assert "guessed_after_hand" in plan.seen, "nobody guessed after showing a hand that missed"
        # round 1: the hunch explained; round 2: found as a game master judges
        explained(table, rnd, result, start=rnd == 2, parted_too=rnd == 1)
    evening.finish()
    readable(evening.tablet, "end")
