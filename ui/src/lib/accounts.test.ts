import { describe, expect, it } from "vitest";
import type { Reviewer } from "../views/kyb/types";
import { clockTime } from "./format";
import { browserName, groupSecret, isActive, linkResets, manageable, missingSetup, offersLink, retryMessage, safeNext, signInPath, waitWords } from "./accounts";

const NOW = Date.parse("2026-11-22T10:00:00Z");

function reviewer(over: Partial<Reviewer> = {}): Reviewer {
  return {
    id: "r1",
    name: "Ada",
    email: null,
    role: "reviewer",
    owner: false,
    created_at: "2026-11-01T00:00:00Z",
    disabled_at: null,
    removed_at: null,
    has_password: false,
    has_second_factor: false,
    ...over,
  } as Reviewer;
}

describe("Retry-After", () => {
  it("says a wait in words, rounded up", () => {
    expect(waitWords(1)).toBe("1 second");
    expect(waitWords(0)).toBe("1 second");
    expect(waitWords(40)).toBe("40 seconds");
    expect(waitWords(60)).toBe("1 minute");
    expect(waitWords(61)).toBe("2 minutes");
    expect(waitWords(900)).toBe("15 minutes");
    expect(waitWords(3600)).toBe("1 hour");
    expect(waitWords(3600 + 61)).toBe("1 hour 2 minutes");
    expect(waitWords(7200 + 60)).toBe("2 hours 1 minute");
  });
  it("says when to try again as a wait and a clock time", () => {
    const message = retryMessage(900, NOW, "en-GB");
    // The console's one time format: the time of day with the zone.
    expect(message).toMatch(/^Too many failed sign-ins\. Try again in 15 minutes \(at \d\d:\d\d \S+\)\.$/);
    expect(message).toContain(`(at ${clockTime(new Date(NOW + 900_000), { locale: "en-GB" })})`);
  });
});

describe("groupSecret", () => {
  it("groups a base32 secret by four for typing", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
  });
  it("keeps a short last group, and drops spaces, dashes and padding", () => {
    expect(groupSecret("abcde fgh-ij==")).toBe("ABCD EFGH IJ");
    expect(groupSecret("")).toBe("");
  });
  it("takes another group size", () => {
    expect(groupSecret("ABCDEFGH", 3)).toBe("ABC DEF GH");
  });
});

describe("safeNext", () => {
  it("keeps the console's own paths with their query", () => {
    expect(safeNext("/kyb/123?tab=checks")).toBe("/kyb/123?tab=checks");
    expect(safeNext("/reviewers")).toBe("/reviewers");
  });
  it("never leaves the console or loops", () => {
    for (const bad of [null, "", "https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "/sign-in", "/sign-in?next=/x", "/_docket/me", "/api/v3/applicants", "/docs", "/a\nb", "kyb"]) {
      expect(safeNext(bad), String(bad)).toBe("/");
    }
  });
  it("makes the sign-in address that brings the reviewer back", () => {
    expect(signInPath("/")).toBe("/sign-in");
    expect(signInPath("/kyb/1?x=2")).toBe("/sign-in?next=%2Fkyb%2F1%3Fx%3D2");
    expect(signInPath("//evil.example")).toBe("/sign-in");
  });
});

describe("browserName", () => {
  it("names common browsers and systems", () => {
    expect(browserName("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")).toBe("Chrome 131 on Linux");
    expect(browserName("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36")).toBe("Headless Chrome 131 on Linux");
    expect(browserName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")).toBe("Edge 131 on Windows");
    expect(browserName("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0")).toBe("Firefox 132 on macOS");
    expect(browserName("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15")).toBe("Safari 17 on macOS");
    expect(browserName("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")).toBe("Safari 17 on iOS");
    expect(browserName("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko)")).toBe("WebKit on Linux");
    expect(browserName("curl/8.5.0")).toBe("curl 8.5.0");
  });
  it("says so when unknown, and cuts a long unknown one", () => {
    expect(browserName(null)).toBe("Unknown browser");
    expect(browserName("  ")).toBe("Unknown browser");
    expect(browserName("x".repeat(60))).toBe(`${"x".repeat(40)}…`);
    expect(browserName("python-requests/2.32")).toBe("python-requests/2.32");
  });
});

describe("account controls", () => {
  it("lists what is left to set up", () => {
    expect(missingSetup(reviewer())).toEqual(["password", "authenticator"]);
    expect(missingSetup(reviewer({ has_password: true }))).toEqual(["authenticator"]);
    expect(missingSetup(reviewer({ has_password: true, has_second_factor: true }))).toEqual([]);
  });
  it("offers a link for others only, never the owner, a disabled or a removed account", () => {
    const me = reviewer({ id: "me", role: "admin" });
    expect(offersLink(reviewer(), me)).toBe(true);
    expect(offersLink(reviewer({ id: "me" }), me)).toBe(false);
    expect(offersLink(reviewer({ owner: true }), me)).toBe(false);
    expect(offersLink(reviewer({ disabled_at: "2026-11-02T00:00:00Z" }), me)).toBe(false);
    expect(offersLink(reviewer({ removed_at: "2026-11-02T00:00:00Z" }), me)).toBe(false);
    expect(isActive(reviewer({ removed_at: "2026-11-02T00:00:00Z" }))).toBe(false);
  });
  it("warns that a link resets a reviewer who has a password or an authenticator", () => {
    expect(linkResets(reviewer())).toBe(false);
    expect(linkResets(reviewer({ has_password: true }))).toBe(true);
    expect(linkResets(reviewer({ has_second_factor: true }))).toBe(true);
    expect(linkResets(reviewer({ owner: true, has_password: true }))).toBe(false);
  });
  it("lets an admin manage others, not the owner, themselves or the removed", () => {
    const me = reviewer({ id: "me", role: "admin" });
    expect(manageable(reviewer(), me)).toBe(true);
    expect(manageable(reviewer({ owner: true }), me)).toBe(false);
    expect(manageable(me, me)).toBe(false);
    expect(manageable(reviewer({ removed_at: "2026-11-02T00:00:00Z" }), me)).toBe(false);
  });
});
