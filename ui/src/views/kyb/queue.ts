// The KYB queue's state: tabs by stage, the scope (mine, unassigned, awaiting a second approval),
// filters, search and sort (most overdue first unless a header says otherwise), all kept in the
// URL; and the list request they make. Pure, so tested.
import type { QueryValue } from "../../api/client";
import type { CaseStatus, DeskCounts, Stage } from "./types";

export interface QueueTab {
  id: "collecting_data" | "running_checks" | "manual_review" | "action_required" | "decided" | "all";
  label: string;
  stages: Stage[];
  /** The counter of `GET /_docket/desk/counts` that counts this tab, if any. */
  count: keyof DeskCounts | null;
}

export const TABS: QueueTab[] = [
  { id: "collecting_data", label: "Collecting data", stages: ["collecting_data"], count: "collecting_data" },
  { id: "running_checks", label: "Running checks", stages: ["running_checks"], count: "running_checks" },
  { id: "manual_review", label: "Manual review", stages: ["manual_review", "failed"], count: "manual_review" },
  { id: "action_required", label: "Action required", stages: ["action_required"], count: "action_required" },
  { id: "decided", label: "Decided", stages: ["approved", "rejected", "approved_manually", "rejected_manually"], count: "decided" },
  { id: "all", label: "All", stages: [], count: null },
];

export const DEFAULT_TAB: QueueTab["id"] = "manual_review";

export type Scope = "" | "mine" | "unassigned" | "awaiting";

export const SCOPES: { id: Scope; label: string; count: keyof DeskCounts | null }[] = [
  { id: "", label: "Everyone's", count: null },
  { id: "mine", label: "Assigned to me", count: "assigned_to_me" },
  { id: "unassigned", label: "Unassigned", count: "unassigned" },
  { id: "awaiting", label: "Awaiting second approval", count: "awaiting_second_approval" },
];

/** The server's sort keys (`sort=key` ascending, `-key` descending). */
export const SORT_KEYS = ["sla_due_at", "created_at", "company_name", "status", "assignee"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** A sort as the URL and the API write it: `sla_due_at`, `-created_at`. */
export type Sort = SortKey | `-${SortKey}`;

/** The order a tab opens in: a work queue is most overdue first; decided cases newest first. */
export function defaultSort(tab: QueueTab["id"]): Sort {
  return tab === "decided" || tab === "all" ? "-created_at" : "sla_due_at";
}

/** A sort from the URL (the older `newest`, `oldest`, `sla_due` included), or null. */
export function parseSort(value: string): Sort | null {
  const legacy: Record<string, Sort> = { newest: "-created_at", oldest: "created_at", sla_due: "sla_due_at" };
  if (legacy[value]) return legacy[value];
  const key = value.startsWith("-") ? value.slice(1) : value;
  return (SORT_KEYS as readonly string[]).includes(key) ? (value as Sort) : null;
}

/** A sort's key and direction, and back. */
export function sortParts(sort: Sort): { key: SortKey; descending: boolean } {
  return sort.startsWith("-") ? { key: sort.slice(1) as SortKey, descending: true } : { key: sort as SortKey, descending: false };
}
export function sortOf(key: string, descending: boolean): Sort | null {
  return parseSort(descending ? `-${key}` : key);
}

export const RISK_LEVELS = [
  { value: "low", label: "Low" },
  { value: "medium", label: "Medium" },
  { value: "high", label: "High" },
] as const;

export const FLAGS = [
  { value: "hit", label: "A check with a finding" },
  { value: "error", label: "A check with an error" },
] as const;

export const STATUS_NAMES: Record<CaseStatus, string> = {
  draft: "Draft",
  under_review: "Under review",
  action_required: "Action required",
  approved: "Approved",
  manual_review: "Manual review",
  rejected: "Rejected",
  failed: "Failed",
  approved_manually: "Approved manually",
  rejected_manually: "Rejected manually",
};

/** The statuses a tab can hold (the status filter's choices there). */
export function tabStatuses(tab: QueueTab["id"]): CaseStatus[] {
  if (tab === "collecting_data") return ["draft"];
  if (tab === "running_checks") return ["under_review"];
  if (tab === "manual_review") return ["manual_review", "failed"];
  if (tab === "action_required") return ["action_required"];
  if (tab === "decided") return ["approved", "rejected", "approved_manually", "rejected_manually"];
  return Object.keys(STATUS_NAMES) as CaseStatus[];
}

/** The URL keys of the queue (besides `page`). */
export const QUEUE_KEYS = ["tab", "scope", "q", "status", "risk_level", "country", "flag", "sla", "created_from", "created_to", "sort"] as const;
export type QueueKey = (typeof QUEUE_KEYS)[number];
export type QueueValues = Record<QueueKey, string>;

export interface QueueState {
  tab: QueueTab["id"];
  scope: Scope;
  q: string;
  status: string;
  risk_level: string;
  country: string;
  flag: string;
  sla: boolean;
  created_from: string;
  created_to: string;
  sort: Sort;
}

/** The queue's state from the URL's values, unknown values replaced by the defaults. */
export function queueState(values: Partial<Record<QueueKey, string | null>>): QueueState {
  const v = (key: QueueKey) => (values[key] ?? "").trim();
  const tab = TABS.find((t) => t.id === v("tab"))?.id ?? DEFAULT_TAB;
  const scope = SCOPES.find((s) => s.id === v("scope"))?.id ?? "";
  const sort = parseSort(v("sort")) ?? defaultSort(tab);
  const status = (tabStatuses(tab) as string[]).includes(v("status")) ? v("status") : "";
  const risk = RISK_LEVELS.some((r) => r.value === v("risk_level")) ? v("risk_level") : "";
  const flag = FLAGS.some((f) => f.value === v("flag")) ? v("flag") : "";
  const country = /^[A-Za-z]{2}$/.test(v("country")) ? v("country").toUpperCase() : "";
  const date = (key: QueueKey) => (/^\d{4}-\d{2}-\d{2}$/.test(v(key)) ? v(key) : "");
  return { tab, scope, q: v("q"), status, risk_level: risk, country, flag, sla: v("sla") === "breached", created_from: date("created_from"), created_to: date("created_to"), sort };
}

/** The URL's values of a state: defaults left out, so that links stay short. */
export function queueParams(state: Partial<QueueState>): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string | undefined) => {
    if (value) params.set(key, value);
  };
  if (state.tab && state.tab !== DEFAULT_TAB) put("tab", state.tab);
  put("scope", state.scope);
  put("q", state.q);
  put("status", state.status);
  put("risk_level", state.risk_level);
  put("country", state.country);
  put("flag", state.flag);
  if (state.sla) put("sla", "breached");
  put("created_from", state.created_from);
  put("created_to", state.created_to);
  if (state.sort && state.sort !== defaultSort(state.tab ?? DEFAULT_TAB)) put("sort", state.sort);
  return params;
}

/** A link into the queue (`/kyb?tab=...`), for the overview's counters. */
export function queueLink(state: Partial<QueueState>): string {
  const text = queueParams(state).toString();
  return text ? `/kyb?${text}` : "/kyb";
}

/** The query of `GET /api/v4/kyb/verifications` for a state and page. */
export function queueQuery(state: QueueState, page: number, limit: number): Record<string, QueryValue> {
  const tab = TABS.find((t) => t.id === state.tab) ?? TABS[2];
  return {
    page,
    limit,
    stage: tab && tab.stages.length > 0 ? tab.stages.join(",") : undefined,
    status: state.status || undefined,
    risk_level: state.risk_level || undefined,
    country: state.country || undefined,
    flag: state.flag || undefined,
    sla: state.sla ? "breached" : undefined,
    q: state.q || undefined,
    created_from: state.created_from || undefined,
    created_to: state.created_to || undefined,
    assignee: state.scope === "mine" ? "me" : state.scope === "unassigned" ? "none" : undefined,
    awaiting: state.scope === "awaiting" ? "second_approval" : undefined,
    sort: state.sort,
  };
}

/** Whether any filter (not the tab, scope or sort) narrows the list. */
export function filtered(state: QueueState): boolean {
  return Boolean(state.q || state.status || state.risk_level || state.country || state.flag || state.sla || state.created_from || state.created_to);
}

/** The URL changes that clear every filter (the tab, scope and sort stay). */
export const CLEARED: Partial<Record<QueueKey, null>> = { q: null, status: null, risk_level: null, country: null, flag: null, sla: null, created_from: null, created_to: null };

/** Whether a case's status lets a reviewer decide it. */
export function decidable(status: CaseStatus): boolean {
  return status === "manual_review" || status === "failed";
}
