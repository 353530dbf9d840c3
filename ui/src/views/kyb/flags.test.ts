import { describe, expect, it } from "vitest";
import { flagKind, type OpenFlag, toggleFlag, unacknowledged } from "./flags";

const flags: OpenFlag[] = [
  { key: "errored:c1", kind: "errored_check", label: "Registry for Rhone Partners could not run", target: "#check-c1", check_id: "c1" },
  { key: "hit:s1:e1", kind: "undisposed_hit", label: "Potential match for Ivan: Ivan Sanctionov (High risk)", target: "#hit-s1-e1", check_id: "c2" },
];

describe("open flags", () => {
  it("are all to be acknowledged before approving", () => {
    expect(unacknowledged(flags, [])).toHaveLength(2);
    let acked = toggleFlag(flags, [], "hit:s1:e1", true);
    expect(unacknowledged(flags, acked).map((f) => f.key)).toEqual(["errored:c1"]);
    acked = toggleFlag(flags, acked, "errored:c1", true);
    expect(unacknowledged(flags, acked)).toEqual([]);
    expect(acked).toEqual(["errored:c1", "hit:s1:e1"]);
    expect(toggleFlag(flags, acked, "errored:c1", false)).toEqual(["hit:s1:e1"]);
  });

  it("drop acknowledgments of flags no longer open, and say their kind", () => {
    expect(toggleFlag(flags, ["gone"], "hit:s1:e1", true)).toEqual(["hit:s1:e1"]);
    expect(flagKind("undisposed_hit")).toBe("Potential match");
  });
});
