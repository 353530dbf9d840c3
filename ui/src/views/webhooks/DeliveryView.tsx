// One delivery: the envelope as sent, every attempt with its answer, and replay.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { get, post } from "../../api/client";
import type { Delivery, DeliveryDetail } from "../../api/types";
import { Badge, statusTone } from "../../components/Badge";
import { CopyButton } from "../../components/CopyButton";
import { PageHeader } from "../../components/Layout";
import { ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { prettyBody } from "../../lib/format";
import { useSession } from "../../session";
import { stateTone } from "./Deliveries";

export function DeliveryView() {
  const { id } = useParams();
  const { environment } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const delivery = useQuery({
    queryKey: ["delivery", environment, id],
    queryFn: ({ signal }) => get<DeliveryDetail>(`/_docket/webhooks/deliveries/${id}`, undefined, signal),
    refetchInterval: (q) => (q.state.data?.state === "pending" ? 1000 : false),
  });
  const replay = useMutation({
    mutationFn: () => post<Delivery>(`/_docket/webhooks/deliveries/${id}/replay`),
    onSuccess: () => {
      toast("Replay queued: the same envelope is sent again");
      void queryClient.invalidateQueries({ queryKey: ["delivery"] });
      void queryClient.invalidateQueries({ queryKey: ["deliveries"] });
    },
    onError: (e) => toast(e.message, "bad"),
  });
  if (delivery.isPending) return <Loading what="the delivery" />;
  if (delivery.error) return <ErrorState error={delivery.error} retry={() => void delivery.refetch()} />;
  const d = delivery.data;
  return (
    <>
      <PageHeader title={`${d.event_type} delivery`} description={d.is_test ? "A test event sent from the console or the API." : "An event from the outbox."}>
        <Link className="button" to="/webhooks/deliveries">
          All deliveries
        </Link>
        <button type="button" className="primary" onClick={() => replay.mutate()} disabled={replay.isPending} data-testid="replay-delivery">
          Replay
        </button>
      </PageHeader>
      <div className="with-panel">
        <section className="card" aria-labelledby="attempts-title">
          <h2 id="attempts-title">Attempts</h2>
          {d.attempts_detail.length === 0 ? (
            <p className="muted">No attempt yet{d.next_attempt_at ? <> — the first is due <Time value={d.next_attempt_at} /></> : ""}.</p>
          ) : (
            <div className="stack" data-testid="attempts">
              {d.attempts_detail.map((a) => (
                <article key={a.number} className="card" style={{ boxShadow: "none" }}>
                  <div className="row" style={{ alignItems: "center", justifyContent: "space-between" }}>
                    <strong>
                      #{a.number} {a.cause === "replay" && <Badge tone="info">replay</Badge>}
                    </strong>
                    <span className="badges">
                      {a.response_code ? <Badge tone={statusTone(a.response_code)}>{a.response_code}</Badge> : <Badge tone="bad">no answer</Badge>}
                      <Badge>{a.latency_ms} ms</Badge>
                    </span>
                  </div>
                  <dl className="facts small" style={{ marginTop: 6 }}>
                    <dt>At</dt>
                    <dd>
                      <Time value={a.attempted_at} />
                    </dd>
                    <dt>URL</dt>
                    <dd>
                      <code>{a.url}</code>
                    </dd>
                    <dt>Signed at</dt>
                    <dd>
                      <code>t={a.signed_at}</code>
                    </dd>
                    {a.error && (
                      <>
                        <dt>Error</dt>
                        <dd className="form-error">{a.error}</dd>
                      </>
                    )}
                    {a.retry_at && (
                      <>
                        <dt>Retry</dt>
                        <dd>
                          <Time value={a.retry_at} />
                        </dd>
                      </>
                    )}
                  </dl>
                  {a.response_excerpt && (
                    <details style={{ marginTop: 6 }}>
                      <summary>Response</summary>
                      <pre>{prettyBody(a.response_excerpt)}</pre>
                    </details>
                  )}
                </article>
              ))}
            </div>
          )}
        </section>
        <div>
          <section className="card">
            <dl className="facts">
              <dt>State</dt>
              <dd>
                <Badge tone={stateTone(d.state)}>{d.state}</Badge>
              </dd>
              <dt>Delivery id</dt>
              <dd>
                <code>{d.id}</code> <CopyButton value={d.id} />
              </dd>
              <dt>Event time</dt>
              <dd>
                <Time value={d.timestamp} />
              </dd>
              <dt>Attempts</dt>
              <dd>{d.attempts}</dd>
              {d.next_attempt_at && (
                <>
                  <dt>Next attempt</dt>
                  <dd>
                    <Time value={d.next_attempt_at} />
                  </dd>
                </>
              )}
              {d.last_error && (
                <>
                  <dt>Last error</dt>
                  <dd className="form-error">{d.last_error}</dd>
                </>
              )}
              <dt>Event</dt>
              <dd>{d.event_id ? <code>{d.event_id}</code> : "—"}</dd>
            </dl>
          </section>
          <section className="card">
            <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
              <h2>Envelope as sent</h2>
              <CopyButton value={d.body} />
            </div>
            <pre data-testid="delivery-body">{prettyBody(d.body)}</pre>
          </section>
        </div>
      </div>
    </>
  );
}
