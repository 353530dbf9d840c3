// The columns of a list of monitored events (the events view, an applicant's page).
import { createColumnHelper } from "@tanstack/react-table";
import { Link } from "react-router";
import type { MonitoringResult } from "../../api/types";
import { Badge } from "../../components/Badge";
import { Time } from "../../components/Time";
import { amountOf, decisionTone, dispositionLabel } from "./transmon";
import { ApplicantName } from "../../components/Names";

const column = createColumnHelper<MonitoringResult>();
export const EVENT_COLUMNS = [
  column.accessor("received_at", { header: "Received", cell: (c) => <Link to={`/transmon/events/${c.row.original.event_id}`}><Time value={c.getValue()} /></Link> }),
  column.accessor("event_type", { header: "Type" }),
  column.display({ id: "amount", header: "Amount", cell: ({ row }) => amountOf(row.original.event) }),
  column.accessor("applicant_id", { header: "Applicant", cell: (c) => <ApplicantName id={c.getValue()} /> }),
  column.accessor("decision", { header: "Decision", cell: (c) => <Badge tone={decisionTone(c.getValue())}>{c.getValue()}</Badge> }),
  column.accessor("causes", { header: "Causes", cell: (c) => (c.getValue().length ? <span className="badges">{c.getValue().map((x) => <Badge key={x}>{x}</Badge>)}</span> : <span className="muted">—</span>) }),
  column.display({
    id: "disposition",
    header: "Disposition",
    cell: ({ row }) => {
      const r = row.original;
      if (r.decision === "allow") return <span className="muted">—</span>;
      const d = r.review?.disposition ?? null;
      return d ? <Badge tone={d === "cleared" ? "good" : "warn"}>{dispositionLabel(d)}</Badge> : <Badge tone="warn">to review</Badge>;
    },
  }),
  column.display({
    id: "assignee",
    header: "Assignee",
    cell: ({ row }) => {
      const r = row.original;
      if (r.decision === "allow") return <span className="muted">—</span>;
      return r.review?.assignee ? <span data-testid="event-assignee">{r.review.assignee.name}</span> : <span className="muted">nobody</span>;
    },
  }),
];

