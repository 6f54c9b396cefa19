"""Word knowledge for forget (iris/store/concepts.py) on word pairs, apart from any request
set: does "forget my X" delete a memory that names a sibling Y (it must not), and does
"forget my <kind>" find a memory that names a member of the kind (it should)?

    HF_HUB_OFFLINE=1 PYTHONPATH=. .venv/bin/python benchmarks/eval_concepts.py

The word lists were written after the mechanism was built (development probes, not a
held-out set). A sibling "match" is printed so a reader can see whether it is a synonym
(mom / mother, cycling / biking), a kind (coffee / espresso) or a real error.
"""

from __future__ import annotations

import itertools
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SIBLINGS = {
    "animals": "dog cat hamster gerbil rabbit guinea pig parrot canary budgie goldfish turtle "
               "tortoise iguana gecko ferret horse pony donkey goat sheep llama alpaca chicken "
               "duck goose snake python frog toad",
    "food": "apple pear peach plum mango papaya kiwi banana orange lemon lime grape cherry melon "
            "pineapple carrot potato tomato onion garlic broccoli spinach lettuce cucumber pizza "
            "pasta sushi tacos burrito curry steak salmon tuna shrimp lobster",
    "drinks": "tea coffee espresso latte cocoa juice lemonade soda cola beer wine whisky vodka "
              "gin rum cider milk smoothie",
    "jobs": "teacher nurse doctor dentist surgeon lawyer judge engineer architect plumber "
            "electrician carpenter chef baker waiter pilot farmer fisherman librarian accountant "
            "banker cashier",
    "sports": "football soccer rugby cricket tennis badminton squash golf hockey baseball "
              "basketball volleyball swimming running jogging cycling biking hiking climbing "
              "skiing snowboarding surfing sailing rowing kayaking canoeing boxing karate judo "
              "yoga pilates",
    "music": "guitar bass piano keyboard organ violin viola cello harp flute clarinet oboe "
             "saxophone trumpet trombone drums ukulele banjo mandolin accordion",
    "family": "mother father mom dad sister brother son daughter wife husband aunt uncle cousin "
              "niece nephew grandmother grandfather boyfriend girlfriend fiance",
    "places": "france spain italy germany canada mexico brazil japan china india paris london "
              "berlin tokyo texas ohio florida california",
}
KINDS = {  # kind -> (memory template, members)
    "pet": ("I have a {}", "hamster gerbil rabbit parrot goldfish tortoise iguana ferret puppy kitten"),
    "fruit": ("I like {}", "apple pear peach plum mango papaya kiwi banana cherry melon pineapple"),
    "vegetable": ("I like {}", "carrot potato onion garlic broccoli spinach lettuce cucumber"),
    "drink": ("I like {}", "tea coffee espresso juice lemonade soda cola beer wine whisky cider smoothie"),
    "job": ("I am a {}", "teacher nurse dentist surgeon lawyer architect plumber electrician "
                         "carpenter chef pilot librarian accountant"),
    "sport": ("I like {}", "rugby cricket badminton squash golf hockey volleyball judo"),
    "instrument": ("I have a {}", "guitar piano violin viola cello harp flute clarinet saxophone "
                                 "trumpet trombone drums ukulele banjo"),
    "hobby": ("I like {}", "knitting gardening painting fishing hiking photography chess"),
}


def main() -> int:
    from iris.config import Settings
    from iris.embed import make_embedder
    from iris.store import forget
    from iris.store.concepts import Concepts

    settings = Settings()
    embedder = make_embedder(settings)
    assert embedder is not None
    concepts = Concepts(embedder, min_similarity=settings.forget_concept_min_similarity,
                        min_margin=settings.forget_concept_min_margin)

    def deletes(description: str, memory: str) -> bool:
        return forget.decide(description, [forget.Candidate(1, memory)], concepts).status != "not_found"

    checks, matched = 0, []
    for words in SIBLINGS.values():
        for x, y in itertools.permutations(words.split(), 2):
            for description, memory in ((f"my {x}", f"I have a {y}"), (f"that I like {x}", f"I like {y}")):
                checks += 1
                if deletes(description, memory):
                    matched.append(f"{description!r} -> {memory!r}")
    print(f"siblings: {len(matched)} of {checks} requests matched a memory naming another word")
    for line in matched:
        print("  " + line)
    found = total = 0
    for kind, (template, members) in KINDS.items():
        missed = [m for m in members.split() if not deletes(f"my {kind}", template.format(m))]
        total += len(members.split())
        found += len(members.split()) - len(missed)
        print(f"  {kind:10} {len(members.split()) - len(missed):2}/{len(members.split())} missed: {missed}")
    print(f"kinds: {found}/{total} = {found / total:.1%} of members found by their kind")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
