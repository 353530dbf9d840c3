import { describe, expect, it } from "vitest";
import { bytes, clockTime, count, displayName, duration, localDate, localTime, plural, prettyBody, shortId, utcTime } from "./format";

describe("format", () => {
  it("shows UTC without milliseconds when there are none", () => {
    expect(utcTime("2026-11-21T04:13:28.000Z")).toBe("2026-11-21T04:13:28Z");
    expect(utcTime("2026-11-21T04:13:28.661Z")).toBe("2026-11-21T04:13:28.661Z");
  });
  it("reads Unix seconds as well as ISO strings", () => {
    expect(utcTime(0)).toBe("1970-01-01T00:00:00Z");
  });
  it("shows a dash for missing times and never throws on garbage", () => {
    expect(localTime(null)).toBe("—");
    expect(localTime("not a time")).toBe("—");
    expect(utcTime("nope")).toBe("");
  });
  it("writes clock offsets with a sign and at most two units", () => {
    expect(duration(0)).toBe("0 s");
    expect(duration(86400 + 3600 * 2 + 5)).toBe("+1 d 2 h");
    expect(duration(-90)).toBe("−1 min 30 s");
  });
  it("says 1 entity but 2 entities", () => {
    expect(plural(1, "entity", "entities")).toBe("1 entity");
    expect(plural(2, "entity", "entities")).toBe("2 entities");
  });
  it("formats sizes and counts", () => {
    expect(bytes(512)).toBe("512 B");
    expect(bytes(2048)).toBe("2.0 KiB");
    expect(bytes(5 * 1024 * 1024)).toBe("5.0 MiB");
    expect(count(undefined)).toBe("—");
  });
  it("pretty-prints JSON bodies and leaves other text alone", () => {
    expect(prettyBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyBody("plain")).toBe("plain");
    expect(prettyBody(null)).toBe("");
  });
  it("names people by full name, else first and last", () => {
    expect(displayName({ full_name: "Atlas Freight SARL" })).toBe("Atlas Freight SARL");
    expect(displayName({ first_name: "Ada", last_name: "Lovelace" })).toBe("Ada Lovelace");
    expect(displayName(null)).toBe("");
  });
  it("shortens an id to its random tail: ids made together start alike", () => {
    const a = "01a2190f-1241-75cc-983a-4ea28daf30d8";
    const b = "01a2190f-1241-7a11-8c0e-0c3b5e7d1f42";
    expect(shortId(a)).toBe("…8daf30d8");
    expect(shortId(a)).not.toBe(shortId(b));
    expect(shortId("short")).toBe("short");
  });
});

describe("one time format", () => {
  const berlin = { locale: "en-GB", timeZone: "Europe/Berlin" };
  const newYork = { locale: "en-US", timeZone: "America/New_York" };
  it("shows the reviewer's locale and zone, with the zone named", () => {
    expect(localTime("2026-11-27T02:45:20Z", false, berlin)).toBe("27 Nov 2026, 03:45 CET");
    expect(localTime("2026-11-27T02:45:20Z", false, newYork)).toBe("Nov 26, 2026, 09:45 PM EST");
    expect(localTime("2026-07-01T12:00:00Z", true, berlin)).toBe("1 Jul 2026, 14:00:00 CEST");
  });
  it("gives the time of day with its zone for what happens today", () => {
    expect(clockTime("2026-11-27T02:45:20Z", berlin)).toBe("03:45 CET");
    expect(clockTime(new Date("2026-11-27T02:45:20Z"), newYork)).toBe("09:45 PM EST");
  });
  it("keeps a calendar date on its day in every zone, and puts an instant on the reviewer's day", () => {
    expect(localDate("1984-02-03", newYork)).toBe("Feb 3, 1984");
    expect(localDate("1984-02-03", { locale: "en-GB", timeZone: "Pacific/Kiritimati" })).toBe("3 Feb 1984");
    expect(localDate("2026-11-27T02:45:20Z", newYork)).toBe("Nov 26, 2026");
  });
});
