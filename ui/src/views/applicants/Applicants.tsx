// Applicants: the list with filters and paging.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { Link, useNavigate } from "react-router";
import { get } from "../../api/client";
import type { Applicant, Page } from "../../api/types";
import { Badge, riskTone } from "../../components/Badge";
import { DataTable } from "../../components/DataTable";
import { FilterBar, SelectFilter, TextFilter } from "../../components/FilterBar";
import { PageHeader } from "../../components/Layout";
import { Pager } from "../../components/Pager";
import { Empty, ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { displayName } from "../../lib/format";
import { useTypedFilter, useUrlState } from "../../lib/params";
import { useSession } from "../../session";

const LIMIT = 25;
const TYPES = [
  { value: "Person", label: "Person" },
  { value: "Organization", label: "Organization" },
];
const column = createColumnHelper<Applicant>();

const columns = [
  column.display({
    id: "name",
    header: "Applicant",
    size: 260,
    cell: ({ row }) => (
      <div style={{ minWidth: 200 }}>
        <Link to={`/applicants/${row.original.applicant_id}`}>{displayName(row.original.system_info) || <span className="muted">(no name)</span>}</Link>
        <div className="muted small">
          {row.original.type}
          {row.original.system_info?.country ? ` · ${row.original.system_info.country}` : ""}
        </div>
      </div>
    ),
  }),
  column.accessor("external_id", { header: "External id", cell: (c) => (c.getValue() ? <code>{c.getValue()}</code> : <span className="muted">—</span>) }),
  column.display({
    id: "screening",
    header: "Screening",
    cell: ({ row }) => {
      const a = row.original;
      return (
        <div className="badges">
          {a.aml_screening_enabled ? <Badge tone="info">monitored</Badge> : <Badge>off</Badge>}
          {a.last_risk_score && <Badge tone={riskTone(a.last_risk_score)}>{a.last_risk_score} risk</Badge>}
        </div>
      );
    },
  }),
  column.accessor("verification_status", { header: "Verification", cell: (c) => <Badge tone={c.getValue() === "passed" ? "good" : c.getValue() === "failed" ? "bad" : "neutral"}>{c.getValue()}</Badge> }),
  column.accessor("created_at", { header: "Created", cell: (c) => <Time value={c.getValue()} /> }),
];

export function Applicants() {
  const { environment } = useSession();
  const navigate = useNavigate();
  const { values, page, set } = useUrlState(["name", "country", "type"] as const);
  const [name, setName] = useTypedFilter("name", values.name, set);

  const query = { page, limit: LIMIT, name: values.name, country: values.country.toUpperCase(), type: values.type };
  const list = useQuery({
    queryKey: ["applicants", environment, query],
    queryFn: ({ signal }) => get<Page<Applicant>>("/api/v3/applicants", query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(values.name || values.country || values.type);

  return (
    <>
      <PageHeader title="Applicants" description="People and organizations you verify and screen, newest first.">
        <Link className="button primary" to="/applicants/new" data-shortcut="new" data-testid="new-applicant">
          New applicant
        </Link>
      </PageHeader>
      <FilterBar
        active={filtered}
        onClear={() => {
          setName("");
          set({ name: null, country: null, type: null });
        }}
        label="Filter applicants"
      >
        <TextFilter label="Name" value={name} onChange={setName} search placeholder="Part of a name" testId="filter-name" />
        <TextFilter label="Country" value={values.country} onChange={(v) => set({ country: v })} placeholder="DE" maxLength={2} size={4} testId="filter-country" />
        <SelectFilter label="Type" value={values.type} onChange={(v) => set({ type: v })} choices={TYPES} testId="filter-type" />
      </FilterBar>
      {list.isPending ? (
        <Loading what="applicants" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        filtered ? (
          <Empty title="No applicant matches these filters.">Loosen a filter or clear them.</Empty>
        ) : (
          <Empty title="No applicants in this environment yet.">
            <Link to="/applicants/new">Create one</Link>, send <code>POST /api/v3/applicants</code>, or start <code>docket serve --demo</code> for sample data.
          </Empty>
        )
      ) : (
        <>
          <DataTable data={list.data.data} columns={columns} rowKey={(a) => a.applicant_id} onOpen={(a) => navigate(`/applicants/${a.applicant_id}`)} label="Applicants" testId="applicants-table" rowTestId="applicant-row" />
          <Pager page={page} hasNext={list.data.has_next} onPage={(p) => set({ page: p })} shown={list.data.data.length} />
        </>
      )}
    </>
  );
}
