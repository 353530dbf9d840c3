// The overview: where the API is, its keys (an admin's), what is in this environment, the
// reviewer's desk (queue counters, SLA breaches, reviewer metrics), the sandbox clock and its
// reset (an admin's).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { get, post } from "../api/client";
import type { ApiKey, ClockState, CreatedKey, Info, ResetSummary } from "../api/types";
import { Badge } from "../components/Badge";
import { CopyButton } from "../components/CopyButton";
import { DataTable } from "../components/DataTable";
import { Confirm } from "../components/Confirm";
import { Dialog } from "../components/Dialog";
import { PageHeader, useInfo } from "../components/Layout";
import { Empty, ErrorState, FormError, Loading } from "../components/States";
import { Time } from "../components/Time";
import { useToast } from "../components/Toasts";
import { count, duration } from "../lib/format";
import { can, useReviewer, useSession } from "../session";
import { DeskSummary, ReviewerMetricsCard } from "./kyb/DeskOverview";

export function Overview() {
  const info = useInfo();
  // Keys and the sandbox's reset are an admin's: the server refuses anyone else, so they are not shown.
  const admin = can(useReviewer()?.role, "admin");
  const data = info.data;
  const base = window.location.origin;
  return (
    <>
      <PageHeader title="Overview" description="This Docket server, its keys and what is in the current environment." />
      <div className="split">
        <section className="card" aria-labelledby="server-title">
          <h2 id="server-title">API</h2>
          <dl className="facts">
            <dt>Base URL</dt>
            <dd className="row" style={{ alignItems: "center" }}>
              <code data-testid="base-url">{base}</code> <CopyButton value={base} testId="copy-base-url" />
            </dd>
            <dt>Reference</dt>
            <dd>
              <a href="/docs" target="_blank" rel="noreferrer">
                {base}/docs
              </a>{" "}
              · <a href="/openapi.json">OpenAPI</a>
            </dd>
            <dt>Organization</dt>
            <dd>{data?.organization_name}</dd>
            <dt>Version</dt>
            <dd>
              Docket {data?.version} · schema {data?.schema_version}
            </dd>
          </dl>
          <p className="muted small" style={{ marginTop: 10 }}>
            Send the key in the <code>ds-api-token</code> header: <code>curl -H "ds-api-token: $KEY" {base}/api/v3/applicants</code>
          </p>
        </section>
        <Counts counts={data?.counts} />
      </div>
      <DeskSummary />
      <ReviewerMetricsCard />
      <Clock />
      {admin && <Keys />}
      {admin && <ResetData />}
    </>
  );
}

function Counts({ counts }: { counts: Info["counts"] | undefined }) {
  const items: { label: string; value: number | undefined; to: string; id: string }[] = [
    { label: "Applicants", value: counts?.applicants, to: "/applicants", id: "applicants" },
    { label: "AML searches", value: counts?.aml_searches, to: "/aml/history", id: "aml-searches" },
    { label: "Webhook endpoints", value: counts?.webhooks, to: "/webhooks", id: "webhooks" },
    { label: "Deliveries pending", value: counts?.deliveries_pending, to: "/webhooks/deliveries", id: "deliveries-pending" },
    { label: "Deliveries failed", value: counts?.deliveries_failed, to: "/webhooks/deliveries", id: "deliveries-failed" },
    { label: "Requests recorded", value: counts?.requests, to: "/requests", id: "requests" },
  ];
  return (
    <section className="card" aria-labelledby="counts-title">
      <h2 id="counts-title">In this environment</h2>
      <div className="grid-3" style={{ rowGap: 16 }}>
        {items.map((item) => (
          <Link key={item.id} className="stat" to={item.to} data-testid={`count-${item.id}`}>
            <strong>{count(item.value)}</strong>
            <span>{item.label}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}

function Clock() {
  const { environment } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const clock = useQuery({ queryKey: ["clock", environment], queryFn: ({ signal }) => get<ClockState>("/_docket/clock", undefined, signal), refetchInterval: 1000 });
  const [by, setBy] = useState("1d");
  const [at, setAt] = useState("");
  const sandbox = environment === "sandbox";
  const move = useMutation({
    mutationFn: (action: { path: string; body: unknown; done: string }) => post<ClockState>(action.path, action.body).then(() => action.done),
    onSuccess: (done) => {
      toast(done);
      void queryClient.invalidateQueries();
    },
    onError: (e) => toast(e.message, "bad"),
  });
  function advance(amount: string) {
    move.mutate({ path: "/_docket/clock/advance", body: { by: amount }, done: `Sandbox clock moved ${amount} forward` });
  }
  function set(event: FormEvent) {
    event.preventDefault();
    const date = new Date(at);
    if (Number.isNaN(date.getTime())) return toast("Pick a date and time first.", "bad");
    move.mutate({ path: "/_docket/clock/set", body: { now: date.toISOString(), freeze: false }, done: "Sandbox clock set" });
  }
  return (
    <section className="card" aria-labelledby="clock-title" data-testid="clock">
      <h2 id="clock-title">Sandbox clock</h2>
      {clock.isPending ? (
        <Loading what="the clock" />
      ) : clock.error ? (
        <ErrorState error={clock.error} />
      ) : (
        <div className="stack">
          <div className="row" style={{ alignItems: "center", gap: 16 }}>
            <div className="stat">
              <strong data-testid="clock-now">
                <Time value={clock.data.now} precise />
              </strong>
              <span>
                {clock.data.mode === "real" ? "Real time" : clock.data.mode === "frozen" ? "Frozen" : "Shifted"}
                {clock.data.offset_seconds !== 0 && <> · {duration(clock.data.offset_seconds)} from real time</>}
              </span>
            </div>
          </div>
          {sandbox ? (
            <div className="row">
              {["1h", "1d", "7d", "30d"].map((amount) => (
                <button key={amount} type="button" onClick={() => advance(amount)} disabled={move.isPending} data-testid={`advance-${amount}`}>
                  +{amount}
                </button>
              ))}
              <form
                className="row"
                onSubmit={(e) => {
                  e.preventDefault();
                  advance(by);
                }}
              >
                <label>
                  Advance by
                  <input value={by} onChange={(e) => setBy(e.target.value)} size={8} placeholder="1d12h" aria-describedby="advance-help" />
                </label>
                <button type="submit" disabled={move.isPending}>
                  Advance
                </button>
              </form>
              <form className="row" onSubmit={set}>
                <label>
                  Set to
                  <input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} step={1} />
                </label>
                <button type="submit" disabled={move.isPending || !at}>
                  Set
                </button>
              </form>
              <button type="button" onClick={() => move.mutate({ path: "/_docket/clock/reset", body: {}, done: "Sandbox clock back on real time" })} disabled={move.isPending || clock.data.mode === "real"} data-testid="clock-reset">
                Back to real time
              </button>
            </div>
          ) : (
            <p className="muted">Production always runs on real time; switch to the sandbox to move the clock.</p>
          )}
          <p id="advance-help" className="muted small">
            Moving the clock makes due work happen: monitored applicants are screened again, webhook retries fall due.
          </p>
        </div>
      )}
    </section>
  );
}

const keyColumns = createColumnHelper<ApiKey>();

function Keys() {
  const { environment } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ["keys", environment], queryFn: ({ signal }) => get<{ data: ApiKey[] }>("/_docket/keys", undefined, signal) });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => post<ApiKey>(`/_docket/keys/${key.id}/revoke`),
    onSuccess: (key) => {
      toast(`Key “${key.name}” revoked`);
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: ["keys"] });
    },
    onError: (e) => toast(e.message, "bad"),
  });
  const columns = [
    keyColumns.accessor("name", { header: "Name", cell: (c) => <strong>{c.getValue()}</strong> }),
    keyColumns.accessor("hint", { header: "Key", cell: (c) => <code>{c.getValue()}</code> }),
    keyColumns.accessor("created_at", { header: "Created", cell: (c) => <Time value={c.getValue()} /> }),
    keyColumns.accessor("last_used_at", { header: "Last used", cell: (c) => <Time value={c.getValue()} /> }),
    keyColumns.display({
      id: "state",
      header: "State",
      cell: ({ row }) =>
        row.original.revoked_at ? (
          <Badge tone="bad">revoked</Badge>
        ) : row.original.pinned_from ? (
          <Badge tone="info" title={`Pinned from ${row.original.pinned_from}`}>
            pinned
          </Badge>
        ) : (
          <Badge tone="good">active</Badge>
        ),
    }),
    keyColumns.display({
      id: "actions",
      header: "",
      cell: ({ row }) =>
        row.original.revoked_at ? null : (
          <button type="button" className="small danger" onClick={() => setRevoking(row.original)} data-testid="revoke-key">
            Revoke
          </button>
        ),
    }),
  ];
  return (
    <section className="card" aria-labelledby="keys-title">
      <div className="page-head" style={{ marginBottom: 10 }}>
        <div>
          <h2 id="keys-title">API keys ({environment})</h2>
          <p className="muted small">Docket keeps only a hash of each key: a key's secret is shown once, when it is created.</p>
        </div>
        <button type="button" className="primary" onClick={() => setCreating(true)} data-testid="create-key">
          New key
        </button>
      </div>
      {keys.isPending ? (
        <Loading what="keys" />
      ) : keys.error ? (
        <ErrorState error={keys.error} retry={() => void keys.refetch()} />
      ) : keys.data.data.length === 0 ? (
        <Empty title="No keys in this environment.">Create one to call the API.</Empty>
      ) : (
        <DataTable data={keys.data.data} columns={columns} rowKey={(k) => k.id} label="API keys" testId="keys-table" rowTestId="key-row" />
      )}
      <CreateKey open={creating} onClose={() => setCreating(false)} />
      <Confirm open={revoking !== null} title="Revoke this key?" action="Revoke" cancelLabel="Keep it" onConfirm={() => revoking && revoke.mutate(revoking)} onClose={() => setRevoking(null)} pending={revoke.isPending} testId="confirm-revoke">
        <p>
          Requests with “{revoking?.name}” (<code>{revoking?.hint}</code>) will get 401 from now on. This cannot be undone.
        </p>
      </Confirm>
    </section>
  );
}

function CreateKey({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: (keyName: string) => post<CreatedKey>("/_docket/keys", { name: keyName }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["keys"] }),
  });
  function close() {
    create.reset();
    setName("");
    onClose();
  }
  return (
    <Dialog open={open} title="New API key" onClose={close} testId="create-key-dialog">
      {create.data ? (
        <div className="stack">
          <p>
            Copy the key now: <strong>Docket will not show it again.</strong>
          </p>
          <div className="secret">
            <code data-testid="new-key-secret">{create.data.key}</code>
            <CopyButton value={create.data.key} />
          </div>
          <div className="actions">
            <button type="button" className="primary" onClick={close}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(name);
          }}
        >
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} autoFocus required maxLength={80} placeholder="CI pipeline" data-testid="key-name" />
          </label>
          <FormError error={create.error} />
          <div className="actions">
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={create.isPending || !name.trim()} data-testid="key-create-submit">
              Create key
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function ResetData() {
  const { environment } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () => post<ResetSummary>("/_docket/reset"),
    onSuccess: (s) => {
      setConfirming(false);
      toast(`Sandbox reset: ${s.applicants} applicants, ${s.searches} searches, ${s.deliveries} deliveries and ${s.journal_entries} requests removed`);
      void queryClient.invalidateQueries();
    },
    onError: (e) => toast(e.message, "bad"),
  });
  if (environment !== "sandbox") return null;
  return (
    <section className="card" aria-labelledby="reset-title">
      <div className="page-head" style={{ marginBottom: 0 }}>
        <div>
          <h2 id="reset-title">Reset sandbox data</h2>
          <p className="muted small">Removes every applicant, search, event, delivery and recorded request of this organization's sandbox. Keys, endpoints and watchlists stay.</p>
        </div>
        <button type="button" className="danger" onClick={() => setConfirming(true)} data-testid="reset-sandbox">
          Reset sandbox data…
        </button>
      </div>
      <Confirm open={confirming} title="Reset the sandbox?" action="Reset sandbox" onConfirm={() => reset.mutate()} onClose={() => setConfirming(false)} pending={reset.isPending} testId="confirm-reset">
        <p>This removes the sandbox's data for good. Production is not touched.</p>
      </Confirm>
    </section>
  );
}
