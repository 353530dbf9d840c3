"""Who may frame Docket's pages (issue 32, item 8): the hosted pages (the KYB widget, the
verification pages) only Docket itself and the sites the organization lists, which only an admin
in the console sets (on the production audit chain); the console and everything else, no one."""

from __future__ import annotations

import requests

from conftest import HTTP_TIMEOUT
from conftest import Console, signed_in

SETTINGS = "/_docket/organization/settings"


def frame_policy(response: requests.Response) -> tuple[str, str | None]:
    """The response's `frame-ancestors` directive and its `X-Frame-Options`."""
    csp = response.headers.get("Content-Security-Policy", "")
    directives = [d.strip() for d in csp.split(";") if d.strip().startswith("frame-ancestors")]
    assert len(directives) == 1, f"one frame-ancestors directive: {csp!r}"
    return directives[0], response.headers.get("X-Frame-Options")


def hosted_pages(srv) -> list[str]:
    """A KYB widget, a verification's page and a profile link's page, all of the organization."""
    sandbox = srv.client(srv.sandbox_key, "framing")
    production = srv.client(srv.production_key, "framing")
    r = sandbox.post("/api/v4/kyb/verifications", json={"external_id": "framed-merchant"})
    assert r.status_code == 201, r.text
    widget = "/kyb/widget/" + r.json()["widget_path"].rsplit("/", 1)[1]
    r = production.post("/api/v3/verifications", json={})
    assert r.status_code == 201, r.text
    verification = "/v/" + r.json()["verification_url_id"]
    r = sandbox.post("/api/v3/profiles", json={"name": "framed"})
    assert r.status_code in (200, 201), r.text
    r = sandbox.post(f"/api/v3/profiles/{r.json()['id']}/link", json={"expiration_in_minutes": 60})
    assert r.status_code == 200, r.text
    return [widget, verification, "/vp/" + r.json()["link_id"]]


def test_hosted_pages_are_framed_by_docket_and_the_sites_an_admin_lists_only(docket_factory):
    srv = docket_factory()
    pages = hosted_pages(srv)
    unknown = ["/kyb/widget/" + "0" * 48, "/v/NOSUCHSHORTID", "/vp/NOSUCHLINK"]

    def get(path: str) -> requests.Response:
        r = requests.get(srv.url + path, timeout=HTTP_TIMEOUT)
        assert r.status_code == 200 and r.headers["Content-Type"].startswith("text/html"), (path, r.status_code)
        return r

    # By default: Docket itself only, and X-Frame-Options says the same.
    for path in pages + unknown:
        assert frame_policy(get(path)) == ("frame-ancestors 'self'", "SAMEORIGIN"), path

    admin = Console(srv.url, environment="sandbox")
    assert admin.login(srv.console_link).status_code == 303
    assert admin.get(SETTINGS).json()["frame_origins"] == []
    r = admin.request("PUT", SETTINGS, json={"frame_origins": ["HTTPS://Shop.Example.com/", "http://localhost:5173",
                                                               "https://shop.example.com:443"]})
    assert r.status_code == 200, r.text
    listed = ["https://shop.example.com", "http://localhost:5173"]
    assert r.json()["frame_origins"] == listed
    assert admin.get(SETTINGS).json()["frame_origins"] == listed

    # Every page of the organization, in both environments; no X-Frame-Options to disagree.
    for path in pages:
        assert frame_policy(get(path)) == ("frame-ancestors 'self' " + " ".join(listed), None), path
    for path in unknown:
        assert frame_policy(get(path)) == ("frame-ancestors 'self'", "SAMEORIGIN"), path
    # The rest of the page's policy stays.
    assert "default-src 'self'" in get(pages[0]).headers["Content-Security-Policy"]

    # What a security review refuses, with a reason; the list stays as it was.
    for bad, says in [
        (["*"], "wildcard"),
        (["https://*.example.com"], "wildcard"),
        (["https://shop.example.com/kyc"], "no path"),
        (["http://shop.example.com"], "https"),
        (["https://203.0.113.7"], "host name"),
        (["https://shop.example.com; script-src 'unsafe-eval'"], "host name"),
        ([f"https://s{i}.example.com" for i in range(21)], "at most 20"),
        ("https://shop.example.com", "frame_origins"),
    ]:
        r = admin.request("PUT", SETTINGS, json={"frame_origins": bad})
        assert r.status_code == 400 and says in r.json()["message"], (bad, r.status_code, r.text)
    r = admin.request("PUT", SETTINGS, json={"frame_origin": []})
    assert r.status_code == 400, "an unknown field is refused"
    assert admin.get(SETTINGS).json()["frame_origins"] == listed

    # Nobody but an admin in the console reads or sets the list.
    for key in (srv.sandbox_key, srv.production_key):
        client = srv.client(key, "framing-key")
        assert client.get(SETTINGS).status_code == 403
        r = client.request("PUT", SETTINGS, json={"frame_origins": ["https://evil.example"]})
        assert r.status_code == 403, r.text
    anyone = requests.put(srv.url + SETTINGS, json={"frame_origins": ["https://evil.example"]}, timeout=HTTP_TIMEOUT)
    assert anyone.status_code == 401, anyone.text
    for name, role in (("Rowan Reviewer", "reviewer"), ("Sasha Senior", "senior")):
        console = signed_in(srv, name, role)
        assert console.get(SETTINGS).status_code == 403
        r = console.request("PUT", SETTINGS, json={"frame_origins": ["https://evil.example"]})
        assert r.status_code == 403, r.text
    for path in pages:
        assert "evil.example" not in get(path).headers["Content-Security-Policy"]

    # Each change is on the production chain with who made it, whichever environment was shown.
    owner_in_production = Console(srv.url, environment="production")
    owner_in_production.session.cookies.update(admin.session.cookies)
    events = owner_in_production.get("/_docket/audit", params={"limit": 100}).json()["data"]
    changed = [e for e in events if e["kind"] == "organization_settings_changed"]
    assert len(changed) == 1, changed
    assert changed[0]["actor"].startswith("reviewer:") and changed[0]["reviewer_id"]
    assert [changed[0]["data"][k]["frame_origins"] for k in ("before", "after")] == [[], listed]
    assert owner_in_production.get("/_docket/audit/verify").json()["ok"] is True
    sandbox_events = admin.get("/_docket/audit", params={"limit": 100}).json()["data"]
    assert not [e for e in sandbox_events if e["kind"] == "organization_settings_changed"]

    # Emptied again: Docket's own pages only.
    r = admin.request("PUT", SETTINGS, json={"frame_origins": []})
    assert r.status_code == 200 and r.json()["frame_origins"] == []
    for path in pages:
        assert frame_policy(get(path)) == ("frame-ancestors 'self'", "SAMEORIGIN"), path


def test_the_console_and_everything_else_is_framed_by_no_one(docket_factory):
    srv = docket_factory()
    owner = Console(srv.url)
    assert owner.login(srv.console_link).status_code == 303
    for response in [
        requests.get(srv.url + "/", timeout=HTTP_TIMEOUT),
        requests.get(srv.url + "/applicants", timeout=HTTP_TIMEOUT),
        requests.get(srv.url + "/docs", timeout=HTTP_TIMEOUT),
        requests.get(srv.url + "/healthz", timeout=HTTP_TIMEOUT),
        owner.get("/_docket/me"),
        srv.client(srv.sandbox_key, "framing").get("/api/v3/applicants"),
        requests.get(srv.url + "/api/v3/applicants", timeout=HTTP_TIMEOUT),
    ]:
        assert frame_policy(response) == ("frame-ancestors 'none'", "DENY"), response.url
