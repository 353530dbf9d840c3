import { describe, expect, it } from "vitest";
import { groupedShortcuts, interpret, isTyping, NAVIGATION, PRESSES, SHORTCUTS } from "./shortcuts";

describe("shortcuts", () => {
  it("goes to views after g", () => {
    expect(interpret("a", true)).toEqual({ kind: "go", path: "/applicants" });
    expect(interpret("r", true)).toEqual({ kind: "go", path: "/requests" });
    expect(interpret("k", true)).toEqual({ kind: "go", path: "/kyb" });
    expect(interpret("u", true)).toEqual({ kind: "go", path: "/audit" });
    expect(interpret("t", true)).toEqual({ kind: "go", path: "/reviewers" });
    expect(interpret("x", true)).toBeNull();
  });
  it("knows the single keys", () => {
    expect(interpret("/", false)).toEqual({ kind: "focus-search" });
    expect(interpret("?", false)).toEqual({ kind: "help" });
    expect(interpret("x", false)).toBeNull();
  });
  it("moves through rows with j and k", () => {
    expect(interpret("j", false)).toEqual({ kind: "row", step: 1 });
    expect(interpret("k", false)).toEqual({ kind: "row", step: -1 });
  });
  it("presses the view's buttons: next case before new, and the case file's actions", () => {
    expect(interpret("n", false)).toEqual({ kind: "press", targets: ["next", "new"] });
    expect(interpret("a", false)).toEqual({ kind: "press", targets: ["approve"] });
    expect(interpret("r", false)).toEqual({ kind: "press", targets: ["reject"] });
    expect(interpret("m", false)).toEqual({ kind: "press", targets: ["remediate"] });
    expect(interpret("c", false)).toEqual({ kind: "press", targets: ["comment"] });
    expect(interpret("e", false)).toEqual({ kind: "press", targets: ["evidence"] });
  });
  it("gives every key one meaning and lists every shortcut under ?", () => {
    const single = PRESSES.map((p) => p.key).concat(["/", "?", "j", "k", "g"]);
    expect(new Set(single).size).toBe(single.length);
    expect(new Set(NAVIGATION.map((n) => n.key)).size).toBe(NAVIGATION.length);
    for (const p of PRESSES) expect(SHORTCUTS.some((s) => s.keys === p.key)).toBe(true);
    for (const n of NAVIGATION) expect(SHORTCUTS.some((s) => s.keys === `g ${n.key}`)).toBe(true);
  });
  it("groups the list by where the keys work, keeping the order", () => {
    const groups = groupedShortcuts([
      { keys: "a", does: "A", where: "One" },
      { keys: "b", does: "B", where: "Two" },
      { keys: "c", does: "C", where: "One" },
    ]);
    expect(groups.map((g) => [g.where, g.items.map((i) => i.keys)])).toEqual([
      ["One", ["a", "c"]],
      ["Two", ["b"]],
    ]);
  });
  it("stays out of the way while typing", () => {
    expect(isTyping(document.createElement("input"))).toBe(true);
    expect(isTyping(document.createElement("textarea"))).toBe(true);
    expect(isTyping(document.createElement("div"))).toBe(false);
  });
});
