"""HOAX variants: the original HOAX of 1981 (§12.1) and the second identity
(§12.3) — each rule of their sections as a worked case, random legal play
to the end, and hidden-means-hidden (the new identity of a second identity
and the undealt cards)."""
from __future__ import annotations

import json
import random

import pytest

from companion.games.base import HOST, Illegal, copied
from companion.games.hoax import GAME
from tests.harness import check_non_interference, random_play

from .test_hoax_helpers import (CHRISTIAN, GABY, GAME_IDS, GREGOR, PETRA, SYLVIA, TOM, act,
                                keys, make, offered, refused, render)

ORIGINAL = {"original_hoax": True}
SECOND = {"second_identity": True}


def original_table(n=6, idents=None, first=SYLVIA, **opts):
    """A started original HOAX (no start covers to make), identities forced."""
    st, events = GAME.setup(list(range(n)), {"first": first, **ORIGINAL, **opts},
                            random.Random(0))
    for s, identity in (idents or {}).items():
        st["ident"][str(s)] = identity
    return st


def doubt_through(st, claimant, doubters, claim=None):
    """The doubters doubt the claim (default: the last one) until it is
    decided; returns (state, events of the deciding doubt)."""
    cid = claim if claim is not None else st["claims"][-1]["id"]
    events = []
    for s in doubters:
        st, events = act(st, s, type="doubt", claim=cid)
        if st["doubt"] is None:
            break
    return st, events


def stack(st, top, *rest):
    """The undealt cards made consistent with the forced identities, with
    ``top`` (then ``rest``) drawn first."""
    deck = [i for i in GAME_IDS for _ in range(2)]
    for s in st["seats"]:
        deck.remove(st["ident"][str(s)])
    for i in (*rest[::-1], top):
        deck.remove(i)
        deck.append(i)
    st["undealt"] = deck
    return st


def seen(st, viewer):
    """Everything a viewer's screen is built from, as text."""
    actions = GAME.actions(st, viewer) if viewer is not None else GAME.host_actions(st)
    return json.dumps({"view": GAME.view(st, viewer), "actions": actions}, sort_keys=True)


# ============================================================ options
def test_options_and_player_range():
    names = {o["name"]: o for o in GAME.options_schema}
    for name in ("original_hoax", "second_identity"):
        assert names[name] == {"name": name, "kind": "bool", "default": False}
        for lang in ("en", "de"):
            assert GAME.texts[lang][f"option.{name}"]
            assert GAME.texts[lang][f"option.{name}.help"]
    assert GAME.player_range(ORIGINAL) == (3, 8)
    assert GAME.player_range({**ORIGINAL, "large_group": True}) == (3, 14)
    assert GAME.player_range(SECOND) == (3, 4)
    assert GAME.player_range({**SECOND, "large_group": True}) == (3, 4)
    for n in (2, 5):
        with pytest.raises(Illegal) as err:
            GAME.setup(list(range(n)), SECOND, random.Random(1))
        assert err.value.code == "player_count" and err.value.params["max"] == 4
    with pytest.raises(Illegal) as err:
        GAME.setup([0, 1, 2], {**ORIGINAL, **SECOND}, random.Random(1))
    assert err.value.code == "variants_clash" and GAME.error_status("variants_clash") == 409


def test_the_room_refuses_other_player_counts(tmp_path):
    """A fifth player cannot join a second-identity room, two cannot start
    it, and the two variants together cannot start (each with a message)."""
    from companion.errors import ServiceError, error_answer
    from companion.service import Service
    from companion.store.sqlite import SqliteStore
    svc = Service(SqliteStore(str(tmp_path / "rooms.sqlite3")), action_rate=0)
    try:
        room = svc.create_room("hoax", SECOND)
        for name in ("Sylvia", "Christian", "Petra", "Gregor"):
            svc.join(room["code"], name)
        with pytest.raises(ServiceError) as err:
            svc.join(room["code"], "Gaby")
        assert err.value.code == "room_full"
        small = svc.create_room("hoax", SECOND)
        for name in ("Sylvia", "Christian"):
            svc.join(small["code"], name)
        with pytest.raises(ServiceError) as err:
            svc.act(small["code"], small["host_token"], {"type": "start"}, "en")
        message = error_answer(err.value, "en")["error"]["message"]
        assert err.value.code == "player_count" and "3 to 4 players" in message
        both = svc.create_room("hoax", {**ORIGINAL, **SECOND})
        for name in ("Sylvia", "Christian", "Petra"):
            svc.join(both["code"], name)
        with pytest.raises(ServiceError) as err:
            svc.act(both["code"], both["host_token"], {"type": "start"}, "de")
        assert err.value.code == "variants_clash"
        assert "zweiten Identität" in error_answer(err.value, "de")["error"]["message"]
        started = svc.act(room["code"], room["host_token"], {"type": "start"}, "en")
        assert started["view"]["status"] == "playing"
    finally:
        svc.store.close()


# ============================================================ §12.1 the original HOAX
def test_original_no_trader_and_no_start_cover():
    """§12.1.1: there is no Trader — covered for everyone at once — and
    nobody covers anything else at the start."""
    st, events = GAME.setup(list(range(8)), {**ORIGINAL, "first": 2}, random.Random(4))
    assert keys(events) == ["deal_original"]
    assert "There is no Trader" in render(events[0])
    assert "Einen Händler gibt es nicht" in render(events[0], "de")
    assert st["phase"] == "play" and st["to_cover"] == [] and st["to_move"] == 2
    assert all(st["covers"][str(s)] == ["trader"] for s in range(8))
    cards = list(st["ident"].values()) + st["undealt"]
    assert sorted(cards) == sorted(i for i in GAME_IDS if i != "trader" for _ in range(2))
    # nobody covers; the start player acts at once, and never as the Trader
    assert all(t["type"] != "cover" for s in range(8) for t in GAME.actions(st, s))
    assert [t["fields"]["step"] for t in GAME.host_actions(st)] == [["turn"]]   # no cover to close
    assert offered(st, 2, type="claim", identity="farmer", action="grain")
    assert not any(t["fields"].get("identity") == ["trader"] for t in GAME.actions(st, 2))
    refused(st, 2, "identity_covered", 409, type="claim", identity="trader", action="gold")
    refused(st, 2, "not_cover_phase", 409, type="cover", identity="baron")
    refused(st, 5, "accuse_covered", 409, type="accuse", target=2, identity="trader")
    assert all("trader" not in t["fields"]["identity"]
               for t in GAME.actions(st, 5) if t["type"] == "accuse")
    # with two sets (§13.4) every non-Trader identity four times
    big, _ = GAME.setup(list(range(14)), {**ORIGINAL, "large_group": True}, random.Random(4))
    assert sorted(list(big["ident"].values()) + big["undealt"]) == sorted(
        i for i in GAME_IDS if i != "trader" for _ in range(4))


def test_original_no_throne_points_last_one_left_wins():
    """§12.1.2: no throne points; accusations only remove players, and the
    last one left wins."""
    st = original_table(3, {0: "baron", 1: "monk", 2: "judge"}, first=0)
    st, ev_ = act(st, 0, type="accuse", target=1, identity="monk")        # right
    assert keys(ev_) == ["accuse", "accuse_secret", "accuse_right"]
    assert "points" not in keys(ev_) and st["points"] == {"0": 0, "1": 0, "2": 0}
    assert st["out"] == {"1": "accused"} and st["final"] is False
    assert GAME.winners(st) is None and GAME.scores(st) == {}
    st, ev_ = act(st, 2, type="accuse", target=0, identity="monk")        # wrong
    assert keys(ev_) == ["accuse", "accuse_secret", "accuse_wrong", "last_one_wins"]
    assert GAME.winners(st) == [0] and st["phase"] == "over"
    assert render(ev_[-1]) == "Sylvia is the last player left and wins the game!"
    assert GAME.view(st, None)["public"]["identities"] == st["ident"]
    assert all(GAME.actions(st, s) == [] for s in range(3))


def test_original_wrong_doubt_wins_the_game():
    """§12.1.2: the first player doubted in their true identity wins —
    every doubt can end the game, even with six players in it."""
    st = original_table(6, {PETRA: "farmer"}, first=PETRA)
    st, _ = act(st, PETRA, type="claim", identity="farmer", action="grain")
    st, ev_ = doubt_through(st, PETRA, [CHRISTIAN, SYLVIA, TOM])
    assert keys(ev_) == ["doubt_support", "doubt_wrong_wins"]
    assert GAME.winners(st) == [PETRA] and GAME.scores(st) == {}
    assert "Petra really is the Farmer" in render(ev_[-1])
    assert "wins the game" in render(ev_[-1]) and "gewinnt das Spiel" in render(ev_[-1], "de")
    assert GAME.view(st, None)["public"]["players"][PETRA]["revealed"] == "farmer"
    assert GAME.view(st, None)["public"]["step"] == "over"


def test_original_accuse_at_any_time():
    """§12.1.3: anyone still in the game accuses whenever the game does not
    wait for something else; it does not pass or close the turn."""
    st = original_table(6, {SYLVIA: "magician", PETRA: "farmer", GREGOR: "baron"}, first=PETRA)
    # before anyone acted, Gregor (not on turn) accuses
    assert any(t["type"] == "accuse" and not t.get("required") and t.get("confirm")
               for t in GAME.actions(st, GREGOR))
    st, _ = act(st, PETRA, type="claim", identity="farmer", action="grain")
    turn = copied(st["turn"])
    assert st["to_move"] == GREGOR
    st, ev_ = act(st, TOM, type="accuse", target=SYLVIA, identity="thief")   # wrong
    assert keys(ev_) == ["accuse", "accuse_secret", "accuse_wrong"]
    assert st["out"] == {str(TOM): "accuser"}
    assert st["turn"] == turn and st["to_move"] == GREGOR   # Petra's turn stays open
    assert offered(st, GREGOR, type="illegal")               # reactions to it go on
    # the accused player on turn goes out; the next player is on turn
    st, _ = act(st, CHRISTIAN, type="accuse", target=GREGOR, identity="baron")
    assert st["out"][str(GREGOR)] == "accused" and st["to_move"] == GABY
    # the claim of a player still in is on the table: no accusation while it is doubted
    st, _ = act(st, SYLVIA, type="doubt", claim=st["claims"][0]["id"])
    refused(st, GABY, "doubt_open", 409, type="accuse", target=SYLVIA, identity="monk")
    assert not any(t["type"] == "accuse" for t in GAME.actions(st, GABY))


def test_original_buy_info_only_in_own_turn_after_the_action():
    """§12.1.4: information only in one's own turn, in addition to the
    personal action (decision: after it, once, while the turn is open)."""
    st = original_table(6, {PETRA: "farmer", CHRISTIAN: "judge"}, first=CHRISTIAN)
    # before the personal action: not yet, and not offered
    refused(st, CHRISTIAN, "info_own_turn", 409, type="buy_info", target=PETRA, trios=1)
    assert not any(t["type"] == "buy_info" for t in GAME.actions(st, CHRISTIAN))
    required = {t["type"] for t in GAME.actions(st, CHRISTIAN) if t.get("required")}
    assert required == {"claim"}
    st, _ = act(st, CHRISTIAN, type="claim", identity="judge", action="wine")
    # Christian's turn is open: he may buy, nobody else may
    assert [t.get("required", False) for t in GAME.actions(st, CHRISTIAN)
            if t["type"] == "buy_info"] == [False]
    refused(st, PETRA, "info_own_turn", 409, type="buy_info", target=CHRISTIAN, trios=1)
    st, ev_ = act(st, CHRISTIAN, type="buy_info", target=PETRA, trios=2)
    assert keys(ev_) == ["buy_info"] and st["to_move"] == PETRA
    assert st["turn"]["player"] == CHRISTIAN and st["turn"]["info"] == {
        "target": PETRA, "trios": 2, "count": 2}
    assert st["pending"] == {"buyer": CHRISTIAN, "target": PETRA, "n": 2}
    refused(st, PETRA, "waiting_show", 409, type="claim", identity="farmer", action="grain")
    # the Trader is covered, so Petra shows two of baron, monk, judge, magician, thief
    show = GAME.actions(st, PETRA)[0]
    assert show["fields"]["identities"]["of"] == ["baron", "monk", "judge", "magician",
                                                  "thief"]   # not her own Farmer: a secret choice
    st, ev_ = act(st, PETRA, type="show", identities=["baron", "thief"])
    assert keys(ev_) == ["showed", "showed_you", "you_showed"]
    assert GAME.view(st, CHRISTIAN)["you"]["possible"][str(PETRA)] == [
        "monk", "judge", "magician", "farmer"]
    refused(st, CHRISTIAN, "info_bought", 409, type="buy_info", target=GREGOR, trios=1)
    st, _ = act(st, PETRA, type="claim", identity="farmer", action="grain")
    refused(st, CHRISTIAN, "info_own_turn", 409, type="buy_info", target=GREGOR, trios=1)
    assert offered(st, PETRA, type="buy_info", target=GREGOR, trios=1)


def test_original_carried_doubt_covers_nothing():
    """§12.1.5: a carried doubt voids the claim but covers nothing: the
    table keeps only the log line; the player may claim it again."""
    st = original_table(6, {GABY: "thief", SYLVIA: "magician"}, first=GABY)
    st, _ = act(st, GABY, type="claim", identity="baron", action="tax", resource="wine")
    st, _ = act(st, PETRA, type="immunize", against="action")
    before = GAME.view(st, SYLVIA)["you"]["possible"][str(GABY)]
    st, ev_ = doubt_through(st, GABY, [SYLVIA, CHRISTIAN, TOM], claim=st["claims"][0]["id"])
    assert keys(ev_) == ["doubt_support", "doubt_right_original", "void.baron.tax",
                         "void.immunize"]
    assert "Nothing is covered — remember it!" in render(ev_[1])
    assert st["covers"][str(GABY)] == ["trader"]
    assert GAME.view(st, SYLVIA)["you"]["possible"][str(GABY)] == before
    assert GAME.view(st, None)["public"]["players"][GABY]["covers"] == ["trader"]
    # next turn Gaby may claim the Baron again (the others must remember)
    st, _ = act(st, TOM, type="claim", identity="farmer", action="grain")
    st, _ = act(st, SYLVIA, type="claim", identity="magician", action="enchant", target=TOM)
    st, _ = act(st, CHRISTIAN, type="claim", identity="judge", action="wine")
    st, _ = act(st, PETRA, type="claim", identity="monk", action="wine")
    st, _ = act(st, GREGOR, type="claim", identity="farmer", action="grain")
    assert offered(st, GABY, type="claim", identity="baron", action="gold")


def test_original_carried_doubt_voids_every_claim_as_that_identity():
    """Decision: proven not to be the Magician, the player's other standing
    claim as Magician in the turn falls too (nothing is covered)."""
    st = original_table(6, {SYLVIA: "farmer"}, first=SYLVIA)
    st, _ = act(st, SYLVIA, type="claim", identity="magician", action="enchant", target=TOM)
    st, _ = act(st, GREGOR, type="illegal")
    st, _ = act(st, CHRISTIAN, type="fine", resource="gold", amount=2)
    st, _ = act(st, SYLVIA, type="immunize", against="sentence")
    st, ev_ = doubt_through(st, SYLVIA, [TOM, PETRA, GABY], claim=st["claims"][-1]["id"])
    assert keys(ev_)[1:] == ["doubt_right_original", "void.immunize",
                             "void.magician.enchant", "void.illegal", "void.fine"]
    assert st["covers"][str(SYLVIA)] == ["trader"]


def test_original_reactions_combine():
    """§12.1.6: Gregor declares the action illegal as Baron and then fines
    it at once as Judge (and offers the indulgence as Monk); each reaction
    once per turn (decision)."""
    st = original_table(6, first=PETRA)
    st, _ = act(st, PETRA, type="claim", identity="farmer", action="grain")
    st, _ = act(st, GREGOR, type="illegal")
    assert offered(st, GREGOR, type="fine", resource="grain", amount=2)
    st, ev_ = act(st, GREGOR, type="fine", resource="grain", amount=2)
    assert keys(ev_) == ["fine2"]
    st, _ = act(st, GREGOR, type="indulgence", resource="wine")
    assert st["used"][str(GREGOR)] == ["illegal", "fine", "indulgence"]
    refused(st, GREGOR, "reaction_repeat", 409, type="illegal")
    refused(st, GREGOR, "reaction_repeat", 409, type="fine", resource="gold", amount=1)
    assert not any(t["type"] in ("illegal", "fine", "indulgence")
                   for t in GAME.actions(st, GREGOR))
    refused(st, PETRA, "own_action", 403, type="illegal")
    # the Heirs keep one of the three
    heirs = make(6, idents={PETRA: "farmer", GREGOR: "baron"}, covers={GREGOR: "farmer"},
                 first=PETRA)
    heirs, _ = act(heirs, PETRA, type="claim", identity="farmer", action="grain")
    heirs, _ = act(heirs, GREGOR, type="illegal")
    refused(heirs, GREGOR, "reaction_used", 409, type="fine", resource="grain", amount=2)


# ============================================================ §12.3 the second identity
def second_table(idents, covers=None, first=SYLVIA, top="farmer"):
    """Four players (Sylvia, Christian, Petra, Gregor) with the second identity."""
    st = make(4, idents=idents, covers=covers, first=first, **SECOND)
    return stack(st, top)


def test_second_identity_first_wrong_doubt():
    """§12.3.1: wrongly doubted the first time in the round: +2, a new
    identity from the undealt cards, as many covers as before."""
    st = second_table({SYLVIA: "magician", CHRISTIAN: "judge", PETRA: "trader",
                       GREGOR: "baron"}, covers={PETRA: "baron"}, first=PETRA, top="monk")
    st["covers"][str(PETRA)].append("thief")           # covered after a doubt
    st["shown"] = {str(CHRISTIAN): {str(PETRA): ["farmer"]}, str(PETRA): {str(SYLVIA): ["judge"]}}
    st, _ = act(st, PETRA, type="claim", identity="trader", action="gold")
    cid = st["claims"][-1]["id"]
    st, ev_ = doubt_through(st, PETRA, [SYLVIA, GREGOR])
    assert keys(ev_) == ["doubt_support", "doubt_wrong_second", "points", "new_identity",
                         "new_identity_you"]
    assert "stays in the round with a second identity" in render(ev_[1])
    assert render(ev_[3]) == ("Petra draws a new identity card from the undealt ones and "
                              "covers as many identities on it as before (2). What Petra "
                              "showed before no longer counts.")
    private = ev_[-1]
    assert private["to"] == [PETRA] and render(private) == "Your new identity: Monk."
    assert st["points"][str(PETRA)] == 2 and str(PETRA) not in st["out"]
    assert st["ident"][str(PETRA)] == "monk" and len(st["undealt"]) == 14 - 4 - 1
    assert st["second"] == {str(PETRA): "trader"}
    assert st["covers"][str(PETRA)] == [] and st["recover"] == {"seat": PETRA, "left": 2}
    # the claim stands; what Petra showed Christian was about the old card
    assert st["claims"][0]["id"] == cid and not st["claims"][0]["void"]
    assert st["shown"] == {str(CHRISTIAN): {}, str(PETRA): {str(SYLVIA): ["judge"]}}
    assert GAME.view(st, CHRISTIAN)["you"]["notebook"] == {}
    assert GAME.view(st, PETRA)["you"]["notebook"] == {str(SYLVIA): ["judge"]}
    pub = GAME.view(st, None)["public"]
    assert pub["step"] == "cover" and pub["recover"] == {"seat": PETRA, "left": 2}
    assert pub["players"][PETRA]["first_identity"] == "trader"
    assert pub["players"][PETRA]["revealed"] is None and not pub["players"][PETRA]["covered"]
    assert GAME.view(st, PETRA)["you"]["secret"] == {"identity": "monk"}
    # only Petra can tell her new identity from another one
    other = copied(st)
    other["ident"][str(PETRA)] = "thief"
    for viewer in (None, SYLVIA, CHRISTIAN, GREGOR, HOST):
        viewer = None if viewer == HOST else viewer
        assert seen(other, viewer) == seen(st, viewer)
    assert seen(other, PETRA) != seen(st, PETRA)
    # the game waits for Petra's covers
    assert GAME.actions(st, PETRA) == [{"type": "cover", "required": True, "secret": True, "secret_act": True, "secret_values": True, "fields": {
        "identity": [i for i in GAME_IDS if i != st["ident"][str(PETRA)]]}}]
    assert all(GAME.actions(st, s) == [] for s in (SYLVIA, CHRISTIAN, GREGOR))
    refused(st, GREGOR, "waiting_cover", 409, type="claim", identity="baron", action="gold")
    refused(st, SYLVIA, "waiting_cover", 409, type="doubt", claim=cid)
    refused(st, GREGOR, "waiting_cover", 409, type="cover", identity="monk")
    refused(st, PETRA, "cover_own", 409, type="cover", identity="monk")
    st, ev_ = act(st, PETRA, type="cover", identity="trader")
    assert keys(ev_) == ["cover"] and st["recover"] == {"seat": PETRA, "left": 1}
    refused(st, PETRA, "cover_twice", 409, type="cover", identity="trader")
    st, ev_ = act(st, PETRA, type="cover", identity="baron")
    assert keys(ev_) == ["cover", "recovered"] and st["recover"] is None
    assert st["covers"][str(PETRA)] == ["trader", "baron"]
    assert not st["claims"][0]["void"]           # covering the old identity voids nothing
    assert st["to_move"] == GREGOR and offered(st, GREGOR, type="claim", identity="baron",
                                               action="gold")


def test_second_identity_second_wrong_doubt_is_out():
    """§12.3.2: wrongly doubted again in the same round: +3 and out."""
    st = second_table({SYLVIA: "magician", CHRISTIAN: "judge", PETRA: "trader",
                       GREGOR: "baron"}, first=PETRA, top="farmer")
    st, _ = act(st, PETRA, type="claim", identity="trader", action="gold")
    st, _ = doubt_through(st, PETRA, [SYLVIA, GREGOR])
    st, _ = act(st, HOST, type="close", step="cover")     # the host closes her cover
    assert st["recover"] is None and len(st["covers"][str(PETRA)]) == 1
    assert "farmer" not in st["covers"][str(PETRA)]
    st, _ = act(st, GREGOR, type="claim", identity="baron", action="gold")
    st, _ = act(st, SYLVIA, type="claim", identity="magician", action="enchant", target=GREGOR)
    st, _ = act(st, CHRISTIAN, type="claim", identity="judge", action="wine")
    st, _ = act(st, PETRA, type="claim", identity="farmer", action="grain")
    st, ev_ = doubt_through(st, PETRA, [GREGOR, SYLVIA])
    assert keys(ev_) == ["doubt_support", "doubt_wrong", "points"]
    assert st["points"][str(PETRA)] == 5 and st["out"][str(PETRA)] == "doubted"
    assert st["revealed"][str(PETRA)] == "farmer" and st["second"] == {str(PETRA): "trader"}
    assert GAME.in_round(st) == [SYLVIA, CHRISTIAN, GREGOR] and not st["final"]


def test_second_identity_is_per_round():
    """After the final a new round is dealt: the count starts again."""
    st = second_table({SYLVIA: "magician", CHRISTIAN: "judge", PETRA: "trader",
                       GREGOR: "baron"}, first=PETRA)
    st, _ = act(st, PETRA, type="claim", identity="trader", action="gold")
    st, _ = doubt_through(st, PETRA, [SYLVIA, GREGOR])
    st, _ = act(st, HOST, type="close", step="cover")
    st, _ = act(st, GREGOR, type="accuse", target=SYLVIA, identity="magician")
    wrong = next(i for i in GAME_IDS if i not in st["covers"][str(GREGOR)] and i not in ("baron", "judge"))
    st, _ = act(st, CHRISTIAN, type="accuse", target=GREGOR, identity=wrong)
    assert st["final"]
    wrong = next(i for i in GAME_IDS if i not in st["covers"][str(GREGOR)] and i != "baron")
    st, ev_ = act(st, PETRA, type="accuse", target=GREGOR, identity=wrong)
    assert "deal" in keys(ev_) and st["round"] == 2
    assert st["second"] == {} and st["recover"] is None
    assert len(st["undealt"]) == 14 - 4


def test_second_identity_in_the_final():
    """Decision: in the final a first wrong doubt ends the final as §7 says
    (the doubter loses it); the doubted player gets +2, then the final's +3."""
    st = second_table({SYLVIA: "magician", CHRISTIAN: "judge", PETRA: "trader",
                       GREGOR: "baron"}, first=PETRA)
    st["out"] = {str(SYLVIA): "accused", str(CHRISTIAN): "accuser"}
    st["final"] = True
    st, _ = act(st, PETRA, type="claim", identity="trader", action="gold")
    st, ev_ = act(st, GREGOR, type="doubt", claim=st["claims"][-1]["id"])
    assert keys(ev_)[:6] == ["doubt_raised", "doubt_wrong_final", "points", "final_wrong_doubt",
                             "final_won", "points"]
    assert [e["params"]["n"] for e in ev_ if e["key"] == "points"] == [2, 3, 1]
    assert st["round"] == 2 and st["points"][str(PETRA)] == 5


def test_second_identity_open_information_counts_the_first_card():
    """§11 with §12.3: Gregor's and Petra's first cards are the two Baron
    cards: everyone still in covers the Baron — Petra on her new card at
    once (she owes one cover fewer) — and Gregor's tax as the Baron, proven
    with his first card, stands."""
    st = second_table({SYLVIA: "magician", CHRISTIAN: "judge", PETRA: "baron",
                       GREGOR: "baron"}, covers={PETRA: "monk"}, first=GREGOR, top="thief")
    st = stack(st, "thief", "farmer")
    st["covers"][str(PETRA)].append("farmer")
    st, _ = act(st, GREGOR, type="claim", identity="baron", action="tax", resource="gold")
    tax = st["claims"][-1]["id"]
    st, _ = act(st, PETRA, type="illegal")
    st, ev_ = doubt_through(st, GREGOR, [SYLVIA, CHRISTIAN], claim=tax)
    assert keys(ev_)[-2:] == ["new_identity", "new_identity_you"]
    assert st["ident"][str(GREGOR)] == "thief" and st["recover"]["seat"] == GREGOR
    st, _ = act(st, GREGOR, type="cover", identity="monk")
    st, ev_ = doubt_through(st, PETRA, [SYLVIA, CHRISTIAN])
    assert keys(ev_)[-4:] == ["new_identity", "new_identity_you", "open_info", "void.illegal"] \
        or keys(ev_)[-3:] == ["new_identity", "new_identity_you", "open_info"]
    assert st["ident"][str(PETRA)] == "farmer"
    assert st["covers"][str(PETRA)] == ["baron"]
    assert st["recover"] == {"seat": PETRA, "left": 1}
    for s in (SYLVIA, CHRISTIAN, GREGOR):
        assert "baron" in st["covers"][str(s)]
    assert not any(c["void"] for c in st["claims"])     # both proven claims stand


# ============================================================ random play
def test_original_random_games_end():
    """Seeded random legal play, 3–8 players (and 9–14 with two sets): every
    game ends with one winner, without a throne point."""
    ends = {"last_one_wins": 0, "doubt_wrong_wins": 0}
    for seed in range(300):
        n = 3 + seed % 6 if seed % 10 else 9 + seed % 6
        opts = {**ORIGINAL, "strict_doubt": seed % 3 == 0, "large_group": n > 8 or seed % 7 == 0}
        for st, actor, action, events in random_play(GAME, list(range(n)), opts, 900 + seed,
                                                     max_steps=5000):
            for e in events:
                for lang in ("en", "de"):
                    render(e, lang)
                assert e["key"] not in ("points", "final_begins", "deal", "cover")
                ends[e["key"]] = ends.get(e["key"], 0) + 1
            if st["winner"] is None:
                assert len(GAME.in_round(st)) >= 2 and not st["final"]
                assert all(st["covers"][str(s)] == ["trader"] for s in range(n))
        (w,) = GAME.winners(st)
        assert st["points"] == {str(s): 0 for s in range(n)} and GAME.scores(st) == {}
        assert (GAME.in_round(st) == [w]) or st["revealed"].get(str(w)) == st["ident"][str(w)]
    assert ends["last_one_wins"] > 50 and ends["doubt_wrong_wins"] > 5
    assert ends.get("doubt_right_original", 0) > 50 and ends.get("buy_info", 0) > 50


def test_second_identity_random_games_end():
    """Seeded random legal play of 3 and 4 players to 10 points; a player
    draws a second identity at most once a round, and always owes the
    covers they had before."""
    redealt = 0
    for seed in range(200):
        n = 3 + seed % 2
        opts = {**SECOND, "strict_doubt": seed % 3 == 0, "large_group": seed % 5 == 0}
        booked = {s: 0 for s in range(n)}
        covers_before = {}
        for st, actor, action, events in random_play(GAME, list(range(n)), opts, 1300 + seed,
                                                     max_steps=20000):
            for e in events:
                for lang in ("en", "de"):
                    render(e, lang)
                if e["key"] == "points":
                    booked[e["params"]["who"]["seat"]] += e["params"]["n"]
                if e["to"] is not None:
                    assert e["key"] in ("showed_you", "you_showed", "accuse_secret",
                                        "new_identity_you")
                if e["key"] == "new_identity":
                    redealt += 1
                    covers_before[e["params"]["who"]["seat"]] = e["params"]["n"]
            assert GAME.scores(st) == booked
            for s in range(n):
                assert st["ident"][str(s)] not in st["covers"][str(s)]
            cards = list(st["ident"].values()) + st["undealt"] + list(st["second"].values())
            assert sorted(cards) == sorted(i for i in GAME_IDS
                                           for _ in range(4 if opts["large_group"] else 2))
            if st["recover"] is None:
                for s, n_before in covers_before.items():
                    if str(s) in st["second"] and str(s) not in st["out"]:
                        assert len(st["covers"][str(s)]) >= n_before
            if any(e["key"] == "deal" for e in events):
                covers_before = {}
        (w,) = GAME.winners(st)
        assert booked[w] >= 10
    assert redealt > 40


# ============================================================ hidden means hidden
def positions(opts, counts, seeds, every=5):
    for seed in seeds:
        n = counts[seed % len(counts)]
        for k, (st, *_r) in enumerate(random_play(GAME, list(range(n)), opts, 4000 + seed,
                                                  max_steps=20000)):
            if k % every == 1:
                yield st, n


def test_non_interference_original():
    rng = random.Random(5)
    compared = 0
    for st, n in positions(ORIGINAL, (3, 5, 8), range(60), every=2):
        compared += check_non_interference(GAME, st, list(range(n)), GAME.hidden_variants, rng)
    assert compared > 300


def test_non_interference_second_identity():
    """The new identity of a second identity and the undealt cards are in
    no other view: variants that swap the new identity with another player's
    or with an undealt card, or reorder the undealt cards, look the same to
    everyone else."""
    rng = random.Random(6)
    compared = with_second = 0
    for st, n in positions(SECOND, (3, 4), range(40)):
        compared += check_non_interference(GAME, st, list(range(n)), GAME.hidden_variants, rng)
        for s in map(int, st["second"]):
            if str(s) in st["out"] or st["winner"] is not None:
                continue
            for viewer in [v for v in range(n) if v != s] + [None]:
                changed = [v for v in GAME.hidden_variants(copied(st), viewer, rng)
                           if v["ident"][str(s)] != st["ident"][str(s)]]
                with_second += len(changed)
    assert compared > 300 and with_second > 20


def test_undealt_cards_stay_hidden_after_the_game():
    st = None
    for st, *_r in random_play(GAME, [0, 1, 2], SECOND, 77, max_steps=20000):
        pass
    assert GAME.winners(st)
    variants = GAME.hidden_variants(copied(st), None, random.Random(1))
    assert variants and all(v["undealt"] != st["undealt"] for v in variants)
    assert check_non_interference(GAME, st, [0, 1, 2], GAME.hidden_variants,
                                  random.Random(2)) >= 4


@pytest.mark.parametrize("leak", ["second", "undealt"])
def test_non_interference_catches_a_leak(leak):
    """The check is not vacuous: a table view that showed the new identity
    or the undealt cards would fail it."""
    st = second_table({SYLVIA: "magician", CHRISTIAN: "judge", PETRA: "trader",
                       GREGOR: "baron"}, first=PETRA, top="monk")
    st, _ = act(st, PETRA, type="claim", identity="trader", action="gold")
    st, _ = doubt_through(st, PETRA, [SYLVIA, GREGOR])
    original = GAME.view

    def leaky(state, s):
        out = original(state, s)
        out["public"]["leak"] = (state["ident"][str(PETRA)] if leak == "second"
                                 else list(state["undealt"]))
        return out

    GAME.view = leaky
    try:
        with pytest.raises(AssertionError):
            for seed in range(5):
                check_non_interference(GAME, st, list(range(4)), GAME.hidden_variants,
                                       random.Random(seed))
    finally:
        del GAME.view
