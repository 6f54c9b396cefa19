"""Removal requests recognised by their shape: a removal verb (iris/removal.py: any spelling,
"frget", "forgetthe") or a request to stop keeping something ("don't remember X anymore",
"no need to remember X", "i dont want u to remember X", "stop remembering X"), then a short
object. `removal_request` reads them for the router and the pipeline:

    "forget rahul pls"                  -> RemovalRequest("rahul", routed=True)
    "i dont want u to remember my job"  -> RemovalRequest("my job", routed=True)
    "scrap the bit about dev"           -> RemovalRequest("dev", routed=True)
    "erase cardiff" (a forget verb)     -> RemovalRequest("cardiff", routed=True)
    "remove softball"                   -> RemovalRequest("softball", routed=False)
    "get rid of biscuit"                -> RemovalRequest("biscuit", routed=False, as_name=True)
    "remove the milk", "delete herbert the tortoise", "drop the thursday lessons"
                                        -> probed (routed=False): the milk both know of
    "dont remember the wine stuff"      -> RemovalRequest("wine", routed=True)
    "forget what the missus does for work", "okay um forget how i get to work",
    "would you mind forgetting that i was adopted"
                                        -> routed: a clause with a subject, its prepositions
                                           the fact's own ("for work", "to work")
    "remove oat milk", "delete my 3pm meeting", "forget the alarm", "forget it"  -> None

`routed`: the request goes to forget_memory, which deletes on evidence or answers that it
found nothing. Not routed: "delete", "remove" and the like are also what a user says to
lists, calendars and alarms, so a bare object after them is only looked up by its own words
(`Pipeline._probe`): it deletes the one memory that holds every word, and otherwise the turn
goes to the host untouched; a bare shopping item after such a verb ("remove eggs", "get rid
of biscuit") only when a memory holds it as a name ("My dog Biscuit"). A weekday is read
beside another word ("the thursday lessons"), never alone. An object that names
something a host keeps (an alarm, a list, an email, a meeting), the conversation ("my
previous message"), a time ("tomorrow") or ties itself to something else ("from my list",
"for work") is never a removal request."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from iris.removal import LEAD_IN, after_lead_in, read_removal, removal_verbs
from iris.store.forget_all import YOU_HOLD
from iris.store.kinds import is_noun, kinds_of
from iris.store.synonyms import regular_bases
from iris.text import is_weekday, mentions_time, plain, stem, words

# A lead-in is one when a request follows it: in "hey iris" the last word is what was said.
_POLITE = re.compile(rf"{LEAD_IN}(?=\S)")
_OUT_OF = re.compile(r"\b(?:from|off|out of) (?:my|the|our|your|this|that)\b")
# "remove the house viewing from my diary": the place something is removed from. Only these
# places are the assistant's memory; any other (a diary, a planner, a basket) is a host's.
_PLACE = re.compile(r"\b(?:from|off|out of) (?:my|the|our|your|ur|this|that)"
                    r"(?: [a-z]+){0,2} (?P<place>[a-z]+)$")
_MEMORY_PLACES = frozenset("memory memories mind head brain records profile".split())
_THE = r"(?: (?P<the>the|that|this|those|these))?"
_FRAME = r" (?:thing|things|bit|part|stuff|info|note|memory|fact)s? (?:about|on|of|with)"
_SUFFIX = r" (?:thing|things|stuff|bit|memory|note|fact)"
_ONE = r" one"
# "whatever you've got on our cars", "what u know about my kiddos": what the assistant holds,
# so the object may name the user, as in a request to stop keeping something.
# ("delete everything on the menu" is a list's: the assistant must be named.)
_HELD = (rf" (?:what|whatever|everything|anything|all) {YOU_HOLD}"
         r" (?:about|abt|bout|on|of|regarding|re)")
_TRAILER = r"(?: (?:please|pls|plz|now|too|as well|thanks|thx|for me))*"
_AGAIN = r"(?: (?:anymore|any more|no more|any longer))?"
_WHAT = r" (?P<what>[a-z0-9][a-z0-9 ]{0,60}?)"
# "no need to remember X", "i dont want u to remember X", "stop remembering X": the request
# says what it is about, so the object may name the user ("my job").
_KEEPING = r"(?:remember|keep|store|save|know|hold on to)(?:ing)?"
_AGAIN_AT_END = r"(?=.* (?:anymore|any more|no more|any longer)$)"
# "dont remember the wine stuff": without "anymore", only an object framed as information is
# a request ("dont remember my password" is the user's own lapse).
_DONT_KEEP = r"(?:dont|do not) (?:remember|keep|store|save)"
_STOP_KEEPING = (rf"(?:{_DONT_KEEP}{_AGAIN_AT_END}"
                 r"|(?:(?:there is |theres )?no need (?:for (?:you|u) )?to"
                 r"|(?:you|u) (?:dont|do not) (?:need|have) to"
                 r"|(?:i|we) (?:dont|do not|no longer) (?:want|need) (?:you|u)(?: to)?|stop|no longer) "
                 + _KEEPING + ")")
# A word as `plain` sees it, in the original spelling ("I'll" is plain's "ill").
_WRITTEN = re.compile(r"[A-Za-z0-9]+(?:['\u2019]+[A-Za-z0-9]+)*")
# Between the verb and the object's last word: what ends a clause ("forget rahul, thanks"
# is fine: the courtesy follows the object).
_CLAUSE_BREAK = re.compile(r"[,;:!?()\u2013\u2014]|\.\s|\s-\s")
MAX_CHARS = 120  # a longer message says more than what to remove
MAX_WORDS = 4  # an object of a removal verb
MAX_KEEPING_WORDS = 6  # an object after "don't remember ... anymore"
MAX_UNFRAMED_WORDS = 3  # a bare object of a `remove` verb ("delete herbert the tortoise")
MAX_QUOTED_WORDS = 8  # a quoted object of a forget verb ("forget 'green tea in the morning'")
MAX_CLAUSE_WORDS = 8  # a clause after a forget verb ("forget where we go on vacation")
_QUOTES = ("'", '"', "\u2018", "\u2019", "\u201c", "\u201d")
# A pointer, or words that tie the object to something else ("the alarm for work", "fries
# from my list"): not a memory's own words.
_NOT_NAMED = frozenset("""it that this them those these one everything anything something all
me myself you yourself him her us my your our from for in on at to with and or of by off""".split())
# Inside a request to stop keeping something the user may be named ("my job", "that i smoke").
_POINTERS = frozenset("it this them those these one everything anything something all".split())
_SAYING = frozenset("asked ask said say mentioned told ever just even".split())
# "forget what the missus does for work", "forget that i am working in a gas station": a
# clause with a subject after a forget verb states a fact, so its prepositions ("for work",
# "in", "to") are the fact's own, not ties to a host's thing, and it may be longer than an
# object. A wh-word stays in the object: "where" asks the memory for a place (forget.py).
_CLAUSE_OPENERS = r"what|where|how|who|whom|which|when|why|whether"
_CLAUSE_SUBJECTS = r"i|im|ive|id|we|were|my|our|he|she|they|his|her|their|the"
_CLAUSE = rf" (?P<what>(?:{_CLAUSE_OPENERS}) (?:{_CLAUSE_SUBJECTS}) [a-z0-9][a-z0-9 ]{{0,80}}?)"
_THAT_CLAUSE = rf" (?P<the>that) (?P<what>(?:{_CLAUSE_SUBJECTS}) [a-z0-9][a-z0-9 ]{{0,80}}?)"
# Words that name no memory on their own ("forget the thing about the stuff").
_VAGUE = _POINTERS | frozenset("""the a an thing things stuff bit bits part info memory memories
fact facts note notes""".split())
# What an assistant's host keeps and a user removes there, not in memory ("remove the alarm",
# "delete that email").
_HOST_OBJECTS = frozenset(stem(w) for w in """alarm reminder timer list item task todo event
appointment meeting calendar schedule contact email mail message text notification song track
playlist album podcast app file folder document photo picture video account subscription order
booking reservation cart chat conversation history call voicemail widget bookmark tab party lunch
dinner breakfast name number line row page command setting wishlist""".split())
# What a shopping list holds (as WordNet kinds, in any sense): "remove eggs" is the host's.
_GROCERIES = frozenset(stem(w) for w in "food foodstuff beverage drink produce".split())


@lru_cache(maxsize=1)
def _vague() -> frozenset[str]:
    """ "what i just said", "that": objects that dismiss the conversation (lexicon.yaml)."""
    return frozenset(" ".join(p.split()) for p in words().raw["vague_descriptions"])


@dataclass(frozen=True)
class RemovalRequest:
    object: str  # what to forget, as the message writes it
    routed: bool  # True: forget_memory answers; False: only a memory holding every word goes
    as_name: bool = False  # only a memory holding the object as a name goes (a shopping item)


@lru_cache(maxsize=1)
def _shapes() -> tuple[tuple[re.Pattern[str], str], ...]:
    """(pattern, how) in the order tried; how: "keeping", "held", "framed", "forget", "clause" or
    "remove"."""
    verbs = removal_verbs()
    forget_verbs = [v for v, kind in verbs.items() if kind == "forget"]
    # "would you mind forgetting that i was adopted": after "mind" the verb is a gerund.
    forget = "|".join([*forget_verbs, *(f"(?:do (?:you|u) )?mind {g}" for g in _gerunds(forget_verbs))])
    remove = "|".join([*(v for v, kind in verbs.items() if kind == "remove"), "get rid of"])
    framed = "|".join(v for v, kind in verbs.items() if kind == "framed")
    any_verb = f"{forget}|{remove}|{framed}|{_DONT_KEEP}"
    # "take the grilling thing out of ur memory", "remove my sister from your memory": the
    # place says it is the assistant's memory, so the object may name the user, and "take"
    # and "get" remove too.
    out = rf"(?:{any_verb}|take|get)"
    place = rf" (?:from|out of|off) (?:your|ur) (?:{'|'.join(sorted(_MEMORY_PLACES))})"
    return (
        (re.compile(rf"{LEAD_IN}{out}{_THE}{_FRAME}{_WHAT}{place}{_TRAILER}"), "held"),
        (re.compile(rf"{LEAD_IN}{out}{_THE}{_WHAT}{_SUFFIX}{place}{_TRAILER}"), "held"),
        (re.compile(rf"{LEAD_IN}{out}{_THE}{_WHAT}{place}{_TRAILER}"), "held"),
        (re.compile(rf"{LEAD_IN}{_STOP_KEEPING}{_THE}{_WHAT}{_AGAIN}{_TRAILER}"), "keeping"),
        (re.compile(rf"{LEAD_IN}(?:{any_verb}){_HELD}{_WHAT}{_TRAILER}"), "held"),
        (re.compile(rf"{LEAD_IN}(?:{any_verb}){_THE}{_FRAME}{_WHAT}{_TRAILER}"), "framed"),
        (re.compile(rf"{LEAD_IN}(?:{any_verb}){_THE}{_WHAT}{_SUFFIX}{_TRAILER}"), "framed"),
        # "forget the sewing one": a one that stands for a memory. After a remove verb it is
        # as often a list's or a photo's ("delete the blue one"), so that is not read.
        (re.compile(rf"{LEAD_IN}(?:{forget}){_THE}{_WHAT}{_ONE}{_TRAILER}"), "forget"),
        (re.compile(rf"{LEAD_IN}(?:{forget}){_CLAUSE}{_TRAILER}"), "clause"),
        (re.compile(rf"{LEAD_IN}(?:{forget}){_THAT_CLAUSE}{_TRAILER}"), "clause"),
        (re.compile(rf"{LEAD_IN}(?:{forget})(?: about)?{_THE}{_WHAT}{_TRAILER}"), "forget"),
        (re.compile(rf"{LEAD_IN}(?:{remove}){_THE}{_WHAT}{_TRAILER}"), "remove"),
    )


def _gerunds(verbs: list[str]) -> list[str]:
    """The -ing forms of `verbs` ("forget" -> "forgetting", "erase" -> "erasing"): the
    spellings a regular inflection reads back as the verb."""
    return [g for v in verbs for g in dict.fromkeys((f"{v}ing", f"{v[:-1]}ing", f"{v}{v[-1]}ing"))
            if v in regular_bases(g)]


def removal_request(text: str) -> RemovalRequest | None:
    """The object of a short request to forget or remove something, or None (see above)."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return None
    # Not cached: a request repeats a memory's words, which must not outlive it.
    read = read_removal(text)
    flat = plain(read)
    for pattern, how in _shapes():
        match = pattern.fullmatch(flat)
        if match is not None:
            what = match.group("what").split()
            found = list(_WRITTEN.finditer(read))
            if len(found) != len(flat.split()):  # plain read a word differently: no guess
                return None
            first, last = (n := len(flat[:match.start("what")].split())), n + len(what) - 1
            if _CLAUSE_BREAK.search(read[found[first - 1].end():found[last].end()]):
                return None  # "forget that, let's talk about dogs": two clauses
            said = read[found[first].start():found[last].end()]
            quoted = read[:found[first].start()].rstrip().endswith(_QUOTES) \
                and read[found[last].end():].lstrip().startswith(_QUOTES)
            return _request(what, how, said, definite=match.groupdict().get("the") == "the",
                            quoted=quoted)
    return None


def without_lead_in(text: str) -> str | None:
    """The request after a polite lead-in ("can u forget what i do for a living" -> "forget
    what i do for a living"), or None when there is none."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return None
    flat = plain(text)
    polite = _POLITE.match(flat)
    if polite is None or not 0 < polite.end() < len(flat) or _OUT_OF.search(flat):
        return None  # "please remove dallas from my travel itinerary": the host's container
    return flat[polite.end():]


# "forget" is said to an assistant's memory more than to a list or a calendar: a "forget ..."
# that the shapes above leave to the host (a time in it: "forget how long ive been gas safe")
# is still looked up by its description (Pipeline._probe), and so is a removal framed as being
# of a memory ("delete the bit about how many years ive been doing hair", "remove what i told
# you about my line of work"). Not erase or wipe, said of whiteboards and phones too.
_DESCRIBED_VERB = re.compile(
    r"(?:forget|unlearn|unremember)(?: about| abt| bout)?\s+(?=\S)"
    r"|(?:delete|remove|scrap|drop|erase|wipe|bin|ditch|lose|get rid of)\s+"
    r"(?=(?:the|that|this) (?:bit|thing|part|stuff|info|note|memory|fact|comment)s?"
    r" (?:about|abt|on|where|that)\s|what (?:i|we) (?:said|told you|told u|mentioned|wrote)\b)", re.I)


def described_removal(text: str) -> str | None:
    """The description in such a request, or None: also for "don't forget to ..." (no verb
    first), a second clause ("forget the meeting with tomas, it got cancelled") or an object
    ending in a host's thing ("forget the alarm", "forget my 3pm meeting")."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return None
    request = after_lead_in(read_removal(text)).strip()
    verb = _DESCRIBED_VERB.match(request)
    what = request[verb.end():].rstrip(" ?.!") if verb else ""
    if not what or any(mark in what for mark in ",;:") \
            or stem(plain(what).rsplit(" ", 1)[-1]) in _HOST_OBJECTS:
        return None
    return what


def names_host_thing(text: str) -> bool:
    """Whether `text` is a short request with a remove verb whose object names something a
    host keeps ("delete my pottery class booking", "remove the alarm") or a place other than
    the assistant's memory it is taken from ("remove the house viewing from my diary"), and no
    memory ("delete memory number 12"): the host's, whatever a model makes of its other words.
    ("forget my sister's name" is the user's.)"""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return False
    flat = plain(read_removal(text))
    for pattern, how in _shapes():
        match = pattern.fullmatch(flat)
        if match is not None:
            what = match.group("what").split()
            place = _PLACE.search(match.group("what"))
            # "delete that i sing disney songs": a clause about the user, whose words (songs)
            # are not what is deleted.
            fact = match.groupdict().get("the") == "that" and what[0] in words().raw["fact_subjects"]
            return how == "remove" and _VAGUE.isdisjoint(what) \
                and ((not fact and any(stem(w) in _HOST_OBJECTS for w in what))
                     or (place is not None and place.group("place") not in _MEMORY_PLACES))
    return False


def _request(what: list[str], how: str, said: str, definite: bool = False,
             quoted: bool = False) -> RemovalRequest | None:
    """The request when `what` can name a memory after a request of shape `how` (`definite`:
    after "the"; `quoted`: written in quotes)."""
    if quoted and how != "remove" and len(what) <= MAX_QUOTED_WORDS and not set(what) <= _VAGUE:
        # "forget 'green tea in the morning'": the user quotes what was kept, so its words
        # (a time, a preposition) are the memory's own; forget_memory matches it on evidence.
        return RemovalRequest(said, routed=True)
    keeping = how in ("keeping", "held", "clause")
    limit = {"clause": MAX_CLAUSE_WORDS}.get(how, MAX_KEEPING_WORDS if keeping else MAX_WORDS)
    if not what or len(what) > limit:
        return None
    if set(what) <= _VAGUE or not (_POINTERS if keeping else _NOT_NAMED).isdisjoint(what) \
            or " ".join(what) in _vague():
        return None
    subject = what[1:] if how == "clause" and re.fullmatch(_CLAUSE_OPENERS, what[0]) else what
    if subject[0] in ("i", "we") and subject[1:2] and subject[1] in _SAYING:
        return None  # "forget (what) i asked about the weather" dismisses the conversation
    conversation = words().raw["conversation_words"]
    if any(stem(w) in _HOST_OBJECTS or w in conversation for w in what):
        return None
    # An object may name the day a habit is kept on ("drop the thursday lessons", "forget the
    # wednesday volunteering"): the memory must then hold the day too (a probe's words all,
    # a routed description's by forget_memory's evidence). A day alone, or any other time, is
    # a calendar's.
    dated = [w for w in what if not is_weekday(w)]
    if not dated or mentions_time(" ".join(dated)):
        return None
    if how != "remove":
        return RemovalRequest(said, routed=True)
    if len(what) > MAX_UNFRAMED_WORDS:
        return None
    # A list names its items bare ("remove milk", "remove oat milk"); "remove the milk" points
    # at a milk the user and the assistant know of, such as a memory's.
    # "pickles the hamster" is a hamster: a name in apposition is no grocery.
    head = what[what.index("the") + 1:] if "the" in what[1:-1] else what
    grocery = not definite and any(not kinds_of(w).any.isdisjoint(_GROCERIES) for w in head)
    if grocery and len(what) > 1:
        return None  # "remove oat milk": a shopping list's
    return RemovalRequest(said, routed=False, as_name=grocery)


# The object said first and taken up by a pronoun after the verb ("the treehouse thing, forget
# it", "my knee problem, pls forget it", "the fake rock by the door. forget it pls"): the request
# "forget the treehouse thing". Not after a question, nor with a clause after the pronoun ("ya
# no trabajo ahí, forget that i work nights" says its own object), nor when the first part is a
# request of its own ("remind me to call mum, actually forget it" takes that request back).
_FRONTED = re.compile(
    rf"(?P<what>[^?!]{{3,100}}?)\s*(?:[,.;:\u2026]+|\s-)\s*{LEAD_IN}"
    r"(?P<verb>forget|delete|remove|scrap|bin|ditch|erase)\s+(?:about\s+)?"
    r"(?:(?P<person>him|her)|(?:it|that|them|this|those|em)(?:\s+(?:one|bit|part))?"
    r"|(?P<said>what\s+i\s+(?:said|told\s+(?:you|u)|mentioned))"
    r"|(?:that\s+)?i\s+(?:said|told\s+(?:you|u)|mentioned)(?:\s+(?:it|that|this))?)"
    r"(?:[\s,.]+(?:pls|please|plz|thanks|thx|ta|now|too|for me|(?:from|off) (?:ur|your) (?:memory|list)))*"
    r"[\s.!]*", re.I)
# ... and a first part of one word, or one that opens as talk or a clause does ("nah, forget it",
# "you know what, forget it", "never mind, delete it", "i no longer need milk, so forget that"),
# is the conversation's, not an object.
_NOT_AN_OBJECT = frozenset("""
remind please pls can could will would dont do actually never nevermind nvm no nope nah yes ok okay
you u oh ah um uh hmm sorry whatever meh fine hello hi hey well so anyway right lol ugh just and but
i im ive id we he she they it its theres there
""".split())


def fronted_removal(text: str) -> str | None:
    """"forget the treehouse thing" for "the treehouse thing, forget it"; None for any other
    text."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return None
    found = _FRONTED.fullmatch(read_removal(text).strip())
    if found is None:
        return None
    what = found.group("what").strip()
    said = plain(what).split()
    # one word is an object only as a person ("maisie, forget her") or a thing said about
    # ("names - forget what i told you"); "nah, forget it" is talk
    one = found.group("person") or (found.group("said") and is_noun(said[0]))
    if len(said) < (1 if one else 2) or said[0] in _NOT_AN_OBJECT or said[0] in words().verbs:
        return None
    if found.group("said"):  # what was said about it: maybe several facts
        return f"{found.group('verb').lower()} what i said about {what}"
    return f"{found.group('verb').lower()} {what}"
