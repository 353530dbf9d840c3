// Reviewer accounts as the console shows them: when to try signing in again, the authenticator's
// secret grouped for typing, where to go after signing in, a session's browser in words, and
// which account controls to offer. The server decides every rule; these only say it, or hide a
// control it would refuse.
import type { Reviewer } from "../views/kyb/types";
import { clockTime } from "./format";

/** A wait in words, rounded up so that trying "in 2 minutes" is never too early. */
export function waitWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? "1 second" : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours === 1 ? "1 hour" : `${hours} hours`;
  return rest === 0 ? h : `${h} ${rest === 1 ? "1 minute" : `${rest} minutes`}`;
}

/** What the sign-in page says after a 429: how long to wait and until when (the clock time). */
export function retryMessage(seconds: number, now: number = Date.now(), locale?: string): string {
  const at = new Date(now + Math.max(1, Math.ceil(seconds)) * 1000);
  const clock = clockTime(at, { locale });
  return `Too many failed sign-ins. Try again in ${waitWords(seconds)} (at ${clock}).`;
}

/**
 * A base32 secret in groups of four, for typing into an authenticator app: `JBSW Y3DP EHPK 3PXP`.
 * Spaces, dashes and `=` padding are dropped first; authenticator apps ignore spaces.
 */
export function groupSecret(secret: string, size = 4): string {
  const bare = secret.replace(/[\s=-]/g, "").toUpperCase();
  return (bare.match(new RegExp(`.{1,${size}}`, "g")) ?? []).join(" ");
}

/** The console's own paths a sign-in may go back to: never another origin, an API route or the sign-in page itself. */
export function safeNext(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return "/";
  // Control characters have no place in a path the console made.
  for (const c of raw) if (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) return "/";
  const path = raw.split(/[?#]/, 1)[0] ?? "";
  if (path === "/sign-in" || path.startsWith("/_docket/") || path.startsWith("/api/") || path === "/docs") return "/";
  return raw;
}

/** The sign-in page's address, remembering where the reviewer was. */
export function signInPath(from: string): string {
  const next = safeNext(from);
  return next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`;
}

/** A browser's `User-Agent` as a person names it: "Chrome 131 on Linux". */
export function browserName(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return "Unknown browser";
  const os = /Windows/.test(ua)
    ? "Windows"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Mac OS X|Macintosh/.test(ua)
        ? "macOS"
        : /Android/.test(ua)
          ? "Android"
          : /Linux|X11/.test(ua)
            ? "Linux"
            : null;
  // Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", and so on.
  const browsers: [RegExp, string][] = [
    [/Edg\/(\d+)/, "Edge"],
    [/OPR\/(\d+)/, "Opera"],
    [/Firefox\/(\d+)/, "Firefox"],
    [/HeadlessChrome\/(\d+)/, "Headless Chrome"],
    [/Chrom(?:e|ium)\/(\d+)/, "Chrome"],
    [/Version\/(\d+)[\d.]* .*Safari\//, "Safari"],
    [/AppleWebKit\//, "WebKit"],
    [/^curl\/([\d.]+)/, "curl"],
  ];
  for (const [pattern, name] of browsers) {
    const match = pattern.exec(ua);
    if (match) {
      const version = match[1] ? ` ${match[1]}` : "";
      return os ? `${name}${version} on ${os}` : `${name}${version}`;
    }
  }
  return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
}

/** What a reviewer still has to set up to sign in without a link. */
export function missingSetup(reviewer: Pick<Reviewer, "has_password" | "has_second_factor">): ("password" | "authenticator")[] {
  const missing: ("password" | "authenticator")[] = [];
  if (!reviewer.has_password) missing.push("password");
  if (!reviewer.has_second_factor) missing.push("authenticator");
  return missing;
}

/** May sign in and be given work: neither disabled nor removed. */
export function isActive(reviewer: Pick<Reviewer, "disabled_at" | "removed_at">): boolean {
  return !reviewer.disabled_at && !reviewer.removed_at;
}

/**
 * Whether an admin is offered a sign-in link for `reviewer`: not the machine's owner (their links
 * come from the `docket` command on the machine), not themselves, not a disabled or removed
 * account. The server refuses the same.
 */
export function offersLink(reviewer: Reviewer, me: Pick<Reviewer, "id"> | null): boolean {
  return !reviewer.owner && reviewer.id !== me?.id && isActive(reviewer);
}

/** A link for a reviewer who has a password or an authenticator resets both and ends their sessions. */
export function linkResets(reviewer: Pick<Reviewer, "owner" | "has_password" | "has_second_factor">): boolean {
  return !reviewer.owner && (reviewer.has_password || reviewer.has_second_factor);
}

/** Whether an admin may change this reviewer's role or remove them: not the owner, not oneself, not removed. */
export function manageable(reviewer: Reviewer, me: Pick<Reviewer, "id"> | null): boolean {
  return !reviewer.owner && reviewer.id !== me?.id && !reviewer.removed_at;
}
