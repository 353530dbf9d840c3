"""The API reference's few lines of Python that verify an exported audit chain, as an auditor
would run them: the peer of `docket audit verify` in bench/desk.sh. Prints the events verified."""
import hashlib, json, sys

prev, seq = "0" * 64, 0
for line in open(sys.argv[1], encoding="utf-8"):
    event = json.loads(line)
    claimed = event.pop("hash")
    canonical = json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    if hashlib.sha256(canonical.encode()).hexdigest() != claimed:
        sys.exit(f"event {event['seq']} was changed")
    if event["seq"] != seq + 1 or event["prev_hash"] != prev:
        sys.exit(f"event {event['seq']} is out of place")
    prev, seq = claimed, event["seq"]
print(seq)
