// Previous / next paging over the API's `{data, has_next}` pages; with the list's `total`, the
// range shown and the page count.
import { count } from "../lib/format";

/** `1–25 of 312 · page 1 of 13`; without a total, `Page 1 · 25 shown`. */
export function pageText(page: number, shown: number, total?: number | null, limit?: number): string {
  if (total === null || total === undefined || !limit) return `Page ${page + 1}${shown > 0 ? ` · ${shown} shown` : ""}`;
  if (total === 0) return "None";
  const first = page * limit + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  return `${count(first)}–${count(page * limit + shown)} of ${count(total)} · page ${count(page + 1)} of ${count(pages)}`;
}

export function Pager({ page, hasNext, onPage, shown, total, limit }: { page: number; hasNext: boolean; onPage: (page: number) => void; shown: number; total?: number | null; limit?: number }) {
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" onClick={() => onPage(page - 1)} disabled={page === 0} aria-label="Previous page">
        ‹ Previous
      </button>
      <span aria-live="polite" data-testid="pager-text">
        {pageText(page, shown, total, limit)}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={!hasNext} aria-label="Next page">
        Next ›
      </button>
    </nav>
  );
}
