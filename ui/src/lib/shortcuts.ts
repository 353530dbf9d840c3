// Keyboard shortcuts: `g` then a letter goes to a view; `/` focuses the view's search; `n` starts
// the view's "new" action; `?` lists them all. Ignored while typing in a field.

export const NAVIGATION: { key: string; path: string; label: string }[] = [
  { key: "o", path: "/", label: "Overview" },
  { key: "a", path: "/applicants", label: "Applicants" },
  { key: "s", path: "/aml", label: "AML screening" },
  { key: "l", path: "/aml/lists", label: "Watchlists" },
  { key: "w", path: "/webhooks", label: "Webhooks" },
  { key: "r", path: "/requests", label: "Requests" },
];

export const SHORTCUTS: { keys: string; does: string }[] = [
  ...NAVIGATION.map((n) => ({ keys: `g ${n.key}`, does: `Go to ${n.label}` })),
  { keys: "/", does: "Search or filter this view" },
  { keys: "n", does: "New (applicant, search, endpoint) in this view" },
  { keys: "↑ ↓ or j k", does: "Move between table rows" },
  { keys: "Enter", does: "Open the focused row" },
  { keys: "Esc", does: "Close a dialog or panel" },
  { keys: "?", does: "Show these shortcuts" },
];

export type ShortcutAction = { kind: "go"; path: string } | { kind: "focus-search" } | { kind: "new" } | { kind: "help" } | null;

/** Interprets one key press, given whether `g` was the previous key. */
export function interpret(key: string, afterG: boolean): ShortcutAction {
  if (afterG) {
    const target = NAVIGATION.find((n) => n.key === key);
    return target ? { kind: "go", path: target.path } : null;
  }
  if (key === "/") return { kind: "focus-search" };
  if (key === "n") return { kind: "new" };
  if (key === "?") return { kind: "help" };
  return null;
}

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}
