"""Inputs that made Iris's regexes backtrack (issue 16): long runs of spaces, punctuation,
commas, "and", quotes, brackets, numbering. Shared by tests/test_adversarial.py and
benchmarks/bench_adversarial.py. Each stays under the 40,000-character message limit."""

N = 39_000


def cases() -> dict[str, str]:
    return {
        "spaces between two facts": "Remember that I like tea" + " " * (N - 40) + "and I own a dog",
        "exclamation marks": "!" * N,
        "remember + commas": "remember that " + "a," * (N // 2 - 10),
        "remember + and": "remember that " + "and " * (N // 4 - 5),
        "remember + quotes": "remember that " + '"' * (N - 20),
        "remember + brackets": "remember that " + "(" * (N // 2 - 10) + ")" * (N // 2 - 10),
        "remember + sentence ends": "remember that " + ". " * (N // 2 - 10),
        "remember + dashes": "remember that " + " - " * (N // 3 - 5),
        "remember + numbering": "remember that " + "1. " * (N // 3 - 5),
        "remember + numbered facts": "remember these: " + "".join(
            f"{i % 9 + 1}. I like tea " for i in range(N // 14)),
        "remember + many clauses": "remember that " + "i x, " * (N // 5 - 5),
        "remember + starred corrections": "remember that " + "amd *and " * (N // 9 - 5),
        "remember + brackets between facts": "remember that I like tea and " + "(oops) " * (N // 7 - 10),
        "topic + spaces": "what do you remember about" + " " * (N - 30) + "x",
        "topic + punctuation": "what do you remember about my cat" + "?" * (N - 40),
        "forget + spaces": "forget that I like tea" + " " * (N - 30) + "!",
    }
