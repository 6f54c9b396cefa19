"""Which memory a "forget ..." description names: one (forgotten), none (not_found) or
several (ambiguous). Pure functions: the store hands in the description and its candidate
memories, nothing here touches the database.

A deletion cannot be undone, so a memory is only named by clear evidence in its words, never
by a cosine alone (MiniLM puts "forget my husband's name" at 0.6 from "My wife's name is Ana",
and with one memory stored almost anything is "clear of the others"):

  * every content word of the description (stemmed, synonyms folded, see `verifier`) must
    be in the memory (a longer form, or with one letter dropped or doubled, counts: "allergy"
    / "allergic", "parot" / "parrot"), or, when the word is a topic noun, a way of saying
    that topic (intents/fastpath/topics.yaml: "my pet": cat, dog ...; "my car": "drive a",
    Toyota ...; "my birthday": "born on"); a different head noun therefore blocks the match:
    wife/husband, tea/coffee, city/street, cat/dog. One exception: a word a realised topic
    lists as a `modifier` may go unsaid when the memory states no other modifier of it
    ("my football team" -> "I support Rapid Vienna", never "... the Lakers basketball
    team"). A topic noun the verifier folds into a feeling ("allergy") still counts, and
    when a description has nothing but markers of change ("when I retired"), they count;
  * a memory found through a topic must not be about a person the description did not name
    ("forget my job" is not "My wife is a dentist");
  * the description's numbers must be in the memory ("14 Baker Street" is not "12 ...");
  * when the description says how the user feels ("that I like tea") or negates, the
    memory's polarity must agree;
  * when the description is about the user ("that I like tea"), a memory about someone
    else ("My wife likes tea") is not a match;
  * a described word a negation reaches on one side only is another fact ("that I'm very
    religious" / "... though I'm not very religious"); a description that only names a
    subject ("the alcohol thing") is not held against a memory's negation;
  * a relative by marriage is one word (iris.text.IN_LAW): "my mum" is no mother-in-law.
A description's noun is also found in a memory that names a kind of it: by WordNet's
hypernyms of the memory word's main sense (iris/store/kinds.py: "my sheepdog" / "my collie";
a capitalised word by its capitalised sense: "learning Mandarin" is Chinese, not the fruit)
or by the concept list (iris/store/concepts.py); a sibling is never a kind (cat / dog). A
plural description ("the sports I play") also counts the memories whose word is a kind of it
in another sense, and any such memory makes the answer a choice, never a deletion.
A word is also said by its other words in WordNet (iris/store/wordsense.py): a noun's main
sense ("my boy" / "a son", "alsatian" / "german shepherd"; nouns of two words joined), a
verb's main verb sense ("that I bike" / "I cycle"); and "for a living" / "for work" asks for
the job topic, whose noun alone ("tea at work") is no evidence of it, and "to" / "at work"
is the place ("how I get to work": a memory that says it so). A word written in
capitals ("a job as a PA") is an abbreviation, never the noun it spells (WordNet's "pa" is a
father). A word is also said by another of its names in WordNet (iris/store/aliases.py):
"sax" / "saxophone", "ref" / "reffing", "the usps" / "the us postal service", the memory's
"ER" / "emergency room", "pooch" / a dog. A plural noun after a determiner that finds one
memory ("my sports": the swimming, while "I play ping pong" was not read as a sport) is
asked about, never deleted: the user means several, and the others may be in words Iris does
not read as the noun. Not when the memory says the very word ("my cats": "I have two cats";
"a trip" is one of "my trips"), nor when it says the other things the description names ("my
trips to spain": "I have visited spain").
A kind named in general after a frame ("what I said about food") reads as such a plural.
"where I grew up" is answered only by a memory that says a place ("on a farm", "to Spain"),
never "I was poor growing up". These shapes are read in iris/store/phrasing.py.
Several memories meet that: the one whose words equal the description's is the match,
otherwise the answer is `ambiguous` with the candidates, for the user to choose.

"forget everything" / "erase all my data" never come here: iris/store/forget_all.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal

from iris.extract.pronouns import person_words
from iris.removal import removal_verb
from iris.spelling import known, slip
from iris.store import phrasing, verifier
from iris.store.concepts import Concepts, content_words, inventory, listed_form
from iris.store.kinds import is_known, is_noun, is_plural, is_verb_base, kinds_of
from iris.store.synonyms import irregular_bases
from iris.store.textcache import text_cache
from iris.store.topics import OTHERS, MemoryWords, Topic, joined_nouns, memory_words, said_by_alias, topics
from iris.store.wordforms import has as _has
from iris.store.wordsense import agents, compound, join_compounds, opposed, same_action, same_thing
from iris.text import NEGATIONS, STOPWORDS, TITLES, stem, tokens, without_accents
from iris.text import words as lexicon
from iris.types import PLAIN_ASK, Asked

# Longer than this is not a description of one memory (a pasted text, garbage).
MAX_DESCRIPTION_CHARS = 500
MAX_DESCRIPTION_WORDS = 12
MAX_CANDIDATES = 5

# Words that say what to do with a memory, not which memory: the removal verbs in any spelling
# (iris/removal.py) and these.
_NOISE = frozenset("""
forgets forgot memory memories memorize remember remembered recall know knew store stored
save saved note notes noted keep kept told tell say said mention mentioned share shared fact
facts info information detail details stuff thing things bit please anymore everything
anything something all what about regarding concerning earlier last previous remembering
keeping storing abt saying says wat
kindly lol lmao haha
""".split())
# A verb's particle ("what I get up to", "where I help out", "how long I've been off the
# booze") and how much of something a question asks ("how long", "how often"): the frame of
# the words, not words a memory says.
_PARTICLES = frozenset({"up", "out", "off", "back", "down", "away", "round", "around", "over"})
# ... after a verb that says little alone: "work out", "find out", "make up" are other verbs.
_LIGHT_VERBS = frozenset("""
get gets getting got gotten go goes going went gone come comes coming came have has having had
be been being is are was were am im ive cut cuts cutting sell selling sold move moves moving moved
run runs running ran save saving saved help helping helped hang hanging stay staying stayed
settle settling settled
""".split())
_HOW_MUCH = frozenset({"long", "often"})
# Words that frame a fact without being its content ("my coffee preference", "my wife's
# name"): a memory need not contain them, and they are no evidence on their own.
_SOFT = frozenset(stem(w) for w in
                  "<feeling> name preference preferences habit habits routine date many "
                  "much class classes lesson lessons old former current plan plans hobby "
                  # a time of life ("my painting days") and how well ("I can't swim well")
                  "hobbies day days phase era well "
                  # what kind of fact it is ("my thyroid problem", "the knee injury", "the
                  # story of my escape")
                  "problem problems issue issues condition conditions injury injuries "
                  "story stories situation status arrangement arrangements "
                  # how often, and the reason asked for ("why I'm learning welsh")
                  "always why".split())
# "forget what I told you about X": the I who told is not a subject of the fact.
_FRAMING = re.compile(r"\b(?:what|that|everything|anything|the things?)?\s*(?:i|we)\s+"
                      r"(?:have\s+|had\s+)?(?:said|told you|mentioned|shared|wrote)\b")
# When it was said, alone after such a frame ("what i told you the other day"): it names no
# memory (memories are matched by what they say, not by when they were told).
_WHEN_SAID = re.compile(r"(?:the other (?:day|night|week)|yesterday|last (?:week|night|time|month)"
                        r"|earlier(?: today| on)?|this (?:morning|afternoon|evening)"
                        r"|(?:a (?:while|few days|couple of days)|(?:\w+ )?(?:days|weeks)) ago|recently)\s*$")
_SUBJECTS = frozenset({"i", "we", "you", "he", "she", "they"})  # "I bike": a verb, no noun
# "don't remember my hair anymore": the negation belongs to the request, not to the fact.
_REQUEST_NEGATION = re.compile(r"\b(?:(?:do|does|please) )?(?:not|never) "
                               r"(?=(?:remember|keep|store|save|recall|note)\b)")
# "no need to remember X", "I do not want you remembering X", "stop keeping X": the request
# is the frame, X the description (and the user who asks is no subject of it).
_KEEPING = r"(?:remember|keep|store|save|recall|know|hold on to)(?:ing)?"
_REQUEST_FRAME = re.compile(
    r"\b(?:(?:there is |theres )?no need (?:for you )?to"
    r"|(?:i|we) do not (?:want|need) you(?: to)?"
    r"|you do not (?:need|have) to"
    r"|(?:please )?stop) " + _KEEPING + r"\b")
# "what I do for work" asks for an occupation, as "for a living" does (iris.text folds that
# to "professionally"), not for any memory with the word "work" ("I cycle to work").
_FOR_WORK = re.compile(r"\b(do|does|did|doing) for (?:work|a job)\b")
# A name where a place goes ("I grew up in Portugal"): WordNet knows it is a country.
_NAMED = re.compile(r"\b(?:[Mm]y|[Oo]ur) ([a-z]{3,}) (?:(?:named|called) )?[A-Z][a-z]+")
_PLACE = re.compile(r"\b(?:in|from|to|near) ([A-Z][a-z]{2,})\b")
# A capitalised word after a lower-case one, not a pet's or a child's name: a language or a
# people when WordNet writes it so as a kind ("I take Cantonese classes", "learning Mandarin":
# the language, where "mandarin" is first the fruit); a name has no such row in kinds.py.
_CAPITALISED = re.compile(r"(?<=[a-z,] )(?<!called )(?<!named )([A-Z][a-z]{2,})\b")
# "the triplets news", "the move update": news of a thing frames it, as "stuff" does. Only
# after a word that is no determiner, so "that I watch the news" keeps its news.
_NEWS_OF = re.compile(r"\b(?!(?:the|a|an|my|our|some|any|of|no)\b)([a-z]+) (?:news|update)$")
# "what colour I like best" is the favourite colour.
_LIKED_BEST = re.compile(r"\b(?:like|love|enjoy)s? (?:the )?(?:best|most)\b", re.I)
# Frame words a slip of which is no content word ("forget abuot the food bank").
_FRAME_WORDS = ("about", "regarding", "that", "what", "thing", "stuff")


def _slip_of_frame(word: str) -> bool:
    """A slip of a frame word ("abuot"), or a function word with two letters swapped ("forget
    teh tb test date")."""
    if known(word):
        return False
    return len(word) >= 4 and any(slip(word, frame) for frame in _FRAME_WORDS) or len(word) >= 3 and any(
        word[:i] + word[i + 1] + word[i] + word[i + 2:] in _SWAPPED for i in range(len(word) - 1))


# Function words typed with two letters swapped; only these, so that no name is read as one
# ("amy" is no "may"), and of three letters or more: "an ot" is an occupational therapist.
_SWAPPED = frozenset({"the", "and", "that", "what", "this", "with", "from", "your", "about", "for"})


# The verifier's markers of change that are also the content of a fact ("I retired").
_MARKER_VERBS = frozenset("""
retired retire retiring quit quitting moved move moving relocated relocating started start
starting began stopped stopping switched switching became
""".split())


@dataclass(frozen=True)
class Description:
    """What a forget request says about the memory it means."""

    text: str
    required: frozenset[str]  # content stems every match must contain
    bag: frozenset[str]  # all content stems, soft ones too
    numbers: frozenset[str]
    people: frozenset[str]  # named people: wife, brother ...
    number_order: tuple[str, ...]  # its numbers in the order said, "1" too
    about_user: bool  # the user is a subject ("that I like tea")
    polarity: int | None  # set when the description states a feeling or a negation
    # the user is in it only as an object ("how much desmond owes me"): the memory must have
    # the user in it too, but may be about the person who does it
    user_as_object: bool = False
    plural: bool = False  # a required word is a plural ("the sports I play")
    plurals: frozenset[str] = frozenset()  # those plural words as said ("sports")
    # a kind of things named in general ("what I said about food"): like a plural
    generic: bool = False
    # the stems of the other things it names, nouns that are no verbs ("my trips to spain")
    things: frozenset[str] = frozenset()
    # ... and a noun after a determiner ("my sports", "which languages"), not a verb ("my
    # sister lives")
    plural_noun: bool = False
    # (stem, word as said, the stems of its synonyms) of each required word
    said: tuple[tuple[str, str, frozenset[str]], ...] = ()
    acts: tuple[tuple[str, frozenset[str]], ...] = ()  # (stem, what else says the verb)
    places: frozenset[str] = frozenset()  # stems said as a place ("how I get to work")
    where: bool = False  # asks where ("where I grew up"): the memory must say a place
    amount: bool = False  # asks how much or how many: the memory must say a quantity
    # a count said as a word before a noun ("a single dad": "1"), which the memory must say too
    counted: frozenset[str] = frozenset()
    # agent nouns said as what the user is, with their verbs ("a dog walker": walker -> walk)
    agents: tuple[tuple[str, str], ...] = ()
    negated: frozenset[str] = frozenset()  # the stems a negation reaches (verifier.negated)
    # (stem, the stems of its antonyms) of each word ("day" -> night), soft words too
    opposites: tuple[tuple[str, frozenset[str]], ...] = ()
    # it states something of someone ("that I'm very religious"), not only names a subject
    # ("the alcohol thing"): a memory that negates its word says otherwise
    claim: bool = False

    @cached_property
    def typed(self) -> frozenset[str]:
        """The words as typed, bare ("Ana's" -> "ana") and with their hyphenated parts."""
        return frozenset(_bare(part) for w in _WORD_AT.findall(self.text) for part in (w, *w.split("-")))

    @cached_property
    def subject_spots(self) -> tuple[int, ...]:
        """Where a word may be a clause's subject before its verb: first, or after "that" or
        the request's verb ("pls forget that luis has ...")."""
        said = _WORD_AT.findall(self.text.lower())
        verbs = lexicon().verbs
        return tuple(i for i in range(len(said) - 2) if said[i + 1] in verbs
                     and (i == 0 or said[i - 1] == "that" or removal_verb(said[i - 1])))


@dataclass(frozen=True)
class Candidate:
    id: int
    content: str
    cosine: float = 0.0  # similarity to the description; orders the candidates only


@dataclass(frozen=True)
class Decision:
    status: Literal["forgotten", "not_found", "ambiguous"]
    id: int | None = None
    candidates: tuple[Candidate, ...] = ()
    reason: str = ""


def describe(text: str) -> Description | None:
    """The evidence a description offers, or None when it names nothing a memory could be
    matched on (empty, vague like "it", too long to be a description)."""
    if not text or len(text) > MAX_DESCRIPTION_CHARS:
        return None
    text = phrasing.without_reason(text)
    lowered = _REQUEST_FRAME.sub(" ", " ".join(tokens(_LIKED_BEST.sub("favorite", text))))
    lowered = _REQUEST_NEGATION.sub(" ", lowered)
    lowered = _NEWS_OF.sub(r"\1", lowered.strip())
    general = phrasing.generic(lowered)
    if _FRAMING.search(lowered) and _WHEN_SAID.fullmatch(" ".join(
            w for w in _FRAMING.sub(" ", lowered).split() if w not in _NOISE and removal_verb(w) is None)):
        return None
    lowered = joined_nouns(_FOR_WORK.sub(r"\1 professionally", _FRAMING.sub(" ", lowered)))
    lowered = _NUMBER_PLURAL.sub(r"\1", lowered)  # "my year 12s": the class called 12
    words = join_compounds([w for w in lowered.split() if w not in _NOISE and removal_verb(w) is None
                            and not _slip_of_frame(w)], _apart())
    # Not cached: a forget request repeats the memory's words, which must not outlive it.
    analysis = verifier.analyze.uncached(" ".join(words))
    # A topic noun the verifier folds into a feeling ("allergy") still names the memory.
    required = (analysis.bag - _SOFT) | {stem(w) for w in words if stem(w) in topics()}
    # "this year" / "last year": when, not what (not even a soft word: "last year" is no "this")
    frame = _time_frame(words)
    required -= {"<feeling>"} | _framing_words(words) | frame
    required = (required - _asked_light(lowered)) or required
    if not required and not (analysis.bag - {"<feeling>"}) and not analysis.numbers:
        # Only words the verifier treats as markers of change ("when I retired", "when I
        # moved"): here they are the content.
        required = frozenset(stem(w) for w in words if w in _MARKER_VERBS)
    elif required:
        # Beside other content they are content too: "my sister-in-law is moving to Lisbon"
        # is not "... is getting married in Lisbon".
        required |= {stem(w) for w in words if w in _MARKER_VERBS}
    if not required and not analysis.bag and not analysis.numbers:
        return None
    if len(required) > MAX_DESCRIPTION_WORDS:
        return None
    feeling = "<feeling>" in analysis.bag or any(w in NEGATIONS for w in words)
    # "my own diagnosis" is the user's; "my own children" are people the user names
    about_user = "self" in analysis.agents and bool(_USER_AS_SUBJECT.search(text)) \
        or bool(_OWN.search(text)) and not set(analysis.agents) - OTHERS
    # a frame word said alone is what is needed, and may be a plural too ("my hobbies")
    needed = required or analysis.bag - {"<feeling>"}
    # A group noun ("my family") is read as a plural: one member found is not all of it.
    plurals = [i for i, w in enumerate(words) if stem(w) in needed
               and (is_plural(w, irregular=True) or _group(w))]
    plurals_said = frozenset(words[i] for i in plurals)
    return Description(
        text=text, required=frozenset(required), bag=(analysis.bag - frame) | required,
        numbers=analysis.numbers, number_order=analysis.number_order,
        counted=frozenset(w for w in analysis.attributive if w.isdigit()),
        agents=tuple(agents(lowered).items()), negated=verifier.negated(" ".join(words)),
        # a frame word only before its noun: "day shifts" are no night shifts, "bin day" may
        # be "Tuesday nights"
        opposites=tuple((stem(w), others) for i, w in enumerate(words) if (others := opposed(w))
                        and (stem(w) in required or (i + 1 < len(words) and is_noun(words[i + 1])))),
        claim=(about_user or bool(set(analysis.agents) - OTHERS))
        and any(w in lexicon().verbs and not w.endswith("ing") for w in words),
        people=frozenset(analysis.agents) - OTHERS, about_user=about_user,
        user_as_object="self" in analysis.agents and not about_user,
        polarity=analysis.polarity if feeling else None,
        # "my wifes name" is her name: a plural before a noun may be a possessive
        plural=bool(plurals), plurals=frozenset(
            words[i] for i in plurals if i + 1 == len(words) or not is_noun(words[i + 1])),
        places=phrasing.places(lowered), where=phrasing.asks_where(lowered),
        amount=_ASKS_AMOUNT.search(lowered) is not None,
        generic=general is not None,
        things=frozenset(stem(w) for w in words if stem(w) in required and w not in plurals_said
                         and w != general and is_noun(w) and w not in lexicon().verbs),
        plural_noun=any(i and words[i - 1] in _PLURAL_OPENERS for i in plurals),
        said=tuple((stem(w), w, kinds_of(w).same) for w in dict.fromkeys(words)
                   if stem(w) in required),
        acts=tuple((stem(w), same_action(w)) for i, w in enumerate(words)
                   if stem(w) in required and (not is_noun(w) or (i and words[i - 1] in _SUBJECTS))))


def _time_frame(words: list[str]) -> set[str]:
    """The stems of "this year", "next week", "last term": when the fact holds, which a memory
    need not say ("who's mentoring me this year": "Mr Patel ... is my ECT mentor")."""
    return {stem(w) for i, w in enumerate(words)
            if i and w in _FRAME_SPANS and words[i - 1] in _FRAME_DEICTIC}


_FRAME_SPANS = frozenset({"year", "week", "month", "term", "semester"})
_FRAME_DEICTIC = frozenset({"this", "next", "last"})
_NUMBER_PLURAL = re.compile(r"\b(\d+) s\b")


def _framing_words(words: list[str]) -> set[str]:
    """The stems of a light verb's particles and of "how long" / "how often" in `words`."""
    return {stem(w) for i, w in enumerate(words) if i and (
        w in _PARTICLES and words[i - 1] in _LIGHT_VERBS or w in _HOW_MUCH and words[i - 1] == "how")}


def _asked_light(lowered: str) -> set[str]:
    """The stems of the verbs that say little in a question ("which clinic bec goes to", "when
    bec's folks come over"): not right after the question word ("what happened", "what goes
    on": there the verb is what is asked). Not "use": "which email i use" is not any memory
    that says "email" ("... saved in my email drafts")."""
    found = _WH.search(lowered)
    after = lowered[found.end():].split()[1:] if found else []
    return {stem(w) for w in after if w in _ASKED_LIGHT}


_WH = re.compile(r"\b(?:which|what|when|where|how|who|whatever|whichever)\b")
_ASKED_LIGHT = frozenset("""
go goes going went gone get gets getting got come comes coming came
happen happens happened happening do does did doing
""".split())


# The user said as a subject, not only as "me" / "us" - as a gerund's subject it is one too
# ("me meeting dolly parton", "me not speaking for months").
_USER_AS_SUBJECT = re.compile(r"\b(?:i|we|myself|ourselves)\b|\b(?:i|we)(?:'|\u2019)|\b(?:im|ive|id)\b"
                              r"|\b(?:me|us) (?:not |never )?[a-z]+ing\b", re.I)


# "my own diagnosis": the user's, as plainly as "I was diagnosed".
_OWN = re.compile(r"\b(?:my|our) own\b", re.I)
# The user in a memory, in any role ("covers my shifts", "owes me").
_THE_USER = re.compile(r"\b(?:i|me|my|mine|myself|we|us|our|ours|ourselves|im|ive|id)\b")
# The user as a memory's subject, at its start ("I owe my brother Tomasz £1,500").
_USER_FIRST = re.compile(r"\W*(?:i|i'm|im|i've|ive|i'd|id|i'll|ill)\b", re.I)
# Someone named as a memory's subject ("Mrs Achebe next door waters my tomatoes", "Sunil
# lent me"): a capitalised word that is no pronoun or determiner, not with the user ("Tom and
# I got married").
_NAMED_FIRST = re.compile(r"\W*([A-Z][a-z]+)(?![^,.;]{0,20}\b(?:and|&) (?:I|me)\b)")
_WITH_ME = re.compile(r"\bme (?:and|&)\b|\b(?:and|&) me\b", re.I)


def _roles_reversed(d: Description, content: str) -> bool:
    """Who does it is turned round: "tomasz owes me" is not "I owe my brother Tomasz", "i
    water mrs achebe's tomatoes" not "Mrs Achebe waters my tomatoes" (forget_eval_fresh20:
    each was deleted)."""
    if d.user_as_object and _USER_FIRST.match(content) and not _WITH_ME.search(d.text):
        return True  # ("me and my father not speaking": "me" is a subject there)
    named = _NAMED_FIRST.match(content)  # a sentence's first word is capitalised anyway: only
    # a title says a person ("Insane clown posse is my favorite band" is no one's name)
    return d.about_user and bool(_USER_FIRST.match(d.text)) and named is not None \
        and named.group(1).lower() in TITLES


# Before a plural noun: "my sports", "the states I lived in", "which languages I speak", "rob
# and his deployments".
_PLURAL_OPENERS = frozenset({"my", "our", "the", "these", "those", "which", "what", "all", "any",
                             "some", "both", "his", "her", "their"})


def decide(description: Description | str, candidates: Sequence[Candidate],
           concepts: Concepts | None = None, asked: Asked = PLAIN_ASK) -> Decision:
    """`_decide`, then asked when the one memory found names a relative by a name the
    description does not say and another memory names another of that relative ("where my
    cousin lives": "My cousin Fergal lives in Galway", "My cousin Ailbhe is a dentist in Cork")."""
    found = describe(description) if isinstance(description, str) else description
    if found is None:
        return Decision("not_found", reason="the description names nothing to match")
    decision = _decide(found, candidates, concepts, asked)
    if decision.status != "forgotten":
        return decision
    chosen = next(c for c in candidates if c.id == decision.id)
    said = set(re.findall(r"[a-z]+", found.text.lower()))
    proper = {w.lower() for w in re.findall(r"(?<!^)\b[A-Z][a-z]+", chosen.content)}
    for relative in found.people:
        names = _named(relative, chosen.content)
        if not names or not said.isdisjoint(proper):
            continue  # no name for the relative, or the description says it or a place of
            # the memory's ("my cousin in galway")
        others = [c for c in candidates if c.id != chosen.id
                  and (other := _named(relative, c.content)) and other != names]
        if others:
            return Decision("ambiguous", candidates=(chosen, *others),
                            reason=f"the description names no {relative}, and memories name two")
    return decision


def _named(relative: str, content: str) -> frozenset[str]:
    """The names a memory gives the relative ("My cousin Fergal ..." -> {"fergal"})."""
    return frozenset(m.group(1).lower() for m in re.finditer(
        rf"\b{re.escape(relative)}\w*\s+([A-Z][a-z]+)", content))


def _decide(description: Description, candidates: Sequence[Candidate],
            concepts: Concepts | None = None, asked: Asked = PLAIN_ASK) -> Decision:
    """Forgotten (one clear match), ambiguous (several, best first) or not_found. With
    `concepts`, a description's concept noun ("fruit") is also found in a memory that names
    a kind of it ("papaya"), as weak evidence like a topic. How the request was put (`asked`):
    `literal`, every word must be in the memory itself (no topic, concept or unsaid
    modifier; every word said, frame words such as "lessons" too), the test of a request
    the router did not take as one (see `iris.store.probe`); `general`, about a subject in
    general ("the car stuff", said around the object the description holds), as a
    description's own "stuff" is; `broad`, in words that mean several facts (BROAD);
    `stated`, the fact itself, said as a clause (STATED), which a memory about a kind of its
    thing does not state."""
    literal = asked.literal
    kinds = {} if literal or asked.stated else _kinds(description, candidates, concepts)
    none: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    matches = [c for c in candidates
               if _matches(description, c.content, kinds.get(c.content, none)[0], literal,
                           every_word=literal)]
    # "the sports I play" may mean several memories: one that is a kind of the described
    # thing only in another sense of its word ("softball" the game, whose main sense is the
    # ball) is never deleted, but it makes the choice the user's. Not when a memory says
    # the very words ("my cats": "I have two cats"), unless it says the word in the singular:
    # one of them ("my trips": "a trip to Japan" may not be all).
    plural = description.generic or description.plural and not any(
        _matches(description, c.content, literal=True)
        and phrasing.says_plural(description.plurals, description.required,
                                 memory_words(c.content).raw)
        and not phrasing.says_singular(description.plurals, memory_words(c.content).raw)
        and not phrasing.says_as_possessive(description.plurals, c.content)
        for c in matches)
    wider = [c for c in candidates if plural and c not in matches
             and (k := kinds.get(c.content, none))[1] != k[0]
             and _matches(description, c.content, k[1], literal)]
    if plural and len(matches) == 1 and not wider:
        # "my pets" and one pet found: a memory with a word no word list knows ("My moggy
        # Smudge sleeps all day") may be another of them, so the choice is the user's.
        wider = [c for c in candidates if c not in matches and _unknown_word(c.content)]
    if not matches and not wider:
        return Decision("not_found", reason="no memory has the described words")
    if plural and (description.plural_noun or description.generic) and len(matches) == 1 \
            and not wider \
            and not _names_things(description, matches[0].content) \
            and not _holds_several(description, matches[0].content):
        # "my sports" and only the swimming found: the user means several, and the others
        # are in words Iris did not read as sports ("I play ping pong"): asked, not deleted.
        # Not when the memory says the other things the description names: "my trips to
        # spain" are "I have visited spain a times".
        return Decision("ambiguous", candidates=(matches[0],),
                        reason="a plural or general description found one memory")
    if len(matches) == 1 and not wider:
        rival = _rival(description, matches[0], candidates, asked)
        if rival is not None:
            # "the stuff about my folks": one memory says the word, another may be about the
            # same thing in words no list knows ("My mum ..."): asked, not deleted
            return Decision("ambiguous", candidates=(matches[0], rival),
                            reason="a general description, and another memory as near to it")
        return Decision("forgotten", id=matches[0].id, candidates=(matches[0],))
    exact = [c for c in matches if verifier.analyze(c.content).bag == description.bag]
    if len(exact) == 1:
        return Decision("forgotten", id=exact[0].id, candidates=tuple(exact),
                        reason="the only memory with exactly the described words")
    # "my current job": of the jobs, the one memory that also says the soft word "current"
    soft = description.bag - description.required - {"<feeling>"}
    every = [c for c in matches if all(_has(w, memory_words(c.content).stems) for w in soft)] \
        if soft and not plural and not wider else []
    if len(every) == 1:
        return Decision("forgotten", id=every[0].id, candidates=tuple(every),
                        reason="the only memory with the described soft words too")
    ranked = sorted(matches + wider, key=lambda c: -c.cosine)[:MAX_CANDIDATES]
    return Decision("ambiguous", candidates=tuple(ranked),
                    reason=f"{len(matches) + len(wider)} memories may be the described one")


def _kinds(d: Description, candidates: Sequence[Candidate], concepts: Concepts | None
           ) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """What each candidate's words are kinds of, as stems of the description's words: by the
    concept list (when the description names one of its concepts: else the embedder is not
    asked) and by WordNet's main senses; then the same widened by WordNet's other senses."""
    found: dict[str, frozenset[str]] = {}
    words: dict[str, list[str]] = {}
    needed = _needed(d)  # "my hobbies": a frame word alone is what is needed
    # Only a noun of the description names a kind ("where I moved" is no "movement", "when I
    # was born" no bear). A topic noun ("job", "address") is found the ways topics.yaml says,
    # not through any word WordNet files under it ("marathon" is a job there): WordNet may
    # only widen its choice.
    # An irregular plural is a noun ("my children" names the child a memory names), an
    # irregular verb form is none ("when I was born" names no bear).
    nouns = frozenset(needed & {stem(w) for w in tokens(d.text)
                                if (is_noun(w) and not irregular_bases(w))
                                or (is_plural(w, irregular=True)
                                    and any(is_noun(b) for b in irregular_bases(w)))})
    # "that I'm a musician": a memory is a kind of it only where it says what the user is ("I
    # am a drummer"), not by another of its words ("I love listening to drummers").
    being = d.about_user and _BEING.search(d.text) is not None
    said = {c.content: _what_user_is(c.content) if being else c.content for c in candidates}
    if concepts is not None and not nouns.isdisjoint(concepts.stems):
        # A memory word the description says itself is not also the kind of another of its
        # words: in "a car dealer" / "a watch dealer", "dealer" is no car.
        words = {c.content: [w for w in content_words(said[c.content]) if stem(w) not in needed]
                 for c in candidates}
        found = {w: kinds & nouns for w, kinds in
                 concepts.kinds(w for ws in words.values() for w in ws).items()}
    wanted = frozenset(w for w in nouns if w not in topics())
    # A word the concept list names is only ever itself or in its groups: the list holds
    # siblings together, which WordNet may rank ("ukulele" is a small guitar there).
    unlisted = nouns - _listed_stems()
    out: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
    for c in candidates:
        strict = frozenset(k for w in words.get(c.content, ()) if w in found for k in found[w])
        loose = strict
        if nouns:
            wn = _memory_kinds(said[c.content])
            strict |= (wn.main & nouns | wn.main_listed & unlisted) & wanted
            loose |= strict | wn.any & nouns | wn.any_listed & unlisted
        if strict or loose:
            out[c.content] = (strict, loose)
    return out


_BEING = re.compile(r"\b(?:i am|i'm|i\u2019m|im|i was|i've been|ive been|i work as|i worked as)"
                    r"\s+(?:an?\s+)(?P<what>[^,.;:!?]+)", re.I)


def _what_user_is(content: str) -> str:
    """What a memory says the user is ("I am a drummer in a band" -> "drummer in a band")."""
    return " ".join(m.group("what") for m in _BEING.finditer(content))


@dataclass(frozen=True)
class _WordKinds:
    """The stems of what a memory's content words are kinds of (kinds.kinds_of), apart for
    the words the concept list names."""

    main: frozenset[str]
    any: frozenset[str]
    main_listed: frozenset[str]
    any_listed: frozenset[str]


@text_cache(maxsize=200_000)  # as _memory: every memory of a large user
def _memory_kinds(content: str) -> _WordKinds:
    listed = _listed()
    found = [(listed_form(w.lower(), listed) is not None, kinds_of(w))
             for w in [w.lower() for w in content_words(content) + _PLACE.findall(content)]
             + _CAPITALISED.findall(content)]
    return _WordKinds(
        main=frozenset().union(*(k.main for is_listed, k in found if not is_listed)),
        any=frozenset().union(*(k.any for is_listed, k in found if not is_listed)),
        main_listed=frozenset().union(*(k.main for is_listed, k in found if is_listed)),
        any_listed=frozenset().union(*(k.any for is_listed, k in found if is_listed)))


@lru_cache(maxsize=1)
def _listed_stems() -> frozenset[str]:
    return frozenset(stem(n) for n in _listed())


@lru_cache(maxsize=1)
def _listed() -> frozenset[str]:
    """The concept list's words (with or without an embedder to read them)."""
    kinds, others, _groups = inventory()
    return frozenset(kinds + others)


# A month or a day of the week said in a description: the memory must say it too ("my passport
# runs out in may" is not "My passport runs out in March"). "may" and "march" are months only
# after a word that dates them or before a number.
_MONTH = re.compile(
    r"\b(?:(?:in|of|on|since|until|till|by|from|last|next|this|every|early|late|mid|end of)\s+"
    r"(?P<dated>may|march)\b|(?P<numbered>may|march)(?=\s+\d)"
    r"|(?<=\d )(?P<after>may|march)\b|(?<=\d(?:st|nd|rd|th) )(?P<nth>may|march)\b"
    r"|(?P<month>january|february|april|"
    r"june|july|august|september|october|november|december|sept?|jan|feb|apr|jun|jul|aug|oct|nov"
    r"|dec)\b|(?P<day>(?:mon|tues|wednes|thurs|fri|satur|sun)day)s?\b)", re.I)
_SHORT_MONTHS = {"jan": "january", "feb": "february", "apr": "april", "jun": "june", "jul": "july",
                 "aug": "august", "sep": "september", "sept": "september", "oct": "october",
                 "nov": "november", "dec": "december"}


def _dates(text: str) -> frozenset[str]:
    return frozenset(_SHORT_MONTHS.get(w, w) for w in (
        next(g for g in found.groups() if g).lower() for found in _MONTH.finditer(text)))


def _same_values(d: Description, memory: MemoryWords) -> bool:
    """The description's numbers stand in the memory in the same order ("five foot six" is not
    "six foot five"; "type 1" is not "type 2"), and its months and weekdays are the memory's."""
    said, kept = d.number_order, memory.analysis.number_order
    remaining = iter(kept)
    if said and (said != ("1",) or kept) \
            and not all(n in remaining for n in said):  # a subsequence; "1" may be the memory's "a"
        return False
    return _dates(d.text) <= _dates(memory.plain)


def _matches(d: Description, content: str, kinds: frozenset[str] = frozenset(),
             literal: bool = False, every_word: bool = False) -> bool:
    memory = memory_words(content)
    if not d.numbers <= memory.analysis.numbers or not _same_values(d, memory):
        return False
    # "a single dad" is not "a stay at home dad": the count word is a word of the fact
    if not d.counted <= memory.analysis.attributive | memory.analysis.numbers:
        return False
    # "where I work" may be the job itself ("I work as a paramedic"): the job topic is said
    # in many ways, so the place is asked of the other words only.
    if d.where and d.required.isdisjoint(_only_realised()) and not phrasing.says_place(memory.plain):
        return False
    if d.amount and not memory.analysis.numbers and not _QUANTITY.search(content):
        return False  # "how much is in my kiwisaver" is not "My KiwiSaver is with Simplicity"
    if d.polarity is not None and memory.analysis.polarity != d.polarity:
        return False
    if _negation_differs(d, memory) or _opposed(d, memory):
        return False
    agents = memory.analysis.agents
    people = frozenset(agents) - OTHERS
    # About the user, or naming only a frame ("my name"): someone else's fact is not it.
    # A fact whose subject is the user may name a companion: "that I live in Pennsylvania"
    # is "I live with my husband in pennsylvania", never "My husband lives in ...".
    about_others = not people <= d.people and not (d.about_user and agents[:1] == ("self",))
    if (d.about_user or not d.required) and about_others:
        return False
    # "my dog bit me" is not "My dog bit the neighbour", "desmond owes me" not "I owe Desmond":
    # the user must be in the memory after its subject too.
    if d.user_as_object and not _THE_USER.search(memory.plain, 1):
        return False
    if _roles_reversed(d, content):
        return False
    if _another_doer(d, memory) or _another_one(d, memory) or _a_name_does_it(d, content) \
            or _someone_elses(d, content) or _a_name_has_it(d, content) \
            or _the_names_own(d, content) or _another_name(d, content) or _said_of_another(d, content):
        return False
    # `every_word`: the words that only frame a fact too ("the thursday lessons"), for a
    # request the router did not take as one.
    needed = (d.required | d.bag) - {"<feeling>"} if every_word else _needed(d)
    if not needed and not d.numbers:
        return False
    allowed = d.people
    heads: list[Topic] = []  # the topics the memory realised
    missing: list[str] = []  # at most one word, which must be a free modifier
    weak = False  # a word found only through a topic or a concept
    joined = phrasing.written_together(d.said, memory.stems)
    for word in needed:
        if word in d.places:  # "how I get to work": a memory that names the place
            if word in phrasing.places(memory.plain):
                continue
            return False
        if word in _only_realised():  # "my job" is not "tea at work"
            if any(s == word and w in memory.raw for s, w, _ in d.said):
                continue
        elif _has(word, memory.stems) or phrasing.written_apart(word, memory.sequence) or word in joined:
            continue
        elif not literal and _does_what_the_agent_does(d, word, memory):
            continue
        elif not literal and (other := _said_otherwise(d, word, memory)):
            allowed = allowed | ({other} & people)  # "my boy": the son the memory names
            continue
        elif not literal and (alias := said_by_alias([w for s, w, _ in d.said if s == word],
                                                     word, memory)):
            if isinstance(alias, Topic):  # "the pooch": a dog, as "my dog" finds one
                heads.append(alias)
                allowed = allowed | alias.people
            continue
        if literal:
            return False
        topic = topics().get(word)
        if (topic is None or not topic.realised(memory)) and word in kinds:
            weak = True
            if word in d.people:  # "my kids": the memory's son is the kid it names
                allowed = allowed | people
            continue
        if topic is None or not topic.realised(memory):
            if missing or word not in _modifiers():
                return False
            missing.append(word)
            continue
        allowed = allowed | topic.people
        heads.append(topic)
    if missing and not _free_modifier(missing[0], heads, memory):
        return False
    # A topic is weaker evidence than the word itself: "forget my job" is not about the
    # wife in "My wife is a dentist" unless the description names her too.
    # The user as the subject ("I teach piano to kids") may name others in passing.
    return not (heads or weak) or people <= allowed or (
        not d.people and agents[:1] == ("self",))


def _negation_differs(d: Description, memory: MemoryWords) -> bool:
    """Does a described word stand under a negation on one side only? "that I'm very
    religious" is not "... even though I'm not very religious", "that I can whistle" not "I
    can't whistle"; a description that only names a subject ("the alcohol thing") is said
    against a memory's negation ("I don't drink alcohol") by no one."""
    for word in d.required:
        if word in d.negated:
            if _has(word, memory.stems) and not _has(word, memory.negated):
                return True
        elif d.claim and _has(word, memory.negated):
            return True
    return False


def _opposed(d: Description, memory: MemoryWords) -> bool:
    """Does the memory say the opposite of a described word and not the word itself ("that i
    work day shifts" / "I work night shifts", "my older sister" / "my younger sister")?"""
    return any(not others.isdisjoint(memory.stems) and not _has(word, memory.stems)
               for word, others in d.opposites)


def _another_doer(d: Description, memory: MemoryWords) -> bool:
    """"that my wife snores" is not "I snore so badly my wife sleeps in the spare room": the
    description has a person it names do something ("wife snores"), the memory has the user do
    it ("i snore"). Read on the words in order: the person's word right before the verb in the
    description, "i" right before the same verb in the memory."""
    if d.about_user or not d.people:
        return False
    said = [stem(w) for w in tokens(d.text)]
    people = {stem(p) for p in d.people}
    acts = {verb for person, verb in zip(said, said[1:], strict=False)
            if person in people and verb in d.required}
    return any(first == "i" and verb in acts
               for first, verb in zip(memory.sequence, memory.sequence[1:], strict=False))


_FIRST_PERSON = frozenset({"i", "im", "ive", "id", "me", "my", "mine", "we", "our", "us"})
_USER_AS_SUBJECT_WORDS = frozenset({"i", "im", "ive", "id", "we", "were", "weve"})


def _a_name_does_it(d: Description, content: str) -> bool:
    """"that i take melatonin" is not "Milo takes melatonin gummies": the memory's subject is
    someone named, with a third-person verb after it ("takes", "is"), and no first person is in
    it at all."""
    if not d.about_user or d.people or not _USER_SUBJECT.match(d.text.lower()):
        return False
    # "that i'm down to one tea a day" is not "Sam brings me fennel tea every night": the user
    # may be the named subject's object ("me", "my"), never a subject ("I", "we")
    # ("Coffee is my preferred beverage" opens with the description's own word: no name)
    found = _named_subject(content, user_as_object=True)
    return found is not None and found[0] not in _WORD_AT.findall(d.text.lower())


def _named_subject(content: str, user_as_object: bool = False) -> tuple[str, str, int] | None:
    """(first word, its third-person verb, the memory's word count) when the memory opens
    with a capitalised word and such a verb ("Milo takes ...", "Trevor uses ...") and has no
    first person in it at all (`user_as_object`: none but an object or owner, "me", "my",
    "us", "our"); else None."""
    raw = re.findall(r"[A-Za-z][A-Za-z'\u2019]*", content)
    barred = _USER_AS_SUBJECT_WORDS if user_as_object else _FIRST_PERSON
    if len(raw) < 2 or not raw[0][:1].isupper() or any(
            w.lower().replace("'", "").replace("\u2019", "") in barred for w in raw):
        return None
    verb = raw[1].lower()
    if verb in _THIRD_PERSON or verb.endswith("s") and (
            is_verb_base(verb[:-1]) or verb.endswith("es") and is_verb_base(verb[:-2])):
        return raw[0].lower(), verb, len(raw)
    return None


_THIRD_PERSON = frozenset({"is", "was", "has", "does"})
_COPULA_WORDS = frozenset({"is", "was"})


def _a_name_has_it(d: Description, content: str) -> bool:
    """"my wheelchair" is not "Trevor uses a wheelchair for anything further than the corner
    shop": the description calls a thing (no person) the user's, and the memory's subject is
    someone named who does something with it (a verb other than "is"), no first person in it."""
    if d.people or all(w in person_words() for _, w in _OWNED.findall(d.text.lower())):
        return False
    found = _named_subject(content)
    return found is not None and found[2] >= 3 and found[0] not in STOPWORDS \
        and found[1] not in _COPULA_WORDS


def _the_names_own(d: Description, content: str) -> bool:
    """"that lea has eczema" is not "Lea's little brother Max has eczema": the description has
    a name do something, and the memory says the name only as the owner of another person."""
    said = _WORD_AT.findall(d.text.lower())
    words = _WORD_AT.findall(content)
    people = person_words()
    for i, name in enumerate(said[:-1]):
        if name in STOPWORDS or name in _FIRST_PERSON or name in people \
                or said[i + 1] not in lexicon().verbs:
            continue
        mentions = [j for j, w in enumerate(words) if w[:1].isupper()
                    and w.lower().removesuffix("'s").removesuffix("\u2019s") == name]
        if mentions and all(words[j].lower().endswith(("'s", "\u2019s")) and any(
                w.lower() in people or w[:1].isupper() for w in words[j + 1:j + 4])
                for j in mentions):
            return True
    return False


def _another_name(d: Description, content: str) -> bool:
    """"that marlen sells tortillas" is not "My sister Marleny ... sells tortillas": a word of
    the description is a name of the memory only by its stem. A name takes no endings but a
    plural or possessive "s"."""
    names = _names_in(content)
    if not names:
        return False
    stems = {s for s, _, _ in d.said}
    # (a relation written with a capital is no name: "My Aunt Rosie" for "aunty rosie")
    return any(name_stem in stems and bare not in d.typed and bare not in person_words()
               for name_stem, bare, _ in names)


@text_cache(maxsize=200_000)  # as _memory_kinds: every memory of a large user
def _names_in(content: str) -> tuple[tuple[str, str, str], ...]:
    """Each name of a memory (a capitalised word inside a sentence) as (its stem, bare, folded)."""
    return tuple((stem(name.lower()), _bare(name), _folded(name)) for name in _CAPITALISED.findall(content))


def _bare(word: str) -> str:
    """"Smiths'", "Ana's" -> "smith", "ana"."""
    return word.lower().rstrip("'\u2019").removesuffix("'s").removesuffix("\u2019s").removesuffix("s")


# Where a memory's clauses meet: "I'm allergic to shellfish | so Luis does the shrimp prep".
_CLAUSE_JOINERS = frozenset({",", ";", ":", "and", "but", "so", "because", "while", "whereas", "though",
                             "although"})
_SELF_WORDS = frozenset({"i", "i'm", "im", "i've", "ive", "i'd", "we", "we're", "we've"})
_WITH_VERB = frozenset({"i'm", "im", "i've", "ive", "i'd", "we're", "we've"})
_TOKEN_OR_MARK = re.compile(r"[\w'\u2019-]+|[,;:]")


def _folded(word: str) -> str:
    """"Róisín" -> "roisin": a name as it is typed, in lower case without its accents."""
    return without_accents(word.lower())


def _clauses(content: str, verbs: frozenset[str]) -> list[tuple[set[str], list[str]]]:
    """The memory's clauses as (who each is about: "i" and the names before its verb, its
    words). A joiner ends a clause only after its verb ("My son Tom and I | play piano" is
    one); a clause with no verb of its own ("... and Marco | on weekends") shares the words
    of the clause before it."""
    out: list[tuple[set[str], list[str]]] = []
    subjects: set[str] = set()
    words: list[str] = []
    verb = False
    for token in [*_TOKEN_OR_MARK.findall(content), ","]:
        low = token.lower()
        if low in _CLAUSE_JOINERS and (verb or token in ",;:"):
            if words:
                if not verb and out:
                    out.append((subjects, out[-1][1] + words))
                else:
                    out.append((subjects, words))
            subjects, words, verb = set(), [], False
            continue
        words.append(low)
        if verb:
            continue
        if low in verbs:
            verb = True
        elif low in _SELF_WORDS:
            subjects.add("i")
            verb = low.replace("\u2019", "'") in _WITH_VERB  # "I'm", "we've": the verb is in it
        elif token[:1].isupper() and low not in STOPWORDS and not low.endswith(("'s", "\u2019s")):
            subjects.add(low)
    return out


def _said_of_another(d: Description, content: str) -> bool:
    """"that luis has a shellfish allergy" is not "I'm allergic to shellfish so Luis does the
    shrimp prep": the description is a clause whose subject is a name of the memory, and the
    memory has the described words only in clauses about someone else that do not name it."""
    spots = d.subject_spots
    if not spots or not (names := {folded for _, _, folded in _names_in(content)}):
        return False
    said = _WORD_AT.findall(d.text.lower())
    verbs = lexicon().verbs
    start = next((i for i in spots if _folded(said[i]) in names), None)
    if start is None:
        return False
    named = _folded(said[start])
    wanted = {stem(w) for w in said[start + 1:] if w not in STOPWORDS and w not in verbs}
    about_name = about_others = False
    for subjects, words in _clauses(content, verbs):
        if wanted.isdisjoint(stem(w) for w in words):
            continue
        if named in {_folded(w.removesuffix("'s").removesuffix("\u2019s")) for w in words}:
            about_name = True  # its subject or not: "that jack moved to a big bed" / "We moved Jack ..."
        elif subjects:
            about_others = True
    return about_others and not about_name


# the user is the described fact's subject: "that i take melatonin" (not "the autism
# evaluation, we got in")
_USER_SUBJECT = re.compile(r"\W*(?:that\s+)?(?:i|we)\b")


_WHAT_I_AM = re.compile(r"\bi(?:'m|\u2019m| am|m)\s+(?:a|an)\s+([a-z]+)")
_COPULAS = frozenset(stem(w) for w in ("is", "was", "are", "were"))  # as memory.sequence has them


# "my mama", "our own dad": a relative the user names as theirs.
_OWNED = re.compile(r"\b(?:my|our)\s+(?:own\s+|dear\s+|late\s+|old\s+)?(ex[\s-]+)?([a-z]+)\b")
_EX = re.compile(r"\bex\b|\bex['\u2019]s\b|\bex-[a-z]", re.I)
_EX_RELATION = re.compile(r"\bex[\s-]+([a-z]+)")
_NAME_IN = re.compile(r"\b[A-Z][a-z]+")  # a capitalised word: a name, or a sentence's first
_WORD_AT = re.compile(r"[\w'\u2019-]+")
_OTHER_OWNERS = frozenset({"his", "her", "their", "your"})


def _someone_elses(d: Description, content: str) -> bool:
    """The description's own relative or thing is someone else's in the memory, or the other
    way round: "what my mama makes me" is not "Yvette's mama makes me a pie" nor "My ex-wife's
    mama calls me son"; "my ex sings in the choir" is not "My new man Cedric sings ..." (an
    ex said on one side only); "my husband's job" is not "My ex-husband works at ..."; "that
    we lend earl our bull" is not "Earl lends us his bull". Only when every mention of the
    relative or thing in the memory is so."""
    lowered = d.text.lower()
    owned = _OWNED.findall(lowered)
    if not owned and not _EX.search(lowered):
        return False  # (most descriptions: the memory is not read again)
    named = {w.lower() for w in _NAME_IN.findall(content)} - STOPWORDS
    if _EX.search(lowered) and not _EX.search(content) \
            and named.isdisjoint(_WORD_AT.findall(lowered)):
        return True  # (not when the description names whom: "my ex shane" / "Shane owes me")
    said, written = _ex_relations(lowered), _ex_relations(content.lower())
    if said and written and said.isdisjoint(written):
        return True  # "my ex husband" is not "My ex-wife"
    words = _WORD_AT.findall(content)
    for ex, word in owned:
        relation = stem(word)
        # a relative, or a thing said as the user's: "that our bullocks get into gareth's
        # field" is not "Gareth next door's bullocks keep getting into our top field"
        thing = relation not in d.people
        if thing and not (relation in d.required and is_noun(word)
                          and relation in memory_words(content).stems):
            continue  # (the memory is read word by word only when it says the thing)
        # "the infant car seat base" is no mention of a car when the description says "car
        # seat" too: the first noun of a compound both say
        mentions = [i for i, w in enumerate(words)
                    if stem(w.lower().split("-")[-1].removesuffix("'s").removesuffix("\u2019s")) == relation
                    and not (thing and i + 1 < len(words)
                             and f"{w.lower()} {words[i + 1].lower()}" in lowered
                             and compound(w.lower(), words[i + 1].lower()))]
        if mentions and all(_owner_not_user(words, i, bool(ex))
                            and (not thing or _owned_by_another(d, words, i)) for i in mentions):
            return True
    return False


def _owned_by_another(d: Description, words: list[str], at: int) -> bool:
    """Is the thing at words[at] someone's the description names elsewhere, or his, her or
    theirs ("Gareth next door's bullocks", "his bull"), or a thing right after a name's "'s"
    ("Tunde's car" is not "my car")? "Oakwood's manager" may be the user's manager too: only
    things are read so."""
    if at and words[at - 1].lower() in _OTHER_OWNERS:
        return True
    if at and words[at - 1][:1].isupper() and words[at - 1].lower().endswith(("'s", "\u2019s")) \
            and words[at].lower() not in person_words():
        return True
    return any(w[:1].isupper() and _bare(w) in d.typed for w in words[max(0, at - 4):at])


def _ex_relations(text: str) -> set[str]:
    return {stem(word) for word in _EX_RELATION.findall(text) if word in person_words()}


def _owner_not_user(words: list[str], at: int, ex: bool) -> bool:
    """Is words[at], a relation, someone else's ("Yvette's mama", "his mum"), or the user's
    former one when the description's is not (`ex` False: "ex-husband", "ex husband")?"""
    word, before = words[at].lower(), words[at - 1].lower() if at else ""
    if before.endswith(("'s", "\u2019s")) or before in _OTHER_OWNERS:
        return True
    former = word.startswith("ex-") or before == "ex"
    return former and not ex


def _another_one(d: Description, memory: MemoryWords) -> bool:
    """"that i'm a skater myself" is not "My favourite skater is rob dryden": the description
    says the user is one, the memory names someone else who is (the noun, then "is")."""
    nouns = {stem(noun) for noun in _WHAT_I_AM.findall(d.text.lower())}
    return d.about_user and any(word in nouns and following in _COPULAS
                                for word, following in zip(memory.sequence, memory.sequence[1:],
                                                           strict=False))


def _does_what_the_agent_does(d: Description, word: str, memory: MemoryWords) -> bool:
    """"that I'm a dog walker" names "I walk dogs for a living", and "my painting days" names
    "I used to be a painter": an agent noun said as what someone is, and its verb."""
    return any(noun == word and verb in memory.stems for noun, verb in d.agents) or word in memory.doing


def _needed(d: Description) -> frozenset[str]:
    """The stems a memory must say: the required ones, else the frame words said alone."""
    return d.required or d.bag - {"<feeling>"}


def _names_things(d: Description, content: str) -> bool:
    stems = memory_words(content).stems
    things = d.things
    if any(is_plural(word, irregular=True) and stem(word) in _person_stems()
           and not _has(stem(word), stems) for _, word, _ in d.said):
        # "what my siblings do for mammy", and a memory of one sister: each sibling's memory
        # may name her, so she picks out none of them
        things = things - d.people
    return bool(things) and all(_has(w, stems) for w in things)


@lru_cache(maxsize=1)
def _person_stems() -> frozenset[str]:
    return frozenset(stem(w) for w in person_words())


# A request about a subject in general ("the stuff about the house", "what kind of music I'm
# into", "what I like to read"), not about one fact.
GENERAL = re.compile(r"\b(?:stuff|things?|everything|anything|all|kind of|sort of|type of|"
                     r"what (?:i|we) (?:like|love|enjoy|prefer|am into|m into|get up to)|"
                     # what was said about an open set: "what i said about what i watch" (not
                     # "what I said about my son": one thing, the commonest way to name it)
                     r"(?:said|told you|told u|mentioned|shared|wrote) (?:about|abt|regarding|re|on)"
                     r" (?:what|how|where|when|which|who|why))\b")
# How much nearer to the description the one match must be than every other memory. 0.1
# until round 14 (see docs/decisions.md, round 14, for what 0.2 traded on the 26 sets).
GENERAL_MARGIN = 0.2
# Words that mean several facts: a plural frame ("the hospital stuff", "the bits about
# religion", "the things about the house") or what was said about a subject ("what I said
# about the wedding"), not "the thing about my dogs" (one). Such a request asks also when
# another memory comes within BROAD_MARGIN of the match, if its own cosine is at least
# BROAD_FLOOR (a memory unrelated to the subject is no rival: round 15). Round 23, on 38
# development sets (10,703 runs): 14 of 60 wrong deletions became questions, 9 right deletions too.
# "details", "info", "matters" (fresh33, after its scoring: "my education details"): 2 more, none.
BROAD = re.compile(r"\b(?:stuff|things|bits|details|info|information|particulars|matters"
                   r"|(?:said|told you|told u|mentioned|shared|wrote) (?:about|abt|regarding|re|on))\b")
BROAD_MARGIN = 0.25
BROAD_FLOOR = 0.15

# "how much I owe", "how many kids I have": only a memory that says a quantity answers it (a
# number, a sum, a word of quantity, or how often: "every week", "for the third time").
_ASKS_AMOUNT = re.compile(r"\bhow\s+(?:much|many)\b")
_QUANTITY = re.compile(r"\d|\b(?:few|lots?|loads|several|many|much|most|plenty|half|dozens?|hundreds?"
                       r"|thousands?|millions?|couple|none|nothing|every|each|once|twice|times?"
                       r"|daily|weekly|monthly|yearly"
                       # a count in words before a noun: "one coffee a day", "two sugars"
                       r"|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+[a-z]+s?\s+"
                       r"(?:a|an|per|every|each)\s+(?:day|night|week|month|year|time))\b", re.I)
# The fact itself said as a clause: "forget that I take sweeteners", "delete the fact that my
# sister is a nurse". A memory that says a kind of the thing ("I have two sugars in my brew",
# "My twin sister is a midwife") states another fact: it is offered, not deleted. Round 25,
# on 42 development sets (12,270 runs): 7 of 54 wrong deletions went, and 9 right deletions
# became offers of the same memory ("that i like sweets": "I love candy").
STATED = re.compile(r"\b(?:forget|delete|remove|erase|wipe|scrub|drop)\s+(?:the\s+(?:fact|bit|part)\s+)?"
                    r"that\s+(?:i|i'm|im|i've|ive|i'd|my|we|we're|our|he|she|they)\b")


def _rival(d: Description, match: Candidate, candidates: Sequence[Candidate],
           asked: Asked) -> Candidate | None:
    """For a general description, the other memory whose cosine to it comes within
    GENERAL_MARGIN of the match's, if any; for a broad one, also within BROAD_MARGIN when
    its cosine is at least BROAD_FLOOR."""
    general, broad = asked.general or GENERAL.search(d.text.lower()) is not None, asked.broad
    if match.cosine <= 0 or not (general or broad):
        return None  # (no cosine known: candidates made without the embedder)
    others = [c for c in candidates if c.id != match.id]
    best = max(others, key=lambda c: c.cosine, default=None)
    if best is None:
        return None
    near = general and best.cosine >= match.cosine - GENERAL_MARGIN
    return best if near or broad and best.cosine >= max(match.cosine - BROAD_MARGIN, BROAD_FLOOR) else None


def _holds_several(d: Description, content: str) -> bool:
    """Does the memory name two things or more of the plural's kind ("which instruments I
    play": "I play the piano and guitar")? Then it is what the plural names."""
    return sum(1 for w in set(content_words(content)) if not kinds_of(w).main.isdisjoint(d.required)) > 1


def _unknown_word(content: str) -> bool:
    """Does the memory name something by a word that neither WordNet nor the concept list
    knows ("My moggy Smudge", "my frenchie called Bo")?"""
    return any(not is_known(w) and w not in _listed() for w in _NAMED.findall(content))


def _said_otherwise(d: Description, word: str, memory: MemoryWords) -> str | None:
    """The memory's word that names what the description's `word` does in other words
    ("my boy" / "a son", "alsatian" / "german shepherd": wordsense.same_thing), or None."""
    acted = next((s for s, others in d.acts if s == word and not others.isdisjoint(memory.stems)),
                 None)
    if acted is not None:
        return acted
    return next((m for s, w, same in d.said
                 # most memories have no word for it either way: not looked at word by word
                 if s == word and (s in memory.same or not same.isdisjoint(memory.stems))
                 # "us" is no United States ("forget america": "my kids visit us")
                 for m in memory.nouns if m not in STOPWORDS and same_thing(w, m)), None)


def _group(word: str) -> bool:
    topic = topics().get(stem(word))
    return topic is not None and topic.group


@lru_cache(maxsize=1)
def _only_realised() -> frozenset[str]:
    return frozenset(noun for noun, topic in topics().items() if topic.only_realised)


@lru_cache(maxsize=1)
def _apart() -> frozenset[str]:
    """Stems that a description keeps as words of their own rather than join into a noun
    of two ("football team", "street name"): topic nouns and frame words."""
    return frozenset(topics()) | _SOFT


def _free_modifier(word: str, heads: list[Topic], memory: MemoryWords) -> bool:
    """"football" in "my football team", against "I support Rapid Vienna": a word listed
    as a `modifier` of a topic the memory realised may be left unsaid when the memory
    states no other modifier of it: "my football team" is never "I support the Lakers
    basketball team", and "tea" is no modifier of "work" ("my tea at work" is not "I'm a
    civil engineer")."""
    return any(word in t.modifiers and t.modifiers.isdisjoint(memory.sequence) for t in heads)


@lru_cache(maxsize=1)
def _modifiers() -> frozenset[str]:
    return frozenset(w for t in topics().values() for w in t.modifiers)


def forget_cached_memories(texts: Iterable[str] | None = None) -> None:
    """Drop these memories (all when None) from the per-memory cache: it holds their text."""
    if texts is None:
        memory_words.cache_clear()
        _memory_kinds.cache_clear()
        _names_in.cache_clear()
    else:
        texts = list(texts)
        memory_words.discard(texts)
        _memory_kinds.discard(texts)
        _names_in.discard(texts)
