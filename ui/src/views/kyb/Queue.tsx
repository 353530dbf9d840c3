// The KYB queue: tabs by stage with counts, whose cases, filters and search kept in the URL,
// most overdue first or as a header sorts it (on the server), totals and page count, bulk
// assign and release, and "Next case". Keyboard: j/k and Enter on the rows, n. Cases whose
// checks run late are an admin's (the stuck checks view), never a reviewer's red.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { get } from "../../api/client";
import { Badge } from "../../components/Badge";
import { DataTable } from "../../components/DataTable";
import { CheckFilter, DateFilter, FilterBar, SelectFilter, TextFilter } from "../../components/FilterBar";
import { PageHeader } from "../../components/Layout";
import { Pager } from "../../components/Pager";
import { Empty, ErrorState, Loading } from "../../components/States";
import { Tabs } from "../../components/Tabs";
import { Time } from "../../components/Time";
import { useTypedFilter, useUrlState } from "../../lib/params";
import { useReviewer, useSession } from "../../session";
import { BulkBar } from "./BulkBar";
import { useCounts, useNextCase, useNow } from "./data";
import { flaggedChecks, riskTone, statusTone, words } from "./evidence";
import { CLEARED, FLAGS, filtered, QUEUE_KEYS, queueQuery, queueState, RISK_LEVELS, SCOPES, STATUS_NAMES, sortOf, sortParts, TABS, tabStatuses } from "./queue";
import { age, caseSla } from "./sla";
import type { CasePage, CaseRow, Reviewer } from "./types";

const LIMIT = 25;
const column = createColumnHelper<CaseRow>();

function columns(now: number | null, me: Reviewer | null) {
  return [
    column.display({
      id: "case",
      header: "Case",
      size: 280,
      meta: { sortKey: "company_name" },
      cell: ({ row }) => {
        const c = row.original;
        return (
          <div style={{ minWidth: 180 }}>
            <Link to={`/kyb/${c.id}`} data-testid="kyb-row-link">
              {c.company_name || <span className="muted">(no name yet)</span>}
            </Link>
            <div className="muted small">
              <code>{c.public_id}</code>
              {c.company?.registration_number ? (
                <>
                  {" · "}
                  <span title="Registration number" data-testid="registration-number">
                    {c.company.registration_number}
                  </span>
                </>
              ) : null}
              {c.country ? <> · {c.country}</> : null}
            </div>
            {c.external_id ? <div className="muted small">{c.external_id}</div> : null}
          </div>
        );
      },
    }),
    column.display({
      id: "status",
      header: "Status and risk",
      meta: { sortKey: "status" },
      cell: ({ row }) => (
        <div className="badges" style={{ maxWidth: 190 }}>
          <Badge tone={statusTone(row.original.status)}>{STATUS_NAMES[row.original.status] ?? words(row.original.status)}</Badge>
          {row.original.risk_level && <Badge tone={riskTone(row.original.risk_level)}>{row.original.risk_level} risk</Badge>}
          {row.original.review?.pending_decision && (
            <Badge tone="info" title={`First decision: ${row.original.review.pending_decision.decision} by ${row.original.review.pending_decision.reviewer?.name ?? "the API"}`}>
              awaiting second approval
            </Badge>
          )}
        </div>
      ),
    }),
    column.display({
      id: "checks",
      header: "Checks",
      meta: { optional: true },
      cell: ({ row }) => {
        const summary = row.original.checks_summary;
        if (!summary) return <span className="muted small">not run</span>;
        const flags = flaggedChecks(summary);
        if (flags.length === 0) return <span className="muted small">{summary.completed === summary.expected ? "all clear" : `${summary.completed} of ${summary.expected} done`}</span>;
        return (
          <div className="badges">
            {flags.map((f) => (
              <Badge key={f.type} tone={f.tone}>
                {f.label}
              </Badge>
            ))}
          </div>
        );
      },
    }),
    column.display({
      id: "assignee",
      header: "Assignee",
      meta: { sortKey: "assignee" },
      cell: ({ row }) => {
        const assignee = row.original.review?.assignee;
        if (!assignee) return <span className="muted">unassigned</span>;
        return <span className="nowrap">{assignee.id === me?.id ? <strong>you</strong> : assignee.name}</span>;
      },
    }),
    column.display({
      id: "sla",
      header: "SLA",
      meta: { sortKey: "sla_due_at" },
      cell: ({ row }) => {
        const state = caseSla(row.original, now);
        if (state.state === "none") return <span className="muted small">—</span>;
        return (
          <div className="nowrap" title={`${state.text} (due ${row.original.review?.sla_due_at ?? ""})`} data-testid="sla">
            <Badge tone={state.tone}>{state.label}</Badge>
            {state.when && <div className="muted small">{state.when}</div>}
          </div>
        );
      },
    }),
    column.accessor("created_at", {
      header: "Age",
      meta: { sortKey: "created_at", optional: true },
      cell: (c) => (
        <div className="nowrap">
          {age(c.getValue(), now) || <Time value={c.getValue()} dateOnly />}
          <div className="muted small">
            <Time value={c.getValue()} dateOnly />
          </div>
        </div>
      ),
    }),
  ];
}

export function Queue() {
  const { environment } = useSession();
  const me = useReviewer();
  const navigate = useNavigate();
  const now = useNow();
  const counts = useCounts();
  const next = useNextCase();
  const { values, page, set } = useUrlState(QUEUE_KEYS);
  const state = queueState(values);
  const [q, setQ] = useTypedFilter("q", values.q, set);
  const query = queueQuery(state, page, LIMIT);
  const list = useQuery({
    queryKey: ["kyb-cases", environment, query],
    queryFn: ({ signal }) => get<CasePage>("/api/v4/kyb/verifications", query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  const statuses = tabStatuses(state.tab);
  const narrowed = filtered(state);
  // The selection belongs to the page it was made on.
  const pageKey = JSON.stringify(query);
  const [picked, setPicked] = useState<{ on: string; ids: Set<string> }>({ on: pageKey, ids: new Set() });
  const selected = picked.on === pageKey ? picked.ids : new Set<string>();
  const select = (ids: Set<string>) => setPicked({ on: pageKey, ids });
  const { key: sortKey, descending } = sortParts(state.sort);

  return (
    <>
      <PageHeader title="KYB cases" description="Business verifications by stage. Claim a case or take the next one, decide it from its case file.">
        <button type="button" className="primary" onClick={() => next.mutate()} disabled={next.isPending} data-shortcut="next" data-testid="next-case" title="Take the oldest unassigned case awaiting a reviewer (n)">
          Next case <kbd>n</kbd>
        </button>
      </PageHeader>
      <Tabs
        label="Stages"
        testId="kyb-tabs"
        value={state.tab}
        onChange={(tab) => set({ tab: tab === "manual_review" ? null : tab, status: null })}
        items={TABS.map((t) => ({ id: t.id, label: t.label, count: t.count ? counts.data?.[t.count] : undefined }))}
      />
      <div className="queue-scope">
        <Tabs
          label="Whose cases"
          testId="kyb-scope"
          value={state.scope || "everyone"}
          onChange={(scope) => set({ scope: scope === "everyone" ? null : scope })}
          items={SCOPES.map((s) => ({ id: s.id || "everyone", label: s.label, count: s.count ? counts.data?.[s.count] : undefined }))}
        />
        {counts.data && counts.data.sla_breached > 0 && (
          <button type="button" className={`small sla-chip${state.sla ? " active" : ""}`} onClick={() => set({ sla: state.sla ? null : "breached" })} aria-pressed={state.sla} data-testid="sla-breached-count">
            {counts.data.sla_breached} past their SLA
          </button>
        )}
        {me?.role === "admin" && counts.data && counts.data.checks_stuck > 0 && (
          <Link to="/kyb/stuck" className="small" data-testid="checks-stuck-count" title="Cases whose checks run past their SLA: no reviewer can act on them">
            {counts.data.checks_stuck} with stuck checks
          </Link>
        )}
      </div>
      <FilterBar active={narrowed} onClear={() => { setQ(""); set(CLEARED); }} label="Filter cases">
        <TextFilter label="Search" value={q} onChange={setQ} search placeholder="Company, person, reg. no., id" size={24} testId="filter-q" />
        {statuses.length > 1 && <SelectFilter label="Status" value={state.status} onChange={(v) => set({ status: v })} choices={statuses.map((s) => ({ value: s, label: STATUS_NAMES[s] }))} testId="filter-status" />}
        <SelectFilter label="Risk" value={state.risk_level} onChange={(v) => set({ risk_level: v })} choices={RISK_LEVELS} testId="filter-risk" />
        <TextFilter label="Country" value={values.country} onChange={(v) => set({ country: v.toUpperCase() })} placeholder="GB" size={4} maxLength={2} testId="filter-country" />
        <SelectFilter label="Checks" value={state.flag} onChange={(v) => set({ flag: v })} choices={FLAGS} testId="filter-flag" />
        <DateFilter label="Created from" value={state.created_from} onChange={(v) => set({ created_from: v })} testId="filter-created-from" />
        <DateFilter label="Created to" value={state.created_to} onChange={(v) => set({ created_to: v })} testId="filter-created-to" />
        <CheckFilter label="SLA breached" checked={state.sla} onChange={(v) => set({ sla: v ? "breached" : null })} testId="filter-sla" />
      </FilterBar>
      {list.isPending ? (
        <Loading what="cases" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        narrowed || state.scope ? (
          <Empty title="No case matches.">Loosen a filter, clear them, or look at everyone's cases.</Empty>
        ) : (
          <Empty title="No case in this stage.">
            Cases arrive with <code>POST /api/v4/kyb/verifications</code>; <code>docket serve --demo</code> adds sample ones.
          </Empty>
        )
      ) : (
        <>
          {me && <BulkBar me={me} rows={list.data.data} selected={selected} onDone={select} />}
          <DataTable
            data={list.data.data}
            columns={columns(now, me)}
            rowKey={(c) => c.id}
            onOpen={(c) => navigate(`/kyb/${c.id}`)}
            label="KYB cases"
            testId="kyb-table"
            rowTestId="kyb-row"
            rowClass={(c) => (caseSla(c, now).state === "breached" ? "breached" : undefined)}
            sort={{ key: sortKey, descending, onSort: (key, desc) => set({ sort: sortOf(key, desc) }) }}
            selection={me ? { selected, onChange: select } : undefined}
          />
          <Pager page={page} hasNext={list.data.has_next} onPage={(p) => set({ page: p })} shown={list.data.data.length} total={list.data.total} limit={LIMIT} />
        </>
      )}
    </>
  );
}
