import { describe, expect, it } from "vitest";
import { guardState, settingsPatch } from "./settings";

describe("webhook settings", () => {
  it("sends only the delivery settings, never the address guard (its route is an admin's)", () => {
    const patch = settingsPatch({ timeout_seconds: 7, retention_days: 30, rotation_grace_seconds: 3600, allow_private_addresses: true });
    expect(patch).toEqual({ timeout_seconds: 7, retention_days: 30, rotation_grace_seconds: 3600 });
    expect("allow_private_addresses" in patch).toBe(false);
  });
  it("says what the guard does in each state", () => {
    expect(guardState(false)).toMatchObject({ on: true, label: "on" });
    expect(guardState(false).says).toContain("refused");
    expect(guardState(true)).toMatchObject({ on: false, label: "off" });
    expect(guardState(true).says).toContain("this machine");
  });
});
