"""HOAX explain mode (issue #29): at key positions, played with the game's
own moves, each phone and the table are told the right thing in both
languages, and the secret line carries the secret while ``now`` does not."""
from __future__ import annotations

import random

from companion.games.hoax import GAME
from companion.i18n import translate
from tests.harness import awaited

from .test_hoax_helpers import CHRISTIAN, GABY, GREGOR, PETRA, SYLVIA, TOM, act, make

NAMES = {SYLVIA: "Sylvia", CHRISTIAN: "Christian", PETRA: "Petra", GREGOR: "Gregor",
         GABY: "Gaby", TOM: "Tom"}
IDENTS = {SYLVIA: "magician", CHRISTIAN: "judge", PETRA: "trader",
          GREGOR: "baron", GABY: "thief", TOM: "monk"}
COVERS = {SYLVIA: "thief", CHRISTIAN: "thief", PETRA: "baron",
          GREGOR: "farmer", GABY: "judge", TOM: "thief"}


def told(st, viewer, lang="en"):
    """What explain mode says to ``viewer`` (None: the table), rendered."""
    actions = GAME.actions(st, viewer) if viewer is not None else GAME.host_actions(st)
    out = GAME.explain(GAME.view(st, viewer), viewer, actions,
                       awaited(GAME, st, st["seats"]))

    def say(lines):
        return " ".join(translate(lang, key, params, GAME, NAMES) for key, params in lines)

    return {"now": say(out.get("now") or []), "secret": say(out.get("secret") or []),
            "moves": {t: translate(lang, k, p, GAME, NAMES)
                      for t, (k, p) in (out.get("moves") or {}).items()}}


def table():
    return make(6, idents=dict(IDENTS), covers=dict(COVERS), first=GREGOR)


def test_start_covers_say_who_must_cover_and_keep_the_identity_secret():
    st, _ = GAME.setup(list(range(6)), {"first": GREGOR}, random.Random(3))
    for s, i in IDENTS.items():
        st["ident"][str(s)] = i
    st, _ = act(st, SYLVIA, type="cover", identity="thief")
    petra = told(st, PETRA)
    assert "cover one identity you are not" in petra["now"]
    assert "waits for you" in petra["now"]
    assert "Trader" not in petra["now"] and "You are the Trader" in petra["secret"]
    sylvia = told(st, SYLVIA)
    assert "You have covered the Thief" in sylvia["now"] and "Petra" in sylvia["now"]
    assert "Sylvia" not in sylvia["now"].split("Waiting for")[1]
    tablet = told(st, None)
    assert tablet["now"].startswith("Waiting for Christian, Petra, Gregor, Gaby, Tom to cover")
    assert "Gregor begins" in tablet["now"]
    de = told(st, PETRA, "de")
    assert "Decke eine Identität ab, die du nicht bist" in de["now"]
    assert "Du bist Händler" in de["secret"] and "Händler" not in de["now"]


def test_the_player_on_turn_is_told_it_is_their_move_and_what_each_option_does():
    st = table()
    gregor = told(st, GREGOR)
    assert gregor["now"].startswith("Claim an identity you have not covered")
    assert "You are the Baron" in gregor["secret"] and "Baron" not in gregor["now"]
    assert "3 throne points" in gregor["secret"]
    assert "doubters needed" not in gregor["moves"].get("accuse", "")
    # a waiting player is told whom the game waits for, and that it is not their move
    tom = told(st, TOM)
    assert "Gregor takes the first action of round 1" in tom["now"]
    assert "Claim an identity" not in tom["now"]
    assert told(st, None)["now"].startswith("Waiting for Gregor to take the first action of round 1")
    de = told(st, GREGOR, "de")
    assert de["now"].startswith("Gib dich als eine nicht abgedeckte Identität aus")


def test_a_tax_is_explained_with_its_stakes_and_optional_reactions():
    st = table()
    st, _ = act(st, GREGOR, type="claim", identity="baron", action="tax", resource="wine")
    sylvia = told(st, SYLVIA)
    assert "Gregor claims to be the Baron and levies a tax on wine" in sylvia["now"]
    assert "It hits you" in sylvia["now"] and "optional" in sylvia["now"]
    assert "Claim an identity" not in sylvia["now"]
    assert sylvia["moves"]["immunize"] == "As Magician: you pay or hand over nothing for Gregor's action."
    assert "Gregor" in sylvia["moves"]["illegal"]
    assert "3 throne points" in sylvia["moves"]["doubt"] and "3 doubters needed" in sylvia["moves"]["doubt"]
    # Gaby is next: she must act, and Gregor's action stays open until she does
    gaby = told(st, GABY)
    assert gaby["now"].startswith("Claim an identity") and "Gregor's action stays open" in gaby["now"]
    gregor = told(st, GREGOR)
    assert "nothing is required of you" in gregor["now"]
    tablet = told(st, None)
    assert "Waiting for Gaby to take an action" in tablet["now"]
    assert "react to Gregor's action" in tablet["now"]
    de = told(st, SYLVIA, "de")
    assert "Gregor gibt sich als Baron aus und erhebt Steuern auf Wein" in de["now"]
    assert "freiwillig" in de["now"]


def test_an_open_doubt_says_who_claimed_what_what_it_risks_and_that_one_may_let_it_pass():
    st = table()
    st, _ = act(st, GREGOR, type="claim", identity="baron", action="gold")
    cid = st["claims"][0]["id"]
    st, _ = act(st, CHRISTIAN, type="doubt", claim=cid)
    petra = told(st, PETRA)
    assert petra["now"].startswith("Christian doubts that Gregor is the Baron (1 of 3 doubters so far)")
    assert "let it pass" in petra["now"]
    assert "Gregor gets 3 throne points and leaves the round" in petra["now"]
    assert "let it pass" in petra["moves"]["decline"].lower()
    assert "Gregor is no Baron" in petra["moves"]["doubt"]
    # the claimant waits; only under the reveal is it said that the claim is true
    gregor = told(st, GREGOR)
    assert "doubts that you are the Baron" in gregor["now"]
    assert "really" not in gregor["now"]
    assert gregor["secret"].startswith("You really are the Baron")
    christian = told(st, CHRISTIAN)
    assert "Your doubt against Gregor" in christian["now"] and "withdraw" in christian["now"]
    tablet = told(st, None)
    assert "Sylvia, Petra, Gaby, Tom" in tablet["now"]
    de = told(st, PETRA, "de")
    assert de["now"].startswith("Christian zweifelt an, dass Gregor Baron ist (1 von 3 Zweiflern)")
    assert "Du bist wirklich Baron" in told(st, GREGOR, "de")["secret"]


def test_a_bluff_under_doubt_is_told_only_to_the_bluffer_under_the_reveal():
    st = table()
    st, _ = act(st, GREGOR, type="claim", identity="monk", action="wine")
    cid = st["claims"][0]["id"]
    st, _ = act(st, CHRISTIAN, type="doubt", claim=cid)
    gregor = told(st, GREGOR)
    assert gregor["secret"] == ("You are the Baron, not the Monk: if the doubt goes through, "
                                f"you cover the Monk and #{cid} is void.")
    assert "Baron" not in gregor["now"]


def test_a_voided_action_is_no_longer_said_to_lie_on_the_table():
    """Issue #40: after a right doubt the claimant's phone still read "Your
    action is on the table … the others may react to it or doubt it"."""
    st = table()
    st, _ = act(st, GREGOR, type="claim", identity="monk", action="wine")   # Gregor is the Baron
    cid = st["claims"][0]["id"]
    before = told(st, GREGOR)["now"]
    assert "Your action is on the table" in before
    for doubter in (CHRISTIAN, PETRA, SYLVIA):   # 3 of 6 carry it
        st, _ = act(st, doubter, type="doubt", claim=cid)
    assert st["claims"][0]["void"]
    for lang, stale, void in (("en", "on the table", "void"), ("de", "auf dem Tisch", "ungültig")):
        gregor = told(st, GREGOR, lang)["now"]
        assert stale not in gregor and void in gregor, gregor
    assert "until Gaby acts" in told(st, GREGOR)["now"]   # the next in table order


def test_information_the_target_must_show_and_the_buyer_waits_for():
    st = table()
    st, _ = act(st, GREGOR, type="buy_info", target=PETRA, trios=2)
    petra = told(st, PETRA)
    assert petra["now"].startswith("Gregor paid for information about you: show 2 identities you are not")
    assert petra["moves"]["show"] == "Pick 2 identities you are not; only Gregor sees them."
    assert "You are the Trader" in petra["secret"]
    assert "notebook" in told(st, GREGOR)["now"]
    assert told(st, None)["now"].startswith("Waiting for Petra to show Gregor 2 identities")
    st, _ = act(st, PETRA, type="show", identities=["monk", "farmer"])
    # Gregor's notebook now rules the Monk out for Petra: a Monk claim by her is a known bluff
    st, _ = act(st, GABY, type="claim", identity="thief", action="steal", target=TOM,
                resource="wine", amount=1)
    st, _ = act(st, TOM, type="claim", identity="farmer", action="grain")
    st, _ = act(st, SYLVIA, type="claim", identity="judge", action="grain")
    st, _ = act(st, CHRISTIAN, type="claim", identity="judge", action="wine")
    st, _ = act(st, PETRA, type="claim", identity="monk", action="wine")
    cid = st["claims"][0]["id"]
    gregor = told(st, GREGOR)
    assert f"Your notebook says Petra is no Monk: a doubt against #{cid} would be right." in gregor["secret"]
    assert "notebook" not in gregor["now"]
    assert "notebook" not in told(st, TOM)["secret"]


def test_the_table_explains_what_a_decided_doubt_and_an_accusation_meant():
    for lang in ("en", "de"):
        for key in ("meaning.doubt_right", "meaning.doubt_wrong", "meaning.accuse_wrong"):
            assert key in GAME.texts[lang]
    st = table()
    # Gregor's wrong accusation of Sylvia (§3.9): he is out, and his phone says why
    st, events = act(st, GREGOR, type="accuse", target=SYLVIA, identity="monk")
    wrong = next(e for e in events if e["key"] == "accuse_wrong")
    said = translate("en", "meaning.accuse_wrong", wrong["params"], GAME, NAMES)
    assert said == "A wrong accusation costs the accuser: Gregor is out and Sylvia gets all of Gregor's chips."
    gregor = told(st, GREGOR)
    assert gregor["now"].startswith("Your accusation was wrong, so you are out of this round")
    assert "Gaby is next to act" in gregor["now"]


def test_the_final_warns_that_a_wrong_doubt_loses_it():
    st = make(3, idents={0: "baron", 1: "monk", 2: "judge"}, first=0)
    st, _ = act(st, 0, type="accuse", target=1, identity="monk")
    assert st["final"]
    on_turn = st["to_move"]
    other = next(s for s in GAME.in_round(st) if s != on_turn)
    names = {0: "Sylvia", 1: "Christian", 2: "Petra"}
    mine = told(st, on_turn)
    assert mine["now"].startswith(f"Final against {names[other]}: claim an identity")
    assert "wins you the final" in mine["moves"]["accuse"]
    assert "a wrong doubt loses the final" in told(st, None)["now"]
    st, _ = act(st, on_turn, type="claim", identity="farmer", action="grain")
    theirs = told(st, other)
    assert theirs["now"].startswith(f"Final against {names[on_turn]}: claim an identity")
    assert "loses you the final" in theirs["moves"]["doubt"]
    assert "wins you the final" in theirs["secret"]
    assert "verliert dein Finale" in told(st, other, "de")["moves"]["doubt"]


def test_original_hoax_out_player_is_not_told_of_a_next_round():
    """Issue #45: the original HOAX is one round, so a player out of it is
    never told that watching "helps in the next round"; the line says who
    wins instead, in both languages.  The default game still says it."""
    st, _ = GAME.setup(list(range(4)), {"first": SYLVIA, "original_hoax": True}, random.Random(0))
    for s, identity in {SYLVIA: "baron", CHRISTIAN: "monk", PETRA: "judge", GREGOR: "farmer"}.items():
        st["ident"][str(s)] = identity
    st, _ = act(st, PETRA, type="accuse", target=GREGOR, identity="monk")        # wrong: Petra is out
    en, de = told(st, PETRA)["now"], told(st, PETRA, "de")["now"]
    assert "next round" not in en and "nächsten Runde" not in de, (en, de)
    assert "only this one round" in en and "the last one left" in en, en
    assert "nur diese eine Runde" in de and "als Letzter übrig" in de, de
    default = table()
    default, _ = act(default, GREGOR, type="accuse", target=TOM, identity="baron")   # Tom is the Monk
    assert "next round" in told(default, GREGOR)["now"]
