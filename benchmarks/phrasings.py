"""Messages for the phrasing evaluation of fact extraction (issue 10), built from
benchmarks/data/extract_phrasings.yaml and real persona facts (../shared/datasets/persona).

Written, with the YAML, before the extractor was run on any message it builds. Every list
of the YAML and the persona lines are halved by position: even positions make the
development half, odd positions the final half, so the final half holds lead-ins, joiners,
list marks, people and single facts the rules were never tuned on.

A case accepts one or more readings (`accept`): each reading is a list of facts, each fact a
list of acceptable strings. "my daughter Mia is 7 and she loves horses" accepts
[["my daughter Mia is 7"], ["Mia loves horses", "my daughter Mia loves horses"]] or the
whole message as one fact (the clause kept attached), never "she loves horses" alone.

A second file (benchmarks/data/extract_phrasings_fresh.yaml, `--phrasings-file`) is built
with split "all": every list whole, all messages held out. Its optional keys add layouts and
changes the first file does not use (ordinal lists, mixed case, no space after commas, more
typo kinds; "{a}" in a list mark is the item's letter; "no_punctuation", the share of joined
and one-fact messages written with no punctuation at all, 0.15 without it). Without those
keys the builder draws exactly the same random numbers as before, so the first file's
messages are unchanged."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

DATA = Path(__file__).resolve().parent / "data" / "extract_phrasings.yaml"

Reading = list[list[str]]


@dataclass(frozen=True)
class PhrasingCase:
    message: str
    accept: list[Reading]
    style: str  # what the message tests: persona / pronoun / single, and how it is laid out

    @property
    def facts(self) -> int:
        """How many facts the message holds (the first reading: the most split one)."""
        return len(self.accept[0])


@dataclass(frozen=True)
class _Unit:
    text: str  # as it appears inside the message
    accept: list[Reading]


def load(path: Path = DATA) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _half(items: list, split: str) -> list:
    if split == "all":
        return items
    return items[0 if split == "dev" else 1::2]


def _inline(fact: str) -> str:
    fact = fact.strip().rstrip(".!")
    if fact[:2] in ("I ", "I'") or not fact:
        return fact
    return fact[0].lower() + fact[1:]


def _persona_unit(fact: str) -> _Unit:
    text = _inline(fact)
    return _Unit(text, [[[text]]])


@dataclass(frozen=True)
class PronounParts:
    """What a pronoun unit is made of: its form ("my {rel} {name} {first} and {pron}
    {second}"), the values of the form's fields, and the readings of the clause after the
    pronoun resolved."""
    form: str
    fields: dict[str, str]
    resolved: list[str]

    @property
    def text(self) -> str:
        return self.form.format(**self.fields)

    @property
    def head(self) -> str:
        return re.split(r",? and |, |\. |; |! | - ", self.text)[0]


def _pronoun_unit(data: dict, split: str, rng: random.Random) -> _Unit:
    parts = pronoun_parts(data, split, rng)
    return _Unit(parts.text, [[[parts.head], parts.resolved], [[parts.text]]])


def pronoun_parts(data: dict, split: str, rng: random.Random) -> PronounParts:
    person = rng.choice(_half(data["people"], split))
    first = rng.choice(_half(data["first_clauses"], split))
    second = rng.choice(_half(data["pronoun_clauses"], split))
    form = rng.choice(_half(data["pronoun_forms"], split))
    rel, name, pron = person["rel"], person["name"], person["pron"]
    resolved = [f"{name} {second}", f"my {rel} {name} {second}", f"my {rel} {second}"]
    # Optional keys (absent from the earlier files, which then draw the same numbers as
    # before): a possessive clause ("her bed is in the kitchen": "Luna's bed ...") or a clause
    # with the pronoun as object ("I walk him at six": "I walk Rex at six") instead.
    other = [(key, c) for key in ("possessive_clauses", "object_clauses")
             for c in _half(data.get(key, []), split)]
    if other and rng.random() < data.get("other_pronoun_share", 0.5):
        key, second = rng.choice(other)
        if key == "possessive_clauses":
            pron = _POSSESSIVE[pron]
            resolved = [f"{name}'s {second}", f"my {rel} {name}'s {second}", f"my {rel}'s {second}"]
        else:
            obj = _OBJECT[pron]
            resolved = [second.format(obj=w) for w in (name, f"my {rel} {name}", f"my {rel}")]
            second = second.format(obj=obj)
            if "{Pron}" in form:
                second = second[0].upper() + second[1:]
            form = re.sub(r"\{[Pp]ron\} ", "", form)
    return PronounParts(form, dict(rel=rel, name=name, pron=pron, Pron=pron.capitalize(),
                                   first=first, second=second), resolved)


_POSSESSIVE = {"he": "his", "she": "her", "they": "their", "it": "its"}
_OBJECT = {"he": "him", "she": "her", "they": "them", "it": "it"}


def _typo(word: str, rng: random.Random, kind: str = "swap") -> str:
    i = rng.randrange(1, len(word) - 2)
    if kind == "drop":
        return word[:i] + word[i + 1:]
    if kind == "double":
        return word[:i] + word[i] + word[i:]
    return word[:i] + word[i + 1] + word[i] + word[i + 2:]


def _ordinal_body(texts: list[str], style: dict) -> str:
    words = style["words"]
    items = [style["item"].format(word=words[i], Word=words[i].capitalize(), fact=t)
             for i, t in enumerate(texts)]
    return style["sep"].join(items)


def _mixed_case(text: str, kind: str) -> str:
    if kind == "upper":
        return text.upper()
    if kind == "title":
        return re.sub(r"\b([a-z])", lambda m: m.group(1).upper(), text)
    return re.sub(r"\b(i|remember|save|note|store|my)\b", lambda m: m.group(1).upper(), text,
                  flags=re.I)


def _join(units: list[str], joiner: str) -> str:
    out = units[0]
    for unit in units[1:]:
        if joiner.rstrip().endswith((".", "!")) and not joiner.strip().endswith(("Also", "And")):
            unit = unit[0].upper() + unit[1:]
        out += joiner + unit
    return out


def _lead_in(data: dict, split: str, register: str, rng: random.Random, typos: bool) -> str:
    lead = rng.choice(_half(data["lead_ins"][register], split))
    if typos:
        for word, wrong in data["command_typos"].items():
            if re.search(rf"\b{word}\b", lead, re.I):
                lead = re.sub(rf"\b{word}\b", rng.choice(_half(wrong, split)), lead, count=1,
                              flags=re.I)
                break
    return lead


def build_cases(split: str, *, personas_path: Path, data: dict | None = None,
                n: int | None = None) -> list[PhrasingCase]:
    data = data or load()
    rng = random.Random(data["seeds"][split])
    personas = [json.loads(line)["facts"] for line in personas_path.read_text().splitlines()
                if line.strip()]
    personas = _half(personas, split)
    ordinals = data.get("ordinal_lists", [])
    fact_typos = data.get("fact_typos", ["swap"])
    joiners = _half(data["joiners"], split)
    inline_lists = _half(data["inline_lists"], split)
    line_lists = _half(data["line_lists"], split)
    singles = _half(data["single_facts"], split)
    trailers = _half(data["trailers"], split)
    informal = data["informal_words"]
    cases = []
    for _ in range(n or data["messages"][split]):
        kind = rng.choices(["persona", "pronoun", "single"],
                           weights=data.get("kind_weights", [6, 2, 2]))[0]
        persona = [f for f in rng.choice(personas) if f.strip()]
        extra = {"persona": rng.choice([1, 2, 2, 3, 3, 4]), "pronoun": rng.choice([0, 1, 1, 2]),
                 "single": rng.choice([0, 1, 1, 2])}[kind]
        units = [_persona_unit(f) for f in rng.sample(persona, min(extra, len(persona)))]
        if kind == "pronoun":
            units.insert(rng.randrange(len(units) + 1), _pronoun_unit(data, split, rng))
        elif kind == "single":
            units.insert(rng.randrange(len(units) + 1), _persona_unit(rng.choice(singles)))
        register = rng.choice(["formal", "chatty", "informal"])
        layout = "one" if len(units) == 1 else rng.choice(
            ["joined", "joined", "joined", "inline_list", "line_list"] + ["ordinal"] * bool(ordinals))
        no_punct = layout in ("joined", "one") and rng.random() < data.get("no_punctuation", 0.15)
        typos = rng.random() < 0.2
        lead = _lead_in(data, split, register, rng, typos)
        texts = [u.text for u in units]
        if layout == "joined":
            usable = [j for j in joiners if not (no_punct and re.search(r"[.,;!]", j))]
            if any(" and " in t or "," in t for t in texts):
                # "a and b and c" is ambiguous even to a human reader then
                usable = [j for j in usable if j.strip() not in ("and", "&", "also", "n")] or usable
            body = _join(texts, rng.choice(usable))
            message = lead.format(body + ("" if no_punct or rng.random() < 0.4 else "."))
        elif layout == "inline_list":
            mark = rng.choice(inline_lists)
            if mark == " - ":
                body = " - ".join(texts)
            else:
                body = " ".join(mark.format(n=i + 1, a="abcdefgh"[i]) + t
                                for i, t in enumerate(texts))
            message = lead.format(body)
        elif layout == "ordinal":
            message = lead.format(_ordinal_body(texts, rng.choice(ordinals)))
        elif layout == "line_list":
            mark = rng.choice(line_lists)
            head = lead.replace("{}", "").rstrip(" -")
            if not head.strip() or lead.strip().index("{}") == 0:
                head = "Please remember these:"
            lines = [mark.format(n=i + 1, a="abcdefgh"[i]) + t for i, t in enumerate(texts)]
            message = head + "\n" + "\n".join(lines)
        else:
            message = lead.format(texts[0] + ("" if no_punct else "."))
        message += rng.choice(trailers) if layout != "line_list" else ""

        # The same changes to the message and to what it must yield.
        swaps: dict[str, str] = {}
        if register == "informal":
            swaps.update({k: v for k, v in informal.items() if rng.random() < 0.5})
        if typos:
            long_words = sorted({w for t in texts for w in re.findall(r"[A-Za-z]{6,}", t)})
            if long_words:
                word = rng.choice(long_words)
                how = rng.choice(fact_typos) if len(fact_typos) > 1 else fact_typos[0]
                swaps[word] = _typo(word, rng, how)
        lower = register != "formal" and rng.random() < 0.5
        tight = rng.random() < data["no_space_after_comma"] if "no_space_after_comma" in data \
            else False
        mixed = rng.choice(data["mixed_case"]["kinds"]) if "mixed_case" in data and \
            rng.random() < data["mixed_case"]["share"] else ""
        lower = lower and not mixed

        def change(text: str, swaps: dict[str, str] = swaps, lower: bool = lower,
                   no_punct: bool = no_punct, tight: bool = tight, mixed: str = mixed) -> str:
            for old, new in swaps.items():
                text = re.sub(rf"(?<![\w']){re.escape(old)}(?![\w'])", new, text,
                              flags=re.I if " " in old or old.islower() else 0)
            if no_punct:
                text = re.sub(r"[.,;:!?]", "", text)
            if tight:
                text = text.replace(", ", ",")
            if mixed:
                text = _mixed_case(text, mixed)
            return text.lower() if lower else text

        readings = _readings(units)
        accept = [[[change(s) for s in fact] for fact in reading] for reading in readings]
        style = f"{kind}/{layout}" + ("/nopunct" if no_punct else "") + \
            ("/tight" if tight else "") + (f"/{mixed}" if mixed else "")
        cases.append(PhrasingCase(message=change(message), accept=accept, style=style))
    return cases


def _readings(units: list[_Unit]) -> list[Reading]:
    """Every combination of the units' readings, the most split first."""
    readings: list[Reading] = [[]]
    for unit in units:
        readings = [r + alt for r in readings for alt in unit.accept]
    return readings
