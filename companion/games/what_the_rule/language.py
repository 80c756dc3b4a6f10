"""The rule language: a small hand-written tokenizer and recursive-descent
parser with an allow-list of words (nothing is ever ``eval``-ed), a type
check, a canonical printer and an evaluator.

Grammar (lowest precedence first; German words in brackets)::

    rule       := or
    or         := and  ("or" [oder]  and)*
    and        := not  ("and" [und]  not)*
    not        := "not" [nicht] not | comparison
    comparison := sum (cmp sum)*                  # 1 < count < 4 is a chain
                | sum ["not"] "in" list           # [nicht] in
    sum        := term (("+" | "-") term)*
    term       := unary ("%" NUMBER)*             # modulo by a constant 1..144
    unary      := "-" unary | atom
    atom       := NUMBER | "(" rule ")" | name | "prev" ["." attribute]
    list       := "[" literal ("," literal)* "]"
    cmp        := == != < <= > >=   (also = ≠ ≤ ≥)

Names: the card's ``shape count fill color`` [form anzahl füllung farbe],
``prev`` [vorher] (the last card of the correct row, ``none`` before the
first) and ``prev.shape`` … , ``n`` (cards in the correct row), the values
``circle triangle square`` [kreis dreieck quadrat], ``filled empty``
[ausgefüllt unausgefüllt], ``white black`` [weiß schwarz], ``none``
[keine].  Case does not matter.

Types: number, shape, fill, color, card (``prev`` alone), none, condition.
``==``/``!=`` compare two values of one type, or anything with ``none``
(``prev`` alone only with ``none``); ``< <= > >=``, ``+ - %`` take numbers;
``and or not`` take conditions; the whole rule is a condition.

Meaning (``none`` is an ordinary value for ``==``, ``!=`` and ``in``): before
the first correct card every ``prev.x`` is ``none``; arithmetic with
``none`` gives ``none``; ``none == none`` is true and ``white != none`` is
true (so ``color != prev.color`` lets any first card through, as the
spec's example needs); an ordering comparison (``< <= > >=``) with a
``none`` operand is false.  ``%`` is the mathematical remainder (0..k-1).

Limits, each refused with a message that points at the problem: at most
``RULE_MAX`` characters, parentheses/``not``/minus nested at most
``MAX_DEPTH`` deep, numbers at most 999, ``%`` only by a whole number from 1
to 144 (this keeps the equivalence check exact and fast, see
``equivalence``)."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..base import Illegal, txt
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
    "filled": (FILL, "filled"), "ausgefüllt": (FILL, "filled"), "ausgefuellt": (FILL, "filled"),
    "empty": (FILL, "empty"), "unausgefüllt": (FILL, "empty"),
    "unausgefuellt": (FILL, "empty"), "leer": (FILL, "empty"),
    "white": (COLOR, "white"), "weiß": (COLOR, "white"), "weiss": (COLOR, "white"),
    "black": (COLOR, "black"), "schwarz": (COLOR, "black"),
})
PREV_WORDS = _words({"prev": 1, "previous": 1, "vorher": 1})
NONE_WORDS = _words({"none": 1, "keine": 1, "nichts": 1})
AND_WORDS = _words({"and": 1, "und": 1})
OR_WORDS = _words({"or": 1, "oder": 1})
NOT_WORDS = _words({"not": 1, "nicht": 1})
IN_WORDS = _words({"in": 1})
CMP_OPS = {"==": "==", "=": "==", "!=": "!=", "≠": "!=", "<>": "!=", "<": "<", "<=": "<=",
           "≤": "<=", ">": ">", ">=": ">=", "≥": ">="}
MINUS = {"-", "−"}

TOKEN = re.compile(r"\s*(?:(\d+)|([^\W\d]\w*)|(==|!=|<=|>=|<>|[<>=≠≤≥+\-−%()\[\],.]))")


class RuleError(Illegal):
    """A rule the language refuses; ``at`` (1-based) points at the problem."""


def kind(type_: str) -> dict:
    """A type's name in the player's language (a log/error parameter)."""
    return txt(f"kind.{type_}")


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
        first = self.and_()
        items = [first]
        while self.is_word(OR_WORDS):
            self.take()
            items.append(self.and_())
        if len(items) == 1:
            return first
        for node, type_, at in items:
            self.condition((node, type_), at)
        return ("or", tuple(flatten("or", [n for n, _, _ in items]))), BOOL, first[2]

    def and_(self):
        first = self.not_()
        items = [first]
        while self.is_word(AND_WORDS):
            self.take()
            items.append(self.not_())
        if len(items) == 1:
            return first
        for node, type_, at in items:
            self.condition((node, type_), at)
        return ("and", tuple(flatten("and", [n for n, _, _ in items]))), BOOL, first[2]

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
        if word in PREV_WORDS:
            if not self.is_op("."):
                return ("prev",), CARD, token.at
            self.take()
            field = self.take()
            if field.kind != "name" or field.value not in ATTR_WORDS:
                raise RuleError("rule_prev_attr", name=field.raw or "", at=field.at)
            attr = ATTR_WORDS[field.value]
            return ("prev_attr", attr), ATTR_TYPE[attr], token.at
        if word == "n":
            return ("n",), NUM, token.at
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
        ATTR_WORDS, VALUE_WORDS, PREV_WORDS, NONE_WORDS, AND_WORDS, OR_WORDS, NOT_WORDS, IN_WORDS))


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
    return ("cmp", op, lnode, rnode)


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
    return ("in", negated, node, values)


# --- the parsed rule ----------------------------------------------------------

@dataclass(frozen=True)
class Rule:
    tree: tuple
    text: str        # the canonical English form (parses back to the same tree)

    def fits(self, card: tuple, row: list[tuple]) -> bool:
        """Whether ``card`` may follow the correct ``row`` (its cards, oldest first)."""
        env = dict(zip(ATTRIBUTES, card))
        return bool(evaluate(self.tree, env, row[-1] if row else None, len(row)))


def parse(text: object) -> Rule:
    """The rule ``text`` means; raises ``RuleError`` with a pointer to the
    problem.  Never evaluates anything from the text."""
    if not isinstance(text, str):
        raise RuleError("rule_empty")
    if len(text) > RULE_MAX:
        raise RuleError("rule_too_long", max=RULE_MAX)
    text = unicodedata.normalize("NFC", text)
    if not text.strip():
        raise RuleError("rule_empty")
    tokens = tokenize(text)
    check_depth(tokens)
    tree = Parser(tokens).rule()
    return Rule(tree, canonical(tree))


# --- canonical printing -------------------------------------------------------

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
    if op == "prev_attr":
        return "prev." + node[1]
    if op == "prev":
        return "prev"
    if op == "n":
        return "n"
    raise ValueError(op)


# --- meaning ------------------------------------------------------------------

def evaluate(node: tuple, card: dict, prev: tuple | None, n: int):
    """The value of ``node`` for a card (``card`` maps the attributes the
    node uses to values), the previous card (or None) and ``n``."""
    op = node[0]
    if op == "and":
        return all(evaluate(item, card, prev, n) for item in node[1])
    if op == "or":
        return any(evaluate(item, card, prev, n) for item in node[1])
    if op == "not":
        return not evaluate(node[1], card, prev, n)
    if op == "cmp":
        a = evaluate(node[2], card, prev, n)
        b = evaluate(node[3], card, prev, n)
        return _compare(node[1], a, b)
    if op == "in":
        value = evaluate(node[2], card, prev, n)
        return (value in node[3]) != node[1]
    if op in ("add", "sub"):
        a = evaluate(node[1], card, prev, n)
        b = evaluate(node[2], card, prev, n)
        if a is None or b is None:
            return None
        return a + b if op == "add" else a - b
    if op == "mod":
        a = evaluate(node[1], card, prev, n)
        return None if a is None else a % node[2]
    if op == "neg":
        a = evaluate(node[1], card, prev, n)
        return None if a is None else -a
    if op == "num":
        return node[1]
    if op == "val":
        return node[2]
    if op == "none":
        return None
    if op == "attr":
        return card[node[1]]
    if op == "prev_attr":
        return None if prev is None else prev[ATTR_AT[node[1]]]
    if op == "prev":
        return prev
    if op == "n":
        return n
    raise ValueError(op)


def _compare(op: str, a, b) -> bool:
    if op == "==":
        return a == b
    if op == "!=":
        return a != b
    if a is None or b is None:
        return False
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


def card_attributes(node: tuple) -> set[str]:
    """The card attributes a node reads."""
    out = {node[1]} if node[0] == "attr" else set()
    for child in children(node):
        out |= card_attributes(child)
    return out


def uses(node: tuple, what: str) -> bool:
    """Whether a node reads ``prev`` (what="prev") or ``n`` (what="n")."""
    if node[0] in (("prev", "prev_attr") if what == "prev" else ("n",)):
        return True
    return any(uses(child, what) for child in children(node))
