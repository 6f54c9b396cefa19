"""Numbers written in words, read as digits: "forty two" -> "42", "a dozen" -> "12",
"twenty first" -> "21st". The one home of English number words (`iris.text.canonical` uses it).
"""

from __future__ import annotations

UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
TENS = {w: 10 * i for i, w in enumerate(
    "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if w != "_"}
SCALES = {"dozen": 12, "hundred": 100, "thousand": 1000, "million": 1_000_000,
          "billion": 1_000_000_000}
ORDINALS = {w: i + 1 for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split())}
ORDINALS.update({w: 10 * i for i, w in enumerate(
    "_ _ twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth"
    .split()) if w != "_"})


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def number_at(words: list[str], i: int) -> tuple[str, int] | None:
    """The number spelled by the words from `i` ("forty two", "a dozen", "two hundred and
    five", "ninety-nine", "twenty first", "3 million") as digits, and where it ends."""
    total = current = 0
    last = ""  # the kind of the last word taken: "", unit, tens, scale
    j, n = i, len(words)
    if (words[i] in ("a", "an") or words[i].isdigit()) and i + 1 < n and words[i + 1] in SCALES:
        current, last, j = (1 if words[i] in ("a", "an") else int(words[i])), "unit", i + 1
    while j < n:
        word = words[j]
        # After "forty" only "one".."nine" follow ("forty two", never "forty twelve").
        small = last != "tens" or UNITS.get(word, ORDINALS.get(word, 10)) < 10
        if word in UNITS and last != "unit" and small:
            current, last = current + UNITS[word], "unit"
        elif word in TENS and last in ("", "scale"):
            current, last = current + TENS[word], "tens"
        elif word in ORDINALS and last != "unit" and small:
            return ordinal(total + current + ORDINALS[word]), j + 1
        elif word in SCALES and last in ("unit", "tens"):
            if SCALES[word] <= 100:  # "two hundred", "a dozen", "two dozen"
                current *= SCALES[word]
            else:
                total, current = total + current * SCALES[word], 0
            last = "scale"
        elif not (word == "and" and last == "scale" and j + 1 < n
                  and (words[j + 1] in UNITS or words[j + 1] in TENS)):
            break
        j += 1
    return (str(total + current), j) if last else None


# Words a spelled number can start with.
NUMBER_START = frozenset(UNITS) | frozenset(TENS) | frozenset(ORDINALS) | {"a", "an"}
