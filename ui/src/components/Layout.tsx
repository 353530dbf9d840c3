// The frame around every view: navigation, the environment switch, the reviewer, shortcuts.
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { NavLink, Outlet, useNavigate } from "react-router";
import { ApiError, get } from "../api/client";
import type { Info } from "../api/types";
import { interpret, isTyping, SHORTCUTS } from "../lib/shortcuts";
import { useSession, validReviewerName } from "../session";
import { Dialog } from "./Dialog";
import { ErrorState, Loading } from "./States";

const NAV = [
  { to: "/", label: "Overview", id: "overview", end: true },
  { to: "/applicants", label: "Applicants", id: "applicants", end: false },
  { to: "/aml", label: "AML screening", id: "aml", end: true },
  { to: "/aml/history", label: "Search history", id: "aml-history", end: false },
  { to: "/aml/lists", label: "Watchlists", id: "aml-lists", end: false },
  { to: "/verifications", label: "Verifications", id: "verifications", end: true },
  { to: "/verifications/profiles", label: "Profiles and links", id: "verification-profiles", end: false },
  { to: "/email", label: "E-mail checks", id: "email", end: true },
  { to: "/email/outbox", label: "Outbox", id: "email-outbox", end: false },
  { to: "/webhooks", label: "Webhooks", id: "webhooks", end: true },
  { to: "/webhooks/deliveries", label: "Deliveries", id: "deliveries", end: false },
  { to: "/requests", label: "Requests", id: "requests", end: false },
];

export function useInfo() {
  const { environment } = useSession();
  return useQuery({ queryKey: ["info", environment], queryFn: ({ signal }) => get<Info>("/_docket/info", undefined, signal), retry: false });
}

export function Layout() {
  const { environment, setEnvironment, reviewer } = useSession();
  const info = useInfo();
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);
  const [editingReviewer, setEditingReviewer] = useState(false);
  const afterG = useRef(false);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector("dialog[open]")) return;
      const action = interpret(event.key, afterG.current);
      afterG.current = event.key === "g" && !afterG.current;
      if (!action) return;
      event.preventDefault();
      if (action.kind === "go") navigate(action.path);
      else if (action.kind === "help") setHelp(true);
      else if (action.kind === "focus-search") document.querySelector<HTMLElement>("[data-shortcut=search]")?.focus();
      else if (action.kind === "new") document.querySelector<HTMLElement>("[data-shortcut=new]")?.click();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate]);

  if (info.error instanceof ApiError && info.error.status === 401) return <SignedOut />;

  return (
    <div className={`shell env-${environment}`}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <aside className="sidebar">
        <div className="brand">
          <img src="/favicon.svg" alt="" width="22" height="22" />
          <span>Docket</span>
        </div>
        <nav aria-label="Views">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} data-testid={`nav-${item.id}`} className={item.id.includes("-") || item.id === "deliveries" ? "sub" : undefined}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="sidebar-foot">
          <a href="/docs" target="_blank" rel="noreferrer">
            API reference
          </a>
          <button type="button" className="link" onClick={() => setHelp(true)}>
            Keyboard shortcuts <kbd>?</kbd>
          </button>
        </div>
      </aside>
      <div className="main-column">
        <header className="topbar">
          <div className="env-switch" role="radiogroup" aria-label="Environment">
            {(["sandbox", "production"] as const).map((env) => (
              <button key={env} type="button" role="radio" aria-checked={environment === env} className={environment === env ? "active" : ""} onClick={() => setEnvironment(env)} data-testid={`env-${env}`}>
                {env === "sandbox" ? "Sandbox" : "Production"}
              </button>
            ))}
          </div>
          {environment === "production" && <span className="prod-warning">Production data: actions are real</span>}
          <div className="topbar-right">
            {info.data && <span className="muted small">{info.data.organization_name}</span>}
            <button type="button" className="reviewer" onClick={() => setEditingReviewer(true)} title="Actions you take are recorded under this name" data-testid="reviewer-chip">
              <span aria-hidden="true">●</span> {reviewer ?? "Set your name"}
            </button>
          </div>
        </header>
        <main id="main" tabIndex={-1}>
          {info.isPending ? <Loading what="Docket" /> : info.error ? <ErrorState error={info.error} retry={() => void info.refetch()} /> : <Outlet />}
        </main>
      </div>
      <ReviewerDialog open={!reviewer || editingReviewer} onClose={() => setEditingReviewer(false)} required={!reviewer} />
      <Dialog open={help} title="Keyboard shortcuts" onClose={() => setHelp(false)}>
        <table className="plain">
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.keys}>
                <td>
                  <kbd>{s.keys}</kbd>
                </td>
                <td>{s.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Dialog>
    </div>
  );
}

function ReviewerDialog({ open, onClose, required }: { open: boolean; onClose: () => void; required: boolean }) {
  const { reviewer, setReviewer } = useSession();
  const [name, setName] = useState(reviewer ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  function save(event: FormEvent) {
    event.preventDefault();
    const error = validReviewerName(name);
    setProblem(error);
    if (error) return;
    setReviewer(name);
    onClose();
  }
  return (
    <Dialog open={open} title={required ? "Who is reviewing?" : "Your name"} onClose={required ? () => {} : onClose} testId="reviewer-dialog">
      <form onSubmit={save} className="stack">
        <p>Everything you do in the console (decisions, clock moves, new keys and endpoints) is recorded in the audit trail under this name.</p>
        <label>
          Your name
          <input data-testid="reviewer-name" autoFocus value={name} onChange={(e) => setName(e.target.value)} maxLength={80} autoComplete="name" aria-invalid={problem ? true : undefined} />
        </label>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" data-testid="reviewer-save">
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function SignedOut() {
  return (
    <div className="signed-out">
      <img src="/favicon.svg" alt="" width="48" height="48" />
      <h1>Open Docket's console with a login link</h1>
      <p>
        The console needs a one-time login link. <code>docket serve</code> prints one when it starts (the line starting with <code>Console:</code>); for a new one, run:
      </p>
      <pre>docket console link</pre>
      <p className="muted">The desktop app signs in by itself. API calls with a key work without the console.</p>
    </div>
  );
}

export function PageHeader({ title, children, description }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="page-head">
      <div>
        <h1>{title}</h1>
        {description && <p className="muted">{description}</p>}
      </div>
      {children && <div className="page-actions">{children}</div>}
    </div>
  );
}
