// The case's documents, one at a time: a page's picture from the preview endpoint (PDF pages
// rendered by the server, pictures downsized), page through pages and through documents, zoom.
// Keyboard, with the viewer focused: ← → pages, PageUp/PageDown documents, + − 0 zoom.
import { type KeyboardEvent, useEffect, useState } from "react";
import { getBlob, getFile } from "../../api/client";
import { Time } from "../../components/Time";
import { bytes } from "../../lib/format";
import { casePath } from "./data";
import { documentKindLabel } from "./decisions";
import type { CaseDocument } from "./types";

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

export function DocumentViewer({ caseId, documents, index, onIndex }: { caseId: string; documents: CaseDocument[]; index: number; onIndex: (index: number) => void }) {
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState<Record<string, number>>({});
  const [zoom, setZoom] = useState(2); // an index into ZOOMS: 1 = fit the width
  const current = documents[Math.min(index, documents.length - 1)];
  if (!current) return <p className="muted small">No document uploaded yet.</p>;
  const count = pages[current.file_id] ?? null;

  const goDocument = (next: number) => {
    if (next < 0 || next >= documents.length) return;
    onIndex(next);
    setPage(1);
  };
  const goPage = (next: number) => {
    if (next < 1 || (count !== null && next > count)) return;
    setPage(next);
  };
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => goPage(page - 1),
      ArrowRight: () => goPage(page + 1),
      PageUp: () => goDocument(index - 1),
      PageDown: () => goDocument(index + 1),
      "+": () => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1)),
      "=": () => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1)),
      "-": () => setZoom((z) => Math.max(0, z - 1)),
      "0": () => setZoom(2),
    };
    const act = keys[event.key];
    if (!act || event.target !== event.currentTarget) return;
    event.preventDefault();
    act();
  }
  async function open() {
    const blob = await getBlob(`${casePath(caseId)}/documents/${current?.file_id}`);
    window.open(URL.createObjectURL(blob), "_blank", "noopener");
  }

  return (
    <div className="viewer" data-testid="document-viewer">
      <div className="viewer-bar">
        <button type="button" className="small" onClick={() => goDocument(index - 1)} disabled={index === 0} aria-label="Previous document" data-testid="doc-prev">
          ‹ Document
        </button>
        <label className="inline">
          <span className="visually-hidden">Document</span>
          <select value={index} onChange={(e) => goDocument(Number(e.target.value))} data-testid="doc-select">
            {documents.map((d, i) => (
              <option key={d.file_id} value={i}>
                {i + 1}. {documentKindLabel(d.kind)}: {d.name ?? "unnamed"}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="small" onClick={() => goDocument(index + 1)} disabled={index >= documents.length - 1} aria-label="Next document" data-testid="doc-next">
          Document ›
        </button>
        <span className="viewer-sep" />
        <button type="button" className="small" onClick={() => goPage(page - 1)} disabled={page <= 1} aria-label="Previous page" data-testid="page-prev">
          ‹
        </button>
        <span className="small nowrap" aria-live="polite" data-testid="page-indicator">
          Page {page}
          {count !== null ? ` of ${count}` : ""}
        </span>
        <button type="button" className="small" onClick={() => goPage(page + 1)} disabled={count !== null && page >= count} aria-label="Next page" data-testid="page-next">
          ›
        </button>
        <span className="viewer-sep" />
        <button type="button" className="small" onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0} aria-label="Zoom out" data-testid="zoom-out">
          −
        </button>
        {/* The name starts with the visible percentage (WCAG 2.5.3, label in name). */}
        <button type="button" className="small" onClick={() => setZoom(2)} aria-label={`${Math.round((ZOOMS[zoom] ?? 1) * 100)}%: fit the width`} title="Fit the width" data-testid="zoom-fit">
          {Math.round((ZOOMS[zoom] ?? 1) * 100)}%
        </button>
        <button type="button" className="small" onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoom === ZOOMS.length - 1} aria-label="Zoom in" data-testid="zoom-in">
          +
        </button>
        <button type="button" className="small ghost" onClick={() => void open()} data-testid="doc-open">
          Open original
        </button>
      </div>
      <div className="viewer-stage" tabIndex={0} onKeyDown={onKeyDown} role="group" aria-label={`${documentKindLabel(current.kind)}, page ${page}: ← → pages, PageUp PageDown documents, + − zoom`}>
        <PagePicture
          key={`${current.file_id}-${page}`}
          path={`${casePath(caseId)}/documents/${current.file_id}/preview?page=${page}`}
          alt={`${documentKindLabel(current.kind)} (${current.name ?? "unnamed"}), page ${page}`}
          zoom={ZOOMS[zoom] ?? 1}
          onPages={(n) => setPages((p) => (p[current.file_id] === n ? p : { ...p, [current.file_id]: n }))}
        />
      </div>
      <div className="muted small">
        {current.name ?? "unnamed"} · {current.media_type} · {bytes(current.size)} · uploaded <Time value={current.uploaded_at} /> ·{" "}
        <code title="SHA-256 of the file">{current.sha256.slice(0, 16)}…</code>
      </div>
    </div>
  );
}

/** One page's picture, fetched with the console's headers; tells the page count it was given. */
function PagePicture({ path, alt, zoom, onPages }: { path: string; alt: string; zoom: number; onPages: (n: number) => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    getFile(path, controller.signal)
      .then(({ blob, headers }) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
        const n = Number.parseInt(headers.get("X-Page-Count") ?? "", 10);
        if (Number.isFinite(n) && n > 0) onPages(n);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
    // onPages changes every render; the page is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  if (error) return <div className="state error small">The preview could not be made: {error}. Open the original instead.</div>;
  if (!url) return <div className="state small">Loading the page…</div>;
  return <img src={url} alt={alt} data-testid="document-image" style={{ width: `${zoom * 100}%`, maxWidth: "none" }} />;
}
