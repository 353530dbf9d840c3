// A verification document's preview (fetched with the console's headers) and its file's facts:
// shared by the documents card and the review beside the comparison.
import { useEffect, useState } from "react";
import { getBlob } from "../../api/client";
import type { StoredDocument } from "../../api/types";
import { Time } from "../../components/Time";
import { bytes } from "../../lib/format";
import { DOCUMENT_NAMES } from "./parts";

/** A document's preview (fetched with the console's headers) and its file's facts. */
export function DocumentView({ document }: { document: StoredDocument }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    getBlob(`/api/v3/documents/${document.document_id}/preview`, controller.signal)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [document.document_id]);
  const open = async () => {
    const blob = await getBlob(`/api/v3/documents/${document.document_id}`);
    window.open(URL.createObjectURL(blob), "_blank", "noopener");
  };
  return (
    <figure style={{ margin: 0 }} data-testid="document">
      {url ? <img src={url} alt={DOCUMENT_NAMES[document.document_type]} style={{ width: "100%", borderRadius: 8, border: "1px solid var(--border)" }} /> : <div className="muted small">{error ?? "Loading the preview…"}</div>}
      <figcaption className="small">
        <strong>{DOCUMENT_NAMES[document.document_type]}</strong>
        {document.issued_country ? ` · ${document.issued_country}` : ""}
        <div className="muted">
          {document.file_name ?? "unnamed"} · {document.content_type} · {bytes(document.size)} · <Time value={document.created_at} />
        </div>
        <div className="muted" title="SHA-256 of the file">
          <code>{document.sha256.slice(0, 16)}…</code>{" "}
          <button type="button" className="small ghost" onClick={() => void open()}>
            Open original
          </button>
        </div>
      </figcaption>
    </figure>
  );
}
