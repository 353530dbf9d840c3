// The request body in the public shapes, and the statuses' tones and words.
import { describe, expect, it } from "vitest";
import { checkTone, statusLabel, stepName, verifyBody } from "./nondoc";

describe("verifyBody", () => {
  it("sends the public shapes for Nigeria's BVN and NIN", () => {
    expect(verifyBody({ id_type: "NG_BVN", verification_type: "NONDOC_NIGERIA_BVN_BASIC" }, " 22345678901 ")).toEqual({
      verification_type: "NONDOC_NIGERIA_BVN_BASIC",
      request_data: { bvn: "22345678901" },
    });
    expect(verifyBody({ id_type: "NG_NIN", verification_type: "NONDOC_NIGERIA_NIN" }, "12345678901").request_data).toEqual({ nin: "12345678901" });
  });

  it("names the identifier for every other one", () => {
    expect(verifyBody({ id_type: "PL_PESEL", verification_type: "NONDOC_NATIONAL_ID" }, "02211307589")).toEqual({
      verification_type: "NONDOC_NATIONAL_ID",
      request_data: { id_type: "PL_PESEL", number: "02211307589" },
    });
  });
});

describe("statuses", () => {
  it("gives each status its tone and words", () => {
    expect(checkTone("passed")).toBe("good");
    expect(checkTone("failed")).toBe("bad");
    expect(checkTone("needs_review")).toBe("warn");
    expect(checkTone("error")).toBe("warn");
    expect(checkTone("not_applicable")).toBe("neutral");
    expect(statusLabel("needs_review")).toBe("needs review");
    expect(stepName("registry_lookup")).toBe("Registry");
    expect(stepName("something_new")).toBe("something_new");
  });
});
