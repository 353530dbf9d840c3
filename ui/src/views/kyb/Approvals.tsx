// Four eyes that routes itself: the queue of decisions awaiting a second approval (oldest
// first) and the signed-in reviewer's inbox (the approvals routed to them or to any senior, and
// the comments that mention them). Both share one table of pending approvals.
import { createColumnHelper } from "@tanstack/react-table";
import { Link, useNavigate } from "react-router";
import { Badge } from "../../components/Badge";
import { Card } from "../../components/Card";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/Layout";
import { Empty, ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useApprovals, useInbox, useNextCase, useNow, useReadMentions } from "./data";
import { reasonLabel, reasonsOf } from "./decisions";
import { age, sla } from "./sla";
import type { Mention, PendingApproval } from "./types";

const column = createColumnHelper<PendingApproval>();

function columns(now: number | null) {
  return [
    column.display({
      id: "case",
      header: "Case",
      cell: ({ row }) => (
        <div>
          <Link to={`/kyb/${row.original.case_id}`} data-testid="approval-link">
            {row.original.company_name || row.original.public_id}
          </Link>
          <div className="muted small">{row.original.public_id}</div>
        </div>
      ),
    }),
    column.display({
      id: "decision",
      header: "Proposed",
      cell: ({ row }) => {
        const d = row.original.decision;
        return (
          <div>
            <Badge tone={d.decision === "reject" ? "bad" : "good"}>{d.decision === "reject" ? "Reject" : "Approve"}</Badge>
            <div className="muted small">{reasonsOf(d).map(reasonLabel).join("; ")}</div>
          </div>
        );
      },
    }),
    column.display({ id: "by", header: "First reviewer", cell: ({ row }) => <span className="nowrap">{row.original.decision.reviewer?.name ?? "the integration"}</span> }),
    column.display({
      id: "approver",
      header: "Second approval by",
      cell: ({ row }) => {
        const p = row.original;
        if (p.routed_to_me) return <strong>you</strong>;
        return p.decision.approver ? <span className="nowrap">{p.decision.approver.name}</span> : <span className="muted">any senior</span>;
      },
    }),
    column.display({
      id: "waiting",
      header: "Waiting",
      cell: ({ row }) => (
        <span className="nowrap" title={row.original.decision.at}>
          {age(row.original.decision.at, now) || <Time value={row.original.decision.at} />}
        </span>
      ),
    }),
    column.display({
      id: "sla",
      header: "Approval SLA",
      cell: ({ row }) => {
        const state = sla(row.original.sla_due_at, now);
        return state.state === "none" ? <span className="muted small">—</span> : <Badge tone={state.tone}>{state.text}</Badge>;
      },
    }),
    column.display({
      id: "may",
      header: "",
      cell: ({ row }) => (row.original.may_approve ? <Badge tone="info">you may approve</Badge> : null),
    }),
  ];
}

/** Pending approvals as a table; a row opens its case file. */
export function ApprovalsTable({ data, testId }: { data: PendingApproval[]; testId: string }) {
  const navigate = useNavigate();
  const now = useNow();
  return <DataTable data={data} columns={columns(now)} rowKey={(p) => p.case_id} onOpen={(p) => navigate(`/kyb/${p.case_id}`)} label="Decisions awaiting a second approval" testId={testId} rowTestId="approval-row" rowClass={(p) => (sla(p.sla_due_at, now).state === "breached" ? "breached" : undefined)} />;
}

function NextApproval() {
  const next = useNextCase();
  return (
    <button type="button" className="primary" onClick={() => next.mutate()} disabled={next.isPending} data-shortcut="next" data-testid="next-case" title="A senior gets the oldest approval they may give first (n)">
      Next case <kbd>n</kbd>
    </button>
  );
}

export function Approvals() {
  const approvals = useApprovals();
  return (
    <>
      <PageHeader title="Approvals" description="Decisions waiting for a second approval under four eyes, oldest first. A senior's Next case hands out the oldest one they may give.">
        <NextApproval />
      </PageHeader>
      {approvals.isPending ? (
        <Loading what="the approvals" />
      ) : approvals.error ? (
        <ErrorState error={approvals.error} retry={() => void approvals.refetch()} />
      ) : approvals.data.data.length === 0 ? (
        <Empty title="No decision waits for a second approval." />
      ) : (
        <ApprovalsTable data={approvals.data.data} testId="approvals-table" />
      )}
    </>
  );
}

function MentionItem({ mention }: { mention: Mention }) {
  return (
    <li className="subcard" data-testid="mention" data-read={mention.read}>
      <div className="small">
        {!mention.read && (
          <>
            <Badge tone="warn">unread</Badge>{" "}
          </>
        )}
        <strong>{mention.comment.author.name}</strong> on <Link to={`/kyb/${mention.case_id}`}>{mention.company_name || mention.public_id}</Link> · <Time value={mention.comment.at} />
      </div>
      <p className="pre-line" style={{ margin: "4px 0 0" }}>
        {mention.comment.body}
      </p>
    </li>
  );
}

export function InboxView() {
  const inbox = useInbox();
  const read = useReadMentions();
  if (inbox.isPending) return <Loading what="your inbox" />;
  if (inbox.error) return <ErrorState error={inbox.error} retry={() => void inbox.refetch()} />;
  const { approvals, mentions } = inbox.data;
  return (
    <>
      <PageHeader title="Inbox" description="Second approvals routed to you, or to any senior, and the comments that mention you.">
        <NextApproval />
      </PageHeader>
      <Card title="Waiting for your second approval" description="Named for you by the first reviewer, or open to every senior." testId="inbox-approvals">
        {approvals.length === 0 ? <Empty title="No approval waits for you." /> : <ApprovalsTable data={approvals} testId="inbox-approvals-table" />}
      </Card>
      <Card
        title="Mentions"
        description={`The latest comments by others that mention you${inbox.data.unread_mentions ? `: ${inbox.data.unread_mentions} unread` : ""}. Opening a case reads its mentions.`}
        testId="inbox-mentions"
        actions={
          inbox.data.unread_mentions > 0 ? (
            <button type="button" className="small" onClick={() => read.mutate(null)} disabled={read.isPending} data-testid="mentions-read-all">
              Mark all read
            </button>
          ) : undefined
        }
      >
        {mentions.length === 0 ? (
          <Empty title="Nobody mentioned you." />
        ) : (
          <ul className="plain stack">
            {mentions.map((m) => (
              <MentionItem key={m.comment.id} mention={m} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
