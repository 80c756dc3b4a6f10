"""The rule language: a small hand-written tokenizer and recursive-descent
parser with an allow-list of words (nothing is ever ``eval``-ed), a type
check, a canonical printer and an evaluator.

Grammar (lowest precedence first; German words in brackets)::

    rule       := or
    or         := and  ("or" [oder]  and)*
    and        := not  ("and" [und]  not)*
    not        := "not" [nicht] not | comparison
    comparison := sum (cmp sum)*                  # 1 < count < 4 is a chain (of < <= > >= only)
                | sum ["not"] "in" list           # [nicht] in
    sum        := term (("+" | "-") term)*
    term       := unary ("%" NUMBER)*             # modulo by a constant 1..144
    unary      := "-" unary | atom
    atom       := NUMBER | "(" rule ")" | name | ("prev" | "prev2") ["." attribute]
    list       := "[" literal ("," literal)* "]"
    cmp        := == != < <= > >=   (also = ≠ ≤ ≥)

Names: the card's ``shape count fill color`` [form anzahl füllung farbe];
``prev`` [vorher], the last card of the correct row, and ``prev2``
[vorvorher], the card before that (each ``none`` while the row is too
short), with their parts ``prev.shape`` … ; ``changes`` [änderungen], how
many of the four properties differ from the card before; ``total``
[summe], the row's total count: the shapes on all cards of the correct row
and this one; ``n``, the cards already in the correct row; the values
``circle triangle square`` [kreis dreieck quadrat] (plurals too),
``filled empty`` [ausgefüllt unausgefüllt], ``white black`` [weiß schwarz],
``none`` [keine].  Case does not matter; a full stop at the end is ignored
(phones add one after a double space).

Types: number, shape, fill, color, card (``prev``/``prev2`` alone), none,
condition.  ``==``/``!=`` compare two values of one type, or anything with
``none`` (a whole card only with ``none``); ``< <= > >=``, ``+ - %`` take
numbers; ``and or not`` take conditions; the whole rule is a condition.

Meaning — **the first card is free unless the rule says otherwise**
(three-valued logic, for secret rules and guesses alike): a value about a
card the row does not have yet (``prev.x`` before the first card,
``prev2.x`` before the second, ``changes`` at the first) is *missing*;
arithmetic with a missing value is missing; a comparison or ``in`` with a
missing operand is *unknown*, except against the literal ``none``
(``prev == none``, ``prev.color != none``, ``x in [none, …]``), which is
plainly true or false.  ``and``/``or``/``not`` follow Kleene's logic
(false and unknown = false, true or unknown = true, not unknown =
unknown), and **a card fits unless the rule is false**.  So
``shape == prev.shape`` ("the same shape as the card before") lets any
first card through, and a rule that wants a particular first card says so:
``prev == none and count == 1 or prev != none and count == prev.count % 6 + 1``.
``%`` is the mathematical remainder (0..k-1).  Because a group may mean
otherwise, the phone reads back before sealing what a rule lets start the
row (``reading``), and a guess that differs from the secret rule only
where one of them is unknown is judged right (``equivalence.judge``).

Limits, each refused with a message that points at the problem: at most
``RULE_MAX`` characters, parentheses/``not``/minus nested at most
``MAX_DEPTH`` deep, numbers at most 999, ``%`` only by a whole number from 1
to 144, no chain of comparisons with ``==`` or ``!=`` (``color = white = black``), ``=>`` and ``=<``
refused with the fix, and no comparison that weighs ``n`` against ``total`` (each alone
keeps the equivalence check exact and fast, see ``equivalence``).  Common
slips are refused with the exact fix: ``count == 3 or 4`` → ``count in [3, 4]``."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..base import txt
from .budget import RuleError, charge
from .cards import ATTRIBUTES

RULE_MAX = 300
MAX_DEPTH = 20
NUMBER_MAX = 999
MODULO_MAX = 144

NUM, SHAPE, FILL, COLOR, CARD, NONE, BOOL = (
    "number", "shape", "fill", "color", "card", "none", "condition")
ATTR_TYPE = {"shape": SHAPE, "count": NUM, "fill": FILL, "color": COLOR}
ATTR_AT = {attr: i for i, attr in enumerate(ATTRIBUTES)}


def _words(pairs: dict) -> dict:
    return {unicodedata.normalize("NFC", k).casefold(): v for k, v in pairs.items()}


ATTR_WORDS = _words({
    "shape": "shape", "form": "shape",
    "count": "count", "number": "count", "anzahl": "count",
    "fill": "fill", "füllung": "fill", "fuellung": "fill",
    "color": "color", "colour": "color", "farbe": "color",
})
VALUE_WORDS = _words({
    "circle": (SHAPE, "circle"), "kreis": (SHAPE, "circle"),
    "triangle": (SHAPE, "triangle"), "dreieck": (SHAPE, "triangle"),
    "square": (SHAPE, "square"), "quadrat": (SHAPE, "square"),
    # plurals, as people say them ("only circles")
    "circles": (SHAPE, "circle"), "kreise": (SHAPE, "circle"),
    "triangles": (SHAPE, "triangle"), "dreiecke": (SHAPE, "triangle"),
    "squares": (SHAPE, "square"), "quadrate": (SHAPE, "square"),
    "filled": (FILL, "filled"), "ausgefüllt": (FILL, "filled"), "ausgefuellt": (FILL, "filled"),
    "empty": (FILL, "empty"), "unausgefüllt": (FILL, "empty"),
    "unausgefuellt": (FILL, "empty"), "leer": (FILL, "empty"),
    # the words people use for the fill when they do not know the game's
    "solid": (FILL, "filled"), "gefüllt": (FILL, "filled"), "gefuellt": (FILL, "filled"),
    "voll": (FILL, "filled"), "hollow": (FILL, "empty"), "hohl": (FILL, "empty"),
    "white": (COLOR, "white"), "weiß": (COLOR, "white"), "weiss": (COLOR, "white"),
    "black": (COLOR, "black"), "schwarz": (COLOR, "black"),
})
PREV_WORDS = _words({"prev": 1, "previous": 1, "vorher": 1})
PREV2_WORDS = _words({"prev2": 1, "vorvorher": 1})
CHANGES_WORDS = _words({"changes": 1, "changed": 1, "änderungen": 1, "aenderungen": 1})
TOTAL_WORDS = _words({"total": 1, "sum": 1, "summe": 1})
NONE_WORDS = _words({"none": 1, "keine": 1, "nichts": 1})
AND_WORDS = _words({"and": 1, "und": 1})
OR_WORDS = _words({"or": 1, "oder": 1})
NOT_WORDS = _words({"not": 1, "nicht": 1})
IN_WORDS = _words({"in": 1})
CMP_OPS = {"==": "==", "=": "==", "!=": "!=", "≠": "!=", "<>": "!=", "<": "<", "<=": "<=",
           "≤": "<=", ">": ">", ">=": ">=", "≥": ">="}
MINUS = {"-", "−"}

TRAILING_STOP = re.compile(r"[\s.]*\.[\s.]*$")   # "color == white. " as iOS types it
TOKEN = re.compile(r"\s*(?:(\d+)|([^\W\d]\w*)|(==|!=|<=|>=|<>|=>|=<|=!|[<>=≠≤≥+\-−%()\[\],.]))")
#: comparisons written the wrong way round, and the fix (one token, so a
#: refusal points at the whole of it: issue #40)
SWAPPED = {"=>": ">=", "=<": "<=", "=!": "!="}


#: every refusal of the language, with its HTTP status (checks.ERRORS holds them)
ERRORS: dict[str, int] = {code: 422 for code in (
    "rule_empty", "rule_too_long", "rule_too_deep", "rule_char", "rule_number", "rule_syntax",
    "rule_end", "rule_unclosed", "rule_unopened", "rule_list_place", "rule_list", "rule_call",
    "rule_attr", "rule_prev_attr", "rule_name", "rule_condition", "rule_compare_condition",
    "rule_order", "rule_types", "rule_prev_whole", "rule_arith", "rule_modulo",
    "rule_list_slip", "rule_n_total", "rule_too_complex", "rule_no_second", "rule_dead_end",
    "rule_operator", "rule_chain")}


def kind(type_: str) -> dict:
    """A type's name in the player's language, for a refusal's message (so
    its text is ``error.kind.<type>``: worded by the server, never sent
    with a page, which keeps the phone page light)."""
    return txt(f"error.kind.{type_}")


@dataclass(frozen=True)
class Token:
    kind: str       # "num" | "name" | "op" | "end" | "bad" (no token of the language)
    value: object
    at: int         # 1-based position in the text
    raw: str = ""


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    pos = 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            tokens.append(Token("end", None, len(text) + 1))
            return tokens
        match = TOKEN.match(text, pos)
        if match is None:     # reported when the parser gets there
            tokens.append(Token("bad", text[pos], pos + 1, text[pos]))
            pos += 1
            continue
        number, name, op = match.groups()
        at = match.start(match.lastindex) + 1
        if number is not None:
            if len(number.lstrip("0")) > 3:
                raise RuleError("rule_number", max=NUMBER_MAX, at=at)
            tokens.append(Token("num", int(number), at, number))
        elif name is not None:
            tokens.append(Token("name", name.casefold(), at, name))
        else:
            tokens.append(Token("op", op, at, op))
        pos = match.end()


def check_depth(tokens: list[Token]) -> None:
    """Refuses deep nesting before the recursive parser sees it."""
    depth = 0
    for token in tokens:
        if token.kind == "op" and token.value in ("(", "["):
            depth += 1
            if depth > MAX_DEPTH:
                raise RuleError("rule_too_deep", max=MAX_DEPTH, at=token.at)
        elif token.kind == "op" and token.value in (")", "]"):
            depth = max(0, depth - 1)


class Parser:
    def __init__(self, tokens: list[Token]):
        self.tokens = tokens
        self.i = 0
        self.depth = 0

    # --- helpers -----------------------------------------------------------
    def peek(self, ahead: int = 0) -> Token:
        return self.tokens[min(self.i + ahead, len(self.tokens) - 1)]

    def take(self) -> Token:
        token = self.peek()
        self.i += 1
        return token

    def is_word(self, words: dict, ahead: int = 0) -> bool:
        token = self.peek(ahead)
        return token.kind == "name" and token.value in words

    def is_op(self, *ops: str) -> bool:
        token = self.peek()
        return token.kind == "op" and token.value in ops

    def deeper(self, at: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise RuleError("rule_too_deep", max=MAX_DEPTH, at=at)

    def unexpected(self, token: Token) -> RuleError:
        if token.kind == "bad":
            return RuleError("rule_char", char=token.value, at=token.at)
        if token.kind == "end":
            return RuleError("rule_end", at=token.at)
        if token.kind == "op" and token.value in SWAPPED:
            return RuleError("rule_operator", op=token.raw, fix=SWAPPED[token.value], at=token.at)
        if token.kind == "name" and not known_word(token.value):
            return RuleError("rule_name", name=token.raw[:30], at=token.at)
        return RuleError("rule_syntax", found=token.raw, at=token.at)

    @staticmethod
    def condition(part: tuple, at: int) -> None:
        if part[1] != BOOL:
            raise RuleError("rule_condition", at=at)

    # --- grammar -----------------------------------------------------------
    def rule(self) -> tuple:
        node, type_, at = self.or_()
        token = self.peek()
        if token.kind != "end":
            if token.kind == "op" and token.value == ")":
                raise RuleError("rule_unopened", at=token.at)
            raise self.unexpected(token)
        self.condition((node, type_), at)
        return node

    def or_(self):
        return self.joined("or", OR_WORDS, self.and_)

    def and_(self):
        return self.joined("and", AND_WORDS, self.not_)

    def joined(self, op: str, words: dict, part):
        first = part()
        items = [first]
        while self.is_word(words):
            self.take()
            items.append(part())
        if len(items) == 1:
            return first
        for i, (node, type_, at) in enumerate(items):
            if type_ != BOOL:
                slip = list_slip(op, items[:i], items[i:])
                raise RuleError("rule_list_slip", fix=slip, at=at) if slip else \
                    RuleError("rule_condition", at=at)
        return (op, tuple(flatten(op, [n for n, _, _ in items]))), BOOL, first[2]

    def not_(self):
        if self.is_word(NOT_WORDS):
            token = self.take()
            self.deeper(token.at)
            node, type_, at = self.not_()
            self.depth -= 1
            self.condition((node, type_), at)
            return ("not", node), BOOL, token.at
        return self.comparison()

    def comparison(self):
        left = self.sum_()
        if self.is_op(*CMP_OPS):
            first_at = left[2]
            pairs = []
            while self.is_op(*CMP_OPS):
                op_token = self.take()
                # 1 < count < 4 reads as a range; "color = white = black" is a slip (issue #40)
                if pairs and {pairs[-1][1], CMP_OPS[op_token.value]} & {"==", "!="}:
                    raise RuleError("rule_chain", at=op_token.at)
                right = self.sum_()
                pairs.append(compare(CMP_OPS[op_token.value], left, right, op_token.at))
                left = right
            node = pairs[0] if len(pairs) == 1 else ("and", tuple(pairs))
            return node, BOOL, first_at
        negated = False
        if self.is_word(NOT_WORDS) and self.is_word(IN_WORDS, 1):
            self.take()
            negated = True
        if self.is_word(IN_WORDS):
            in_token = self.take()
            values, types, list_at = self.list_()
            return membership(left, negated, values, types, in_token.at, list_at), BOOL, left[2]
        return left

    def sum_(self):
        left = self.term()
        while self.is_op("+", *MINUS):
            op_token = self.take()
            right = self.term()
            for node, type_, at in (left, right):
                if type_ != NUM:
                    raise RuleError("rule_arith", op=op_token.raw, at=op_token.at)
            op = "add" if op_token.value == "+" else "sub"
            left = (op, left[0], right[0]), NUM, left[2]
        return left

    def term(self):
        left = self.unary()
        while self.is_op("%"):
            op_token = self.take()
            if left[1] != NUM:
                raise RuleError("rule_arith", op="%", at=op_token.at)
            token = self.peek()
            if token.kind != "num" or not 1 <= token.value <= MODULO_MAX:
                raise RuleError("rule_modulo", max=MODULO_MAX, at=token.at)
            self.take()
            left = ("mod", left[0], token.value), NUM, left[2]
        return left

    def unary(self):
        if self.is_op(*MINUS):
            token = self.take()
            self.deeper(token.at)
            node, type_, at = self.unary()
            self.depth -= 1
            if type_ != NUM:
                raise RuleError("rule_arith", op="-", at=token.at)
            if node[0] == "num":
                return ("num", -node[1]), NUM, token.at
            return ("neg", node), NUM, token.at
        return self.atom()

    def atom(self):
        token = self.take()
        if token.kind == "num":
            return ("num", token.value), NUM, token.at
        if token.kind == "op" and token.value == "(":
            self.deeper(token.at)
            inner = self.or_()
            self.depth -= 1
            if not self.is_op(")"):
                if self.peek().kind == "end":
                    raise RuleError("rule_unclosed", at=token.at)
                raise self.unexpected(self.peek())
            self.take()
            return inner[0], inner[1], token.at
        if token.kind == "op" and token.value == "[":
            raise RuleError("rule_list_place", at=token.at)
        if token.kind != "name":
            raise self.unexpected(token)
        part = self.name(token)
        if self.is_op("("):
            raise RuleError("rule_call", name=token.raw, at=self.peek().at)
        if self.is_op("."):
            raise RuleError("rule_attr", name=token.raw, at=self.peek().at)
        return part

    def name(self, token: Token):
        word = token.value
        if word in ATTR_WORDS:
            attr = ATTR_WORDS[word]
            return ("attr", attr), ATTR_TYPE[attr], token.at
        if word in PREV_WORDS or word in PREV2_WORDS:
            card = "prev" if word in PREV_WORDS else "prev2"
            if not self.is_op("."):
                return (card,), CARD, token.at
            self.take()
            field = self.take()
            if field.kind != "name" or field.value not in ATTR_WORDS:
                raise RuleError("rule_prev_attr", name=field.raw or "", at=field.at)
            attr = ATTR_WORDS[field.value]
            return (f"{card}_attr", attr), ATTR_TYPE[attr], token.at
        if word == "n":
            return ("n",), NUM, token.at
        if word in CHANGES_WORDS:
            return ("changes",), NUM, token.at
        if word in TOTAL_WORDS:
            return ("total",), NUM, token.at
        if word in VALUE_WORDS:
            type_, value = VALUE_WORDS[word]
            return ("val", type_, value), type_, token.at
        if word in NONE_WORDS:
            return ("none",), NONE, token.at
        if word in AND_WORDS or word in OR_WORDS or word in NOT_WORDS or word in IN_WORDS:
            raise RuleError("rule_syntax", found=token.raw, at=token.at)
        raise RuleError("rule_name", name=token.raw[:30], at=token.at)

    def list_(self):
        open_token = self.take()
        if open_token.kind != "op" or open_token.value != "[":
            raise RuleError("rule_list", at=open_token.at)
        values, types = [], []
        while True:
            token = self.take()
            sign = 1
            if token.kind == "op" and token.value in MINUS and self.peek().kind == "num":
                sign, token = -1, self.take()
            if token.kind == "num":
                values.append(sign * token.value)
                types.append((NUM, token.at))
            elif token.kind == "name" and token.value in VALUE_WORDS:
                type_, value = VALUE_WORDS[token.value]
                values.append(value)
                types.append((type_, token.at))
            elif token.kind == "name" and token.value in NONE_WORDS:
                values.append(None)
                types.append((NONE, token.at))
            elif token.kind == "end":
                raise RuleError("rule_unclosed", at=open_token.at)
            elif token.kind == "bad" or (token.kind == "name" and not known_word(token.value)):
                raise self.unexpected(token)
            else:
                raise RuleError("rule_list", at=token.at)
            token = self.take()
            if token.kind == "op" and token.value == "]":
                return tuple(values), types, open_token.at
            if token.kind == "end":
                raise RuleError("rule_unclosed", at=open_token.at)
            if token.kind == "bad":
                raise self.unexpected(token)
            if not (token.kind == "op" and token.value == ","):
                raise RuleError("rule_list", at=token.at)


def known_word(word: str) -> bool:
    return word == "n" or any(word in words for words in (
        ATTR_WORDS, VALUE_WORDS, PREV_WORDS, PREV2_WORDS, CHANGES_WORDS, TOTAL_WORDS, NONE_WORDS,
        AND_WORDS, OR_WORDS, NOT_WORDS, IN_WORDS))


def list_slip(op: str, before: list[tuple], rest: list[tuple]) -> dict | None:
    """The rule a slip such as ``count == 3 or 4`` means (``count in [3, 4]``,
    as a parameter in the viewer's words: ``code_param``), or None: plain
    values joined to a comparison with one value."""
    if not before or before[-1][0][0] != "cmp":
        return None
    _, cmp, left, right = before[-1][0]
    wanted = ("==", "or") if op == "or" else ("!=", "and")
    if (cmp, op) != wanted or right[0] not in ("num", "val"):
        return None
    values = [right]
    for node, type_, _ in rest:
        if type_ == BOOL:
            break
        if node[0] not in ("num", "val") or (node[0] == "val") != (right[0] == "val"):
            return None
        values.append(node)
    word = "in" if op == "or" else "not in"
    return code_param(f"{_print(left)} {word} [{', '.join(_print(v) for v in values)}]")


def flatten(op: str, nodes: list[tuple]) -> list[tuple]:
    out: list[tuple] = []
    for node in nodes:
        out.extend(node[1] if node[0] == op else [node])
    return out


def compare(op: str, left: tuple, right: tuple, at: int) -> tuple:
    (lnode, ltype, _), (rnode, rtype, _) = left, right
    if BOOL in (ltype, rtype):
        raise RuleError("rule_compare_condition", at=at)
    if op in ("<", "<=", ">", ">="):
        if ltype != NUM or rtype != NUM:
            raise RuleError("rule_order", op=op, at=at)
    elif NONE not in (ltype, rtype):
        if CARD in (ltype, rtype):
            raise RuleError("rule_prev_whole", at=at)
        if ltype != rtype:
            raise RuleError("rule_types", left=kind(ltype), right=kind(rtype), at=at)
    node = ("cmp", op, lnode, rnode)
    if ltype == NUM and rtype == NUM:
        one_of_n_and_total(slope(lnode), slope(rnode), at)
    return node


def one_of_n_and_total(left: tuple, right: tuple, at: int) -> None:
    """Refuses a comparison that weighs ``n`` against ``total`` (each may
    grow without end; their mixture would make equivalence undecidable here)."""
    if left[0] != right[0] and left[1] != right[1]:
        raise RuleError("rule_n_total", at=at)


def slope(node: tuple) -> tuple[int, int]:
    """(a, b) of a number expression a·n + b·total + (a bounded rest): ``%``
    bounds whatever it applies to."""
    op = node[0]
    if op == "n":
        return 1, 0
    if op == "total":
        return 0, 1
    if op in ("add", "sub"):
        (a1, b1), (a2, b2) = slope(node[1]), slope(node[2])
        return (a1 + a2, b1 + b2) if op == "add" else (a1 - a2, b1 - b2)
    if op == "neg":
        a, b = slope(node[1])
        return -a, -b
    return 0, 0


def membership(left: tuple, negated: bool, values: tuple, types: list, at: int,
               list_at: int) -> tuple:
    node, type_, _ = left
    if type_ == BOOL:
        raise RuleError("rule_compare_condition", at=at)
    if type_ == CARD:
        raise RuleError("rule_prev_whole", at=at)
    for value_type, value_at in types:
        if value_type != NONE and type_ != NONE and value_type != type_:
            raise RuleError("rule_types", left=kind(type_), right=kind(value_type), at=value_at)
    if type_ == NUM:
        one_of_n_and_total(slope(node), (0, 0), at)
    return ("in", negated, node, values)


# --- the parsed rule ----------------------------------------------------------

@dataclass(frozen=True)
class Rule:
    tree: tuple
    text: str        # the canonical English form (parses back to the same tree)

    def fits(self, card: tuple, row: list[tuple]) -> bool:
        """Whether ``card`` may follow the correct ``row`` (its cards, oldest
        first): unless the rule is false for it."""
        return evaluate(self.tree, dict(zip(ATTRIBUTES, card)), Situation.of(row)) is not False


def parse(text: object) -> Rule:
    """The rule ``text`` means; raises ``RuleError`` with a pointer to the
    problem.  Never evaluates anything from the text."""
    if not isinstance(text, str):
        raise RuleError("rule_empty")
    if len(text) > RULE_MAX:
        raise RuleError("rule_too_long", max=RULE_MAX)
    text = unicodedata.normalize("NFC", text)
    text = TRAILING_STOP.sub("", text)
    if not text.strip():
        raise RuleError("rule_empty")
    tokens = tokenize(text)
    charge(PARSE_OPS * len(tokens))      # the request's budget (``budget``)
    check_depth(tokens)
    tree = Parser(tokens).rule()
    return Rule(tree, canonical(tree))


#: operations (``budget``) of parsing, type checking and printing one token
PARSE_OPS = 20


# --- canonical printing -------------------------------------------------------

#: a text key that words a canonical rule in the viewer's language
CODE = "code."
CODE_WORD = re.compile(r"[a-z]\w*")


def localized(text: str, words: str) -> str:
    """A canonical (English) rule written with another language's words:
    ``words`` pairs each English word with its own, "and und or oder …"
    (the texts' ``ui.code_words``; empty: the text as it is).  The
    language reads both, so the result parses to the same rule (issue #40:
    a German page shows no English rule keyword)."""
    pairs = words.split()
    table = dict(zip(pairs[::2], pairs[1::2]))
    return CODE_WORD.sub(lambda m: table.get(m.group(), m.group()), text) if table else text


def code_param(text: str) -> dict:
    """A canonical rule as a log line's or refusal's parameter: worded in
    each viewer's language (``Texts``)."""
    return {"text": CODE + text}


class Texts(dict):
    """A language's texts, which also word rules: the key ``code.<rule>``
    (``code_param``) is the canonical rule in this language's words."""

    def get(self, key, default=None):
        found = super().get(key)
        if found is None and isinstance(key, str) and key.startswith(CODE):
            return localized(key[len(CODE):], super().get("ui.code_words", ""))
        return default if found is None else found

PRECEDENCE = {"or": 1, "and": 2, "not": 3, "cmp": 4, "in": 4, "add": 5, "sub": 5,
              "mod": 6, "neg": 7}


def canonical(node: tuple) -> str:
    return _print(node)


def _wrap(node: tuple, least: int) -> str:
    text = _print(node)
    return f"({text})" if PRECEDENCE.get(node[0], 9) < least else text


def _literal(value) -> str:
    return "none" if value is None else str(value)


def _print(node: tuple) -> str:
    op = node[0]
    if op in ("or", "and"):
        return f" {op} ".join(_wrap(item, PRECEDENCE[op] + 1) for item in node[1])
    if op == "not":
        return "not " + _wrap(node[1], 3)
    if op == "cmp":
        return f"{_wrap(node[2], 5)} {node[1]} {_wrap(node[3], 5)}"
    if op == "in":
        word = "not in" if node[1] else "in"
        return f"{_wrap(node[2], 5)} {word} [{', '.join(_literal(v) for v in node[3])}]"
    if op in ("add", "sub"):
        sign = "+" if op == "add" else "-"
        return f"{_wrap(node[1], 5)} {sign} {_wrap(node[2], 6)}"
    if op == "mod":
        return f"{_wrap(node[1], 6)} % {node[2]}"
    if op == "neg":
        return "-" + _wrap(node[1], 7)
    if op == "num":
        return str(node[1])
    if op == "val":
        return node[2]
    if op == "none":
        return "none"
    if op == "attr":
        return node[1]
    if op in ("prev_attr", "prev2_attr"):
        return f"{op[:-5]}.{node[1]}"
    if op in ("prev", "prev2", "n", "changes", "total"):
        return op
    raise ValueError(op)


# --- meaning ------------------------------------------------------------------

@dataclass(frozen=True)
class Situation:
    """What a rule may know besides the card: the card before and the one
    before that (attribute -> value, or None while the row is too short),
    the cards in the row (``n``) and the shapes on them (``total`` without
    this card).  The equivalence check fills only what a rule reads."""
    prev: dict | None = None
    prev2: dict | None = None
    n: int = 0
    row_total: int = 0

    @staticmethod
    def of(row: list[tuple]) -> Situation:
        def card(i):
            return dict(zip(ATTRIBUTES, row[i])) if len(row) >= -i else None
        return Situation(card(-1), card(-2), len(row), sum(c[ATTR_AT["count"]] for c in row))


UNKNOWN = None      # a condition about a card the row does not have yet


def evaluate(node: tuple, card: dict, at: Situation):
    """The value of ``node`` for a card (``card`` maps the attributes the
    node reads to values) in a situation: a value, None for a missing one,
    or for a condition True, False or UNKNOWN (three-valued, see above)."""
    op = node[0]
    if op == "and":
        return _all([evaluate(item, card, at) for item in node[1]])
    if op == "or":
        found = [evaluate(item, card, at) for item in node[1]]
        return True if True in found else UNKNOWN if UNKNOWN in found else False
    if op == "not":
        inner = evaluate(node[1], card, at)
        return UNKNOWN if inner is UNKNOWN else not inner
    if op == "cmp":
        a, b = evaluate(node[2], card, at), evaluate(node[3], card, at)
        if "none" in (node[2][0], node[3][0]):       # said outright: plainly true or false
            return (a == b) == (node[1] == "==")
        return UNKNOWN if a is None or b is None else _compare(node[1], a, b)
    if op == "in":
        value = evaluate(node[2], card, at)
        if value is None and None not in node[3]:
            return UNKNOWN
        return (value in node[3]) != node[1]
    return _value(node, card, at)


def _all(found: list):
    return False if False in found else UNKNOWN if UNKNOWN in found else True


def _value(node: tuple, card: dict, at: Situation):
    op = node[0]
    if op in ("add", "sub"):
        a, b = _value(node[1], card, at), _value(node[2], card, at)
        return None if a is None or b is None else a + b if op == "add" else a - b
    if op in ("mod", "neg"):
        a = _value(node[1], card, at)
        return None if a is None else a % node[2] if op == "mod" else -a
    if op in ("num", "val"):
        return node[-1]
    if op == "attr":
        return card[node[1]]
    if op in ("prev_attr", "prev2_attr"):
        other = at.prev if op == "prev_attr" else at.prev2
        return None if other is None else other[node[1]]
    if op in ("prev", "prev2"):
        return at.prev if op == "prev" else at.prev2
    if op == "n":
        return at.n
    if op == "total":
        return at.row_total + card["count"]
    if op == "changes":
        return None if at.prev is None else sum(card[a] != at.prev[a] for a in ATTRIBUTES)
    return None          # "none"


def _compare(op: str, a, b) -> bool:
    if op == "==":
        return a == b
    if op == "!=":
        return a != b
    if op == "<":
        return a < b
    if op == "<=":
        return a <= b
    if op == ">":
        return a > b
    return a >= b


def children(node: tuple) -> list[tuple]:
    """The sub-expressions of a node."""
    op = node[0]
    if op in ("and", "or"):
        return list(node[1])
    if op in ("not", "neg", "mod"):
        return [node[1]]
    if op in ("add", "sub"):
        return [node[1], node[2]]
    if op == "cmp":
        return [node[2], node[3]]
    if op == "in":
        return [node[2]]
    return []


def node_ops(node: tuple) -> int:
    """The operations (``budget``) of evaluating ``node`` once: one per node,
    ``changes`` one more per property it compares, ``in`` one more per four
    values of its list."""
    op = node[0]
    own = 1 + (len(ATTRIBUTES) if op == "changes" else len(node[3]) // 4 if op == "in" else 0)
    return own + sum(node_ops(child) for child in children(node))


def card_attributes(node: tuple) -> set[str]:
    """The attributes of the played card a node reads."""
    own = {"attr": {node[-1]}, "total": {"count"}, "changes": set(ATTRIBUTES)}
    out = set(own.get(node[0], ()))
    for child in children(node):
        out |= card_attributes(child)
    return out


def reads(node: tuple) -> dict[str, frozenset | bool]:
    """What a node reads of the situation: the attributes of ``prev`` and
    of ``prev2`` (``prev``/``prev2`` alone read only whether there is one),
    and whether it reads ``n`` and the row's total."""
    out = {"prev": set(), "prev2": set(), "n": False, "total": False}
    _reads(node, out)
    return {"prev": frozenset(out["prev"]), "prev2": frozenset(out["prev2"]),
            "n": out["n"], "total": out["total"]}


def _reads(node: tuple, out: dict) -> None:
    op = node[0]
    if op in ("prev_attr", "prev2_attr"):
        out[op[:-5]].add(node[1])
    elif op == "changes":
        out["prev"].update(ATTRIBUTES)
    elif op in ("n", "total"):
        out[op] = True
    for child in children(node):
        _reads(child, out)
