// The frame around every view: navigation, the environment switch, the signed-in reviewer (and
// the reminder to set up their password and authenticator), keyboard shortcuts, a broken audit chain until an admin acknowledges it. Without a
// session it sends the browser to the sign-in page.
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { ApiError, get, post } from "../api/client";
import type { ChainStatus, Info } from "../api/types";
import { chainAlarm } from "../lib/chain";
import { missingSetup, signInPath } from "../lib/accounts";
import { groupedShortcuts, interpret, isTyping } from "../lib/shortcuts";
import { ROLE_NAMES, useMe, useSession } from "../session";
import { useInbox } from "../views/kyb/data";
import { inboxCountLabel } from "../views/kyb/mentions";
import { Badge } from "./Badge";
import { Dialog } from "./Dialog";
import { SidebarToggle, useSidebar } from "./Sidebar";
import { ErrorState, Loading } from "./States";
import { useToast } from "./Toasts";

const NAV: { to: string; label: string; id: string; end: boolean; sub?: boolean }[] = [
  { to: "/", label: "Overview", id: "overview", end: true },
  { to: "/inbox", label: "Inbox", id: "inbox", end: false },
  { to: "/kyb", label: "KYB cases", id: "kyb", end: false },
  { to: "/approvals", label: "Approvals", id: "approvals", end: false, sub: true },
  { to: "/applicants", label: "Applicants", id: "applicants", end: false },
  { to: "/aml", label: "AML screening", id: "aml", end: true },
  { to: "/aml/history", label: "Search history", id: "aml-history", end: false, sub: true },
  { to: "/aml/lists", label: "Watchlists", id: "aml-lists", end: false, sub: true },
  { to: "/verifications", label: "Verifications", id: "verifications", end: true },
  { to: "/verifications/profiles", label: "Profiles and links", id: "verification-profiles", end: false, sub: true },
  { to: "/email", label: "E-mail checks", id: "email", end: true },
  { to: "/email/outbox", label: "Outbox", id: "email-outbox", end: false, sub: true },
  { to: "/deepfake", label: "Deepfake analyses", id: "deepfake", end: false },
  { to: "/kyt", label: "KYT checks", id: "kyt", end: false },
  { to: "/transmon", label: "Monitoring", id: "transmon", end: true },
  { to: "/transmon/rules", label: "Rules", id: "transmon-rules", end: false, sub: true },
  { to: "/transmon/backtest", label: "Backtest", id: "transmon-backtest", end: false, sub: true },
  { to: "/webhooks", label: "Webhooks", id: "webhooks", end: true },
  { to: "/webhooks/deliveries", label: "Deliveries", id: "deliveries", end: false, sub: true },
  { to: "/requests", label: "Requests", id: "requests", end: false },
  { to: "/audit", label: "Audit trail", id: "audit", end: false },
  { to: "/reviewers", label: "Reviewers", id: "reviewers", end: false },
  { to: "/data", label: "Data & privacy", id: "data", end: false },
];

export function useInfo() {
  const { environment } = useSession();
  return useQuery({ queryKey: ["info", environment], queryFn: ({ signal }) => get<Info>("/_docket/info", undefined, signal), retry: false });
}

/** What the last verification of this environment's audit chain found (at Docket's start, or
 * since): asked again every minute, and every 5 s until the start's verification is done. */
export function useChainStatus() {
  const { environment } = useSession();
  return useQuery({
    queryKey: ["audit", environment, "status"],
    queryFn: ({ signal }) => get<ChainStatus>("/_docket/audit/status", undefined, signal),
    refetchInterval: (query) => (query.state.data?.verification ? 60_000 : 5_000),
    retry: false,
  });
}

/** Clicks (or focuses, for a field) the first element marked with one of the targets; false when the view has none. */
function press(targets: string[]): boolean {
  for (const target of targets) {
    const element = document.querySelector<HTMLElement>(`[data-shortcut="${target}"]`);
    if (!element) continue;
    if (isTyping(element)) element.focus();
    else element.click();
    return true;
  }
  return false;
}

/** Focuses the next or previous row of the view's table (the first row when none has focus). */
function moveRow(step: 1 | -1): boolean {
  const rows = [...document.querySelectorAll<HTMLElement>("main table.data tbody tr[tabindex]")];
  if (rows.length === 0) return false;
  const current = rows.indexOf(document.activeElement as HTMLElement);
  const next = current === -1 ? 0 : Math.min(rows.length - 1, Math.max(0, current + step));
  rows[next]?.focus();
  return true;
}

export function Layout() {
  const { environment, setEnvironment } = useSession();
  const info = useInfo();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const [help, setHelp] = useState(false);
  const afterG = useRef(false);
  const sidebar = useSidebar();

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      // A row or a dialog that handled the key already has the last word.
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector("dialog[open]")) return;
      const action = interpret(event.key, afterG.current);
      afterG.current = event.key === "g" && !afterG.current;
      if (!action) return;
      let handled = true;
      if (action.kind === "go") navigate(action.path);
      else if (action.kind === "help") setHelp(true);
      else if (action.kind === "focus-search") document.querySelector<HTMLElement>("[data-shortcut=search]")?.focus();
      else if (action.kind === "press") handled = press(action.targets);
      else if (action.kind === "row") handled = moveRow(action.step);
      if (handled) event.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate]);

  const signedOut = (e: unknown) => e instanceof ApiError && e.status === 401;
  if (signedOut(info.error) || signedOut(me.error)) return <Navigate to={signInPath(location.pathname + location.search)} replace />;

  return (
    <div className={`shell env-${environment}${sidebar.open ? "" : " nav-collapsed"}`}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <aside className="sidebar" id="sidebar" hidden={!sidebar.open}>
        <div className="brand">
          <img src="/favicon.svg" alt="" width="22" height="22" />
          <span>Docket</span>
        </div>
        <nav aria-label="Views">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} data-testid={`nav-${item.id}`} className={item.sub ? "sub" : undefined}>
              {item.label}
              {item.id === "inbox" && <InboxCount />}
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
          {sidebar.narrow && <SidebarToggle open={sidebar.open} onToggle={sidebar.toggle} />}
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
            <ReviewerChip />
          </div>
        </header>
        <ChainAlarm />
        <SetupBanner />
        <main id="main" tabIndex={-1}>
          {info.isPending || me.isPending ? <Loading what="Docket" /> : info.error ? <ErrorState error={info.error} retry={() => void info.refetch()} /> : <Outlet />}
        </main>
      </div>
      <Dialog open={help} title="Keyboard shortcuts" onClose={() => setHelp(false)} testId="shortcuts-dialog">
        <div className="stack">
          {groupedShortcuts().map((group) => (
            <table className="plain shortcuts" key={group.where}>
              <caption>{group.where}</caption>
              <tbody>
                {group.items.map((s) => (
                  <tr key={s.keys}>
                    <td>
                      <kbd>{s.keys}</kbd>
                    </td>
                    <td>{s.does}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      </Dialog>
    </div>
  );
}

/** Beside Inbox: how many second approvals and unread mentions wait for the signed-in reviewer (nothing when none). */
function InboxCount() {
  const inbox = useInbox();
  const approvals = inbox.data?.approvals.length ?? 0;
  const unread = inbox.data?.unread_mentions ?? 0;
  const n = approvals + unread;
  if (n === 0) return null;
  return (
    <span className="nav-count" data-testid="inbox-count" aria-label={inboxCountLabel(approvals, unread)} title={inboxCountLabel(approvals, unread)}>
      {n}
    </span>
  );
}

/** On every page while the audit chain has a problem no admin acknowledged. */
function ChainAlarm() {
  const status = useChainStatus();
  const alarm = chainAlarm(status.data?.verification);
  if (!alarm) return null;
  return (
    <div className="chain-alarm" role="alert" data-testid="chain-alarm">
      <strong>{alarm}</strong> An event was edited, removed or emptied outside Docket. <Link to="/audit">See the problems on the Audit trail</Link>, where an admin acknowledges them.
    </div>
  );
}

/** Who is signed in (every action is recorded under them), their role, and signing out. */
function ReviewerChip() {
  const me = useMe();
  const toast = useToast();
  const signOut = useMutation({
    mutationFn: () => post<undefined>("/_docket/console/logout"),
    // A fresh start drops every cached answer.
    onSuccess: () => window.location.assign("/sign-in"),
    onError: (e) => toast(e.message, "bad"),
  });
  const reviewer = me.data?.reviewer;
  return (
    <div className="reviewer" data-testid="reviewer-chip" title="Everything you do in the console is recorded in the audit trail under this account">
      <span className="reviewer-dot" aria-hidden="true">
        ●
      </span>
      {reviewer ? (
        <>
          <Link to="/account" className="reviewer-name" title="Your account: password, authenticator and sessions" data-testid="reviewer-name">
            {reviewer.name}
          </Link>
          <Badge tone={reviewer.role === "reviewer" ? "neutral" : "info"}>
            <span data-testid="reviewer-role">{ROLE_NAMES[reviewer.role]}</span>
          </Badge>
        </>
      ) : (
        <span className="muted">{me.error ? "Unknown reviewer" : "…"}</span>
      )}
      <button type="button" className="small ghost" onClick={() => signOut.mutate()} disabled={signOut.isPending} data-testid="sign-out">
        Sign out
      </button>
    </div>
  );
}

const DISMISSED_KEY = "docket.setup-later";

/**
 * Until a reviewer has a password and an authenticator they can only sign in with a link an
 * admin makes: every page asks them to set both up. "Later" hides it for this browser tab.
 */
function SetupBanner() {
  const reviewer = useMe().data?.reviewer;
  const location = useLocation();
  const [dismissed, setDismissed] = useState(() => {
    try {
      return window.sessionStorage.getItem(DISMISSED_KEY);
    } catch {
      return null;
    }
  });
  if (!reviewer || location.pathname === "/account" || dismissed === reviewer.id) return null;
  const missing = missingSetup(reviewer);
  if (missing.length === 0) return null;
  const what = missing.length === 2 ? "a password and an authenticator app" : missing[0] === "password" ? "a password" : "an authenticator app";
  function later() {
    if (!reviewer) return;
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, reviewer.id);
    } catch {
      // Without storage it stays hidden until the page reloads.
    }
    setDismissed(reviewer.id);
  }
  return (
    <section className="setup-banner" aria-label="Account set-up" data-testid="setup-banner">
      <p>
        <strong>Set up {what}</strong> <span className="muted">so that you can sign in with your name, password and a code, without a one-time link.</span>
      </p>
      <div className="row">
        <Link to="/account" className="button small primary" data-testid="setup-now">
          Set up now
        </Link>
        <button type="button" className="small ghost" onClick={later} data-testid="setup-later">
          Later
        </button>
      </div>
    </section>
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
