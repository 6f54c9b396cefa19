"""The secrets guard: passwords, card numbers, API keys and tokens, national id numbers and
bank account numbers are not memories.

`find_secrets(text)` returns where they are; `screen(text, mode)` applies the `IRIS_SECRETS`
setting to one memory: "refuse" (the default) fails the item with a reason such as "looks
like a password; I don't store secrets", "redact" keeps the item with each secret replaced
by a placeholder ("my password is [redacted password]"), "allow" keeps it as it is.
`redact(text)` is what the extractor sends to a language model instead of the user's text,
so a secret never reaches the provider; a placeholder that comes back in a model's item is
itself recognised, so "refuse" still refuses it.

Detection prefers checks that cannot fire by accident: the Luhn digit for card numbers,
mod-97 for IBANs, the check letter of a Spanish DNI, the published formats of US SSNs and UK
National Insurance numbers, the fixed prefixes of API keys. Words alone ("password", "SSN",
"passport number") count only when a value follows them, so "I forgot my password" or "my
passport expires in May" are ordinary facts. Every pattern is linear: quantifiers are
bounded and none is nested without a bound, so a 40 KB message costs a few milliseconds.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Literal

SecretsMode = Literal["refuse", "redact", "allow"]
SecretKind = Literal["password", "card number", "API key or token", "national id number",
                     "bank account number"]

_ARTICLE = {"password": "a", "card number": "a", "API key or token": "an",
            "national id number": "a", "bank account number": "a"}
_PLACEHOLDER_NAME: dict[SecretKind, str] = {"password": "password", "card number": "card number",
                     "API key or token": "key", "national id number": "id number",
                     "bank account number": "account number"}
_KIND_OF_PLACEHOLDER: dict[str, SecretKind] = {v: k for k, v in _PLACEHOLDER_NAME.items()}


@dataclass(frozen=True)
class Secret:
    kind: SecretKind
    start: int
    end: int


@dataclass(frozen=True)
class Screened:
    """What the guard made of one memory: `text` to keep (None when refused), the `reason`
    it was refused, and the kinds of secret found."""

    text: str | None
    reason: str | None
    kinds: tuple[SecretKind, ...] = ()


def reason_for(kind: SecretKind) -> str:
    return f"looks like {_ARTICLE[kind]} {kind}; I don't store secrets"


def placeholder(kind: SecretKind) -> str:
    return f"[redacted {_PLACEHOLDER_NAME[kind]}]"


# --- patterns --------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\[redacted (password|card number|key|id number|account number)\]",
                          re.I)

# A value after "is", ":" or "=": one token, bounded. Words that say something *about* the
# secret ("my password is on a sticky note", "... is the same everywhere") are not a value.
_VALUE = r"[\"'`]?(\S{1,128})"
_NOT_A_VALUE = {
    "a", "an", "the", "on", "in", "at", "of", "for", "to", "my", "your", "his", "her", "our",
    "their", "not", "too", "very", "so", "still", "now", "always", "never", "stored", "saved",
    "kept", "written", "managed", "same", "different", "long", "short", "strong", "weak",
    "secure", "safe", "hard", "easy", "expired", "expiring", "changed", "reset", "required",
    "somewhere", "private", "secret", "unknown", "forgotten", "lost", "set", "and", "or",
}

_PASSWORD = re.compile(
    r"\b(?:pass(?:word|phrase|code)s?|passwd|pwd|pin(?:\s{1,3}(?:code|number))?|cvv|cvc"
    r"|security\s{1,3}code|login\s{1,3}code)"
    r"(?:\s{1,3}(?:for|to|on|of|at)(?:\s{1,3}[\w.@'&-]{1,40}){1,4}?)?"
    # A hyphen joined to the word is a compound ("PIN-free", "password-protected") unless
    # a digit follows within the value ("PIN-4321"); spaced ("PIN - 4321") it is a separator.
    r"\s{0,3}(?:is|was|=|:|(?<=\s)-|-(?=\S{0,127}\d))\s{0,3}" + _VALUE,
    re.I)
# "hunter2 is my password"
_PASSWORD_BEFORE = re.compile(
    r"(?:^|\s)[\"'`]?(\S{1,128}?)[\"'`]?\s{1,3}(?:is|was)\s{1,3}(?:my|the|our)"
    r"(?:\s{1,3}[\w'-]{1,30})?\s{1,3}(?:password|passcode|passphrase|pin)\b",
    re.I)

# 13-19 digits in groups; major card networks start with 2-6 (ISBNs with 9, phones with + or 0).
_CARD = re.compile(r"(?<![\d+])[2-6](?:[ -]?\d){12,18}(?!\d)")

_API_KEY = re.compile(
    r"\b(?:sk-(?:proj-|ant-|live-)?[A-Za-z0-9_-]{20,}"
    r"|(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"
    r"|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}"
    r"|(?:AKIA|ASIA)[A-Z0-9]{16}"
    r"|xox[abposr]-[A-Za-z0-9-]{10,}"
    r"|AIza[A-Za-z0-9_-]{35}"
    r"|glpat-[A-Za-z0-9_-]{20,}"
    r"|hf_[A-Za-z0-9]{30,}"
    r"|npm_[A-Za-z0-9]{36}"
    r"|eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})"
    r"|-----BEGIN [A-Z ]{0,20}PRIVATE KEY-----")
_TOKEN = re.compile(r"[A-Za-z0-9_\-+/=]{20,256}")

_SSN = re.compile(r"(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])")
_NINO = re.compile(r"\b(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]"
                   r" ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b")
_DNI = re.compile(r"\b([XYZ]?)(\d{7,8})-?([A-Z])\b")
_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"
_ID_WORDS = re.compile(
    r"\b(?:ssn|sin|nino|aadhaar(?:\s{1,3}(?:number|no\.?))?"
    r"|social\s{1,3}security\s{1,3}(?:number|no\.?|#)"
    r"|social\s{1,3}insurance\s{1,3}number|ni\s{1,3}(?:number|no\.?)"
    r"|national\s{1,3}(?:id|identity|insurance)(?:\s{1,3}card)?\s{1,3}(?:number|no\.?|#)"
    r"|national\s{1,3}id"
    r"|(?:passport|tax|taxpayer|identity\s{1,3}card|id\s{1,3}card|personal\s{1,3}id)"
    r"\s{1,3}(?:number|no\.?|#|id)"
    r"|driver'?s\s{1,3}licen[cs]e\s{1,3}(?:number|no\.?|#))"
    r"\s{0,3}(?:is|was|=|:|#)?\s{0,3}([A-Za-z0-9][A-Za-z0-9 -]{2,30})",
    re.I)
_ACCOUNT_WORDS = re.compile(
    r"\b(?:(?:bank\s{1,3})?account\s{1,3}(?:number|no\.?|#)|routing\s{1,3}number|sort\s{1,3}code)"
    r"\s{0,3}(?:is|was|=|:|#)?\s{0,3}([0-9][0-9 -]{3,30})",
    re.I)
# Printed as one run or in groups of four; upper case, as banks print them.
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")

_TRAILING = ".,;!?)]}\"'`"


def find_secrets(text: str) -> list[Secret]:
    """Every secret in `text`, in order, without overlaps (the earliest, then the longest)."""
    found: list[Secret] = []
    for m in _PLACEHOLDER.finditer(text):
        found.append(Secret(_KIND_OF_PLACEHOLDER[m.group(1).lower()], m.start(), m.end()))
    for m in _PASSWORD.finditer(text):
        _add_value(found, "password", m, 1)
    for m in _PASSWORD_BEFORE.finditer(text):
        _add_value(found, "password", m, 1)
    for m in _CARD.finditer(text):
        if _luhn(_digits(m.group())):
            found.append(Secret("card number", m.start(), m.end()))
    for m in _API_KEY.finditer(text):
        found.append(Secret("API key or token", m.start(), m.end()))
    for m in _TOKEN.finditer(text):
        if _random_looking(m.group()):
            found.append(Secret("API key or token", m.start(), m.end()))
    for m in _SSN.finditer(text):
        found.append(Secret("national id number", m.start(), m.end()))
    for m in _NINO.finditer(text):
        found.append(Secret("national id number", m.start(), m.end()))
    for m in _DNI.finditer(text):
        if _dni_ok(*m.groups()):
            found.append(Secret("national id number", m.start(), m.end()))
    for m in _ID_WORDS.finditer(text):
        _add_id(found, "national id number", m)
    for m in _ACCOUNT_WORDS.finditer(text):
        _add_id(found, "bank account number", m)
    for m in _IBAN.finditer(text):
        if _iban_ok(m.group()):
            found.append(Secret("bank account number", m.start(), m.end()))
    return _without_overlaps(found)


def redact(text: str) -> str:
    """`text` with every secret replaced by its placeholder (placeholders stay as they are)."""
    out, pos = [], 0
    for s in find_secrets(text):
        out.append(text[pos:s.start])
        out.append(placeholder(s.kind))
        pos = s.end
    out.append(text[pos:])
    return "".join(out)


def screen(text: str, mode: SecretsMode) -> Screened:
    """Apply the secrets setting to one memory's text."""
    if mode == "allow":
        return Screened(text, None)
    secrets = find_secrets(text)
    if not secrets:
        return Screened(text, None)
    kinds = tuple(dict.fromkeys(s.kind for s in secrets))
    if mode == "refuse":
        return Screened(None, reason_for(kinds[0]), kinds)
    return Screened(redact(text), None, kinds)


# --- checks ----------------------------------------------------------------------------


def _add_value(found: list[Secret], kind: SecretKind, m: re.Match, group: int) -> None:
    value = m.group(group)
    start = m.start(group)
    stripped = value.rstrip(_TRAILING) or value
    if stripped.lower() in _NOT_A_VALUE or _PLACEHOLDER.match(value):
        return
    found.append(Secret(kind, start, start + len(stripped)))


def _add_id(found: list[Secret], kind: SecretKind, m: re.Match) -> None:
    value = m.group(1).rstrip(" -")
    first = value.split()[0] if value.split() else ""
    if sum(c.isdigit() for c in value) < 4 or not any(c.isdigit() for c in first):
        return  # "my passport number is in the drawer"
    # Keep the groups that hold digits: "SSN 123 45 6789 and I ..." stops before "and".
    words = value.split(" ")
    while words and not any(c.isdigit() for c in words[-1]):
        words.pop()
    start = m.start(1)
    found.append(Secret(kind, start, start + len(" ".join(words))))


def _digits(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


def _luhn(digits: str) -> bool:
    if not 13 <= len(digits) <= 19:
        return False
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _iban_ok(text: str) -> bool:
    iban = text.replace(" ", "").upper()
    if not 15 <= len(iban) <= 34:
        return False
    number = "".join(str(int(c, 36)) for c in iban[4:] + iban[:4])
    return int(number) % 97 == 1


def _dni_ok(prefix: str, digits: str, letter: str) -> bool:
    if prefix:  # NIE: X/Y/Z stand for 0/1/2, then seven digits
        if len(digits) != 7:
            return False
        digits = str("XYZ".index(prefix)) + digits
    elif len(digits) != 8:
        return False
    return _DNI_LETTERS[int(digits) % 23] == letter


def _entropy(text: str) -> float:
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _random_looking(token: str) -> bool:
    """A long run of letters and digits that reads like a generated key, not like words
    ("state-of-the-art-2024", "MyVeryLongCamelCaseName") or a number."""
    if not any(c.isdigit() for c in token) or not any(c.isalpha() for c in token):
        return False
    # Generated keys switch between letters, digits and case often; words do not.
    pieces = re.findall(r"[a-z]+|[A-Z]+|\d+", token)
    longest_word = max((len(p) for p in pieces if p.isalpha()), default=0)
    if longest_word > 12 or len(pieces) < len(token) / 4:
        return False
    if re.fullmatch(r"[0-9a-f]+|[0-9A-F]+", token):
        return len(token) >= 32 and _entropy(token) >= 3.0  # hex: hashes and many API keys
    return _entropy(token) >= 3.6


def _without_overlaps(found: list[Secret]) -> list[Secret]:
    found.sort(key=lambda s: (s.start, -(s.end - s.start)))
    kept: list[Secret] = []
    for s in found:
        if kept and s.start < kept[-1].end:
            continue
        kept.append(s)
    return kept
