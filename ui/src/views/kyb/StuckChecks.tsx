// An admin's list of cases whose checks run past the running-checks SLA: the pending checks of
// each, how often each was tried, its last error and when it runs next. A reviewer cannot act
// on these, so they are not a reviewer's red in the queue.
import { useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { Link, useNavigate } from "react-router";
import { get } from "../../api/client";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/Layout";
import { Empty, ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useSession } from "../../session";
import { useNow } from "./data";
import { words } from "./evidence";
import { span } from "./sla";
import type { StuckCase } from "./types";

const column = createColumnHelper<StuckCase>();

function columns(now: number | null) {
  return [
    column.display({
      id: "case",
      header: "Case",
      cell: ({ row }) => (
        <div>
          <Link to={`/kyb/${row.original.id}`}>{row.original.company_name || <span className="muted">(no name yet)</span>}</Link>
          <div className="muted small">
            <code>{row.original.public_id}</code>
          </div>
        </div>
      ),
    }),
    column.display({
      id: "late",
      header: "Late by",
      cell: ({ row }) => (
        <div className="nowrap">
          {now === null ? "—" : span(now - Date.parse(row.original.sla_due_at))}
          <div className="muted small">
            started <Time value={row.original.stage_entered_at} />
          </div>
        </div>
      ),
    }),
    column.display({
      id: "checks",
      header: "Pending checks",
      cell: ({ row }) =>
        row.original.checks.length === 0 ? (
          <span className="muted">none pending: the case should have moved on</span>
        ) : (
          <ul className="plain-list">
            {row.original.checks.map((c) => (
              <li key={c.check_id}>
                <strong>{words(c.check_type)}</strong> · {c.subject_name} · {c.attempts} {c.attempts === 1 ? "attempt" : "attempts"}
                {c.next_attempt_at ? (
                  <>
                    {" "}
                    · next <Time value={c.next_attempt_at} />
                  </>
                ) : (
                  <> · not scheduled</>
                )}
                {c.last_error && <div className="muted small">last error: {c.last_error}</div>}
              </li>
            ))}
          </ul>
        ),
    }),
  ];
}

export function StuckChecks() {
  const { environment } = useSession();
  const now = useNow();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: ["stuck-checks", environment],
    queryFn: ({ signal }) => get<{ data: StuckCase[] }>("/_docket/desk/stuck-checks", undefined, signal),
    refetchInterval: 15_000,
  });
  return (
    <>
      <PageHeader title="Stuck checks" description="Cases whose checks run past the running-checks SLA, the most overdue first. Reviewers cannot act on these; look at the check's last error." />
      {list.isPending ? (
        <Loading what="stuck checks" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Empty title="No checks are stuck.">Every case in Running checks is within its SLA.</Empty>
      ) : (
        <DataTable data={list.data.data} columns={columns(now)} rowKey={(c) => c.id} onOpen={(c) => navigate(`/kyb/${c.id}`)} label="Cases with stuck checks" testId="stuck-table" rowTestId="stuck-row" />
      )}
    </>
  );
}
