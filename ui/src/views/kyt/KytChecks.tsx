// KYT checks: the list with the API's filters and a form to check an address, and one check's
// validity, evidence and exposure.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { get, post } from "../../api/client";
import type { KytCheck, NewKytCheck, Page } from "../../api/types";
import { Badge, riskTone } from "../../components/Badge";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/Layout";
import { ApplicantName } from "../../components/Names";
import { Pager } from "../../components/Pager";
import { Empty, ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { localTime } from "../../lib/format";
import { CHAINS, chainLabel, summary } from "../../lib/kyt";
import { useTypedFilter, useUrlState } from "../../lib/params";
import { useSession } from "../../session";

const LIMIT = 25;

const column = createColumnHelper<KytCheck>();
const columns = [
  column.accessor("address", { header: "Address", cell: (c) => <Link to={`/kyt/${c.row.original.id}`}><code>{c.getValue()}</code></Link> }),
  column.accessor("chain", { header: "Chain", cell: (c) => chainLabel(c.getValue()) }),
  column.display({
    id: "risk",
    header: "Risk",
    cell: ({ row }) => <RiskBadge check={row.original} />,
  }),
  column.display({ id: "summary", header: "Found", cell: ({ row }) => summary(row.original) }),
  column.accessor("created_at", { header: "Checked", cell: (c) => <Time value={c.getValue()} /> }),
];

/** A check's risk level and score, or that the address is not valid (and so has none). */
function RiskBadge({ check }: { check: KytCheck }) {
  return check.risk_score ? (
    <Badge tone={riskTone(check.risk_score.level)}>
      {check.risk_score.level} · {check.risk_score.score}
    </Badge>
  ) : (
    <Badge tone="neutral">not valid</Badge>
  );
}

function CheckForm() {
  const { environment } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [chain, setChain] = useState("bitcoin");
  const [address, setAddress] = useState("");
  const [monitor, setMonitor] = useState(false);
  const create = useMutation({
    mutationFn: (body: NewKytCheck) => post<KytCheck>("/api/v4/kyt/checks", body),
    onSuccess: (c) => {
      void client.invalidateQueries({ queryKey: ["kyt-checks", environment] });
      void navigate(`/kyt/${c.id}`);
    },
  });
  return (
    <form
      className="filters"
      aria-label="Check an address"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ chain, address, monitor });
      }}
    >
      <label>
        Chain
        <select value={chain} onChange={(e) => setChain(e.target.value)} data-testid="kyt-chain">
          {CHAINS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Address
        <input value={address} onChange={(e) => setAddress(e.target.value)} required maxLength={256} size={48} data-testid="kyt-address" />
      </label>
      <label>
        <input type="checkbox" checked={monitor} onChange={(e) => setMonitor(e.target.checked)} /> Monitor after each list import
      </label>
      <button type="submit" disabled={create.isPending} data-testid="kyt-submit">
        Check
      </button>
      {create.error && <span role="alert" className="error small">{create.error.message}</span>}
    </form>
  );
}

export function KytChecks() {
  const { environment } = useSession();
  const navigate = useNavigate();
  const { values, page, set } = useUrlState(["address", "chain", "risk_level"] as const);
  const [address, setAddress] = useTypedFilter("address", values.address, set);
  const query = { page, limit: LIMIT, address: values.address, chain: values.chain, risk_level: values.risk_level };
  const list = useQuery({
    queryKey: ["kyt-checks", environment, query],
    queryFn: ({ signal }) => get<Page<KytCheck>>("/api/v4/kyt/checks", query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(values.address || values.chain || values.risk_level);
  return (
    <>
      <PageHeader title="KYT checks" description="Crypto addresses checked for validity on their chain and matched exactly against the sanctions lists' addresses. Counterparty exposure is simulated in the sandbox only: production says it was not checked. Newest first." />
      <CheckForm />
      <div className="filters" role="search">
        <label>
          Address
          <input type="search" value={address} onChange={(e) => setAddress(e.target.value)} data-shortcut="search" data-testid="filter-address" />
        </label>
        <label>
          Chain
          <select value={values.chain} onChange={(e) => set({ chain: e.target.value || null })} data-testid="filter-chain">
            <option value="">Any</option>
            {CHAINS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Risk
          <select value={values.risk_level} onChange={(e) => set({ risk_level: e.target.value || null })} data-testid="filter-risk">
            <option value="">Any</option>
            {["Low", "Medium", "High", "Severe"].map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        {filtered && (
          <button type="button" className="ghost" onClick={() => { setAddress(""); set({ address: null, chain: null, risk_level: null }); }}>
            Clear filters
          </button>
        )}
      </div>
      {list.isPending ? (
        <Loading what="KYT checks" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Empty title={filtered ? "No check matches these filters." : "No KYT checks in this environment yet."}>
          Check an address above, or send <code>POST /api/v4/kyt/checks</code>.
        </Empty>
      ) : (
        <>
          <DataTable data={list.data.data} columns={columns} rowKey={(c) => c.id} onOpen={(c) => navigate(`/kyt/${c.id}`)} label="KYT checks" testId="kyt-table" rowTestId="kyt-row" />
          <Pager page={page} hasNext={list.data.has_next} onPage={(p) => set({ page: p })} shown={list.data.data.length} />
        </>
      )}
    </>
  );
}

export function KytCheckDetail() {
  const { id } = useParams();
  const { environment } = useSession();
  const check = useQuery({
    queryKey: ["kyt-check", environment, id],
    queryFn: ({ signal }) => get<KytCheck>(`/api/v4/kyt/checks/${id}`, undefined, signal),
  });
  if (check.isPending) return <Loading what="the KYT check" />;
  if (check.error) return <ErrorState error={check.error} retry={() => void check.refetch()} />;
  const c = check.data;
  return (
    <>
      <PageHeader title={c.address} description={`${chainLabel(c.chain)} · KYT check · ${localTime(c.created_at)}`}>
        <RiskBadge check={c} />
      </PageHeader>
      <div className="with-panel">
        <section className="card" aria-labelledby="kyt-evidence-title" data-testid="kyt-evidence">
          <h2 id="kyt-evidence-title">Evidence</h2>
          {c.evidence.length === 0 ? (
            <p className="muted small">{summary(c)}.</p>
          ) : (
            <ol className="stack small" style={{ paddingLeft: 18, gap: 8 }}>
              {c.evidence.map((e, i) => (
                <li key={i}>
                  <Badge tone={e.kind === "sanctions_list" ? "bad" : "warn"}>{e.category.replace("_", " ")}</Badge> {e.detail}
                  {e.programs.length > 0 && <div className="muted">Programmes: {e.programs.join(", ")}</div>}
                  {e.entity_id && <div className="muted">Entity <code>{e.entity_id}</code></div>}
                </li>
              ))}
            </ol>
          )}
          <h2>Exposure</h2>
          <p className="small">
            <Badge tone="neutral">{c.exposure.status.replace("_", " ")}</Badge> {c.exposure.reason}
          </p>
          {c.exposure.counterparties.length > 0 && (
            <ul className="small">
              {c.exposure.counterparties.map((s) => (
                <li key={s.category}>
                  {s.category.replace("_", " ")}: {s.percent}%
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="kyt-address-title" data-testid="kyt-address-facts">
          <h2 id="kyt-address-title">Address</h2>
          <dl className="facts">
            <dt>Valid</dt>
            <dd>{c.valid ? <Badge tone="good">yes</Badge> : <Badge tone="bad">no</Badge>}</dd>
            {c.invalid_reason && (
              <>
                <dt>Why not</dt>
                <dd>
                  <code>{c.invalid_code}</code> {c.invalid_reason}
                </dd>
              </>
            )}
            <dt>Canonical form</dt>
            <dd>{c.canonical_address ? <code>{c.canonical_address}</code> : "—"}</dd>
            <dt>Form</dt>
            <dd>{c.address_form ?? "—"}</dd>
            <dt>Transaction</dt>
            <dd>{c.tx_hash ? <code>{c.tx_hash}</code> : "—"}</dd>
            <dt>Origin</dt>
            <dd>{c.origin}{c.monitored_from && <> · re-check of <Link to={`/kyt/${c.monitored_from}`}>the monitored check</Link></>}</dd>
            <dt>Monitored</dt>
            <dd>{c.monitor ? "yes, after each list import" : "no"}</dd>
          </dl>
          {c.applicant_id && (
            <p className="small">
              Applicant: <ApplicantName id={c.applicant_id} />
            </p>
          )}
        </section>
      </div>
    </>
  );
}
