// Console sessions: a reviewer's own (`/_docket/me/sessions`, on their account page) or everyone's
// (`/_docket/sessions`, an admin's, on the Reviewers page). Each says where it was opened, with
// what and when it was last used; any but the one in use can be ended (signed out).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { del, get } from "../api/client";
import type { SessionView } from "../api/types";
import { browserName } from "../lib/accounts";
import { Badge } from "./Badge";
import { Confirm } from "./Confirm";
import { DataTable } from "./DataTable";
import { Empty, ErrorState, Loading } from "./States";
import { Time } from "./Time";
import { useToast } from "./Toasts";

/** Whose sessions: the signed-in reviewer's, or the whole organization's (an admin's). */
export type SessionScope = "mine" | "all";

const LIST: Record<SessionScope, string> = { mine: "/_docket/me/sessions", all: "/_docket/sessions" };
const ONE: Record<SessionScope, (id: string) => string> = {
  mine: (id) => `/_docket/me/sessions/${id}`,
  all: (id) => `/_docket/sessions/${id}`,
};

export function useSessions(scope: SessionScope, enabled = true) {
  // A session is used and renewed as its reviewer works: keep "last used" roughly current.
  return useQuery({ queryKey: ["sessions", scope], queryFn: ({ signal }) => get<{ data: SessionView[] }>(LIST[scope], undefined, signal), enabled, refetchInterval: 30_000 });
}

export const METHOD_NAMES: Record<SessionView["method"], string> = { password: "Password and code", link: "One-time link" };

const column = createColumnHelper<SessionView>();

export function SessionsTable({ scope, enabled = true }: { scope: SessionScope; enabled?: boolean }) {
  const sessions = useSessions(scope, enabled);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [ending, setEnding] = useState<SessionView | null>(null);
  const end = useMutation({
    mutationFn: (s: SessionView) => del<undefined>(ONE[scope](s.id)),
    onSuccess: (_, s) => {
      toast(scope === "mine" ? `Signed out ${browserName(s.user_agent)}` : `${s.reviewer.name} is signed out of ${browserName(s.user_agent)}`);
      setEnding(null);
      void queryClient.invalidateQueries({ queryKey: ["sessions"] });
    },
    onError: (e) => {
      toast(e.message, "bad");
      setEnding(null);
      void queryClient.invalidateQueries({ queryKey: ["sessions"] });
    },
  });

  const columns = [
    ...(scope === "all" ? [column.accessor((s) => s.reviewer.name, { id: "reviewer", header: "Reviewer", cell: (c) => <strong className="nowrap">{c.getValue()}</strong> })] : []),
    column.accessor("user_agent", {
      header: "Browser",
      cell: ({ row }) => (
        <div>
          <span title={row.original.user_agent ?? undefined}>{browserName(row.original.user_agent)}</span> {row.original.current && <Badge tone="good">this browser</Badge>}
          <div className="muted small">{row.original.address ? <>from <code>{row.original.address}</code></> : "from an unknown address"}</div>
        </div>
      ),
    }),
    column.accessor("method", {
      header: "Signed in with",
      cell: ({ row }) => (
        <div>
          {METHOD_NAMES[row.original.method]}
          <div className="muted small">
            since <Time value={row.original.created_at} />
          </div>
        </div>
      ),
    }),
    column.accessor("last_seen_at", {
      header: "Last used",
      cell: ({ row }) => (
        <div>
          <Time value={row.original.last_seen_at} />
          <div className="muted small">
            ends <Time value={row.original.expires_at} dateOnly /> unless used
          </div>
        </div>
      ),
    }),
    column.display({
      id: "end",
      header: "",
      cell: ({ row }) =>
        row.original.current ? (
          <span className="muted small nowrap">signing out ends it</span>
        ) : (
          <button type="button" className="small danger" onClick={() => setEnding(row.original)} aria-label={`End the session of ${row.original.reviewer.name} in ${browserName(row.original.user_agent)}`} data-testid="end-session">
            End
          </button>
        ),
    }),
  ];

  return (
    <>
      {sessions.isPending ? (
        <Loading what="sessions" />
      ) : sessions.error ? (
        <ErrorState error={sessions.error} retry={() => void sessions.refetch()} />
      ) : sessions.data.data.length === 0 ? (
        <Empty title="No one is signed in." />
      ) : (
        <DataTable data={sessions.data.data} columns={columns} rowKey={(s) => s.id} label={scope === "mine" ? "Your sessions" : "Everyone's sessions"} testId={scope === "mine" ? "my-sessions" : "all-sessions"} rowTestId="session-row" />
      )}
      <Confirm open={ending !== null} title="End this session?" action="End session" onConfirm={() => ending && end.mutate(ending)} onClose={() => setEnding(null)} pending={end.isPending} testId="confirm-end-session">
        {ending && (
          <p>
            {scope === "mine" ? "Your" : `${ending.reviewer.name}'s`} session in {browserName(ending.user_agent)}
            {ending.address ? ` from ${ending.address}` : ""} is signed out at once; that browser has to sign in again.
          </p>
        )}
      </Confirm>
    </>
  );
}
