// Keyboard shortcuts: `g` then a letter goes to a view; `/` focuses the view's search; `j`/`k`
// move through a table's rows; single letters press the view's button marked with the matching
// `data-shortcut` (when the view has one); `?` lists them all. Ignored while typing in a field.

export const NAVIGATION: { key: string; path: string; label: string }[] = [
  { key: "o", path: "/", label: "Overview" },
  { key: "a", path: "/applicants", label: "Applicants" },
  { key: "s", path: "/aml", label: "AML screening" },
  { key: "l", path: "/aml/lists", label: "Watchlists" },
  { key: "k", path: "/kyb", label: "KYB cases" },
  { key: "u", path: "/audit", label: "Audit trail" },
  { key: "t", path: "/reviewers", label: "Reviewers" },
  { key: "w", path: "/webhooks", label: "Webhooks" },
  { key: "r", path: "/requests", label: "Requests" },
];

/**
 * Single keys that press a button of the current view: the first element marked
 * `data-shortcut="<target>"` is clicked (or focused, for a field). A view without such an element
 * leaves the key alone.
 */
export const PRESSES: { key: string; targets: string[]; does: string; where: string }[] = [
  { key: "n", targets: ["next", "new"], does: "Next case (KYB queue and case file); new applicant, search or endpoint elsewhere", where: "Views" },
  { key: "a", targets: ["approve"], does: "Approve the case…", where: "KYB case file" },
  { key: "r", targets: ["reject"], does: "Reject the case…", where: "KYB case file" },
  { key: "m", targets: ["remediate"], does: "Request remediation from the merchant…", where: "KYB case file" },
  { key: "c", targets: ["comment"], does: "Write a comment (internal note)", where: "KYB case file" },
  { key: "e", targets: ["evidence"], does: "Show or hide the evidence of every check", where: "KYB case file" },
];

export interface Shortcut {
  keys: string;
  does: string;
  where: string;
}

export const SHORTCUTS: Shortcut[] = [
  ...NAVIGATION.map((n) => ({ keys: `g ${n.key}`, does: `Go to ${n.label}`, where: "Anywhere" })),
  { keys: "/", does: "Search or filter this view", where: "Anywhere" },
  { keys: "?", does: "Show these shortcuts", where: "Anywhere" },
  { keys: "Esc", does: "Close a dialog or panel", where: "Anywhere" },
  { keys: "↑ ↓ or j k", does: "Move between table rows", where: "Tables" },
  { keys: "Enter", does: "Open the focused row", where: "Tables" },
  ...PRESSES.map((p) => ({ keys: p.key, does: p.does, where: p.where })),
  { keys: "← →", does: "Previous or next page of the document (the viewer focused)", where: "KYB case file" },
  { keys: "PageUp PageDown", does: "Previous or next document (the viewer focused)", where: "KYB case file" },
  { keys: "+ − 0", does: "Zoom in, out, or back to fit (the viewer focused)", where: "KYB case file" },
  { keys: "Ctrl+Enter", does: "Send the dialog's form or the comment", where: "KYB case file" },
];

/** The shortcuts grouped by where they work, in the order first listed. */
export function groupedShortcuts(list: Shortcut[] = SHORTCUTS): { where: string; items: Shortcut[] }[] {
  const groups: { where: string; items: Shortcut[] }[] = [];
  for (const s of list) {
    const group = groups.find((g) => g.where === s.where);
    if (group) group.items.push(s);
    else groups.push({ where: s.where, items: [s] });
  }
  return groups;
}

export type ShortcutAction =
  | { kind: "go"; path: string }
  | { kind: "focus-search" }
  | { kind: "press"; targets: string[] }
  | { kind: "row"; step: 1 | -1 }
  | { kind: "help" }
  | null;

/** Interprets one key press, given whether `g` was the previous key. */
export function interpret(key: string, afterG: boolean): ShortcutAction {
  if (afterG) {
    const target = NAVIGATION.find((n) => n.key === key);
    return target ? { kind: "go", path: target.path } : null;
  }
  if (key === "/") return { kind: "focus-search" };
  if (key === "?") return { kind: "help" };
  if (key === "j") return { kind: "row", step: 1 };
  if (key === "k") return { kind: "row", step: -1 };
  const press = PRESSES.find((p) => p.key === key);
  if (press) return { kind: "press", targets: press.targets };
  return null;
}

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}
