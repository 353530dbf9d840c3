// @mentions of reviewers in comments: the pieces of a body to show (mentions highlighted), the
// mention being typed (for suggestions) and inserting a chosen name. Pure, so tested.

export interface Piece {
  text: string;
  /** The reviewer's name as listed, when this piece is a mention (`@` included in `text`). */
  mention?: string;
}

const WORD = /[\p{L}\p{N}_]/u;

/**
 * Splits a comment into text and mentions: `@` at the start or after a non-word character,
 * followed by a known reviewer's name (any case, the longest that fits), not followed by a letter
 * or digit.
 */
export function splitMentions(body: string, names: readonly string[]): Piece[] {
  const sorted = [...new Set(names.filter((n) => n.trim()))].sort((a, b) => b.length - a.length);
  const pieces: Piece[] = [];
  let plain = "";
  let i = 0;
  while (i < body.length) {
    const before = i === 0 ? "" : body[i - 1] ?? "";
    if (body[i] === "@" && !WORD.test(before)) {
      const rest = body.slice(i + 1);
      const name = sorted.find((n) => rest.slice(0, n.length).toLocaleLowerCase() === n.toLocaleLowerCase() && !WORD.test(rest[n.length] ?? ""));
      if (name) {
        if (plain) pieces.push({ text: plain });
        plain = "";
        pieces.push({ text: body.slice(i, i + 1 + name.length), mention: name });
        i += 1 + name.length;
        continue;
      }
    }
    plain += body[i];
    i += 1;
  }
  if (plain) pieces.push({ text: plain });
  return pieces;
}

/** The reviewers' names a body mentions, once each, in the order first mentioned. */
export function mentionedNames(body: string, names: readonly string[]): string[] {
  return [...new Set(splitMentions(body, names).flatMap((p) => (p.mention ? [p.mention] : [])))];
}

/**
 * The mention being typed just before the caret: from an `@` (at the start or after a space)
 * to the caret, at most three words, no line break and no space at the end. Null when the caret
 * is not in one.
 */
export function typedMention(text: string, caret: number): { start: number; query: string } | null {
  const head = text.slice(0, caret);
  const at = head.lastIndexOf("@");
  if (at === -1) return null;
  if (at > 0 && !/\s/.test(head[at - 1] ?? "")) return null;
  const query = head.slice(at + 1);
  // A space at the end closes it: a name was picked, or the text moved on.
  if (/[\n@]/.test(query) || /\s$/.test(query) || query.split(" ").length > 3) return null;
  return { start: at, query };
}

/** The names that fit a typed query: those starting with it first, then those containing it. */
export function suggestions(query: string, names: readonly string[], limit = 6): string[] {
  const q = query.trim().toLocaleLowerCase();
  const starts = names.filter((n) => n.toLocaleLowerCase().startsWith(q));
  const contains = names.filter((n) => !starts.includes(n) && n.toLocaleLowerCase().includes(q));
  return [...starts, ...contains].slice(0, limit);
}

/** Replaces the typed mention (from `start` to the caret) with `@Name ` and returns the new text and caret. */
export function insertMention(text: string, start: number, caret: number, name: string): { text: string; caret: number } {
  const inserted = `@${name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/** Beside *Inbox* in the sidebar: what waits, in words for a screen reader. */
export function inboxCountLabel(approvals: number, unreadMentions: number): string {
  const parts = [];
  if (approvals > 0) parts.push(`${approvals} approval${approvals === 1 ? "" : "s"} waiting`);
  if (unreadMentions > 0) parts.push(`${unreadMentions} unread mention${unreadMentions === 1 ? "" : "s"}`);
  return parts.join(", ");
}
