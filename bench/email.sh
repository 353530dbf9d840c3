#!/usr/bin/env bash
# E-mail verification benchmark of issue 14. (1) POST /api/v4/email/checks in production (syntax,
# rules, a real DNS MX lookup against a local DNS server, so the resolver's cache is warm after
# the first; each check durable before the answer) under 64 connections (oha), beside Python
# `email-validator` doing the same syntax and DNS work against the same server in the same run
# (one process; checks per second and p99). (2) OTP verification: 64 clients verify the codes of
# fresh sandbox checks (one verify each, the right code, read from the outbox).
#
#   bench/email.sh [--seconds N] [--rounds N] [--codes N] [--profile release|debug] [--no-build]
#
# Results go to bench/results/email-<time>.json and a summary to standard output.
SECONDS_PER_RUN=10
ROUNDS=2
CONNECTIONS=64
CODES=3000
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) SECONDS_PER_RUN="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --codes) CODES="$2"; shift 2 ;;
    --profile) export DOCKET_BENCH_PROFILE="$2"; shift 2 ;;
    --no-build) export DOCKET_BENCH_NO_BUILD=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$(dirname "$0")/lib.sh"

command -v oha >/dev/null || { say "Installing oha (load generator)"; cargo install oha --locked --quiet; }
build_release
VENV="$ROOT/bench/.venv"
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import email_validator, dnslib, aiohttp' 2>/dev/null; then
  say "Installing the peers into bench/.venv"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet -r "$ROOT/bench/requirements.txt"
fi
SANDBOX="bench-sandbox-key-0001"
PRODUCTION="bench-production-key-0001"

# A DNS server with one mail domain: both sides ask it.
start "$WORK/dns.log" "$VENV/bin/python" -u -c '
import socket, time
from dnslib import QTYPE, RR, MX, A
from dnslib.server import DNSServer
class Zone:
    def resolve(self, request, handler):
        reply = request.reply()
        name = str(request.q.qname).rstrip(".").lower()
        if name == "mail.example" and QTYPE[request.q.qtype] == "MX":
            reply.add_answer(RR(request.q.qname, QTYPE.MX, rdata=MX("mx1.mail.example.", 10), ttl=3600))
        elif name.endswith("mail.example") and QTYPE[request.q.qtype] == "A":
            reply.add_answer(RR(request.q.qname, QTYPE.A, rdata=A("192.0.2.10"), ttl=3600))
        return reply
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
server = DNSServer(Zone(), port=port, address="127.0.0.1"); server.start_thread()
print(f"127.0.0.1:{port}", flush=True)
while True: time.sleep(3600)
'
DNS="$URL"
start "$WORK/docket.log" env DOCKET_SANDBOX_API_KEY="$SANDBOX" DOCKET_PRODUCTION_API_KEY="$PRODUCTION" \
  "$BIN/docket" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0 --dns-server "$DNS"
DOCKET_URL="$URL"; DOCKET_PID="$PID"
BODY='{"email": "anna.berg@mail.example"}'
verdict="$(curl -s -X POST -H "ds-api-token: $PRODUCTION" -H 'Content-Type: application/json' -d "$BODY" "$DOCKET_URL/api/v4/email/checks" | python3 -c 'import json,sys; print(json.load(sys.stdin)["verdict"])')"
[ "$verdict" = "pass" ] || { echo "the production check did not pass ($verdict): is the DNS server answering?" >&2; exit 1; }

peer() { # the Python peer: syntax and deliverability (MX through the same DNS server), one process
  "$VENV/bin/python" - "$DNS" "$SECONDS_PER_RUN" <<'PY'
import json, sys, time
import dns.resolver
from email_validator import validate_email, caching_resolver
host, port = sys.argv[1].split(":")
resolver = caching_resolver(timeout=3)
resolver.nameservers = [host]
resolver.port = int(port)
validate_email("anna.berg@mail.example", dns_resolver=resolver)  # warm the cache
latencies, end = [], time.perf_counter() + float(sys.argv[2])
while time.perf_counter() < end:
    t = time.perf_counter()
    validate_email("anna.berg@mail.example", check_deliverability=True, dns_resolver=resolver)
    latencies.append(time.perf_counter() - t)
latencies.sort()
total = sum(latencies)
print(json.dumps({"name": "python_email_validator", "rps": round(len(latencies) / total),
                  "p50_ms": round(latencies[len(latencies) // 2] * 1000, 3),
                  "p99_ms": round(latencies[int(len(latencies) * 0.99)] * 1000, 3), "non_2xx": 0}))
PY
}

say "Warm-up: 2 s, not counted"
oha --no-tui -z 2s -c "$CONNECTIONS" -m POST -H "ds-api-token: $PRODUCTION" -H 'Content-Type: application/json' -d "$BODY" "$DOCKET_URL/api/v4/email/checks" >/dev/null 2>&1
say "Checks: $ROUNDS rounds of ${SECONDS_PER_RUN}s, Docket at $CONNECTIONS connections and the Python peer, interleaved"
: > "$WORK/runs.jsonl"
for round in $(seq 1 "$ROUNDS"); do
  run docket_checks "$DOCKET_URL/api/v4/email/checks" -m POST -H "ds-api-token: $PRODUCTION" \
    -H 'Content-Type: application/json' -d "$BODY" >> "$WORK/runs.jsonl"
  peer >> "$WORK/runs.jsonl"
done

say "OTP: $CODES sandbox checks with codes, then each verified once by 64 clients"
"$VENV/bin/python" - "$DOCKET_URL" "$SANDBOX" "$CODES" > "$WORK/otp.json" <<'PY'
import asyncio, json, sys, time
import aiohttp
base, key, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
headers = {"ds-api-token": key}
async def main():
    async with aiohttp.ClientSession(headers=headers) as s:
        sem = asyncio.Semaphore(64)
        async def make(i):
            async with sem, s.post(f"{base}/api/v4/email/checks", json={"email": f"otp{i}@example.com", "require_ownership": True}) as r:
                return (await r.json())["id"]
        ids = await asyncio.gather(*(make(i) for i in range(count)))
        codes = {}
        page = 0
        while len(codes) < count:
            async with s.get(f"{base}/_docket/email/outbox", params={"limit": 200, "page": page}) as r:
                data = (await r.json())["data"]
            if not data:
                break
            codes.update({m["check_id"]: m["code"] for m in data})
            page += 1
        latencies = []
        async def verify(i):
            async with sem:
                t = time.perf_counter()
                async with s.post(f"{base}/api/v4/email/otp/verify", json={"check_id": i, "code": codes[i]}) as r:
                    ok = (await r.json())["verified"]
                latencies.append(time.perf_counter() - t)
                return ok
        started = time.perf_counter()
        results = await asyncio.gather(*(verify(i) for i in ids))
        elapsed = time.perf_counter() - started
        latencies.sort()
        print(json.dumps({"verifies": count, "verified": sum(results), "per_second": round(count / elapsed),
                          "p50_ms": round(latencies[len(latencies) // 2] * 1000, 2),
                          "p99_ms": round(latencies[int(len(latencies) * 0.99)] * 1000, 2)}))
asyncio.run(main())
PY
DOCKET_RSS="$(rss_mb "$DOCKET_PID")"; DOCKET_PEAK="$(peak_mb "$DOCKET_PID")"

python3 - "$WORK/runs.jsonl" "$WORK/otp.json" "$RESULTS/email-$(date -u +%Y%m%dT%H%M%SZ).json" \
  "$PROFILE" "$SECONDS_PER_RUN" "$ROUNDS" "$CONNECTIONS" "$DOCKET_RSS" "$DOCKET_PEAK" <<'PY'
import json, sys, statistics
runs = [json.loads(l) for l in open(sys.argv[1])]
by = {}
for r in runs:
    by.setdefault(r["name"], []).append(r)
med = lambda name, key: statistics.median(r[key] for r in by[name] if r.get(key) is not None)
fig = lambda name: {k: med(name, k) for k in ("rps", "p50_ms", "p99_ms")}
report = {
    "profile": sys.argv[4],
    "load": {"seconds_per_run": int(sys.argv[5]), "rounds": int(sys.argv[6]), "connections": int(sys.argv[7])},
    "docket_checks": fig("docket_checks"), "python_email_validator": fig("python_email_validator"),
    "ratio_checks_per_second": float(f'{med("docket_checks", "rps") / med("python_email_validator", "rps"):.4g}'),
    "otp_verify": json.load(open(sys.argv[2])),
    "docket_memory_mb": {"rss": float(sys.argv[8]), "peak": float(sys.argv[9])},
}
json.dump(report, open(sys.argv[3], "w"), indent=2)
print(json.dumps(report, indent=2))
PY
