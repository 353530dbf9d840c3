// Document verifications: the list with filters and paging.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { Link, useNavigate } from "react-router";
import { get } from "../../api/client";
import type { Page, Verification } from "../../api/types";
import { Badge } from "../../components/Badge";
import { DataTable } from "../../components/DataTable";
import { FilterBar, SelectFilter, TextFilter } from "../../components/FilterBar";
import { PageHeader } from "../../components/Layout";
import { Pager } from "../../components/Pager";
import { Empty, ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useTypedFilter, useUrlState } from "../../lib/params";
import { useSession } from "../../session";
import { DOCUMENT_NAMES, IDENTITY_DOCUMENTS, STATUSES, STEP_NAMES, statusTone } from "./parts";
import { ApplicantName } from "../../components/Names";

const LIMIT = 25;
const column = createColumnHelper<Verification>();

const columns = [
  column.display({
    id: "verification",
    header: "Verification",
    cell: ({ row }) => (
      <div>
        <Link to={`/verifications/${row.original.id}`}>
          <code>{row.original.verification_url_id}</code>
        </Link>
        <div className="muted small">
          <ApplicantName id={row.original.applicant_id} />
          {row.original.link_id ? " · via link" : ""}
        </div>
      </div>
    ),
  }),
  column.accessor("status", { header: "Status", cell: (c) => <Badge tone={statusTone(c.getValue())}>{c.getValue().replace("_", " ")}</Badge> }),
  column.display({
    id: "checks",
    header: "Checks",
    cell: ({ row }) => (
      <div className="badges">
        {Object.entries(row.original.checks).map(([step, check]) => (
          <Badge key={step} tone={statusTone(check.status)} title={`${STEP_NAMES[step as keyof typeof STEP_NAMES] ?? step}: ${check.status}`}>
            {STEP_NAMES[step as keyof typeof STEP_NAMES] ?? step}
          </Badge>
        ))}
      </div>
    ),
  }),
  column.accessor("document_type", {
    header: "Document",
    cell: (c) => {
      const type = c.getValue();
      return type ? DOCUMENT_NAMES[type] : <span className="muted">—</span>;
    },
  }),
  column.accessor("country_code", { header: "Country", cell: (c) => c.getValue() ?? <span className="muted">—</span> }),
  column.accessor("created_at", { header: "Created", cell: (c) => <Time value={c.getValue()} /> }),
];

export function Verifications() {
  const { environment } = useSession();
  const navigate = useNavigate();
  const { values, page, set } = useUrlState(["name", "status", "document_type", "country"] as const);
  const [name, setName] = useTypedFilter("name", values.name, set);
  const query = { page, limit: LIMIT, name: values.name, status: values.status, document_type: values.document_type, country: values.country.toUpperCase() };
  const list = useQuery({
    queryKey: ["verifications", environment, query],
    queryFn: ({ signal }) => get<Page<Verification>>("/api/v3/verifications", query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((v) => v.status === "in_progress") ? 2000 : false),
  });
  const filtered = Boolean(values.name || values.status || values.document_type || values.country);

  return (
    <>
      <PageHeader title="Document verifications" description="Identity documents, selfies and proofs of address, newest first. In production, checks Docket cannot make offline wait here for a reviewer.">
        <Link className="button" to="/verifications/profiles" data-testid="open-profiles">
          Profiles and links
        </Link>
      </PageHeader>
      <FilterBar
        active={filtered}
        onClear={() => {
          setName("");
          set({ name: null, status: null, document_type: null, country: null });
        }}
        label="Filter verifications"
      >
        <TextFilter label="Applicant name" value={name} onChange={setName} search placeholder="Part of a name" testId="filter-name" />
        <SelectFilter label="Status" value={values.status} onChange={(v) => set({ status: v })} choices={STATUSES.map((s) => ({ value: s, label: s.replace("_", " ") }))} testId="filter-status" />
        <SelectFilter label="Document" value={values.document_type} onChange={(v) => set({ document_type: v })} choices={IDENTITY_DOCUMENTS.map((d) => ({ value: d, label: DOCUMENT_NAMES[d] }))} testId="filter-document" />
        <TextFilter label="Country" value={values.country} onChange={(v) => set({ country: v })} placeholder="DE" maxLength={2} size={4} testId="filter-country" />
      </FilterBar>
      {list.isPending ? (
        <Loading what="verifications" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        filtered ? (
          <Empty title="No verification matches these filters.">Loosen a filter or clear them.</Empty>
        ) : (
          <Empty title="No verifications in this environment yet.">
            Send <code>POST /api/v3/verifications</code>, or share a profile's link from <Link to="/verifications/profiles">Profiles and links</Link>.
          </Empty>
        )
      ) : (
        <>
          <DataTable data={list.data.data} columns={columns} rowKey={(v) => v.id} onOpen={(v) => navigate(`/verifications/${v.id}`)} label="Verifications" testId="verifications-table" rowTestId="verification-row" />
          <Pager page={page} hasNext={list.data.has_next} onPage={(p) => set({ page: p })} shown={list.data.data.length} />
        </>
      )}
    </>
  );
}
