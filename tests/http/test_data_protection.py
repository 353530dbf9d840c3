"""Data protection (issue 16): the data directory and everything Docket writes in it are private
to the account that runs it, on a fresh start and after an upgrade of a directory made with wide
permissions; backups taken while Docket serves restore every acknowledged write, and a damaged
backup is refused before anything is touched."""

from __future__ import annotations

import http.server
import json
import os
import stat
import subprocess
import struct
import tarfile
import threading
import zlib
from pathlib import Path

from conftest import DOCKET_BIN, DocketServer, _child_env, signed_in, wait_for

TIGHTENED = "made the data directory"


def tiny_png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(b"\x00" + bytes(range(64)) for _ in range(48))
    header = struct.pack(">IIBBBBB", 64, 48, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def store_something(srv: DocketServer) -> None:
    """An applicant and an uploaded document, so the database, its log and the file store all
    hold personal data."""
    client = srv.client(srv.sandbox_key, "private")
    applicant = client.create_applicant({"info": {"full_name": "Private Person"}})
    files = [("file", ("passport.png", tiny_png(), "image/png")), ("document_type", (None, "passport"))]
    r = client.post(f"/api/v3/upload/{applicant}", files=files)
    assert r.status_code == 200, r.text


def modes(root: Path) -> dict[str, int]:
    """The mode of the directory and of everything under it, by relative path."""
    found = {".": stat.S_IMODE(root.stat().st_mode)}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            found[str(path.relative_to(root))] = stat.S_IMODE(path.lstat().st_mode)
    return found


def assert_private(root: Path) -> dict[str, int]:
    found = modes(root)
    wide = {p: oct(m) for p, m in found.items() if m & 0o077}
    assert not wide, f"readable by others: {wide}"
    return found


def test_a_fresh_data_directory_and_everything_in_it_are_private(tmp_path: Path):
    data = tmp_path / "new-parent" / "data"  # neither exists: Docket makes both
    srv = DocketServer(data, tmp_path / "stderr.log").start()
    try:
        store_something(srv)
        found = assert_private(data)
        assert found["."] == 0o700 and stat.S_IMODE(data.parent.stat().st_mode) == 0o700
        for name in ("docket.db", "docket.db-wal", "docket.db-shm", "master.key"):
            assert found.get(name) == 0o600, (name, found)
        blobs = [p for p in found if p.startswith("files/") and (data / p).is_file()]
        assert blobs and all(found[p] == 0o600 for p in blobs), found
    finally:
        srv.stop()
    assert TIGHTENED not in srv.stderr(), "nothing needed tightening on a fresh start"


def test_a_directory_made_with_wide_permissions_is_tightened_at_start(docket_factory):
    first = docket_factory()
    store_something(first)
    first.stop()
    # As an older Docket (or a hand-made directory under umask 022) left it.
    for path in [first.data_dir, *first.data_dir.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    assert modes(first.data_dir)["docket.db"] == 0o644

    again = docket_factory(data_dir=first.data_dir)
    store_something(again)
    assert_private(again.data_dir)
    lines = [line for line in again.stderr().splitlines() if TIGHTENED in line]
    assert len(lines) == 1 and "from 0755 to 0700" in lines[0] and "files to 0600" in lines[0], again.stderr()


# --- backups -------------------------------------------------------------------------------------


def test_a_backup_taken_under_write_load_restores_every_acknowledged_write(docket_factory, tmp_path: Path):
    srv = docket_factory()
    client = srv.client(srv.sandbox_key, "backup")
    applicant = client.create_applicant({"external_id": "with a document"})
    files = [("file", ("passport.png", tiny_png(), "image/png")), ("document_type", (None, "passport"))]
    r = client.post(f"/api/v3/upload/{applicant}", files=files)
    assert r.status_code == 200, r.text
    document = r.json()["document_id"]

    acked: list[str] = []
    stop = threading.Event()

    def write() -> None:
        writer = srv.client(srv.sandbox_key, "writer")
        n = 0
        while not stop.is_set():
            n += 1
            acked.append(writer.create_applicant({"external_id": f"load-{threading.get_ident()}-{n}"}))

    threads = [threading.Thread(target=write) for _ in range(4)]
    for t in threads:
        t.start()
    try:
        wait_for(lambda: len(acked) >= 50, what="writes under way")
        before = list(acked)  # acknowledged before the backup began
        archive = tmp_path / "under-load.docket-backup"
        done = srv.cli("backup", str(archive))
        assert "backed up" in done.stdout and "1 stored files" in done.stdout, done.stdout
        during = len(acked) - len(before)
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert during > 0, "the writes went on while the backup ran"
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600

    restored = tmp_path / "restored"
    done = srv.run_cli("--data-dir", str(restored), "restore", str(archive))
    assert done.returncode == 0, done.stderr
    assert "restored" in done.stdout and "with master.key" in done.stdout, done.stdout
    assert_private(restored)
    again = docket_factory(data_dir=restored)
    client = again.client(again.sandbox_key, "restored")
    missing = [a for a in before if client.get(f"/api/v3/applicants/{a}").status_code != 200]
    assert not missing, f"{len(missing)} of {len(before)} acknowledged writes are not in the restore"
    r = client.get(f"/api/v3/documents/{document}")
    assert r.status_code == 200 and r.content == tiny_png(), r.status_code


def test_a_restore_refuses_a_damaged_or_cut_short_backup_and_an_occupied_directory(docket_factory, tmp_path: Path):
    srv = docket_factory()
    store_something(srv)
    archive = tmp_path / "good.docket-backup"
    srv.cli("backup", str(archive))
    check = srv.run_cli("restore", "--check", str(archive))
    assert check.returncode == 0 and "sound backup" in check.stdout, check.stderr

    def refused(path: Path, target: Path, *why: str) -> None:
        done = srv.run_cli("--data-dir", str(target), "restore", str(path))
        assert done.returncode != 0, done.stdout
        assert all(w in done.stderr for w in why), done.stderr
        assert not (target / "docket.db").exists() or target == srv.data_dir

    data = archive.read_bytes()
    cut = tmp_path / "cut.docket-backup"
    cut.write_bytes(data[: len(data) // 2])
    refused(cut, tmp_path / "t1", "not a usable backup")

    # One byte of the database changed inside the archive: its digest no longer matches.
    with tarfile.open(archive) as tar:
        db = tar.getmember("docket.db")
    tampered = bytearray(data)
    tampered[db.offset_data + 100] ^= 0xFF
    bad = tmp_path / "tampered.docket-backup"
    bad.write_bytes(bytes(tampered))
    refused(bad, tmp_path / "t2", "docket.db does not match its manifest")

    refused(archive, srv.data_dir, "already holds a database")
    foreign = tmp_path / "foreign.tar"
    with tarfile.open(foreign, "w") as tar:
        tar.add(__file__, arcname="../../etc/evil")
    refused(foreign, tmp_path / "t3", "unexpected entry")


# --- the console's Data & privacy page -----------------------------------------------------------


def test_the_owner_sees_the_data_directory_and_takes_backups_that_rotate(docket_factory, tmp_path: Path):
    srv = docket_factory()
    store_something(srv)
    owner = signed_in(srv)
    r = owner.get("/_docket/data")
    assert r.status_code == 200, r.text
    status = r.json()
    assert Path(status["data_dir"]).resolve() == srv.data_dir.resolve()
    assert status["private"] is True and status["encrypted"] is False
    assert status["stored_files"] >= 1 and status["database_bytes"] > 0
    assert status["backups"]["folder_is_default"] is True and status["backups"]["keep"] == 7
    assert status["recent_backups"] == []

    folder = tmp_path / "usb" / "docket-backups"
    for bad in ({"folder": "relative/backups"}, {"folder": "C:relative"}, {"keep": 0}, {"keep": 101}, {"keep": "two"},
                {"folder": 7}, {"nope": 1}):
        r = owner.request("PUT", "/_docket/backups/settings", json=bad)
        assert r.status_code == 400 and r.json()["message"], (bad, r.text)
    r = owner.request("PUT", "/_docket/backups/settings", json={"folder": str(folder), "keep": 2})
    assert r.status_code == 200 and r.json() == {"folder": str(folder), "folder_is_default": False, "keep": 2,
                                                 "daily": False, "next_daily_at": None}

    taken = []
    for _ in range(3):
        r = owner.post("/_docket/backups")
        assert r.status_code == 201, r.text
        taken.append(r.json())
    assert all(Path(b["path"]).parent == folder and b["files"] >= 1 and b["taken_by"] for b in taken)
    assert sorted(p.name for p in folder.iterdir()) == sorted(Path(b["path"]).name for b in taken[1:]), \
        "only the newest two are kept"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    recent = owner.get("/_docket/data").json()["recent_backups"]
    assert [b["id"] for b in recent] == [b["id"] for b in reversed(taken)]
    assert recent[-1]["removed_at"] and not recent[0]["removed_at"]
    check = srv.run_cli("restore", "--check", taken[-1]["path"])
    assert check.returncode == 0 and "sound backup" in check.stdout, check.stderr

    # The data directory holds every organization: the machine's owner alone.
    api = srv.client(srv.sandbox_key, "api")
    admin = signed_in(srv, "Data Admin")
    for who in (api, admin):
        for method, path in (("GET", "/_docket/data"), ("POST", "/_docket/backups"),
                             ("PUT", "/_docket/backups/settings")):
            r = who.request(method, path, json={})
            assert r.status_code == 403 and "owner" in r.json()["message"], (method, path, r.text)


def test_a_daily_backup_is_taken_at_once_then_every_day_until_turned_off(docket_factory, tmp_path: Path):
    srv = docket_factory()
    owner = signed_in(srv)
    folder = tmp_path / "daily"
    r = owner.request("PUT", "/_docket/backups/settings", json={"folder": str(folder), "daily": True})
    assert r.status_code == 200 and r.json()["daily"] is True, r.text

    def daily_backup() -> dict | None:
        status = owner.get("/_docket/data").json()
        return next((b for b in status["recent_backups"] if b["taken_by"] == "daily schedule"), None)

    taken = wait_for(daily_backup, timeout=30, what="the first daily backup")
    assert Path(taken["path"]).is_file() and Path(taken["path"]).parent == folder
    settings = wait_for(lambda: (s := owner.get("/_docket/data").json()["backups"])["next_daily_at"] != None and s,
                        what="the next daily backup scheduled")
    hours = (iso(settings["next_daily_at"]) - iso(taken["taken_at"])).total_seconds() / 3600
    assert 23.9 < hours < 24.1, settings

    r = owner.request("PUT", "/_docket/backups/settings", json={"folder": str(folder), "daily": False})
    assert r.status_code == 200 and r.json()["daily"] is False and r.json()["next_daily_at"] is None


def iso(text: str):
    from datetime import datetime
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


# --- erasure on request --------------------------------------------------------------------------


def png_with_text(text: str) -> bytes:
    """The tiny PNG with `text` in a tEXt chunk: a document whose bytes hold the person's name."""
    data = tiny_png()
    chunk_data = b"Comment\x00" + text.encode()
    chunk = struct.pack(">I", len(chunk_data)) + b"tEXt" + chunk_data + \
        struct.pack(">I", zlib.crc32(b"tEXt" + chunk_data) & 0xFFFFFFFF)
    return data[:33] + chunk + data[33:]


def start_receiver() -> tuple[str, http.server.ThreadingHTTPServer]:
    """Webhook receiver: `/ok` accepts, anything else answers 503 (its deliveries stay pending)."""

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length", "0")))
            self.send_response(200 if self.path == "/ok" else 503)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}", httpd


def raw_bytes(data_dir: Path) -> list[tuple[str, bytes]]:
    """Every file in the data directory, as stored."""
    return [(str(p.relative_to(data_dir)), p.read_bytes()) for p in data_dir.rglob("*") if p.is_file()]


def test_deleting_an_applicant_erases_the_person_everywhere_docket_held_them(docket_factory, tmp_path: Path):
    name, email = "Qyzzwv Erasmuskel", "qyzzwv.erasmuskel@example.com"
    srv = docket_factory()
    client = srv.client(srv.sandbox_key, "erasure")
    url, httpd = start_receiver()
    try:
        for path in ("/ok", "/down"):
            r = client.post("/api/v3/organization/webhooks", json={"webhook_url": url + path, "event_types": ["ALL"]})
            assert r.status_code == 200, r.text
        # The value planted through every path that stores it.
        applicant = client.create_applicant({"external_id": "erase-me-7731", "email": email,
                                             "info": {"full_name": name, "email": email}})
        other = client.create_applicant({"info": {"full_name": "Somebody Else Entirely"}})
        r = client.post(f"/api/v3/upload/{applicant}",
                        files=[("file", ("passport.png", png_with_text(name), "image/png")),
                               ("document_type", (None, "passport"))])
        assert r.status_code == 200, r.text
        assert client.post("/api/v3/aml/search", json={"full_name": name}).status_code == 200
        r = client.post("/api/v3/transmon/transaction",
                        json={"applicant_id": applicant, "amount": "12.50", "payee_alias": name})
        assert r.status_code == 201, r.text
        r = client.post("/api/v4/email/checks", json={"email": email, "applicant_id": applicant})
        assert r.status_code in (200, 201), r.text
        # The sandbox registry's record names the applicant.
        r = client.post(f"/api/v4/nondoc/{applicant}/verify",
                        json={"verification_type": "NONDOC_NIGERIA_BVN_BASIC", "request_data": {"bvn": "22345678901"}})
        assert r.status_code == 200 and name in r.text, r.text
        r = client.post("/api/v3/transmon/transaction", json={"applicant_id": other, "amount": "3.00"})
        assert r.status_code == 201, r.text
        # Some deliveries reach /ok, the others wait at /down.
        wait_for(lambda: len([d for d in client.get("/api/v3/notifications/webhook/history", params={"limit": 100}).json()["data"]
                              if d["state"] == "delivered"]) >= 3, what="delivered webhooks")
        before = client.get("/api/v3/notifications/webhook/history", params={"limit": 100}).json()["data"]
        assert any(d["state"] == "pending" for d in before)

        r = client.delete(f"/api/v3/applicants/{applicant}")
        assert r.status_code == 200, r.text
        assert client.get(f"/api/v3/applicants/{applicant}").status_code == 404
        assert client.get(f"/api/v3/applicants/{other}").status_code == 200, "only the person is erased"
        log = client.get("/_docket/erasures")
        assert log.status_code == 200, log.text
        entry = log.json()["data"][0]
        assert entry["subject_id"] == applicant and entry["subject_kind"] == "applicant"
        assert entry["erased_by"].startswith("API key")
        for what in ("applicants", "aml_searches", "transmon_events", "email_checks", "nondoc_checks", "events", "files",
                     "verification_documents", "journal_bodies", "deliveries_deleted", "deliveries_redacted"):
            assert entry["removed"].get(what, 0) >= 1, (what, entry["removed"])
        assert name not in log.text and email not in log.text
        after = client.get("/api/v3/notifications/webhook/history", params={"limit": 100}).json()["data"]
        assert not any(d["state"] == "pending" and d["id"] in {b["id"] for b in before if applicant in str(b)}
                       for d in after)
        journal = client.get("/_docket/requests", params={"limit": 200}).text
        assert name not in journal and email not in journal and "erased on request" in journal
    finally:
        httpd.shutdown()
    srv.stop()

    # Nothing of the person in the database, its log or the file store, byte for byte.
    found = [(path, needle) for path, data in raw_bytes(srv.data_dir)
             for needle in (name.encode(), email.encode(), name.lower().encode(), b"Erasmuskel")
             if needle in data]
    assert not found, f"still stored: {found}"


def test_an_applicant_renamed_then_erased_leaves_no_trace_of_any_name_it_held(docket_factory):
    """Renamed and given a new address and phone, screened under both names, then erased: the
    search history, the journal and the data directory keep nothing of either name."""
    old, new = ("Qyzzwv Oldmarrow", "Qyzzwv Newbright")
    old_email, new_email = "qyzzwv.oldmarrow@example.com", "qyzzwv.newbright@example.com"
    old_phone = "+44 20 7946 0391"
    srv = docket_factory()
    client = srv.client(srv.sandbox_key, "rename-erasure")
    # Created with first and last names apart (never one phrase in the request).
    applicant = client.create_applicant({"email": old_email, "phone": old_phone,
                                         "info": {"first_name": "Qyzzwv", "last_name": "Oldmarrow"}})
    other = client.create_applicant({"info": {"full_name": "Somebody Else Entirely"}})
    assert client.post("/api/v3/aml/search", json={"full_name": old}).status_code == 200
    r = client.post(f"/api/v3/applicants/{applicant}", json={
        "info": {"full_name": new, "first_name": None, "last_name": None}, "email": new_email, "phone": None})
    assert r.status_code == 200, r.text
    assert new in r.text and old not in r.text
    assert client.post("/api/v3/aml/search", json={"full_name": new}).status_code == 200
    # Looked for by the earlier name, percent-encoded in the query.
    assert client.get("/api/v3/aml/search/history", params={"name": old}).status_code == 200
    assert client.get("/api/v3/applicants", params={"name": "Qyzzwv Oldmarrow"}).status_code == 200
    r = client.post("/api/v4/email/checks", json={"email": old_email})
    assert r.status_code in (200, 201), r.text
    history = client.get("/api/v3/aml/search/history", params={"limit": 100}).json()["data"]
    assert {old, new} <= {h["requested_name"] for h in history}

    r = client.delete(f"/api/v3/applicants/{applicant}")
    assert r.status_code == 200, r.text
    assert client.get(f"/api/v3/applicants/{other}").status_code == 200, "only the person is erased"

    history = client.get("/api/v3/aml/search/history", params={"limit": 100}).text
    journal = client.get("/_docket/requests", params={"limit": 200}).text
    checks = client.get("/api/v4/email/checks", params={"limit": 100}).text
    for gone in (old, new, "Oldmarrow", "Newbright", old_email, new_email, "7946 0391"):
        assert gone not in history, f"the search history still names {gone}"
        assert gone not in journal, f"the journal still names {gone}"
        assert gone not in checks, f"an e-mail check still names {gone}"
    assert "Somebody Else Entirely" in journal, "another person's requests stay"
    srv.stop()

    # Nothing of either name in the database, its log or the file store, byte for byte.
    needles = [n.encode() for n in (old, new, "Qyzzwv", "qyzzwv", "Oldmarrow", "oldmarrow", "Newbright", "newbright",
                                    old_email, new_email, "7946 0391")]
    found = [(path, needle) for path, data in raw_bytes(srv.data_dir) for needle in needles if needle in data]
    assert not found, f"still stored: {found}"


def test_erasure_refuses_unknown_ids_and_works_from_the_command_line(docket_factory):
    srv = docket_factory()
    client = srv.client(srv.sandbox_key, "erasure-cli")
    applicant = client.create_applicant({"info": {"full_name": "Command Line Person"}})
    assert client.delete("/api/v3/applicants/00000000-0000-7000-8000-000000000000").status_code == 404
    assert client.delete("/api/v3/applicants/nope").status_code == 400
    done = srv.run_cli("--data-dir", str(srv.data_dir), "erase", "--applicant", applicant)
    assert done.returncode == 0 and "erased applicant" in done.stdout and "applicants 1" in done.stdout, done.stderr
    assert client.get(f"/api/v3/applicants/{applicant}").status_code == 404
    log = client.get("/_docket/erasures").json()["data"]
    assert log[0]["subject_id"] == applicant and log[0]["erased_by"] == "docket erase"
    bad = srv.run_cli("--data-dir", str(srv.data_dir), "erase", "--applicant", applicant)
    assert bad.returncode != 0 and "not found" in bad.stderr


# --- retention -----------------------------------------------------------------------------------


def test_retention_is_set_per_environment_and_enforced_at_once(docket_factory):
    srv = docket_factory()
    sandbox, production = srv.client(srv.sandbox_key, "retention"), srv.client(srv.production_key, "retention-prod")
    admin = signed_in(srv)  # the machine's owner: retention is an admin's, in the console
    defaults = {"journal_days": 7, "journal_days_max": 7, "deliveries_days": 30, "search_history_days": None,
                "case_files_days": None, "deepfake_analyses_days": None,
                "bank_statements_days": None}
    assert sandbox.get("/_docket/retention").json() == defaults
    for key in (sandbox, production):
        r = key.request("PUT", "/_docket/retention", json={"journal_days": 1})
        assert r.status_code == 403 and "console control" in r.json()["message"], r.text
    for bad in ({"journal_days": 0}, {"journal_days": 8}, {"deliveries_days": 0}, {"deliveries_days": 366},
                {"search_history_days": 0}, {"search_history_days": "two"}, {"case_files_days": 0},
                {"case_files_days": 3651}, {"keep": 1}):
        r = admin.put("/_docket/retention", json=bad)
        assert r.status_code == 400 and r.json()["message"], (bad, r.text)
    assert sandbox.get("/_docket/retention").json() == defaults, "a refused change changed nothing"

    assert sandbox.post("/api/v3/aml/search", json={"full_name": "Old Search Person"}).status_code == 200
    assert production.post("/api/v3/aml/search", json={"full_name": "Old Search Person"}).status_code == 200
    assert sandbox.post("/_docket/clock/advance", json={"by": "72h"}).status_code == 200
    assert sandbox.post("/api/v3/aml/search", json={"full_name": "New Search Person"}).status_code == 200

    r = admin.put("/_docket/retention", json={"journal_days": 3, "deliveries_days": 10, "search_history_days": 2})
    assert r.status_code == 200, r.text
    assert r.json() == {"journal_days": 3, "journal_days_max": 7, "deliveries_days": 10, "search_history_days": 2,
                        "case_files_days": None, "deepfake_analyses_days": None,
                        "bank_statements_days": None}
    names = [s["requested_name"] for s in sandbox.get("/api/v3/aml/search/history").json()["data"]]
    assert "New Search Person" in names and "Old Search Person" not in names, names
    assert sandbox.get("/_docket/webhooks/settings").json()["retention_days"] == 10
    # Production keeps its own settings and its search.
    assert production.get("/_docket/retention").json() == defaults
    names = [s["requested_name"] for s in production.get("/api/v3/aml/search/history").json()["data"]]
    assert "Old Search Person" in names
    # A field left out takes its default again.
    r = admin.put("/_docket/retention", json={})
    assert r.status_code == 200 and r.json() == defaults

    # Each change is on the sandbox's audit chain with who made it and what it was before.
    me = admin.me()
    changes = [e for e in sandbox.get("/_docket/audit", params={"limit": 100}).json()["data"]
               if e["kind"] == "retention_changed"]
    assert len(changes) == 2, changes
    assert {(e["actor"], e["reviewer_id"]) for e in changes} == {(f"reviewer:{me['name']}", me["id"])}
    newest, first = changes
    assert first["data"]["after"]["journal_days"] == 3 and first["data"]["before"]["journal_days"] is None
    assert newest["data"]["before"]["search_history_days"] == 2 and newest["data"]["after"]["search_history_days"] is None
    assert not [e for e in production.get("/_docket/audit", params={"limit": 100}).json()["data"]
                if e["kind"] == "retention_changed"]
    assert sandbox.get("/_docket/audit/verify").json()["ok"]


# --- encryption at rest --------------------------------------------------------------------------

SECRET_NAME = "Xantippa Vellacourt"


def plant_secret(srv: DocketServer) -> tuple[str, str, bytes]:
    """An applicant and a document that both hold SECRET_NAME: (applicant id, document id, bytes)."""
    client = srv.client(srv.sandbox_key, "encrypted")
    applicant = client.create_applicant({"external_id": "enc-8812", "info": {"full_name": SECRET_NAME}})
    document = png_with_text(SECRET_NAME)
    r = client.post(f"/api/v3/upload/{applicant}",
                    files=[("file", ("passport.png", document, "image/png")), ("document_type", (None, "passport"))])
    assert r.status_code == 200, r.text
    return applicant, r.json()["document_id"], document


def assert_readable(srv: DocketServer, planted: tuple[str, str, bytes]) -> None:
    applicant, document_id, document = planted
    client = srv.client(srv.sandbox_key, "encrypted")
    r = client.get(f"/api/v3/applicants/{applicant}")
    assert r.status_code == 200 and SECRET_NAME in r.text, r.text
    r = client.get(f"/api/v3/documents/{document_id}")
    assert r.status_code == 200 and r.content == document


def plain_hits(data_dir: Path, *needles: bytes) -> list[str]:
    return [f"{name}: {needle!r}" for name, raw in raw_bytes(data_dir) for needle in needles if needle in raw]


def keygen(srv: DocketServer, path: Path) -> Path:
    done = srv.run_cli("db", "keygen", str(path))
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and len(path.read_text().strip()) == 64
    return path


def test_a_command_on_an_encrypted_database_exits_cleanly(docket_factory, tmp_path: Path):
    # The database's threads closed their connections while the exit handlers tore SQLCipher
    # down: about one run in six crashed (SIGSEGV) instead of exiting with its error.
    key = tmp_path / "docket.key"
    DocketServer(tmp_path, tmp_path / "unused.log").run_cli("db", "keygen", str(key))
    srv = docket_factory(key_file=key)
    args = ("--data-dir", str(srv.data_dir), *srv.key_args, "console", "link", "--url", srv.url, "--reviewer", "Nobody")
    codes = [srv.run_cli(*args).returncode for _ in range(30)]
    assert codes == [1] * 30, codes


def vector_pdf(text: bytes) -> bytes:
    """A one-page PDF that draws `text`, with no picture inside (only rendering previews it)."""
    content = b"BT /F1 24 Tf 72 720 Td (" + text + b") Tj ET"
    return (b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
            b"2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
            b"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj\n"
            + f"4 0 obj << /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream\nendobj\n"
            b"trailer << /Root 1 0 R >>\n%%EOF\n")


def test_a_pdf_is_previewed_without_a_decrypted_copy_in_the_temporary_directory(docket_factory, tmp_path: Path):
    # poppler read the document from a file written to the temporary directory: a decrypted
    # copy of a private document outside the encrypted data directory. The server's temporary
    # directory here cannot be created, and the first page is still rendered.
    key = tmp_path / "docket.key"
    DocketServer(tmp_path, tmp_path / "unused.log").run_cli("db", "keygen", str(key))
    (tmp_path / "not-a-directory").write_text("")
    srv = docket_factory(key_file=key, env={"TMPDIR": str(tmp_path / "not-a-directory" / "tmp")})
    client = srv.client(srv.sandbox_key, "encrypted")
    applicant = client.create_applicant({"external_id": "enc-pdf-1", "info": {"full_name": SECRET_NAME}})
    files = {"file": ("passport.pdf", vector_pdf(b"PASSPORT"), "application/pdf"),
             "document_type": (None, "passport")}
    r = client.post(f"/api/v3/upload/{applicant}", files=files)
    assert r.status_code == 200, r.text
    document_id = r.json()["document_id"]
    r = client.get(f"/api/v3/documents/{document_id}/preview")
    assert r.status_code == 200, r.text
    assert r.headers["Content-Type"] == "image/jpeg" and r.content[:2] == b"\xff\xd8"


def test_an_encrypted_server_keeps_nothing_plain_and_refuses_a_missing_or_wrong_key(docket_factory, tmp_path: Path):
    key = tmp_path / "docket.key"
    DocketServer(tmp_path, tmp_path / "unused.log").run_cli("db", "keygen", str(key))
    srv = docket_factory(key_file=key)
    planted = plant_secret(srv)
    assert_readable(srv, planted)
    owner = signed_in(srv)
    assert owner.get("/_docket/data").json()["encrypted"] is True
    # The owner can see the key to keep a copy; nobody else; and the journal never holds it.
    r = owner.get("/_docket/data/key")
    assert r.status_code == 200 and r.json() == {"key": key.read_text().strip(), "form": "hex"}, r.text
    assert signed_in(srv, "Key Admin").get("/_docket/data/key").status_code == 403
    assert srv.client(srv.sandbox_key, "api").get("/_docket/data/key").status_code == 403
    journal = owner.get("/_docket/requests", params={"limit": 200}).text
    assert "/_docket/data/key" in journal and key.read_text().strip() not in journal
    r = owner.post("/_docket/backups")
    assert r.status_code == 201, r.text
    backup = Path(r.json()["path"])
    srv.stop()

    document = planted[2]
    assert plain_hits(srv.data_dir, SECRET_NAME.encode(), document[33:80], b"SQLite format 3") == []
    assert SECRET_NAME.encode() not in backup.read_bytes()
    with tarfile.open(backup) as tar:
        manifest = tar.extractfile("manifest.json").read()
    assert b'"encrypted": true' in manifest

    data = ("--data-dir", str(srv.data_dir))
    missing = srv.run_cli(*data, "info")
    assert missing.returncode != 0 and "is encrypted" in missing.stderr and "DOCKET_DATABASE_KEY" in missing.stderr
    wrong = keygen(srv, tmp_path / "wrong.key")
    refused = srv.run_cli(*data, "--database-key-file", str(wrong), "info")
    assert refused.returncode != 0 and "does not open" in refused.stderr, refused.stderr
    short = subprocess.run([DOCKET_BIN, *data, "info"], capture_output=True, text=True, timeout=30,
                           env={**_child_env(None, None), "DOCKET_DATABASE_KEY": "too short"})
    assert short.returncode == 2 and "at least 12" in short.stderr, short.stderr
    status = srv.run_cli(*data, "--database-key-file", str(key), "db", "status")
    assert status.returncode == 0 and "the given key opens it" in status.stdout

    # The backup restores with its key only, and the copy serves what was planted.
    restored = tmp_path / "restored"
    without = srv.run_cli("--data-dir", str(restored), "restore", str(backup))
    assert without.returncode != 0 and "is encrypted" in without.stderr, without.stderr
    done = srv.run_cli("--data-dir", str(restored), "--database-key-file", str(key), "restore", str(backup))
    assert done.returncode == 0 and "encrypted database" in done.stdout, done.stderr
    assert_readable(docket_factory(data_dir=restored, key_file=key), planted)


def test_a_plain_directory_is_encrypted_rekeyed_and_decrypted_in_place(docket_factory, tmp_path: Path):
    srv = docket_factory()
    planted = plant_secret(srv)
    r = signed_in(srv).get("/_docket/data/key")
    assert r.status_code == 409 and "not encrypted" in r.json()["message"]
    data = ("--data-dir", str(srv.data_dir))
    key = keygen(srv, tmp_path / "first.key")
    running = srv.run_cli(*data, "--database-key-file", str(key), "db", "encrypt")
    assert running.returncode != 0 and "stop it first" in running.stderr, running.stderr
    srv.stop()
    assert plain_hits(srv.data_dir, SECRET_NAME.encode()), "plain to begin with"

    done = srv.run_cli(*data, "--database-key-file", str(key), "db", "encrypt")
    assert done.returncode == 0 and "encrypted" in done.stdout and "1 stored files" in done.stdout, done.stderr
    assert plain_hits(srv.data_dir, SECRET_NAME.encode(), planted[2][33:80]) == []
    assert_readable(encrypted := docket_factory(data_dir=srv.data_dir, key_file=key), planted)
    encrypted.stop()

    second = keygen(srv, tmp_path / "second.key")
    done = srv.run_cli(*data, "--database-key-file", str(key), "db", "rekey", "--new-key-file", str(second))
    assert done.returncode == 0 and "rekeyed" in done.stdout, done.stderr
    assert "does not open" in srv.run_cli(*data, "--database-key-file", str(key), "info").stderr
    done = srv.run_cli(*data, "--database-key-file", str(second), "db", "decrypt")
    assert done.returncode == 0 and "decrypted" in done.stdout, done.stderr
    done = srv.run_cli(*data, "db", "vacuum")
    assert done.returncode == 0 and "vacuumed" in done.stdout, done.stderr
    assert_readable(docket_factory(data_dir=srv.data_dir), planted)


# --- erasure of a KYB case -----------------------------------------------------------------------


def test_erasing_a_kyb_case_leaves_nothing_of_it_and_the_audit_chain_still_verifies(docket_factory, poll):
    from test_desk import verify_like_the_guide
    from test_kyb import K, fill, finish

    srv = docket_factory()
    sandbox = srv.client(srv.sandbox_key, "case-erasure")
    r = sandbox.post(K, json={"external_id": "erase-case-5521"})
    assert r.status_code == 201, r.text
    case = r.json()
    fill(sandbox, f"{K}/{case['id']}", director="Brackenridge")
    assert sandbox.post(f"{K}/{case['id']}/submit").status_code == 200
    finish(sandbox, poll, case["id"])
    owner = signed_in(srv)
    r = owner.post(f"{K}/{case['id']}/comments", json={"body": "Called Tom Brackenridge about the shares"})
    assert r.status_code in (200, 201), r.text
    before = owner.get("/_docket/audit", params={"case_id": case["id"], "limit": 100}).json()["data"]
    assert before and any("Brackenridge" in json.dumps(e["data"]) for e in before)

    assert owner.request("DELETE", f"{K}/00000000-0000-7000-8000-000000000000").status_code == 404
    r = owner.request("DELETE", f"{K}/{case['id']}")
    assert r.status_code == 200, r.text
    erasure = r.json()
    assert erasure["subject_kind"] == "kyb_case" and erasure["subject_id"] == case["id"]
    removed = erasure["removed"]
    assert removed["kyb_cases"] == 1 and removed["files"] == 3 and removed["audit_events_emptied"] == len(before)
    assert removed.get("aml_searches", 0) >= 1 and removed.get("journal_bodies", 0) >= 1, removed
    assert sandbox.get(f"{K}/{case['id']}").status_code == 404
    assert owner.request("DELETE", f"{K}/{case['id']}").status_code == 404
    assert sandbox.get("/_docket/erasures").json()["data"][0]["id"] == erasure["id"]
    # The business's applicant stays: only the case was asked for.
    assert sandbox.get(f"/api/v3/applicants/{case['applicant_id']}").status_code == 200

    verified = owner.get("/_docket/audit/verify").json()
    assert verified["ok"] is True and verified["erased_events"] == len(before), verified
    export = owner.get("/_docket/audit/export")
    assert verify_like_the_guide(export.text)[0] is True
    assert "Brackenridge" not in export.text and "Brightwater" not in export.text
    after = owner.get("/_docket/audit", params={"case_id": case["id"], "limit": 100}).json()["data"]
    assert after[0]["kind"] == "erased" and len(after[0]["data"]["events"]) == len(before)
    srv.stop()

    needles = (b"Brackenridge", b"Brightwater", b"amelia@brightwater.example", b"Amelia Hart", b"09876543")
    found = [(path, needle) for path, data in raw_bytes(srv.data_dir) for needle in needles if needle in data]
    assert not found, f"still stored: {found}"


def test_a_decided_case_keeps_its_documents_for_the_set_days_then_only_its_record(docket_factory, poll):
    from test_kyb import K, fill, finish

    srv = docket_factory()
    sandbox = srv.client(srv.sandbox_key, "case-retention")
    cases = []
    for external_id in ("retained-1", "retained-2"):
        r = sandbox.post(K, json={"external_id": external_id})
        assert r.status_code == 201, r.text
        cases.append(r.json())
    fill(sandbox, f"{K}/{cases[0]['id']}")
    assert sandbox.post(f"{K}/{cases[0]['id']}/submit").status_code == 200
    decided = finish(sandbox, poll, cases[0]["id"])
    assert decided["status"] in ("approved", "rejected"), decided["status"]
    fill(sandbox, f"{K}/{cases[1]['id']}", number="07654321")  # never submitted: not decided
    documents = decided["documents"]
    assert len(documents) == 3

    admin = signed_in(srv)
    r = admin.put("/_docket/retention", json={"case_files_days": 3})
    assert r.status_code == 200 and r.json()["case_files_days"] == 3, r.text
    assert len(sandbox.get(f"{K}/{cases[0]['id']}").json()["documents"]) == 3, "decided today: kept"

    assert sandbox.post("/_docket/clock/advance", json={"by": "96h"}).status_code == 200
    r = admin.put("/_docket/retention", json={"case_files_days": 3})  # enforced at once
    assert r.status_code == 200, r.text
    after = sandbox.get(f"{K}/{cases[0]['id']}").json()
    assert after["documents"] == [] and after["status"] == decided["status"], "the record and decision stay"
    expired = [e for e in after["timeline"] if e["kind"] == "documents_expired"]
    assert len(expired) == 1 and expired[0]["detail"] == {"files": 3, "retention_days": 3}, after["timeline"][-3:]
    for doc in documents:
        assert sandbox.get(f"{K}/{cases[0]['id']}/documents/{doc['file_id']}").status_code == 404
    assert len(sandbox.get(f"{K}/{cases[1]['id']}").json()["documents"]) == 3, "an undecided case keeps its own"
    # Each case's three documents are one content (one blob): the undecided case's is left.
    store = srv.data_dir / "files"
    blobs = [p for p in store.rglob("*") if p.is_file() and p.relative_to(store).parts[0] != "tmp"]
    assert len(blobs) == 1, blobs


def test_one_verification_and_one_email_check_are_erased_on_their_own(docket_factory, poll):
    from test_verifications import V, create, fill
    from test_verifications import finish as finish_verification

    srv = docket_factory()
    client = srv.client(srv.sandbox_key, "erase-one")
    v = create(client)
    fill(client, v, seed=4242)
    done = finish_verification(client, v, poll)
    documents = done["document_ids"]
    assert len(documents) == 2, done
    r = client.delete(f"{V}/{v['id']}")
    assert r.status_code == 200, r.text
    entry = r.json()
    assert entry["subject_kind"] == "verification" and entry["removed"]["verifications"] == 1
    assert entry["removed"]["verification_documents"] == 2 and entry["removed"]["files"] == 2, entry
    assert client.get(f"{V}/{v['id']}").status_code == 404
    assert client.delete(f"{V}/{v['id']}").status_code == 404
    assert client.get(f"/api/v3/applicants/{v['applicant_id']}").status_code == 200, "the applicant stays"
    for document in documents:
        assert client.get(f"/api/v3/documents/{document}").status_code == 404

    address = "zed.erasable-9931@example.com"
    r = client.post("/api/v4/email/checks", json={"email": address})
    assert r.status_code in (200, 201), r.text
    check = r.json()["id"]
    r = client.delete(f"/api/v4/email/checks/{check}")
    assert r.status_code == 200 and r.json()["subject_kind"] == "email_check", r.text
    assert client.get(f"/api/v4/email/checks/{check}").status_code == 404
    assert address not in client.get("/_docket/email/outbox").text
    assert client.delete("/api/v4/email/checks/nope").status_code == 400
    kinds = [e["subject_kind"] for e in client.get("/_docket/erasures").json()["data"]]
    assert kinds[:2] == ["email_check", "verification"]
    srv.stop()
    found = [path for path, data in raw_bytes(srv.data_dir) if address.encode() in data]
    assert not found, f"still stored: {found}"
