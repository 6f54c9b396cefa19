"""Result lines -> friendly text. A line it does not understand passes through unchanged."""

from __future__ import annotations

import re

from iris import results as R

# What the user says to confirm "forget everything" (iris/store/forget.py accepts it).
CONFIRM_PHRASE = "yes, forget everything"


# What reading a known code's fields of the wrong shape raises (a list where an object was
# expected, a string where a number was): the line is then shown as it is.
_UNREADABLE = (AttributeError, KeyError, TypeError, ValueError)


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


class Presenter:
    def present(self, lines: list[str]) -> str:
        """One reply for all of a turn's result lines. Several store results (a 30-fact
        message takes two calls) are summed into one sentence."""
        parsed = [(line, R.try_parse(line)) for line in lines]
        stores = [r for _, r in parsed if r and r.code in (R.STORED, R.QUEUED)]
        texts: list[str] = []
        summed = None
        if len(stores) > 1:
            try:
                summed = self._stored(_sum_stores(stores))
                texts.append(summed)
            except _UNREADABLE:
                summed = None  # fields we cannot add up: each line is shown on its own
        for line, result in parsed:
            if summed is not None and result in stores:
                continue
            texts.append(self.present_one(line, result))
        return " ".join(t for t in texts if t)

    def present_one(self, line: str, result: R.Result | None = None) -> str:
        result = result or R.try_parse(line)
        if result is None:
            return line
        render = _RENDERERS.get(result.code)
        if render is None:
            return line
        try:
            return render(self, result)
        except _UNREADABLE:
            return line  # a known code with fields we cannot read: show it as it is

    def _stored(self, r: R.Result) -> str:
        stored, skipped, failed = r.get("count", 0), r.get("skipped", 0), r.get("failed", 0)
        queued = r.code == R.QUEUED
        parts = []
        if stored:
            verb = "queued for saving" if queued else "saved"
            parts.append(f"Got it, {plural(stored, 'memory', 'memories')} {verb}.")
            if skipped:
                parts.append(f"{plural(skipped, 'duplicate')} skipped.")
        elif skipped:
            parts.append("I already had that saved." if skipped == 1
                         else f"I already had all {skipped} of those saved.")
        if failed:
            reasons = "; ".join(r.get("reasons") or [])
            parts.append(f"{plural(failed, 'item')} couldn't be saved"
                         + (f": {reasons}." if reasons else "."))
        return " ".join(parts) or "There was nothing to save."

    def _store_failed(self, r: R.Result) -> str:
        details = r.get("details") or []
        reason = r["reason"] if not details else f"{r['reason']} ({'; '.join(details)})"
        return f"Sorry, I couldn't save that: {reason}"

    def _list(self, r: R.Result) -> str:
        items, query = r.get("items") or [], said_back(r.get("query") or "")
        if not items:
            return (f"I don't have anything saved about {query}." if query
                    else "I don't have anything saved about you yet.")
        head = f"Here's what I remember about {query}:" if query else "Here's what I remember about you:"
        lines = [head]
        for item in items:
            mark = " (no longer current)" if item.get("superseded_by") else ""
            lines.append(f"- {item['content']}{mark}")
        return "\n".join(lines)

    def _forgotten(self, r: R.Result) -> str:
        items = r.get("items") or []
        if not items and r["count"] == 0:
            return "There was nothing to forget: I have no memories saved about you."
        if not items:
            return f"Done, I forgot {plural(r['count'], 'memory', 'memories')}."
        return "Done, I forgot: " + "; ".join(i["content"] for i in items) + "."

    def _ambiguous(self, r: R.Result) -> str:
        items = r.get("items") or []
        options = "\n".join(f"- [{i['id']}] {i['content']}" for i in items)
        if len(items) == 1:
            return (f"I'm not sure this is the one you mean:\n{options}\n"
                    f"To delete it, say \"yes\" or \"forget memory {items[0]['id']}\".")
        return (f"That matches several memories. Which one should I forget?\n{options}\n"
                f"Say \"forget memory\" and its number.")

    def _confirm_required(self, r: R.Result) -> str:
        if r["action"] != "forget_all":
            raise ValueError(f"unknown action {r['action']!r}")
        return (f"This will permanently delete all {plural(r['count'], 'memory', 'memories')} I "
                f"have about you. To go ahead, say \"{CONFIRM_PHRASE}\" (within 10 minutes).")

    def _not_found(self, r: R.Result) -> str:
        query = said_back(r.get("query") or "", request=True)
        reply = (f"I couldn't find anything saved about {query}." if query
                 else "I couldn't find that memory.")
        closest = r.get("closest")
        if isinstance(closest, dict) and "id" in closest and "content" in closest:
            reply += (f" The closest I have is:\n- [{closest['id']}] {closest['content']}\n"
                      f"If that is the one, say \"yes\" or \"forget memory {closest['id']}\".")
        return reply

    def _tool_failed(self, r: R.Result) -> str:
        return f"Sorry, that didn't work: {r['reason']}"


# How much of a user's description a reply quotes back: a 20 KB query is not echoed whole.
MAX_QUOTED_CHARS = 80
_THANKS = re.compile(r"(?:[\s,]+(?:please|pls|plz|thanks|thx|ty|now|anymore|any more|memory|memories))+"
                     r"[\s.!?]*$", re.IGNORECASE)
_ABOUT = re.compile(r"(?:about|that|the (?:memory|fact|note|bit) (?:that|about)|what you know about)\s+",
                    re.IGNORECASE)
# The user's words said back by the assistant: "my cat" -> "your cat".
_SPEAKER = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself",
            "im": "you're", "i'm": "you're", "i've": "you've", "ive": "you've", "i'd": "you'd",
            "i'll": "you'll", "we": "you", "us": "you", "our": "your", "ours": "yours"}


def said_back(query: str, request: bool = False) -> str:
    """A user's description as the assistant says it back: the request to forget dropped
    (`request`: "can u forget what i do for a living" -> "what you do for a living"), first
    person turned to second, and at most MAX_QUOTED_CHARS characters."""
    from iris.removal import after_lead_in, removal_verb

    # Only the start is quoted, so only the start is read: the patterns stay linear.
    text = " ".join(query[:4 * MAX_QUOTED_CHARS].split())
    if request:
        text = after_lead_in(text)
        first, _, rest = text.partition(" ")
        if removal_verb(first.lower()) is not None:
            about = _ABOUT.match(rest)
            text = rest[about.end():] if about else rest
        elif first.lower() == "get" and rest.lower().startswith("rid of "):
            text = rest[len("rid of "):]
        text = _THANKS.sub("", text)
    words = text.split()
    said = " ".join("are" if w.lower() == "am" and i and words[i - 1].lower() == "i"
                    else _SPEAKER.get(w.lower(), w) for i, w in enumerate(words))
    if len(said) > MAX_QUOTED_CHARS:
        said = said[:MAX_QUOTED_CHARS].rsplit(" ", 1)[0] + "..."
    return said


def _sum_stores(stores: list[R.Result]) -> R.Result:
    total = {"count": 0, "skipped": 0, "failed": 0}
    reasons: list[str] = []
    for r in stores:
        for key in total:
            total[key] += r.get(key, 0)
        reasons += r.get("reasons") or []
    code = R.QUEUED if any(r.code == R.QUEUED for r in stores) else R.STORED
    return R.Result(code, {**total, "reasons": reasons})


_RENDERERS = {
    R.STORED: Presenter._stored,
    R.QUEUED: Presenter._stored,
    R.STORE_FAILED: Presenter._store_failed,
    R.LIST: Presenter._list,
    R.FORGOTTEN: Presenter._forgotten,
    R.AMBIGUOUS: Presenter._ambiguous,
    R.CONFIRM_REQUIRED: Presenter._confirm_required,
    R.NOT_FOUND: Presenter._not_found,
    R.TOOL_FAILED: Presenter._tool_failed,
}
