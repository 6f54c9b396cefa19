"""The words the dedup verifier (iris/store/verifier.py) and its word-order reading
(iris/store/wordorder.py) both set aside or follow: words that carry no content, words that
only scaffold a paraphrase, and the people whose order matters."""

from __future__ import annotations

STOP = set("""
a an the i me my mine myself we us our ours you your he him his she her hers it its they them
their this that these those there here am is are be been being do does did doing have has had
having will would shall should can could may might must of to in on at by for with about as
from into onto over than then so and or but if because while also too very really quite just
actually truly definitely absolutely pretty much lot lots alot big huge total kind sort thing
things something stuff one ones any what which who whom whose where when how get got
go going time someone somebody
""".split())
# Words that only scaffold a paraphrase ("Baking cookies is something I love").
FILLER = {"something", "thing", "things", "stuff", "lot", "lots", "big", "huge", "total",
          "absolutely", "definitely", "really", "truly", "very", "actually", "totally",
          "enjoyment", "activity", "activities", "every", "each", "take", "taking",
          "took", "takes", "feel", "feels"}

# People, whose order matters: "I taught my dad" is not "my dad taught me".
AGENTS = {"i": "self", "me": "self", "myself": "self", "we": "self", "us": "self",
          "mother": "mother", "father": "father", "sister": "sister", "brother": "brother",
          "wife": "wife", "husband": "husband", "son": "son", "daughter": "daughter",
          "friend": "friend", "boss": "boss", "partner": "partner", "boyfriend": "boyfriend",
          "girlfriend": "girlfriend", "grandmother": "grandmother",
          "grandfather": "grandfather", "child": "child", "he": "he", "she": "she",
          "him": "he", "his": "he", "her": "she", "hers": "she",
          "parents": "parents", "parent": "parents", "family": "family",
          "grandparents": "grandparents", "friends": "friend", "aunt": "aunt",
          "uncle": "uncle", "cousin": "cousin", "neighbor": "neighbor",
          "everyone": "everyone", "people": "people",
          "they": "they", "them": "they"}
