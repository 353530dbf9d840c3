// The words and tones of KYT checks.
import { describe, expect, it } from "vitest";
import { riskTone } from "../components/Badge";
import { chainLabel, summary } from "./kyt";

describe("kyt", () => {
  it("names a listing first, then exposure, then nothing", () => {
    const listed = { kind: "sanctions_list", entity_name: "EXAMPLE, Holder", list: "OFAC SDN" };
    expect(summary({ valid: true, categories: ["sanctions"], evidence: [listed, listed] })).toBe("Listed: EXAMPLE, Holder (OFAC SDN) and 1 more");
    expect(summary({ valid: true, categories: ["darknet_market"], evidence: [{ kind: "simulated_exposure" }] })).toBe("Exposure: darknet market");
    expect(summary({ valid: true, categories: [], evidence: [] })).toBe("Nothing found");
    expect(summary({ valid: false, invalid_code: "checksum", categories: [], evidence: [] })).toBe("Not valid: checksum");
  });

  it("tones levels and labels chains", () => {
    expect(riskTone("Severe")).toBe("bad");
    expect(riskTone("Medium")).toBe("warn");
    expect(riskTone("Low")).toBe("good");
    expect(riskTone(null)).toBe("neutral");
    expect(chainLabel("bitcoin_cash")).toBe("Bitcoin Cash");
    expect(chainLabel("doge")).toBe("doge");
  });
});
