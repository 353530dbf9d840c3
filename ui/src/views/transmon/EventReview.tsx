// A flagged event's review: why it was flagged (each fired rule, the payee's screening with its
// watchlist hit), who works it, and the reviewer's disposition with a note (all audited).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { post } from "../../api/client";
import type { MonitoringDisposition, MonitoringResult } from "../../api/types";
import { Badge } from "../../components/Badge";
import { Card } from "../../components/Card";
import { FormError } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { useReviewer, useSession } from "../../session";
import { useReviewers } from "../kyb/data";
import { DISPOSITIONS, flagReasons, mayAssign } from "./transmon";

/** Why the event was flagged, in the order the server decided. */
export function FlagReasons({ result }: { result: MonitoringResult }) {
  const reasons = flagReasons(result);
  return (
    <Card title="Why it was flagged" testId="flag-reasons">
      <ul className="plain-list">
        {reasons.map((r) =>
          r.kind === "rule" ? (
            <li key={r.ruleId} data-testid="flag-rule">
              Rule <Link to={`/transmon/rules?rule=${r.ruleId}`}>{r.name}</Link> fired {r.reject && <Badge tone="bad">reject</Badge>} {r.causes.map((c) => <Badge key={c}>{c}</Badge>)}
            </li>
          ) : (
            <li key="payee" data-testid="flag-payee">
              The payee&apos;s screening: <strong>{r.name}</strong> matched{" "}
              {r.entity ? <Link to={`/aml/entities/${r.entity}`} data-testid="flag-payee-hit">{r.bestMatch ?? "a listed entity"}</Link> : (r.bestMatch ?? "a listed entity")}
              {r.percentage !== null && ` (${Math.round(r.percentage)}%)`} on the watchlists{r.hits > 1 ? `, ${r.hits} hits` : ""}, risk {r.risk ?? "—"} <Badge>AML_PAYEE_HIT</Badge>
            </li>
          ),
        )}
      </ul>
    </Card>
  );
}

/** Assignee and disposition of a flagged event. */
export function ReviewCard({ result }: { result: MonitoringResult }) {
  const { environment } = useSession();
  const me = useReviewer();
  const reviewers = useReviewers();
  const queryClient = useQueryClient();
  const toast = useToast();
  const review = result.review ?? null;
  const [disposition, setDisposition] = useState<MonitoringDisposition>(review?.disposition ?? "cleared");
  const [note, setNote] = useState("");
  const saved = (next: MonitoringResult, what: string) => {
    queryClient.setQueryData(["transmon-event", environment, result.event_id], next);
    void queryClient.invalidateQueries({ queryKey: ["transmon-events"] });
    toast(what);
  };
  const dispose = useMutation({
    mutationFn: () => post<MonitoringResult>(`/_docket/transmon/events/${result.event_id}/disposition`, { disposition, note }),
    onSuccess: (next) => {
      setNote("");
      saved(next, `Event ${disposition}`);
    },
  });
  const assign = useMutation({
    mutationFn: (reviewerId: string | null) => post<MonitoringResult>(`/_docket/transmon/events/${result.event_id}/assignee`, { reviewer_id: reviewerId }),
    onSuccess: (next) => saved(next, next.review?.assignee ? `Assigned to ${next.review.assignee.name}` : "Unassigned"),
  });
  const current = review?.assignee?.id ?? null;
  const choices = (reviewers.data?.data ?? []).filter((r) => !r.disabled_at && !r.removed_at && (me ? mayAssign(me, current, r.id) : false));
  return (
    <Card title="Review" testId="event-review">
      <dl className="facts">
        <dt>Assignee</dt>
        <dd data-testid="event-assignee">
          {review?.assignee ? review.assignee.name : <span className="muted">nobody</span>}
          {review?.assigned_at && (
            <span className="muted small">
              {" "}· by {review.assigned_by} <Time value={review.assigned_at} />
            </span>
          )}
        </dd>
        <dt>Disposition</dt>
        <dd data-testid="event-disposition">
          {review?.disposition ? (
            <>
              <Badge tone={review.disposition === "cleared" ? "good" : "warn"}>{review.disposition}</Badge> <span className="pre-line">{review.note}</span>
              <span className="muted small">
                {" "}· {review.disposed_by} <Time value={review.disposed_at ?? null} />
              </span>
            </>
          ) : (
            <span className="muted">none yet</span>
          )}
        </dd>
      </dl>
      <div className="row">
        {me && mayAssign(me, current, me.id) && current !== me.id && (
          <button type="button" onClick={() => assign.mutate(me.id)} disabled={assign.isPending} data-testid="take-event">
            Take it
          </button>
        )}
        {me && current && mayAssign(me, current, null) && (
          <button type="button" onClick={() => assign.mutate(null)} disabled={assign.isPending} data-testid="release-event">
            Let it go
          </button>
        )}
        {choices.length > 1 && (
          <label className="small">
            Assign to{" "}
            <select value={current ?? ""} onChange={(e) => assign.mutate(e.target.value || null)} disabled={assign.isPending} data-testid="assign-event">
              <option value="">nobody</option>
              {choices.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <FormError error={assign.error} />
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          dispose.mutate();
        }}
      >
        <fieldset className="row" style={{ border: 0, padding: 0 }}>
          <legend className="small">Disposition</legend>
          {DISPOSITIONS.map((d) => (
            <label key={d.value} className="small" title={d.hint}>
              <input type="radio" name="disposition" value={d.value} checked={disposition === d.value} onChange={() => setDisposition(d.value)} data-testid={`disposition-${d.value}`} /> {d.label}
            </label>
          ))}
        </fieldset>
        <label>
          Note (why; kept on the audit trail)
          <textarea rows={2} value={note} onChange={(e) => setNote(e.target.value)} required data-testid="disposition-note" />
        </label>
        <div>
          <button type="submit" className="primary" disabled={dispose.isPending || !note.trim()} data-testid="dispose-event">
            Record disposition
          </button>
        </div>
        <FormError error={dispose.error} />
      </form>
    </Card>
  );
}
