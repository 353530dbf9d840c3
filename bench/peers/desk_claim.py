"""The bare-SQLite floor of "next case", the peer of bench/desk.sh: N threads, each with its own
connection to a copy of the same database, claim the oldest unassigned case awaiting a reviewer in
one immediate transaction (the same query and index Docket uses, then one UPDATE of its assignee),
with no HTTP, no case file, no timeline or audit event. Prints one JSON line like desk-next's.

    python3 desk_claim.py DB --threads 16 --seconds 10
"""
import argparse, json, sqlite3, threading, time, uuid

CLAIM = """SELECT id FROM kyb_cases INDEXED BY kyb_cases_assignee
           WHERE organization_id = ? AND environment = 'sandbox' AND assignee_id IS NULL
             AND status IN ('manual_review', 'failed') AND pending_decision IS NULL
           ORDER BY created_at, id LIMIT 1"""


def reviewer(db, org, deadline, out):
    conn = sqlite3.connect(db, isolation_level=None, timeout=30)
    conn.execute("PRAGMA synchronous = FULL")
    me = uuid.uuid4().bytes
    latencies, handed = [], []
    while time.monotonic() < deadline:
        sent = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        row = conn.execute(CLAIM, (org,)).fetchone()
        if row is None:
            conn.execute("ROLLBACK")
            break
        conn.execute("UPDATE kyb_cases SET assignee_id = ?, assigned_at = ? WHERE id = ?", (me, int(time.time() * 1000), row[0]))
        conn.execute("COMMIT")
        latencies.append(time.perf_counter() - sent)
        handed.append(row[0])
    out.append((latencies, handed))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("db")
    p.add_argument("--threads", type=int, default=16)
    p.add_argument("--seconds", type=float, default=10)
    a = p.parse_args()
    org = sqlite3.connect(a.db).execute("SELECT organization_id FROM kyb_cases LIMIT 1").fetchone()[0]
    out, started = [], time.monotonic()
    threads = [threading.Thread(target=reviewer, args=(a.db, org, started + a.seconds, out)) for _ in range(a.threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seconds = time.monotonic() - started
    lat = sorted(x for l, _ in out for x in l)
    handed = [c for _, h in out for c in h]
    at = lambda q: round(lat[min(int(len(lat) * q), len(lat) - 1)] * 1000, 3) if lat else None
    print(json.dumps({"threads": a.threads, "calls": len(lat), "handed_twice": len(handed) - len(set(handed)),
                      "seconds": round(seconds, 2), "per_second": round(len(lat) / seconds), "p50_ms": at(0.5), "p99_ms": at(0.99)}))


if __name__ == "__main__":
    main()
