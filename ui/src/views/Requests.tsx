// The request journal: every API call of this environment, newest first, live while on the
// first page, with filters and the bodies of the selected request. For the machine's owner, a
// second tab: the requests refused for want of a credential (no key, a wrong key, no session),
// which belong to no organization and are counted per source address instead of journaled.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { Fragment, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { del, get } from "../api/client";
import type { JournalEntry, Page, RefusedRequests, RefusedSource } from "../api/types";
import { Badge, statusTone } from "../components/Badge";
import { Card } from "../components/Card";
import { CopyButton } from "../components/CopyButton";
import { DataTable } from "../components/DataTable";
import { Confirm } from "../components/Confirm";
import { PageHeader } from "../components/Layout";
import { Pager } from "../components/Pager";
import { Empty, ErrorState, Loading } from "../components/States";
import { Tabs } from "../components/Tabs";
import { Time } from "../components/Time";
import { useToast } from "../components/Toasts";
import { count, plural, prettyBody } from "../lib/format";
import { useTypedFilter, useUrlState } from "../lib/params";
import { useReviewer, useSession } from "../session";

const LIMIT = 50;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const STATUSES = ["2xx", "3xx", "4xx", "5xx"];

/** A journal entry; `source` and `reviewer` tell console actions apart. */
export type Entry = JournalEntry;

const column = createColumnHelper<Entry>();
const columns = [
  column.accessor("received_at", { header: "Time", cell: (c) => <Time value={c.getValue()} /> }),
  column.accessor("method", { header: "Method", cell: (c) => <code>{c.getValue()}</code> }),
  column.accessor("path", {
    header: "Path",
    cell: ({ row }) => (
      <code className="small path">
        <Breakable path={row.original.path} />
        {row.original.query ? `?${row.original.query}` : ""}
      </code>
    ),
  }),
  column.accessor("status", { header: "Status", cell: (c) => <Badge tone={statusTone(c.getValue())}>{c.getValue()}</Badge> }),
  column.accessor("latency_ms", { header: "Latency", cell: (c) => <span className="nowrap">{c.getValue().toFixed(1)} ms</span> }),
  column.display({
    id: "who",
    header: "By",
    cell: ({ row }) => (row.original.source === "console" ? <Badge tone="info" title="A console action">{row.original.reviewer ?? "console"}</Badge> : <span className="muted small">{row.original.client ?? "API"}</span>),
  }),
];
/** Beside the open detail, which shows the latency and who sent it, the path gets their room. */
const columnsBesideDetail = columns.filter((c) => !(("accessorKey" in c && c.accessorKey === "latency_ms") || c.id === "who"));

/** A path that may break after each `/` (and at hyphens), never inside a segment's letters. */
function Breakable({ path }: { path: string }) {
  const segments = path.split("/");
  return segments.map((segment, i) => (
    <Fragment key={i}>
      {segment}
      {i < segments.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}

const useRefused = (enabled: boolean, live: boolean) =>
  useQuery({ queryKey: ["requests-refused"], queryFn: ({ signal }) => get<RefusedRequests>("/_docket/requests/refused", undefined, signal), enabled, refetchInterval: live ? 5000 : false });

export function Requests() {
  const owner = useReviewer()?.owner === true;
  const [params, setParams] = useSearchParams();
  const view = owner && params.get("view") === "refused" ? "refused" : "journal";
  // The tab shows the count; the refused view itself follows it live.
  const refused = useRefused(owner, view === "refused");
  const [live, setLive] = useState(true);
  const { environment } = useSession();
  const [clearing, setClearing] = useState(false);
  return (
    <>
      <PageHeader title="Requests" description={view === "journal" ? "Every API request to this environment: bodies with secrets redacted. Console actions are listed with the reviewer's name." : "Requests that came with no valid API key or console session, from any address. They belong to no organization, so they are counted here rather than journaled."}>
        <label className="inline live">
          <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} data-testid="live-toggle" />
          Live {live && (view === "refused" || Number(params.get("page") ?? 0) === 0) && <span className="status-dot" aria-hidden="true" />}
        </label>
        {view === "journal" && environment === "sandbox" && (
          <button type="button" className="danger" onClick={() => setClearing(true)} data-testid="clear-requests">
            Clear…
          </button>
        )}
      </PageHeader>
      {owner && (
        <Tabs
          label="Requests"
          value={view}
          onChange={(id) => setParams(id === "refused" ? { view: "refused" } : {}, { replace: true })}
          items={[
            { id: "journal", label: "Journal" },
            { id: "refused", label: "Refused without a credential", count: refused.data?.total ?? null, tone: "warn" },
          ]}
          testId="requests-tabs"
        />
      )}
      {view === "refused" ? <Refused refused={refused} /> : <Journal live={live} clearing={clearing} setClearing={setClearing} />}
    </>
  );
}

function Journal({ live, clearing, setClearing }: { live: boolean; clearing: boolean; setClearing: (open: boolean) => void }) {
  const { environment } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { values, page, set } = useUrlState(["method", "path", "status", "source", "reviewer", "request_id"] as const);
  const [path, setPath] = useTypedFilter("path", values.path, set);
  const [selected, setSelected] = useState<Entry | null>(null);

  const query = { page, limit: LIMIT, ...values };
  const list = useQuery({
    queryKey: ["requests", environment, query],
    queryFn: ({ signal }) => get<Page<Entry>>("/_docket/requests", query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: live && page === 0 ? 1500 : false,
  });
  const clear = useMutation({
    mutationFn: () => del<{ removed?: number }>("/_docket/requests"),
    onSuccess: () => {
      toast("Request journal cleared");
      setClearing(false);
      setSelected(null);
      void queryClient.invalidateQueries({ queryKey: ["requests"] });
    },
    onError: (e) => toast(e.message, "bad"),
  });
  const filtered = Object.values(values).some(Boolean);

  return (
    <>
      <div className="filters" role="search">
        <label>
          Path starts with
          <input type="search" value={path} onChange={(e) => setPath(e.target.value)} placeholder="/api/v3/applicants" data-shortcut="search" data-testid="filter-path" />
        </label>
        <label>
          Method
          <select value={values.method} onChange={(e) => set({ method: e.target.value })} data-testid="filter-method">
            <option value="">Any</option>
            {METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={values.status} onChange={(e) => set({ status: e.target.value })} data-testid="filter-status">
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          From
          <select value={values.source} onChange={(e) => set({ source: e.target.value })} data-testid="filter-source">
            <option value="">API and console</option>
            <option value="api">API calls</option>
            <option value="console">Console actions</option>
          </select>
        </label>
        <label>
          Reviewer
          <input value={values.reviewer} onChange={(e) => set({ reviewer: e.target.value })} placeholder="Exact name" size={14} data-testid="filter-reviewer" />
        </label>
        {filtered && (
          <button
            type="button"
            className="ghost"
            onClick={() => {
              setPath("");
              set({ method: null, path: null, status: null, source: null, reviewer: null, request_id: null });
            }}
          >
            Clear filters
          </button>
        )}
      </div>
      <div className={selected ? "with-panel" : undefined}>
        <div>
          {list.isPending ? (
            <Loading what="requests" />
          ) : list.error ? (
            <ErrorState error={list.error} retry={() => void list.refetch()} />
          ) : list.data.data.length === 0 ? (
            <Empty title={filtered ? "No request matches these filters." : "No requests recorded yet."}>
              {filtered ? "Loosen a filter." : "Call the API with a key of this environment and the requests show up here as they happen."}
            </Empty>
          ) : (
            <>
              <DataTable data={list.data.data} columns={selected ? columnsBesideDetail : columns} rowKey={(e) => String(e.seq)} onOpen={setSelected} selected={selected ? String(selected.seq) : null} label="Recorded requests" testId="requests-table" rowTestId="request-row" />
              <Pager page={page} hasNext={list.data.has_next} onPage={(p) => set({ page: p })} shown={list.data.data.length} />
            </>
          )}
        </div>
        {selected && <EntryPanel entry={selected} onClose={() => setSelected(null)} />}
      </div>
      <Confirm open={clearing} title="Clear the request journal?" action="Clear" onConfirm={() => clear.mutate()} onClose={() => setClearing(false)} pending={clear.isPending}>
        <p>Every recorded request of this environment is removed. Nothing else changes.</p>
      </Confirm>
    </>
  );
}

function EntryPanel({ entry, onClose }: { entry: Entry; onClose: () => void }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <aside className="card panel" aria-label="Request detail" data-testid="request-detail">
      <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
        <h2 style={{ margin: 0 }}>
          <code>{entry.method}</code> {entry.status}
        </h2>
        <button type="button" className="ghost" onClick={onClose} aria-label="Close detail">
          ✕
        </button>
      </div>
      <dl className="facts small" style={{ margin: "10px 0" }}>
        <dt>Path</dt>
        <dd>
          <code>
            {entry.path}
            {entry.query ? `?${entry.query}` : ""}
          </code>
        </dd>
        <dt>Received</dt>
        <dd>
          <Time value={entry.received_at} precise />
        </dd>
        <dt>Latency</dt>
        <dd>{entry.latency_ms.toFixed(2)} ms</dd>
        <dt>Request id</dt>
        <dd>
          <code>{entry.request_id}</code> <CopyButton value={entry.request_id} />
        </dd>
        <dt>Client</dt>
        <dd>{entry.client ?? "—"}</dd>
        {entry.source === "console" && (
          <>
            <dt>Reviewer</dt>
            <dd>{entry.reviewer}</dd>
          </>
        )}
      </dl>
      <Body title="Request body" body={entry.request_body} truncated={entry.request_body_truncated} testId="request-body" />
      <Body title="Response body" body={entry.response_body} truncated={entry.response_body_truncated} testId="response-body" />
    </aside>
  );
}

function Body({ title, body, truncated, testId }: { title: string; body: string | null | undefined; truncated: boolean; testId: string }) {
  return (
    <section style={{ marginTop: 10 }}>
      <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
        <h3 style={{ margin: 0 }}>
          {title} {truncated && <Badge tone="warn">cut at 16 KiB</Badge>}
        </h3>
        {body && <CopyButton value={body} />}
      </div>
      {body ? <pre data-testid={testId} style={{ marginTop: 6, maxHeight: 360 }}>{prettyBody(body)}</pre> : <p className="muted small">Empty.</p>}
    </section>
  );
}

const refusedColumn = createColumnHelper<RefusedSource>();
const refusedColumns = [
  refusedColumn.accessor("address", { header: "Source address", cell: (c) => (c.getValue() ? <code>{c.getValue()}</code> : <span className="muted">unknown</span>) }),
  refusedColumn.accessor("count", { header: "Refused", cell: (c) => <strong className="num">{count(c.getValue())}</strong> }),
  refusedColumn.accessor("first_at", { header: "First", cell: (c) => <Time value={c.getValue()} precise /> }),
  refusedColumn.accessor("last_at", { header: "Last", cell: (c) => <Time value={c.getValue()} precise /> }),
  refusedColumn.accessor("samples", {
    header: "Latest requests",
    cell: (c) => (
      <ul className="samples">
        {[...c.getValue()].reverse().map((sample, i) => (
          <li key={i}>
            <Badge tone={statusTone(sample.status)}>{sample.status}</Badge>
            <code className="path">
              {sample.method} <Breakable path={sample.path} />
            </code>
            <span className="muted nowrap">
              <Time value={sample.at} precise />
            </span>
          </li>
        ))}
      </ul>
    ),
  }),
];

function Refused({ refused }: { refused: ReturnType<typeof useRefused> }) {
  if (refused.isPending) return <Loading what="refused requests" />;
  if (refused.error) return <ErrorState error={refused.error} retry={() => void refused.refetch()} />;
  const { total, since, sources } = refused.data;
  return (
    <div className="stack">
      <Card title={<span data-testid="refused-total">{plural(total, "request refused", "requests refused")}</span>} description={since ? <>For want of a credential, since <Time value={since} /> (counted since the server started; a restart begins again).</> : "For want of a credential, since the server started."} testId="refused-summary">
        <p className="muted small" style={{ margin: 0 }}>
          A few from the console itself are normal (a browser that opens it before signing in). Many from one address are someone trying keys or sessions: its latest requests say what it tried. Sign-in failures are on the audit trail, by account.
        </p>
      </Card>
      {sources.length === 0 ? (
        <Empty title="Nothing refused since the server started." />
      ) : (
        <DataTable data={sources} columns={refusedColumns} rowKey={(r) => r.address ?? "unknown"} label="Refused requests per source address" testId="refused-table" rowTestId="refused-row" />
      )}
    </div>
  );
}
