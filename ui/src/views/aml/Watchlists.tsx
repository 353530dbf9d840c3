// Watchlists: the list snapshots screening uses, importing a new one (upload, then the server's
// reading and indexing), and the recent imports.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { get } from "../../api/client";
import type { Snapshot } from "../../api/types";
import { Badge } from "../../components/Badge";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/Layout";
import { Empty, ErrorState, FormError, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { bytes, count, percent, plural } from "../../lib/format";
import { can, useReviewer, useSession } from "../../session";
import { shortHash } from "./explain";
import { fileNames, finished, IMPORT_FORMATS, type ImportFormat, IMPORTS_PATH, importsUnavailable, type ListImport, rejectionText, stateLabel, took, type Upload, uploadImport, uploadProblem } from "./imports";
import { useLists } from "./parts";

const column = createColumnHelper<Snapshot>();

const columns = [
  column.display({
    id: "list",
    header: "List · format",
    cell: ({ row }) => {
      const s = row.original;
      return (
        <div className="stack" style={{ gap: 2 }}>
          <strong className="list-label">{s.label}</strong>
          <span className="badges" style={{ alignItems: "center" }}>
            <code className="small" title={`List key ${s.list}, format ${s.format}`}>
              {s.list} · {s.format}
            </code>
            {s.active ? <Badge tone="good">in use</Badge> : <Badge>replaced</Badge>}
            {s.demo && (
              <Badge tone="info" title="Fictitious entities; searched in the sandbox only">
                demo
              </Badge>
            )}
          </span>
        </div>
      );
    },
  }),
  column.display({
    id: "dates",
    header: "As of · imported",
    cell: ({ row }) => (
      <div className="stack" style={{ gap: 2 }}>
        <span className="nowrap">{row.original.as_of ?? <span className="muted">no date in the file</span>}</span>
        <span className="muted small">
          <Time value={row.original.imported_at} />
        </span>
      </div>
    ),
  }),
  column.display({
    id: "contents",
    header: "Entities · names",
    cell: ({ row }) => (
      <div className="stack num" style={{ gap: 2 }}>
        <span className="nowrap">{plural(row.original.entities, "entity", "entities")}</span>
        <span className="muted small nowrap">{plural(row.original.names, "name", "names")}</span>
      </div>
    ),
  }),
  column.display({
    id: "rows",
    header: "Rows",
    cell: ({ row }) => (
      <div className="stack" style={{ gap: 2, alignItems: "flex-start" }}>
        <span className="num nowrap">{count(row.original.rows_read)} read</span>
        {row.original.rows_rejected > 0 ? (
          <Badge tone="warn" title="Rows that could not be read; `docket lists import` reports why">
            {count(row.original.rows_rejected)} rejected
          </Badge>
        ) : (
          <span className="muted small">none rejected</span>
        )}
      </div>
    ),
  }),
  column.accessor("sha256", {
    header: "SHA-256",
    cell: (c) =>
      c.getValue() ? (
        <code title={`SHA-256 of the imported files: ${c.getValue()}`}>{shortHash(c.getValue())}</code>
      ) : (
        <span className="muted" title="Generated, not read from a file">
          —
        </span>
      ),
  }),
];

export function Watchlists() {
  const { environment } = useSession();
  const lists = useLists();
  // Production screens against these lists: an import is an admin's (or a production key's).
  const admin = can(useReviewer()?.role, "admin");
  return (
    <>
      <PageHeader title="Watchlists" description="The list snapshots searches and screenings run against, and imports of new ones. Lists are shared by both environments; the demo list is searched in the sandbox only." />
      <section className="card" aria-labelledby="lists-title">
        <h2 id="lists-title">Snapshots</h2>
        <p className="muted small">The newest snapshot of each list is in use; an import of the same list replaces it atomically. Each search report records the snapshots it used.</p>
        {lists.isPending ? (
          <Loading what="the lists" />
        ) : lists.error ? (
          <ErrorState error={lists.error} retry={() => void lists.refetch()} />
        ) : lists.data.data.length === 0 ? (
          <Empty title="No lists imported.">
            {environment === "production" ? "Production searches imported lists only: import one below, or run " : "Import one below, or run "}
            <code>docket lists import --format us-csl consolidated.csv</code>.
          </Empty>
        ) : (
          <DataTable data={lists.data.data} columns={columns} rowKey={(s) => s.id} label="List snapshots" testId="lists-table" rowTestId="list-row" />
        )}
      </section>
      <div className="split" style={{ marginTop: 14 }}>
        {admin ? (
          <ImportForm />
        ) : (
          <section className="card" aria-labelledby="import-title" data-testid="import-card">
            <h2 id="import-title">Import a list</h2>
            <p className="muted">An admin imports lists: production screens against them, in both environments.</p>
          </section>
        )}
        <RecentImports />
      </div>
    </>
  );
}

function useImportJob(id: string | null) {
  return useQuery({
    queryKey: ["aml-import", id],
    queryFn: ({ signal }) => get<ListImport>(`${IMPORTS_PATH}/${id}`, undefined, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => (finished(query.state.data?.state) ? false : 500),
    staleTime: 0,
  });
}

function ImportForm() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<ImportFormat>("us-csl");
  const [files, setFiles] = useState<File[]>([]);
  const [sent, setSent] = useState<{ loaded: number; total: number } | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useRef<Upload | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const announced = useRef<string | null>(null);
  const job = useImportJob(jobId);
  const state = job.data?.state;

  // Say once how an import ended; a finished one changes the lists.
  useEffect(() => {
    const data = job.data;
    if (!data || !finished(data.state) || announced.current === data.id) return;
    announced.current = data.id;
    void queryClient.invalidateQueries({ queryKey: ["aml-lists"] });
    void queryClient.invalidateQueries({ queryKey: ["aml-imports"] });
    if (data.state === "done") {
      const snapshot = data.snapshot;
      toast(snapshot ? `Imported ${snapshot.label}: ${plural(snapshot.entities, "entity", "entities")}` : "List imported");
    } else {
      toast(data.message ?? "The import failed", "bad");
    }
  }, [job.data, queryClient, toast]);

  useEffect(() => () => upload.current?.abort(), []);

  const uploading = sent !== null && jobId === null && failure === null;
  const running = uploading || (jobId !== null && !finished(state) && !job.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    const refused = uploadProblem(files);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    setFailure(null);
    setJobId(null);
    announced.current = null;
    const total = files.reduce((n, f) => n + f.size, 0);
    setSent({ loaded: 0, total });
    const started = uploadImport(format, files, (loaded, all) => setSent({ loaded, total: all }));
    upload.current = started;
    started.promise.then(
      (created) => {
        upload.current = null;
        setSent({ loaded: total, total });
        queryClient.setQueryData(["aml-import", created.id], created);
        void queryClient.invalidateQueries({ queryKey: ["aml-imports"] });
        setJobId(created.id);
      },
      (error: unknown) => {
        upload.current = null;
        if (error instanceof DOMException && error.name === "AbortError") {
          setSent(null);
          toast("Upload cancelled");
          return;
        }
        setFailure(error);
      },
    );
  }

  function reset() {
    setFiles([]);
    setSent(null);
    setJobId(null);
    setFailure(null);
    if (picker.current) picker.current.value = "";
  }

  const chosen = IMPORT_FORMATS.find((f) => f.value === format);
  // Two bars in turn: the bytes sent, then the server's reading and indexing.
  const share = uploading ? (sent && sent.total ? sent.loaded / sent.total : 0) : state === "done" ? 1 : (job.data?.progress ?? 0);
  const failedMessage = state === "failed" ? (job.data?.message ?? "The import failed.") : null;

  return (
    <section className="card" aria-labelledby="import-title" data-testid="import-card">
      <h2 id="import-title">Import a list</h2>
      <form className="stack" onSubmit={submit} noValidate>
        <label>
          Format
          <select value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)} disabled={running} data-testid="import-format">
            {IMPORT_FORMATS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.value} · {f.label}
              </option>
            ))}
          </select>
          {chosen && <span className="muted small hint">{chosen.hint}</span>}
        </label>
        <label>
          Files
          <input
            ref={picker}
            type="file"
            multiple
            onChange={(e) => {
              setFiles(Array.from(e.target.files ?? []));
              setProblem(null);
            }}
            disabled={running}
            aria-invalid={problem ? true : undefined}
            data-testid="import-files"
          />
        </label>
        {files.length > 0 && (
          <ul className="plain-list small" data-testid="import-chosen">
            {files.map((f) => (
              <li key={`${f.name}-${f.size}`}>
                <code>{f.name}</code> <span className="muted">{bytes(f.size)}</span>
              </li>
            ))}
          </ul>
        )}
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        {(uploading || jobId) && !failure && state !== "failed" && (
          <div className="stack" style={{ gap: 6 }} data-testid="import-progress" aria-live="polite">
            <div className="row small" style={{ justifyContent: "space-between" }}>
              <span>
                {uploading ? "Uploading" : stateLabel(state ?? "reading")}
                {uploading && sent ? <span className="muted"> · {bytes(sent.loaded)} of {bytes(sent.total)}</span> : null}
                {!uploading && !finished(state) ? <span className="muted"> · on the server</span> : null}
              </span>
              <span className="muted num">{percent(share)}</span>
            </div>
            <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)} aria-label={uploading ? "Upload progress" : "Import progress"}>
              <span style={{ width: percent(Math.max(0, Math.min(1, share))) }} />
            </div>
            {state === "done" && <DoneNote job={job.data} />}
          </div>
        )}
        {job.error && !importsUnavailable(job.error) && <FormError error={job.error} />}
        {(failure || failedMessage) && (
          <div className="import-failed" role="alert" data-testid="import-failed">
            <strong>{failedMessage ?? (failure instanceof Error ? failure.message : String(failure))}</strong>
            <div className="small">{importsUnavailable(failure) ? "This Docket does not take imports from the console yet: run `docket lists import` instead." : "Nothing changed: the previous snapshot of the list stays in use."}</div>
          </div>
        )}
        <div className="actions" style={{ alignItems: "center" }}>
          {uploading ? (
            <button type="button" onClick={() => upload.current?.abort()}>
              Cancel
            </button>
          ) : (
            (finished(state) || failure !== null) && (
              <button type="button" onClick={reset}>
                Import another
              </button>
            )
          )}
          <button type="submit" className="primary" disabled={running} data-testid="import-submit">
            {running ? "Importing…" : "Import"}
          </button>
        </div>
        <p className="muted small" style={{ margin: 0 }}>
          The same from a terminal: <code>docket lists import --format {format} FILE…</code>. A failed import changes nothing.
        </p>
      </form>
    </section>
  );
}

function DoneNote({ job }: { job: ListImport | undefined }) {
  const snapshot = job?.snapshot;
  if (!job) return null;
  return (
    <div className="small">
      <Badge tone="good">done</Badge>{" "}
      {snapshot ? (
        <>
          {snapshot.label}: {plural(snapshot.entities, "entity", "entities")}, {plural(snapshot.names, "name", "names")}
          {snapshot.rows_rejected > 0 ? `, ${count(snapshot.rows_rejected)} rows rejected` : ""}. It is in use now.
        </>
      ) : (
        <>{job.message ?? "The new snapshot is in use now."}</>
      )}
      {job.rejections?.length ? <Rejections rows={job.rejections} total={snapshot?.rows_rejected} /> : null}
    </div>
  );
}

function Rejections({ rows, total }: { rows: { row: number; reason: string }[]; total?: number }) {
  return (
    <details className="rejections small">
      <summary>
        Rejected rows{total !== undefined && total > rows.length ? ` (the first ${rows.length} of ${count(total)})` : ""}
      </summary>
      <ul className="plain-list">
        {rows.map((r, i) => (
          <li key={i}>{rejectionText(r)}</li>
        ))}
      </ul>
    </details>
  );
}

function RecentImports() {
  const imports = useQuery({
    queryKey: ["aml-imports"],
    queryFn: ({ signal }) => get<{ data: ListImport[] }>(IMPORTS_PATH, undefined, signal),
    refetchInterval: (query) => (query.state.data?.data.some((i) => !finished(i.state)) ? 1000 : false),
    retry: false,
  });
  return (
    <section className="card" aria-labelledby="imports-title" data-testid="recent-imports">
      <h2 id="imports-title">Recent imports</h2>
      {imports.isPending ? (
        <Loading what="imports" />
      ) : imports.error ? (
        importsUnavailable(imports.error) ? (
          <p className="muted">This Docket does not list imports made from the console yet. Imports made with <code>docket lists import</code> show in the snapshots above.</p>
        ) : (
          <ErrorState error={imports.error} retry={() => void imports.refetch()} />
        )
      ) : imports.data.data.length === 0 ? (
        <p className="muted">No imports since Docket started. Imports made with <code>docket lists import</code> show in the snapshots above.</p>
      ) : (
        <ul className="imports" data-testid="imports-list">
          {imports.data.data.map((i) => (
            <li key={i.id} data-testid="import-row">
              <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
                <span>
                  <code>{i.format}</code> <span className="small">{fileNames(i.files)}</span>
                </span>
                <Badge tone={i.state === "done" ? "good" : i.state === "failed" ? "bad" : "info"}>{stateLabel(i.state)}</Badge>
              </div>
              {!finished(i.state) && (
                <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(i.progress * 100)} aria-label={`Import of ${fileNames(i.files)}`}>
                  <span style={{ width: percent(i.progress) }} />
                </div>
              )}
              <div className="muted small">
                <Time value={i.started_at} />
                {took(i.started_at, i.finished_at) ? ` · took ${took(i.started_at, i.finished_at)}` : " · running"}
              </div>
              {i.state === "failed" && i.message && <div className="small form-error">{i.message}</div>}
              {i.state === "done" && i.snapshot && (
                <div className="small">
                  {i.snapshot?.label}: {plural(i.snapshot?.entities, "entity", "entities")}
                  {i.snapshot?.rows_rejected ? `, ${count(i.snapshot?.rows_rejected)} rows rejected` : ""}
                </div>
              )}
              {i.rejections?.length ? <Rejections rows={i.rejections} total={i.snapshot?.rows_rejected} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
