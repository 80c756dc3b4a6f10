"""Die Erben von HOAX played through from the create page to the evening's
standings, through the screens only (issue #25): the defaults and each
variant (the original HOAX of 1981, the second identity, strict doubting,
the large group with seven players), the tablets alternating German and
English (the driver alternates the phones).

The players' policy drives every game to its end:
* every secret choice (start cover, cover on a new card, the answer to an
  information purchase, the accusation) is made on the phone's sheet with
  one thumb; a player who claims first looks at its own identity under the
  reveal and claims it truthfully;
* in each round one player — the leader in throne points — is the "hero":
  every other player's claim is doubted and the doubt carried, so they are
  proven truthful (+3, out; with the second identity first +2 and a new
  card); in the final the hero's claim is doubted (the hero wins the final)
  — or, when four points would do, the hero buys information (the opponent
  covers all but its own identity) and accuses the one identity left;
* once per game the first turn buys information (the target shows on its
  sheet), and in the default game the first claim is declared illegal and
  a doubt against it collapses (the others decline);
* the original HOAX: a claim nobody doubts, information bought after it, an
  accusation out of turn, then a doubt against a truthful claim wins.

What moves the game is touches on the phones and clicks on the tablet;
``Evening.public`` is read for the policy's public facts (points, whose
turn, the open claims: all on the table screen) and for assertions."""
from __future__ import annotations

import pytest

from tests.browser.conftest import SCREENS, hold, release, wait_js
from tests.browser.conftest import pick_secret
from tests.browser.playthrough import Evening, must, offered, play_form

WIN = 10
#: the personal action a truthful claim uses (no field but the ones picked first)
ACTION = {"baron": "gold", "monk": "wine", "judge": "grain", "trader": "gold",
          "magician": "enchant", "thief": "steal", "farmer": "grain"}
IDENTITIES = list(ACTION)
NAMES = ["Sylvia", "Christian", "Petra", "Gregor", "Gaby", "Tom", "Uwe", "Vera"]
#: what the table's log says once it happened, in the tablet's language: the
#: start covers made, the original's deal without a Trader, a doubt carried,
#: an accusation
SAYS = {"en": {"covered": "All have covered", "no_trader": "There is no Trader",
               "doubt": "The doubt goes through", "accuse": " accuses "},
        "de": {"covered": "Alle haben abgedeckt", "no_trader": "Einen Händler gibt es nicht",
               "doubt": "Der Zweifel kommt durch", "accuse": " klagt "}}


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


# --- what a hand does and an eye sees on a phone ----------------------------
def own_identity(phone) -> str:
    """The identity the phone shows while its bar is held."""
    hold(phone)
    strong = phone.locator('#secret-items .secret-item[data-key="identity"] strong')
    assert strong.count(), "the held sheet shows no identity: " + phone.locator("#secret-items").inner_text()
    classes = strong.first.get_attribute("class") or ""
    release(phone)
    return next(c[len("value-"):] for c in classes.split() if c.startswith("value-"))


def cover_choices(phone) -> list[str]:
    """The identities the held sheet offers to cover."""
    hold(phone)
    values = phone.locator('#secret-actions [data-type="cover"] [data-pick][data-value]').evaluate_all(
        "els => els.map((el) => JSON.parse(el.dataset.value))")
    release(phone)
    return values


def sheet_choices(phone, action_type) -> int:
    """How many choices the held sheet offers for the secret choice's next
    step (1 when nothing is left to choose: one button makes the action)."""
    hold(phone)
    card = phone.locator(f'#secret-actions [data-type="{action_type}"]')
    values = card.locator("[data-pick][data-value]").count()
    whole = card.locator("[data-pick][data-ends]:not([data-value])").count()
    release(phone)
    return values or whole


def refused(phone) -> str:
    """A refusal the phone shows (its toast), else ''."""
    toast = phone.locator("#toast")
    return toast.inner_text() if toast.count() and toast.is_visible() else ""


class Hoax:
    """One HOAX evening and the policy its players follow."""

    def __init__(self, evening: Evening, names: list[str], mode: str, lang: str):
        self.evening, self.mode, self.says = evening, mode, SAYS[lang]
        seats = {s["name"]: s["seat"] for s in evening.public()["seats"]}
        self.phone = {seats[name]: phone for name, phone in zip(names, evening.phones)}
        self.name = {seat: name for name, seat in seats.items()}
        self.hero_of: dict[int, int] = {}      # round -> its hero
        self.judged: set[int] = set()          # claims the table has looked at
        self.bought = False                    # the game's first information purchase
        self.final_bought: set[int] = set()    # rounds whose final saw a purchase by the hero
        self.collapse_claim = None             # the claim whose doubt the others decline
        self.accused = False                   # the original HOAX: the accusation out of turn
        self.seen: dict[str, int] = {}         # what happened, for the assertions
        self.said: set[str] = set()            # what of it the table's log said (SAYS)
        self.checked: set[str] = set()         # the checks made once a game
        self.shots: set[str] = set()

    # --- bookkeeping ------------------------------------------------------
    def count(self, what, n=1):
        self.seen[what] = self.seen.get(what, 0) + n

    def shot_once(self, page, what, held=False):
        if what in self.shots:
            return
        self.shots.add(what)
        if held:
            hold(page)
        self.evening.shot(page, what)
        if held:
            release(page)

    def read_log(self, log=None):
        """The table's log says what happened: read (``log``, else the
        tablet's) until each thing seen is said, as it keeps only its last
        150 lines."""
        owed = [what for what in self.says if self.seen.get(what) and what not in self.said]
        if owed:
            log = self.evening.tablet.locator("#log").inner_text() if log is None else log
            self.said.update(what for what in owed if self.says[what] in log)

    def done(self, phone, what):
        """The action went through: no refusal shown."""
        message = refused(phone)
        assert not message, f"{what} was refused on the phone: {message}"

    @staticmethod
    def in_round(pub) -> list[int]:
        return [p["seat"] for p in pub["players"] if p["in_round"]]

    @staticmethod
    def points(pub) -> dict[int, int]:
        return {p["seat"]: p["points"] for p in pub["players"]}

    def next_after(self, pub, seat) -> int:
        order, ins = pub["order"], self.in_round(pub)
        i = order.index(seat)
        return next(order[(i + d) % len(order)] for d in range(1, len(order) + 1)
                    if order[(i + d) % len(order)] in ins and order[(i + d) % len(order)] != seat)

    def hero(self, pub) -> int:
        """The round's leader in throne points (the lowest seat of a tie)."""
        r = pub["round"]
        if r not in self.hero_of:
            pts = self.points(pub)
            self.hero_of[r] = max(pub["order"], key=lambda s: (pts[s], -s))
        return self.hero_of[r]

    # --- the game ---------------------------------------------------------
    def play(self, steps=400):
        for _ in range(steps):
            view = self.evening.public()
            if view["status"] == "finished":
                return view
            self.evening.settle()
            pub = view["public"]
            if pub["step"] != "cover":   # the start covers are made (the original has none)
                self.seen.setdefault("covered" if self.mode != "original_hoax" else "no_trader", 1)
            self.read_log()
            if pub.get("final"):
                self.count(f"final-{pub['round']}")
                self.shot_once(self.evening.tablet, f"tablet-final-{pub['round']}")
            if pub["round"] == 2:
                self.shot_once(self.evening.tablet, "tablet-round-2")
            step = pub["step"]
            if step == "cover":
                self.cover(pub)
            elif step == "show":
                self.show(pub)
            elif step == "doubt":
                self.answer_doubt(pub)
            else:
                self.turn(pub)
        raise AssertionError(f"the game did not end in {steps} steps: {self.seen}")

    def cover(self, pub):
        """Every phone that must cover (the start covers, a new card's)."""
        waiting = [s for s, phone in self.phone.items() if must(phone)]
        assert waiting, f"the covers wait, but no phone says 'your move': {pub['players']}"
        s = waiting[0]
        phone = self.phone[s]
        self.shot_once(phone, "phone-cover-held", held=True)
        if "cover list" not in self.checked:   # one's own identity is not offered (looked at once)
            self.checked.add("cover list")
            own = own_identity(phone)
            listed = cover_choices(phone)
            assert listed and own not in listed, f"{self.name[s]}, the {own}, may cover {listed}"
        if pub.get("recover"):
            self.count("recover")
            self.shot_once(self.evening.tablet, "tablet-recover")
        # players cover different identities (one's own is not offered: then the first)
        pick_secret(phone, "cover", value=IDENTITIES[(s + pub["round"] + len(pub["players"][s]["covers"])) % 7])
        self.done(phone, "the cover")

    def show(self, pub):
        target = pub["pending"]["target"]
        phone = self.phone[target]
        assert must(phone), f"{self.name[target]} must answer the purchase, the phone does not say so"
        self.shot_once(phone, "phone-show-held", held=True)
        self.shot_once(self.evening.tablet, "tablet-show")
        pick_secret(phone, "show")
        self.done(phone, "the answer to the purchase")
        self.count("show")

    def answer_doubt(self, pub):
        claim = next(c for c in pub["claims"] if c["id"] == pub["doubt"])
        d = claim["doubt"]
        owed = [s for s in self.in_round(pub)
                if s != claim["seat"] and s not in d["supporters"] and s not in d["declined"]]
        saying = [s for s, phone in self.phone.items() if must(phone)]
        assert sorted(saying) == sorted(owed), \
            f"the doubt waits on {owed}, the phones saying 'your move' are {saying}"
        s = owed[0]
        phone = self.phone[s]
        self.shot_once(phone, "phone-doubt-answer")
        self.shot_once(self.evening.tablet, "tablet-doubt-open")
        if claim["id"] == self.collapse_claim:
            play_form(phone, "decline")
            self.done(phone, "declining the doubt")
        else:
            play_form(phone, "doubt")
            self.done(phone, "supporting the doubt")

    def turn(self, pub):
        t = pub["turn"]
        claim = None
        if t and t["type"] == "claim":
            claim = next((c for c in pub["claims"] if c["id"] == t["claim"]), None)
        if claim and claim["id"] not in self.judged:
            self.judged.add(claim["id"])
            self.shot_once(self.evening.tablet, "tablet-claim")
            if self.react(pub, claim):
                return
        if self.mode == "original_hoax" and self.original_extras(pub, t):
            return
        self.act(pub["to_move"], pub)

    # --- reactions to a claim -----------------------------------------------
    def react(self, pub, claim) -> bool:
        """The table's answer to a fresh claim; True if someone reacted."""
        claimant = claim["seat"]
        if self.mode == "defaults" and self.collapse_claim is None:
            # the first claim: declared illegal, doubted, and the doubt collapses
            others = [s for s in self.in_round(pub) if s != claimant]
            baron = next((s for s in others if "illegal" in offered(self.phone[s], "#react-actions")), None)
            if baron is not None:
                phone = self.phone[baron]
                play_form(phone, "illegal", where="#react-actions")
                self.done(phone, "the illegal declaration")
                self.count("illegal")
                self.evening.settle()
                self.shot_once(self.evening.tablet, "tablet-illegal")
            self.collapse_claim = claim["id"]
            self.raise_doubt(pub, claim, [s for s in others if s != baron] or others)
            return True
        if self.should_doubt(pub, claim):
            self.raise_doubt(pub, claim, [self.next_after(pub, claimant)])
            return True
        return False

    def should_doubt(self, pub, claim) -> bool:
        if self.mode == "original_hoax":
            return self.accused
        hero = self.hero(pub)
        return claim["seat"] == hero if pub["final"] else claim["seat"] != hero

    def raise_doubt(self, pub, claim, raisers):
        s = raisers[0]
        phone = self.phone[s]
        kinds = offered(phone, "#react-actions")
        assert "doubt" in kinds, f"{self.name[s]} may not doubt claim #{claim['id']}: offered {kinds}"
        self.shot_once(phone, "phone-react")
        play_form(phone, "doubt", {"claim": claim["id"]}, where="#react-actions")
        self.done(phone, "raising the doubt")
        self.count("doubt")

    # --- the turn's action ------------------------------------------------------
    def act(self, s, pub):
        phone = self.phone[s]
        assert must(phone), f"{self.name[s]} is on turn, the phone does not say 'your move'"
        kinds = offered(phone)
        assert "claim" in kinds, f"{self.name[s]} is on turn but is offered {kinds}"
        if "claim alone" not in self.checked:   # nobody else may claim (looked at once)
            self.checked.add("claim alone")
            others = [self.name[o] for o, other in self.phone.items() if o != s and "claim" in offered(other)]
            assert not others, f"{self.name[s]} is on turn, but {others} may claim too"
        self.shot_once(phone, "phone-turn")
        if self.mode != "original_hoax" and not self.bought:
            self.bought = True
            self.buy(phone, self.next_after(pub, s), 2)
            return
        hero = self.hero(pub)
        if self.mode != "original_hoax" and pub["final"] and s == hero \
                and self.points(pub)[hero] + 4 >= WIN:
            opponent = self.next_after(pub, s)
            if pub["round"] not in self.final_bought:
                self.final_bought.add(pub["round"])
                self.buy(phone, opponent, 5)
                return
            if sheet_choices(phone, "accuse") == 1:   # one identity left: the accusation cannot miss
                self.shot_once(phone, "phone-accuse-held", held=True)
                pick_secret(phone, "accuse")
                self.done(phone, "the accusation")
                self.count("accuse")
                return
        self.claim(phone, s)

    def buy(self, phone, target, trios):
        play_form(phone, "buy_info", {"target": target, "trios": trios})
        self.done(phone, "the information purchase")
        self.count("buy")

    def claim(self, phone, s):
        identity = own_identity(phone)
        play_form(phone, "claim", {"identity": identity, "action": ACTION[identity]})
        self.done(phone, f"the claim as {identity}")
        self.count("claim")

    # --- the original HOAX (§12.1): information after the action, accusations any time
    def original_extras(self, pub, t) -> bool:
        if not t:
            return False
        if not self.bought and t["type"] == "claim":
            buyer = t["player"]
            phone = self.phone[buyer]
            kinds = offered(phone, "#react-actions")
            assert "buy_info" in kinds, f"after the action, {self.name[buyer]} is offered {kinds}"
            self.bought = True
            play_form(phone, "buy_info", {"target": self.next_after(pub, buyer), "trios": 2},
                      where="#react-actions")
            self.done(phone, "the information purchase")
            self.count("buy")
            return True
        if not self.accused:
            # someone not on turn accuses a player out of turn (a guess)
            buyer = t["player"]
            target = self.next_after(pub, buyer)
            accuser = next(s for s in self.in_round(pub) if s not in (buyer, target))
            phone = self.phone[accuser]
            assert not must(phone), "an accusation in the original is never owed"
            self.shot_once(phone, "phone-accuse-held", held=True)
            pick_secret(phone, "accuse", choose={"target": target})
            self.done(phone, "the accusation out of turn")
            self.accused = True
            self.count("accuse")
            return True
        return False


# --- the modes ------------------------------------------------------------------
MODES = [
    # mode, options, players, tablet language first
    ("defaults", {}, 4, ("de", "en")),
    ("original_hoax", {"original_hoax": True}, 3, ("en", "de")),
    ("second_identity", {"second_identity": True}, 3, ("de", "en")),
    # explain mode (issue #29) is on for a room's first game; this one plays with it off
    ("strict_doubt", {"strict_doubt": True, "explain": False}, 5, ("en", "de")),
    ("large_group", {"large_group": True}, 7, ("de", "en")),
]


def start(evening: Evening, mode: str):
    """The host starts with the first seat as start player (the start
    asks to confirm), and every phone leaves the lobby: each says "your
    move" for its start cover, a secret choice (no open form), but in the
    original HOAX (no start covers)."""
    evening.host("start", {"first": 0})
    for phone in evening.phones:   # as Evening.start waits
        wait_js(phone, "document.body.dataset.status === 'playing' || "
                       "document.getElementById('todo').className.includes('now') || "
                       "!/lobby|Lobby/.test(document.getElementById('todo-text').textContent)")
    evening.settle()
    for i, phone in enumerate(evening.phones):
        assert "cover" not in offered(phone), f"phone {i} offers the cover openly"
        assert mode == "original_hoax" or must(phone), f"phone {i} does not say 'your move' at the covers"
    evening.shot(evening.tablet, "start")


@pytest.mark.parametrize("mode,options,players,langs", MODES, ids=[m[0] for m in MODES])
def test_hoax_played_through(server, browser, mode, options, players, langs):
    names = NAMES[:players]
    evening = Evening(browser, server, "hoax", names, langs, options=options,
                      prefix=f"hoax-{mode}")
    start(evening, mode)
    first = evening.public()["public"]
    game = Hoax(evening, names, mode, langs[0])
    end = game.play()
    # the table's whole log beside the screenshots, to read the game back
    evening.settle()
    log = evening.tablet.locator("#log").inner_text()
    (SCREENS / f"play-hoax-{mode}-log.txt").write_text(f"{game.seen}\n{log}\n")
    pub, seen = end["public"], game.seen
    game.read_log(log)
    assert game.said == {what for what in SAYS[langs[0]] if seen.get(what)} and "doubt" in game.said, \
        f"seen {seen}, the log said only {game.said}"
    # the variant is what was played
    assert pub["options"] == {"strict_doubt": mode == "strict_doubt", "large_group": mode == "large_group",
                              "original_hoax": mode == "original_hoax",
                              "second_identity": mode == "second_identity"}, pub["options"]
    assert pub["identities"], "the game's end shows no identities"
    winner = end["winners"][0]
    if mode == "original_hoax":
        assert first["step"] == "turn" and all(p["covers"] == ["trader"] for p in first["players"]), \
            f"the original begins with the Trader covered and no start cover: {first}"
        assert seen.get("accuse") and seen.get("buy"), seen
    else:
        assert first["step"] == "cover", first
        points = {p["seat"]: p["points"] for p in pub["players"]}
        assert points[winner] >= WIN, f"the winner {winner} has {points}"
        assert seen.get("buy") and seen.get("show"), f"no information bought and shown: {seen}"
        assert seen.get("final-1"), f"round 1 had no final: {seen}"
    if mode == "defaults":
        assert seen.get("illegal"), f"nobody could declare the first claim illegal: {seen}"
    if mode == "second_identity":
        assert seen.get("recover"), f"nobody played on with a second identity: {seen}"
    final_lines_say_winner_stays(log, [n for n in names])
    evening.finish()


OUT = ("leaves the round", "is out", "scheidet", "shows the card and leaves", "zeigt die Karte und scheidet")
UNLESS = ("Unless this is the final", "Außer im Finale")


def final_lines_say_winner_stays(log: str, names: list[str]):
    """No line of a final says its winner leaves the round (the final's
    wrong doubt shares its line with the doubt outside a final)."""
    lines = [line for line in log.split("\n") if line.strip() and not line.strip().isdigit()][::-1]
    final = None
    for line in lines:
        if line.startswith(("Final: ", "Finale: ")):
            final = []
        elif final is not None and (" wins the final against " in line or " gewinnt das Finale gegen " in line):
            winner = next(n for n in names if line.startswith(n + " "))
            says = [f"{winner} {w}" for w in OUT] + [f"scheidet {winner}"]
            wrong = [x for x in final if any(w in x for w in says) and not any(u in x for u in UNLESS)]
            assert not wrong, f"the log says the final's winner {winner} is out: {wrong}"
            final = None
        elif final is not None:
            final.append(line)
