// Webhook endpoints: create (the secret shown once), edit, rotate, test, delete; the delivery
// settings; and production's address guard (an admin's).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { del, get, patch, post, put } from "../../api/client";
import type { Delivery, EventType, Webhook, WebhookCreated, WebhookInput } from "../../api/types";
import type { components } from "../../api/schema";
import { Badge } from "../../components/Badge";
import { CopyButton } from "../../components/CopyButton";
import { DataTable } from "../../components/DataTable";
import { Confirm } from "../../components/Confirm";
import { Dialog } from "../../components/Dialog";
import { PageHeader } from "../../components/Layout";
import { Empty, ErrorState, FormError, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { can, useReviewer, useSession } from "../../session";
import { AddressGuardCard } from "./AddressGuard";
import { settingsPatch, type WebhookSettings as Settings } from "./settings";

type Rotated = components["schemas"]["RotatedSecret"];

export const EVENT_TYPES: EventType[] = ["ALL", "AML_SCREENING", "KYB_VERIFICATION", "KYB_CHECK", "DOCVER", "DOCVER_CHECKS", "EMAIL_CHECK", "DEEPFAKE_ANALYSIS", "TRANSACTION_MONITORING", "KYT_WALLET_CHECK"];

export function useWebhooks() {
  const { environment } = useSession();
  return useQuery({
    queryKey: ["webhooks", environment],
    queryFn: ({ signal }) => get<{ webhooks: Webhook[] }>("/api/v3/organization/webhooks", undefined, signal),
  });
}

const column = createColumnHelper<Webhook>();

export function Webhooks() {
  const webhooks = useWebhooks();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["webhooks"] });

  const test = useMutation({
    mutationFn: (w: Webhook) => post<Delivery>(`/_docket/webhooks/${w.webhook_id}/test`, {}),
    onSuccess: (d) => {
      toast(`Test ${d.event_type} event queued`);
      void queryClient.invalidateQueries({ queryKey: ["deliveries"] });
    },
    onError: (e) => toast(e.message, "bad"),
  });
  const remove = useMutation({
    mutationFn: (w: Webhook) => del(`/api/v3/organization/webhooks/${w.webhook_id}`),
    onSuccess: () => {
      toast("Endpoint deleted");
      setDeleting(null);
      refresh();
    },
    onError: (e) => toast(e.message, "bad"),
  });

  const columns = [
    column.accessor("webhook_url", { header: "URL", cell: (c) => <code className="nowrap">{c.getValue()}</code> }),
    column.accessor("event_types", { header: "Events", cell: (c) => <div className="badges">{c.getValue().map((t) => <Badge key={t}>{t}</Badge>)}</div> }),
    column.display({
      id: "state",
      header: "State",
      cell: ({ row }) =>
        row.original.enabled ? (
          <Badge tone="good">enabled</Badge>
        ) : (
          <Badge tone={row.original.disabled_reason ? "bad" : "neutral"} title={row.original.disabled_reason ?? undefined}>
            {row.original.disabled_reason ? "disabled by Docket" : "disabled"}
          </Badge>
        ),
    }),
    column.accessor("created_at", { header: "Created", cell: (c) => <Time value={c.getValue()} /> }),
    column.display({
      id: "actions",
      header: "",
      cell: ({ row }) => (
        <div className="row" style={{ flexWrap: "nowrap", gap: 6 }}>
          <button type="button" className="small" onClick={() => test.mutate(row.original)} disabled={!row.original.enabled || test.isPending} data-testid="send-test" title={row.original.enabled ? "Send a signed example event now" : "Enable the endpoint first"}>
            Send test
          </button>
          <button type="button" className="small" onClick={() => setEditing(row.original)} data-testid="edit-webhook">
            Edit
          </button>
          <button type="button" className="small" onClick={() => setRotating(row.original)} data-testid="rotate-webhook">
            Rotate secret
          </button>
          <button type="button" className="small danger" onClick={() => setDeleting(row.original)} data-testid="delete-webhook">
            Delete
          </button>
        </div>
      ),
    }),
  ];

  return (
    <>
      <PageHeader title="Webhooks" description="Endpoints that receive signed events from this environment.">
        <Link className="button" to="/webhooks/deliveries">
          Deliveries
        </Link>
        <button type="button" className="primary" onClick={() => setCreating(true)} data-shortcut="new" data-testid="new-webhook">
          New endpoint
        </button>
      </PageHeader>
      {webhooks.isPending ? (
        <Loading what="endpoints" />
      ) : webhooks.error ? (
        <ErrorState error={webhooks.error} retry={() => void webhooks.refetch()} />
      ) : webhooks.data.webhooks.length === 0 ? (
        <Empty title="No endpoints yet.">Add one to receive AML screening and other events, signed with your secret.</Empty>
      ) : (
        <DataTable data={webhooks.data.webhooks} columns={columns} rowKey={(w) => w.webhook_id} label="Webhook endpoints" testId="webhooks-table" rowTestId="webhook-row" />
      )}
      <SettingsCard />
      <EndpointDialog open={creating} onClose={() => setCreating(false)} />
      {editing && <EndpointDialog open editing={editing} onClose={() => setEditing(null)} />}
      <RotateDialog webhook={rotating} onClose={() => setRotating(null)} />
      <Confirm open={deleting !== null} title="Delete this endpoint?" action="Delete" onConfirm={() => deleting && remove.mutate(deleting)} onClose={() => setDeleting(null)} pending={remove.isPending} testId="confirm-delete-webhook">
        <p>
          <code>{deleting?.webhook_url}</code> will receive no more events. Its pending deliveries are dropped.
        </p>
      </Confirm>
    </>
  );
}

function EndpointDialog({ open, onClose, editing }: { open: boolean; onClose: () => void; editing?: Webhook }) {
  const { environment } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [url, setUrl] = useState(editing?.webhook_url ?? "");
  const [types, setTypes] = useState<EventType[]>(editing?.event_types ?? ["AML_SCREENING"]);
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const save = useMutation({
    mutationFn: (body: WebhookInput): Promise<Webhook | WebhookCreated> =>
      editing ? put<Webhook>(`/api/v3/organization/webhooks/${editing.webhook_id}`, body) : post<WebhookCreated>("/api/v3/organization/webhooks", body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["webhooks"] });
      if (editing) {
        toast("Endpoint saved");
        onClose();
      }
    },
  });
  const created = save.data && "hmac_signing_secret" in save.data ? save.data : null;
  function close() {
    save.reset();
    setUrl("");
    setTypes(["AML_SCREENING"]);
    onClose();
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ webhook_url: url.trim(), event_types: types, enabled, is_sandbox: environment === "sandbox" });
  }
  function toggle(type: EventType, on: boolean) {
    setTypes((list) => (on ? [...list.filter((t) => t !== type), type] : list.filter((t) => t !== type)));
  }
  return (
    <Dialog open={open} title={editing ? "Edit endpoint" : "New endpoint"} onClose={close} testId="webhook-dialog">
      {created ? (
        <div className="stack">
          <p>
            The endpoint is ready. Its signing secret is shown <strong>only now</strong>: keep it with your receiver to check the <code>X-Webhook-Signature</code> header.
          </p>
          <div className="secret">
            <code data-testid="webhook-secret">{created.hmac_signing_secret}</code>
            <CopyButton value={created.hmac_signing_secret} />
          </div>
          <div className="actions">
            <button type="button" className="primary" onClick={close}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form className="stack" onSubmit={submit}>
          <label>
            URL
            <input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/hooks/docket" required autoFocus data-testid="webhook-url" />
          </label>
          <fieldset>
            <legend>Events</legend>
            <div className="checks">
              {EVENT_TYPES.map((type) => (
                <label key={type} className="inline">
                  <input type="checkbox" checked={types.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
                  {type}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="inline">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
            Enabled
          </label>
          {editing?.disabled_reason && <p className="muted small">Docket disabled it: {editing.disabled_reason}. Saving it enabled clears that.</p>}
          <FormError error={save.error} />
          <div className="actions">
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={save.isPending || !url.trim() || types.length === 0} data-testid="webhook-save">
              {editing ? "Save" : "Create endpoint"}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function RotateDialog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const rotate = useMutation({
    mutationFn: (w: Webhook) => post<Rotated>(`/api/v3/organization/webhooks/${w.webhook_id}/hmac/rotate`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["webhooks"] }),
  });
  function close() {
    rotate.reset();
    onClose();
  }
  return (
    <Dialog open={webhook !== null} title="Rotate the signing secret" onClose={close} testId="rotate-dialog">
      {rotate.data ? (
        <div className="stack">
          <p>The new secret, shown only now:</p>
          <div className="secret">
            <code data-testid="rotated-secret">{rotate.data.hmac_signing_secret}</code>
            <CopyButton value={rotate.data.hmac_signing_secret} />
          </div>
          {rotate.data.previous_secret_valid_until && (
            <p className="muted">
              Deliveries carry signatures with both secrets until <Time value={rotate.data.previous_secret_valid_until} />, so the receiver can switch without missing events.
            </p>
          )}
          <div className="actions">
            <button type="button" className="primary" onClick={close}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <div className="stack">
          <p>
            <code>{webhook?.webhook_url}</code> gets a new secret. The old one keeps signing during the grace period set below.
          </p>
          <FormError error={rotate.error} />
          <div className="actions">
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button type="button" className="primary" onClick={() => webhook && rotate.mutate(webhook)} disabled={rotate.isPending} data-testid="confirm-rotate">
              Rotate
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function SettingsCard() {
  const { environment } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ["webhook-settings", environment], queryFn: ({ signal }) => get<Settings>("/_docket/webhooks/settings", undefined, signal) });
  const save = useMutation({
    mutationFn: (body: Settings) => patch<Settings>("/_docket/webhooks/settings", settingsPatch(body)),
    onSuccess: () => {
      toast("Webhook settings saved");
      void queryClient.invalidateQueries({ queryKey: ["webhook-settings"] });
    },
  });
  const admin = can(useReviewer()?.role, "admin");
  if (settings.isPending) return null;
  if (settings.error) return <ErrorState error={settings.error} />;
  return (
    <>
      <SettingsForm key={JSON.stringify(settingsPatch(settings.data))} initial={settings.data} onSave={(s) => save.mutate(s)} pending={save.isPending} error={save.error} admin={admin} />
      <AddressGuardCard allowPrivate={settings.data.allow_private_addresses} />
    </>
  );
}

function SettingsForm({ initial, onSave, pending, error, admin }: { initial: Settings; onSave: (s: Settings) => void; pending: boolean; error: unknown; admin: boolean }) {
  const [form, setForm] = useState(initial);
  const number = (key: "timeout_seconds" | "retention_days" | "rotation_grace_seconds") => ({
    type: "number",
    value: String(form[key]),
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: Number(e.target.value) })),
  });
  return (
    <form
      className="card stack"
      style={{ marginTop: 14 }}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(form);
      }}
    >
      <h2>Delivery settings</h2>
      {!admin && <p className="muted small">Set by an admin.</p>}
      <fieldset className="plain-fieldset grid-3" disabled={!admin}>
        <label>
          Time-out (seconds, 1–30)
          <input {...number("timeout_seconds")} min={1} max={30} />
        </label>
        <label>
          Keep finished deliveries (days, 1–365)
          <input {...number("retention_days")} min={1} max={365} />
        </label>
        <label>
          Old secret's grace after rotation (seconds)
          <input {...number("rotation_grace_seconds")} min={0} max={2592000} />
        </label>
      </fieldset>
      <FormError error={error} />
      {admin && (
        <div className="actions">
          <button type="submit" disabled={pending || JSON.stringify(settingsPatch(form)) === JSON.stringify(settingsPatch(initial))}>
            Save settings
          </button>
        </div>
      )}
    </form>
  );
}
