// The desk on the overview: the queue's counters (SLA breaches first) and each reviewer's
// numbers over the last 30 days.
import { useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import { get } from "../../api/client";
import { Badge } from "../../components/Badge";
import { Card } from "../../components/Card";
import { DataTable } from "../../components/DataTable";
import { Empty, ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { count } from "../../lib/format";
import { ROLE_NAMES, useSession } from "../../session";
import { useCounts } from "./data";
import { queueLink } from "./queue";
import { minutes, rate } from "./sla";
import type { DeskMetrics, ReviewerMetrics } from "./types";

export function DeskSummary() {
  const counts = useCounts();
  const c = counts.data;
  const items: { label: string; value: number | undefined; to: string; id: string; tone?: "bad" | "warn" }[] = [
    { label: "SLA breached", value: c?.sla_breached, to: queueLink({ tab: "all", sla: true }), id: "sla-breached", tone: "bad" },
    { label: "In manual review", value: c?.manual_review, to: queueLink({}), id: "manual-review" },
    { label: "Unassigned in manual review", value: c?.unassigned, to: queueLink({ scope: "unassigned" }), id: "unassigned" },
    { label: "Assigned to me", value: c?.assigned_to_me, to: queueLink({ tab: "all", scope: "mine" }), id: "assigned-to-me" },
    { label: "Awaiting second approval", value: c?.awaiting_second_approval, to: queueLink({ tab: "all", scope: "awaiting" }), id: "awaiting-second", tone: "warn" },
    { label: "Waiting on the merchant", value: c?.action_required, to: queueLink({ tab: "action_required" }), id: "action-required" },
  ];
  return (
    <Card title="Reviewer's desk" description="KYB cases waiting for reviewers, in this environment." testId="desk-summary">
      {counts.error ? (
        <ErrorState error={counts.error} />
      ) : (
        <div className="grid-3" style={{ rowGap: 16 }}>
          {items.map((item) => (
            <Link key={item.id} className="stat" to={item.to} data-testid={`desk-${item.id}`}>
              <strong className={item.tone && (item.value ?? 0) > 0 ? `tone-${item.tone}` : undefined}>{count(item.value)}</strong>
              <span>{item.label}</span>
            </Link>
          ))}
        </div>
      )}
    </Card>
  );
}

const column = createColumnHelper<ReviewerMetrics>();
const roleName = (role: string | undefined) => (role ? (ROLE_NAMES[role as keyof typeof ROLE_NAMES] ?? role) : "");
const columns = [
  column.display({
    id: "reviewer",
    header: "Reviewer",
    cell: ({ row }) => (
      <div>
        <strong>{row.original.reviewer.name}</strong>
        <div className="muted small">{roleName(row.original.role)}</div>
      </div>
    ),
  }),
  column.accessor("decided", { header: "Decided", cell: (c) => <span className="num">{c.getValue()}</span> }),
  column.accessor("approval_rate", { header: "Approved", cell: ({ row }) => <span className="num" title={`${row.original.approved} approved`}>{rate(row.original.approval_rate)}</span> }),
  column.accessor("rejection_rate", { header: "Rejected", cell: ({ row }) => <span className="num" title={`${row.original.rejected} rejected`}>{rate(row.original.rejection_rate)}</span> }),
  column.accessor("median_minutes_to_decision", { header: "Median to decision", cell: (c) => <span className="nowrap">{minutes(c.getValue())}</span> }),
  column.accessor("second_approvals_given", { header: "2nd approvals", cell: (c) => <span className="num">{c.getValue()}</span> }),
  column.accessor("overturned", { header: "Overturned", cell: (c) => <span className="num">{c.getValue()}</span> }),
  column.accessor("sla_breaches", { header: "SLA breaches", cell: (c) => (c.getValue() > 0 ? <Badge tone="bad">{c.getValue()}</Badge> : <span className="num muted">0</span>) }),
];

export function ReviewerMetricsCard() {
  const { environment } = useSession();
  const metrics = useQuery({ queryKey: ["desk-metrics", environment], queryFn: ({ signal }) => get<DeskMetrics>("/_docket/desk/metrics", undefined, signal) });
  return (
    <Card
      title="Reviewers"
      description={
        metrics.data ? (
          <>
            From <Time value={metrics.data.from} dateOnly /> to <Time value={metrics.data.to} dateOnly />. {metrics.data.sla_breached_now} {metrics.data.sla_breached_now === 1 ? "case is" : "cases are"} past their SLA now.
          </>
        ) : (
          "The last 30 days."
        )
      }
      testId="reviewer-metrics"
    >
      {metrics.isPending ? (
        <Loading what="reviewer metrics" />
      ) : metrics.error ? (
        <ErrorState error={metrics.error} />
      ) : metrics.data.reviewers.length === 0 ? (
        <Empty title="No decisions in this period." />
      ) : (
        <DataTable data={metrics.data.reviewers} columns={columns} rowKey={(r) => r.reviewer.id} label="Reviewer metrics" testId="metrics-table" rowTestId="metrics-row" />
      )}
    </Card>
  );
}
