// The sites that may frame the hosted pages, as the console's form edits them: one origin a
// line. The server decides what an origin may be; this only splits and joins the text.

/** The origins written in the form, one a line (blank lines and spaces around them dropped). */
export function originsFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** The form's text for the stored origins. */
export function textFromOrigins(origins: readonly string[]): string {
  return origins.join("\n");
}
