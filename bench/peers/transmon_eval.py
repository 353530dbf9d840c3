"""The peer of Docket's rule evaluation in bench/transmon.sh: the same 50 rules, translated from
Docket's language to Python's (`&&` and, `||` or, `!` not), evaluated by `simpleeval` (a
sandboxed Python expression evaluator) on the same events, with exact decimals
(`decimal.Decimal`) as Docket has. Prints one JSON line: evaluations, how many fired, nanoseconds
per rule evaluation and per event (all 50 rules).

    python3 transmon_eval.py RULES.json EVENTS.jsonl [--rounds 3]
"""
import argparse, json, re, time
from decimal import Decimal
from types import SimpleNamespace

from simpleeval import EvalWithCompoundTypes


def translate(expr: str) -> str:
    expr = expr.replace("&&", " and ").replace("||", " or ")
    return re.sub(r"!(?!=)", " not ", expr)


def number(v):
    return Decimal(v) if isinstance(v, str) and re.fullmatch(r"-?\d+(\.\d+)?", v) else v


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rules")
    ap.add_argument("events")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    rules = [translate(r["expression"]) for r in json.load(open(a.rules))]
    events = []
    for line in open(a.events):
        e = json.loads(line)
        fields = {k: number(v) if k in ("amount", "account_available_balance") else v for k, v in e["fields"].items()}
        stats = {p: SimpleNamespace(**{k: Decimal(v) if isinstance(v, str) else v for k, v in s.items()}) for p, s in e["stats"].items()}
        events.append({"event": SimpleNamespace(**fields), "stats": SimpleNamespace(**stats)})
    ev = EvalWithCompoundTypes()  # with list literals, for `in [...]`
    parsed = [ev.parse(r) for r in rules]  # parsed once, as Docket compiles once
    best, fired = None, 0
    for _ in range(a.rounds):
        fired = 0
        started = time.perf_counter()
        for names in events:
            ev.names = names
            for tree in parsed:
                if ev.eval(rules[0], previously_parsed=tree):
                    fired += 1
        elapsed = time.perf_counter() - started
        best = elapsed if best is None else min(best, elapsed)
    n = len(events) * len(rules)
    print(json.dumps({"evaluations": n, "fired": fired, "ns_per_rule": round(best / n * 1e9, 1),
                      "us_per_event_all_rules": round(best / len(events) * 1e6, 2)}))


if __name__ == "__main__":
    main()
