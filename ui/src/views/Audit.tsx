// The audit trail: the environment's hash-chained events (filter by case, reviewer, time), the
// chain's verification, and the export auditors verify on their own (`docket audit verify FILE`).
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { Link } from "react-router";
import { download, get } from "../api/client";
import { Badge } from "../components/Badge";
import { Card } from "../components/Card";
import { DataTable } from "../components/DataTable";
import { DateFilter, FilterBar, SelectFilter, TextFilter } from "../components/FilterBar";
import { PageHeader } from "../components/Layout";
import { Pager } from "../components/Pager";
import { Empty, ErrorState, Loading } from "../components/States";
import { Time } from "../components/Time";
import { useToast } from "../components/Toasts";
import { shortId } from "../lib/format";
import { useTypedFilter, useUrlState } from "../lib/params";
import { useSession } from "../session";
import { AUDIT_KEYS, auditQuery, eventSummary } from "./kyb/audit";
import { useReviewers } from "./kyb/data";
import { words } from "./kyb/evidence";
import { actorName } from "./kyb/parts";
import type { AuditEvent, AuditVerification } from "./kyb/types";

const LIMIT = 50;
const column = createColumnHelper<AuditEvent>();
const columns = [
  column.accessor("seq", { header: "#", size: 60, cell: (c) => <span className="num">{c.getValue()}</span> }),
  column.accessor("at", { header: "Time", cell: (c) => <Time value={c.getValue()} /> }),
  column.accessor("kind", { header: "Event", cell: (c) => <strong className="nowrap">{words(c.getValue())}</strong> }),
  column.accessor("actor", {
    header: "By",
    cell: (c) => (c.getValue().startsWith("reviewer:") ? <Badge tone="info">{actorName(c.getValue())}</Badge> : <span className="muted small">{actorName(c.getValue())}</span>),
  }),
  column.display({
    id: "case",
    header: "Case",
    cell: ({ row }) => (row.original.case_id ? <Link to={`/kyb/${row.original.case_id}`}><code>{row.original.case_public_id ?? shortId(row.original.case_id)}</code></Link> : <span className="muted">—</span>),
  }),
  column.display({ id: "what", header: "Details", cell: ({ row }) => <div className="small audit-details">{eventSummary(row.original)}</div> }),
  column.accessor("hash", { header: "Hash", cell: (c) => <code className="muted" title={c.getValue()}>{c.getValue().slice(0, 10)}…</code> }),
];

export function Audit() {
  const { environment } = useSession();
  const toast = useToast();
  const reviewers = useReviewers();
  const { values, page, set } = useUrlState(AUDIT_KEYS);
  const [caseId, setCaseId] = useTypedFilter("case_id", values.case_id, set);
  const [selected, setSelected] = useState<AuditEvent | null>(null);
  const query = auditQuery(values, page, LIMIT);
  const list = useQuery({
    queryKey: ["audit", environment, query],
    queryFn: ({ signal }) => get<{ data: AuditEvent[]; has_next: boolean }>("/_docket/audit", query, signal),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: () => download("/_docket/audit/export", `docket-audit-${environment}.ndjson`),
    onError: (e) => toast(e.message, "bad"),
  });
  const narrowed = Object.values(values).some(Boolean);

  return (
    <>
      <PageHeader title="Audit trail" description="Every event of this environment's cases, each chained to the one before by its SHA-256 hash: an edited or removed event breaks the chain.">
        <button type="button" onClick={() => exporting.mutate()} disabled={exporting.isPending} data-testid="audit-export" title="The whole chain as NDJSON, oldest first; check it with `docket audit verify FILE`">
          Export (NDJSON)
        </button>
      </PageHeader>
      <Verification />
      <FilterBar active={narrowed} onClear={() => { setCaseId(""); set({ case_id: null, reviewer_id: null, from: null, to: null }); }} label="Filter events">
        <TextFilter label="Case" value={caseId} onChange={setCaseId} search placeholder="KYB-… or case id" size={24} testId="audit-filter-case" />
        <SelectFilter label="Reviewer" value={values.reviewer_id} onChange={(v) => set({ reviewer_id: v })} choices={(reviewers.data?.data ?? []).map((r) => ({ value: r.id, label: r.name }))} testId="audit-filter-reviewer" />
        <DateFilter label="From" value={values.from} onChange={(v) => set({ from: v })} time testId="audit-filter-from" />
        <DateFilter label="To" value={values.to} onChange={(v) => set({ to: v })} time testId="audit-filter-to" />
      </FilterBar>
      {list.isPending ? (
        <Loading what="the audit trail" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Empty title={narrowed ? "No event matches these filters." : "No events in this environment yet."}>{narrowed ? "Loosen a filter or clear them." : "Events are recorded as cases are created, checked, assigned and decided."}</Empty>
      ) : (
        <div className={selected ? "with-panel audit-with-panel" : undefined}>
          <div>
            <DataTable data={list.data.data} columns={columns} rowKey={(e) => String(e.seq)} onOpen={setSelected} selected={selected ? String(selected.seq) : null} label="Audit events" testId="audit-table" rowTestId="audit-row" />
            <Pager page={page} hasNext={list.data.has_next} onPage={(p) => set({ page: p })} shown={list.data.data.length} />
          </div>
          {selected && <EventPanel event={selected} onClose={() => setSelected(null)} />}
        </div>
      )}
    </>
  );
}

function Verification() {
  const { environment } = useSession();
  const verify = useQuery({ queryKey: ["audit", environment, "verify"], queryFn: ({ signal }) => get<AuditVerification>("/_docket/audit/verify", undefined, signal) });
  return (
    <Card
      title="Chain verification"
      testId="audit-verification"
      actions={
        <button type="button" className="small" onClick={() => void verify.refetch()} disabled={verify.isFetching} data-testid="audit-reverify">
          Verify again
        </button>
      }
    >
      {verify.isPending ? (
        <Loading what="the verification" />
      ) : verify.error ? (
        <ErrorState error={verify.error} />
      ) : verify.data.ok ? (
        <p className="row" style={{ alignItems: "center", margin: 0 }} data-testid="audit-verify" data-ok="true">
          <Badge tone="good">intact</Badge> Every hash checks out: {verify.data.events} {verify.data.events === 1 ? "event" : "events"}, none edited or missing
          {verify.data.erased_events > 0 ? `; ${verify.data.erased_events} emptied by erasures on request, each accounted for by its erasure's event.` : "."}
        </p>
      ) : (
        <p className="row" style={{ alignItems: "center", margin: 0 }} data-testid="audit-verify" data-ok="false" role="alert">
          <Badge tone="bad">broken</Badge> {verify.data.problem ? `Event #${verify.data.problem.seq}: ${verify.data.problem.message}` : "The chain does not verify."}
        </p>
      )}
    </Card>
  );
}

function EventPanel({ event, onClose }: { event: AuditEvent; onClose: () => void }) {
  return (
    <aside className="card panel" aria-label={`Event ${event.seq}`} data-testid="audit-event">
      <div className="card-head">
        <h2>
          #{event.seq} · {words(event.kind)}
        </h2>
        <button type="button" className="ghost" onClick={onClose} aria-label="Close the event">
          ✕
        </button>
      </div>
      <dl className="facts small">
        <dt>At</dt>
        <dd>
          <Time value={event.at} precise />
        </dd>
        <dt>By</dt>
        <dd>{event.actor}</dd>
        <dt>Case</dt>
        <dd>{event.case_id ? <Link to={`/kyb/${event.case_id}`}>{event.case_public_id ?? event.case_id}</Link> : "—"}</dd>
        <dt>Previous hash</dt>
        <dd>
          <code className="wrap">{event.prev_hash}</code>
        </dd>
        <dt>Hash</dt>
        <dd>
          <code className="wrap">{event.hash}</code>
        </dd>
      </dl>
      <h3 style={{ marginTop: 12 }}>Data</h3>
      <pre>{JSON.stringify(event.data, null, 2)}</pre>
    </aside>
  );
}
