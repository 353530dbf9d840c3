// The reviewer's workbench of a verification waiting for one: the identity document beside the
// applicant's declared data and what was read (Docket's MRZ reading, the reviewer's own), field by
// field; the reviewer's reading form; and outcomes confirmed in a dialog, undoable for a minute.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { post } from "../../api/client";
import type { CheckError, CheckStep, StoredDocument, Verification, VerificationFile } from "../../api/types";
import { Badge } from "../../components/Badge";
import { Dialog } from "../../components/Dialog";
import { FormError } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { useSession } from "../../session";
import { DocumentView } from "./DocumentView";
import { STEP_NAMES } from "./parts";
import { READ_FIELDS, type ReadField, draftOf, matchLabel, matchTone, outcomeKind, readingOf, secondsLeft } from "./review";

const IDENTITY = new Set(["passport", "id_card", "id_card_front", "id_card_back", "driver_license", "driver_license_front", "driver_license_back", "residence_permit", "residence_permit_front", "residence_permit_back", "visa"]);

/** Identity documents first: the ones a reading is made from. */
export function identityDocuments(documents: StoredDocument[]): StoredDocument[] {
  return documents.filter((d) => IDENTITY.has(d.document_type));
}

function useInvalidate(verification: Verification) {
  const { environment } = useSession();
  const queryClient = useQueryClient();
  return (next?: Verification) => {
    if (next) queryClient.setQueryData(["verification", environment, verification.id], next);
    void queryClient.invalidateQueries({ queryKey: ["verification-file", environment, verification.id] });
    void queryClient.invalidateQueries({ queryKey: ["verifications"] });
  };
}

/** The document beside the comparison, and the reviewer's reading. */
export function ReviewCard({ verification, file, readAt }: { verification: Verification; file: VerificationFile; readAt: number }) {
  const toast = useToast();
  const invalidate = useInvalidate(verification);
  const waiting = verification.status === "in_progress";
  const comparison = file.review.comparison;
  // Null until the reviewer types: the form then shows the server's latest readings.
  const [edited, setEdited] = useState<Record<ReadField, string> | null>(null);
  const draft = edited ?? draftOf(comparison);
  const save = useMutation({
    mutationFn: () => post<VerificationFile>(`/_docket/verifications/${verification.id}/reading`, readingOf(draft)),
    onSuccess: () => {
      setEdited(null);
      invalidate();
      toast("Your reading is kept");
    },
  });
  const documents = identityDocuments(file.documents);
  return (
    <section className="card" aria-labelledby="review-title" data-testid="review-card">
      <h2 id="review-title">Document review</h2>
      <div className="grid-2">
        <div className="stack">
          {documents.length === 0 ? <p className="muted small">No identity document uploaded.</p> : documents.map((d) => <DocumentView key={d.document_id} document={d} />)}
        </div>
        <div className="stack">
          <p className="muted small">
            Docket reads the machine-readable zone only from a PDF with a text layer; it has no OCR for photographs. Read the document yourself and enter what it says: your
            reading is kept apart from Docket&apos;s and compared with what the applicant declared.
          </p>
          <div className="table-scroll">
            <table className="small" data-testid="review-comparison">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Declared</th>
                  <th scope="col">Read by Docket</th>
                  <th scope="col">Your reading</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {READ_FIELDS.map(({ key, label, placeholder }) => {
                  const row = comparison.find((c) => c.field === key);
                  return (
                    <tr key={key} data-testid={`compare-${key}`}>
                      <th scope="row">{label}</th>
                      <td>{row?.declared ?? <span className="muted">—</span>}</td>
                      <td>{row?.machine ?? <span className="muted">not read</span>}</td>
                      <td>
                        {waiting ? (
                          <input
                            aria-label={`${label} as you read it`}
                            value={draft[key]}
                            placeholder={placeholder}
                            onChange={(e) => setEdited({ ...draft, [key]: e.target.value })}
                            data-testid={`read-${key}`}
                          />
                        ) : (
                          (row?.reviewer ?? <span className="muted">—</span>)
                        )}
                        {row?.readings_differ && <div className="small warn-text">differs from Docket&apos;s reading</div>}
                      </td>
                      <td>{row && <Badge tone={matchTone(row.match)}>{matchLabel(row.match)}</Badge>}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {waiting && (
            <div className="row">
              <button type="button" className="primary" onClick={() => save.mutate()} disabled={save.isPending || Object.keys(readingOf(draft)).length === 0} data-testid="save-reading">
                Save my reading
              </button>
              {file.review.reading && (
                <span className="muted small">
                  Last reading by {file.review.reading.by}, <Time value={file.review.reading.at} />
                </span>
              )}
            </div>
          )}
          <FormError error={save.error} />
          <PendingOutcomes verification={verification} file={file} readAt={readAt} />
        </div>
      </div>
    </section>
  );
}

/** Outcomes recorded and not yet in effect, each with its countdown and Undo. */
function PendingOutcomes({ verification, file, readAt }: { verification: Verification; file: VerificationFile; readAt: number }) {
  const toast = useToast();
  const invalidate = useInvalidate(verification);
  const [now, setNow] = useState(() => Date.now());
  const pending = file.review.pending_outcomes;
  useEffect(() => {
    if (pending.length === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [pending.length]);
  const undo = useMutation({
    mutationFn: (check: CheckStep) => post<Verification>(`/_docket/verifications/${verification.id}/outcomes/${check}/undo`),
    onSuccess: (next, check) => {
      invalidate(next);
      toast(`${STEP_NAMES[check]}: outcome undone`);
    },
  });
  const anyDue = pending.some((p) => secondsLeft(p.undo_until, file.review.now, readAt, now) === 0);
  useEffect(() => {
    // Read again once an outcome's minute is over: it has taken effect.
    if (anyDue) {
      const t = setTimeout(() => invalidate(), 1500);
      return () => clearTimeout(t);
    }
  }, [anyDue]); // eslint-disable-line react-hooks/exhaustive-deps
  if (pending.length === 0) return null;
  return (
    <div className="notice" data-testid="pending-outcomes">
      <strong>Recorded, not yet in effect</strong>
      <ul className="plain-list">
        {pending.map((p) => {
          const left = secondsLeft(p.undo_until, file.review.now, readAt, now);
          return (
            <li key={p.check} data-testid={`pending-${p.check}`}>
              {STEP_NAMES[p.check]}: {p.verified ? "passed" : `failed (${p.errors.map((e) => e.code).join(", ")})`} by {p.by}{" "}
              {left > 0 ? (
                <>
                  · takes effect in {left} s{" "}
                  <button type="button" className="small" onClick={() => undo.mutate(p.check)} disabled={undo.isPending} data-testid={`undo-${p.check}`}>
                    Undo
                  </button>
                </>
              ) : (
                <span className="muted">· taking effect</span>
              )}
            </li>
          );
        })}
      </ul>
      <FormError error={undo.error} />
    </div>
  );
}

/** Passed or failed with a reason and a note, confirmed in a dialog that says the minute to undo it. */
export function OutcomeForm({ verification, step, codes }: { verification: Verification; step: CheckStep; codes: CheckError[] }) {
  const toast = useToast();
  const invalidate = useInvalidate(verification);
  const [chosen, setCode] = useState<number | null>(null);
  const code = chosen ?? codes[0]?.code ?? 0;
  const [note, setNote] = useState("");
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const record = useMutation({
    mutationFn: (verified: boolean) =>
      post<Verification>(`/_docket/verifications/${verification.id}/outcomes`, { check: step, verified, errors: verified ? [] : [code], note: note || null }),
    onSuccess: (next) => {
      setConfirming(null);
      invalidate(next);
      toast(`${STEP_NAMES[step]} recorded: you can undo it for one minute`);
    },
  });
  const kind = confirming === null ? null : outcomeKind(confirming, confirming ? null : code);
  const reason = codes.find((c) => c.code === code);
  return (
    <div className="stack" style={{ marginTop: 8, gap: 6 }} data-testid={`review-${step}`}>
      <div className="grid-2">
        <label>
          Note (kept with the outcome)
          <input value={note} onChange={(e) => setNote(e.target.value)} placeholder="What you saw" data-testid={`note-${step}`} />
        </label>
        <label>
          Reason, if it fails
          <select value={code} onChange={(e) => setCode(Number(e.target.value))} data-testid={`code-${step}`}>
            {codes.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} · {c.message}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="row">
        <button type="button" className="primary" onClick={() => setConfirming(true)} data-testid={`pass-${step}`}>
          Passed…
        </button>
        <button type="button" className="danger" onClick={() => setConfirming(false)} disabled={codes.length === 0} data-testid={`fail-${step}`}>
          Failed…
        </button>
      </div>
      <Dialog open={confirming !== null} title={`${STEP_NAMES[step]}: confirm the outcome`} onClose={() => setConfirming(null)} testId={`confirm-${step}`}>
        <div className="stack">
          <p>
            {kind === "verified"
              ? `Record ${STEP_NAMES[step]} as passed.`
              : kind === "resubmission"
                ? `Record ${STEP_NAMES[step]} as failed so that the person sends a new document: ${reason?.code} · ${reason?.message}.`
                : `Record ${STEP_NAMES[step]} as failed (rejected): ${reason?.code} · ${reason?.message}.`}
            {note && ` Note: “${note}”.`}
          </p>
          <p className="muted small">
            It takes effect in one minute: until then you can undo it and nothing is sent. Then the check gets its outcome, the integration is told by webhook, and the
            last outcome finishes the verification.
          </p>
          <FormError error={record.error} />
          <div className="actions">
            <button type="button" onClick={() => setConfirming(null)}>
              Cancel
            </button>
            <button type="button" className={confirming ? "primary" : "danger solid"} onClick={() => confirming !== null && record.mutate(confirming)} disabled={record.isPending} data-testid={`confirm-outcome-${step}`}>
              {confirming ? "Record passed" : "Record failed"}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
