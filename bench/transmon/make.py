"""Writes the transaction-monitoring benchmark's inputs, deterministically: `rules.json` (50
active rules of Docket's rule language over event fields and statistics; none rejects, so every
rule runs on every event) and `events.jsonl` (N events, each its fields and the statistics a rule
reads). Both Docket and the peers evaluate exactly these.

    python3 make.py OUT_DIR [--events 2000]
"""
import argparse, json, random
from pathlib import Path

TEMPLATES = [
    ("Amount over {a}", "transaction_pre", "event.amount > {a}"),
    ("Sanctioned payee over {a}", "transaction_pre", 'event.amount > {a} && event.payee_country_cd in ["IR", "KP", "SY", "CU"]'),
    ("Busy week, spike x{k}", "transaction_post", "stats.last7d.transactions_count >= {n} && event.amount > stats.last30d.avg * {k}"),
    ("New account over {a}", "transaction_pre", "event.ds_account_open_date < {d} && event.amount >= {a}"),
    ("Risky web user {s}", "transaction_pre", 'event.channel == "web" && event.user_current_risk_score > {s}'),
    ("Overdraft by {a}", "transaction_post", "event.amount - event.account_available_balance > {a}"),
    ("Foreign currency over {a}", "transaction_pre", '!(event.currency_code in ["EUR", "USD", "GBP"]) && event.amount > {a}'),
    ("Daily volume over {v}", "transaction_post", "stats.last1d.sum + event.amount > {v} || stats.last1d.transactions_count > {n}"),
    ("Above the weekly max, {k}", "transaction_post", "event.amount > stats.last7d.max * {k} && stats.last30d.transactions_count > {n}"),
    ("Small test then large, {a}", "transaction_post", "stats.last1d.min < 1 && event.amount > {a} && event.ds_payee_first_transaction < {d}"),
]


def rules():
    out = []
    for i in range(5):
        p = {"a": 500 * (i + 1) + 0.5, "k": 2 + i, "n": 3 + i, "d": 10 + 5 * i, "s": 40 + 10 * i, "v": 5000 * (i + 1)}
        for name, event_type, expr in TEMPLATES:
            out.append({"name": name.format(**p), "status": "active", "event_type": event_type, "rank": len(out),
                        "expression": expr.format(**p), "causes": [f"R{len(out):02d}"]})
    return out


def events(n):
    rnd = random.Random(42)
    out = []
    for _ in range(n):
        amount = f"{rnd.randint(1, 800_000) / 100:.2f}"
        avg = rnd.randint(100, 300_000) / 100
        stats = {}
        for period, count in (("last1d", rnd.randint(1, 6)), ("last7d", rnd.randint(1, 20)), ("last30d", rnd.randint(1, 60))):
            stats[period] = {"sum": f"{avg * count:.2f}", "avg": f"{avg:.2f}", "min": f"{rnd.randint(0, 5000) / 100:.2f}",
                             "max": f"{avg * 2:.2f}", "transactions_count": count}
        out.append({"fields": {
            "amount": amount, "account_available_balance": f"{rnd.randint(0, 500_000) / 100:.2f}",
            "currency_code": rnd.choice(["EUR", "USD", "GBP", "CHF", "JPY"]), "payee_country_cd": rnd.choice(["DE", "US", "IR", "FR", "KP"]),
            "channel": rnd.choice(["web", "app"]), "user_current_risk_score": rnd.randint(0, 100),
            "ds_account_open_date": rnd.randint(0, 900), "ds_payee_first_transaction": rnd.randint(0, 60)}, "stats": stats})
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--events", type=int, default=2000)
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "rules.json").write_text(json.dumps(rules(), indent=1))
    with open(out / "events.jsonl", "w") as f:
        for e in events(a.events):
            f.write(json.dumps(e) + "\n")
