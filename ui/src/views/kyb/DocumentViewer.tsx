// The case's documents, one at a time: a page's picture from the preview endpoint (PDF pages
// rendered by the server at the size the viewer shows them times the screen's pixel density, so
// they stay sharp at every zoom), page through pages (as many as the document has) and through
// documents, zoom; the value being compared marked on the page where its text layer has it.
// Keyboard, with the viewer focused: ← → pages, PageUp/PageDown documents, + − 0 zoom.
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { getBlob, getFile } from "../../api/client";
import { Time } from "../../components/Time";
import { bytes } from "../../lib/format";
import { casePath } from "./data";
import { documentKindLabel } from "./decisions";
import type { CaseDocument } from "./types";

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** The longest side to ask the server for: the width shown times the pixel density, in steps
 * of 320 px (so zooming reuses cached pages), within what the server renders (640 to 2400). */
export function renderSize(shownWidth: number, devicePixelRatio: number): number {
  const wanted = Math.ceil((Math.max(1, shownWidth) * Math.max(1, devicePixelRatio || 1)) / 320) * 320;
  return Math.min(2400, Math.max(640, wanted));
}

/** What the viewer marks on the page: a value being compared. */
export interface Find {
  text: string;
  /** The comparison's field, for the label. */
  label: string;
}

/** The page shown of a document: page 1 of any other document (a page number never carries over). */
export function pageOf(at: { file: string; page: number }, file: string, count: number | null): number {
  const page = at.file === file ? at.page : 1;
  return count === null ? page : Math.min(Math.max(1, page), count);
}

export function DocumentViewer({ caseId, documents, index, onIndex, find = null, onClearFind }: { caseId: string; documents: CaseDocument[]; index: number; onIndex: (index: number) => void; find?: Find | null; onClearFind?: () => void }) {
  const [at, setAt] = useState<{ file: string; page: number }>({ file: "", page: 1 });
  const [pages, setPages] = useState<Record<string, number>>({});
  const [found, setFound] = useState<{ path: string; count: number | null } | null>(null);
  const [zoom, setZoom] = useState(2); // an index into ZOOMS: 2 = fit the width
  const [stageWidth, setStageWidth] = useState(640);
  const stage = useRef<HTMLDivElement>(null);
  const hasDocument = documents.length > 0;
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => setStageWidth(element.clientWidth - 16 || 640);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasDocument]);
  const current = documents[Math.min(index, documents.length - 1)];
  if (!current) return <p className="muted small">No document uploaded yet.</p>;
  // The page count comes with the first page: until then there is no next page to go to.
  const count = pages[current.file_id] ?? null;
  const page = pageOf(at, current.file_id, count);
  const zoomFactor = ZOOMS[zoom] ?? 1;
  const size = renderSize(stageWidth * zoomFactor, typeof window === "undefined" ? 1 : window.devicePixelRatio);
  const findQuery = find ? `&find=${encodeURIComponent(find.text.slice(0, 200))}` : "";
  const path = `${casePath(caseId)}/documents/${current.file_id}/preview?page=${page}&size=${size}${findQuery}`;

  const goDocument = (next: number) => {
    if (next < 0 || next >= documents.length) return;
    onIndex(next);
  };
  const goPage = (next: number) => {
    if (next < 1 || count === null || next > count) return;
    setAt({ file: current.file_id, page: next });
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
        <button type="button" className="small" onClick={() => goPage(page + 1)} disabled={count === null || page >= count} aria-label="Next page" data-testid="page-next">
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
      {find && (
        <div className="viewer-find small" role="status" data-testid="viewer-find">
          <span>
            {found?.path !== path ? (
              <>Looking for the {find.label.toLowerCase()} on this page…</>
            ) : found.count === null ? (
              <>This page has no text layer to search (a picture or a scan): compare the {find.label.toLowerCase()} by eye.</>
            ) : found.count > 0 ? (
              <>
                <mark>{find.text}</mark> is marked on this page.
              </>
            ) : (
              <>
                “{find.text}” is not on this page{count !== null && count > 1 ? ": try the other pages" : ""}.
              </>
            )}
          </span>
          {onClearFind && (
            <button type="button" className="link small" onClick={onClearFind}>
              Clear
            </button>
          )}
        </div>
      )}
      <div ref={stage} className="viewer-stage" tabIndex={0} onKeyDown={onKeyDown} role="group" aria-label={`${documentKindLabel(current.kind)}, page ${page}: ← → pages, PageUp PageDown documents, + − zoom`}>
        <PagePicture
          key={path}
          path={path}
          alt={`${documentKindLabel(current.kind)} (${current.name ?? "unnamed"}), page ${page}`}
          zoom={zoomFactor}
          onLoaded={(n, marked) => {
            setPages((p) => (p[current.file_id] === n ? p : { ...p, [current.file_id]: n }));
            setFound({ path, count: marked });
          }}
        />
      </div>
      <div className="muted small">
        {current.name ?? "unnamed"} · {current.media_type} · {bytes(current.size)} · uploaded <Time value={current.uploaded_at} /> ·{" "}
        <code title="SHA-256 of the file">{current.sha256.slice(0, 16)}…</code>
      </div>
    </div>
  );
}

/** One page's picture, fetched with the console's headers; tells the page count it was given
 * and how many words it marks (null: no text layer was searched). */
function PagePicture({ path, alt, zoom, onLoaded }: { path: string; alt: string; zoom: number; onLoaded: (pages: number, found: number | null) => void }) {
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
        const found = headers.get("X-Found");
        onLoaded(Number.isFinite(n) && n > 0 ? n : 1, found === null ? null : Number.parseInt(found, 10) || 0);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
    // onLoaded changes every render; the page is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  if (error) return <div className="state error small">The preview could not be made: {error}. Open the original instead.</div>;
  if (!url) return <div className="state small">Loading the page…</div>;
  return <img src={url} alt={alt} data-testid="document-image" style={{ width: `${zoom * 100}%`, maxWidth: "none" }} />;
}
