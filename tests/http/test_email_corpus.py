"""Docket's address syntax against a public corpus: the valid and invalid addresses in the test
suite of PyPI `email-validator` 2.4.0 (including the cases it carries over from `isemail`),
read from its source distribution at run time (nothing of it is kept in this repository).

Docket refuses quoted local parts, display names and address literals on purpose, and names special-use
domains (`.invalid`, `.localhost`, ...) syntactically valid (their mail exchanger decides), so
the cases of those kinds are counted apart. The agreement is written to
tests/artifacts/email-corpus.json and must stay at or above 97%.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

VERSION = "2.4.0"
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


def corpus(tmp: Path) -> dict[str, list[str]]:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
         f"email-validator=={VERSION}", "-d", str(tmp)],
        capture_output=True, text=True, timeout=120,
    )
    if done.returncode != 0:
        pytest.skip(f"PyPI is not reachable to fetch the corpus: {done.stderr.strip()[-200:]}")
    sdist = next(tmp.glob("email_validator-*.tar.gz"))
    with tarfile.open(sdist) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("tests/test_syntax.py"))
        source = tar.extractfile(member).read().decode()
    cases: dict[str, list[str]] = {"valid": [], "invalid": [], "quoted_or_literal": []}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for deco in node.decorator_list:
            if not (isinstance(deco, ast.Call) and getattr(deco.func, "attr", "") == "parametrize"):
                continue
            inputs = []
            for element in deco.args[1].elts:
                first = element.elts[0] if isinstance(element, (ast.Tuple, ast.List)) else element
                second = element.elts[1] if isinstance(element, (ast.Tuple, ast.List)) and len(element.elts) > 1 else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    status = second.value if isinstance(second, ast.Constant) else None
                    inputs.append((first.value, status))
            name = node.name
            for value, status in inputs:
                if name in ("test_email_valid", "test_email_valid_intl_local_part"):
                    # Quoted local parts and display names (`Name <a@b>`) are valid there only
                    # with options; Docket refuses them on purpose.
                    policy = '"' in value or "<" in value
                    cases["quoted_or_literal" if policy else "valid"].append(value)
                elif name in ("test_email_invalid_syntax", "test_email_invalid_syntax_strict",
                              "test_email_invalid_syntax_display_name"):
                    cases["invalid"].append(value)
                elif name == "test_email_valid_only_if_quoted_local_part":
                    cases["quoted_or_literal"].append(value)
                elif name == "test_pyisemail_tests" and status == "ISEMAIL_VALID":
                    cases["valid"].append(value)
                elif name == "test_pyisemail_tests" and str(status).startswith("ISEMAIL_ERR"):
                    cases["invalid"].append(value)
    return cases


def test_syntax_agrees_with_the_email_validator_corpus(sandbox, tmp_path):
    cases = corpus(tmp_path)
    assert len(cases["valid"]) > 20 and len(cases["invalid"]) > 50, {k: len(v) for k, v in cases.items()}

    def valid(address: str) -> bool:
        r = sandbox.post("/api/v4/email/checks", json={"email": address})
        if r.status_code == 400:  # empty after trimming, or over 320 characters
            return False
        assert r.status_code == 201, (address, r.text)
        return r.json()["checks"]["syntax_valid"]

    results = {kind: [(a, valid(a)) for a in addresses] for kind, addresses in cases.items()}
    wrong_valid = [a for a, ok in results["valid"] if not ok]
    wrong_invalid = [a for a, ok in results["invalid"] if ok]
    agreed = len(results["valid"]) - len(wrong_valid) + len(results["invalid"]) - len(wrong_invalid)
    total = len(results["valid"]) + len(results["invalid"])
    report = {
        "corpus": f"email-validator {VERSION} tests/test_syntax.py",
        "valid": len(results["valid"]), "valid_accepted": len(results["valid"]) - len(wrong_valid),
        "invalid": len(results["invalid"]), "invalid_refused": len(results["invalid"]) - len(wrong_invalid),
        "agreement": round(agreed / total, 4),
        "quoted_or_literal_refused_by_policy": sum(not ok for _, ok in results["quoted_or_literal"]),
        "quoted_or_literal": len(results["quoted_or_literal"]),
        "disagreements": {"valid_refused": wrong_valid, "invalid_accepted": wrong_invalid},
    }
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "email-corpus.json").write_text(json.dumps(report, indent=2, ensure_ascii=False))
    assert report["agreement"] >= 0.97, json.dumps(report, indent=2, ensure_ascii=False)
    assert report["quoted_or_literal_refused_by_policy"] == report["quoted_or_literal"], "refused on purpose"
