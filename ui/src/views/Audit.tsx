// The audit trail: the environment's hash-chained events (filter by case, reviewer, time), the
// chain's verification with its problems (an admin acknowledges them here), and the export
// auditors verify on their own (`docket audit verify FILE`).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { Link } from "react-router";
import { download, get, post } from "../api/client";
import { Badge } from "../components/Badge";
import { Card } from "../components/Card";
import { DataTable } from "../components/DataTable";
import { DateFilter, FilterBar, SelectFilter, TextFilter } from "../components/FilterBar";
import { PageHeader } from "../components/Layout";
import { Pager } from "../components/Pager";
import { Empty, ErrorState, FormError, Loading } from "../components/States";
import { Time } from "../components/Time";
import { useToast } from "../components/Toasts";
import { shortId } from "../lib/format";
import { useTypedFilter, useUrlState } from "../lib/params";
import { unacknowledged } from "../lib/chain";
import { can, useReviewer, useSession } from "../session";
import { AUDIT_KEYS, auditQuery, eventSummary } from "./kyb/audit";
import { useReviewers } from "./kyb/data";
import { words } from "./kyb/evidence";
import { actorName } from "./kyb/parts";
import type { AuditEvent, AuditVerification } from "./kyb/types";
import { CaseName } from "../components/Names";

const LIMIT = 50;
/** A case's id, rather than its public id, in the case filter: shown by its public id and company. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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
        {UUID.test(values.case_id.trim()) && (
          <span className="small" data-testid="audit-filter-case-name">
            <CaseName id={values.case_id.trim()} />
          </span>
        )}
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
  const queryClient = useQueryClient();
  const verify = useQuery({
    queryKey: ["audit", environment, "verify"],
    queryFn: async ({ signal }) => {
      const verified = await get<AuditVerification>("/_docket/audit/verify", undefined, signal);
      // The banner on every page shows what this verification found.
      void queryClient.invalidateQueries({ queryKey: ["audit", environment, "status"] });
      return verified;
    },
  });
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
          {verify.data.erased_events > 0 ? `; ${verify.data.erased_events} emptied by erasures on request, each accounted for by its erasure's event and still linked.` : "."}
        </p>
      ) : (
        <Problems verification={verify.data} />
      )}
    </Card>
  );
}

/** A broken chain: every problem found, who acknowledged which, and the admin's acknowledgement. */
function Problems({ verification }: { verification: AuditVerification }) {
  const me = useReviewer();
  const open = unacknowledged(verification);
  const total = verification.problems.length + verification.more_problems;
  return (
    <div data-testid="audit-verify" data-ok="false">
      <p className="row" style={{ alignItems: "center", margin: 0 }} role="alert">
        <Badge tone="bad">broken</Badge> {total === 1 ? "One problem" : `${total} problems`} in {verification.events} events
        {verification.unacknowledged > 0 ? `; ${verification.unacknowledged} not acknowledged.` : "; every one acknowledged by an admin."}
      </p>
      <ul className="chain-problems small">
        {verification.problems.map((p) => (
          <li key={`${p.seq}-${p.kind}`} data-testid="audit-problem" data-acknowledged={p.acknowledged ? "true" : "false"}>
            <strong>Event #{p.seq}</strong>: {p.message}{" "}
            {p.acknowledged ? (
              <span className="muted">
                (acknowledged by {actorName(p.acknowledged.by)}, <Time value={p.acknowledged.at} /> in event #{p.acknowledged.seq}: “{p.acknowledged.note}”)
              </span>
            ) : (
              <Badge tone="bad">not acknowledged</Badge>
            )}
          </li>
        ))}
        {verification.more_problems > 0 && <li>… and {verification.more_problems} more, not listed: a chain this broken is restored from a backup, not acknowledged.</li>}
      </ul>
      {open.length > 0 &&
        (can(me?.role, "admin") ? (
          <AcknowledgeForm problems={open.map((p) => p.seq)} />
        ) : (
          <p className="muted small">An admin acknowledges these problems here, with a note saying what was found and done; the acknowledgement is recorded on the chain.</p>
        ))}
    </div>
  );
}

function AcknowledgeForm({ problems }: { problems: number[] }) {
  const { environment } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [note, setNote] = useState("");
  const acknowledge = useMutation({
    mutationFn: () => post<AuditVerification>("/_docket/audit/acknowledge", { note: note.trim(), problems }),
    onSuccess: (verified) => {
      queryClient.setQueryData(["audit", environment, "verify"], verified);
      // The banner, and the list, which now ends with the acknowledgement.
      void queryClient.invalidateQueries({ queryKey: ["audit", environment], predicate: (q) => q.queryKey[2] !== "verify" });
      setNote("");
      toast("Acknowledged: recorded on the audit chain");
    },
  });
  return (
    <form
      className="stack"
      style={{ marginTop: 12 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (note.trim()) acknowledge.mutate();
      }}
    >
      <label>
        Note (recorded on the chain with your name: what was found and done)
        <textarea value={note} onChange={(e) => setNote(e.target.value)} required rows={3} maxLength={2000} placeholder="The database was edited while Docket was stopped; restored from the 09:00 backup." data-testid="audit-ack-note" />
      </label>
      <FormError error={acknowledge.error} />
      <div>
        <button type="submit" className="danger" disabled={acknowledge.isPending || !note.trim()} data-testid="audit-ack-submit">
          Acknowledge {problems.length === 1 ? "the problem" : `${problems.length} problems`}
        </button>
      </div>
    </form>
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
