// A table that must scroll says so: which side has more, a hint, and a named, focusable region.
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hiddenSides, ScrollArea } from "./ScrollArea";

afterEach(() => vi.restoreAllMocks());

/** Makes every element measure `client` wide with `scroll` of content (jsdom lays nothing out). */
function measures(client: number, scroll: number) {
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(client);
  vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(scroll);
}

describe("ScrollArea", () => {
  it("knows which sides hide columns", () => {
    expect(hiddenSides(0, 800, 800)).toEqual({ left: false, right: false });
    expect(hiddenSides(0, 800, 800.5)).toEqual({ left: false, right: false });
    expect(hiddenSides(0, 800, 1100)).toEqual({ left: false, right: true });
    expect(hiddenSides(150, 800, 1100)).toEqual({ left: true, right: true });
    expect(hiddenSides(300, 800, 1100)).toEqual({ left: true, right: false });
  });

  it("is a plain frame when the table fits", () => {
    measures(800, 800);
    render(<ScrollArea label="Audit events"><table /></ScrollArea>);
    const area = screen.getByTestId("scroll-area");
    expect(area.getAttribute("role")).toBeNull();
    expect(area.getAttribute("tabindex")).toBeNull();
    expect(screen.queryByTestId("scroll-hint")).toBeNull();
  });

  it("says it scrolls when the table is wider", () => {
    measures(800, 1100);
    render(<ScrollArea label="Audit events"><table /></ScrollArea>);
    const region = screen.getByRole("region", { name: "Audit events, scrolls sideways" });
    expect(region.tabIndex).toBe(0);
    expect(region.parentElement?.className).toContain("more-right");
    expect(screen.getByTestId("scroll-hint").textContent).toMatch(/scroll sideways/);
  });
});
