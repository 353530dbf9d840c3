// The case file's dialogs: approve (acknowledging each open flag) or reject (a reason from the
// taxonomy and a required note), the second approval (confirm or overturn), remediation for the
// merchant, and reassigning.
// Refusals show the server's message in the dialog. Ctrl+Enter sends.
import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { FormError } from "../../components/States";
import { isActive } from "../../lib/accounts";
import { useCaseAction, useReviewers } from "./data";
import { APPROVE_REASONS, decisionLine, DOCUMENT_KINDS, needsSecondApproval, REJECT_REASONS, remediationBody, SECTIONS } from "./decisions";
import { flagKind, type OpenFlag, toggleFlag, unacknowledged } from "./flags";
import type { CaseDetail, DecisionKind } from "./types";

/** A form that Ctrl+Enter (or Cmd+Enter) sends from any of its fields. */
function DialogForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  }
  return (
    <form className="stack" onSubmit={submit} onKeyDown={onKeyDown}>
      {children}
    </form>
  );
}

function Actions({ onClose, pending, label, testId, danger = false }: { onClose: () => void; pending: boolean; label: string; testId: string; danger?: boolean }) {
  return (
    <div className="actions">
      <button type="button" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" className={danger ? "danger solid" : "primary"} disabled={pending} data-testid={testId} title="Ctrl+Enter">
        {label}
      </button>
    </div>
  );
}

function AssigneeWarning({ detail, meId }: { detail: CaseDetail; meId: string | undefined }) {
  const assignee = detail.review.assignee;
  if (!assignee) return <p className="notice warn small">Nobody has claimed this case: claim it first, only the assignee decides.</p>;
  if (assignee.id !== meId) return <p className="notice warn small">{assignee.name} has this case: only the assignee decides.</p>;
  return null;
}

export function DecisionDialog({ kind, detail, meId, onClose }: { kind: DecisionKind | null; detail: CaseDetail; meId: string | undefined; onClose: () => void }) {
  return (
    <Dialog open={kind !== null} title={kind === "approve" ? `Approve ${detail.public_id}` : `Reject ${detail.public_id}`} onClose={onClose} testId="decision-dialog">
      {kind && <DecisionForm key={kind} kind={kind} detail={detail} meId={meId} onClose={onClose} />}
    </Dialog>
  );
}

function DecisionForm({ kind, detail, meId, onClose }: { kind: DecisionKind; detail: CaseDetail; meId: string | undefined; onClose: () => void }) {
  const reasons = kind === "approve" ? APPROVE_REASONS : REJECT_REASONS;
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  // An approval acknowledges every open flag; a rejection needs none.
  const flags = kind === "approve" ? (detail.open_flags ?? []) : [];
  const [acknowledged, setAcknowledged] = useState<string[]>([]);
  const fourEyes = needsSecondApproval(detail, kind);
  const decide = useCaseAction<{ decision: DecisionKind; reason: string; note: string; acknowledged_flags: string[] }>(detail.id, "decision", fourEyes ? "Decision recorded: it awaits a second approval" : kind === "approve" ? "Case approved" : "Case rejected");
  const ready = reason !== "" && note.trim() !== "" && unacknowledged(flags, acknowledged).length === 0;
  return (
    <DialogForm onSubmit={() => ready && decide.mutate({ decision: kind, reason, note: note.trim(), acknowledged_flags: acknowledged }, { onSuccess: onClose })}>
      <p>
        {detail.company_name ?? detail.public_id}
        {fourEyes ? ": this decision needs a second approval. A senior reviewer other than you confirms or overturns it; until then the case stays in manual review." : "."}
      </p>
      <AssigneeWarning detail={detail} meId={meId} />
      {flags.length > 0 && <FlagAcknowledgments flags={flags} acknowledged={acknowledged} onChange={setAcknowledged} />}
      <label>
        Reason
        <select value={reason} onChange={(e) => setReason(e.target.value)} required autoFocus data-testid="decision-reason">
          <option value="" disabled>
            Choose a reason…
          </option>
          {reasons.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Note (kept with the decision, in the audit trail)
        <textarea value={note} onChange={(e) => setNote(e.target.value)} required rows={4} maxLength={4000} placeholder="What you checked and why you decided so" data-testid="decision-note" />
      </label>
      <FormError error={decide.error} />
      <Actions onClose={onClose} pending={decide.isPending || !ready} label={kind === "approve" ? "Approve" : "Reject"} danger={kind === "reject"} testId="decision-submit" />
    </DialogForm>
  );
}

/** Each open flag with a checkbox: approving acknowledges every one. */
function FlagAcknowledgments({ flags, acknowledged, onChange }: { flags: OpenFlag[]; acknowledged: string[]; onChange: (next: string[]) => void }) {
  return (
    <fieldset className="stack small" style={{ gap: 4 }} data-testid="open-flags">
      <legend>Open flags: acknowledge each to approve ({flags.length - unacknowledged(flags, acknowledged).length} of {flags.length})</legend>
      {flags.map((f) => (
        <label key={f.key} className="inline">
          <input type="checkbox" checked={acknowledged.includes(f.key)} onChange={(e) => onChange(toggleFlag(flags, acknowledged, f.key, e.target.checked))} data-testid="open-flag" />
          <span>
            <strong>{flagKind(f.kind)}:</strong> {f.label}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function SecondApprovalDialog({ confirm, detail, onClose }: { confirm: boolean | null; detail: CaseDetail; onClose: () => void }) {
  return (
    <Dialog open={confirm !== null} title={confirm ? "Confirm the first decision" : "Overturn the first decision"} onClose={onClose} testId="second-dialog">
      {confirm !== null && <SecondApprovalForm key={String(confirm)} confirm={confirm} detail={detail} onClose={onClose} />}
    </Dialog>
  );
}

function SecondApprovalForm({ confirm, detail, onClose }: { confirm: boolean; detail: CaseDetail; onClose: () => void }) {
  const [note, setNote] = useState("");
  const pending = detail.review.pending_decision;
  const act = useCaseAction<{ confirm: boolean; note: string }>(detail.id, "second-approval", confirm ? "Second approval given: the decision applies" : "First decision overturned: the case is back in manual review");
  return (
    <DialogForm onSubmit={() => note.trim() && act.mutate({ confirm, note: note.trim() }, { onSuccess: onClose })}>
      {pending && (
        <div className="subcard small">
          <strong>{decisionLine(pending)}</strong>
          <p className="pre-line" style={{ margin: "4px 0 0" }}>
            {pending.note}
          </p>
        </div>
      )}
      <p>{confirm ? "Confirming applies the first decision to the case." : "Overturning clears the first decision: the case stays in manual review, with the first reviewer."}</p>
      <label>
        Note
        <textarea value={note} onChange={(e) => setNote(e.target.value)} required rows={3} maxLength={4000} autoFocus data-testid="second-note" />
      </label>
      <FormError error={act.error} />
      <Actions onClose={onClose} pending={act.isPending || !note.trim()} label={confirm ? "Confirm" : "Overturn"} danger={!confirm} testId="second-submit" />
    </DialogForm>
  );
}

export function RemediationDialog({ open, detail, onClose }: { open: boolean; detail: CaseDetail; onClose: () => void }) {
  return (
    <Dialog open={open} title="Request remediation" onClose={onClose} testId="remediation-dialog">
      {open && <RemediationForm detail={detail} onClose={onClose} />}
    </Dialog>
  );
}

function RemediationForm({ detail, onClose }: { detail: CaseDetail; onClose: () => void }) {
  const [target, setTarget] = useState("section:company");
  const [message, setMessage] = useState("");
  const ask = useCaseAction<ReturnType<typeof remediationBody>>(detail.id, "remediation", "Remediation requested: the case waits for the merchant");
  return (
    <DialogForm onSubmit={() => message.trim() && ask.mutate(remediationBody(target, message.trim()), { onSuccess: onClose })}>
      <p>The merchant sees the message in the widget and fixes that section or uploads that document again; the case waits in “action required” meanwhile.</p>
      <label>
        What to fix
        <select value={target} onChange={(e) => setTarget(e.target.value)} autoFocus data-testid="remediation-target">
          <optgroup label="A section">
            {SECTIONS.map((s) => (
              <option key={s.value} value={`section:${s.value}`}>
                {s.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="A document">
            {DOCUMENT_KINDS.map((d) => (
              <option key={d.value} value={`document:${d.value}`}>
                {d.label}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      <label>
        Message for the merchant
        <textarea value={message} onChange={(e) => setMessage(e.target.value)} required rows={4} maxLength={2000} placeholder="The utility bill is older than three months: please upload a recent one." data-testid="remediation-message" />
      </label>
      <FormError error={ask.error} />
      <Actions onClose={onClose} pending={ask.isPending || !message.trim()} label="Send to the merchant" testId="remediation-submit" />
    </DialogForm>
  );
}

export function AssignDialog({ open, detail, onClose }: { open: boolean; detail: CaseDetail; onClose: () => void }) {
  return (
    <Dialog open={open} title={`Assign ${detail.public_id}`} onClose={onClose} testId="assign-dialog">
      {open && <AssignForm detail={detail} onClose={onClose} />}
    </Dialog>
  );
}

function AssignForm({ detail, onClose }: { detail: CaseDetail; onClose: () => void }) {
  const reviewers = useReviewers();
  const [chosen, setChosen] = useState("");
  const assign = useCaseAction<{ reviewer_id: string }>(detail.id, "assign", "Case reassigned");
  const active = (reviewers.data?.data ?? []).filter(isActive);
  return (
    <DialogForm onSubmit={() => chosen && assign.mutate({ reviewer_id: chosen }, { onSuccess: onClose })}>
      <label>
        Reviewer
        <select value={chosen} onChange={(e) => setChosen(e.target.value)} required autoFocus data-testid="assign-reviewer">
          <option value="" disabled>
            Choose a reviewer…
          </option>
          {active.map((r) => (
            <option key={r.id} value={r.id} disabled={r.id === detail.review.assignee?.id}>
              {r.name} ({r.role})
            </option>
          ))}
        </select>
      </label>
      <FormError error={assign.error ?? reviewers.error} />
      <Actions onClose={onClose} pending={assign.isPending || !chosen} label="Assign" testId="assign-submit" />
    </DialogForm>
  );
}
