// The navigation sidebar's two states: always shown on wide screens; below 1200 px it collapses
// behind a toggle, and the reviewer's choice there is remembered in this browser.
import { useEffect, useState } from "react";

/** Narrower than this the sidebar collapses (the CSS's breakpoint too). */
export const NARROW_QUERY = "(max-width: 1199.98px)";
export const SIDEBAR_KEY = "docket.sidebar";

export type SidebarChoice = "open" | "collapsed";

/** Whether the sidebar shows: always when wide; when narrow, as last chosen, collapsed at first. */
export function sidebarOpen(narrow: boolean, chosen: SidebarChoice | null): boolean {
  return !narrow || chosen === "open";
}

function storedChoice(): SidebarChoice | null {
  try {
    const value = window.localStorage.getItem(SIDEBAR_KEY);
    return value === "open" || value === "collapsed" ? value : null;
  } catch {
    return null;
  }
}

function matches(query: string): boolean {
  return window.matchMedia?.(query).matches ?? false;
}

/** The sidebar's state and its toggle. `narrow` follows the window as it is resized. */
export function useSidebar() {
  const [narrow, setNarrow] = useState(() => matches(NARROW_QUERY));
  const [chosen, setChosen] = useState(storedChoice);
  useEffect(() => {
    const list = window.matchMedia?.(NARROW_QUERY);
    if (!list) return;
    const changed = () => setNarrow(list.matches);
    list.addEventListener("change", changed);
    return () => list.removeEventListener("change", changed);
  }, []);
  const open = sidebarOpen(narrow, chosen);
  function toggle() {
    const next: SidebarChoice = open ? "collapsed" : "open";
    setChosen(next);
    try {
      window.localStorage.setItem(SIDEBAR_KEY, next);
    } catch {
      // Without storage the choice lasts until the page reloads.
    }
  }
  return { narrow, open, toggle };
}

/** The button that shows or hides the sidebar (only on narrow screens). */
export function SidebarToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="ghost sidebar-toggle" aria-expanded={open} aria-controls="sidebar" onClick={onToggle} data-testid="sidebar-toggle">
      <span aria-hidden="true">☰</span> {open ? "Hide menu" : "Menu"}
    </button>
  );
}
