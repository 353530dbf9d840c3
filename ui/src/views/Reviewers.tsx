// Reviewers and the desk's settings. Everyone sees the team, how each signs in and the policy;
// an admin adds reviewers (the sign-in link is shown once), changes roles, makes sign-in links
// (for someone who has a password, a reset), disables, enables and removes accounts, sees every
// live session and ends any, sets four eyes and the SLAs, and lists the sites that may frame the
// hosted pages. Controls the server would refuse (the owner's account, one's own) are not offered.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { del, get, post, put } from "../api/client";
import type { components } from "../api/schema";
import { Badge } from "../components/Badge";
import { Card } from "../components/Card";
import { Confirm } from "../components/Confirm";
import { CopyButton } from "../components/CopyButton";
import { DataTable } from "../components/DataTable";
import { Dialog } from "../components/Dialog";
import { PageHeader } from "../components/Layout";
import { SessionsTable } from "../components/Sessions";
import { Empty, ErrorState, FormError, Loading } from "../components/States";
import { Time } from "../components/Time";
import { useToast } from "../components/Toasts";
import { linkResets, manageable, offersLink } from "../lib/accounts";
import { can, ROLE_NAMES, useReviewer } from "../session";
import { useDeskSettings, useReviewers } from "./kyb/data";
import { FOUR_EYES } from "./kyb/decisions";
import { RemediationTemplatesCard } from "./kyb/Templates";
import type { DeskSettings, LoginLink, NewReviewer, Reviewer, Role, SlaStage } from "./kyb/types";
import { originsFromText, textFromOrigins } from "./framing";

type OrganizationSettings = components["schemas"]["OrganizationSettings"];

const ROLES: Role[] = ["reviewer", "senior", "admin"];
const ROLE_HELP: Record<Role, string> = {
  reviewer: "works cases: claims, comments, and decides the cases assigned to them",
  senior: "also gives (or refuses) the second approval of four eyes",
  admin: "also manages reviewers and their sessions, reassigns cases and sets the desk's rules",
};
const column = createColumnHelper<Reviewer>();

/** How a reviewer signs in, as badges. */
function SignInWays({ reviewer }: { reviewer: Reviewer }) {
  if (!reviewer.has_password && !reviewer.has_second_factor) return <span className="muted small nowrap">one-time link only</span>;
  return (
    <span className="badges">
      {reviewer.has_password && <Badge tone="good">password</Badge>}
      {reviewer.has_second_factor ? <Badge tone="good">2FA on</Badge> : <Badge tone="warn">no 2FA yet</Badge>}
    </span>
  );
}

export function Reviewers() {
  const me = useReviewer();
  const admin = can(me?.role, "admin");
  const reviewers = useReviewers();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [link, setLink] = useState<{ reviewer: Reviewer; link: LoginLink; reset: boolean } | null>(null);
  const [resetting, setResetting] = useState<Reviewer | null>(null);
  const [disabling, setDisabling] = useState<Reviewer | null>(null);
  const [removing, setRemoving] = useState<Reviewer | null>(null);
  const [roleChange, setRoleChange] = useState<{ reviewer: Reviewer; role: Role } | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["reviewers"] });
    void queryClient.invalidateQueries({ queryKey: ["sessions"] });
  };
  const newLink = useMutation({
    mutationFn: (r: Reviewer) => post<LoginLink>(`/_docket/reviewers/${r.id}/link`).then((l) => ({ reviewer: r, link: l, reset: linkResets(r) })),
    onSuccess: (made) => {
      setResetting(null);
      setLink(made);
      refresh();
    },
    onError: (e) => {
      setResetting(null);
      toast(e.message, "bad");
    },
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
  const remove = useMutation({
    mutationFn: (r: Reviewer) => del<Reviewer>(`/_docket/reviewers/${r.id}`),
    onSuccess: (r) => {
      toast(`${r.name} is removed: signed out everywhere, and cannot sign in again`);
      setRemoving(null);
      refresh();
    },
    onError: (e) => {
      setRemoving(null);
      toast(e.message, "bad");
    },
  });
  const setRole = useMutation({
    mutationFn: ({ reviewer, role }: { reviewer: Reviewer; role: Role }) => put<Reviewer>(`/_docket/reviewers/${reviewer.id}/role`, { role }),
    onSuccess: (r) => {
      toast(`${r.name} is now ${r.role === "admin" ? "an" : "a"} ${ROLE_NAMES[r.role].toLowerCase()}`);
      setRoleChange(null);
      refresh();
    },
    onError: (e) => {
      setRoleChange(null);
      toast(e.message, "bad");
    },
  });

  const all = reviewers.data?.data ?? [];
  const team = all.filter((r) => !r.removed_at);
  const removed = all.filter((r) => r.removed_at);

  const columns = [
    column.accessor("name", {
      header: "Name",
      cell: ({ row }) => (
        <div>
          <strong>{row.original.name}</strong> {row.original.owner && <Badge tone="info">owner</Badge>} {row.original.id === me?.id && <Badge>you</Badge>} {row.original.disabled_at && <Badge tone="bad">disabled</Badge>}
          <div className="muted small">
            {row.original.email && <>{row.original.email} · </>}
            added <Time value={row.original.created_at} dateOnly />
          </div>
        </div>
      ),
    }),
    column.accessor("role", {
      header: "Role",
      cell: ({ row }) => {
        const r = row.original;
        if (admin && manageable(r, me)) {
          return (
            <select value={r.role} onChange={(e) => setRoleChange({ reviewer: r, role: e.target.value as Role })} aria-label={`Role of ${r.name}`} data-testid="reviewer-role-select">
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_NAMES[role]}
                </option>
              ))}
            </select>
          );
        }
        return <Badge tone={r.role === "reviewer" ? "neutral" : "info"}>{ROLE_NAMES[r.role]}</Badge>;
      },
    }),
    column.display({ id: "sign-in", header: "Signs in with", cell: ({ row }) => <SignInWays reviewer={row.original} /> }),
    column.display({
      id: "actions",
      header: "",
      cell: ({ row }) => {
        const r = row.original;
        if (!admin) return null;
        return (
          <div className="row-actions">
            {offersLink(r, me) && (
              <button type="button" className="small" onClick={() => (linkResets(r) ? setResetting(r) : newLink.mutate(r))} disabled={newLink.isPending} data-testid="new-link" aria-label={`${linkResets(r) ? "Reset the sign-in of" : "New sign-in link for"} ${r.name}`}>
                {linkResets(r) ? "Reset sign-in…" : "Sign-in link"}
              </button>
            )}
            {manageable(r, me) &&
              (r.disabled_at ? (
                <button type="button" className="small" onClick={() => toggle.mutate({ r, enable: true })} disabled={toggle.isPending} data-testid="enable-reviewer" aria-label={`Enable ${r.name}`}>
                  Enable
                </button>
              ) : (
                <button type="button" className="small" onClick={() => setDisabling(r)} data-testid="disable-reviewer" aria-label={`Disable ${r.name}`}>
                  Disable
                </button>
              ))}
            {manageable(r, me) && (
              <button type="button" className="small danger" onClick={() => setRemoving(r)} data-testid="remove-reviewer" aria-label={`Remove ${r.name}`}>
                Remove
              </button>
            )}
          </div>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title="Reviewers" description="The people who sign in to the console: with their name, password and an authenticator code, or once with a one-time link. Everything they do is recorded under their name.">
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
      ) : team.length === 0 ? (
        <Empty title="No reviewers yet." />
      ) : (
        <DataTable data={team} columns={columns} rowKey={(r) => r.id} label="Reviewers" testId="reviewers-table" rowTestId="reviewer-row" />
      )}
      {removed.length > 0 && (
        <Card title="Removed reviewers" description="They cannot sign in. Their decisions, comments and audit history keep their name." testId="removed-reviewers">
          <table className="plain" aria-label="Removed reviewers">
            <tbody>
              {removed.map((r) => (
                <tr key={r.id} data-testid="removed-row">
                  <td>
                    <strong>{r.name}</strong>
                  </td>
                  <td className="muted">{ROLE_NAMES[r.role]}</td>
                  <td className="muted">
                    removed <Time value={r.removed_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {admin && (
        <Card title="Signed-in sessions" description="Every browser signed in to this organization's console. Ending one signs it out at once; disabling or removing a reviewer ends all of theirs." testId="sessions-card">
          <SessionsTable scope="all" />
        </Card>
      )}
      <DeskSettingsCard admin={admin} />
      <RemediationTemplatesCard admin={admin} />
      {admin && <FramingCard />}
      <AddReviewer open={adding} onClose={() => setAdding(false)} onAdded={refresh} />
      <Dialog open={link !== null} title={`Sign-in link for ${link?.reviewer.name ?? ""}`} onClose={() => setLink(null)} testId="link-dialog">
        {link && <ShownOnce link={link.link} name={link.reviewer.name} reset={link.reset} onDone={() => setLink(null)} />}
      </Dialog>
      <Confirm open={resetting !== null} title={`Reset ${resetting?.name ?? ""}'s sign-in?`} action="Reset and make a link" onConfirm={() => resetting && newLink.mutate(resetting)} onClose={() => setResetting(null)} pending={newLink.isPending} testId="confirm-reset">
        <p>
          {resetting?.name} signs in with a password{resetting?.has_second_factor ? " and an authenticator" : ""}. A sign-in link <strong>deletes their password and authenticator and signs them out everywhere</strong>; they set new ones after opening the link.
        </p>
        <p className="muted">Make one only when they have lost their password or phone, and hand it to them yourself: whoever opens it is signed in as them. The reset is on the audit trail.</p>
      </Confirm>
      <Confirm open={disabling !== null} title={`Disable ${disabling?.name ?? ""}?`} action="Disable" onConfirm={() => disabling && toggle.mutate({ r: disabling, enable: false })} onClose={() => setDisabling(null)} pending={toggle.isPending} testId="confirm-disable">
        <p>Their console sessions end at once and their links stop working. Their past actions stay in the audit trail; you can enable the account again.</p>
      </Confirm>
      <Confirm open={removing !== null} title={`Remove ${removing?.name ?? ""}?`} action="Remove" onConfirm={() => removing && remove.mutate(removing)} onClose={() => setRemoving(null)} pending={remove.isPending} testId="confirm-remove">
        <p>
          Their sessions end at once, their password and authenticator are deleted, and <strong>they can never sign in again</strong>. Cases assigned to them stay assigned until an admin reassigns them.
        </p>
        <p className="muted">Their decisions, comments and audit history keep their name. This cannot be undone (to only pause an account, disable it).</p>
      </Confirm>
      <Confirm open={roleChange !== null} title={`Make ${roleChange?.reviewer.name ?? ""} ${roleChange?.role === "admin" ? "an" : "a"} ${roleChange ? ROLE_NAMES[roleChange.role].toLowerCase() : ""}?`} action="Change role" onConfirm={() => roleChange && setRole.mutate(roleChange)} onClose={() => setRoleChange(null)} pending={setRole.isPending} testId="confirm-role">
        {roleChange && (
          <>
            <p>
              {ROLE_NAMES[roleChange.reviewer.role]} → <strong>{ROLE_NAMES[roleChange.role]}</strong>: {ROLE_HELP[roleChange.role]}.
            </p>
            <p className="muted">It applies from their next request, in both environments, and is recorded on the audit trail.</p>
          </>
        )}
      </Confirm>
    </>
  );
}

/** A login link, shown once: copy it and hand it to the reviewer. */
function ShownOnce({ link, name, reset = false, onDone }: { link: LoginLink; name: string; reset?: boolean; onDone: () => void }) {
  return (
    <div className="stack">
      <p>
        Send this link to {name}: it signs them in once, until <Time value={link.expires_at} />. <strong>Docket will not show it again.</strong>
      </p>
      {reset && <p className="notice warn">Their password and authenticator were deleted and their sessions ended: after opening the link they set new ones under Your account.</p>}
      <div className="secret">
        <code data-testid="login-link">{link.login_url}</code>
        <CopyButton value={link.login_url} label="Copy link" testId="copy-login-link" />
      </div>
      <p className="muted small">Whoever opens the link is signed in as {name}: hand it over privately (not in a shared channel).</p>
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
  { key: "awaiting_approval", label: "Awaiting second approval" },
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
    mutationFn: () => put<OrganizationSettings>("/_docket/organization/settings", { ...initial, frame_origins: originsFromText(text) }),
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
