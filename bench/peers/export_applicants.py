"""Writes json-server's database: every applicant Docket serves, read through Docket's own list
API (pages of 100, newest first, as Docket lists them), under the `applicants` resource.

    python3 export_applicants.py URL API_KEY OUT.json
"""
import http.client
import json
import sys
import urllib.parse

url, key, out = sys.argv[1:4]
target = urllib.parse.urlsplit(url)
conn = http.client.HTTPConnection(target.hostname, target.port, timeout=120)
applicants = []
page = 0
while True:
    conn.request("GET", f"/api/v3/applicants?page={page}&limit=100", headers={"ds-api-token": key})
    res = conn.getresponse()
    body = res.read()
    if res.status != 200:
        sys.exit(f"listing page {page} answered {res.status}: {body[:200]!r}")
    doc = json.loads(body)
    applicants.extend(doc["data"])
    if not doc["has_next"]:
        break
    page += 1
with open(out, "w") as f:
    json.dump({"applicants": applicants}, f)
print(len(applicants))
