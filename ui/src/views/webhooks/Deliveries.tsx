// Webhook deliveries of the environment, newest first, refreshed while the view is open.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useNavigate } from "react-router";
import { get } from "../../api/client";
import type { Delivery, Page } from "../../api/types";
import { Badge, statusTone, type Tone } from "../../components/Badge";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/Layout";
import { Pager } from "../../components/Pager";
import { Empty, ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useUrlState } from "../../lib/params";
import { useSession } from "../../session";
import { useWebhooks } from "./Webhooks";

const LIMIT = 25;

export function stateTone(state: Delivery["state"]): Tone {
  return state === "delivered" ? "good" : state === "failed" ? "bad" : "info";
}

export function Deliveries() {
  const { environment } = useSession();
  const navigate = useNavigate();
  const { values, page, set } = useUrlState(["webhook_id"] as const);
  const webhooks = useWebhooks();
  const urls = new Map(webhooks.data?.webhooks.map((w) => [w.webhook_id, w.webhook_url]));
  const query = { page, limit: LIMIT, webhook_id: values.webhook_id };
  const list = useQuery({
    queryKey: ["deliveries", environment, query],
    queryFn: ({ signal }) => get<Page<Delivery>>("/api/v3/notifications/webhook/history", query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 2000,
  });
  const column = createColumnHelper<Delivery>();
  const columns = [
    column.accessor("timestamp", { header: "Event time", cell: (c) => <Time value={c.getValue()} /> }),
    column.accessor("event_type", {
      header: "Event",
      cell: ({ row }) => (
        <span className="badges">
          <Badge>{row.original.event_type}</Badge>
          {row.original.is_test && <Badge tone="info">test</Badge>}
        </span>
      ),
    }),
    column.accessor("webhook_id", { header: "Endpoint", cell: (c) => <code className="small">{urls.get(c.getValue()) ?? c.getValue()}</code> }),
    column.accessor("state", { header: "State", cell: (c) => <Badge tone={stateTone(c.getValue())}>{c.getValue()}</Badge> }),
    column.accessor("attempts", { header: "Attempts" }),
    column.accessor("response_code", { header: "Last answer", cell: (c) => (c.getValue() ? <Badge tone={statusTone(c.getValue())}>{c.getValue()}</Badge> : <span className="muted">{c.row.original.last_error ? "no answer" : "—"}</span>) }),
    column.display({
      id: "when",
      header: "Next / last attempt",
      cell: ({ row }) => (row.original.state === "pending" && row.original.next_attempt_at ? <>next <Time value={row.original.next_attempt_at} /></> : <Time value={row.original.last_attempt_at} />),
    }),
  ];
  return (
    <>
      <PageHeader title="Webhook deliveries" description="Every event sent to your endpoints, with its attempts. Refreshes every 2 seconds." />
      <div className="filters">
        <label>
          Endpoint
          <select value={values.webhook_id} onChange={(e) => set({ webhook_id: e.target.value })} data-shortcut="search" data-testid="filter-webhook">
            <option value="">All endpoints</option>
            {webhooks.data?.webhooks.map((w) => (
              <option key={w.webhook_id} value={w.webhook_id}>
                {w.webhook_url}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? (
        <Loading what="deliveries" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Empty title="No deliveries yet.">Events are delivered to enabled endpoints subscribed to their type. Use “Send test” on the Webhooks page to try one.</Empty>
      ) : (
        <>
          <DataTable data={list.data.data} columns={columns} rowKey={(d) => d.id} onOpen={(d) => navigate(`/webhooks/deliveries/${d.id}`)} label="Deliveries" testId="deliveries-table" rowTestId="delivery-row" />
          <Pager page={page} hasNext={list.data.has_next} onPage={(p) => set({ page: p })} shown={list.data.data.length} />
        </>
      )}
    </>
  );
}
