// Monitored transactions and payments with their results: the list with the API's filters, and
// one event's result (fired rules, rule errors, the payee's screening, the statistics used, the
// fields as sent), and a flagged event's review: why it was flagged, its assignee and disposition.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { get } from "../../api/client";
import type { MonitoringResult, Page } from "../../api/types";
import { Badge } from "../../components/Badge";
import { Card } from "../../components/Card";
import { DataTable } from "../../components/DataTable";
import { DateFilter, FilterBar, SelectFilter, TextFilter } from "../../components/FilterBar";
import { PageHeader } from "../../components/Layout";
import { Pager } from "../../components/Pager";
import { Empty, ErrorState, Loading } from "../../components/States";
import { useTypedFilter, useUrlState } from "../../lib/params";
import { useReviewer, useSession } from "../../session";
import { FlagReasons, ReviewCard } from "./EventReview";
import { StatsTable } from "./StatsTable";
import { EVENT_COLUMNS } from "./eventColumns";
import { amountOf, assigneeFilters, DECISIONS, decisionTone, DISPOSITION_FILTERS, ruleTypeLabel } from "./transmon";
import { useReviewers } from "../kyb/data";
import { ApplicantName } from "../../components/Names";
import { localTime } from "../../lib/format";

const LIMIT = 25;
const KINDS = [
  { value: "transaction", label: "Transactions" },
  { value: "payment", label: "Payments" },
];

export function Events() {
  const { environment } = useSession();
  const navigate = useNavigate();
  const { values, page, set } = useUrlState(["event_type", "decision", "applicant_id", "from", "to", "disposition", "assignee"] as const);
  const me = useReviewer();
  const reviewers = useReviewers();
  const [applicant, setApplicant] = useTypedFilter("applicant_id", values.applicant_id, set);
  const query = { page, limit: LIMIT, ...values };
  const list = useQuery({
    queryKey: ["transmon-events", environment, query],
    queryFn: ({ signal }) => get<Page<MonitoringResult>>("/api/v3/transmon/events", query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  const narrowed = Boolean(values.event_type || values.decision || values.applicant_id || values.from || values.to || values.disposition || values.assignee);
  return (
    <>
      <PageHeader title="Transaction monitoring" description="Transactions and payments as the rules judged them, newest first. Send them with POST /api/v3/transmon/transaction or /payment.">
        <Link className="button" to="/transmon/rules" data-testid="open-rules">Rules</Link>
        <Link className="button" to="/transmon/backtest" data-testid="open-backtest">Backtest</Link>
      </PageHeader>
      <FilterBar active={narrowed} onClear={() => { setApplicant(""); set({ event_type: null, decision: null, applicant_id: null, from: null, to: null, disposition: null, assignee: null }); }} label="Filter events">
        <SelectFilter label="Type" value={values.event_type} onChange={(v) => set({ event_type: v })} choices={KINDS} testId="filter-kind" />
        <SelectFilter label="Decision" value={values.decision} onChange={(v) => set({ decision: v })} choices={DECISIONS} testId="filter-decision" />
        <SelectFilter label="Disposition" value={values.disposition} onChange={(v) => set({ disposition: v })} choices={DISPOSITION_FILTERS} testId="filter-disposition" />
        <SelectFilter label="Assignee" value={values.assignee} onChange={(v) => set({ assignee: v })} choices={assigneeFilters(me, reviewers.data?.data ?? [])} testId="filter-assignee" />
        <TextFilter label="Applicant" value={applicant} onChange={setApplicant} search placeholder="Applicant id" size={36} testId="filter-applicant" />
        <DateFilter label="From" value={values.from} onChange={(v) => set({ from: v })} testId="filter-from" />
        <DateFilter label="Before" value={values.to} onChange={(v) => set({ to: v })} testId="filter-to" />
      </FilterBar>
      {list.isPending ? (
        <Loading what="events" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Empty title={narrowed ? "No event matches these filters." : "No transaction or payment yet."}>
          Send <code>POST /api/v3/transmon/transaction</code> with an <code>applicant_id</code>; <code>docket serve --demo</code> adds 90 days of them.
        </Empty>
      ) : (
        <>
          <DataTable data={list.data.data} columns={EVENT_COLUMNS} rowKey={(e) => e.event_id} onOpen={(e) => navigate(`/transmon/events/${e.event_id}`)} label="Monitored events" testId="transmon-events" rowTestId="transmon-event" />
          <Pager page={page} hasNext={list.data.has_next} onPage={(p) => set({ page: p })} shown={list.data.data.length} />
        </>
      )}
    </>
  );
}

export function EventDetail() {
  const { id } = useParams();
  const { environment } = useSession();
  const result = useQuery({
    queryKey: ["transmon-event", environment, id],
    queryFn: ({ signal }) => get<MonitoringResult>(`/api/v3/transmon/events/${id}`, undefined, signal),
  });
  if (result.isPending) return <Loading what="the event" />;
  if (result.error) return <ErrorState error={result.error} retry={() => void result.refetch()} />;
  const r = result.data;
  const payee = r.checks.aml_payee;
  return (
    <>
      <PageHeader title={`${r.event_type === "payment" ? "Payment" : "Transaction"} of ${amountOf(r.event)}`} description={`Received ${localTime(r.received_at)} · ${r.rules_evaluated} rules evaluated`}>
        <Badge tone={decisionTone(r.decision)}>{r.decision}</Badge>
      </PageHeader>
      {r.decision !== "allow" && (
        <div className="grid-2">
          <FlagReasons result={r} />
          <ReviewCard result={r} />
        </div>
      )}
      <div className="grid-2">
        <Card title="Fired rules" testId="fired-rules" description={r.stopped_by ? "A reject rule stopped the rules and checks after it." : undefined}>
          {r.fired_rules.length === 0 ? (
            <p className="muted">No rule fired.</p>
          ) : (
            <ul className="plain-list">
              {r.fired_rules.map((f) => (
                <li key={f.rule_id}>
                  <Link to={`/transmon/rules?rule=${f.rule_id}`}>{f.name}</Link> <span className="muted small">{ruleTypeLabel(f.event_type)}, rank {f.rank}</span>{" "}
                  {f.action === "reject" && <Badge tone="bad">reject</Badge>} {f.causes.map((c) => <Badge key={c}>{c}</Badge>)}
                </li>
              ))}
            </ul>
          )}
          {r.rule_errors.length > 0 && (
            <>
              <h3>Rule errors</h3>
              <ul className="plain-list" data-testid="rule-errors">
                {r.rule_errors.map((e) => (
                  <li key={e.rule_id}>
                    <strong>{e.name}</strong>: <code>{e.code}</code> {e.message} <span className="muted small">(line {e.line}, column {e.column})</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
        <Card title="Payee screening" testId="payee-screening">
          {payee ? (
            <dl className="facts">
              <dt>Name</dt>
              <dd>{payee.name}</dd>
              <dt>Hits</dt>
              <dd>{payee.hits ? <Badge tone="warn">{payee.hits}</Badge> : "none"}</dd>
              {payee.best_match && (
                <>
                  <dt>Best match</dt>
                  <dd>
                    {payee.best_match_uuid ? <Link to={`/aml/entities/${payee.best_match_uuid}`}>{payee.best_match}</Link> : payee.best_match} ({Math.round(payee.best_match_percentage ?? 0)}%), risk {payee.max_risk_score ?? "—"}
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <p className="muted">{r.stopped_by ? "Not screened: a reject rule came first." : "No payee to screen."}</p>
          )}
        </Card>
        <Card title="Statistics the rules read" description="The applicant's transactions and payments by UTC day, this one included.">
          <StatsTable stats={r.stats} testId="event-stats" />
        </Card>
        <Card title="Fields as sent">
          <dl className="facts" data-testid="event-fields">
            {Object.entries(r.event).map(([k, v]) => (
              <div key={k} style={{ display: "contents" }}>
                <dt>
                  <code>event.{k}</code>
                </dt>
                <dd>
                  {k === "applicant_id" && typeof v === "string" ? (
                    <Link to={`/applicants/${v}`} title="The applicant, with its transactions and statistics" data-testid="event-applicant" data-applicant-id={v}>
                      <ApplicantName id={v} link={false} />
                    </Link>
                  ) : typeof v === "string" ? (
                    v
                  ) : (
                    JSON.stringify(v)
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
    </>
  );
}
