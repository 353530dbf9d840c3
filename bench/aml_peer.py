"""The peer for bench/aml.sh: rapidfuzz searching the same normalised names for the same queries.

For each query: `process.extract(query, names, scorer=fuzz.token_sort_ratio, processor=None,
limit=10)`, the usual way to screen a name with rapidfuzz. Names and queries are already
normalised by Docket (folded, transliterated, honorifics and legal forms dropped), so the peer
gets the same strings and no extra processing. Prints one JSON line per list.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from rapidfuzz import fuzz, process


def percentile(sorted_values: list[float], p: float) -> float:
    return sorted_values[round((len(sorted_values) - 1) * p)] if sorted_values else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("dir", type=Path)
    parser.add_argument("list")
    parser.add_argument("--max-queries", type=int, default=0, help="0: all")
    args = parser.parse_args()
    names = (args.dir / f"{args.list}.names.txt").read_text().splitlines()
    queries = (args.dir / f"{args.list}.queries.txt").read_text().splitlines()
    if args.max_queries:
        # An even spread over the query kinds (the file lists them kind by kind).
        step = max(1, len(queries) // args.max_queries)
        queries = queries[::step][: args.max_queries]
    process.extract(queries[0], names, scorer=fuzz.token_sort_ratio, processor=None, limit=10)  # warm-up
    timings = []
    for q in queries:
        started = time.perf_counter()
        process.extract(q, names, scorer=fuzz.token_sort_ratio, processor=None, limit=10)
        timings.append((time.perf_counter() - started) * 1e3)
    timings.sort()
    print(json.dumps({
        "list": args.list,
        "names": len(names),
        "queries": len(queries),
        "p50_ms": percentile(timings, 0.5),
        "p90_ms": percentile(timings, 0.9),
        "p99_ms": percentile(timings, 0.99),
        "mean_ms": statistics.fmean(timings),
    }))


if __name__ == "__main__":
    main()
