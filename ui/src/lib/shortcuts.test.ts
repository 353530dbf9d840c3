import { describe, expect, it } from "vitest";
import { interpret, isTyping } from "./shortcuts";

describe("shortcuts", () => {
  it("goes to views after g", () => {
    expect(interpret("a", true)).toEqual({ kind: "go", path: "/applicants" });
    expect(interpret("r", true)).toEqual({ kind: "go", path: "/requests" });
    expect(interpret("x", true)).toBeNull();
  });
  it("knows the single keys", () => {
    expect(interpret("/", false)).toEqual({ kind: "focus-search" });
    expect(interpret("n", false)).toEqual({ kind: "new" });
    expect(interpret("?", false)).toEqual({ kind: "help" });
    expect(interpret("a", false)).toBeNull();
  });
  it("stays out of the way while typing", () => {
    expect(isTyping(document.createElement("input"))).toBe(true);
    expect(isTyping(document.createElement("div"))).toBe(false);
  });
});
