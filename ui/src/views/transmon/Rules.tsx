// Monitoring rules: Docket's built-in ones and the environment's own, by event type; an editor
// that checks the expression as you type and tries it on a stored event before saving.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { del, get, post, put } from "../../api/client";
import type { MonitoringResult, MonitoringRule, NewRule, Page, RuleEventType, RuleList, Tried } from "../../api/types";
import { Badge } from "../../components/Badge";
import { Card } from "../../components/Card";
import { Confirm } from "../../components/Confirm";
import { DataTable } from "../../components/DataTable";
import { Dialog } from "../../components/Dialog";
import { PageHeader } from "../../components/Layout";
import { Empty, ErrorState, FormError, Loading } from "../../components/States";
import { Tabs } from "../../components/Tabs";
import { useToast } from "../../components/Toasts";
import { useSession } from "../../session";
import { ExpressionField } from "./ExpressionField";
import { StatsTable } from "./StatsTable";
import { amountOf, RULE_TYPES, ruleTypeLabel } from "./transmon";
import { localTime } from "../../lib/format";

const BLANK: NewRule = { name: "", status: "active", event_type: "transaction_pre", rank: 10, expression: "", causes: [], action: null };

export function Rules() {
  const { environment } = useSession();
  const toast = useToast();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = params.get("type") ?? "all";
  const [editing, setEditing] = useState<{ rule: MonitoringRule | null } | null>(null);
  const [removing, setRemoving] = useState<MonitoringRule | null>(null);
  const rules = useQuery({
    queryKey: ["transmon-rules", environment],
    queryFn: ({ signal }) => get<RuleList>("/api/v3/transmon/rules", undefined, signal),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ["transmon-rules"] });
  const toggle = useMutation({
    mutationFn: (r: MonitoringRule) => post<MonitoringRule>(`/api/v3/transmon/rules/${r.id}/${r.status === "active" ? "deactivate" : "activate"}`),
    onSuccess: (r) => {
      toast(`${r.name}: ${r.status}`);
      refresh();
    },
    onError: (e) => toast(e.message, "bad"),
  });
  const remove = useMutation({
    mutationFn: (r: MonitoringRule) => del(`/api/v3/transmon/rules/${r.id}`),
    onSuccess: () => {
      toast("Rule removed");
      setRemoving(null);
      refresh();
    },
    onError: (e) => toast(e.message, "bad"),
  });

  const column = createColumnHelper<MonitoringRule>();
  const columns = [
    column.accessor("name", {
      header: "Rule",
      cell: ({ row }) => (
        <button type="button" className="link left" onClick={() => setEditing({ rule: row.original })} data-testid="rule-open">
          {row.original.name}
        </button>
      ),
    }),
    column.accessor("event_type", { header: "When", cell: (c) => ruleTypeLabel(c.getValue()) }),
    column.accessor("rank", { header: "Rank", cell: (c) => <span className="num">{c.getValue()}</span> }),
    column.accessor("expression", { header: "Expression", cell: (c) => <code className="mono small expr">{c.getValue()}</code> }),
    column.display({
      id: "outcome",
      header: "Outcome",
      cell: ({ row }) => (
        <span className="badges">
          {row.original.action === "reject" ? <Badge tone="bad">reject</Badge> : <Badge tone="warn">review</Badge>}
          {row.original.causes.map((c) => <Badge key={c}>{c}</Badge>)}
        </span>
      ),
    }),
    column.display({
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <div className="stack">
          <label className="inline">
            <input type="checkbox" checked={row.original.status === "active"} onChange={() => toggle.mutate(row.original)} disabled={toggle.isPending} aria-label={`${row.original.name} active`} data-testid="rule-active" />
            {row.original.status}
          </label>
          {row.original.builtin ? (
            <Badge title="Docket's own rule: activate it, or copy it to change it">built-in</Badge>
          ) : (
            <button type="button" className="ghost small" onClick={() => setRemoving(row.original)} data-testid="rule-remove">
              Remove
            </button>
          )}
        </div>
      ),
    }),
  ];

  const keep = (r: MonitoringRule) => tab === "all" || r.event_type === tab;
  return (
    <>
      <PageHeader title="Monitoring rules" description="Evaluated on every transaction and payment in rank order: the 'before checks' rules, the payee's watchlist screening, then the 'after checks' rules. A fired reject rule stops the rest.">
        <button type="button" className="primary" onClick={() => setEditing({ rule: null })} data-testid="new-rule">
          New rule
        </button>
      </PageHeader>
      <Tabs label="Event types" testId="rule-tabs" value={tab} onChange={(t) => setParams(t === "all" ? {} : { type: t })} items={[{ id: "all", label: "All" }, ...RULE_TYPES.map((t) => ({ id: t.value, label: t.label }))]} />
      {rules.isPending ? (
        <Loading what="rules" />
      ) : rules.error ? (
        <ErrorState error={rules.error} retry={() => void rules.refetch()} />
      ) : (
        <div className="cards">
          <Card title="Your rules" testId="custom-rules">
            {rules.data.custom_rules.filter(keep).length === 0 ? (
              <Empty title="No rule of your own here yet.">Create one, or copy a built-in rule.</Empty>
            ) : (
              <DataTable data={rules.data.custom_rules.filter(keep)} columns={columns} rowKey={(r) => r.id} label="Your rules" testId="custom-rules-table" rowTestId="rule-row" />
            )}
          </Card>
          <Card title="Docket's built-in rules" description="Inactive until you activate them; open one to copy it.">
            <DataTable data={rules.data.builtin_rules.filter(keep)} columns={columns} rowKey={(r) => r.id} label="Built-in rules" testId="builtin-rules-table" rowTestId="builtin-row" />
          </Card>
        </div>
      )}
      {editing && <RuleEditor rule={editing.rule} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); refresh(); }} />}
      <Confirm open={removing !== null} title="Remove this rule?" action="Remove" onConfirm={() => removing && remove.mutate(removing)} onClose={() => setRemoving(null)} pending={remove.isPending} testId="confirm-remove-rule">
        <p>{removing?.name} stops being evaluated. Results already given keep it.</p>
      </Confirm>
    </>
  );
}

function RuleEditor({ rule, onClose, onSaved }: { rule: MonitoringRule | null; onClose: () => void; onSaved: () => void }) {
  const toast = useToast();
  const builtin = rule?.builtin ?? false;
  const [draft, setDraft] = useState<NewRule>(() =>
    rule ? { name: builtin ? `${rule.name} (copy)` : rule.name, status: rule.status, event_type: rule.event_type, rank: rule.rank, expression: rule.expression, causes: rule.causes, action: rule.action ?? null } : BLANK,
  );
  const [causes, setCauses] = useState(draft.causes.join(", "));
  const [valid, setValid] = useState(false);
  const change = (p: Partial<NewRule>) => setDraft((d) => ({ ...d, ...p }));
  const save = useMutation({
    mutationFn: async (): Promise<void> => {
      const body = { ...draft, causes: causes.split(/[\s,]+/).filter(Boolean) };
      if (rule && !builtin) await put<MonitoringRule>(`/api/v3/transmon/rules/${rule.id}`, body);
      else await post<string>("/api/v3/transmon/rules", body);
    },
    onSuccess: () => {
      toast(rule && !builtin ? "Rule saved" : "Rule created");
      onSaved();
    },
  });
  const title = !rule ? "New rule" : builtin ? "Copy a built-in rule" : "Edit the rule";
  return (
    <Dialog open title={title} onClose={onClose} wide testId="rule-editor">
      <form className="stack" onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
        {builtin && <p className="notice small">Built-in rules cannot be changed; saving creates a rule of your own from this one.</p>}
        <div className="grid-2">
          <label>
            Name
            <input value={draft.name} onChange={(e) => change({ name: e.target.value })} required maxLength={200} data-testid="rule-name" />
          </label>
          <label>
            When
            <select value={draft.event_type} onChange={(e) => change({ event_type: e.target.value as RuleEventType })} data-testid="rule-event-type">
              {RULE_TYPES.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
            </select>
          </label>
          <label>
            Rank (lower runs first)
            <input type="number" value={draft.rank} onChange={(e) => change({ rank: Number(e.target.value) })} step={1} data-testid="rule-rank" />
          </label>
          <label>
            When it fires
            <select value={draft.action ?? ""} onChange={(e) => change({ action: e.target.value === "reject" ? "reject" : null })} data-testid="rule-action">
              <option value="">Flag for review</option>
              <option value="reject">Reject (stops the rest)</option>
            </select>
          </label>
          <label>
            Causes (codes, comma-separated)
            <input value={causes} onChange={(e) => setCauses(e.target.value)} placeholder="HIGH_AMOUNT, NEW_USER" data-testid="rule-causes" />
          </label>
          <label className="inline">
            <input type="checkbox" checked={draft.status === "active"} onChange={(e) => change({ status: e.target.checked ? "active" : "inactive" })} data-testid="rule-status" />
            Active
          </label>
        </div>
        <ExpressionField value={draft.expression} eventType={draft.event_type} onChange={(expression) => change({ expression })} onValidity={setValid} />
        <TryOnEvent expression={draft.expression} kind={draft.event_type.startsWith("payment") ? "payment" : "transaction"} enabled={valid} />
        <FormError error={save.error} />
        <div className="actions">
          <button type="button" className="ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="primary" disabled={save.isPending || !valid || !draft.name.trim()} data-testid="rule-save">
            {rule && !builtin ? "Save" : "Create"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Tries the expression on one of the latest stored events of its kind. */
function TryOnEvent({ expression, kind, enabled }: { expression: string; kind: "transaction" | "payment"; enabled: boolean }) {
  const { environment } = useSession();
  const [eventId, setEventId] = useState("");
  const events = useQuery({
    queryKey: ["transmon-events", environment, { kind, latest: true }],
    queryFn: ({ signal }) => get<Page<MonitoringResult>>("/api/v3/transmon/events", { event_type: kind, limit: 20 }, signal),
  });
  const tried = useMutation({ mutationFn: () => post<Tried>("/api/v3/transmon/rules/try", { expression, event_id: eventId }) });
  const options = events.data?.data ?? [];
  const chosen = eventId || options[0]?.event_id || "";
  if (!events.isPending && options.length === 0) return <p className="muted small">No {kind} stored yet to try the rule on.</p>;
  return (
    <fieldset className="plain-fieldset" data-testid="try-rule">
      <legend>Try on an event</legend>
      <div className="row">
        <select value={chosen} onChange={(e) => { setEventId(e.target.value); tried.reset(); }} aria-label="Event to try on" data-testid="try-event">
          {options.map((e) => (
            <option key={e.event_id} value={e.event_id}>
              {localTime(e.received_at)} · {amountOf(e.event)} · now {e.decision}
            </option>
          ))}
        </select>
        <button type="button" disabled={!enabled || !chosen || tried.isPending} onClick={() => { setEventId(chosen); tried.mutate(); }} data-testid="try-run">
          Try
        </button>
      </div>
      <FormError error={tried.error} />
      {tried.data && (
        <div className="stack" data-testid="try-result">
          {tried.data.error ? (
            <p>
              <Badge tone="warn">error</Badge> <code>{tried.data.error.code}</code> {tried.data.error.message} (line {tried.data.error.line}, column {tried.data.error.column}): the rule would not fire.
            </p>
          ) : (
            <p>
              {tried.data.fires ? <Badge tone="warn">fires</Badge> : <Badge tone="good">does not fire</Badge>}{" "}
              <span className="muted small">with {Object.entries(tried.data.fields_read).map(([k, v]) => `event.${k} = ${JSON.stringify(v)}`).join(", ") || "no event field"}</span>
            </p>
          )}
          <StatsTable stats={tried.data.stats} />
        </div>
      )}
    </fieldset>
  );
}
