// Search history: past searches and the screenings of applicants and KYB cases (each linked to
// whom it was for), filtered and paged in the URL; and the FATF table the reports'
// `fatf_records` come from.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { get } from "../../api/client";
import type { Page, SearchSummary } from "../../api/types";
import { Badge, riskTone } from "../../components/Badge";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/Layout";
import { Pager } from "../../components/Pager";
import { Empty, ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { count } from "../../lib/format";
import { useTypedFilter, useUrlState } from "../../lib/params";
import { useSession } from "../../session";
import { FATF_STATUSES, fatfStatus, filterFatf } from "./explain";
import { FatfTable, useFatf } from "./parts";

const LIMIT = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const column = createColumnHelper<SearchSummary>();

const columns = [
  column.accessor("requested_name", {
    header: "Name searched",
    cell: (c) => (
      <Link to={`/aml?report=${c.row.original.search_uuid}`}>
        {c.getValue()}
      </Link>
    ),
  }),
  column.accessor("kind", { header: "Kind", cell: (c) => <Badge tone={c.getValue() === "screening" ? "info" : "neutral"}>{c.getValue()}</Badge> }),
  column.accessor("hits", { header: "Hits", cell: (c) => <span className={c.getValue() === 0 ? "muted" : undefined}>{count(c.getValue())}</span> }),
  column.accessor("max_risk_score", { header: "Max risk", cell: (c) => (c.getValue() ? <Badge tone={riskTone(c.getValue())}>{c.getValue()}</Badge> : <span className="muted">none</span>) }),
  column.accessor("searched_at", { header: "Searched", cell: (c) => <Time value={c.getValue()} /> }),
  column.display({
    id: "for",
    header: "For",
    cell: ({ row }) => {
      const s = row.original;
      if (s.case_id)
        return (
          <Link to={`/kyb/${s.case_id}`} className="nowrap" data-testid="history-case">
            case {s.case_public_id ?? s.case_id.slice(0, 8)}
          </Link>
        );
      if (s.applicant_id)
        return (
          <Link to={`/applicants/${s.applicant_id}`} title={`Applicant ${s.applicant_id}`} className="nowrap" data-testid="history-applicant">
            Applicant
          </Link>
        );
      return <span className="muted">—</span>;
    },
  }),
];

export function AmlHistory() {
  const { environment } = useSession();
  const navigate = useNavigate();
  const { values, page, set } = useUrlState(["name", "kind", "applicant_id"] as const);
  const [name, setName] = useTypedFilter("name", values.name, set);
  const [applicant, setApplicant] = useState(values.applicant_id);
  useEffect(() => {
    const trimmed = applicant.trim();
    // Only a whole id filters: the server refuses part of one.
    if (trimmed !== values.applicant_id && (trimmed === "" || UUID.test(trimmed))) set({ applicant_id: trimmed });
  }, [applicant, values.applicant_id, set]);

  const query = { page, limit: LIMIT, name: values.name, kind: values.kind, applicant_id: values.applicant_id };
  const list = useQuery({
    queryKey: ["history", environment, query],
    queryFn: ({ signal }) => get<Page<SearchSummary>>("/api/v3/aml/search/history", query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(values.name || values.kind || values.applicant_id);
  const partialId = applicant.trim() !== "" && !UUID.test(applicant.trim());

  return (
    <>
      <PageHeader title="Search history" description="Searches and the screenings of monitored applicants, newest first.">
        <Link className="button primary" to="/aml" data-shortcut="new">
          New search
        </Link>
      </PageHeader>
      <div className="filters" role="search">
        <label>
          Name
          <input type="search" value={name} onChange={(e) => setName(e.target.value)} placeholder="Part of a name" data-shortcut="search" data-testid="history-name" />
        </label>
        <label>
          Kind
          <select value={values.kind} onChange={(e) => set({ kind: e.target.value })} data-testid="history-kind">
            <option value="">Any</option>
            <option value="search">Searches</option>
            <option value="screening">Screenings</option>
          </select>
        </label>
        <label>
          Applicant id
          <input value={applicant} onChange={(e) => setApplicant(e.target.value)} placeholder="Screenings of one applicant" size={38} aria-invalid={partialId ? true : undefined} aria-describedby="applicant-id-help" data-testid="history-applicant-id" />
        </label>
        {filtered && (
          <button
            type="button"
            className="ghost"
            onClick={() => {
              setName("");
              setApplicant("");
              set({ name: null, kind: null, applicant_id: null });
            }}
          >
            Clear filters
          </button>
        )}
      </div>
      {partialId && (
        <p id="applicant-id-help" className="muted small" style={{ marginTop: -4 }}>
          Paste the whole applicant id (a UUID) to filter by it.
        </p>
      )}
      {list.isPending ? (
        <Loading what="the search history" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        filtered || page > 0 ? (
          <Empty title="No search matches these filters.">Loosen a filter or clear them.</Empty>
        ) : (
          <Empty title="No searches in this environment yet.">
            <Link to="/aml">Search a name</Link>, send <code>POST /api/v3/aml/search</code>, or turn monitoring on for an applicant.
          </Empty>
        )
      ) : (
        <>
          <DataTable data={list.data.data} columns={columns} rowKey={(s) => s.search_uuid} onOpen={(s) => navigate(`/aml?report=${s.search_uuid}`)} label="Past searches" testId="aml-history-table" rowTestId="aml-history-row" />
          <Pager page={page} hasNext={list.data.has_next} onPage={(p) => set({ page: p })} shown={list.data.data.length} />
        </>
      )}
      <Fatf />
    </>
  );
}

function Fatf() {
  const fatf = useFatf();
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState("");
  const records = fatf.data ? filterFatf(fatf.data.data, query, status) : [];
  const counts = new Map<string, number>();
  for (const r of fatf.data?.data ?? []) counts.set(r.fatf_status, (counts.get(r.fatf_status) ?? 0) + 1);
  return (
    <section className="card" aria-labelledby="fatf-title" style={{ marginTop: 20 }} data-testid="fatf-section">
      <h2 id="fatf-title">FATF statuses</h2>
      <p className="muted small">
        The table each report's <code>fatf_records</code> are drawn from: jurisdictions subject to a call for action, those under increased monitoring, and FATF members. Replace it with{" "}
        <code>docket aml fatf --import FILE</code>.
      </p>
      <div className="filters" role="search" aria-label="FATF filters">
        <label>
          Country
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Code or name" data-testid="fatf-country" />
        </label>
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value)} data-testid="fatf-status">
            <option value="">Any</option>
            {FATF_STATUSES.map((s) => (
              <option key={s} value={s}>
                {fatfStatus(s).label}
                {counts.has(s) ? ` (${counts.get(s)})` : ""}
              </option>
            ))}
          </select>
        </label>
        {fatf.data && (
          <span className="muted small" style={{ alignSelf: "center" }}>
            {records.length} of {fatf.data.data.length} records
          </span>
        )}
      </div>
      {fatf.isPending ? (
        <Loading what="the FATF table" />
      ) : fatf.error ? (
        <ErrorState error={fatf.error} retry={() => void fatf.refetch()} />
      ) : records.length === 0 ? (
        <Empty title="No FATF record matches.">Countries not in the table are not listed by the FATF.</Empty>
      ) : (
        <FatfTable records={records} testId="fatf-table" />
      )}
    </section>
  );
}
