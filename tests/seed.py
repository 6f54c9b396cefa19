"""The seed scenario shared by the extractor and pipeline tests: four facts in one message,
and the items a well-behaved model returns for it."""

SEED = ("Remember that I'm allergic to shellfish, I prefer window seats, my anniversary is "
        "March 14th, and I hate sweet burger.")
SEED_ITEMS = [
    {"content": "I'm allergic to shellfish", "type": "fact", "category": "health"},
    {"content": "I prefer window seats", "type": "preference", "category": "travel"},
    {"content": "My anniversary is March 14th", "type": "event", "category": "personal"},
    {"content": "I hate sweet burgers", "type": "preference", "category": "food"},
]
