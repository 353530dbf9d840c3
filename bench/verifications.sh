#!/usr/bin/env bash
# Document verification benchmark of issue 13. (1) Upload throughput: 1 MB and 10 MB pictures
# (incompressible PNGs, decoded by Docket for the picture hash as every upload is) posted one
# after another to /api/v3/upload/{applicant_id}, beside a plain write of the same bytes to a
# file with fsync (the floor of storing them durably) in the same run: MB/s and the ratio.
# (2) POST /api/v3/verifications (a new applicant and verification each) and
# GET /api/v3/verifications/{id} under 64 connections (oha), beside an axum hello-world.
#
#   bench/verifications.sh [--seconds N] [--rounds N] [--uploads N] [--profile release|debug] [--no-build]
#
# Results go to bench/results/verifications-<time>.json and a summary to standard output.
SECONDS_PER_RUN=10
ROUNDS=2
CONNECTIONS=64
UPLOADS=20
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) SECONDS_PER_RUN="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --uploads) UPLOADS="$2"; shift 2 ;;
    --profile) export DOCKET_BENCH_PROFILE="$2"; shift 2 ;;
    --no-build) export DOCKET_BENCH_NO_BUILD=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$(dirname "$0")/lib.sh"

command -v oha >/dev/null || { say "Installing oha (load generator)"; cargo install oha --locked --quiet; }
build_release
KEY="bench-sandbox-key-0001"
start "$WORK/docket.log" env DOCKET_SANDBOX_API_KEY="$KEY" "$BIN/docket" --data-dir "$WORK/data" --log warn serve --listen 127.0.0.1:0
DOCKET_URL="$URL"; DOCKET_PID="$PID"
start "$WORK/hello.log" "$BIN/hello"
HELLO_URL="$URL"

say "Uploads: $UPLOADS of 1 MB and of 10 MB, each beside a plain durable file write, $ROUNDS rounds"
python3 - "$DOCKET_URL" "$KEY" "$WORK" "$UPLOADS" "$ROUNDS" > "$WORK/uploads.json" <<'PY'
import json, os, random, statistics, struct, sys, time, urllib.request, uuid, zlib

base, key, work, count, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])

def png(size, seed):
    """An incompressible grey PNG of about `size` bytes (stored deflate blocks)."""
    rng = random.Random(seed)
    width = 1000
    height = max(1, size // (width + 1))
    raw = b"".join(b"\x00" + rng.randbytes(width) for _ in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 0)) + chunk(b"IEND", b"")

def call(method, path, body=None, headers=None):
    req = urllib.request.Request(base + path, data=body, method=method, headers={"ds-api-token": key, **(headers or {})})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read() or b"null")

applicant = call("POST", "/api/v3/applicants", b"{}", {"Content-Type": "application/json"})["id"]

def upload(data, name):
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"document_type\"\r\n\r\npassport\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
            "Content-Type: image/png\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    call("POST", f"/api/v3/upload/{applicant}", body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})

def plain(data, i):
    path = os.path.join(work, "data", f"plain-{i}.bin")
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())

result = {}
for label, size in (("1MB", 1_000_000), ("10MB", 10_000_000)):
    files = [png(size, seed) for seed in range(count)]
    total = sum(len(f) for f in files) / 1e6
    docket, floor = [], []
    for r in range(rounds):
        started = time.perf_counter()
        for i, f in enumerate(files):
            upload(f, f"{label}-{r}-{i}.png")
        docket.append(total / (time.perf_counter() - started))
        started = time.perf_counter()
        for i, f in enumerate(files):
            plain(f, f"{label}-{r}-{i}")
        floor.append(total / (time.perf_counter() - started))
    d, p = statistics.median(docket), statistics.median(floor)
    result[label] = {"docket_mb_s": round(d, 1), "plain_write_mb_s": round(p, 1), "ratio": round(d / p, 3),
                     "rounds_docket": [round(x, 1) for x in docket], "rounds_plain": [round(x, 1) for x in floor]}
print(json.dumps(result))
PY

ID="$(curl -s -X POST -H "ds-api-token: $KEY" -H 'Content-Type: application/json' -d '{}' "$DOCKET_URL/api/v3/verifications" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"
say "Warm-up: 2 s of each, not counted"
oha --no-tui -z 2s -c "$CONNECTIONS" "$HELLO_URL/" >/dev/null 2>&1
oha --no-tui -z 2s -c "$CONNECTIONS" -H "ds-api-token: $KEY" "$DOCKET_URL/api/v3/verifications/$ID" >/dev/null 2>&1
say "Load: $ROUNDS rounds of ${SECONDS_PER_RUN}s each, $CONNECTIONS connections, interleaved"
: > "$WORK/runs.jsonl"
for round in $(seq 1 "$ROUNDS"); do
  run hello "$HELLO_URL/" >> "$WORK/runs.jsonl"
  run get "$DOCKET_URL/api/v3/verifications/$ID" -H "ds-api-token: $KEY" >> "$WORK/runs.jsonl"
  run create "$DOCKET_URL/api/v3/verifications" -m POST -H "ds-api-token: $KEY" -H 'Content-Type: application/json' -d '{}' >> "$WORK/runs.jsonl"
done
DOCKET_RSS="$(rss_mb "$DOCKET_PID")"; DOCKET_PEAK="$(peak_mb "$DOCKET_PID")"

python3 - "$WORK/runs.jsonl" "$WORK/uploads.json" "$RESULTS/verifications-$(date -u +%Y%m%dT%H%M%SZ).json" \
  "$PROFILE" "$SECONDS_PER_RUN" "$ROUNDS" "$CONNECTIONS" "$DOCKET_RSS" "$DOCKET_PEAK" <<'PY'
import json, sys, statistics
runs = [json.loads(l) for l in open(sys.argv[1])]
by = {}
for r in runs:
    by.setdefault(r["name"], []).append(r)
med = lambda name, key: statistics.median(r[key] for r in by[name] if r.get(key) is not None)
fig = lambda name: {k: med(name, k) for k in ("rps", "p50_ms", "p99_ms")} | {"non_2xx": sum(r["non_2xx"] for r in by[name])}
ratio = lambda a, b: float(f"{a / b:.4g}")
report = {
    "profile": sys.argv[4],
    "load": {"seconds_per_run": int(sys.argv[5]), "rounds": int(sys.argv[6]), "connections": int(sys.argv[7])},
    "uploads": json.load(open(sys.argv[2])),
    "hello": fig("hello"), "get": fig("get"), "create": fig("create"),
    "ratios": {"get_to_hello": ratio(med("get", "rps"), med("hello", "rps")),
               "create_to_hello": ratio(med("create", "rps"), med("hello", "rps"))},
    "docket_memory_mb": {"rss": float(sys.argv[8]), "peak": float(sys.argv[9])},
}
json.dump(report, open(sys.argv[3], "w"), indent=2)
print(json.dumps(report, indent=2))
PY
