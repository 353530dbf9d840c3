import { describe, expect, it } from "vitest";
import { originsFromText, textFromOrigins } from "./framing";

describe("the framing form's text", () => {
  it("is one origin a line, blank lines and spaces dropped", () => {
    expect(originsFromText("  https://shop.example.com \r\n\n http://localhost:5173\n")).toEqual(["https://shop.example.com", "http://localhost:5173"]);
    expect(originsFromText("  \n ")).toEqual([]);
  });

  it("reads back what it wrote", () => {
    const origins = ["https://shop.example.com", "http://localhost:5173"];
    expect(originsFromText(textFromOrigins(origins))).toEqual(origins);
    expect(textFromOrigins([])).toBe("");
  });
});
