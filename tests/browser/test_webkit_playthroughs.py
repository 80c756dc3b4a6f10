"""Every game and mode played through with the phones in WebKit (issue #42):
the iPhone's engine, as Debian's WebKitGTK, beside the tablet in Chromium.

Nothing here is a copy of a play-through: each test of the
``test_playthrough_*`` modules (every parametrized mode of it) runs again,
unchanged, with its ``Evening`` handing out WebKit phones
(``webkit.WebKitPhone``) instead of Chromium pages.  So every move is what
the Chromium play-through makes: public moves by taps, every secret choice
by the one-thumb gesture on the reveal bar (hold, slide onto the choice,
let go), start to end.  WebKitGTK delivers the W3C touch actions as a mouse
(see ``webkit.py``): each gesture is one pointer pressed on the bar, moved
onto the choice and released there.

By default each game plays once in WebKit, in the mode with the most
secret choices (``BY_DEFAULT``); its other modes are marked ``slow``
(``scripts/test -m slow tests/browser/test_webkit_playthroughs.py``).

Any page error fails the test: the collector that ``webkit_shell.py`` runs
before the page's own scripts reports uncaught errors, unhandled
rejections, console.error, CSP refusals, failed resources and failed
fetches (what Chromium's console reports), read at every settle and at the
end.  Screenshots go to test-artifacts/screens/play-webkit-*.png."""
from __future__ import annotations

import time

import pytest

from tests.browser import (test_playthrough_eselsbruecke, test_playthrough_factum, test_playthrough_haiclue,
                           test_playthrough_hoax, test_playthrough_what_the_rule)
from tests.browser.conftest import PAGE_STATE
from tests.browser.playthrough import Evening
from tests.browser import webkit as engines
from tests.browser.webkit import PHONE

#: the fixtures this module uses
webkit, webkit_phones = engines.webkit, engines.webkit_phones

MODULES = [test_playthrough_haiclue, test_playthrough_factum, test_playthrough_hoax,
           test_playthrough_eselsbruecke, test_playthrough_what_the_rule]


@pytest.fixture(scope="module")
def server(unlimited_server):
    return unlimited_server


class WebKitEvening(Evening):
    """The play-throughs' ``Evening``, its phones in WebKit (the tablet
    stays in Chromium); fails on any WebKit page error."""

    def __init__(self, webkit, browser, server, game, names, langs=("en", "de"), options=None, prefix=None):
        # the phones' sessions start side by side before the room is made
        self._ready = iter(webkit.phones([langs[(i + 1) % len(langs)] for i in range(len(names))], PHONE))
        super().__init__(browser, server, game, names, langs, options, f"webkit-{prefix or game}")

    def page(self, size, lang):
        if size["width"] >= 600:
            return super().page(size, lang)
        phone = next(self._ready)
        assert phone.lang == lang, (phone.lang, lang)
        return phone

    def webkit_errors(self) -> list[str]:
        return [f"webkit phone {i} ({phone.lang}): {line}"
                for i, phone in enumerate(getattr(self, "phones", [])) for line in phone.errors()]

    def settle(self):
        super().settle()
        errors = self.webkit_errors()
        assert not errors, errors

    def finish(self, winners_expected=True):
        self.errors.extend(self.webkit_errors())
        super().finish(winners_expected)


#: the mode of each game that runs by default: the one with the most secret
#: choices made by the gesture (HOAX's covers, shows and accusation;
#: Eselsbrücke's digital lays; What the Rule?!'s game master holding her
#: rule).  Every other mode is marked ``slow`` (``-m slow`` runs them):
#: the twelve together cost about fifteen minutes of the two cores,
#: these five about four (README, "The two commands")
BY_DEFAULT = {"haiclue-two", "factum", "hoax-defaults", "eselsbruecke-digital",
              "what_the_rule-a_seated_game_master_played_through"}


def cases():
    """Every play-through test of every module, with each of its modes."""
    for case in _cases():
        if case.id not in BY_DEFAULT:
            case = pytest.param(*case.values, id=case.id, marks=pytest.mark.slow)
        yield case


def _cases():
    for module in MODULES:
        for name, test in vars(module).items():
            if not (name.startswith("test_") and callable(test)):
                continue
            marks = [m for m in getattr(test, "pytestmark", []) if m.name == "parametrize"]
            short = module.__name__.rsplit(".test_playthrough_", 1)[1]
            if not marks:
                tests = [n for n in vars(module) if n.startswith("test_")]
                label = short if len(tests) == 1 else f"{short}-{name[len('test_'):]}"
                yield pytest.param(module, test, {}, id=label)
                continue
            (mark,) = marks
            names = [n.strip() for n in mark.args[0].split(",")] if isinstance(mark.args[0], str) else mark.args[0]
            ids = mark.kwargs.get("ids")
            for i, values in enumerate(mark.args[1]):
                values = values if len(names) > 1 else (values,)
                label = ids[i] if ids else "-".join(str(v) for v in values)
                yield pytest.param(module, test, dict(zip(names, values)), id=f"{short}-{label}")


#: seconds each WebKit play-through took (printed at the end of the module)
TIMES: dict[str, float] = {}


@pytest.mark.parametrize("module,test,params", list(cases()))
def test_played_through_with_webkit_phones(server, browser, webkit_phones, monkeypatch, request,
                                           module, test, params):
    made: list[WebKitEvening] = []

    def evening(*args, **kwargs):
        made.append(WebKitEvening(webkit_phones, *args, **kwargs))
        return made[-1]

    monkeypatch.setattr(module, "Evening", evening)
    started = time.monotonic()
    try:
        test(server, browser, **params)
    except BaseException as failure:
        # what each WebKit phone showed, and its page errors (CI keeps no screenshots)
        said = []
        for e in made:
            for i, phone in enumerate(e.phones if hasattr(e, "phones") else []):
                try:
                    said.append(f"webkit phone {i} {phone.url}: {phone.evaluate(PAGE_STATE)}")
                except Exception as err:
                    said.append(f"webkit phone {i}: {type(err).__name__}")
            said.extend(e.webkit_errors())
        if said:
            failure.add_note("\n".join(said))
        raise
    TIMES[request.node.callspec.id] = time.monotonic() - started
    assert made and all(phone.engine == "webkit" for e in made for phone in e.phones)


@pytest.fixture(scope="module", autouse=True)
def report_times():
    yield
    if TIMES:
        print("\nWebKit play-throughs (s): " + ", ".join(f"{k} {v:.0f}" for k, v in TIMES.items()))



def test_every_game_plays_in_webkit_by_default():
    """A renamed mode must not drop its game from the default run."""
    ids = {case.id for case in _cases()}
    assert BY_DEFAULT <= ids, BY_DEFAULT - ids
    for module in MODULES:
        short = module.__name__.rsplit(".test_playthrough_", 1)[1]
        assert any(i == short or i.startswith(short + "-") for i in BY_DEFAULT), short
