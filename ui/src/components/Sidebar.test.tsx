// The sidebar collapses below 1200 px behind an accessible toggle that remembers the choice.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NARROW_QUERY, SIDEBAR_KEY, SidebarToggle, sidebarOpen, useSidebar } from "./Sidebar";

/** A window `width` pixels wide, as far as matchMedia goes; `resize` changes it and tells listeners. */
function screenWidth(width: number) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return width < 1200;
    },
    media: NARROW_QUERY,
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  };
  vi.stubGlobal("matchMedia", (query: string) => {
    expect(query).toBe(NARROW_QUERY);
    return list;
  });
  return {
    resize(to: number) {
      width = to;
      act(() => listeners.forEach((f) => f()));
    },
  };
}

function Frame() {
  const sidebar = useSidebar();
  return (
    <>
      {sidebar.narrow && <SidebarToggle open={sidebar.open} onToggle={sidebar.toggle} />}
      <aside id="sidebar" hidden={!sidebar.open} data-testid="sidebar">
        <nav aria-label="Views" />
      </aside>
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("sidebar", () => {
  it("is always open when wide; when narrow, collapsed until opened", () => {
    expect(sidebarOpen(false, null)).toBe(true);
    expect(sidebarOpen(false, "collapsed")).toBe(true);
    expect(sidebarOpen(true, null)).toBe(false);
    expect(sidebarOpen(true, "open")).toBe(true);
    expect(sidebarOpen(true, "collapsed")).toBe(false);
  });

  it("has no toggle at 1440 px", () => {
    screenWidth(1440);
    render(<Frame />);
    expect(screen.queryByTestId("sidebar-toggle")).toBeNull();
    expect(screen.getByTestId("sidebar").hidden).toBe(false);
  });

  it("collapses at 1024 px behind a toggle that says what it controls and remembers the choice", () => {
    screenWidth(1024);
    const first = render(<Frame />);
    const toggle = screen.getByRole("button", { name: /menu/i });
    expect(toggle.getAttribute("aria-controls")).toBe("sidebar");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByTestId("sidebar").hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByTestId("sidebar").hidden).toBe(false);
    expect(window.localStorage.getItem(SIDEBAR_KEY)).toBe("open");

    // The next page load keeps it open.
    first.unmount();
    render(<Frame />);
    expect(screen.getByRole("button", { name: /hide menu/i }).getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByTestId("sidebar").hidden).toBe(false);
  });

  it("follows the window across 1200 px", () => {
    const size = screenWidth(1440);
    render(<Frame />);
    expect(screen.getByTestId("sidebar").hidden).toBe(false);
    size.resize(1100);
    expect(screen.getByTestId("sidebar").hidden).toBe(true);
    expect(screen.getByTestId("sidebar-toggle")).toBeTruthy();
    size.resize(1300);
    expect(screen.getByTestId("sidebar").hidden).toBe(false);
    expect(screen.queryByTestId("sidebar-toggle")).toBeNull();
  });
});
