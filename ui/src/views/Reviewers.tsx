// Reviewers and the desk's settings. Everyone sees the team and the policy; an admin adds
// reviewers (the login link is shown once), makes new sign-in links, disables and enables
// accounts, sets four eyes and the SLAs, and lists the sites that may frame the hosted pages.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { get, post, put } from "../api/client";
import type { components } from "../api/schema";
import { Badge } from "../components/Badge";
import { Card } from "../components/Card";
import { Confirm } from "../components/Confirm";
import { CopyButton } from "../components/CopyButton";
import { DataTable } from "../components/DataTable";
import { Dialog } from "../components/Dialog";
import { PageHeader } from "../components/Layout";
import { Empty, ErrorState, FormError, Loading } from "../components/States";
import { Time } from "../components/Time";
import { useToast } from "../components/Toasts";
import { can, ROLE_NAMES, useReviewer } from "../session";
import { useDeskSettings, useReviewers } from "./kyb/data";
import { FOUR_EYES } from "./kyb/decisions";
import type { DeskSettings, LoginLink, NewReviewer, Reviewer, Role, SlaStage } from "./kyb/types";
import { originsFromText, textFromOrigins } from "./framing";

type OrganizationSettings = components["schemas"]["OrganizationSettings"];

const ROLES: Role[] = ["reviewer", "senior", "admin"];
const column = createColumnHelper<Reviewer>();

export function Reviewers() {
  const me = useReviewer();
  const admin = can(me?.role, "admin");
  const reviewers = useReviewers();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [link, setLink] = useState<{ reviewer: Reviewer; link: LoginLink } | null>(null);
  const [disabling, setDisabling] = useState<Reviewer | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["reviewers"] });
  const newLink = useMutation({
    mutationFn: (r: Reviewer) => post<LoginLink>(`/_docket/reviewers/${r.id}/link`).then((l) => ({ reviewer: r, link: l })),
    onSuccess: setLink,
    onError: (e) => toast(e.message, "bad"),
  });
  const toggle = useMutation({
    mutationFn: ({ r, enable }: { r: Reviewer; enable: boolean }) => post<Reviewer>(`/_docket/reviewers/${r.id}/${enable ? "enable" : "disable"}`),
    onSuccess: (r) => {
      toast(r.disabled_at ? `${r.name} is disabled: their sessions ended` : `${r.name} is enabled`);
      setDisabling(null);
      refresh();
    },
    onError: (e) => toast(e.message, "bad"),
  });

  const columns = [
    column.accessor("name", {
      header: "Name",
      cell: ({ row }) => (
        <div>
          <strong>{row.original.name}</strong> {row.original.owner && <Badge tone="info">owner</Badge>} {row.original.id === me?.id && <Badge>you</Badge>}
          {row.original.email && <div className="muted small">{row.original.email}</div>}
        </div>
      ),
    }),
    column.accessor("role", { header: "Role", cell: (c) => <Badge tone={c.getValue() === "reviewer" ? "neutral" : "info"}>{ROLE_NAMES[c.getValue()]}</Badge> }),
    column.accessor("disabled_at", { header: "State", cell: (c) => (c.getValue() ? <Badge tone="bad">disabled</Badge> : <Badge tone="good">active</Badge>) }),
    column.accessor("created_at", { header: "Added", cell: (c) => <Time value={c.getValue()} /> }),
    column.display({
      id: "actions",
      header: "",
      cell: ({ row }) => {
        const r = row.original;
        if (!admin) return null;
        return (
          <div className="row" style={{ gap: 6, flexWrap: "nowrap" }}>
            {!r.disabled_at && (
              <button type="button" className="small" onClick={() => newLink.mutate(r)} disabled={newLink.isPending} data-testid="new-link" aria-label={`New sign-in link for ${r.name}`}>
                New link
              </button>
            )}
            {r.disabled_at ? (
              <button type="button" className="small" onClick={() => toggle.mutate({ r, enable: true })} disabled={toggle.isPending} data-testid="enable-reviewer" aria-label={`Enable ${r.name}`}>
                Enable
              </button>
            ) : (
              !r.owner &&
              r.id !== me?.id && (
                <button type="button" className="small danger" onClick={() => setDisabling(r)} data-testid="disable-reviewer" aria-label={`Disable ${r.name}`}>
                  Disable
                </button>
              )
            )}
          </div>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title="Reviewers" description="The accounts that sign in to the console. Each signs in with a personal one-time link; everything they do is recorded under their name.">
        {admin && (
          <button type="button" className="primary" onClick={() => setAdding(true)} data-shortcut="new" data-testid="add-reviewer">
            Add reviewer
          </button>
        )}
      </PageHeader>
      {reviewers.isPending ? (
        <Loading what="reviewers" />
      ) : reviewers.error ? (
        <ErrorState error={reviewers.error} retry={() => void reviewers.refetch()} />
      ) : reviewers.data.data.length === 0 ? (
        <Empty title="No reviewers yet." />
      ) : (
        <DataTable data={reviewers.data.data} columns={columns} rowKey={(r) => r.id} label="Reviewers" testId="reviewers-table" rowTestId="reviewer-row" />
      )}
      <DeskSettingsCard admin={admin} />
      {admin && <FramingCard />}
      <AddReviewer open={adding} onClose={() => setAdding(false)} onAdded={refresh} />
      <Dialog open={link !== null} title={`Sign-in link for ${link?.reviewer.name ?? ""}`} onClose={() => setLink(null)} testId="link-dialog">
        {link && <ShownOnce link={link.link} name={link.reviewer.name} onDone={() => setLink(null)} />}
      </Dialog>
      <Confirm open={disabling !== null} title={`Disable ${disabling?.name ?? ""}?`} action="Disable" onConfirm={() => disabling && toggle.mutate({ r: disabling, enable: false })} onClose={() => setDisabling(null)} pending={toggle.isPending} testId="confirm-disable">
        <p>Their console sessions end at once and their links stop working. Their past actions stay in the audit trail; you can enable the account again.</p>
      </Confirm>
    </>
  );
}

/** A login link, shown once: copy it and hand it to the reviewer. */
function ShownOnce({ link, name, onDone }: { link: LoginLink; name: string; onDone: () => void }) {
  return (
    <div className="stack">
      <p>
        Send this link to {name}: it signs them in once, until <Time value={link.expires_at} />. <strong>Docket will not show it again.</strong>
      </p>
      <div className="secret">
        <code data-testid="login-link">{link.login_url}</code>
        <CopyButton value={link.login_url} label="Copy link" testId="copy-login-link" />
      </div>
      <div className="actions">
        <button type="button" className="primary" onClick={onDone} data-testid="link-done">
          Done
        </button>
      </div>
    </div>
  );
}

function AddReviewer({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: () => void }) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("reviewer");
  const add = useMutation({
    mutationFn: () => post<NewReviewer>("/_docket/reviewers", { name: name.trim(), email: email.trim() || undefined, role }),
    onSuccess: onAdded,
  });
  function close() {
    add.reset();
    setName("");
    setEmail("");
    setRole("reviewer");
    onClose();
  }
  return (
    <Dialog open={open} title="Add a reviewer" onClose={close} testId="add-reviewer-dialog">
      {add.data ? (
        <ShownOnce link={add.data} name={add.data.reviewer.name} onDone={close} />
      ) : (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) add.mutate();
          }}
        >
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={80} autoFocus autoComplete="off" data-testid="reviewer-new-name" />
          </label>
          <label>
            E-mail (optional)
            <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" data-testid="reviewer-new-email" />
          </label>
          <label>
            Role
            <select value={role} onChange={(e) => setRole(e.target.value as Role)} data-testid="reviewer-new-role">
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_NAMES[r]}
                </option>
              ))}
            </select>
          </label>
          <p className="muted small">Reviewers decide the cases assigned to them; senior reviewers also give second approvals; admins also manage reviewers and the desk's settings.</p>
          <FormError error={add.error} />
          <div className="actions">
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={add.isPending || !name.trim()} data-testid="reviewer-create">
              Add and make a link
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

const STAGES: { key: SlaStage; label: string }[] = [
  { key: "collecting_data", label: "Collecting data" },
  { key: "running_checks", label: "Running checks" },
  { key: "manual_review", label: "Manual review" },
  { key: "action_required", label: "Action required" },
];

function DeskSettingsCard({ admin }: { admin: boolean }) {
  const settings = useDeskSettings();
  return (
    <Card title="Desk settings" description={admin ? "Four eyes and the time each stage may take." : "Set by an admin."} testId="desk-settings">
      {settings.isPending ? <Loading what="the settings" /> : settings.error ? <ErrorState error={settings.error} /> : <SettingsForm key={JSON.stringify(settings.data)} initial={settings.data} admin={admin} />}
    </Card>
  );
}

function SettingsForm({ initial, admin }: { initial: DeskSettings; admin: boolean }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [fourEyes, setFourEyes] = useState(initial.four_eyes);
  const [hours, setHours] = useState<Record<SlaStage, string>>(() => Object.fromEntries(STAGES.map((s) => [s.key, (initial.sla_hours?.[s.key] ?? null) === null ? "" : String(initial.sla_hours?.[s.key])])) as Record<SlaStage, string>);
  const save = useMutation({
    mutationFn: (body: DeskSettings) => put<DeskSettings>("/_docket/desk/settings", body),
    onSuccess: (next) => {
      queryClient.setQueryData(["desk-settings"], next);
      void queryClient.invalidateQueries({ queryKey: ["kyb-cases"] });
      void queryClient.invalidateQueries({ queryKey: ["kyb-case"] });
      void queryClient.invalidateQueries({ queryKey: ["desk-counts"] });
      toast("Desk settings saved");
    },
  });
  const invalid = STAGES.some((s) => hours[s.key] !== "" && !(Number(hours[s.key]) > 0));
  function submit() {
    const sla_hours = Object.fromEntries(STAGES.map((s) => [s.key, hours[s.key] === "" ? null : Number(hours[s.key])])) as Record<SlaStage, number | null>;
    save.mutate({ four_eyes: fourEyes, sla_hours });
  }
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) submit();
      }}
    >
      <fieldset disabled={!admin}>
        <legend>Four eyes</legend>
        <div className="stack" style={{ gap: 6 }} role="radiogroup" aria-label="Four eyes" data-testid="four-eyes">
          {FOUR_EYES.map((f) => (
            <label key={f.value} className="inline">
              <input type="radio" name="four-eyes" value={f.value} checked={fourEyes === f.value} onChange={() => setFourEyes(f.value)} data-testid={`four-eyes-${f.value}`} />
              <span>
                <strong>{f.label}</strong> <span className="muted small">{f.help}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset disabled={!admin}>
        <legend>SLA: hours allowed per stage (empty = none)</legend>
        <div className="grid-4">
          {STAGES.map((s) => (
            <label key={s.key}>
              {s.label}
              <input type="number" min={1} step={1} value={hours[s.key]} onChange={(e) => setHours((h) => ({ ...h, [s.key]: e.target.value }))} placeholder="none" aria-invalid={hours[s.key] !== "" && !(Number(hours[s.key]) > 0) ? true : undefined} data-testid={`sla-hours-${s.key}`} />
            </label>
          ))}
        </div>
      </fieldset>
      <FormError error={save.error ?? (invalid ? "Hours are whole numbers above zero, or empty for no SLA." : null)} />
      {admin && (
        <div className="actions">
          <button type="submit" className="primary" disabled={save.isPending || invalid} data-testid="settings-save">
            Save settings
          </button>
        </div>
      )}
    </form>
  );
}

/** The sites that may show the hosted pages (the KYB widget, the verification pages) in a frame: an admin's, for both environments. */
function FramingCard() {
  const settings = useQuery({ queryKey: ["organization-settings"], queryFn: ({ signal }) => get<OrganizationSettings>("/_docket/organization/settings", undefined, signal) });
  return (
    <Card
      title="Sites that may frame the hosted pages"
      description="The KYB widget and the verification pages may be shown in a frame by Docket and by these sites only, in both environments. One exact origin a line: https://host or https://host:port (http only for localhost and 127.0.0.1); no path, no wildcard. Each change is on the production audit trail."
      testId="framing"
    >
      {settings.isPending ? <Loading what="the sites" /> : settings.error ? <ErrorState error={settings.error} retry={() => void settings.refetch()} /> : <FramingForm key={JSON.stringify(settings.data)} initial={settings.data} />}
    </Card>
  );
}

function FramingForm({ initial }: { initial: OrganizationSettings }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [text, setText] = useState(textFromOrigins(initial.frame_origins));
  const save = useMutation({
    mutationFn: () => put<OrganizationSettings>("/_docket/organization/settings", { frame_origins: originsFromText(text) }),
    onSuccess: (next) => {
      queryClient.setQueryData(["organization-settings"], next);
      toast(next.frame_origins.length === 0 ? "Only Docket may frame the hosted pages" : "Sites saved");
    },
  });
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label>
        Sites (one origin a line; empty: only Docket)
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={4} spellCheck={false} autoComplete="off" placeholder="https://shop.example.com" data-testid="frame-origins" />
      </label>
      <FormError error={save.error} />
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending} data-testid="frame-origins-save">
          Save sites
        </button>
      </div>
    </form>
  );
}
