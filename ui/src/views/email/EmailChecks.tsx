// E-mail checks: the list with the API's filters, and one check's findings and ownership
// timeline beside it.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { Link, useNavigate, useParams } from "react-router";
import { get } from "../../api/client";
import type { EmailCheck, Page } from "../../api/types";
import { Badge, type Tone } from "../../components/Badge";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/Layout";
import { Pager } from "../../components/Pager";
import { Empty, ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useTypedFilter, useUrlState } from "../../lib/params";
import { useSession } from "../../session";
import { ApplicantName } from "../../components/Names";
import { clockTime, localTime } from "../../lib/format";

const LIMIT = 25;

export function verdictTone(verdict: string): Tone {
  if (verdict === "pass") return "good";
  if (verdict === "fail") return "bad";
  if (verdict === "risky") return "warn";
  return "neutral";
}

const column = createColumnHelper<EmailCheck>();
const columns = [
  column.accessor("email", { header: "Address", cell: (c) => <Link to={`/email/${c.row.original.id}`}>{c.getValue()}</Link> }),
  column.accessor("verdict", { header: "Verdict", cell: (c) => <Badge tone={verdictTone(c.getValue())}>{c.getValue()}</Badge> }),
  column.accessor("code", { header: "Reason", cell: (c) => (c.getValue() ? <code>{c.getValue()}</code> : <span className="muted">—</span>) }),
  column.accessor("risk_score", { header: "Risk (0–100)", cell: (c) => <span title="0: no risk found; 100: the address cannot take mail (model docket-email-risk-1)">{c.getValue()}</span> }),
  column.display({
    id: "ownership",
    header: "Ownership",
    cell: ({ row }) =>
      !row.original.require_ownership ? (
        <span className="muted">not asked</span>
      ) : row.original.ownership_verified ? (
        <Badge tone="good">verified</Badge>
      ) : (
        <Badge tone="warn">{row.original.details.otp_state ?? (row.original.otp_sent ? "code sent" : "not sent")}</Badge>
      ),
  }),
  column.accessor("created_at", { header: "Created", cell: (c) => <Time value={c.getValue()} /> }),
];

export function EmailChecks() {
  const { environment } = useSession();
  const navigate = useNavigate();
  const { values, page, set } = useUrlState(["email", "created_from", "created_to"] as const);
  const [email, setEmail] = useTypedFilter("email", values.email, set);
  const query = { page, limit: LIMIT, email: values.email, created_from: values.created_from, created_to: values.created_to };
  const list = useQuery({
    queryKey: ["email-checks", environment, query],
    queryFn: ({ signal }) => get<Page<EmailCheck>>("/api/v4/email/checks", query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(values.email || values.created_from || values.created_to);
  return (
    <>
      <PageHeader title="E-mail checks" description="Addresses checked for syntax, mail exchanger, disposable and role use, and ownership proven by a one-time code. Newest first. The reason is the API's code (its table is under E-mail verification in the API reference).">
        <Link className="button" to="/email/outbox" data-testid="open-outbox">
          Outbox
        </Link>
      </PageHeader>
      <div className="filters" role="search">
        <label>
          Address
          <input type="search" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="anna@example.com" data-shortcut="search" data-testid="filter-email" />
        </label>
        <label>
          From
          <input type="date" value={values.created_from} onChange={(e) => set({ created_from: e.target.value })} data-testid="filter-from" />
        </label>
        <label>
          Before
          <input type="date" value={values.created_to} onChange={(e) => set({ created_to: e.target.value })} data-testid="filter-to" />
        </label>
        {filtered && (
          <button type="button" className="ghost" onClick={() => { setEmail(""); set({ email: null, created_from: null, created_to: null }); }}>
            Clear filters
          </button>
        )}
      </div>
      {list.isPending ? (
        <Loading what="e-mail checks" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Empty title={filtered ? "No check matches these filters." : "No e-mail checks in this environment yet."}>
          Send <code>POST /api/v4/email/checks</code> with an address.
        </Empty>
      ) : (
        <>
          <DataTable data={list.data.data} columns={columns} rowKey={(c) => c.id} onOpen={(c) => navigate(`/email/${c.id}`)} label="E-mail checks" testId="email-table" rowTestId="email-row" />
          <Pager page={page} hasNext={list.data.has_next} onPage={(p) => set({ page: p })} shown={list.data.data.length} />
        </>
      )}
    </>
  );
}

const FLAGS: { key: keyof EmailCheck["checks"]; label: string; bad: boolean }[] = [
  { key: "syntax_valid", label: "Syntax valid", bad: false },
  { key: "mx_found", label: "Mail exchanger found", bad: false },
  { key: "disposable", label: "Disposable domain", bad: true },
  { key: "role_based", label: "Role account", bad: true },
];

export function EmailCheckDetail() {
  const { id } = useParams();
  const { environment } = useSession();
  const check = useQuery({
    queryKey: ["email-check", environment, id],
    queryFn: ({ signal }) => get<EmailCheck>(`/api/v4/email/checks/${id}`, undefined, signal),
    refetchInterval: (q) => (q.state.data && q.state.data.require_ownership && !q.state.data.ownership_verified ? 2000 : false),
  });
  if (check.isPending) return <Loading what="the e-mail check" />;
  if (check.error) return <ErrorState error={check.error} retry={() => void check.refetch()} />;
  const c = check.data;
  const timeline: { at: string; what: string }[] = [{ at: c.created_at, what: `Checked: ${c.verdict}${c.code ? ` (${c.code})` : ""}` }];
  if (c.otp_sent && c.otp_expires_at) timeline.push({ at: c.created_at, what: `Code sent, valid until ${clockTime(c.otp_expires_at)}` });
  if (c.details.otp_code) timeline.push({ at: c.created_at, what: `No code sent: ${c.details.otp_code}` });
  if (c.ownership_verified_at) timeline.push({ at: c.ownership_verified_at, what: "Ownership verified" });
  return (
    <>
      <PageHeader title={c.email} description={`E-mail check · ${localTime(c.created_at)}`}>
        <Badge tone={verdictTone(c.verdict)}>{c.verdict}</Badge>
      </PageHeader>
      <div className="with-panel">
        <section className="card" aria-labelledby="findings-title" data-testid="email-findings">
          <h2 id="findings-title">Findings</h2>
          <dl className="facts">
            {FLAGS.map((f) => (
              <div key={f.key} style={{ display: "contents" }}>
                <dt>{f.label}</dt>
                <dd>
                  <Badge tone={c.checks[f.key] === f.bad ? "bad" : "good"}>{c.checks[f.key] ? "yes" : "no"}</Badge>
                </dd>
              </div>
            ))}
            <dt>Reason</dt>
            <dd>{c.code ? <code>{c.code}</code> : "—"}</dd>
            <dt>Risk score</dt>
            <dd>
              {c.risk_score} of 100 <span className="muted small">(model {c.details.risk_model})</span>
            </dd>
            {c.details.syntax_error ? (
              <>
                <dt>Syntax error</dt>
                <dd>{c.details.syntax_error}</dd>
              </>
            ) : (
              <>
                <dt>Normalized address</dt>
                <dd>{c.details.normalized ?? "—"}</dd>
              </>
            )}
            <dt>DNS answer</dt>
            <dd>
              {c.details.mx ? c.details.mx.replace("_", " ") : "not asked"}
              {c.details.mx_hosts.length > 0 ? `: ${c.details.mx_hosts.join(", ")}` : ""}
              {c.details.catch_all ? " (accepts any address)" : ""}
            </dd>
            <dt>Did you mean</dt>
            <dd>{c.details.suggestion ?? "—"}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="ownership-title" data-testid="email-ownership">
          <h2 id="ownership-title">Ownership</h2>
          {!c.require_ownership ? (
            <p className="muted small">Not asked: create the check with require_ownership to send a code.</p>
          ) : (
            <ol className="stack small" style={{ paddingLeft: 18, gap: 6 }}>
              {timeline.map((e, i) => (
                <li key={i}>
                  <Time value={e.at} /> · {e.what}
                </li>
              ))}
              {!c.ownership_verified && c.details.otp_state && <li>Code state: {c.details.otp_state}{c.details.otp_attempts_left != null ? `, ${c.details.otp_attempts_left} tries left` : ""}</li>}
            </ol>
          )}
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
