"""HOAX variants in real Chromium: the create page offers the original HOAX
(§12.1) and the second identity (§12.3); in the original a player out reads
no "next round" and the end shows no points.  Each variant is played from
its start (no start covers in the original, the Trader covered for
everyone; covers as usual with the second identity) in
test_playthrough_hoax.py."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import SCREENS

NAMES = ["Sylvia", "Christian", "Petra"]
LABELS = {"original_hoax": "The original HOAX of 1981",
          "second_identity": "The second identity (3–4 players)"}

HELP = {"original_hoax": "No Trader, no throne points", "second_identity": "2 throne points"}


def test_create_page_offers_both_variants(server, browser, shoot):
    from tests.browser.conftest import TABLET, new_page
    page = new_page(browser, TABLET)
    page.goto(server.url + "/")
    page.locator('button[data-game="hoax"]').click()
    for name, label in LABELS.items():
        box = page.locator(f"#opt-{name}")
        assert box.get_attribute("type") == "checkbox" and not box.is_checked()
        assert label in page.locator("label.option", has=box).text_content()
        # the one-line explanation (option.<name>.help) under the label
        expect(page.locator(f"#opt-{name}-help")).to_contain_text(HELP[name])
    shoot(page, "hoax-variants-create")


def test_original_hoax_out_and_end_say_no_next_round_and_no_points(server, browser):
    """The original HOAX (issue #45): a player out reads no "next round"
    (there is none), and the end shows no points (the variant has none:
    no "Scores 0 · 0 · 0"), only who won and the evening; both languages."""
    from tests.browser.conftest import seat_phone, wait_js
    from tests.browser.test_table_board import Room
    room = Room(server, "hoax", NAMES + ["Gregor"], {"original_hoax": True})
    room.host_act({"type": "start", "first": 0})
    ident = {s: room.view(t)["you"]["secret"]["identity"] for s, t in room.tokens.items()}
    # Petra accuses Gregor of an identity he is not: she is out
    accuse = next(t for t in room.view(room.tokens[2])["actions"] if t["type"] == "accuse" and t["fields"]["target"] == [3])
    wrong = next(i for i in accuse["fields"]["identity"] if i != ident[3])
    assert room.act(room.tokens[2], {"type": "accuse", "target": 3, "identity": wrong})["ok"]
    for lang, wrong_words, right_words in (("en", "in the next round", "only this one round"),
                                           ("de", "in der nächsten Runde", "nur diese eine Runde")):
        petra = seat_phone(browser, server, room, 2, lang=lang)
        wait_js(petra, "!!document.getElementById('explain-now')")
        said = petra.locator("#explain-now").inner_text()
        assert right_words in said and wrong_words not in said, said
        petra.context.close()
    # Sylvia claims what she is; the doubt goes through, so she wins the game
    claim = next(t for t in room.view(room.tokens[0])["actions"]
                 if t["type"] == "claim" and t["fields"]["identity"] == [ident[0]])
    action = {"type": "claim", **{n: v[0] for n, v in claim["fields"].items()}}
    answer = room.act(room.tokens[0], action)
    assert answer["ok"], answer
    cid = room.view()["public"]["claims"][-1]["id"]
    for s in (1, 3):
        if room.view()["status"] == "playing":
            assert room.act(room.tokens[s], {"type": "doubt", "claim": cid})["ok"]
    assert room.view()["status"] == "finished" and room.view()["winners"] == [0]
    for lang, heading in (("en", "Scores"), ("de", "Punkte")):
        sylvia = seat_phone(browser, server, room, 0, lang=lang)
        wait_js(sylvia, "!document.getElementById('ending').hidden")
        sylvia.screenshot(path=str(SCREENS / f"hoax-original-end-phone-{lang}.png"))
        ending = sylvia.locator("#ending").inner_text()
        assert heading not in ending and not sylvia.locator("#ending .score:visible").count(), ending
        assert "Sylvia" in ending, ending   # the evening's wins still name everyone
        sylvia.context.close()
