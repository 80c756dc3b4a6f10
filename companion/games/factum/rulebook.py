"""Factum: sentences of its printed rulebook, word for word, that explain
mode must never contradict, with the phrases that would (``Rulebook`` in
games/base.py; checked by tests/conformance/test_explain_rulebook.py)."""
from __future__ import annotations

from ..base import Rulebook


def captain_after_the_card(view: dict, viewer) -> bool:
    """The storyteller and the judge from the moment the cards are laid
    until the vote is over (both have seen the story card)."""
    pub = view["public"]
    r = pub.get("current") or {}
    return pub["step"] in ("mark", "vote") and viewer is not None and viewer in (
        r.get("teller"), r.get("judge"))


RULEBOOK = Rulebook("factum.de.txt", [
    {"quote": "Der Erzähler und der Richter müssen schweigen, aber es ist in Ordnung, "
              "wenn die Mitglieder des anderen Teams etwas sagen und versuchen, die "
              "Rater mit ihren Kommentaren zu verwirren.",
     "means": "while the guessing team decides, the storyteller and the judge say "
              "nothing, whichever team guesses; only the rest of the confusing team "
              "may talk (so never the whole confusing team, never a captain)",
     "never": {"en": [r"\b[Tt]he confusers may\b", r"(?<!rest of )\b[Tt]he confusing team may\b",
                      r"\b(storyteller|judge|captains?)s? (may|can) (keep |go on )?"
                      r"(talk|speak|comment)",
                      r"\b[Yy]ou may (keep |go on )?(talk|speak|comment|say)"],
               "de": [r"\b[Dd]as verwirrende Team darf\b",
                      r"\b(Erzähler|Richter|Kapitän)s? (darf|dürfen) (weiter )?"
                      r"(reden|sprechen|kommentieren|etwas sagen)",
                      r"\b[Dd]u darfst (weiter )?(reden|sprechen|kommentieren|etwas sagen)"]},
     "allowed": {"explain.vote.confuser", "explain.vote.confuser_revote"},
     "bound": captain_after_the_card},
    {"quote": "Sie müssen mit der Mehrheit der Stimmen eine Entscheidung treffen.",
     "means": "the guessing team's choice is the majority's, not a unanimous one",
     "never": {"en": [r"\bunanimous"], "de": [r"\beinstimmig"]}},
    {"quote": "Diese 3 Punkte sind \"übertragbar\": Wenn die Geschichte eines anderen "
              "Erzählers gewählt wird, erhält dieser neue Erzähler 3 Punkte, und dem "
              "vorherigen Erzähler werden 3 Punkte von seiner Punktzahl abgezogen.",
     "means": "the title's 3 points are one stake that moves to a challenger who wins; "
              "a title story that wins again earns nothing more (spec: more votes for "
              "the title or a tie change nothing), so never 'the winner gets +3'",
     "never": {"en": [r"\bwinner's teller gets \+3", r"\bmore votes give its teller \+3"],
               "de": [r"\bihr Erzähler bekommt beim Sieg \+3",
                      r"\bmehr Stimmen bringen ihrem Erzähler \+3"]}},
])
