"""The Python peer of bench/nondoc.sh: python-stdnum validates the same numbers as
docket-nationalid, in one process. Reads `KIND<TAB>NUMBER` lines, prints one JSON line (checks,
seconds, per second) and writes each verdict (`1` valid, `0` not) to FILE.peer-verdicts.

Nigeria's BVN and NIN have no python-stdnum module (nor a public check digit): the peer checks
their format (eleven digits) with a compiled pattern, as Docket does."""

from __future__ import annotations

import json
import re
import sys
import time
from importlib import import_module

MODULES = {
    "BE_NATIONAL_NUMBER": "be.nn", "BG_EGN": "bg.egn", "BR_CPF": "br.cpf", "CL_RUT": "cl.rut",
    "CN_RESIDENT_ID": "cn.ric", "DK_CPR": "dk.cpr", "EE_ISIKUKOOD": "ee.ik", "ES_DNI": "es.dni",
    "ES_NIE": "es.nie", "FI_HETU": "fi.hetu", "FR_NIR": "fr.nir", "IN_AADHAAR": "in_.aadhaar",
    "IT_CODICE_FISCALE": "it.codicefiscale", "LT_ASMENS_KODAS": "lt.asmens", "MX_CURP": "mx.curp",
    "NL_BSN": "nl.bsn", "NO_FODSELSNUMMER": "no.fodselsnummer", "PL_PESEL": "pl.pesel", "RO_CNP": "ro.cnp",
    "SE_PERSONNUMMER": "se.personnummer", "TR_TC_KIMLIK": "tr.tckimlik", "ZA_ID": "za.idnr",
}
ELEVEN = re.compile(r"\d{11}")


def nigerian(number: str) -> bool:
    return ELEVEN.fullmatch(re.sub(r"[\s\-./]", "", number)) is not None


def main(path: str) -> None:
    validators = {code: import_module(f"stdnum.{m}").is_valid for code, m in MODULES.items()}
    validators["NG_BVN"] = validators["NG_NIN"] = nigerian
    with open(path, encoding="utf-8") as f:
        numbers = [line.rstrip("\n").split("\t", 1) for line in f if "\t" in line]
    started = time.perf_counter()
    verdicts = [validators[kind](number) for kind, number in numbers]
    seconds = time.perf_counter() - started
    with open(f"{path}.peer-verdicts", "w", encoding="utf-8") as f:
        f.write("".join("1\n" if v else "0\n" for v in verdicts))
    print(json.dumps({"checks": len(numbers), "valid": sum(verdicts), "seconds": round(seconds, 4),
                      "per_second": round(len(numbers) / seconds)}))


if __name__ == "__main__":
    main(sys.argv[1])
