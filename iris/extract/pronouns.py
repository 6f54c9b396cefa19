"""A fact that leans on a pronoun names nobody: "She loves horses" stored alone is found by no
later question about the daughter. `resolve` gives such a fact the subject of the fact before
it when that fact introduces exactly one fitting person or pet; when that cannot be done
safely (a he / she fitting nobody or two people, a "her" that may be object or possessive) it
keeps the clause attached to the fact before, so nothing is stored without its subject.

Three places a pronoun can stand, all read the same way:
- the subject at the start: he / she / they / it ("my daughter Mia is 7" + "she loves horses"
  -> "Mia loves horses"; "my dog is 3" + "he loves the beach" -> "My dog loves the beach");
- a possessive at the start: his / her / their / its ("Its vet is in York" -> "Rex's vet ...");
- an object inside the fact: him / her / them / it ("I walk him at six" -> "I walk Rex at six").
"They", "it" and object pronouns with no one named before them are left as written: they are
as often a group, a thing or an idiom ("they are always on my back", "its red with a stripe",
"I work in it", "make it big") as the person of the fact before. A singular "they" needs a
name, and not a gendered relation ("my brother Kwame" + "they ..." is someone else).

The antecedent shapes: "my daughter Mia", "Mia my daughter", "my daughter (Mia)", "Mia is my
daughter", "my daughter is called Mia", "a daughter named Mia", "my daughter's name is Mia",
or the relation alone ("my dog"). The people words (and which pronoun fits them) are lists in
intents/fastpath/lexicon.yaml; a relation word not in them ("tortoise", "housemate") counts
only with its name beside it, a name that looks like one (capitalised, or no English word)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from iris import text as english
from iris.extract.asides import MARKER_WORDS
from iris.store.kinds import is_known, is_noun, is_verb_base, kinds_of

_SUBJECT = re.compile(r"(he|she|they|it)(?:['\u2019](s|re|ve|d|ll))?\b", re.I)
_POSSESSIVE_START = re.compile(r"(his|her|their|its)\s+(?=[a-z])", re.I)
_OBJECT = re.compile(r"(?<=\s)(him|her|them|it)\b", re.I)
_OBJECT_OF = {"him": "he", "her": "she", "them": "they", "it": "it"}
_POSSESSIVE_OF = {"his": "he", "her": "she", "their": "they", "its": "it"}
# "'s" and the other contractions after a name ("Mia's" would read as a possessive)
_CONTRACTED = {"s": " is", "re": " is", "ve": " has", "d": " would", "ll": " will"}
# What a verb after "they" becomes after a singular subject ("they are" -> "Sam is").
_AGREE = {"are": "is", "were": "was", "have": "has", "do": "does", "don't": "doesn't",
          "dont": "doesnt", "aren't": "isn't", "arent": "isnt", "weren't": "wasn't",
          "werent": "wasnt", "haven't": "hasn't", "havent": "hasnt"}
# "'s" before these is "has": "she's got", "he's been".
_HAS_AFTER = frozenset({"been", "got", "gotten"})
# "its" before a function word is "it's" written without the apostrophe ("its a rescue").
_ITS_AS_IT_IS = english.STOPWORDS | frozenset({"so", "very", "really", "always", "never"})
_ITS = re.compile(r"(its)\s", re.I)
_LEAD = re.compile(r"[^\w\s]+\s*")
# "friend's" is "friend" and "'s"; "mother-in-law" is one word.
_WORD = re.compile(r"\w+(?:-\w+)*|['\u2019]s\b")
# Words that follow a relation word but are not a name ("my son is", "my dog has").
_NOT_NAMES = frozenset({"is", "was", "has", "had", "and", "but", "who", "that", "just",
                        "named", "called", "s", "also", "lives", "loves", "likes", "works",
                        "goes", "plays", "turned", "will", "can", "does", "did", "got",
                        "moved", "in", "at", "from", "of",
                        # where the person is: "my nana up in Jesmond Hortense ... she"
                        "up", "down", "back", "out", "off", "away", "over", "across", "round",
                        "around", "near", "along"})
_OWNERS = frozenset({"my", "our", "mi"})  # "mi": "my" in Caribbean English and Spanish
# A name and who the person is in brackets after it, with no owner ("Ulrike (oma) does ..."):
# the bracket is the relation, however many nouns it has; its last word is the head.
_BRACKETED_RELATION = re.compile(r"\W*[^\W\d_][\w'-]*[ \t]*\((?:[ \t]*[^\W\d_]+)*?[ \t]*([^\W\d_]+)[ \t]*\)")
_ARTICLES = frozenset({"a", "an"})


@dataclass(frozen=True)
class _People:
    female: frozenset[str]
    male: frozenset[str]
    any: frozenset[str]
    animals: frozenset[str]
    known: frozenset[str]  # all of the above
    impersonal: frozenset[str]  # what follows an "it" that names nothing ("raining")


@lru_cache(maxsize=1)
def _people() -> _People:
    raw = english.words().raw
    female, male = frozenset(raw["people_female"]), frozenset(raw["people_male"])
    anyone = frozenset(raw["people_any"])
    return _People(female=female, male=male, any=anyone, animals=frozenset(raw["people_animals"]),
                   known=female | male | anyone, impersonal=frozenset(raw["impersonal_it"]))


@lru_cache(maxsize=1)
def person_words() -> frozenset[str]:
    """Every listed word for a person or a pet ("sister", "kid", "dog")."""
    people = _people()
    return people.known | people.animals


def _head(word: str) -> str:
    """The relation a compound names: "mother-in-law" is a mother, "step-son" a son."""
    parts = word.split("-")
    return parts[-1] if parts[0] in ("step", "half", "great") else parts[0]


def _fits(relation: str, pronoun: str) -> bool:
    people = _people()
    relation = _head(relation)
    if relation not in people.known:
        return True  # "my tortoise Gordon": only read with a name, which any pronoun fits
    if pronoun == "it":
        return relation in people.animals
    if relation in people.any:
        return True
    # a "they" after "my brother Kwame" is someone else ("they are always on my back")
    return relation in {"she": people.female, "he": people.male}.get(pronoun, frozenset())


def _relation(words: list[str], index: int, *, named: bool,
              raw: list[str] | None = None) -> tuple[str, int] | None:
    """The relation word at `index` ("daughter", or "best friend" read as "friend") and the
    index after it. `named`: a name follows, so any noun may be the relation, after one
    describing word too. With the words as written (`raw`), a word that is no English word
    right after "my" is a relation when a name follows it ("my bredda Delroy")."""
    known = _people().known
    for at in (index, index + 1):  # "best friend", "little sister"
        if at < len(words) and _head(words[at]) in known:
            return words[at], at + 1
    if not named:
        return None
    # "my old barn cat Cornbread", "my baby corn snake Pancake": past one describing word
    for at in (index, index + 1):
        word = words[at] if at < len(words) else ""
        if not word.isalpha() or word in english.STOPWORDS or word in english.words().verbs:
            return None
        if is_noun(word) and kinds_of(word).main.isdisjoint(_TIMES):
            return word, at + 1
        # "my bredda Delroy", "my tanty Marcia": a relation in no English word list, right
        # after "my", with one name after it (not "my shih tzu dumbledore", "Noor is ...")
        if raw is not None and at == index and index > 0 and words[index - 1] in _OWNERS \
                and not is_known(word) and len(word) > 2 and index + 1 < len(words) \
                and _looks_named(raw, index + 1):
            return word, at + 1
    return None


def _looks_named(raw: list[str], at: int) -> bool:
    """Is raw[at] written as a name: capitalised in text that is not, or, in text with no
    capitals, no English word before an English one ("my wifey paloma is", not "my shih tzu
    dumbledore")?"""
    word = raw[at]
    if word[:1].isupper():  # (not "my anncient Labrador Sambal": a breed, then the name)
        return not word.isupper() and raw[at - 1].islower() \
            and not (at + 1 < len(raw) and raw[at + 1][:1].isupper())
    return not any(w[:1].isupper() for w in raw[1:]) and word.isalpha() and not is_known(word) \
        and (at + 1 == len(raw) or is_known(raw[at + 1].lower()))


# A time before a noun is no relation with a name after it: "our Monday standup" names no one.
_TIMES = frozenset({"period", "weekda", "month"})


# "my mate from work Kwabena", "a friend at school called Jo": where the person is from
_PLACE_WORDS = frozenset({"from", "at"})


def _name_after(words: list[str], raw: list[str], after: int) -> str | None:
    """The name given right after a relation word, in any of its shapes."""
    rest = words[after:after + 4]
    if rest[:1] == ["s"] and rest[1:3] == ["name", "is"] and after + 3 < len(words):
        return raw[after + 3]  # "my daughter's name is Mia"
    if rest[:2] in (["is", "called"], ["is", "named"]) and after + 2 < len(words):
        return raw[after + 2]  # "my dog is called Rex"
    if rest[:1] in (["named"], ["called"]) and after + 1 < len(words):
        return raw[after + 1]
    if rest[:1] == ["is"] and after + 1 < len(words) and words[after + 1].isalpha() \
            and words[after + 1] not in english.STOPWORDS and not is_known(words[after + 1]) \
            and (after + 2 == len(words) or words[after + 2] in english.STOPWORDS):
        return raw[after + 1]  # "my nana is Irene" (not "my wife is Italian", "is caleld X")
    if rest[:1] and rest[0] in _PLACE_WORDS and after + 2 < len(words):
        place = after + 2
        named = _name_after(words, raw, place) if words[place] not in _PLACE_WORDS else None
        if named or (words[place] not in english.STOPWORDS and (
                (raw[place][:1].isupper() and raw[place - 1].islower())
                or not is_known(words[place]))):
            return named or raw[place]
    return None


def _bare_name(words: list[str], raw: list[str], after: int, *, known: bool) -> str | None:
    """ "my daughter Mia is 7": a word after the relation that is no verb nor function word.
    After a relation word the lexicon does not know (`known` False) the name must look like
    one: capitalised in lower-case text, or no English word ("my spouse sasha")."""
    word = words[after] if after < len(words) else ""
    if not word or word in _NOT_NAMES or word in english.STOPWORDS or not word.isalpha() \
            or word in english.words().verbs:
        return None
    following = raw[after + 1] if after + 1 < len(raw) else ""
    if _second_name(raw, after) or (word.rstrip(".") in english.TITLES and following.isalpha()
                                    and following.lower() not in english.STOPWORDS):
        return f"{raw[after]} {following}"  # "my cat Sir Reginald", "Clint Yeastwood", "mrs x"
    if known:
        return raw[after]
    # "my line maanger Yvonne": a second name-like word after it, so the first is no name
    if following[:1].isupper() and following.lower() not in english.STOPWORDS:
        return None
    if (raw[after][:1].isupper() and raw[after - 1].islower()) or not is_known(word):
        return raw[after]
    return None


def _second_name(raw: list[str], at: int) -> bool:
    """The word after raw[at] is the second word of its name ("my cat Sir Reginald"): both
    capitalised in text that is not (the word before them is in lower case, neither is all
    capitals), the second no English word ("my Jack Russell Scamp", "my old Labrador Duchess"
    name a breed first), or any word after a title ("my kitten Mr Whiskers")."""
    following = raw[at + 1] if at + 1 < len(raw) else ""
    return at > 0 and raw[at - 1].islower() and raw[at][:1].isupper() and not raw[at].isupper() \
        and following[:1].isupper() and not following.isupper() and following.isalpha() \
        and (not is_known(following.lower()) or raw[at].rstrip(".").lower() in english.TITLES)



def _past_noun(words: list[str], raw: list[str], after: int) -> int:
    """Where a name may stand after a relation word: past one more lower-case noun ("my pet
    rat Noodle", "my pet rat is 3": the noun is part of the relation, no name)."""
    if after < len(words) and not raw[after][:1].isupper() and is_noun(words[after]) \
            and words[after] not in english.words().verbs | english.STOPWORDS | _NOT_NAMES \
            and words[after].rstrip(".") not in english.TITLES:  # "my hen mrs puddleduck"
        return after + 1
    return after


def _person(fact: str, pronoun: str) -> str | None:
    """The subject a pronoun after `fact` refers to: the name, or "my <relation>" when no name
    is given (not for "they", whose singular use is for a named person); None when there is
    none, or more than one."""
    raw = _WORD.findall(fact)
    words = [english.normalise(w) for w in raw]
    found: list[str] = []
    skip = -1
    # "Mia is my daughter", "Mia is our dog", "Mia my daughter is 7" (not "Hiya my son Theo")
    if len(words) > 2 and words[0] not in _NOT_NAMES | english.STOPWORDS:
        at = 2 if words[1] == "is" and words[2] in _OWNERS else 1 if words[1] in _OWNERS else 0
        if words[1:3] == ["that", "s"] and len(words) > 3 and words[3] in _OWNERS:
            at = 3  # "Skylar (that's my teenager) is 41": the relation said of the name
        rel = _relation(words, at + 1, named=True) if at else None
        end = _past_noun(words, raw, rel[1]) if rel else 0
        # "Ngl my whippet pickle is 12": after an unknown relation a second noun may be the
        # name and the first word chat, so only a known relation ("Noodle my pet rat") counts
        # ("Nascar is my favourite sport": two nouns, the first no relation of the lexicon)
        if rel and _fits(rel[0], pronoun) and (end == rel[1] or _head(rel[0]) in _people().known) \
                and (at >= 2 or _bare_name(words, raw, end, known=True) is None):
            found.append(raw[0])
            skip = at
        bracketed = _BRACKETED_RELATION.match(fact)
        if not at and bracketed and _fits(english.normalise(bracketed.group(1)), pronoun):
            found.append(raw[0])  # "Ulrike (oma)", "Takoda (support worker)": who it is
    owners: dict[int, int] = {}  # a relation's "'s" -> where its owner was named ("my wife's")
    for i, word in enumerate(words):
        if i == skip or (word not in _OWNERS | _ARTICLES and i not in owners):
            continue
        named = _relation(words, i + 1, named=True, raw=raw)
        # "a tortoise named Gordon", "my hamster is called Nibbles", "our twin sister is
        # called Lena" (the name may follow the second noun)
        given = [(rel, name) for rel in (named, _relation(words, i + 2, named=True) if named
                                         and named[1] == i + 2 else None)
                 if rel and (name := _name_after(words, raw, rel[1]))]
        if given:
            if _fits(given[0][0][0], pronoun):
                found.append(given[0][1])
            continue
        if word in _ARTICLES:  # "a dog" is nobody in particular
            continue
        rel = _relation(words, i + 1, named=False)
        if rel is None:
            # "my tortoise Gordon", "my spouse sasha"; past one more noun: "my support worker
            # Takoda", "my pink axolotl Tortellini"; past two: "my old barn cat Cornbread"
            once = _past_noun(words, raw, named[1]) if named else 0
            bare = named and (_bare_name(words, raw, named[1], known=False)
                              or _bare_name(words, raw, once, known=False)
                              or _bare_name(words, raw, _past_noun(words, raw, once), known=False))
            if bare:
                found.append(bare)
            continue
        relation, after = rel
        if raw[after:after + 1] in (["'s"], ["\u2019s"]):
            owners[after] = owners.get(i, i)  # "my wife's cousin Farida": the wife owns her
            continue
        if not _fits(relation, pronoun):
            continue
        after = _past_noun(words, raw, after)
        bare = _name_after(words, raw, after) or _bare_name(words, raw, after, known=True)
        if bare or pronoun != "they":
            found.append(bare or _joined(raw[owners.get(i, i):after]))
    if not found and pronoun != "it":
        found = _name_alone(words, raw)
    if len(set(found)) != 1:
        return None
    return found[0].removesuffix("'s").removesuffix("\u2019s")


def _joined(raw: list[str]) -> str:
    return " ".join(raw).replace(" '", "'").replace(" \u2019", "\u2019")


def _name_alone(words: list[str], raw: list[str]) -> list[str]:
    """ "Mia is 7" + "she loves horses": a name with no relation, first and before its verb.
    A name is no English word here ("Paris", "Storm" are): only for a person, not an "it"."""
    if len(words) > 1 and words[0].isalpha() and words[0] not in english.STOPWORDS \
            and not is_known(words[0]) and words[1] in english.words().verbs:
        return [raw[0]]
    return []


def _agree(rest: str) -> str:
    """The words after a "they" put after a singular subject: "are scared" -> "is scared",
    "love horses" -> "loves horses"."""
    match = re.match(r"(\s+)([\w']+)", rest)
    if not match:
        return rest
    word = match.group(2)
    lower = word.lower()
    # "can", "took", "would" read the same after any subject
    plain = is_verb_base(lower) and lower not in english.words().finite_verbs
    new = _AGREE.get(lower) or (english.third_person(lower) if plain else lower)
    if new == lower:
        return rest
    return match.group(1) + new + rest[match.end():]


def _with_subject(fact: str, match: re.Match[str], subject: str) -> str:
    pronoun = match.group(1).lower()
    rest = fact[match.end():]
    contraction = match.group(2)
    if contraction:
        verb = _CONTRACTED[contraction.lower()]
        if verb == " is" and rest.split(maxsplit=1)[:1] and rest.split()[0].lower() in _HAS_AFTER:
            verb = " has"
        rest = verb + rest
    elif pronoun == "they":
        rest = _agree(rest)
    # "she also plays chess": the "also" pointed at the clause before, now a fact apart
    rest = re.sub(r"^\s+also\b", "", rest, flags=re.I)
    return subject[0].upper() + subject[1:] + rest


def _possessive(name: str) -> str:
    """ "Mia" -> "Mia's"; "my dog" -> "my dog's"; "Nibbles" -> "Nibbles'"."""
    return name + ("'" if name.endswith("s") else "'s")


_COPULA = frozenset({"is", "was", "s", "isnt", "wasnt", "will", "be", "gets", "got"})
_POSSESSIVES = frozenset({"my", "your", "his", "her", "our", "their", "its"})
_EXTRAPOSED = frozenset({"to", "that", "when", "if", "how"})


def _impersonal(rest: str) -> bool:
    """ "it is raining", "it's her birthday", "it is hard to walk him": an "it" that names
    nothing, whatever the fact before introduced."""
    words = [english.normalise(w) for w in re.findall(r"[\w']+", rest[:60])][:5]
    copula = bool(words) and words[0] in _COPULA
    while words and words[0] in _COPULA:
        words = words[1:]
    if not words:
        return False
    # ("it used to be shy" is the pet: "to" counts only after a copula; "it was great
    # talking to you" is a sign-off: an adjective, then an -ing form)
    return words[0] in _people().impersonal or (copula and (
        words[0] in _POSSESSIVES or bool(_EXTRAPOSED.intersection(words[1:3]))
        or (len(words) > 1 and words[1].endswith("ing") and not words[0].endswith("ing"))))


def _reading(fact: str) -> tuple[str, str, re.Match[str]] | None:
    """Where `fact` leans on a pronoun: (how, which pronoun it stands for, the match)."""
    start = _POSSESSIVE_START.match(fact)
    if start:
        after = fact[start.end():].split(maxsplit=1)[0].lower()
        if start.group(1).lower() == "its" and after in _ITS_AS_IT_IS:
            return None  # "its a rescue" is "it's": `resolve` reads it so
        if start.group(1).lower() != "her" or after not in english.STOPWORDS:
            return "possessive", _POSSESSIVE_OF[start.group(1).lower()], start
    subject = _SUBJECT.match(fact)
    if subject:
        if subject.group(1).lower() == "it" and _impersonal(
                ("is " if subject.group(2) else "") + fact[subject.end():]):
            return None
        return "subject", subject.group(1).lower(), subject
    inside = _OBJECT.search(fact)
    before = re.findall(r"[\w']+", fact[max(0, inside.start() - 20):inside.start()]) if inside \
        else []
    # an "it" after a preposition is a place or a thing more often than a pet ("I work in it")
    if inside and not (inside.group(1).lower() == "it" and before
                       and before[-1].lower() in english.STOPWORDS):
        return "object", _OBJECT_OF[inside.group(1).lower()], inside
    return None


def _resolved(fact: str, how: str, match: re.Match[str], person: str) -> str | None:
    """`fact` with the pronoun put as `person`; None when that cannot be done safely."""
    if how == "subject":
        return _with_subject(fact, match, person)
    if how == "possessive":
        owner = _possessive(person)
        return owner[0].upper() + owner[1:] + " " + fact[match.end():]
    after = re.findall(r"[a-z']+", fact[match.end():match.end() + 30].lower())[:1]
    if match.group(1).lower() == "her" and after and after[0] not in english.STOPWORDS and \
            is_noun(after[0]):
        return None  # "I give her tablets" / "I brush her hair": object or possessive
    if person.split(maxsplit=1)[0].lower() in _OWNERS:  # "I call my cat", not "I call My cat"
        person = person[0].lower() + person[1:]
    return fact[:match.start()] + person + fact[match.end():]


# Words said before a pronoun subject that carry nothing of the fact: turn-taking markers and
# coordinators ("ok and she ...", "oh plus they ..."), a note mark ("fyi", "ps") or a sentence
# adverb ("Funnily enough he ...", "Sadly it ..."). Read only before a pronoun that names the
# one person of the fact before, so they go only where that person takes their place.
_LEANING = re.compile(
    rf"(?:(?:{MARKER_WORDS}|also|plus|then|btw|fyi|ps|(?P<adverb>[a-z]{{3,}}ly)(?:\s+enough)?)"
    r"\b[\s,.!:;]*){1,3}(?=(?:he|she|they|it)\b)", re.I)


def _leaning_start(fact: str) -> int:
    """Where a pronoun subject starts after discourse words at the start of `fact`, or 0."""
    found = _LEANING.match(fact)
    if not found or (found.group("adverb") and is_noun(found.group("adverb").lower())):
        return 0  # "Family they ...": a noun, no sentence adverb
    return found.end()


# A coordinator and up to four words of talk left at the end of the fact before a pronoun's
# clause ("... last month and long story short | she ...", "... every summer and fair dinkum
# | she ...", "... office and omg | he ..."): the joiner was cut there, the words are its own.
_FILLER_TAIL = re.compile(r"[\s,;:-]+(?:and|n|but|so|plus)((?:\s+[\w']+){0,4})[\s,.!:;-]*$", re.I)
# Words that start a coordinated thing, not talk ("... and the kids", "... and my dad").
_THING_OPENERS = _POSSESSIVES | frozenset({"the", "a", "an", "this", "that", "these", "those",
                                          "some", "two", "three", "both", "all"})


def _without_filler_tail(fact: str) -> str:
    found = _FILLER_TAIL.search(fact)
    if not found:
        return fact
    tail = found.group(1).lower().split()
    if tail and (tail[0] in _THING_OPENERS or tail[0].isdigit()
                 or len(tail) == 1 and is_noun(tail[0])):
        return fact  # "... with mum and dad | she ...": a thing coordinated, kept
    return fact[:found.start()]


def refers_back(fact: str, before: str) -> bool:
    """Does `fact` lean on a pronoun for the one person or pet `before` introduces ("Gordon
    is our tortoise" + "it took up the trumpet", "ok and it shouldn't have salt")? Such a
    fact is about them, never chat to the assistant, however few its words."""
    return any(reading is not None and _person(before, reading[1]) is not None
               for reading in (_reading(fact), _reading(fact[_leaning_start(fact):])))


def resolve(facts: list[str]) -> list[str]:
    """`facts` with each fact that leans on a pronoun given its subject, or joined to the fact
    before it when the subject is unclear."""
    out: list[str] = []
    # who the last fact was resolved to: "my nana is Irene" + "she is a plasterer" + "she is
    # diabetic" are all Irene, though the middle fact names her only as it was rewritten
    last: tuple[str, str] | None = None
    for fact in facts:
        # "😊 He won't go near water": a mark or emoji before the pronoun hides it
        lead = _LEAD.match(fact)
        if lead and out and _reading(fact[lead.end():]):
            fact = fact[lead.end():]
        its = _ITS.match(fact)
        if its and fact[its.end():].split(maxsplit=1)[:1] and \
                fact[its.end():].split()[0].lower() in _ITS_AS_IT_IS:
            fact = fact[:its.start(1) + 2] + "'s" + fact[its.end(1):]  # "its a rescue"
        lean = _leaning_start(fact) if out else 0
        leaning = _reading(fact[lean:]) if lean else None
        if leaning and _person(out[-1], leaning[1]):
            # "ok and she used to work nights": the words before her say nothing of the fact
            fact = fact[lean:]
        reading = _reading(fact) if out else None
        if reading is None:
            out.append(fact)
            last = None
            continue
        how, pronoun, match = reading
        person = _person(out[-1], pronoun) or (last[0] if last and last[1] == pronoun else None)
        resolved = _resolved(fact, how, match, person) if person else None
        last = (person, pronoun) if resolved is not None and person else None
        if resolved is not None:
            if how == "subject":
                out[-1] = _without_filler_tail(out[-1])
            out.append(resolved)
        elif person is None and (how == "object" or pronoun in ("they", "it")):
            # "I told him", "I work in it", "they are always on my back", "its red with a
            # stripe": someone or something the fact before does not name (a group, a
            # thing, an idiom); the fact reads alone as well as it can
            out.append(fact)
        else:
            out[-1] = f"{out[-1]} and {fact[0].lower()}{fact[1:]}"
    return out
