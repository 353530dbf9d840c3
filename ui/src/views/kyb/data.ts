// The desk's reads and writes shared by the queue, the case file, the overview and the admin
// views: one query key per resource, and every case-changing action refreshes the same caches.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, get, post } from "../../api/client";
import type { ClockState } from "../../api/types";
import { useToast } from "../../components/Toasts";
import { useSession } from "../../session";
import type { CaseDetail, DeskCounts, DeskSettings, Inbox, PendingApproval, RemediationTemplate, Reviewer } from "./types";

export const casePath = (id: string) => `/api/v4/kyb/verifications/${id}`;

export function useCase(id: string | undefined) {
  const { environment } = useSession();
  return useQuery({
    queryKey: ["kyb-case", environment, id],
    queryFn: ({ signal }) => get<CaseDetail>(casePath(id ?? ""), undefined, signal),
    enabled: Boolean(id),
    // Checks run in the background: follow them until they finish.
    refetchInterval: (q) => (q.state.data?.stage === "running_checks" ? 2000 : false),
  });
}

export function useCounts() {
  const { environment } = useSession();
  return useQuery({ queryKey: ["desk-counts", environment], queryFn: ({ signal }) => get<DeskCounts>("/_docket/desk/counts", undefined, signal), refetchInterval: 15_000 });
}

export function useReviewers() {
  return useQuery({ queryKey: ["reviewers"], queryFn: ({ signal }) => get<{ data: Reviewer[] }>("/_docket/reviewers", undefined, signal), staleTime: 30_000 });
}

/** What waits for the signed-in reviewer: approvals routed to them (or to any senior) and mentions. */
export function useInbox() {
  const { environment } = useSession();
  return useQuery({ queryKey: ["desk-inbox", environment], queryFn: ({ signal }) => get<Inbox>("/_docket/desk/inbox", undefined, signal), refetchInterval: 30_000 });
}

/** Marks the signed-in reviewer's mentions read: on one case, or (`null`) all of them. */
export function useReadMentions() {
  const { environment } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (caseId: string | null) => post<Inbox>("/_docket/desk/mentions/read", { case_id: caseId }),
    onSuccess: (inbox) => client.setQueryData(["desk-inbox", environment], inbox),
  });
}

/**
 * Opening a case reads the reviewer's mentions on it: once per case opened, and only while
 * their inbox says some are unread (the server marks those of this case).
 */
export function useMentionsReadOnOpen(caseId: string) {
  const inbox = useInbox();
  const read = useReadMentions();
  const unread = inbox.data?.unread_mentions ?? 0;
  const { mutate } = read;
  useEffect(() => {
    if (unread > 0) mutate(caseId);
    // Once per case opened (and when news arrives while it is open).
  }, [caseId, unread, mutate]);
}

/** Every decision awaiting its second approval, oldest first. */
export function useApprovals() {
  const { environment } = useSession();
  return useQuery({ queryKey: ["desk-approvals", environment], queryFn: ({ signal }) => get<{ data: PendingApproval[] }>("/_docket/desk/approvals", undefined, signal), refetchInterval: 30_000 });
}

export function useRemediationTemplates() {
  const { environment } = useSession();
  return useQuery({ queryKey: ["remediation-templates", environment], queryFn: ({ signal }) => get<{ data: RemediationTemplate[] }>("/_docket/desk/remediation-templates", undefined, signal) });
}

export function useDeskSettings() {
  return useQuery({ queryKey: ["desk-settings"], queryFn: ({ signal }) => get<DeskSettings>("/_docket/desk/settings", undefined, signal) });
}

/**
 * The environment's time now (epoch ms; the sandbox clock may be moved), kept current every
 * 15 s; null until the clock has been read.
 */
export function useNow(): number | null {
  const { environment } = useSession();
  const clock = useQuery({ queryKey: ["clock", environment], queryFn: ({ signal }) => get<ClockState>("/_docket/clock", undefined, signal), refetchInterval: 30_000 });
  const offset = clock.data ? Date.parse(clock.data.now) - clock.dataUpdatedAt : null;
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (offset === null) return;
    const update = () => setNow(Date.now() + offset);
    const first = window.setTimeout(update, 0);
    const timer = window.setInterval(update, 15_000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [offset]);
  return now;
}

/** After a case changed: the case's cache takes the answer, lists and counters are read again. */
export function useCaseChanged() {
  const { environment } = useSession();
  const queryClient = useQueryClient();
  return (next: CaseDetail) => {
    queryClient.setQueryData(["kyb-case", environment, next.id], next);
    void queryClient.invalidateQueries({ queryKey: ["kyb-cases"] });
    void queryClient.invalidateQueries({ queryKey: ["desk-counts"] });
    void queryClient.invalidateQueries({ queryKey: ["desk-inbox"] });
    void queryClient.invalidateQueries({ queryKey: ["desk-approvals"] });
    void queryClient.invalidateQueries({ queryKey: ["audit"] });
  };
}

/** An action on a case (`POST` to one of its paths) that answers with the case. */
export function useCaseAction<Body>(id: string, path: string, done: string, options: { toastErrors?: boolean } = {}) {
  const changed = useCaseChanged();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: Body) => post<CaseDetail>(`${casePath(id)}/${path}`, body),
    onSuccess: (next) => {
      changed(next);
      toast(done);
    },
    onError: (e) => {
      if (options.toastErrors) toast(e.message, "bad");
    },
  });
}

/**
 * "Next case": for a senior, the oldest second approval they may give first (the case stays its
 * first reviewer's); else the oldest unassigned case awaiting a reviewer, assigned to the caller.
 * Opened either way.
 */
export function useNextCase() {
  const changed = useCaseChanged();
  const toast = useToast();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => post<CaseDetail>("/_docket/desk/next"),
    onSuccess: (next) => {
      changed(next);
      toast(next.review.pending_decision ? `${next.public_id} awaits your second approval` : `${next.public_id} is yours now`);
      navigate(`/kyb/${next.id}`);
    },
    onError: (e) => toast(e instanceof ApiError && e.status === 404 ? e.message || "No case waits for a reviewer." : e.message, "bad"),
  });
}
