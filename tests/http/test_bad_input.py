"""Bad requests: one table of them, each with the status and message it must get.

Every answer must be a JSON object with `message` and `error` (the code of its status), and none
may be a 500. After the table the server must still be healthy and have lost nothing.
"""

from __future__ import annotations

import json
import re
import subprocess
import uuid
from urllib.parse import quote
from dataclasses import dataclass, field
from typing import Any

import pytest

from conftest import DOCKET_BIN, _child_env

A = "/api/v3/applicants"
J = "/_docket/requests"
JSON = {"Content-Type": "application/json"}
SQLISH = "'; DROP TABLE applicants; --"
RTL_ZW = "\u202eghost\u200b\u200d"  # right-to-left override, zero-width space and joiner
ERROR_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
               405: "method_not_allowed", 409: "conflict", 413: "payload_too_large",
               415: "unsupported_media_type"}


@dataclass
class Case:
    method: str
    path: str
    status: int
    message: str                      # a regular expression searched in `message`
    json: Any = None
    data: Any = None                  # bytes/str, or a callable making them (for generators)
    params: Any = None
    headers: dict = field(default_factory=dict)
    auth: str = "sandbox"             # sandbox | production | none | unknown | revoked | long
    field: str | None = None          # the `field` the answer must name, where the server sets it


def case(id: str, *args: Any, marks: Any = (), **kwargs: Any) -> Any:
    return pytest.param(Case(*args, **kwargs), id=id, marks=marks)


def _oversize_chunks():
    for _ in range(1100):
        yield b" " * 1024


CASES = [
    # --- body syntax ----------------------------------------------------------------------------
    case("malformed-json", "POST", A, 400, r"^malformed JSON", data='{"external_id": ', headers=JSON),
    case("trailing-garbage", "POST", A, 400, r"^malformed JSON: trailing characters", data='{"external_id": "a"} x', headers=JSON),
    case("top-level-array", "POST", A, 400, r"body must be a JSON object", data='[{"external_id": "a"}]', headers=JSON),
    case("top-level-number", "POST", A, 400, r"body must be a JSON object", data="42", headers=JSON),
    case("top-level-string", "POST", A, 400, r"body must be a JSON object", data='"hello"', headers=JSON),
    case("top-level-null", "POST", A, 400, r"body must be a JSON object", data="null", headers=JSON),
    case("invalid-utf8", "POST", A, 400, r"^malformed JSON", data=b'{"external_id": "\xff\xfe"}', headers=JSON),
    case("lone-surrogate-escape", "POST", A, 400, r"^malformed JSON", data='{"info": {"full_name": "\\ud800"}}', headers=JSON),
    # --- wrong types, top level and nested ------------------------------------------------------
    case("external-id-number", "POST", A, 400, r"^external_id: invalid type: integer `5`, expected a string", json={"external_id": 5}),
    case("info-as-string", "POST", A, 400, r"^info: invalid type: string \"John\", expected a JSON object", json={"info": "John"}),
    case("dob-as-number", "POST", A, 400, r"^info\.dob: invalid type: integer `19871224`, expected a string", json={"info": {"dob": 19871224}}),
    case("aml-enabled-as-string", "POST", A, 400, r"^aml_screening_enabled: invalid type: string \"yes\", expected a boolean", json={"aml_screening_enabled": "yes"}),
    case("tags-not-an-array", "POST", A, 400, r"^search_options\.tags: invalid type: string \"Finance\", expected an array", json={"search_options": {"tags": "Finance"}}),
    case("search-options-as-string", "POST", A, 400, r"^search_options: invalid type", json={"search_options": "all"}),
    case("custom-fields-as-array", "POST", A, 400, r"^info\.custom_fields: invalid type: sequence, expected an object", json={"info": {"custom_fields": [1]}}),
    case("address-as-string", "POST", A, 400, r"^info\.addresses\.residence: invalid type: string", json={"info": {"addresses": {"residence": "Berlin"}}}),
    case("tg-profile-as-number", "POST", A + "/{id}/link/tg", 400, r"^tg_profile: invalid type: integer", json={"tg_profile": 123}),
    case("screening-switch-as-string", "POST", A + "/{id}/screening", 400, r"^aml_screening_enabled: invalid type", json={"aml_screening_enabled": "on"}),
    case("screening-switch-missing", "POST", A + "/{id}/screening", 400, r"^aml_screening_enabled: is required", json={}),
    # --- unknown enum values --------------------------------------------------------------------
    case("gender-x", "POST", A, 400, r"^info\.gender: `X` is not a gender \(expected M or F\)", json={"info": {"gender": "X"}}),
    case("applicant-type-robot", "POST", A, 400, r"^applicant_type: unknown variant `Robot`", json={"applicant_type": "Robot"}),
    case("applicant-type-lowercase", "POST", A, 400, r"^applicant_type: unknown variant `person`", json={"applicant_type": "person"}),
    case("tag-unknown", "POST", A, 400, r"^search_options\.tags\[0\]: `Nope` is not a known tag", json={"search_options": {"tags": ["Nope"]}}),
    case("risk-score-unknown", "POST", A, 400, r"^search_options\.risk_scores\[0\]: unknown variant `Extreme`", json={"search_options": {"risk_scores": ["Extreme"]}}),
    case("mode-7", "POST", A, 400, r"^search_options\.mode: mode must be 0 \(AUTO\), 1", json={"search_options": {"mode": 7}}),
    case("mode-unknown-name", "POST", A + "/{id}/search-options", 400, r"^mode: mode must be 0", json={"mode": "WEIRD"}),
    case("fuzziness-level-2", "POST", A, 400, r"^search_options\.fuzziness_level: fuzziness_level must be between 0 and 1", json={"search_options": {"fuzziness_level": 2}}),
    case("fuzziness-level-negative", "POST", A + "/{id}/search-options", 400, r"fuzziness_level must be between 0 and 1", json={"fuzziness_level": -0.1}),
    case("source-id-malformed", "POST", A, 400, r"^search_options\.sources\[0\]: `us ofac` is not a source id", json={"search_options": {"sources": ["us ofac"]}}),
    case("sources-over-200", "POST", A, 400, r"^search_options\.sources: at most 200 sources",
         json={"search_options": {"sources": [f"SRC_{i}" for i in range(201)]}}, field="search_options.sources"),
    # --- dates ----------------------------------------------------------------------------------
    case("dob-feb-30", "POST", A, 400, r"^info\.dob: `2021-02-30` is not a date such as 1987-12-24", json={"info": {"dob": "2021-02-30"}}),
    case("dob-in-the-future", "POST", A, 400, r"^info\.dob: must be between 1900-01-01 and today \(\d{4}-\d\d-\d\d\)", json={"info": {"dob": "2099-01-01"}}, field="info.dob"),
    case("dob-1850", "POST", A, 400, r"^info\.dob: must be between 1900-01-01 and today", json={"info": {"dob": "1850-01-01"}}, field="info.dob"),
    case("dob-day-before-1900", "POST", A, 400, r"^info\.dob: must be between 1900-01-01", json={"info": {"dob": "1899-12-31"}}, field="info.dob"),
    case("dob-european-format", "POST", A, 400, r"^info\.dob: `24/12/1987` is not a date", json={"info": {"dob": "24/12/1987"}}),
    case("dob-bad-time-part", "POST", A, 400, r"^info\.dob: .* is not a date", json={"info": {"dob": "1987-12-24T99:00:00Z"}}),
    case("dob-update-future", "POST", A + "/{id}", 400, r"^dob: must be between 1900-01-01 and today", json={"dob": "2999-01-01"}, field="dob"),
    # --- country codes --------------------------------------------------------------------------
    case("citizenship-xx", "POST", A, 400, r"^info\.citizenship: `XX` is not an ISO 3166-1 alpha-2 country code", json={"info": {"citizenship": "XX"}}),
    case("country-alpha3", "POST", A, 400, r"^info\.country: `DEU` is not an ISO 3166-1 alpha-2", json={"info": {"country": "DEU"}}),
    case("address-country-qq", "POST", A, 400, r"^info\.addresses\.residence\.country: `QQ` is not an ISO", json={"info": {"addresses": {"residence": {"country": "QQ"}}}}),
    case("update-nested-country", "POST", A + "/{id}", 400, r"^info\.country: `276` is not an ISO", json={"info": {"country": "276"}}),
    case("update-country-numeric", "POST", A + "/{id}", 400, r"^country: `276` is not an ISO", json={"country": "276"}),
    case("update-full-name-number", "POST", A + "/{id}", 400, r"^full_name: invalid type: integer `5`", json={"full_name": 5}),
    case("update-gender-unknown", "POST", A + "/{id}", 400, r"^gender: `X` is not a gender", json={"gender": "X"}),
    # --- lengths, control characters, empty strings ---------------------------------------------
    case("full-name-201", "POST", A, 400, r"^info\.full_name: must be at most 200 characters", json={"info": {"full_name": "a" * 201}}, field="info.full_name"),
    case("first-name-201-update", "POST", A + "/{id}", 400, r"^first_name: must be at most 200 characters", json={"first_name": "é" * 201}, field="first_name"),
    case("address-501", "POST", A, 400, r"^info\.address: must be at most 500 characters", json={"info": {"address": "a" * 501}}, field="info.address"),
    case("city-121", "POST", A, 400, r"^info\.addresses\.residence\.city: must be at most 120", json={"info": {"addresses": {"residence": {"city": "a" * 121}}}}),
    case("tg-profile-65", "POST", A + "/{id}/link/tg", 400, r"^tg_profile: must be at most 64 characters", json={"tg_profile": "9" * 65}, field="tg_profile"),
    case("bell-in-full-name", "POST", A, 400, r"^info\.full_name: must not contain control characters", json={"info": {"full_name": "a\u0007b"}}, field="info.full_name"),
    case("newline-in-last-name", "POST", A, 400, r"^info\.last_name: must not contain control characters", json={"info": {"last_name": "a\nb"}}),
    # An empty string is "not given" (clients such as the Go one send "" for every unset field):
    # where the value is required, it is missing; a value of blanks is still refused.
    case("empty-full-name-blank-last-name", "POST", A, 400, r"^info\.last_name: must not be empty", json={"info": {"full_name": "", "last_name": " "}}),
    case("blank-full-name", "POST", A, 400, r"^info\.full_name: must not be empty", json={"info": {"full_name": "   "}}),
    case("blank-external-id", "POST", A, 400, r"^external_id: must not be empty", json={"external_id": "  "}),
    case("empty-tg-profile", "POST", A + "/{id}/link/tg", 400, r"^tg_profile: is required", json={"tg_profile": ""}),
    case("blank-tg-profile", "POST", A + "/{id}/link/tg", 400, r"^tg_profile: must not be empty", json={"tg_profile": " "}),
    case("too-many-custom-fields", "POST", A, 400, r"^info\.custom_fields: at most 100 fields", json={"info": {"custom_fields": {f"k{i}": i for i in range(101)}}}),
    case("too-many-addresses", "POST", A, 400, r"^info\.addresses: at most 10 addresses", json={"info": {"addresses": {f"a{i}": {"city": "x"} for i in range(11)}}}),
    case("address-kind-capitalised", "POST", A, 400, r"^info\.addresses: address kinds are lower-case words", json={"info": {"addresses": {"Residence": {"city": "x"}}}}),
    # --- e-mail and phone -----------------------------------------------------------------------
    case("email-no-at", "POST", A, 400, r"^email: `nope` is not an e-mail address", json={"email": "nope"}),
    case("email-no-dot", "POST", A, 400, r"^email: `a@b` is not an e-mail address", json={"email": "a@b"}),
    case("email-inside-info", "POST", A, 400, r"^info\.email: `a b@c\.com` is not an e-mail address", json={"info": {"email": "a b@c.com"}}),
    case("email-update", "POST", A + "/{id}", 400, r"^email: `bad` is not an e-mail address", json={"email": "bad"}),
    case("phone-words", "POST", A, 400, r"^phone: `call me` is not a phone number", json={"phone": "call me"}),
    case("phone-too-short", "POST", A, 400, r"^phone: `123` is not a phone number", json={"phone": "123"}),
    case("phone-two-pluses", "POST", A, 400, r"^phone: `\+12\+34567` is not a phone number", json={"phone": "+12+34567"}),
    # --- person-only fields on an Organization --------------------------------------------------
    case("org-with-dob", "POST", A, 400, r"^info\.dob: applies to Person applicants only", json={"applicant_type": "Organization", "info": {"full_name": "Org", "dob": "1990-01-01"}}, field="info.dob"),
    case("org-with-first-name", "POST", A, 400, r"^info\.first_name: applies to Person applicants only", json={"applicant_type": "Organization", "info": {"first_name": "A"}}, field="info.first_name"),
    case("org-with-gender", "POST", A, 400, r"^info\.gender: applies to Person applicants only", json={"type": "Organization", "info": {"gender": "M"}}, field="info.gender"),
    case("org-update-citizenship", "POST", A + "/{org_id}", 400, r"^citizenship: applies to Person applicants only", json={"citizenship": "DE"}, field="citizenship"),
    # --- path ids -------------------------------------------------------------------------------
    case("get-id-not-uuid", "GET", A + "/not-a-uuid", 400, r"^`not-a-uuid` is not a valid applicant id \(expected a UUID\)"),
    case("delete-id-not-uuid", "DELETE", A + "/1234", 400, r"^`1234` is not a valid applicant id"),
    case("update-id-truncated-uuid", "POST", A + "/01a20192-8222-760c-9038", 400, r"is not a valid applicant id", json={}),
    case("screening-id-not-uuid", "POST", A + "/xyz/screening", 400, r"^`xyz` is not a valid applicant id", json={"aml_screening_enabled": True}),
    case("id-invalid-utf8", "GET", A + "/%FF", 400, r"Invalid UTF-8"),
    # --- unknown routes and wrong methods -------------------------------------------------------
    case("unknown-api-route", "GET", "/api/v3/nothing", 404, r"^no route for GET /api/v3/nothing"),
    case("unknown-docket-route", "GET", "/_docket/nothing", 404, r"^no route for GET /_docket/nothing"),
    case("by-external-id-without-id", "GET", A + "/by_external_id/", 404, r"^no route for GET"),
    case("unknown-api-route-post", "POST", "/api/v3/nothing", 404, r"no route for POST /api/v3/nothing", json={}),
    case("unknown-docket-route-delete", "DELETE", "/_docket/nothing", 404, r"no route for DELETE /_docket/nothing"),
    case("put-on-list", "PUT", A, 405, r"^PUT is not allowed on /api/v3/applicants$", json={}),
    case("delete-on-list", "DELETE", A, 405, r"^DELETE is not allowed on /api/v3/applicants$"),
    case("patch-on-applicant", "PATCH", A + "/{id}", 405, r"^PATCH is not allowed on /api/v3/applicants/", json={}),
    case("get-on-reset", "GET", "/_docket/reset", 405, r"^GET is not allowed on /_docket/reset"),
    case("post-on-clock", "POST", "/_docket/clock", 405, r"^POST is not allowed on /_docket/clock"),
    case("get-on-clock-advance", "GET", "/_docket/clock/advance", 405, r"^GET is not allowed"),
    # --- size and content type ------------------------------------------------------------------
    case("body-over-1mib", "POST", A, 413, r"larger than the limit of 1024 KiB", data=b" " * (1024 * 1024 + 1), headers=JSON),
    case("chunked-body-over-1mib", "POST", A, 413, r"larger than the limit of 1024 KiB", data=_oversize_chunks, headers=JSON),
    case("text-plain", "POST", A, 415, r"must be JSON \(Content-Type: application/json\), not `text/plain`", data="{}", headers={"Content-Type": "text/plain"}),
    case("form-urlencoded", "POST", A, 415, r"not `application/x-www-form-urlencoded`", data="external_id=a", headers={"Content-Type": "application/x-www-form-urlencoded"}),
    case("xml-on-update", "POST", A + "/{id}", 415, r"not `application/xml`", data="<a/>", headers={"Content-Type": "application/xml"}),
    # --- paging ---------------------------------------------------------------------------------
    case("limit-0", "GET", A, 400, r"^limit: must be between 1 and 100", params={"limit": 0}, field="limit"),
    case("limit-101", "GET", A, 400, r"^limit: must be between 1 and 100", params={"limit": 101}, field="limit"),
    case("limit-minus-1", "GET", A, 400, r"^limit: must be between 1 and 100", params={"limit": -1}, field="limit"),
    case("limit-abc", "GET", A, 400, r"^query parameter `limit`: `abc` is not a whole number", params={"limit": "abc"}, field="limit"),
    case("limit-fraction", "GET", A, 400, r"^query parameter `limit`", params={"limit": "1.5"}),
    case("limit-huge", "GET", A, 400, r"^query parameter `limit`: `99999999999999999999` is not a whole number", params={"limit": "99999999999999999999"}),
    case("limit-twice", "GET", A + "?limit=5&limit=6", 400, r"duplicate field `limit`"),
    case("page-minus-1", "GET", A, 400, r"^page: must be between 0 and 100000", params={"page": -1}, field="page"),
    case("page-100001", "GET", A, 400, r"^page: must be between 0 and 100000", params={"page": 100001}, field="page"),
    # `?page=` is blank, so not given (page 0); a word is not a page.
    case("page-word", "GET", A + "?page=first", 400, r"^query parameter `page`: `first` is not a whole number"),
    case("type-filter-unknown", "GET", A, 400, r"^type: must be Person or Organization", params={"type": "Robot"}),
    case("dob-filter-not-a-date", "GET", A, 400, r"^dob: `nope` is not a date", params={"dob": "nope"}),
    case("journal-limit-201", "GET", J, 400, r"^limit: must be between 1 and 200", params={"limit": 201}, field="limit"),
    case("journal-limit-0", "GET", J, 400, r"^limit: must be between 1 and 200", params={"limit": 0}),
    case("journal-page-minus-1", "GET", J, 400, r"^page: must be between 0 and 100000", params={"page": -1}),
    # --- journal filters ------------------------------------------------------------------------
    case("journal-status-6xx", "GET", J, 400, r"^status: must be a status code such as 404 or a class such as 4xx", params={"status": "6xx"}, field="status"),
    case("journal-status-600", "GET", J, 400, r"^status: must be a status code", params={"status": "600"}),
    case("journal-status-word", "GET", J, 400, r"^status: must be a status code", params={"status": "bad"}),
    case("journal-since-not-a-date", "GET", J, 400, r"^since: `yesterday` is not an RFC 3339 date-time", params={"since": "yesterday"}),
    case("journal-until-date-only", "GET", J, 400, r"^until: `2026-01-01` is not an RFC 3339 date-time", params={"until": "2026-01-01"}),
    case("journal-since-after-until", "GET", J, 400, r"^since: must not be later than until", params={"since": "2026-01-02T00:00:00Z", "until": "2026-01-01T00:00:00Z"}),
    case("journal-after-not-a-number", "GET", J, 400, r"^query parameter `after`: invalid digit", params={"after": "abc"}),
    # --- clock inputs ---------------------------------------------------------------------------
    case("advance-by-0s", "POST", "/_docket/clock/advance", 400, r"^by: must be a positive duration", json={"by": "0s"}, field="by"),
    case("advance-seconds-0", "POST", "/_docket/clock/advance", 400, r"^by: must be a positive duration", json={"seconds": 0}),
    case("advance-negative-seconds", "POST", "/_docket/clock/advance", 400, r"must be a positive duration; use set to go back", json={"seconds": -5}),
    case("advance-by-3x", "POST", "/_docket/clock/advance", 400, r"^by: `3x` is not a duration such as 90s, 15m, 36h or 7d", json={"by": "3x"}),
    case("advance-by-without-unit", "POST", "/_docket/clock/advance", 400, r"^by: `12` needs a unit", json={"by": "12"}),
    case("advance-by-empty", "POST", "/_docket/clock/advance", 400, r"give exactly one of `by`.* or `seconds`", json={"by": ""}),
    case("advance-by-blank", "POST", "/_docket/clock/advance", 400, r"^by: a duration cannot be empty", json={"by": " "}),
    case("advance-over-ten-years", "POST", "/_docket/clock/advance", 400, r"^by: must be at most ten years", json={"by": "3700d"}),
    case("advance-both-by-and-seconds", "POST", "/_docket/clock/advance", 400, r"give exactly one of `by`.* or `seconds`", json={"by": "1h", "seconds": 5}),
    case("advance-neither", "POST", "/_docket/clock/advance", 400, r"give exactly one of `by`", json={}),
    case("advance-seconds-as-string", "POST", "/_docket/clock/advance", 400, r"^seconds: invalid type: string", json={"seconds": "5"}),
    case("set-far-future", "POST", "/_docket/clock/set", 400, r"^now: must be within ten years of the real time", json={"now": "2099-01-01T00:00:00Z"}, field="now"),
    case("set-far-past", "POST", "/_docket/clock/set", 400, r"^now: must be within ten years", json={"now": "2010-01-01T00:00:00Z"}),
    case("set-not-a-time", "POST", "/_docket/clock/set", 400, r"^now: `nope` is not an RFC 3339 date-time", json={"now": "nope"}),
    case("set-missing-now", "POST", "/_docket/clock/set", 400, r"^now: is required", json={"freeze": True}),
    case("set-freeze-as-string", "POST", "/_docket/clock/set", 400, r"^freeze: invalid type: string \"yes\", expected a boolean", json={"now": "2026-01-01T00:00:00Z", "freeze": "yes"}),
    # --- keys -----------------------------------------------------------------------------------
    case("no-key", "GET", A, 401, r"^missing API key: send it in the ds-api-token header", auth="none"),
    case("empty-key", "GET", A, 401, r"^missing API key", headers={"ds-api-token": ""}, auth="none"),
    case("unknown-key", "GET", A, 401, r"^invalid API key$", auth="unknown"),
    case("overlong-key", "GET", A, 401, r"^invalid API key$", auth="long"),
    case("revoked-key", "GET", A, 401, r"this API key was revoked", auth="revoked"),
    case("no-key-on-create", "POST", A, 401, r"^missing API key", json={"external_id": "anon"}, auth="none"),
    case("no-key-on-journal", "GET", J, 401, r"^missing API key", auth="none"),
    case("production-clock-set", "POST", "/_docket/clock/set", 403, r"is the sandbox's: production refuses it", json={"now": "2026-01-01T00:00:00Z"}, auth="production"),
    case("production-clock-advance", "POST", "/_docket/clock/advance", 403, r"is the sandbox's: production refuses it", json={"by": "1h"}, auth="production"),
    case("production-clock-reset", "POST", "/_docket/clock/reset", 403, r"is the sandbox's: production refuses it", auth="production"),
    # Authorization comes before the body: a production key is refused whatever it sends.
    case("production-clock-advance-malformed", "POST", "/_docket/clock/advance", 403, r"is the sandbox's: production refuses it", data=b"{not json", headers=JSON, auth="production"),
    case("production-clock-set-wrong-type", "POST", "/_docket/clock/set", 403, r"is the sandbox's: production refuses it", json={"now": 5}, auth="production"),
    case("production-reset", "POST", "/_docket/reset", 403, r"^POST /_docket/reset is the sandbox's: production refuses it", auth="production"),
    case("production-journal-clear", "DELETE", J, 403, r"sandbox", auth="production"),
    # --- hostile strings: never a 500 -----------------------------------------------------------
    case("sqlish-external-id-lookup", "GET", A + "/by_external_id/%27%3B%20DROP%20TABLE%20applicants%3B%20--", 404, r"^applicant not found$"),
    case("sqlish-applicant-id", "GET", A + "/%27%3B%20DROP%20TABLE%20applicants%3B%20--", 400, r"is not a valid applicant id"),
    case("sqlish-country-filter", "GET", A, 400, r"^country: .* is not an ISO 3166-1 alpha-2", params={"country": SQLISH}, field="country"),
    case("sqlish-type-filter", "GET", A, 400, r"^type: must be Person or Organization", params={"type": SQLISH}),
    case("sqlish-journal-status", "GET", J, 400, r"^status: must be a status code", params={"status": SQLISH}),
    case("percent-name-filter-201", "GET", A, 400, r"^name: must be at most 200 characters", params={"name": "%" * 201}, field="name"),
    case("underscore-null-name-filter", "GET", A, 400, r"^name: must not contain control characters", params={"name": "_\x00%"}, field="name"),
    case("external-id-10k", "POST", A, 400, r"^external_id: must be at most 256 characters", json={"external_id": "x" * 10_000}),
    case("external-id-10k-lookup", "GET", A + "/by_external_id/" + "x" * 10_000, 400, r"^external_id: must be at most 256 characters", field="external_id"),
    case("rtl-zero-width-lookup", "GET", A + "/by_external_id/" + "%E2%80%AEghost%E2%80%8B%E2%80%8D", 404, r"^applicant not found$"),
    case("rtl-zero-width-country", "POST", A, 400, r"^info\.country: .* is not an ISO 3166-1 alpha-2", json={"info": {"country": "\u202eDE\u200b"}}),
    case("rtl-applicant-id", "GET", A + "/%E2%80%AE" + "0" * 32, 400, r"is not a valid applicant id"),
    case("null-byte-full-name", "POST", A, 400, r"^info\.full_name: must not contain control characters", json={"info": {"full_name": "a\u0000b"}}),
    case("null-byte-external-id", "POST", A, 400, r"^external_id: must not contain control characters", json={"external_id": "a\u0000b"}),
    case("null-byte-external-id-lookup", "GET", A + "/by_external_id/a%00b", 400, r"^external_id: must not contain control characters"),
    case("null-byte-tg-profile", "POST", A + "/{id}/link/tg", 400, r"^tg_profile: must not contain control characters", json={"tg_profile": "1\u00002"}),
    case("null-byte-in-update", "POST", A + "/{id}", 400, r"^address: must not contain control characters", json={"address": "Main St\u0000"}),
]


@pytest.fixture(scope="module")
def targets(sandbox) -> dict[str, str]:
    """Applicants created before the table: path placeholders, and the data that must survive it."""
    ext = f"survivor-{uuid.uuid4().hex[:8]}"
    person = sandbox.create_applicant({"external_id": ext, "info": {"full_name": "Table Survivor", "dob": "1970-01-01"}})
    org = sandbox.create_applicant({"applicant_type": "Organization", "info": {"full_name": "Table Org"}})
    return {"id": person, "org_id": org, "external_id": ext, "snapshot": json.dumps(sandbox.get_applicant(person))}


@pytest.fixture(scope="module")
def revoked_key(server) -> str:
    secret, key_id = server.create_key(None, "sandbox", f"to-revoke-{uuid.uuid4().hex[:6]}")
    server.cli("keys", "revoke", key_id)
    return secret


def _headers_for(c: Case, sandbox, production, revoked_key: str) -> dict[str, str]:
    keys = {"sandbox": sandbox.key, "production": production.key, "unknown": "dk_sandbox_not_a_real_key_123",
            "long": "k" * 600, "revoked": revoked_key}
    headers = {} if c.auth == "none" else {"ds-api-token": keys[c.auth]}
    return {**headers, **c.headers}


@pytest.mark.parametrize("c", CASES)
def test_bad_request_gets_its_status_and_a_json_error(c: Case, anonymous, sandbox, production, targets, revoked_key,
                                                      server, server_errors):
    if c.method == "DELETE" and c.path == J:
        server_errors += server.collect_server_errors()  # the request may wipe a journal
    data = c.data() if callable(c.data) else c.data
    r = anonymous.request(c.method, c.path.format(**targets), json=c.json, data=data, params=c.params,
                          headers=_headers_for(c, sandbox, production, revoked_key))
    assert r.status_code != 500, r.text
    assert r.headers.get("content-type", "").startswith("application/json"), r.headers
    body = r.json()
    assert isinstance(body, dict) and isinstance(body.get("message"), str) and body["message"], body
    assert (r.status_code, body.get("error")) == (c.status, ERROR_CODES[c.status]), body
    assert re.search(c.message, body["message"]), f"{body['message']!r} does not match {c.message!r}"
    if c.field is not None:
        assert body.get("field") == c.field, body
    assert len(body["message"]) < 1000, "hostile input must not flood the message"


def test_after_the_table_the_server_is_healthy_and_lost_nothing(anonymous, sandbox, targets):
    assert anonymous.get("/healthz").json()["status"] == "ok"
    assert json.loads(targets["snapshot"]) == sandbox.get_applicant(targets["id"])
    r = sandbox.get(f"{A}/by_external_id/{targets['external_id']}")
    assert r.status_code == 200 and r.json()["applicant_id"] == targets["id"]
    assert targets["id"] in {a["applicant_id"] for a in sandbox.list_applicants(name="table survivor")["data"]}
    # A refused update left the organization as it was.
    assert sandbox.get_applicant(targets["org_id"])["provided_info"]["citizenship"] is None


# --- hostile strings that are valid data: stored and returned verbatim ----------------------------


@pytest.mark.parametrize("text", [
    pytest.param(SQLISH, id="sql-ish"),
    pytest.param("Robert'); DELETE FROM applicants WHERE ('1'='1", id="sql-ish-2"),
    pytest.param("50%_off \\ back\\slash", id="like-wildcards"),
    pytest.param("emoji 🧾 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢", id="astral-plane"),
    pytest.param("<script>alert(1)</script>", id="html"),
])
def test_hostile_but_valid_text_round_trips_verbatim(sandbox, text):
    ext = f"{text} {uuid.uuid4().hex[:6]}"
    r = sandbox.post(A, json={"external_id": ext, "info": {"full_name": text}})
    assert r.status_code == 201, r.text
    a = sandbox.get_applicant(r.json()["id"])
    assert (a["external_id"], a["provided_info"]["full_name"]) == (ext, text)
    assert sandbox.get(f"{A}/by_external_id/{quote(ext, safe='')}").json()["applicant_id"] == a["applicant_id"]
    found = sandbox.list_applicants(name=text, limit=100)["data"]
    assert a["applicant_id"] in {x["applicant_id"] for x in found}


def test_an_external_id_is_the_integrations_own_and_keeps_bidi_and_zero_width_characters(sandbox):
    """The text rule is for names people read (below); an identifier the integration chose is
    matched byte for byte, so it is kept as sent."""
    ext = f"\u202eRTL override\u200b zero\u200dwidth {uuid.uuid4().hex[:6]}"
    r = sandbox.post(A, json={"external_id": ext, "info": {"full_name": "Plain Name"}})
    assert r.status_code == 201, r.text
    a = sandbox.get_applicant(r.json()["id"])
    assert a["external_id"] == ext
    assert sandbox.get(f"{A}/by_external_id/{quote(ext, safe='')}").json()["applicant_id"] == a["applicant_id"]


@pytest.mark.parametrize("char, kind", [
    ("\u202e", "a bidirectional control"), ("\u2066", "a bidirectional control"), ("\u200e", "a bidirectional control"),
    ("\u200b", "an invisible character"), ("\u200d", "an invisible character"), ("\ufeff", "an invisible character"),
    ("\u00ad", "an invisible character"),
])
@pytest.mark.parametrize("field", ["full_name", "first_name", "last_name"])
def test_a_name_with_a_bidi_control_or_an_invisible_character_is_refused_naming_it(sandbox, char, kind, field):
    ext = f"hidden-{uuid.uuid4().hex[:8]}"
    r = sandbox.post(A, json={"external_id": ext, "info": {field: f"Ann{char}Lee"}})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["field"] == f"info.{field}"
    assert f"U+{ord(char):04X} ({kind})" in body["message"], body
    assert sandbox.get(f"{A}/by_external_id/{ext}").status_code == 404, "nothing was stored"


def test_a_name_is_stored_in_nfc(sandbox):
    """`Zoe` + a combining acute and the precomposed `Zoé` are one name, stored one way."""
    r = sandbox.post(A, json={"info": {"full_name": "Zoe\u0301 Lee"}})
    assert r.status_code == 201, r.text
    assert sandbox.get_applicant(r.json()["id"])["provided_info"]["full_name"] == "Zo\u00e9 Lee"


@pytest.mark.parametrize("body, expected_field", [
    ({"info": {"citizenship": "XX"}}, "info.citizenship"),
    ({"info": {"dob": 19871224}}, "info.dob"),
    ({"email": "nope"}, "email"),
])
def test_every_field_error_names_its_field(sandbox, body, expected_field):
    r = sandbox.post(A, json=body)
    assert r.status_code == 400
    assert r.json()["message"].startswith(expected_field + ":")
    assert r.json().get("field") == expected_field


@pytest.mark.run_last
def test_no_response_in_the_whole_run_was_a_500(server, sandbox, production, server_errors):
    """Journals of both environments (and of the second organization, where one was made), plus
    what was read from them before resets wiped them and before other servers stopped."""
    assert set(server.watched_keys) >= {sandbox.key, production.key}
    assert server_errors + server.collect_server_errors() == []


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_a_refused_oversize_body_closes_its_connection(anonymous, sandbox, declared):
    """The unread rest of the body makes the connection unusable: the 413 must say `Connection: close`
    so keep-alive clients open a fresh one instead of meeting a reset on their next request."""
    body = b" " * (1100 * 1024) if declared else _oversize_chunks()
    headers = {**JSON, "ds-api-token": sandbox.key}
    r = anonymous.post(A, data=body, headers=headers)
    assert r.status_code == 413, r.text
    assert r.headers.get("connection", "").lower() == "close", r.headers
    for _ in range(3):  # the same session goes on working
        assert anonymous.get("/healthz").status_code == 200


def test_a_command_whose_reader_stops_early_ends_quietly(tmp_path):
    # Was a panic ("failed printing to stdout: Broken pipe"): `docket info | head -1`.
    data = str(tmp_path / "data")
    subprocess.run([DOCKET_BIN, "--data-dir", data, "info"], capture_output=True, timeout=60, env=_child_env(None, None))
    proc = subprocess.Popen([DOCKET_BIN, "--data-dir", data, "info"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=_child_env(None, None))
    assert proc.stdout.readline().startswith(b"Docket ")
    proc.stdout.close()  # the reader stops after one line
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "panicked" not in err, err
    assert proc.returncode in (0, -13), proc.returncode  # done, or ended by SIGPIPE as Unix tools are
