"""Persona evaluation of the offline fact extractor.

Builds "remember ..." messages from real first-person facts (Synthetic-Persona-Chat personas
in ../shared/datasets/persona) in many phrasings, runs `split_facts`, and reports:
- exact count: share of messages where the extractor found exactly as many facts as went in;
- fact recall: share of source facts matched by an extracted fact with rapidfuzz ratio >= 90
  (both sides lower-cased and stripped of punctuation by rapidfuzz's default_process).

No peeking: the rules were developed on the "dev" half of the personas (even line numbers)
with seed 1 and the "dev" list of hand-written facts with commas inside; the figures to quote
come from the "test" half (odd line numbers) and the "test" list. Seed 2026 on the test half
was looked at once and showed one general bug (a list header on the same line as "1) ... 2)"),
fixed afterwards; the default seed 31337 was first run after that fix.

    .venv/bin/python benchmarks/eval_extract.py                 # report: test split, 400 messages
    .venv/bin/python benchmarks/eval_extract.py --split dev --seed 1 --show-errors 20

--phrasings: the phrasing evaluation of issue 10 (benchmarks/phrasings.py and
benchmarks/data/extract_phrasings.yaml, written before the extractor ran on them): lead-ins,
joiners and lists in several registers, pronoun and single-fact-with-conjunction cases.
Each message goes the way the pipeline sends it offline: the fast path when it stores, else
the offline extractor. Development half while tuning; the final half is scored once.

    .venv/bin/python benchmarks/eval_extract.py --phrasings --split dev --show-errors 20
    .venv/bin/python benchmarks/eval_extract.py --phrasings --split final

--phrasings-file PATH: the same evaluation on another file of that format, every list used
whole and all messages held out (split "all"): benchmarks/data/extract_phrasings_fresh.yaml
was written after both halves above had been used for tuning, and is scored once.

    .venv/bin/python benchmarks/eval_extract.py --phrasings-file benchmarks/data/extract_phrasings_fresh.yaml

benchmarks/data/extract_phrasings_fresh2.yaml was written (and committed) after the fresh file
had been scored and then used for tuning, before any code ran on it; it is scored once.

benchmarks/data/extract_phrasings_dev4.yaml and _dev5.yaml are the extract4 branch's own sets,
each committed before any code ran on it and scored once as held out (figures and commits in
the matching *_result.txt); both are development data since. So is
benchmarks/data/extract_phrasings_fresh3.yaml, scored once as held out (80.2% exact, 79.8%
recall, 2 multi-fact messages on the fast path; extract_phrasings_fresh3_result.txt) and used
for tuning by the extract5 branch.

--llm-base-url URL: the LLM extractor (iris/extract/extractor.py, the prompt and the lenient
parse) on phrasing messages, against a real OpenAI-compatible server, e.g. the small local
model of scripts/fetch_real_model.sh and scripts/serve_real_model.py. Slow (seconds to a
minute per message on a CPU): --limit N takes the first N of the split after a seeded shuffle.
A reply the parse cannot use falls back to the rules in the pipeline; here it is scored twice,
as nothing (the model's own figure) and as served (with the fallback). --dump writes every
reply, raw, as JSON lines.

    nice -n 10 .venv/bin/python benchmarks/eval_extract.py --llm-base-url http://127.0.0.1:8765/v1 \
        --split dev --limit 30 --dump /tmp/replies.jsonl
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz import fuzz, utils

from iris.paths import datasets_dir

DEFAULT_PERSONAS = datasets_dir() / "persona" / "personas_valid.jsonl"

# Facts with a comma or "and" inside that must stay whole. Two disjoint lists: "dev" was used
# while writing the rules, "test" only for the reported figures.
COMMA_FACTS = {
    "dev": [
        "My anniversary is March 14th, 2010.",
        "I live in Portland, Oregon.",
        "My daughter, Emma, is seven.",
        "I was born on June 3rd, 1988.",
        "I like cats and dogs.",
        "My mom and dad are teachers.",
        "I play tennis, golf and squash.",
        "My favorite band is Earth, Wind and Fire.",
        "I speak English, French, and a little German.",
        "I moved here from Austin, Texas, in 2015.",
    ],
    "test": [
        "My wedding was on May 2nd, 2015.",
        "I grew up in Lyon, France.",
        "My brother, Tom, is a pilot.",
        "I started my job on April 1st, 2021.",
        "I love salt and vinegar chips.",
        "My sister and I run a bakery.",
        "I enjoy hiking, biking and kayaking.",
        "My favorite show is Law and Order.",
        "I am allergic to peanuts, shellfish, and latex.",
        "My son was born in Denver, Colorado, in 2019.",
    ],
}

COMMANDS = [
    "Remember that {}", "remember that {}", "Please remember that {}", "Remember {}",
    "Can you remember that {}", "Don't forget that {}", "Keep in mind that {}",
    "Note that {}", "Please save these: {}", "Save this: {}", "Remember these facts about me: {}",
    "Hey, remember that {}", "pls remember {}", "Make a note that {}", "Remember: {}",
    "Could you please remember that {}", "remember this: {}", "Store these for me: {}",
]
COMMAND_TYPOS = ["remeber", "rember", "remembr", "remmeber", "rmember", "remembet", "remmber"]
LIST_COMMANDS = ["Please remember these:", "Remember the following:", "Save these facts about me:",
                 "remember:", "Things to remember about me:", "Note these down:", "Remember this"]
TRAILERS = ["", "", "", "", " Thanks!", " thanks", " Thank you.", " Thx"]


@dataclass(frozen=True)
class Case:
    message: str
    facts: list[str]
    style: str


def load_personas(path: Path, split: str) -> list[list[str]]:
    personas = [json.loads(line)["facts"] for line in path.read_text().splitlines() if line.strip()]
    parity = 0 if split == "dev" else 1
    return [facts for index, facts in enumerate(personas) if index % 2 == parity]


def _inline(fact: str) -> str:
    """A fact as it appears inside a sentence: no final period, lower-case first letter
    unless it is the pronoun I."""
    fact = fact.strip().rstrip(".")
    if fact[:2] in ("I ", "I'") or not fact:
        return fact
    return fact[0].lower() + fact[1:]


def _command(rng: random.Random) -> str:
    template = rng.choice(COMMANDS)
    if rng.random() < 0.2:  # a typo in the command word
        template = template.replace("remember", rng.choice(COMMAND_TYPOS)).replace(
            "Remember", rng.choice(COMMAND_TYPOS).capitalize())
    return template


def _list_header(rng: random.Random) -> str:
    header = rng.choice(LIST_COMMANDS)
    if rng.random() < 0.2:
        header = header.replace("remember", rng.choice(COMMAND_TYPOS)).replace(
            "Remember", rng.choice(COMMAND_TYPOS).capitalize())
    return header


def _join_and(parts: list[str], rng: random.Random) -> str:
    if len(parts) == 1:
        return parts[0]
    comma = ", and " if rng.random() < 0.4 else " and "
    return ", ".join(parts[:-1]) + comma + parts[-1]


def render(facts: list[str], style: str, rng: random.Random) -> str:
    inline = [_inline(f) for f in facts]
    full = [f.strip() if f.strip().endswith((".", "!", "?")) else f.strip() + "." for f in facts]
    if style == "commas_and":
        body = _join_and(inline, rng) + "."
        return _command(rng).format(body)
    if style == "and_only":
        return _command(rng).format(" and ".join(inline) + ".")
    if style == "sentences":
        return _command(rng).format(" ".join(full))
    if style == "also":
        words = ["Also,", "Also", "And", "Oh and", "Plus,", "Also,"]
        body = full[0] + " " + " ".join(f"{rng.choice(words)} {_inline(f)}." for f in facts[1:])
        return _command(rng).format(body)
    if style == "also_inline":
        joiners = [", also ", ", plus ", " and also ", ", and also "]
        body = inline[0] + "".join(rng.choice(joiners) + f for f in inline[1:]) + "."
        return _command(rng).format(body)
    if style == "semicolons":
        return _command(rng).format("; ".join(inline) + ".")
    if style == "newlines":
        return _list_header(rng) + "\n" + "\n".join(rng.choice([inline, full])[i] for i in range(len(facts)))
    if style == "bullets":
        mark = rng.choice(["- ", "* ", "• ", "-"])
        return _list_header(rng) + "\n" + "\n".join(mark + f for f in rng.choice([inline, full]))
    if style == "numbered":
        fmt = rng.choice(["{}. ", "{}) ", "{} - "])
        lines = [fmt.format(i + 1) + f for i, f in enumerate(rng.choice([inline, full]))]
        if rng.random() < 0.3:  # numbered, on one line
            return _list_header(rng) + " " + " ".join(
                f"{i + 1}{rng.choice(['.', ')'])} {f}" for i, f in enumerate(inline))
        return _list_header(rng) + "\n" + "\n".join(lines)
    if style == "mixed":
        cut = rng.randint(1, len(facts) - 1)
        first = _join_and(inline[:cut], rng)
        second = _join_and(inline[cut:], rng)
        return _command(rng).format(f"{first}. Also, {second}.")
    raise ValueError(style)


STYLES = ["commas_and", "commas_and", "and_only", "sentences", "also", "also_inline",
          "semicolons", "newlines", "bullets", "numbered", "mixed"]


def build_cases(personas: list[list[str]], comma_facts: list[str], n: int, seed: int) -> list[Case]:
    rng = random.Random(seed)
    cases = []
    for _ in range(n):
        persona = rng.choice(personas)
        k = rng.randint(min(2, len(persona)), len(persona))
        facts = rng.sample(persona, k)
        if rng.random() < 0.3:
            facts.insert(rng.randrange(len(facts) + 1), rng.choice(comma_facts))
        if rng.random() < 0.1:  # a single fact now and then
            facts = facts[:1]
        style = rng.choice(STYLES) if len(facts) > 1 else "commas_and"
        if style == "and_only" and any(" and " in f or "," in f for f in facts):
            style = "commas_and"  # "a and b and c" is ambiguous even to a human reader then
        message = render(facts, style, rng) + rng.choice(TRAILERS)
        if rng.random() < 0.25:
            message = message.lower()
        cases.append(Case(message=message, facts=facts, style=style))
    return cases


def match(source: str, extracted: list[str]) -> bool:
    return any(fuzz.ratio(source, e, processor=utils.default_process) >= 90 for e in extracted)


def evaluate(cases: list[Case], split_facts) -> dict:
    exact = found = total = 0
    errors = []
    per_style: dict[str, list[int]] = {}
    times = []
    for case in cases:
        started = time.perf_counter()
        extracted = split_facts(case.message)
        times.append(time.perf_counter() - started)
        ok_count = len(extracted) == len(case.facts)
        hits = sum(match(f, extracted) for f in case.facts)
        exact += ok_count
        found += hits
        total += len(case.facts)
        per_style.setdefault(case.style, [0, 0])
        per_style[case.style][0] += ok_count
        per_style[case.style][1] += 1
        if not ok_count or hits < len(case.facts):
            errors.append((case, extracted))
    return {
        "messages": len(cases),
        "facts": total,
        "exact_count": exact / len(cases),
        "fact_recall": found / total,
        "per_style": {s: round(a / b, 3) for s, (a, b) in sorted(per_style.items())},
        "median_ms": 1000 * statistics.median(times),
        "errors": errors,
    }


def _phrasing_hits(reading: list[list[str]], extracted: list[str]) -> int:
    return sum(any(match(alt, extracted) for alt in fact) for fact in reading)


def evaluate_phrasings(cases, extract) -> dict:
    """Exact count: some accepted reading has as many facts as were extracted. Recall: facts
    of the best reading matched (rapidfuzz ratio >= 90). Also counts multi-fact messages the
    fast path stored as one memory."""
    exact = found = total = fast_multi = 0
    errors, times = [], []
    per_style: dict[str, list[int]] = {}
    for case in cases:
        started = time.perf_counter()
        extracted, route = extract(case.message)
        times.append(time.perf_counter() - started)
        best = max(case.accept, key=lambda r: (_phrasing_hits(r, extracted) / len(r),
                                               len(r) == len(extracted)))
        hits = _phrasing_hits(best, extracted)
        ok_count = any(len(r) == len(extracted) for r in case.accept)
        exact += ok_count
        found += hits
        total += len(best)
        fast_multi += route == "direct" and case.facts > 1
        per_style.setdefault(case.style, [0, 0])
        per_style[case.style][0] += ok_count
        per_style[case.style][1] += 1
        if not ok_count or hits < len(best):
            errors.append((case, extracted, route))
    return {"messages": len(cases), "facts": total, "exact_count": exact / len(cases),
            "fact_recall": found / total, "fast_path_multi": fast_multi,
            "per_style": {s: f"{a}/{b}" for s, (a, b) in sorted(per_style.items())},
            "median_ms": 1000 * statistics.median(times), "errors": errors}


@functools.lru_cache(maxsize=2)
def _direct(learned: bool):
    from iris.direct import DirectHandler

    return DirectHandler(learned=learned)


def offline_route(text: str, learned: bool = True) -> tuple[list[str], str]:
    """What an offline pipeline stores for a "remember ..." message: the fast path's fact
    when it decides to store, else the offline extractor's facts (`learned`: the segmenter
    with the rules behind it, as shipped; else the rules alone)."""
    from iris.extract.segmenter import read_facts

    decision = _direct(learned).decide(text)
    if decision.action == "store" and decision.content:
        return [decision.content], "direct"
    return read_facts(text, learned=learned)[0], "offline"


def main_phrasings(args: argparse.Namespace) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from phrasings import build_cases as build_phrasings
    from phrasings import load as load_phrasings

    split = "final" if args.split == "test" else args.split
    if args.phrasings_file:
        data = load_phrasings(args.phrasings_file)
        # Held-out files hold one split, "all"; the first file has "dev" and "final".
        split = "all" if "all" in data["seeds"] else split
        cases = build_phrasings(split, personas_path=args.personas, data=data)
    else:
        cases = build_phrasings(split, personas_path=args.personas)
    route = functools.partial(offline_route, learned=args.offline_extractor == "learned")
    for case in cases[:3]:  # warm-up: lexicons, compiled patterns
        route(case.message)
    report = evaluate_phrasings(cases, route)
    source = args.phrasings_file or "extract_phrasings.yaml"
    print(f"phrasings file={source} split={split} messages={report['messages']} "
          f"facts={report['facts']} offline extractor={args.offline_extractor}")
    print(f"exact fact count: {report['exact_count']:.1%}   (target >= 95%)")
    print(f"fact recall (rapidfuzz ratio >= 90): {report['fact_recall']:.1%}   (target >= 95%)")
    print(f"multi-fact messages stored by the fast path: {report['fast_path_multi']}   (target 0)")
    print(f"median {report['median_ms']:.3f} ms per message (fast path + extractor)")
    _print_details(report, args.show_errors)
    ok = (report["exact_count"] >= 0.95 and report["fact_recall"] >= 0.95
          and report["fast_path_multi"] == 0)
    return 0 if ok else 1


class _RecordingLLM:
    """The real client, keeping the last reply so the report can say what shape it had."""

    def __init__(self, llm):
        self.llm = llm
        self.last = None

    def complete(self, messages, **kwargs):
        self.last = None
        self.last = self.llm.complete(messages, **kwargs)
        return self.last


def reply_shape(response) -> list[str]:
    """What the lenient parse had to deal with in one reply: where the call was, and how
    it was wrapped."""
    if response is None:
        return ["no reply"]
    if response.tool_calls:
        return ["tool_calls"]
    content = (response.content or "").strip()
    if not content:
        return ["empty"]
    shape = ["json in content"]
    if "```" in content:
        shape.append("fenced")
    if "<tool_call>" in content:
        shape.append("<tool_call> tags")
    body = content.split("```json")[-1].split("```")[0] if "```" in content else content
    body = body.replace("<tool_call>", "").replace("</tool_call>", "").strip()
    try:
        value = json.loads(body)
    except json.JSONDecodeError:
        shape.append("needs repair")
        return shape
    if isinstance(value, dict) and "arguments" in value or isinstance(value, dict) and "parameters" in value:
        shape.append("call envelope {name, arguments}")
    return shape


def main_llm(args: argparse.Namespace) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from phrasings import build_cases as build_phrasings
    from phrasings import load as load_phrasings

    from iris.config import Settings
    from iris.extract.extractor import FactExtractor
    from iris.llm import LiteLLMClient

    if args.phrasings_file:
        split, data = "all", load_phrasings(args.phrasings_file)
    else:
        split, data = ("final" if args.split == "test" else args.split), None
    cases = build_phrasings(split, personas_path=args.personas, data=data)
    random.Random(args.seed).shuffle(cases)
    cases = cases[: args.limit]
    settings = Settings(llm_model=args.llm_model, llm_api_base=args.llm_base_url, llm_api_key="none",
                        llm_timeout=args.llm_timeout, llm_retries=0)
    llm = _RecordingLLM(LiteLLMClient(settings))
    extractor = FactExtractor(settings, llm=llm)
    records: list[dict] = []
    if args.dump:
        args.dump.write_text("", encoding="utf-8")

    def extract_llm(text: str) -> tuple[list[str], str]:
        started = time.perf_counter()
        extraction = extractor.extract(text)
        seconds = time.perf_counter() - started
        facts = [m["content"] for call in extraction.tool_calls for m in call.arguments["memories"]
                 if isinstance(m, dict) and isinstance(m.get("content"), str)]
        response = llm.last
        records.append({"message": text, "source": extraction.source, "error": extraction.error,
                        "seconds": round(seconds, 2), "facts": facts,
                        "shape": reply_shape(response),
                        "content": response.content if response else None,
                        "tool_calls": [c.model_dump() for c in response.tool_calls] if response else []})
        if args.dump:  # as it goes: a long run stopped early keeps what it saw
            with args.dump.open("a", encoding="utf-8") as out:
                out.write(json.dumps(records[-1]) + "\n")
        print(f"[{len(records)}/{len(cases)}] {seconds:5.1f}s {extraction.source:7s} "
              f"{len(facts)} facts  {'+'.join(records[-1]['shape'])}", flush=True)
        return (facts if extraction.source == "llm" else []), extraction.source

    report = evaluate_phrasings(cases, extract_llm)
    served = evaluate_phrasings(cases, lambda text: _served(records, text))
    seconds = sorted(r["seconds"] for r in records)
    fallbacks = [r for r in records if r["source"] != "llm"]
    print(f"\nLLM extractor, model={args.llm_model} at {args.llm_base_url}; phrasings split={split} "
          f"seed={args.seed}: {report['messages']} messages, {report['facts']} facts")
    print(f"exact fact count: {report['exact_count']:.1%}   fact recall: {report['fact_recall']:.1%}"
          f"   (the model's own replies; an unusable reply scores as no facts)")
    print(f"as served (unusable replies fall back to the rules): exact {served['exact_count']:.1%}"
          f"   recall {served['fact_recall']:.1%}")
    print(f"usable replies: {len(records) - len(fallbacks)}/{len(records)}")
    for record in fallbacks:
        print(f"  fallback: {str(record['error'])[:160]}")
    print(f"time per call: median {statistics.median(seconds):.1f} s, "
          f"p90 {seconds[int(0.9 * (len(seconds) - 1))]:.1f} s, max {seconds[-1]:.1f} s")
    shapes: dict[str, int] = {}
    for record in records:
        for part in record["shape"]:
            shapes[part] = shapes.get(part, 0) + 1
    print(f"reply shapes: {shapes}")
    _print_details(report, args.show_errors)
    return 0


def _print_details(report: dict, show_errors: int) -> None:
    """Exact count per style, then the first `show_errors` messages that missed."""
    print("per style exact count:")
    for style, score in report["per_style"].items():
        print(f"  {style:28s} {score}")
    for case, extracted, route in report["errors"][:show_errors]:
        print("\n---", case.style, route)
        print(repr(case.message))
        print("  want:", case.accept[0] if len(case.accept) == 1 else case.accept)
        print("  got: ", extracted)


def _served(records: list[dict], text: str) -> tuple[list[str], str]:
    record = next(r for r in records if r["message"] == text)
    return record["facts"], record["source"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", choices=["dev", "test", "final"], default="test",
                        help="test and final are the same held-out half")
    parser.add_argument("--phrasings", action="store_true",
                        help="the phrasing evaluation (issue 10) instead of the generator")
    parser.add_argument("--phrasings-file", type=Path, default=None,
                        help="phrasing evaluation on this YAML, all of it held out (split all)")
    parser.add_argument("--seed", type=int, default=31337)
    parser.add_argument("-n", "--messages", type=int, default=400)
    parser.add_argument("--personas", type=Path, default=DEFAULT_PERSONAS)
    parser.add_argument("--show-errors", type=int, default=0)
    parser.add_argument("--offline-extractor", choices=["learned", "rules"], default="learned",
                        help="the shipped default (the segmenter, rules behind it) or the rules alone")
    parser.add_argument("--llm-base-url", default=None,
                        help="run the LLM extractor against this OpenAI-compatible server")
    parser.add_argument("--llm-model", default="openai/local", help="litellm model name")
    parser.add_argument("--llm-timeout", type=float, default=300.0)
    parser.add_argument("--limit", type=int, default=30, help="messages for --llm-base-url")
    parser.add_argument("--dump", type=Path, default=None, help="--llm-base-url: replies as JSON lines")
    args = parser.parse_args(argv)
    if args.llm_base_url:
        return main_llm(args)
    if args.phrasings or args.phrasings_file:
        return main_phrasings(args)
    if args.split == "final":
        args.split = "test"

    from iris.extract.segmenter import read_facts

    learned = args.offline_extractor == "learned"
    cases = build_cases(load_personas(args.personas, args.split), COMMA_FACTS[args.split],
                        args.messages, args.seed)
    report = evaluate(cases, lambda text: read_facts(text, learned=learned)[0])
    print(f"split={args.split} seed={args.seed} messages={report['messages']} facts={report['facts']}")
    print(f"exact fact count: {report['exact_count']:.1%}   (target >= 85%)")
    print(f"fact recall (rapidfuzz ratio >= 90): {report['fact_recall']:.1%}   (target >= 90%)")
    print(f"per style exact count: {report['per_style']}")
    print(f"median {report['median_ms']:.2f} ms per message")
    for case, extracted in report["errors"][: args.show_errors]:
        print("\n---", case.style)
        print(case.message)
        print("  want:", [f.rstrip('.') for f in case.facts])
        print("  got: ", extracted)
    ok = report["exact_count"] >= 0.85 and report["fact_recall"] >= 0.90
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
