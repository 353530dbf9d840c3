/** Previous / next paging over the API's `{data, has_next}` pages. */
export function Pager({ page, hasNext, onPage, shown }: { page: number; hasNext: boolean; onPage: (page: number) => void; shown: number }) {
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" onClick={() => onPage(page - 1)} disabled={page === 0} aria-label="Previous page">
        ‹ Previous
      </button>
      <span aria-live="polite">
        Page {page + 1}
        {shown > 0 ? ` · ${shown} shown` : ""}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={!hasNext} aria-label="Next page">
        Next ›
      </button>
    </nav>
  );
}
