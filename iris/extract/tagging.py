"""Type and category of a fact (`tag`), from a small lexicon, not a trained model: there is
no labelled data for categories, the labels are a handful of topical word lists a reader can
check and extend, and a lexicon is deterministic and free at import time."""

from __future__ import annotations

import re

from iris.types import MAX_CONTENT_CHARS, MemoryItem, MemoryType

_MONTHS = (r"(?:january|february|march|april|may|june|july|august|september|october"
           r"|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)")
_RELATIONS = (r"(?:wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|mom|mother|mum"
              r"|dad|father|parents?|sisters?|brothers?|siblings?|sons?|daughters?|kids?"
              r"|children|child|babies|baby|grand\w+|aunts?|uncles?|cousins?|nieces?|nephews?"
              r"|friends?|best friend|boss|co-?workers?|colleagues?|roommates?|neighbou?rs?"
              r"|family|in-laws?|twins?)")

# Checked in order; the first that matches gives the type.
_TYPE_RULES: list[tuple[MemoryType, re.Pattern[str]]] = [
    ("goal", re.compile(
        r"\b(?:want(?:s)? to|wanna|plan(?:ning)? to|hop(?:e|ing) to|dream(?:s|ing)? (?:of|to|is)"
        r"|my (?:dream|goal|ambition)|goals?\b|aim(?:ing)? to|aspir\w+|would (?:like|love) to"
        r"|someday|one day|trying to|saving (?:up |money )?for|working towards?|when i grow up"
        r"|wish to|intend to|going to (?:learn|start|become|be|run|get)|bucket list)", re.I)),
    ("decision", re.compile(
        r"\b(?:decided|i(?:'ve| have)? chosen|chose to|from now on|no longer|i quit|quitting"
        r"|switch(?:ed|ing)? to|i will (?:stop|start|never)|i'll (?:stop|start|never)"
        r"|made up my mind|resolved to|committed to|gave up|giving up)\b", re.I)),
    ("preference", re.compile(
        r"\b(?:like|likes|liked|love|loves|loved|enjoy|enjoys|prefer|prefers|preferred"
        r"|hate|hates|dislike|dislikes|can'?t stand|cannot stand|favou?rite|fan of|adore"
        r"|despise|detest|rather|passion|obsessed with|into|fond of|crazy about|not a fan"
        r"|my go-to)\b", re.I)),
    ("event", re.compile(
        rf"\b(?:anniversary|birthday|wedding|graduat\w+|funeral|yesterday|tomorrow|tonight"
        rf"|last (?:week|month|year|night|summer|winter)|next (?:week|month|year|summer)"
        rf"|recently|got (?:married|engaged|divorced|promoted|fired|hired)|just (?:moved|got|had)"
        rf"|was (?:born|fired|hired|promoted)|{_MONTHS} \d{{1,2}}(?:st|nd|rd|th)?"
        rf"|\d{{1,2}}(?:st|nd|rd|th)? (?:of )?{_MONTHS}|in (?:19|20)\d\d)\b", re.I)),
    ("relationship", re.compile(
        rf"\b(?:(?:my|our) {_RELATIONS}|married|divorced|engaged|single|dating"
        rf"|i have (?:a|an|one|two|three|four|five|\d+) \w* ?{_RELATIONS})\b", re.I)),
    ("pattern", re.compile(
        r"\b(?:always|usually|often|every (?:day|morning|night|evening|week|weekend|year|month"
        r"|summer|winter|sunday|monday|tuesday|wednesday|thursday|friday|saturday)|daily"
        r"|weekly|nightly|each (?:day|morning|week)|tend to|habit|routinely|most days"
        r"|on weekends|regularly|never|twice a|once a|times a)\b", re.I)),
]

# Category -> words. The category with the most hits wins; ties go to the earlier one.
_CATEGORY_WORDS: dict[str, str] = {
    "health": r"allerg\w*|asthma|diabet\w*|doctor|medication\w*|medicine|surgery|sick|ill"
              r"|illness|disease|cancer|blood|pain|injur\w*|therap\w*|hospital|pregnan\w*"
              r"|disab\w*|blind|deaf|depress\w*|anxiety|anxious|transplant|heart|diet"
              r"|gluten|lactose|intoleran\w*|vegan|vegetarian|sober|alcohol|smok\w*"
              r"|weight|overweight|exercise|workout|gym|fitness|healthy|health|migraines?"
              r"|sleep|insomnia|broken|condition|symptoms?|glasses|contacts",
    "food": r"food|foods|eat|eats|eating|ate|cook\w*|bak\w*|cookies?|burgers?|cheeseburgers?"
            r"|hamburgers?|pizza|tacos?|sushi|pasta|shellfish|seafood|fish|chicken|meat|beef"
            r"|pork|steak|chocolate|candy|sweets?|dessert|cake|ice cream|coffee|tea|wine|beer"
            r"|drinks?|drinking|beverage|restaurants?|cuisine|dinner|lunch|breakfast|snacks?"
            r"|fruit|vegetables?|spicy|salad|bread|cheese|hummus|donuts?|fries|soda|juice"
            r"|vegan|vegetarian|recipes?|chef|kitchen|peanuts?|nuts|dairy|eggs?|milk|spaghetti",
    "travel": r"travel\w*|trips?|flights?|fly|flying|airports?|airlines?|window seats?"
              r"|aisle seats?|seats?|vacations?|holidays?|hotels?|passport|abroad|visit\w*"
              r"|tour\w*|cruise|backpack\w*|road trips?|disney\s?\w*|countries|world",
    "pets": r"pets?|dogs?|cats?|pupp(?:y|ies)|kittens?|hamsters?|rabbits?|bunn(?:y|ies)"
            r"|horses?|parrots?|birds?|goldfish|turtles?|snakes?|lizards?|ferrets?"
            r"|german shepherd|labrador|poodle|retriever|vet",
    "family": r"wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|mom|mother|mum"
              r"|dad|father|parents?|sisters?|brothers?|siblings?|sons?|daughters?|kids?"
              r"|children|child|baby|babies|grand\w+|aunts?|uncles?|cousins?|nieces?"
              r"|nephews?|family|married|divorced|anniversary|wedding|in-laws?|twins?"
              r"|relatives?",
    "work": r"work\w*|jobs?|career|company|boss|office|employ\w*|colleagues?|co-?workers?"
            r"|manager|business|clients?|salary|hired|fired|retired|profession\w*|nurse"
            r"|teacher|engineer|developer|programmer|lawyer|doctor|accountant|shift"
            r"|occupation|startup|intern\w*|promot\w*|volunteer\w*|postal|industry",
    "education": r"school|college|university|degree|stud\w*|class(?:es)?|major\w*|graduat\w*"
                 r"|students?|teachers?|exams?|courses?|phd|masters?|homework|learn\w*"
                 r"|languages?|spanish|french|german|chinese|english|yale|harvard|tutor\w*",
    "hobbies": r"hobb(?:y|ies)|play\w*|guitar|piano|violin|drums|instruments?|music\w*"
               r"|sing\w*|danc\w*|paint\w*|draw\w*|read\w*|books?|novels?|writ\w*|knit\w*"
               r"|sew\w*|garden\w*|hik\w*|camp\w*|fish\w*|hunt\w*|climb\w*|ski\w*|surf\w*"
               r"|swim\w*|run\w*|marathons?|cycl\w*|bik\w*|sports?|football|soccer|basketball"
               r"|baseball|hockey|tennis|golf|yoga|games?|gaming|video games|movies?|films?"
               r"|tv|shows?|series|anime|photograph\w*|collect\w*|chess|puzzles?|crafts?"
               r"|concerts?|bands?|festival\w*|documentar\w*|podcasts?|netflix|streaming",
    "location": r"live|lives|living|lived|moved|move|from|grew up|born in|hometown|city"
                r"|town|country|state|apartment|house|home|neighbou?rhood|address|street"
                r"|downtown|suburbs?|farm|rural",
    "finance": r"money|salary|income|debt|loans?|mortgage|savings?|save|saving|invest\w*"
               r"|stocks?|crypto\w*|bitcoin|budget|bank\w*|rent|bills?|credit|taxes|wealthy"
               r"|rich|poor|afford|expensive|cheap|pay|paid|finance\w*|retirement",
    "appearance": r"hair|eyes|tall|short|height|tattoos?|piercings?|beard|skin|wear\w*"
                  r"|clothes|dress\w*|jeans|shoes|style",
}
_CATEGORY_PATTERNS = {name: re.compile(rf"\b(?:{words})\b", re.I)
                      for name, words in _CATEGORY_WORDS.items()}


def memory_type(content: str) -> MemoryType:
    # Longer content fails validation as a memory anyway; reading only this much keeps a
    # 40 KB "fact" from costing half a second in these word lists.
    content = content[:MAX_CONTENT_CHARS]
    for name, pattern in _TYPE_RULES:
        if pattern.search(content):
            return name
    return "fact"


def category(content: str) -> str:
    content = content[:MAX_CONTENT_CHARS]
    scores = {name: len(p.findall(content)) for name, p in _CATEGORY_PATTERNS.items()}
    best = max(scores.values())
    if best == 0:
        return "personal"
    return next(name for name, score in scores.items() if score == best)


def tag(content: str) -> MemoryItem:
    """One fact as a MemoryItem with a type and category from the lexicon above.
    Raises pydantic's ValidationError when `content` cannot be a memory (empty, too long)."""
    return MemoryItem(content=content, type=memory_type(content), category=category(content))

