"""The fast path's phrase data (intents/fastpath/: triggers.yaml, lexicon.yaml), compiled once
per folder: the trigger phrases as two word tries (from the start of a message, and reversed
from its end), the prefilter regex, and the word lists the direct handler
(iris/direct/handler.py) reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml

from iris import text as english
from iris.errors import ConfigError
from iris.text import norm_words

# A trigger word of at least this many letters tolerates typos ("remeber", "memroy"); shorter
# ones must be exact, or "not that" would read as "note that".
FUZZY_MIN_LEN = 6
# fuzz.ratio of a word against a trigger word: "rember"/"remember" is 86, "memroy"/"memory" 83.
TYPO_CUTOFF = 80.0
# Longer messages need judgement (and tokenising them is wasted work).
MAX_CHARS = 500
MAX_FACT_WORDS = 40
MAX_FORGET_WORDS = 20
MAX_TOPIC_WORDS = 6

# Real words that sit within typo distance of a trigger word but mean something else. Every
# word of every trigger phrase is added too: "memories" is not a typo of "memorize".
NOT_TYPOS = frozenset({"forgot", "forgotten", "forged", "remind", "reminds", "reminded",
                       "member", "members", "memo", "memos", "memoir", "memoirs", "memorial",
                       "memorable", "nothing", "notes", "noted", "saved", "stored", "deleted",
                       # found by matching the words of CLINC150 and the persona facts:
                       "long", "lounge", "forest", "fort", "storey", "community", "pleasure",
                       "furniture", "depleted", "preference", "preferences"})


def phrase_regex(phrases: list[str]) -> re.Pattern[str]:
    """One regex that finds any of `phrases` in normalised text. Plain literals, no
    IGNORECASE: Python's re is several times faster on them."""
    longest_first = sorted({" ".join(norm_words(p)) for p in phrases}, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, longest_first)) + r")\b")


# Forms whose phrase is followed by the fact's own subject ("remember my ...").
SUBJECT_FORMS = frozenset({"subject", "subject_about_user"})


@dataclass(frozen=True)
class Trigger:
    phrase: str  # normalised words joined by spaces
    action: Literal["store", "list", "forget"]
    form: str  # what follows the phrase; see triggers.yaml


@dataclass
class Node:
    children: dict[str, Node] = field(default_factory=dict)
    fuzzy: list[str] = field(default_factory=list)  # children long enough to allow typos
    trigger: Trigger | None = None


def insert(root: Node, words: tuple[str, ...], trigger: Trigger) -> None:
    node = root
    for word in words:
        if word not in node.children:
            node.children[word] = Node()
            if len(word) >= FUZZY_MIN_LEN:
                node.fuzzy.append(word)
        node = node.children[word]
    if node.trigger is not None and node.trigger != trigger:
        raise ValueError(f"trigger {' '.join(words)!r} is defined twice "
                         f"({node.trigger.action}/{node.trigger.form} and {trigger.action}/{trigger.form})")
    node.trigger = trigger


@dataclass(frozen=True)
class Match:
    trigger: Trigger
    end: int  # one past the phrase's last word index
    score: float


class Lexicon:
    """Everything loaded from intents/fastpath, compiled once per folder."""

    def __init__(self, folder: Path):
        triggers = english.read_yaml(folder / "triggers.yaml")
        self.words = english.words(folder)
        lexicon = self.words.raw
        stems = set(lexicon["prefilter_stems"])
        not_typos = set(NOT_TYPOS)
        self.prefix = Node()
        self.ending = Node()  # built from reversed phrases, walked from the end
        forms = {
            ("store", "fact_follows"): "fact", ("store", "fact_about_user_follows"): "fact_about_user",
            ("store", "subject_follows"): "subject",
            ("store", "subject_about_user_follows"): "subject_about_user", ("store", "ending"): "ending",
            ("list", "about_user"): "topic", ("list", "topic_about_user"): "topic_about_user",
            ("forget", "description_follows"): "description",
            ("forget", "description_about_user_follows"): "description_about_user",
            ("forget", "subject_follows"): "subject",
        }
        for action, groups in triggers.items():
            for group, phrases in groups.items():
                form = forms[(action, group)]
                for phrase in phrases:
                    words = norm_words(phrase)
                    trigger = Trigger(" ".join(words), action, form)
                    not_typos.update(words)
                    if not any(stem in trigger.phrase for stem in stems):
                        # The prefilter must let every trigger through: a phrase without a
                        # listed stem brings its longest word as one.
                        stems.add(max(words, key=len))
                    if form == "ending":
                        insert(self.ending, words[::-1], trigger)
                    else:
                        insert(self.prefix, words, trigger)

        self.not_typos = frozenset(not_typos)
        self.prefilter = re.compile("|".join(map(re.escape, sorted(stems))))
        self.courtesies = {norm_words(p) for p in lexicon["courtesies"]}
        self.courtesy_lengths = sorted({len(p) for p in self.courtesies}, reverse=True)
        self.courtesy_starts = frozenset(p[0] for p in self.courtesies)
        self.trailing_courtesies = tuple(" ".join(norm_words(p)) for p in lexicon["trailing_courtesies"])
        fillers = sorted({r"\s+".join(norm_words(p)) for p in lexicon["leading_fillers"]},
                         key=len, reverse=True)
        self.leading_filler = re.compile(r"(?:" + "|".join(fillers) + r")\b[\s:,\-\u2013\u2014]*",
                                         re.IGNORECASE)
        self.fact_subjects = frozenset(lexicon["fact_subjects"])
        self.personal = frozenset(lexicon["personal_words"])
        self.clause_subjects = frozenset(lexicon["clause_subjects"])
        self.relative_openers = frozenset(lexicon["relative_openers"])
        self.recall_openers = frozenset(norm_words(p) for p in lexicon["recall_openers"])
        self.recall_lengths = sorted({len(p) for p in self.recall_openers})
        self.conversation = frozenset(lexicon["conversation_words"])
        self.assistant = frozenset(lexicon["assistant_words"])
        self.vague = frozenset(" ".join(norm_words(p)) for p in lexicon["vague_descriptions"])
        self.multi_signals = phrase_regex(lexicon["multi_fact_signals"])
        self.reminders = phrase_regex(lexicon["reminder_signals"])
        self.folder = folder


@lru_cache(maxsize=4)
def load(folder: Path) -> Lexicon:
    try:
        return Lexicon(folder)
    except ConfigError:
        raise
    except (OSError, yaml.YAMLError, KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"fast-path phrase data in {folder} is unusable: "
                          f"{type(exc).__name__}: {exc}") from exc


