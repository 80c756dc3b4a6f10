"""HOAX: the rulebook's worked examples, refusals, doubts, the final, views."""
from __future__ import annotations

import json
import random

import pytest

from companion.games.base import HOST, copied
from companion.games.hoax import GAME
from companion.games.hoax.common import next_in_round

from .test_hoax_helpers import (CHRISTIAN, GABY, GAME_IDS, GREGOR, PETRA, SYLVIA, TOM, act,
                                keys, make, offered, refused, render)

# identities of the examples (the rulebook gives Gaby Thief, Petra Trader,
# Sylvia Magician; the rest are free)
IDENTS = {SYLVIA: "magician", CHRISTIAN: "judge", PETRA: "trader",
          GREGOR: "baron", GABY: "thief", TOM: "monk"}
COVERS = {SYLVIA: "thief", CHRISTIAN: "thief", PETRA: "baron",
          GREGOR: "farmer", GABY: "judge", TOM: "thief"}


def table(first, **kw):
    return make(6, idents=dict(IDENTS), covers=dict(COVERS), first=first, **kw)


# --------------------------------------------------------------- setup, meta
def test_meta():
    assert GAME.name == "hoax"
    assert GAME.player_range({}) == (3, 8)
    assert GAME.player_range({"large_group": True}) == (3, 14)
    assert GAME.start_fields([3, 5, 7], {}) == {"first": ["random", 3, 5, 7]}
    names = {o["name"]: o for o in GAME.options_schema}
    assert names["strict_doubt"]["default"] is False
    assert names["large_group"]["default"] is False
    assert {"target", "with"} <= GAME.seat_fields


def test_setup_deal_and_start_covers():
    st, events = GAME.setup([4, 7, 9], {"first": 7}, random.Random(5))
    assert st["phase"] == "cover" and st["to_move"] == 7
    assert sorted(st["ident"]) == ["4", "7", "9"]
    # during the start covers nothing else is possible
    for s in (4, 7, 9):
        tpls = GAME.actions(st, s)
        assert [t["type"] for t in tpls] == ["cover"] and tpls[0].get("required")
        # a secret choice (under the phone's reveal), so it may leave out one's own identity
        assert tpls[0].get("secret")
        assert tpls[0]["fields"]["identity"] == [i for i in GAME_IDS if i != st["ident"][str(s)]]
    refused(st, 7, "covering", 409, type="buy_info", target=4, trios=1)
    own = st["ident"]["4"]
    err = refused(st, 4, "cover_own", 409, type="cover", identity=own)
    assert err.params == {}     # the message does not name it either
    other = next(i for i in ["baron", "monk", "judge"] if i != own)
    st, ev_ = act(st, 4, type="cover", identity=other)
    assert keys(ev_) == ["cover"]
    refused(st, 4, "already_covered", 409, type="cover", identity=other)
    assert GAME.actions(st, 4) == []
    # the host closes the rest at random
    assert GAME.host_actions(st) == [{"type": "close", "fields": {"step": ["cover"]}, "confirm": True}]
    st, ev_ = act(st, HOST, type="close", step="cover")
    assert st["phase"] == "play" and keys(ev_)[-1] == "play_begins"
    for s in (7, 9):
        assert len(st["covers"][str(s)]) == 1
        assert st["ident"][str(s)] not in st["covers"][str(s)]


def test_random_start_player_is_seeded():
    a, _ = GAME.setup([0, 1, 2, 3], {"first": "random"}, random.Random(3))
    b, _ = GAME.setup([0, 1, 2, 3], {"first": "random"}, random.Random(3))
    assert a == b


# ------------------------------------------------------- §3.1 Gaby's tax
def test_gaby_tax_petra_immunizes():
    st = table(GABY)
    st, ev_ = act(st, GABY, type="claim", identity="baron", action="tax", resource="wine")
    text = render(ev_[0])
    assert "Gaby as Baron levies a tax on Wine" in text
    assert "Mönch" not in render(ev_[0], "de") and "Steuern auf Wein" in render(ev_[0], "de")
    cid = st["claims"][0]["id"]
    # the turn passes to Tom, the tax stays open for reactions
    assert st["to_move"] == TOM
    # every other player is hit by a tax and may immunize; Gaby may not
    for s in (SYLVIA, CHRISTIAN, PETRA, GREGOR, TOM):
        assert offered(st, s, type="immunize", against="action")
    assert not offered(st, GABY, type="immunize", against="action")
    refused(st, GABY, "not_hit", 403, type="immunize", against="action")
    st, ev_ = act(st, PETRA, type="immunize", against="action")
    assert keys(ev_) == ["immunize_action"]
    view = GAME.view(st, None)["public"]
    assert [(c["id"], c["seat"], c["identity"], c["kind"]) for c in view["claims"]] == [
        (cid, GABY, "baron", "action"), (cid + 1, PETRA, "magician", "immunize")]
    # Petra is immune once; no second template
    assert not offered(st, PETRA, type="immunize", against="action")
    refused(st, PETRA, "already_immune", 409, type="immunize", against="action")
    # the tax doubted right: void, Petra's immunization falls with it
    st, _ = act(st, SYLVIA, type="doubt", claim=cid)
    st, _ = act(st, CHRISTIAN, type="doubt", claim=cid)
    st, ev_ = act(st, TOM, type="doubt", claim=cid)   # Gaby is the Thief
    assert keys(ev_) == ["doubt_support", "doubt_right", "void.baron.tax", "void.immunize"]
    assert "everyone who paid takes their Wine back" in render(ev_[2])
    assert "baron" in st["covers"][str(GABY)]


# ------------------------------------------------- §3.2 Tom's collection
def test_tom_collection_gaby_and_petra_immunize():
    st = table(TOM)
    st, ev_ = act(st, TOM, type="claim", identity="monk", action="collection")
    assert "holds a collection" in render(ev_[0])
    st, _ = act(st, GABY, type="immunize", against="action")
    st, _ = act(st, PETRA, type="immunize", against="action")
    immunes = [c["seat"] for c in st["claims"] if c["kind"] == "immunize"]
    assert immunes == [GABY, PETRA]
    # Christian gives 1 grain physically; nothing to enter.  Tom cannot immunize
    assert not offered(st, TOM, type="immunize", against="action")


# ------------------------------------------------- §3.4 Sylvia's trade
def test_sylvia_trade_gregor_cannot_immunize():
    covers = {**COVERS, GREGOR: "magician"}
    st = make(6, idents=dict(IDENTS), covers=covers, first=SYLVIA)
    st, ev_ = act(st, SYLVIA, type="claim", identity="trader", action="trade",
                  **{"with": GREGOR}, give="grain", get="wine")
    assert "trades with Gregor" in render(ev_[0])
    assert not offered(st, GREGOR, type="immunize", against="action")
    refused(st, GREGOR, "identity_covered", 409, type="immunize", against="action")
    # only the partner is hit by a trade
    assert not offered(st, TOM, type="immunize", against="action")
    refused(st, TOM, "not_hit", 403, type="immunize", against="action")
    # trade with the bank hits nobody; the same resource both ways is refused
    st2 = make(6, idents=dict(IDENTS), covers=covers, first=SYLVIA)
    refused(st2, SYLVIA, "same_resource", 422, type="claim", identity="trader",
            action="trade", **{"with": "bank"}, give="gold", get="gold")
    st2, _ = act(st2, SYLVIA, type="claim", identity="trader", action="trade",
                 **{"with": "bank"}, give="gold", get="wine")
    assert all(not offered(st2, s, type="immunize", against="action") for s in range(6))


# ------------------------------------------------- §3.5 Sylvia's enchantment
def test_sylvia_enchants_christian_who_immunizes():
    st = table(SYLVIA)
    st, ev_ = act(st, SYLVIA, type="claim", identity="magician", action="enchant",
                  target=CHRISTIAN)
    assert "enchants Christian" in render(ev_[0])
    assert offered(st, CHRISTIAN, type="immunize", against="action")
    assert not offered(st, PETRA, type="immunize", against="action")
    st, ev_ = act(st, CHRISTIAN, type="immunize", against="action")
    assert keys(ev_) == ["immunize_action"]


# ------------------------------------------------- §3.6 Gregor's theft
def test_gregor_steals_from_gaby_no_immunity():
    st = table(GREGOR)
    st, ev_ = act(st, GREGOR, type="claim", identity="thief", action="steal",
                  target=GABY, resource="wine", amount=2)
    assert "steals 2 Wine from Gaby" in render(ev_[0])
    assert not any(t["type"] == "immunize" for t in GAME.actions(st, GABY))
    refused(st, GABY, "immune_theft", 409, type="immunize", against="action")
    refused(st, GABY, "bad_amount", 422, type="claim", identity="thief", action="steal",
            target=GREGOR, resource="wine", amount=3)


# ------------------------------- §3.8 Christian buys information from Petra
def petra_info_state():
    st = table(CHRISTIAN)
    # Petra (Trader) covered the Baron at the start, the Thief after a doubt,
    # and has already shown Christian that she is no Magician
    st["covers"][str(PETRA)].append("thief")
    st["shown"] = {str(CHRISTIAN): {str(PETRA): ["magician"]}}
    return st


def test_christian_buys_information_from_petra():
    st = petra_info_state()
    assert GAME.view(st, CHRISTIAN)["you"]["notebook"] == {str(PETRA): ["magician"]}
    st, ev_ = act(st, CHRISTIAN, type="buy_info", target=PETRA, trios=2)
    assert keys(ev_) == ["buy_info"]
    assert st["pending"] == {"buyer": CHRISTIAN, "target": PETRA, "n": 2}
    # Petra's options: Monk, Judge, Farmer (two of them); a secret choice
    # (picked under the reveal), so the list leaves her own Trader out
    tpl = GAME.actions(st, PETRA)
    assert tpl == [{"type": "show", "required": True, "secret": True, "secret_act": True, "secret_values": True, "confirm": True, "fields": {
        "identities": {"kind": "subset", "of": ["monk", "judge", "farmer"], "size": 2}}}]
    # nobody else can do anything while Petra answers
    assert all(GAME.actions(st, s) == [] for s in range(6) if s != PETRA)
    refused(st, GREGOR, "waiting_show", 409, type="claim", identity="farmer", action="grain")
    refused(st, GREGOR, "not_asked", 403, type="show", identities=["monk", "judge"])
    refused(st, PETRA, "show_covered", 409, type="show", identities=["baron", "monk"])
    refused(st, PETRA, "show_covered", 409, type="show", identities=["thief", "monk"])
    refused(st, PETRA, "show_repeat", 409, type="show", identities=["magician", "monk"])
    refused(st, PETRA, "show_own", 409, type="show", identities=["trader", "monk"])
    refused(st, PETRA, "show_count", 422, type="show", identities=["monk"])
    refused(st, PETRA, "invalid_field", 422, type="show", identities=["king", "monk"])
    other, _ = act(st, PETRA, type="show", identities=["monk", "judge"])
    st, ev_ = act(st, PETRA, type="show", identities=["monk", "farmer"])
    public = [e for e in ev_ if e["to"] is None]
    private = [e for e in ev_ if e["to"] is not None]
    assert [e["key"] for e in public] == ["showed"]
    assert "monk" not in json.dumps(public) and "farmer" not in json.dumps(public)
    assert [(e["key"], e["to"]) for e in private] == [("showed_you", [CHRISTIAN]),
                                                     ("you_showed", [PETRA])]
    assert render(private[0]) == "Petra showed you: not Monk, Farmer."
    you = GAME.view(st, CHRISTIAN)["you"]
    assert you["notebook"] == {str(PETRA): ["magician", "monk", "farmer"]}
    # "Christian knows she is either Judge or Trader"
    assert you["possible"][str(PETRA)] == ["judge", "trader"]
    # nobody else learns what was shown
    assert GAME.view(st, SYLVIA)["you"]["notebook"] == {}
    for viewer in (None, SYLVIA, GREGOR, TOM):
        assert GAME.view(st, viewer) == GAME.view(other, viewer)
    assert GAME.view(st, PETRA)["you"]["showed"] == {
        str(CHRISTIAN): ["magician", "monk", "farmer"]}
    assert st["pending"] is None


def test_buy_more_than_left_gives_trios_back():
    st = petra_info_state()
    st, ev_ = act(st, CHRISTIAN, type="buy_info", target=PETRA, trios=5)
    assert keys(ev_) == ["buy_info", "trios_back"]
    assert ev_[1]["params"]["back"] == 2 and st["pending"]["n"] == 3
    st, _ = act(st, PETRA, type="show", identities=["monk", "judge", "farmer"])
    # nothing left: a purchase ends at once, every trio goes back
    st["to_move"] = CHRISTIAN
    st, ev_ = act(st, CHRISTIAN, type="buy_info", target=PETRA, trios=1)
    assert keys(ev_) == ["buy_info", "trios_back"] and st["pending"] is None
    refused(st, PETRA, "bad_trios", 422, type="buy_info", target=CHRISTIAN, trios=0)
    refused(st, PETRA, "bad_trios", 422, type="buy_info", target=CHRISTIAN, trios=6)


def test_host_closes_pending_show_at_random():
    st = petra_info_state()
    st, _ = act(st, CHRISTIAN, type="buy_info", target=PETRA, trios=2)
    assert GAME.host_actions(st) == [{"type": "close", "fields": {"step": ["show"]}, "confirm": True}]
    st, ev_ = act(st, HOST, type="close", step="show", seed=7)
    shown = st["shown"][str(CHRISTIAN)][str(PETRA)]
    assert len(shown) == 3 and set(shown[1:]) <= {"monk", "judge", "farmer"}
    assert keys(ev_)[0] == "show_closed"
    refused(st, HOST, "nothing_to_close", 409, type="close", step="show")


def test_host_skips_the_player_on_turn():
    """The turn waits for one seat: the host skips it (issue #25); the
    next player in the round is on turn and the open claims stay."""
    st = table(GREGOR)
    assert GAME.host_actions(st) == [{"type": "close", "fields": {"step": ["turn"]}, "confirm": True}]
    st, ev_ = act(st, HOST, type="close", step="turn")
    assert keys(ev_) == ["turn_skipped"] and st["to_move"] == next_in_round(st, GREGOR)
    nxt = st["to_move"]
    st, _ = act(st, nxt, type="buy_info", target=GREGOR, trios=2)
    refused(st, HOST, "nothing_to_close", 409, type="close", step="turn")   # paused for the answer


# --------------------------------- §3.9 Gregor's wrong accusation of Sylvia
def test_gregor_accuses_sylvia_wrongly():
    st = table(GREGOR)
    st["points"][str(SYLVIA)] = 5
    refused(st, GREGOR, "accuse_covered", 409, type="accuse", target=SYLVIA, identity="thief")
    # Sylvia covered the Thief in our table; let her have covered the Farmer
    st["covers"][str(SYLVIA)] = ["farmer"]
    assert offered(st, GREGOR, type="accuse", target=SYLVIA, identity="thief")
    st, ev_ = act(st, GREGOR, type="accuse", target=SYLVIA, identity="thief")
    assert keys(ev_) == ["accuse", "accuse_secret", "accuse_wrong", "points"]
    assert ev_[1]["to"] == [GREGOR, SYLVIA]
    assert "gives all chips and trios to Sylvia" in render(ev_[2])
    assert st["points"][str(SYLVIA)] == 6
    assert st["out"] == {str(GREGOR): "accuser"}
    # neither identity is revealed; the table does not learn the guess
    pub = GAME.view(st, None)["public"]
    assert all(p["revealed"] is None for p in pub["players"])
    assert pub["identities"] is None
    assert "thief" not in json.dumps([e for e in ev_ if e["to"] is None])
    assert st["to_move"] == GABY
    assert GAME.actions(st, GREGOR) == []


def test_right_accusation():
    st = table(GREGOR)
    st, ev_ = act(st, GREGOR, type="accuse", target=GABY, identity="thief")
    assert keys(ev_) == ["accuse", "accuse_secret", "accuse_right", "points"]
    assert "takes all of Gaby's chips and trios" in render(ev_[2])
    assert st["points"][str(GREGOR)] == 1 and st["out"] == {str(GABY): "accused"}
    assert st["to_move"] == TOM          # Gaby, next in turn, is out
    assert GAME.view(st, None)["public"]["players"][GABY]["revealed"] is None


def test_wrong_accusation_never_the_tenth_point():
    st = table(GREGOR)
    st["points"][str(SYLVIA)] = 9
    st["covers"][str(SYLVIA)] = ["farmer"]
    st, ev_ = act(st, GREGOR, type="accuse", target=SYLVIA, identity="thief")
    assert keys(ev_)[-1] == "no_tenth" and st["points"][str(SYLVIA)] == 9
    assert GAME.winners(st) is None


def test_right_accusation_can_win():
    st = table(GREGOR)
    st["points"][str(GREGOR)] = 9
    st, ev_ = act(st, GREGOR, type="accuse", target=GABY, identity="thief")
    assert GAME.winners(st) == [GREGOR] and keys(ev_)[-1] == "wins"
    assert GAME.view(st, None)["public"]["identities"][str(GABY)] == "thief"
    refused(st, TOM, "game_over", 409, type="claim", identity="monk", action="wine")
    assert GAME.actions(st, TOM) == [] and GAME.host_actions(st) == []


# ----------------------------------------- §4 the Petra story, parts 1–5
def test_petra_doubt_story():
    st = table(PETRA)
    # Part 1: Petra as Farmer takes 2 grain, Gregor declares it illegal
    st, _ = act(st, PETRA, type="claim", identity="farmer", action="grain")
    refused(st, PETRA, "own_action", 403, type="illegal")
    refused(st, CHRISTIAN, "no_illegal", 409, type="fine", resource="grain", amount=2)
    refused(st, GABY, "no_fine", 409, type="indulgence", resource="grain")
    st, ev_ = act(st, GREGOR, type="illegal")
    assert keys(ev_) == ["illegal"]
    # Part 2: Christian fines 2 grain, Tom 1 wine
    refused(st, GREGOR, "reaction_used", 409, type="fine", resource="grain", amount=2)
    assert not offered(st, GREGOR, type="fine", resource="grain", amount=2)
    refused(st, PETRA, "fine_self", 403, type="fine", resource="grain", amount=2)
    st, ev_ = act(st, CHRISTIAN, type="fine", resource="grain", amount=2)
    assert "hands 1 to the Baron" in render(ev_[0])
    st, ev_ = act(st, TOM, type="fine", resource="wine", amount=1)
    assert "only if Petra cannot pay 2 Wine" in render(ev_[0])
    # Part 3: Gaby offers an indulgence for grain, Sylvia for wine
    refused(st, CHRISTIAN, "reaction_used", 409, type="indulgence", resource="grain")
    refused(st, PETRA, "indulgence_self", 403, type="indulgence", resource="grain")
    st, _ = act(st, GABY, type="indulgence", resource="grain")
    st, _ = act(st, SYLVIA, type="indulgence", resource="wine")
    kinds = [(c["seat"], c["kind"]) for c in st["claims"]]
    assert kinds == [(PETRA, "action"), (GREGOR, "illegal"), (CHRISTIAN, "fine"),
                     (TOM, "fine"), (GABY, "indulgence"), (SYLVIA, "indulgence")]
    # five possibilities: 2 fines, 2 indulgences (physical) or immunize
    assert offered(st, PETRA, type="immunize", against="sentence")
    refused(st, TOM, "not_sentenced", 403, type="immunize", against="sentence")
    # Part 4: Petra immunizes against every demand
    st, ev_ = act(st, PETRA, type="immunize", against="sentence")
    imm = st["claims"][-1]["id"]
    # Part 5: Christian doubts; Sylvia and Tom join: three of six
    st, ev_ = act(st, CHRISTIAN, type="doubt", claim=imm)
    assert keys(ev_) == ["doubt_raised"] and st["doubt"] == imm
    pub = GAME.view(st, None)["public"]
    assert pub["step"] == "doubt" and pub["needed"] == 3
    assert pub["claims"][-1]["doubt"]["count"] == 1 and pub["claims"][-1]["doubt"]["needed"] == 3
    # the game is paused: only the doubt can be answered
    refused(st, GREGOR, "doubt_open", 409, type="claim", identity="baron", action="gold")
    refused(st, GABY, "doubt_open", 409, type="indulgence", resource="wine")
    refused(st, PETRA, "own_claim", 403, type="doubt", claim=imm)
    assert GAME.actions(st, PETRA) == []
    st, ev_ = act(st, SYLVIA, type="doubt", claim=imm)
    assert st["doubt"] == imm            # 2 of 3: not yet
    st, ev_ = act(st, TOM, type="doubt", claim=imm)
    assert keys(ev_) == ["doubt_support", "doubt_right", "void.immunize"]
    assert st["doubt"] is None
    # Petra covers the Magician; fines and indulgences stand
    assert st["covers"][str(PETRA)] == ["baron", "magician"]
    void = {c["kind"]: c["void"] for c in st["claims"]}
    assert void == {"action": False, "illegal": False, "fine": False,
                    "indulgence": False, "immunize": True}
    # Gaby and Gregor are not needed any more: the doubt is decided
    assert not offered(st, GABY, type="doubt", claim=imm)
    refused(st, GABY, "claim_void", 409, type="doubt", claim=imm)
    # Petra cannot immunize again (the Magician is covered)
    assert not offered(st, PETRA, type="immunize", against="sentence")
    refused(st, PETRA, "identity_covered", 409, type="immunize", against="sentence")
    assert render(ev_[1]) == "The doubt goes through (3): Petra is no Magician and covers it."


def test_cascading_voids_each_its_own_line():
    st = table(PETRA)
    st, _ = act(st, PETRA, type="claim", identity="farmer", action="grain")
    st, _ = act(st, GREGOR, type="illegal")
    st, _ = act(st, CHRISTIAN, type="fine", resource="grain", amount=2)
    st, _ = act(st, GABY, type="indulgence", resource="grain")
    st, _ = act(st, PETRA, type="immunize", against="sentence")
    action_id = st["claims"][0]["id"]
    st, _ = act(st, TOM, type="doubt", claim=action_id)
    st, _ = act(st, SYLVIA, type="doubt", claim=action_id)
    st, ev_ = act(st, GABY, type="doubt", claim=action_id)
    assert keys(ev_) == ["doubt_support", "doubt_right", "void.farmer.grain", "void.illegal",
                         "void.fine", "void.indulgence", "void.immunize"]
    assert all(c["void"] for c in st["claims"])
    assert "farmer" in st["covers"][str(PETRA)]
    # the void action still used up the turn
    assert st["to_move"] == GREGOR
    # nothing left to react to
    refused(st, SYLVIA, "action_void", 409, type="illegal")


def test_fine_survives_while_another_illegal_stands():
    idents = dict(IDENTS)
    st = table(PETRA)
    st["ident"] = {str(k): v for k, v in idents.items()}
    st, _ = act(st, PETRA, type="claim", identity="farmer", action="grain")
    st, _ = act(st, GREGOR, type="illegal")         # Gregor is the Baron
    st, _ = act(st, GABY, type="illegal")           # Gaby is not
    gaby = st["claims"][-1]["id"]
    st, _ = act(st, CHRISTIAN, type="fine", resource="grain", amount=2)
    st, _ = act(st, SYLVIA, type="doubt", claim=gaby)
    st, _ = act(st, PETRA, type="doubt", claim=gaby)
    st, ev_ = act(st, TOM, type="doubt", claim=gaby)
    assert keys(ev_) == ["doubt_support", "doubt_right", "void.illegal"]
    assert not st["claims"][-1]["void"]   # the fine stands on Gregor's illegal


def test_wrong_doubt_claimant_out_plus_three_action_stands():
    st = table(TOM)
    st, _ = act(st, TOM, type="claim", identity="monk", action="wine")   # Tom is a Monk
    cid = st["claims"][0]["id"]
    st, _ = act(st, GREGOR, type="illegal")
    st, _ = act(st, SYLVIA, type="doubt", claim=cid)
    st, _ = act(st, PETRA, type="doubt", claim=cid)
    st, ev_ = act(st, GABY, type="doubt", claim=cid)
    assert keys(ev_) == ["doubt_support", "doubt_wrong", "points"]
    assert "chips go back to the bank" in render(ev_[1])
    assert st["points"][str(TOM)] == 3 and st["out"] == {str(TOM): "doubted"}
    assert not any(c["void"] for c in st["claims"])
    pub = GAME.view(st, None)["public"]
    assert pub["players"][TOM]["revealed"] == "monk"
    # Tom is out: no doubts on his claims, no fine against him
    assert not any(t["type"] == "fine" for s in range(6) for t in GAME.actions(st, s))
    for s in range(6):
        for t in GAME.actions(st, s):
            if t["type"] == "doubt":
                assert t["fields"]["claim"] == [st["claims"][1]["id"]]   # Gregor's, not Tom's
    refused(st, CHRISTIAN, "actor_out", 409, type="fine", resource="wine", amount=2)
    refused(st, TOM, "not_in_game", 403, type="doubt", claim=st["claims"][1]["id"])


def test_decline_collapse_withdraw_and_close():
    st = table(TOM)
    st, _ = act(st, TOM, type="claim", identity="monk", action="wine")
    cid = st["claims"][0]["id"]
    st1, _ = act(st, SYLVIA, type="doubt", claim=cid)
    refused(st1, SYLVIA, "already_answered", 409, type="doubt", claim=cid)
    refused(st1, TOM, "own_claim", 403, type="decline", claim=cid)
    refused(st1, PETRA, "not_raiser", 403, type="withdraw", claim=cid)
    s, _ = act(st1, CHRISTIAN, type="decline", claim=cid)
    s, _ = act(s, PETRA, type="decline", claim=cid)
    assert s["doubt"] == cid      # 1 yes + 2 undecided could still make 3
    s, ev_ = act(s, GREGOR, type="decline", claim=cid)
    assert keys(ev_) == ["doubt_decline", "doubt_collapsed"] and s["doubt"] is None
    refused(s, GABY, "already_doubted", 409, type="doubt", claim=cid)
    s, ev_ = act(st1, SYLVIA, type="withdraw", claim=cid)
    assert keys(ev_) == ["doubt_withdrawn"] and s["doubt"] is None
    assert GAME.host_actions(st1) == [{"type": "close", "fields": {"step": ["doubt"]}, "confirm": True}]
    s, ev_ = act(st1, HOST, type="close", step="doubt")
    assert keys(ev_) == ["doubt_closed"] and s["doubt"] is None
    refused(st1, SYLVIA, "host_only", 403, type="close", step="doubt")
    refused(st1, HOST, "host_cannot", 403, type="doubt", claim=cid)


@pytest.mark.parametrize("n,plain,strict", [(3, 2, 2), (4, 2, 3), (5, 3, 4), (6, 3, 5),
                                            (8, 4, 7)])
def test_doubt_threshold(n, plain, strict):
    assert GAME.needed(make(n)) == plain
    assert GAME.needed(make(n, strict_doubt=True)) == strict


def test_large_group_four_suffice():
    st = make(12, large_group=True)
    assert GAME.needed(st) == 4
    assert GAME.needed(make(12, large_group=True, strict_doubt=True)) == 4
    assert GAME.needed(make(6, large_group=True)) == 3
    assert sorted(st["ident"].values()).count("baron") <= 4


def test_strict_doubt_needs_all_but_claimant():
    st = make(4, idents={0: "monk", 1: "baron", 2: "judge", 3: "farmer"},
              covers={0: "thief", 1: "thief", 2: "thief", 3: "thief"}, strict_doubt=True)
    st, _ = act(st, 0, type="claim", identity="farmer", action="grain")
    cid = st["claims"][0]["id"]
    st, _ = act(st, 1, type="doubt", claim=cid)
    st, _ = act(st, 2, type="doubt", claim=cid)
    assert st["doubt"] == cid
    st, ev_ = act(st, 3, type="doubt", claim=cid)
    assert "doubt_right" in keys(ev_)


def test_open_information_both_cards_revealed():
    idents = {**IDENTS, GABY: "baron"}          # two Barons: Gregor and Gaby
    st = make(6, idents=idents, covers=dict(COVERS), first=GREGOR)
    for baron in (GREGOR, GABY):
        st, _ = act(st, baron, type="claim", identity="baron", action="gold")
        cid = st["claims"][0]["id"]
        doubters = [s for s in range(6) if s != baron and str(s) not in st["out"]][:3]
        for d in doubters:
            st, ev_ = act(st, d, type="doubt", claim=cid)
    assert "open_info" in keys(ev_)
    assert "Every Baron card is revealed" in render(ev_[keys(ev_).index("open_info")])
    for s in (SYLVIA, CHRISTIAN, PETRA, TOM):
        assert "baron" in st["covers"][str(s)]
        assert not offered(st, s, type="illegal")
    assert sorted(st["out"]) == [str(GREGOR), str(GABY)]


# ------------------------------------------------------------ turn passing
def test_turn_stays_open_until_next_player_acts():
    st = table(PETRA)
    refused(st, SYLVIA, "no_turn", 409, type="illegal")
    refused(st, GREGOR, "not_your_turn", 409, type="claim", identity="farmer", action="grain")
    st, _ = act(st, PETRA, type="claim", identity="farmer", action="grain")
    refused(st, PETRA, "not_your_turn", 409, type="claim", identity="farmer", action="grain")
    assert st["to_move"] == GREGOR
    st, _ = act(st, SYLVIA, type="illegal")   # still Petra's turn for reactions
    old = [c["id"] for c in st["claims"]]
    st, _ = act(st, GREGOR, type="claim", identity="baron", action="gold")
    assert [c["id"] for c in st["claims"]] == [old[-1] + 1]
    refused(st, TOM, "no_claim", 422, type="doubt", claim=old[0])
    assert st["turn"]["player"] == GREGOR and st["to_move"] == GABY


# ------------------------------------------------------------ refusals
def test_refusals_claims():
    st = table(PETRA)
    refused(st, PETRA, "identity_covered", 409, type="claim", identity="baron", action="gold")
    assert not offered(st, PETRA, type="claim", identity="baron", action="gold")
    refused(st, PETRA, "identity_covered", type="claim", identity="baron", action="tax",
            resource="wine")
    assert GAME.texts["en"]["error.identity_covered"].format(identity="Baron") == \
        "You covered the Baron — you cannot claim it."
    refused(st, PETRA, "invalid_field", 422, type="claim", identity="king", action="gold")
    refused(st, PETRA, "wrong_action", 422, type="claim", identity="farmer", action="gold")
    refused(st, PETRA, "invalid_field", 422, type="claim", identity="trader",
            action="trade", **{"with": "bank"}, give="salt", get="gold")
    refused(st, PETRA, "target_self", 422, type="claim", identity="magician",
            action="enchant", target=PETRA)
    refused(st, PETRA, "no_such_seat", 422, type="claim", identity="magician",
            action="enchant", target=17)
    refused(st, TOM, "not_your_turn", 409, type="claim", identity="monk", action="wine")
    refused(st, TOM, "not_your_turn", 409, type="accuse", target=PETRA, identity="judge")
    refused(st, TOM, "unknown_action", 400, type="dance")
    refused(st, 42, "not_in_game", 403, type="claim", identity="monk", action="wine")
    # a player out of the round cannot act or accuse
    st["out"][str(TOM)] = "accused"
    refused(st, PETRA, "target_out", 409, type="accuse", target=TOM, identity="monk")
    refused(st, TOM, "not_in_game", 403, type="illegal")


def test_refusals_reactions_and_doubts():
    st = table(PETRA)
    st, _ = act(st, PETRA, type="claim", identity="farmer", action="grain")
    cid = st["claims"][0]["id"]
    refused(st, SYLVIA, "not_hit", 403, type="immunize", against="action")
    refused(st, PETRA, "no_fine", 409, type="immunize", against="sentence")
    refused(st, PETRA, "own_claim", 403, type="doubt", claim=cid)
    refused(st, SYLVIA, "no_claim", 422, type="doubt", claim=999)
    refused(st, SYLVIA, "no_open_doubt", 409, type="decline", claim=cid)
    refused(st, SYLVIA, "bad_against", 422, type="immunize", against="everything")
    st["out"][str(TOM)] = "accused"
    refused(st, TOM, "not_in_game", 403, type="doubt", claim=cid)
    assert GAME.actions(st, TOM) == []
    # doubt templates: never for the claimant
    assert not offered(st, PETRA, type="doubt", claim=cid)
    assert offered(st, SYLVIA, type="doubt", claim=cid)
    # a void claim cannot be doubted
    st["claims"][0]["void"] = True
    refused(st, SYLVIA, "claim_void", 409, type="doubt", claim=cid)


# ------------------------------------------------------------ the final
def three(first=0, **kw):
    return make(3, idents={0: "baron", 1: "monk", 2: "judge"},
                covers={0: "thief", 1: "thief", 2: "thief"}, first=first, **kw)


def test_final_begins_with_automatic_covers():
    st = three()
    st["shown"] = {"0": {"2": ["farmer"]}, "2": {"0": ["magician", "trader"]},
                   "1": {"0": ["monk"]}}
    st, ev_ = act(st, 0, type="accuse", target=1, identity="monk")
    k = keys(ev_)
    assert k[:4] == ["accuse", "accuse_secret", "accuse_right", "points"]
    assert "final_begins" in k and k.count("final_auto_cover") == 2
    assert st["final"] is True
    assert st["covers"]["0"] == ["thief", "magician", "trader"]
    assert st["covers"]["2"] == ["thief", "farmer"]
    assert GAME.view(st, None)["public"]["final"] is True


def test_final_doubt_at_once_right():
    st = three()
    st, _ = act(st, 0, type="accuse", target=1, identity="monk")      # final 0 vs 2
    assert st["to_move"] == 2
    st, _ = act(st, 2, type="claim", identity="farmer", action="grain")
    cid = st["claims"][0]["id"]
    st, ev_ = act(st, 0, type="doubt", claim=cid)
    assert keys(ev_) == ["doubt_raised", "doubt_right", "void.farmer.grain"]
    assert "farmer" in st["covers"]["2"] and st["doubt"] is None


def test_final_wrong_doubt_loses_the_final():
    st = three()
    st["points"] = {"0": 0, "1": 0, "2": 2}
    st, _ = act(st, 0, type="accuse", target=1, identity="monk")      # 0: 1 point
    st, _ = act(st, 2, type="claim", identity="judge", action="wine")  # 2 is the Judge
    cid = st["claims"][0]["id"]
    st, ev_ = act(st, 0, type="doubt", claim=cid, seed=4)
    k = keys(ev_)
    assert k[:5] == ["doubt_raised", "doubt_wrong_final", "points", "final_wrong_doubt", "final_won"]
    # the final's winner stays: its line does not say it leaves (issue #25)
    assert "leaves" not in render(ev_[1]) and "scheidet" not in render(ev_[1], "de")
    # +3 wrong doubt, +3 final for the claimant; +1 for the loser
    assert st["points"] == {"0": 2, "1": 0, "2": 8}
    assert "round_end" in k and k.count("reveal") == 3 and k[-1] == "deal"
    # new round: dealt, started by the final's winner
    assert st["round"] == 2 and st["phase"] == "cover" and st["to_move"] == 2
    pub = GAME.view(st, None)["public"]
    assert pub["last_round"]["identities"] == {"0": "baron", "1": "monk", "2": "judge"}
    assert pub["last_round"]["winner"] == 2
    assert all(p["in_round"] and p["covers"] == [] for p in pub["players"])


def test_final_buy_info_covers_instead_of_showing():
    st = three()
    st, _ = act(st, 0, type="accuse", target=1, identity="monk")
    st, ev_ = act(st, 2, type="buy_info", target=0, trios=2)
    tpl = GAME.actions(st, 0)[0]["fields"]["identities"]
    assert tpl["of"] == ["monk", "judge", "trader", "magician", "farmer"]   # not her own Baron
    assert tpl["size"] == 2
    refused(st, 0, "show_own", 409, type="show", identities=["baron", "farmer"])   # an API client's try
    st, ev_ = act(st, 0, type="show", identities=["judge", "farmer"])
    assert keys(ev_) == ["final_info_cover"]
    assert st["covers"]["0"] == ["thief", "judge", "farmer"]
    assert "0" not in st["shown"].get("2", {})


def test_final_by_accusation_and_fending_off():
    # right accusation in the final: +1 and +3, loser +1
    st = three()
    st, _ = act(st, 0, type="accuse", target=1, identity="monk")
    st, _ = act(st, 2, type="claim", identity="judge", action="wine")
    st, ev_ = act(st, 0, type="accuse", target=2, identity="judge")
    assert st["points"] == {"0": 5, "1": 0, "2": 1}
    assert st["to_move"] == 0 and st["round"] == 2
    # wrong accusation in the final: target +3 then +1 (not the 10th), accuser +1
    st = three()
    st["points"] = {"0": 0, "1": 0, "2": 6}
    st, _ = act(st, 0, type="accuse", target=1, identity="monk")
    st, _ = act(st, 2, type="claim", identity="judge", action="wine")
    st, ev_ = act(st, 0, type="accuse", target=2, identity="farmer")
    assert st["points"] == {"0": 2, "1": 0, "2": 9}      # the fend-off bonus would be 10th
    assert "no_tenth" in keys(ev_) and GAME.winners(st) is None
    # the final's loser never gets the 10th point
    st = three()
    st["points"] = {"0": 0, "1": 0, "2": 9}
    st, _ = act(st, 0, type="accuse", target=1, identity="monk")
    st, _ = act(st, 2, type="claim", identity="judge", action="wine")
    st, ev_ = act(st, 0, type="accuse", target=2, identity="judge")
    assert st["points"] == {"0": 5, "1": 0, "2": 9}


def test_final_win_reaches_ten():
    st = three()
    st["points"] = {"0": 0, "1": 0, "2": 7}
    st, _ = act(st, 0, type="accuse", target=1, identity="monk")
    st, _ = act(st, 2, type="claim", identity="judge", action="wine")
    st, ev_ = act(st, 0, type="accuse", target=2, identity="farmer")
    assert GAME.winners(st) == [2] and st["points"]["2"] == 10
    assert keys(ev_)[-1] == "wins"


def test_wrong_doubt_wins_at_once_mid_round():
    st = table(TOM)
    st["points"][str(TOM)] = 7
    st, _ = act(st, TOM, type="claim", identity="monk", action="wine")
    cid = st["claims"][0]["id"]
    for d in (SYLVIA, PETRA, GABY):
        st, ev_ = act(st, d, type="doubt", claim=cid)
    assert GAME.winners(st) == [TOM] and GAME.scores(st)[TOM] == 10
    assert GAME.view(st, None)["public"]["step"] == "over"


# ------------------------------------------------- issue #13 corrections
def test_withdrawn_doubt_leaves_the_claim_open_to_others():
    st = table(TOM)
    st, _ = act(st, TOM, type="claim", identity="monk", action="wine")   # Tom is a Monk
    cid = st["claims"][0]["id"]
    st, _ = act(st, SYLVIA, type="doubt", claim=cid)
    st, ev_ = act(st, SYLVIA, type="withdraw", claim=cid)
    assert keys(ev_) == ["doubt_withdrawn"]
    # anyone else still in the round may doubt it anew ...
    assert offered(st, GABY, type="doubt", claim=cid)
    again, ev_ = act(st, GABY, type="doubt", claim=cid)
    assert keys(ev_) == ["doubt_raised"] and again["doubt"] == cid
    assert GAME.view(again, None)["public"]["claims"][0]["doubt"]["by"] == GABY
    # ... and it is decided as usual
    again, _ = act(again, PETRA, type="doubt", claim=cid)
    again, ev_ = act(again, CHRISTIAN, type="doubt", claim=cid)
    assert "doubt_wrong" in keys(ev_) and again["out"] == {str(TOM): "doubted"}
    # who withdrew it took it back: not again from them
    assert not offered(st, SYLVIA, type="doubt", claim=cid)
    refused(st, SYLVIA, "withdrew_doubt", 409, type="doubt", claim=cid)


def test_doubt_closed_by_the_host_leaves_the_claim_open():
    st = table(TOM)
    st, _ = act(st, TOM, type="claim", identity="monk", action="wine")
    cid = st["claims"][0]["id"]
    st, _ = act(st, SYLVIA, type="doubt", claim=cid)
    st, _ = act(st, PETRA, type="decline", claim=cid)
    st, ev_ = act(st, HOST, type="close", step="doubt")
    assert keys(ev_) == ["doubt_closed"]
    for s in (SYLVIA, PETRA, GABY):
        assert offered(st, s, type="doubt", claim=cid)
    st, ev_ = act(st, PETRA, type="doubt", claim=cid)
    assert keys(ev_) == ["doubt_raised"] and st["doubt"] == cid


def test_collapsed_doubt_locks_the_claim():
    st = table(TOM)
    st, _ = act(st, TOM, type="claim", identity="monk", action="wine")
    cid = st["claims"][0]["id"]
    st, _ = act(st, SYLVIA, type="doubt", claim=cid)
    for s in (CHRISTIAN, PETRA, GREGOR):
        st, ev_ = act(st, s, type="decline", claim=cid)
    assert keys(ev_)[-1] == "doubt_collapsed"
    assert all(not offered(st, s, type="doubt", claim=cid) for s in range(6))
    err = refused(st, GABY, "already_doubted", 409, type="doubt", claim=cid)
    assert "voted" in GAME.texts["en"]["error." + err.code]


def test_wrong_doubt_voids_the_revealed_players_other_claims():
    st = table(GABY)
    st, _ = act(st, GABY, type="claim", identity="baron", action="tax", resource="wine")
    st, _ = act(st, GREGOR, type="illegal")
    st, _ = act(st, CHRISTIAN, type="fine", resource="wine", amount=2)
    st, _ = act(st, TOM, type="indulgence", resource="wine")          # Tom is the Monk
    st, _ = act(st, TOM, type="immunize", against="action")           # ... not a Magician
    indulgence, immunity = (c["id"] for c in st["claims"][-2:])
    for d in (SYLVIA, PETRA, GREGOR):
        st, ev_ = act(st, d, type="doubt", claim=indulgence)
    assert keys(ev_) == ["doubt_support", "doubt_wrong", "void.immunize", "points"]
    assert "Tom's immunization" in render(ev_[2])
    void = {c["id"]: c["void"] for c in st["claims"]}
    assert void[immunity] and not void[indulgence]
    assert sum(void.values()) == 1            # the tax, illegal and fine stand


def test_final_won_by_accusation_books_the_final_first():
    st = three()
    st["points"] = {"0": 0, "1": 0, "2": 9}
    st, _ = act(st, 0, type="accuse", target=1, identity="monk")      # final: 0 against 2
    st, ev_ = act(st, 2, type="accuse", target=0, identity="baron")
    assert st["points"]["2"] == 12 and GAME.winners(st) == [2]
    assert keys(ev_)[-4:] == ["accuse_right", "final_won", "points", "wins"]


def test_accusing_a_covered_identity_is_refused_and_documented():
    import companion.games.hoax as package
    assert "accusation of an identity the target has covered is refused" in \
        " ".join(package.__doc__.split())
    st = table(GREGOR)
    assert not offered(st, GREGOR, type="accuse", target=SYLVIA, identity="thief")
    err = refused(st, GREGOR, "accuse_covered", 409, type="accuse", target=SYLVIA,
                  identity="thief")
    assert "could only be wrong" in GAME.texts["en"]["error." + err.code]


# ------------------------------------------------------------ why_not, required
def test_why_not_names_the_precise_reason():
    st = table(PETRA)
    reason = GAME.why_not(st, TOM, {"type": "claim", "identity": "monk", "action": "wine"})
    assert reason.code == "not_your_turn" and reason.params == {"player": {"seat": PETRA}}
    st, _ = act(st, PETRA, type="claim", identity="farmer", action="grain")
    st, _ = act(st, GREGOR, type="illegal")
    assert GAME.why_not(st, GREGOR, {"type": "illegal"}).code == "reaction_used"
    cid = st["claims"][0]["id"]
    st, _ = act(st, SYLVIA, type="doubt", claim=cid)
    assert GAME.why_not(st, GABY, {"type": "illegal"}).code == "doubt_open"
    assert GAME.why_not(st, SYLVIA, {"type": "doubt", "claim": cid}).code == "already_answered"
    assert GAME.why_not(st, HOST, {"type": "doubt", "claim": cid}).code == "host_cannot"
    missing = GAME.why_not(st, GABY, {"type": "decline"})
    assert missing.code == "missing_field" and missing.params == {"field": {"text": "field.claim"}}


def test_why_not_and_apply_agree_over_random_positions():
    """For actions drawn from any seat's templates and tried by every seat,
    why_not is None exactly when apply accepts, and names apply's refusal;
    neither changes the state when it refuses."""
    from companion.games.base import Illegal, sample_action
    from tests.harness import canon, random_play
    rng = random.Random(5)
    agreed = refusals = 0
    for seed in range(4):
        n = 3 + seed
        for k, (st, *_r) in enumerate(random_play(GAME, list(range(n)), {}, 900 + seed,
                                                  max_steps=400)):
            if k % 7:
                continue
            before = canon(st)
            for owner in [HOST, *range(n)]:
                tpls = GAME.host_actions(st) if owner == HOST else GAME.actions(st, owner)
                for tpl in tpls:
                    action = sample_action(tpl, rng)
                    for actor in [HOST, *range(n)]:
                        reason = GAME.why_not(st, actor, action)
                        try:
                            GAME.apply(copied(st), actor, action, random.Random(1))
                            assert reason is None, (actor, action, reason.code)
                        except Illegal as err:
                            assert reason is not None and reason.code == err.code
                            refusals += 1
                        assert canon(st) == before
                        agreed += 1
    assert agreed > 2000 and refusals > 1000


def test_required_marks_what_the_game_waits_for():
    st, _ = GAME.setup([0, 1, 2, 3], {"first": 0}, random.Random(2))
    assert all(t.get("required") for s in range(4) for t in GAME.actions(st, s))
    st = table(GABY)
    st, _ = act(st, GABY, type="claim", identity="baron", action="tax", resource="gold")
    on_turn = GAME.actions(st, TOM)
    assert {t["type"] for t in on_turn if t.get("required")} == {"claim", "buy_info", "accuse"}
    assert {t["type"] for t in on_turn if not t.get("required")} == {"illegal", "immunize",
                                                                    "doubt"}
    assert not any(t.get("required") for t in GAME.actions(st, PETRA))
    st, _ = act(st, SYLVIA, type="doubt", claim=st["claims"][0]["id"])
    answers = {t["type"]: t.get("required", False) for t in GAME.actions(st, TOM)}
    assert answers == {"doubt": True, "decline": True}
    assert {t["type"]: t.get("required", False) for t in GAME.actions(st, SYLVIA)} == {
        "withdraw": False}
    st = petra_info_state()
    st, _ = act(st, CHRISTIAN, type="buy_info", target=PETRA, trios=1)
    assert [t.get("required") for t in GAME.actions(st, PETRA)] == [True]


# ------------------------------------------------------------ views
def test_views_hide_what_they_must():
    st = petra_info_state()
    table_view = GAME.view(st, None)
    assert table_view["you"] is None
    text = json.dumps(table_view)
    assert '"ident"' not in text and "secret" not in text
    for s in range(6):
        you = GAME.view(st, s)["you"]
        assert you["secret"] == {"identity": IDENTS[s]}
        assert you["covers"] == st["covers"][str(s)]
        assert str(s) not in you["possible"] and len(you["possible"]) == 5
    pub = table_view["public"]
    assert pub["order"] == list(range(6)) and pub["to_move"] == CHRISTIAN
    assert [p["covers"] for p in pub["players"]][PETRA] == ["baron", "thief"]
    assert GAME.scores(st) == {s: 0 for s in range(6)}


# ------------------------------------------------------------ texts
def test_german_names_of_identities_and_resources():
    de = GAME.texts["de"]
    assert [de["value." + i] for i in GAME_IDS] == [
        "Baron", "Mönch", "Richter", "Händler", "Magier", "Dieb", "Bauer"]
    assert [de["value." + r] for r in ("gold", "wine", "grain")] == ["Gold", "Wein", "Korn"]


# ------------------------------------------------------------ hidden means hidden
def test_non_interference_over_random_positions():
    from tests.harness import check_non_interference, random_play
    rng = random.Random(99)
    compared = positions = 0
    for seed in range(36):
        n = 3 + seed % 6
        opts = {"strict_doubt": seed % 4 == 1, "large_group": seed % 9 == 4}
        for k, (st, *_rest) in enumerate(random_play(GAME, list(range(n)), opts, 500 + seed,
                                                     max_steps=20000)):
            if k % 9 == 4:
                compared += check_non_interference(GAME, st, list(range(n)),
                                                   GAME.hidden_variants, rng)
                positions += 1
    assert positions >= 300 and compared > 1000


def test_non_interference_catches_a_leak():
    """The check is not vacuous: a view that showed identities would fail."""
    from tests.harness import check_non_interference
    st = petra_info_state()
    original = GAME.view

    def leaky(state, s):
        out = original(state, s)
        out["public"]["leak"] = dict(state["ident"])
        return out

    GAME.view = leaky
    try:
        with pytest.raises(AssertionError):
            check_non_interference(GAME, st, list(range(6)), GAME.hidden_variants,
                                   random.Random(1))
    finally:
        del GAME.view
    assert check_non_interference(GAME, st, list(range(6)), GAME.hidden_variants,
                                   random.Random(1)) > 0


def test_a_game_played_to_ten_points():
    from tests.harness import random_play
    events = []
    for st, actor, action, evs in random_play(GAME, [0, 1, 2, 3, 4, 5], {"first": 2}, 2024,
                                              max_steps=20000):
        events += evs
    (w,) = GAME.winners(st)
    assert GAME.scores(st)[w] >= 10
    assert [e["key"] for e in events][-1] == "wins"
    assert events[-1]["params"]["who"] == {"seat": w}
    assert sum(e["key"] == "deal" for e in events) == st["round"]
    assert GAME.view(st, None)["public"]["identities"] == st["ident"]


def test_templates_are_exact():
    """Every action drawn from any template of any seat is accepted: the
    secret ``cover``, ``show`` and ``accuse`` lists leave one's own identity
    out (issue #25), so nothing a phone offers is refused."""
    from companion.games.base import Illegal, sample_action
    from tests.harness import random_play
    tried = 0
    for seed in range(8):
        n = 3 + seed % 6
        for k, (st, *_r) in enumerate(random_play(GAME, list(range(n)), {}, 700 + seed,
                                                  max_steps=20000)):
            if k % 3 or GAME.winners(st):
                continue
            rng = random.Random(k)
            for s in [HOST, *range(n)]:
                tpls = GAME.host_actions(st) if s == HOST else GAME.actions(st, s)
                for tpl in tpls:
                    action = sample_action(tpl, rng)
                    try:
                        GAME.apply(copied(st), s, action, rng)
                    except Illegal as err:
                        raise AssertionError((seed, k, s, tpl, err.code))
                    tried += 1
    assert tried > 2000


def test_odd_field_types_are_refused():
    st = table(PETRA)
    st, _ = act(st, PETRA, type="claim", identity="farmer", action="grain")
    refused(st, SYLVIA, "no_claim", 422, type="doubt", claim=True)
    refused(st, SYLVIA, "no_claim", 422, type="doubt", claim="1")
    refused(st, GREGOR, "no_such_seat", 422, type="buy_info", target="Petra", trios=1)
    refused(st, GREGOR, "bad_trios", 422, type="buy_info", target=PETRA, trios=True)
    refused(st, GREGOR, "invalid_field", 422, type="claim", identity=None, action="gold")


# ------------------------------------------- accusing one's own identity (issue #38)
def test_two_cards_of_each_identity_so_one_may_accuse_as_ones_own():
    """The rulebook: "Da von jeder Identität zwei Karten im Spiel sind, kann
    es vorkommen, daß ein anderer die gleiche Identität besitzt wie man
    selbst", and §3.9 limits the identity named by nothing: Gregor and Gaby
    are both Thieves; Gregor accuses Gaby of being a Thief, and is right."""
    st = table(GREGOR)
    st["ident"][str(GREGOR)] = "thief"
    assert offered(st, GREGOR, type="accuse", target=GABY, identity="thief")
    st, ev_ = act(st, GREGOR, type="accuse", target=GABY, identity="thief")
    assert keys(ev_) == ["accuse", "accuse_secret", "accuse_right", "points"]
    assert st["out"] == {str(GABY): "accused"}


def test_the_accuse_list_is_public_and_the_final_offers_ones_own():
    """The list holds every identity the target has not covered, one's own
    included, so it tells nothing of one's own; in the final, when the
    opponent's only uncovered identity is one's own, the accusation (a
    certain win) is offered."""
    st = table(GREGOR)
    lists = {json.dumps([t for t in GAME.actions(dict(st, ident=dict(st["ident"], **{str(GREGOR): mine})), GREGOR)
                         if t["type"] == "accuse"])
             for mine in ("baron", "thief", "monk")}
    assert len(lists) == 1
    st = three()
    st, _ = act(st, 0, type="accuse", target=1, identity="monk")      # final: 0 (baron) vs 2
    st["covers"]["0"] = [i for i in GAME_IDS if i != "baron"][:6]
    st["covers"]["2"] = [i for i in GAME_IDS if i != "baron"]
    st["ident"]["2"] = "baron"
    st["to_move"] = 0
    accuse = [t for t in GAME.actions(st, 0) if t["type"] == "accuse"]
    assert accuse and accuse[0]["fields"]["identity"] == ["baron"] and accuse[0]["fields"]["target"] == [2]
    st, ev_ = act(st, 0, type="accuse", target=2, identity="baron")
    assert "accuse_right" in keys(ev_) and "final_won" in keys(ev_)   # the round is won


# ------------------------------------- one rule for every claim (issue #45)
CLAIMS = {"claim", "illegal", "fine", "indulgence", "immunize"}


@pytest.mark.parametrize("options", [{}, {"original_hoax": True}, {"second_identity": True},
                                     {"large_group": True}])
def test_every_claim_asks_to_confirm(options):
    """A claim (the turn's personal action or a reaction, each naming an
    identity) is never sent on one tap: every such template, in every
    variant and at every step of random play, asks to confirm, whatever
    fields it has (a Magician's claim needed one tap, a Judge's a button)."""
    from tests.harness import random_play
    seats = list(range(4 if options.get("second_identity") else 6))
    seen = set()
    for seed in range(3):
        for st, _actor, _action, _events in random_play(GAME, seats, options, seed, max_steps=400):
            for s in seats:
                for tpl in GAME.actions(st, s):
                    if tpl["type"] in CLAIMS:
                        seen.add(tpl["type"])
                        assert tpl.get("confirm"), tpl
    assert {"claim", "illegal", "immunize"} <= seen, seen
