"""The API reference's few lines of Python that verify an exported audit chain, as an auditor
would run them: the peer of `docket audit verify` in bench/desk.sh. Prints the events verified."""
import hashlib, json, sys


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


prev, seq, emptied = "0" * 64, 0, {}
first = "0" * 64  # the chain as its first format hashed it, up to its upgrade
for line in open(sys.argv[1], encoding="utf-8"):
    event = json.loads(line)
    n, claimed, data, salt = event["seq"], event.pop("hash"), event.pop("data"), event.pop("salt")
    if n != seq + 1 or event["prev_hash"] != prev:
        sys.exit(f"event {n} is out of place")
    if sha256(canonical(event)) != claimed:
        sys.exit(f"event {n} was changed")
    if salt is None:
        if list(data) != ["erased"]:
            sys.exit(f"event {n} was emptied, but not by an erasure")
        emptied[n] = (event["data_hash"], data["erased"], event["case_id"])
    else:
        if sha256(salt + canonical(data)) != event["data_hash"]:
            sys.exit(f"event {n}'s data was changed")
        if event["kind"] == "erased":
            for m, h in data["events"].items():
                if emptied.pop(int(m), None) != (h, data["erasure_id"], event["case_id"]):
                    sys.exit(f"event {n} accounts for event {m} wrongly")
        if event["kind"] == "chain_upgraded":
            if (data["previous_head_hash"], data["previous_problem"]) != (first, None):
                sys.exit(f"event {n}: the chain before the upgrade does not verify")
            first = None
    if first is not None:
        old = dict(event, data=data, prev_hash=first)
        del old["data_hash"]
        first = event["data_hash"] if salt is None else sha256(canonical(old))
    prev, seq = claimed, n
if emptied:
    sys.exit(f"events {sorted(emptied)} were emptied without an erasure")
print(seq)
