"""The console's server side: one-time login links, cookie sessions with the environment and
reviewer headers, journal attribution, keys over HTTP, the overview counts, and watchlist imports
uploaded from the browser."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any, Iterator
from urllib.parse import quote

import pytest
import requests

from conftest import (
    APPLICANTS, CSL_ROWS, HTTP_TIMEOUT, JOURNAL, LOGIN, PRODUCTION_KEY, SANDBOX_KEY, Console, DocketServer, aml_hits,
    console_link, sign_in, signed_in, wait_for, write_csl,
)

LOGOUT = "/_docket/console/logout"
KEYS = "/_docket/keys"
IMPORTS = "/_docket/aml/lists/imports"
ZOE = "Zoë Ångström"


@pytest.fixture
def console(server) -> Console:
    return signed_in(server)


# --- login links ---------------------------------------------------------------------------------


def test_serve_prints_a_login_link_after_the_url_and_it_opens_a_session_once(server):
    link = server.console_link
    assert link is not None, "the second line of `docket serve` is `Console: <link>`"
    assert re.fullmatch(re.escape(server.url + LOGIN) + r"\?token=[A-Za-z0-9_-]{43,}", link), link

    browser = Console(server.url)
    r = browser.login(link)
    assert r.status_code == 303, r.text
    assert r.headers["Location"] == "/"
    cookie = r.headers["Set-Cookie"]
    assert re.fullmatch(r"docket_session=[A-Za-z0-9_-]{43,}; HttpOnly; SameSite=Strict; Path=/; Max-Age=2592000", cookie), cookie
    assert r.headers["Cache-Control"] == "no-store"
    assert browser.get("/_docket/info").status_code == 200

    again = Console(server.url).login(link)
    assert again.status_code == 401
    assert again.headers["Content-Type"].startswith("application/json")
    assert "already used" in again.json()["message"]
    assert "Set-Cookie" not in again.headers


def test_a_used_expired_or_unknown_link_shows_browsers_how_to_get_a_new_one(server):
    link = console_link(server)
    assert Console(server.url).login(link).status_code == 303
    page = requests.get(link, headers={"Accept": "text/html,application/xhtml+xml"}, allow_redirects=False,
                        timeout=HTTP_TIMEOUT)
    assert page.status_code == 401
    assert page.headers["Content-Type"].startswith("text/html")
    assert "<p>This login link was already used" in page.text and "docket console link" in page.text

    for url in (server.url + LOGIN + "?token=" + "A" * 43, server.url + LOGIN, server.url + LOGIN + "?token="):
        r = requests.get(url, allow_redirects=False, timeout=HTTP_TIMEOUT)
        assert r.status_code == 401, url
        assert "not valid or has expired" in r.json()["message"]


def test_docket_console_link_works_against_a_running_server_for_any_organization(server, other_org, other_sandbox):
    link = console_link(server, "--organization", other_org["name"])
    other = Console(server.url)
    assert other.login(link).status_code == 303
    info = other.get("/_docket/info").json()
    assert info["organization_name"] == other_org["name"]
    assert info["organization_id"] == other_sandbox.get("/_docket/info").json()["organization_id"]

    bad = server.run_cli("console", "link", "--data-dir", str(server.data_dir), "--organization", "No Such Org")
    assert bad.returncode != 0 and "No Such Org" in bad.stderr
    bad_url = server.run_cli("console", "link", "--data-dir", str(server.data_dir), "--url", "127.0.0.1:3625")
    assert bad_url.returncode != 0 and "--url" in bad_url.stderr


def test_without_a_running_server_a_link_has_the_documented_address(docket_factory):
    """With a server running on the data directory, a link names its address (test_authority);
    once it has stopped, the default listen address."""
    srv = docket_factory()
    srv.stop()
    done = srv.run_cli("console", "link", "--data-dir", str(srv.data_dir))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith("http://127.0.0.1:3625" + LOGIN + "?token="), done.stdout


# --- sessions and their headers ------------------------------------------------------------------


def test_the_environment_header_selects_the_environment_of_the_sessions_organization(
    server, console, sandbox, production, unique
):
    marker = unique("env")
    in_sandbox = sandbox.create_applicant({"external_id": f"{marker}-s", "info": {"full_name": f"Sand {marker}"}})
    in_production = production.create_applicant({"external_id": f"{marker}-p", "info": {"full_name": f"Prod {marker}"}})

    def listed(environment: str) -> list[str]:
        r = console.get(APPLICANTS, params={"name": marker}, headers={"X-Docket-Environment": environment})
        assert r.status_code == 200, r.text
        return [a["applicant_id"] for a in r.json()["data"]]

    assert listed("sandbox") == [in_sandbox]
    assert listed("production") == [in_production]
    assert listed("Production") == [in_production], "case does not matter"


@pytest.mark.parametrize("value", [None, "", "staging", "sandbox,production"])
def test_a_console_request_without_a_valid_environment_is_400(console, value):
    headers = {} if value is None else {"X-Docket-Environment": value}
    console.environment = None
    r = console.get(APPLICANTS, headers=headers)
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["field"] == "X-Docket-Environment"
    assert "sandbox" in body["message"] and "production" in body["message"]


def test_console_changes_are_the_signed_in_reviewers_whatever_a_header_says(server, sandbox, unique):
    console = signed_in(server, reviewer=ZOE)
    me = console.get("/_docket/me").json()["reviewer"]
    assert (me["name"], me["role"]) == (ZOE, "admin")
    seq = sandbox.last_seq()
    r = console.post(APPLICANTS, json={"external_id": unique("hdr")}, headers={"X-Docket-Reviewer": "Eve"})
    assert r.status_code == 201, r.text
    [entry] = [e for e in sandbox.journal(after=seq) if e["source"] == "console"]
    assert entry["reviewer"] == ZOE, "a typed name no longer says who acted"


def test_console_changes_are_journaled_with_their_reviewer_and_reads_are_not(server, sandbox, unique):
    console = signed_in(server, reviewer=ZOE)
    ann = signed_in(server, reviewer="Ann Lee")
    seq = sandbox.last_seq()
    ext = unique("zoe")
    r = console.post(APPLICANTS, json={"external_id": ext})
    assert r.status_code == 201, r.text
    applicant_id = r.json()["id"]
    for path in (APPLICANTS, f"{APPLICANTS}/{applicant_id}", "/_docket/info", KEYS, "/_docket/clock"):
        assert console.get(path).status_code == 200, path
    assert console.request("HEAD", APPLICANTS).status_code in (200, 405)
    assert ann.post(f"{APPLICANTS}/{applicant_id}", json={"address": None}).status_code == 200
    assert sandbox.get(f"{APPLICANTS}/{applicant_id}").status_code == 200

    entries = list(reversed(sandbox.journal(after=seq)))
    assert [(e["method"], e["path"], e["source"], e["reviewer"]) for e in entries] == [
        ("POST", APPLICANTS, "console", ZOE),
        ("POST", f"{APPLICANTS}/{applicant_id}", "console", "Ann Lee"),
        ("GET", f"{APPLICANTS}/{applicant_id}", "api", None),
    ]
    assert entries[0]["api_key_id"] is None and entries[0]["status"] == 201
    assert ext in entries[0]["request_body"], "bodies are recorded as for API keys"
    assert entries[2]["api_key_id"], "API requests name their key"

    by_reviewer = sandbox.journal(after=seq, reviewer=ZOE)
    assert [e["path"] for e in by_reviewer] == [APPLICANTS]
    assert {e["source"] for e in sandbox.journal(after=seq, source="console")} == {"console"}
    assert [e["method"] for e in sandbox.journal(after=seq, source="api")] == ["GET"]
    r = sandbox.get(JOURNAL, params={"source": "browser"})
    assert r.status_code == 400 and r.json()["field"] == "source"

    # The console reads the same journal (reading it is not journaled either).
    mine = console.get(JOURNAL, params={"after": seq, "source": "console"})
    assert mine.status_code == 200 and len(mine.json()["data"]) == 2


def test_an_api_key_wins_over_a_session_cookie(console, sandbox):
    seq = sandbox.last_seq()
    r = console.get("/_docket/info", headers={"ds-api-token": SANDBOX_KEY})
    assert r.status_code == 200 and r.json()["source"] == "api"
    assert [e["source"] for e in sandbox.journal(after=seq)] == ["api"], "a keyed read is journaled as ever"
    r = console.get("/_docket/info", headers={"ds-api-token": "not-a-key"})
    assert r.status_code == 401, "a bad key is not rescued by the cookie"


@pytest.mark.parametrize("cookie", ["garbage", "", "A" * 43, "x" * 5000, "dk_sandbox_x"])
def test_a_forged_or_garbage_cookie_is_401(server, cookie):
    r = requests.get(server.url + "/_docket/info", cookies={"docket_session": cookie},
                     headers={"X-Docket-Environment": "sandbox", "X-Docket-Reviewer": "Eve"}, timeout=HTTP_TIMEOUT)
    assert r.status_code == 401
    assert r.json()["error"] == "unauthorized"


def test_no_key_and_no_session_is_401_as_before(anonymous):
    r = anonymous.get(APPLICANTS, headers={"X-Docket-Environment": "sandbox"})
    assert r.status_code == 401
    assert r.json()["message"] == "missing API key: send it in the ds-api-token header"


def test_logout_ends_the_session_and_clears_the_cookie(server):
    console = signed_in(server)
    secret = console.session.cookies["docket_session"]
    assert console.get("/_docket/info").status_code == 200
    r = console.post(LOGOUT)
    assert r.status_code == 204
    assert r.headers["Set-Cookie"].startswith("docket_session=;") and "Max-Age=0" in r.headers["Set-Cookie"]
    replay = requests.get(server.url + "/_docket/info", cookies={"docket_session": secret},
                          headers={"X-Docket-Environment": "sandbox"}, timeout=HTTP_TIMEOUT)
    assert replay.status_code == 401, "the session is gone on the server, not just in the browser"
    assert requests.post(server.url + LOGOUT, timeout=HTTP_TIMEOUT).status_code == 204, "signing out twice is fine"


def test_the_openapi_description_has_the_console_routes_and_the_session_scheme(server):
    doc = requests.get(server.url + "/openapi.json", timeout=HTTP_TIMEOUT).json()
    for path in (LOGIN, LOGOUT, KEYS, KEYS + "/{key_id}/revoke", IMPORTS, IMPORTS + "/{import_id}"):
        assert path in doc["paths"], path
    assert doc["components"]["securitySchemes"]["ConsoleSession"]["in"] == "cookie"
    assert "multipart/form-data" in doc["paths"][IMPORTS]["post"]["requestBody"]["content"]
    info = doc["components"]["schemas"]
    assert "Counts" in info and "ImportJob" in info


# --- keys over HTTP ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def other_owner(server, other_org) -> Console:
    """The second organization's owner, signed in to its console (its sandbox)."""
    return sign_in(server, console_link(server, "--organization", other_org["name"]), name="other-org owner")


def test_keys_are_listed_for_the_sessions_organization_and_environment_only(owner_console, other_owner):
    listed = owner_console.get(KEYS)
    assert listed.status_code == 200
    keys = listed.json()["data"]
    assert keys and {k["environment"] for k in keys} == {"sandbox"}
    assert set(keys[0]) == {"id", "environment", "name", "hint", "pinned_from", "created_at", "last_used_at", "revoked_at"}
    assert any(k["pinned_from"] == "DOCKET_SANDBOX_API_KEY" for k in keys)
    production = owner_console.in_environment("production").get(KEYS).json()["data"]
    assert production and {k["environment"] for k in production} == {"production"}
    other_ids = {k["id"] for k in other_owner.get(KEYS).json()["data"]}
    assert other_ids and not ({k["id"] for k in keys} & ({k["id"] for k in production} | other_ids))


@pytest.mark.parametrize("method, path", [("GET", KEYS), ("POST", KEYS), ("POST", KEYS + "/{key_id}/revoke")])
def test_no_api_key_reaches_the_keys(sandbox, production, other_production, owner_console, method, path):
    """Keys are made and revoked by an admin in the console (or `docket keys`): a key that could
    make keys could outlive its own revocation."""
    own = owner_console.get(KEYS).json()["data"][0]["id"]
    for client in (sandbox, production, other_production):
        r = client.request(method, path.format(key_id=own), json={"name": "made by a key"})
        assert r.status_code == 403, (client, r.text)
        assert "console control" in r.json()["message"]
    assert owner_console.get(KEYS).json()["data"][0]["revoked_at"] is None


def test_a_created_key_is_shown_once_redacted_in_the_journal_works_and_can_be_revoked_once(
    sandbox, owner_console, other_owner, make_client, unique
):
    seq = sandbox.last_seq()
    name = unique("ci")
    r = owner_console.post(KEYS, json={"name": name})
    assert r.status_code == 201, r.text
    created = r.json()
    secret = created["key"]
    assert secret.startswith("dk_sandbox_") and created["name"] == name and created["revoked_at"] is None
    assert created["hint"].endswith(secret[-4:])
    listed = {k["id"]: k for k in owner_console.get(KEYS).json()["data"]}
    assert "key" not in listed[created["id"]], "the key itself is never shown again"

    (entry,) = [e for e in sandbox.journal(after=seq, method="POST") if e["path"] == KEYS]
    assert secret not in json.dumps(entry)
    assert json.loads(entry["response_body"])["key"] == "[redacted]"

    new = make_client(secret, "new key")
    info = new.get("/_docket/info").json()
    assert (info["environment"], info["source"], info["reviewer"]) == ("sandbox", "api", None)

    for other in (owner_console.in_environment("production"), other_owner):
        r = other.post(f"{KEYS}/{created['id']}/revoke")
        assert r.status_code == 404 and r.json()["error"] == "not_found", (other, r.text)
    r = owner_console.post(f"{KEYS}/{created['id']}/revoke")
    assert r.status_code == 200
    assert r.json()["id"] == created["id"] and r.json()["revoked_at"]
    assert new.get("/_docket/info").status_code == 401
    again = owner_console.post(f"{KEYS}/{created['id']}/revoke")
    assert again.status_code == 409 and again.json()["error"] == "conflict"
    assert owner_console.post(f"{KEYS}/{uuid.uuid4()}/revoke").status_code == 404
    assert owner_console.post(f"{KEYS}/not-a-uuid/revoke").status_code == 400


def test_another_organizations_key_cannot_be_revoked(owner_console, other_owner, other_sandbox):
    other_key = other_owner.get(KEYS).json()["data"][0]
    r = owner_console.post(f"{KEYS}/{other_key['id']}/revoke")
    assert r.status_code == 404
    assert other_owner.get(KEYS).json()["data"][0]["revoked_at"] is None
    assert other_sandbox.get("/_docket/info").status_code == 200


@pytest.mark.parametrize("body, words", [
    ({}, "name: is required"), ({"name": ""}, "name: is required"), ({"name": "   "}, "name: must not be empty"),
    ({"name": "k" * 81}, "name: must be at most 80 characters"), ({"name": 5}, "name: invalid type"),
    ({"name": "ok", "environment": "production"}, "unknown field `environment`"),
])
def test_bad_key_creations_are_400(owner_console, body, words):
    before = len(owner_console.get(KEYS).json()["data"])
    r = owner_console.post(KEYS, json=body)
    assert r.status_code == 400, r.text
    assert words in r.json()["message"]
    assert len(owner_console.get(KEYS).json()["data"]) == before


def test_the_console_manages_keys_with_its_reviewer_on_record(server, sandbox, unique):
    console = signed_in(server, environment="production", reviewer=ZOE)
    seq = sandbox.last_seq()
    r = console.post(KEYS, json={"name": unique("console")})
    assert r.status_code == 201 and r.json()["environment"] == "production"
    key_id = r.json()["id"]
    assert console.post(f"{KEYS}/{key_id}/revoke").json()["revoked_at"]
    production = requests.get(server.url + JOURNAL, params={"after": 0, "source": "console", "reviewer": ZOE},
                              headers={"ds-api-token": PRODUCTION_KEY}, timeout=HTTP_TIMEOUT).json()["data"]
    paths = [e["path"] for e in production]
    assert KEYS in paths and f"{KEYS}/{key_id}/revoke" in paths
    assert r.json()["key"] not in json.dumps(production)
    assert not [e for e in sandbox.journal(after=seq) if e["source"] == "console"], "production's, not the sandbox's"


# --- the overview counts -------------------------------------------------------------------------


def test_info_counts_what_the_environment_holds(server, sandbox, production, reset, unique):
    for _ in range(3):
        sandbox.create_applicant({"external_id": unique("count")})
    production.create_applicant({"external_id": unique("count")})
    assert aml_hits(sandbox, {"full_name": "Ivan Sanctionov"})
    assert sandbox.post("/api/v3/aml/search", json={"full_name": "Clara Cleanfield"}).status_code == 200

    webhooks = len(sandbox.get("/api/v3/organization/webhooks").json()["webhooks"])
    deliveries = sandbox.get("/api/v3/notifications/webhook/history", params={"limit": 100}).json()["data"]
    rules = len(sandbox.get("/api/v3/transmon/rules").json()["custom_rules"])  # rules outlive a reset
    journal_size = len(sandbox.journal(limit=200))  # reading the journal is not journaled
    info = sandbox.get("/_docket/info").json()
    assert info["source"] == "api" and info["reviewer"] is None
    assert info["counts"] == {
        "applicants": 3,
        "aml_searches": 2,
        "webhooks": webhooks,
        "deliveries_pending": sum(d["state"] == "pending" for d in deliveries),
        "deliveries_failed": sum(d["state"] == "failed" for d in deliveries),
        "requests": journal_size,
        "kyb_cases": 0,
        "kyb_cases_awaiting_review": 0,
        "kyb_single_checks": 0,
        "audit_events": 0,
        "verifications": 0,
        "verifications_awaiting_review": 0,
        "verification_documents": 0,
        "bank_statements": 0,
        "deepfake_analyses": 0,
        "email_checks": 0,
        "nondoc_checks": 0,
        "kyt_checks": 0,
        "transmon_rules": rules,
        "transmon_events": 0,
        "erasures": 0,
    }

    console = signed_in(server, reviewer=ZOE)
    seen = console.get("/_docket/info").json()
    assert (seen["source"], seen["reviewer"], seen["environment"]) == ("console", ZOE, "sandbox")
    assert seen["counts"]["applicants"] == 3
    assert seen["counts"]["requests"] == journal_size + 1, "the keyed info request above; console reads are not counted"
    production_counts = console.get("/_docket/info", headers={"X-Docket-Environment": "production"}).json()["counts"]
    assert production_counts["applicants"] == production.get("/_docket/info").json()["counts"]["applicants"] >= 1


# --- watchlist imports from the browser ----------------------------------------------------------


def upload(client, fmt: str | None, *files: tuple[str, bytes], replace: bool = False, **kwargs: Any) -> requests.Response:
    data = {"format": fmt} if fmt is not None else {}
    if replace:
        data["replace"] = "true"
    return client.post(IMPORTS, data=data, files=[("file", f) for f in files], **kwargs)


def finished(client, job_id: str) -> dict:
    def check():
        job = client.get(f"{IMPORTS}/{job_id}").json()
        assert 0.0 <= job["progress"] <= 1.0
        return job if job["state"] in ("done", "failed") else None
    return wait_for(check, timeout=30, interval=0.1, what=f"import {job_id} to finish")


@pytest.fixture(scope="module")
def import_server(tmp_path_factory, server_errors) -> Iterator[DocketServer]:
    """A server for this module's imports (they replace lists, which the shared server's tests
    rely on), with a small body limit. Imports are a production key's or a console admin's: the
    lists are what production screens against."""
    root = tmp_path_factory.mktemp("imports")
    (root / "data").mkdir()
    srv = DocketServer(root / "data", root / "stderr.log", args=("--body-limit", "4096"))
    srv.server_errors = server_errors
    srv.start()
    yield srv
    srv.stop()


def no_uploads_left(srv: DocketServer) -> None:
    """Uploads live in the file store while their import runs; none stays afterwards, nor any
    temporary file of a refused one."""
    wait_for(lambda: not any(p.is_file() for p in (srv.data_dir / "files").rglob("*")), timeout=10,
             what="the uploads to be removed")


def test_an_uploaded_list_is_imported_in_the_background_and_becomes_searchable(import_server, tmp_path):
    srv = import_server
    sandbox, production = srv.client(SANDBOX_KEY, "sandbox"), srv.client(PRODUCTION_KEY, "production")
    marker = f"Quillory Vantessa {uuid.uuid4().hex[:6]}"
    assert aml_hits(production, {"full_name": marker}) == []
    rows = CSL_ROWS + [dict(_id=f"dk-pad-{i}", source=CSL_ROWS[0]["source"], type="Entity",
                            name=f"Padding Trading Company Number {i}", remarks="x" * 200) for i in range(40)]
    rows.append(dict(_id="dk-marker", source=CSL_ROWS[0]["source"], type="Individual", name=marker))
    csv_bytes = write_csl(tmp_path / "consolidated.csv", rows).read_bytes()
    assert len(csv_bytes) > 4096 * 3, "larger than the server's body limit: only this route may exceed it"
    assert sandbox.post(APPLICANTS, data=b"{" + b" " * 5000 + b"}",
                        headers={"Content-Type": "application/json"}).status_code == 413

    r = upload(production, "us-csl", ("consolidated.csv", csv_bytes))
    assert r.status_code == 202, r.text
    job = r.json()
    assert set(job) == {"id", "format", "files", "state", "progress", "started_at", "finished_at", "snapshot",
                        "rejections", "message"}
    assert (job["format"], job["files"], job["state"]) == ("us-csl", ["consolidated.csv"], "reading")
    assert job["snapshot"] is None and job["finished_at"] is None

    done = finished(production, job["id"])
    assert done["state"] == "done", done
    assert done["progress"] == 1.0 and done["message"] is None and done["finished_at"] >= done["started_at"]
    snapshot = done["snapshot"]
    assert snapshot["list"] == "US_CSL" and snapshot["active"] is True
    assert snapshot["rows_read"] == len(rows)
    assert snapshot["entities"] == len(rows) - 1 and snapshot["rows_rejected"] == 1
    nameless = next(i for i, row in enumerate(CSL_ROWS) if not row["name"])
    assert done["rejections"] == [{"row": nameless + 2, "reason": "no name"}], "row 1 is the header"
    wait_for(lambda: aml_hits(production, {"full_name": marker}), timeout=20, interval=0.1,
             what="production to search the uploaded list")
    active = [s for s in production.get("/_docket/aml/lists").json()["data"] if s["list"] == "US_CSL" and s["active"]]
    assert [s["id"] for s in active] == [snapshot["id"]]

    # The request is journaled, its body is not; the saved files are gone.
    # `path` is a prefix: the polls of the job (`IMPORTS/{id}`) match it too and, on a busy
    # machine, can push the upload off the first page; ask for the POST.
    entry = production.journal(path=IMPORTS, method="POST")[0]
    assert entry["status"] == 202 and entry["request_body"].startswith("[an upload of")
    no_uploads_left(srv)


def test_a_malformed_upload_fails_with_a_message_and_the_previous_snapshot_stays(import_server, tmp_path):
    srv = import_server
    sandbox, production = srv.client(SANDBOX_KEY, "sandbox"), srv.client(PRODUCTION_KEY, "production")
    # Meant as a full replacement (the list before may be larger): `replace` says so.
    good = finished(production, upload(production, "us-csl", ("csl.csv", write_csl(tmp_path / "csl.csv", CSL_ROWS).read_bytes()),
                                       replace=True).json()["id"])
    assert good["state"] == "done", good["message"]

    console = signed_in(srv, reviewer=ZOE)
    r = upload(console, "us-csl", ("broken.csv", b"this is not,a screening list\n1,2\n"))
    assert r.status_code == 202, r.text
    failed = finished(console, r.json()["id"])
    assert failed["state"] == "failed" and failed["snapshot"] is None and failed["finished_at"]
    assert "broken.csv" in failed["message"] and "Consolidated Screening List" in failed["message"]
    assert str(srv.data_dir) not in failed["message"], "files are named as they were sent"

    gz = upload(production, "ftm", ("list.json.gz", b"\x1f\x8b\x08\x00garbage"))
    assert finished(production, gz.json()["id"])["state"] == "failed"

    active = [s for s in production.get("/_docket/aml/lists").json()["data"] if s["list"] == "US_CSL" and s["active"]]
    assert [s["id"] for s in active] == [good["snapshot"]["id"]]
    assert aml_hits(production, {"full_name": "Dmitri Karavanov"})

    jobs = sandbox.get(IMPORTS).json()["data"]
    assert [j["id"] for j in jobs][:3] == [gz.json()["id"], r.json()["id"], good["id"]], "newest first"
    (entry,) = [e for e in sandbox.journal(path=IMPORTS, source="console")]
    assert entry["reviewer"] == ZOE and entry["status"] == 202


def test_several_files_are_one_import(import_server, tmp_path):
    production = import_server.client(PRODUCTION_KEY, "production")
    first, second = CSL_ROWS[:8], CSL_ROWS[8:]
    r = upload(production, "us-csl", ("a.csv", write_csl(tmp_path / "a.csv", first).read_bytes()),
               ("b.csv", write_csl(tmp_path / "b.csv", second).read_bytes()))
    job = finished(production, r.json()["id"])
    assert job["files"] == ["a.csv", "b.csv"]
    assert job["state"] == "done" and job["snapshot"]["rows_read"] == len(CSL_ROWS)


def test_a_list_of_several_megabytes_is_taken(import_server, tmp_path):
    """Uploads are bounded by their route's own limit (1 GiB), not by the 2 MB that axum's
    extractors apply by default (a 3 MB list was refused before)."""
    production = import_server.client(PRODUCTION_KEY, "production")
    rows = CSL_ROWS + [dict(_id=f"dk-big-{i}", source=CSL_ROWS[0]["source"], type="Entity",
                            name=f"Bulk Trading Company Number {i}", remarks="y" * 1000) for i in range(3000)]
    csv_bytes = write_csl(tmp_path / "big.csv", rows).read_bytes()
    assert len(csv_bytes) > 3 * 1024 * 1024
    r = upload(production, "us-csl", ("big.csv", csv_bytes))
    assert r.status_code == 202, r.text
    assert finished(production, r.json()["id"])["state"] == "done"


def test_a_large_list_is_replaced_by_a_small_one_when_replace_says_so(import_server, tmp_path):
    """After the list of several megabytes above: what a list maintainer does when a list was
    imported by mistake."""
    production = import_server.client(PRODUCTION_KEY, "production")
    r = upload(production, "us-csl", ("csl.csv", write_csl(tmp_path / "csl.csv", CSL_ROWS).read_bytes()), replace=True)
    done = finished(production, r.json()["id"])
    assert done["state"] == "done", done["message"]
    assert done["snapshot"]["entities"] == len(CSL_ROWS) - 1


@pytest.mark.parametrize("case", ["unknown-format", "demo-format", "no-format", "no-file", "empty-file-input",
                                  "unexpected-field", "json-body", "no-boundary", "cut-off"])
def test_bad_uploads_are_refused(import_server, case):
    uploader = import_server.client(PRODUCTION_KEY, "production")  # admitted: its input is what is refused
    csv_file = ("csl.csv", b"name,source\nA B,SDN\n")
    if case == "unknown-format":
        r, status, field = upload(uploader, "xlsx", csv_file), 400, "format"
    elif case == "demo-format":
        r, status, field = upload(uploader, "demo", csv_file), 400, "format"
    elif case == "no-format":
        r, status, field = upload(uploader, None, csv_file), 400, "format"
    elif case == "no-file":
        r, status, field = uploader.post(IMPORTS, files={"format": (None, "us-csl")}), 400, "file"
    elif case == "empty-file-input":
        r, status, field = upload(uploader, "us-csl", ("", b"")), 400, "file"
    elif case == "unexpected-field":
        r, status, field = uploader.post(IMPORTS, data={"format": "us-csl", "list": "x"}, files=[("file", csv_file)]), 400, None
    elif case == "json-body":
        r, status, field = uploader.post(IMPORTS, json={"format": "us-csl"}), 415, None
    elif case == "no-boundary":
        r, status, field = uploader.post(IMPORTS, data=b"x", headers={"Content-Type": "multipart/form-data"}), 400, None
    else:
        body = b'--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname,source\n'
        r, status, field = uploader.post(IMPORTS, data=body, headers={"Content-Type": "multipart/form-data; boundary=b"}), 400, None
    assert r.status_code == status, r.text
    assert r.json()["message"]
    if field:
        assert r.json().get("field") == field, r.json()
    no_uploads_left(import_server)


def test_an_upload_over_the_limit_is_refused_with_413_and_leaves_nothing(import_server):
    """A body declared larger than the upload limit (1 GiB) is refused before it is read."""
    import socket
    from urllib.parse import urlsplit

    url = urlsplit(import_server.url)
    part = b'--b\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n\r\nname,source\n'
    head = (f"POST {IMPORTS} HTTP/1.1\r\nHost: {url.netloc}\r\nds-api-token: {PRODUCTION_KEY}\r\n"
            f"Content-Type: multipart/form-data; boundary=b\r\nContent-Length: {2**30 + 1}\r\n\r\n")
    with socket.create_connection((url.hostname, url.port), timeout=10) as s:
        s.sendall(head.encode() + part)
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
    status_line, _, rest = answer.partition(b"\r\n")
    assert b" 413 " in status_line, answer
    body = json.loads(rest.split(b"\r\n\r\n", 1)[1])
    assert "larger than" in body["message"]
    no_uploads_left(import_server)


def test_unknown_import_jobs(import_server):
    sandbox = import_server.client(SANDBOX_KEY, "sandbox")
    r = sandbox.get(f"{IMPORTS}/{uuid.uuid4()}")
    assert r.status_code == 404 and r.json()["error"] == "not_found"
    assert sandbox.get(f"{IMPORTS}/nope").status_code == 400
    assert import_server.client(None).get(IMPORTS).status_code == 401
    assert import_server.client(None).post(IMPORTS, files={"format": (None, "us-csl")}).status_code == 401


def test_only_the_default_organization_may_replace_the_shared_watchlists(import_server, tmp_path):
    """Lists are shared by every organization, so another tenant must not replace them: neither
    its production key nor its admin in the console."""
    srv = import_server
    srv.cli("orgs", "create", "Tenant Without Lists")
    secret, _ = srv.create_key("Tenant Without Lists", "production", "uploader")
    tenant_key = srv.client(secret, "tenant production")
    tenant_admin = sign_in(srv, console_link(srv, "--organization", "Tenant Without Lists"), "production")
    before = srv.client(SANDBOX_KEY, "sandbox").get("/_docket/aml/lists").json()["data"]
    csv_bytes = write_csl(tmp_path / "consolidated.csv", CSL_ROWS).read_bytes()
    for tenant in (tenant_key, tenant_admin):
        r = upload(tenant, "us-csl", ("consolidated.csv", csv_bytes), replace=True)
        assert r.status_code == 403, r.text
        assert "default organization" in r.json()["message"]
    assert srv.client(SANDBOX_KEY, "sandbox").get("/_docket/aml/lists").json()["data"] == before
    no_uploads_left(srv)
