// Backtest: a draft rule set (the current rules with changes: an expression edited, a rule left
// out, a rule added) replayed over the stored events of a period beside the active rules; the
// report shows per rule the hits and errors of both, and the events the draft flags differently.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { get, post } from "../../api/client";
import type { Backtest as Report, BacktestChange, MonitoringRule, NewRule, RuleEventType, RuleList } from "../../api/types";
import { Badge } from "../../components/Badge";
import { Card } from "../../components/Card";
import { PageHeader } from "../../components/Layout";
import { ErrorState, FormError, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useSession } from "../../session";
import { ExpressionField } from "./ExpressionField";
import { decisionTone, RULE_TYPES, ruleTypeLabel } from "./transmon";
import { localDate } from "../../lib/format";

interface Row {
  /** The rule it changes; null for an added rule. */
  id: string | null;
  name: string;
  event_type: RuleEventType;
  rank: number;
  expression: string;
  causes: string[];
  action: "reject" | null;
  included: boolean;
  changed: boolean;
}

const fromRule = (r: MonitoringRule): Row => ({ id: r.id, name: r.name, event_type: r.event_type, rank: r.rank, expression: r.expression, causes: r.causes, action: r.action ?? null, included: r.status === "active", changed: false });

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function Backtest() {
  const { environment } = useSession();
  const rules = useQuery({ queryKey: ["transmon-rules", environment], queryFn: ({ signal }) => get<RuleList>("/api/v3/transmon/rules", undefined, signal) });
  const [rows, setRows] = useState<Row[] | null>(null);
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState("");
  const [editing, setEditing] = useState<number | null>(null);
  const current = rows ?? (rules.data ? [...rules.data.custom_rules, ...rules.data.builtin_rules].map(fromRule) : []);
  const edit = (i: number, p: Partial<Row>) => setRows(current.map((r, k) => (k === i ? { ...r, ...p, changed: true } : r)));
  const run = useMutation({
    mutationFn: () => {
      const drafts: NewRule[] = current
        .filter((r) => r.changed || r.id === null)
        .map((r) => ({ id: r.id, name: r.name, status: r.included ? "active" : "inactive", event_type: r.event_type, rank: r.rank, expression: r.expression, causes: r.causes, action: r.action }));
      return post<Report>("/api/v3/transmon/backtests", { from: from || null, to: to || null, rules: drafts });
    },
  });
  if (rules.isPending) return <Loading what="rules" />;
  if (rules.error) return <ErrorState error={rules.error} retry={() => void rules.refetch()} />;
  return (
    <>
      <PageHeader title="Backtest" description="Replay stored transactions and payments through a draft of the rules, beside the rules in force, with each event's fields, statistics and payee screening as they were. Nothing live changes." />
      <Card title="Draft" description="Leave rules out, edit their expressions, or add rules; the rest stay as they are." testId="backtest-draft">
        <table>
          <thead>
            <tr>
              <th scope="col">In the draft</th>
              <th scope="col">Rule</th>
              <th scope="col">When</th>
              <th scope="col">Expression</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {current.map((r, i) => (
              <tr key={r.id ?? `new-${i}`} data-testid="draft-row">
                <td>
                  <input type="checkbox" checked={r.included} onChange={(e) => edit(i, { included: e.target.checked })} aria-label={`${r.name} in the draft`} data-testid="draft-include" />
                </td>
                <td>
                  {r.name} {r.id === null && <Badge tone="info">new</Badge>} {r.changed && r.id !== null && <Badge tone="warn">changed</Badge>}
                </td>
                <td className="small">{ruleTypeLabel(r.event_type)}</td>
                <td>
                  {editing === i ? (
                    <ExpressionField value={r.expression} eventType={r.event_type} onChange={(expression) => edit(i, { expression })} />
                  ) : (
                    <code className="mono small">{r.expression}</code>
                  )}
                </td>
                <td>
                  <button type="button" className="ghost small" onClick={() => setEditing(editing === i ? null : i)} data-testid="draft-edit">
                    {editing === i ? "Done" : "Edit"}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <AddDraftRule onAdd={(r) => { setRows([...current, r]); setEditing(null); }} />
        <div className="row" style={{ alignItems: "end", marginTop: 12 }}>
          <label>
            From
            <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="backtest-from" />
          </label>
          <label>
            Before (empty: now)
            <input type="date" value={to} onChange={(e) => setTo(e.target.value)} data-testid="backtest-to" />
          </label>
          <button type="button" className="primary" onClick={() => run.mutate()} disabled={run.isPending} data-testid="backtest-run">
            {run.isPending ? "Replaying…" : "Run the backtest"}
          </button>
        </div>
        <FormError error={run.error} />
      </Card>
      {run.data && <BacktestReport report={run.data} />}
    </>
  );
}

function AddDraftRule({ onAdd }: { onAdd: (r: Row) => void }) {
  const [open, setOpen] = useState(false);
  const [row, setRow] = useState<Row>({ id: null, name: "", event_type: "transaction_post", rank: 10, expression: "", causes: [], action: null, included: true, changed: true });
  if (!open)
    return (
      <button type="button" className="ghost" onClick={() => setOpen(true)} data-testid="draft-add">
        + Add a rule to the draft
      </button>
    );
  return (
    <div className="subcard stack" data-testid="draft-new">
      <div className="grid-2">
        <label>
          Name
          <input value={row.name} onChange={(e) => setRow({ ...row, name: e.target.value })} data-testid="draft-new-name" />
        </label>
        <label>
          When
          <select value={row.event_type} onChange={(e) => setRow({ ...row, event_type: e.target.value as RuleEventType })}>
            {RULE_TYPES.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
          </select>
        </label>
      </div>
      <ExpressionField value={row.expression} eventType={row.event_type} onChange={(expression) => setRow({ ...row, expression })} />
      <div className="actions">
        <button type="button" className="ghost" onClick={() => setOpen(false)}>Cancel</button>
        <button type="button" onClick={() => { onAdd(row); setOpen(false); }} disabled={!row.name.trim() || !row.expression.trim()} data-testid="draft-new-add">
          Add
        </button>
      </div>
    </div>
  );
}

function Changes({ title, count, changes, testId }: { title: string; count: number; changes: BacktestChange[]; testId: string }) {
  return (
    <Card title={`${title}: ${count}`} description={count > changes.length ? `The first ${changes.length} shown.` : undefined} testId={testId}>
      {changes.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="plain-list">
          {changes.map((c) => (
            <li key={c.event_id}>
              <Link to={`/transmon/events/${c.event_id}`}><Time value={c.received_at} /></Link> {c.event_type}: <Badge tone={decisionTone(c.active)}>{c.active}</Badge> → <Badge tone={decisionTone(c.draft)}>{c.draft}</Badge>{" "}
              {c.causes.map((x) => <Badge key={x}>{x}</Badge>)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function BacktestReport({ report }: { report: Report }) {
  return (
    <div className="cards" data-testid="backtest-report">
      <Card title={`${report.events} events replayed`} description={`${localDate(report.from)} to ${localDate(report.to)}; ${report.changed} decisions change.${report.unscreened ? ` ${report.unscreened} were never screened (a reject came first).` : ""}`}>
        <div className="grid-3">
          {(["allow", "review", "reject"] as const).map((d) => (
            <div key={d} className="stat" data-testid={`backtest-${d}`}>
              <strong>
                {report.active[d]} → {report.draft[d]}
              </strong>
              <span>{d} (in force → draft)</span>
            </div>
          ))}
        </div>
      </Card>
      <Card title="Per rule">
        <table data-testid="backtest-rules">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">Hits in force</th>
              <th scope="col">Hits in the draft</th>
              <th scope="col">Errors in the draft</th>
            </tr>
          </thead>
          <tbody>
            {report.rules.map((r) => (
              <tr key={r.rule_id}>
                <td>
                  {r.name} <span className="muted small">{ruleTypeLabel(r.event_type)}</span> {!r.in_active && <Badge tone="info">new</Badge>} {!r.in_draft && <Badge>left out</Badge>}
                </td>
                <td className="num">{r.in_active ? r.hits_active : "—"}</td>
                <td className="num">{r.in_draft ? r.hits_draft : "—"}</td>
                <td>
                  {r.errors_draft ? (
                    <span title={r.first_error ?? undefined}>
                      {r.errors_draft} {Object.entries(r.error_codes).map(([code, n]) => <Badge key={code} tone="warn">{`${code} ×${n}`}</Badge>)}
                    </span>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <div className="grid-2">
        <Changes title="Newly flagged" count={report.newly_flagged_count} changes={report.newly_flagged} testId="newly-flagged" />
        <Changes title="No longer flagged" count={report.no_longer_flagged_count} changes={report.no_longer_flagged} testId="no-longer-flagged" />
      </div>
    </div>
  );
}
