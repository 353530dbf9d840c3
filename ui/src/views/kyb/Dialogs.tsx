// The case file's dialogs: approve (acknowledging each open flag) or reject (reasons from the
// taxonomy in groups, a required internal note, a message for the merchant, and under four eyes
// the senior asked to approve), the second approval (confirm or overturn), remediation of
// several sections and documents (from a template or not), and reassigning. Refusals show the
// server's message in the dialog. Ctrl+Enter sends.
import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from "react";
import { Dialog } from "../../components/Dialog";
import { FormError } from "../../components/States";
import { isActive } from "../../lib/accounts";
import { useCaseAction, useRemediationTemplates, useReviewers } from "./data";
import { choicesOf, decisionLine, needsSecondApproval, reasonGroups, type RemediationChoice, remediationReady, remediationRequest, toggleReason } from "./decisions";
import { flagKind, type OpenFlag, toggleFlag, unacknowledged } from "./flags";
import { RemediationTargets } from "./RemediationTargets";
import type { CaseDetail, DecisionKind, Reason } from "./types";

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

interface DecisionBody {
  decision: DecisionKind;
  reasons: Reason[];
  note: string;
  merchant_message?: string;
  approver_id?: string;
  acknowledged_flags: string[];
}

function DecisionForm({ kind, detail, meId, onClose }: { kind: DecisionKind; detail: CaseDetail; meId: string | undefined; onClose: () => void }) {
  const [reasons, setReasons] = useState<Reason[]>([]);
  const [note, setNote] = useState("");
  const [message, setMessage] = useState("");
  const [approver, setApprover] = useState("");
  // An approval acknowledges every open flag; a rejection needs none.
  const flags = kind === "approve" ? (detail.open_flags ?? []) : [];
  const [acknowledged, setAcknowledged] = useState<string[]>([]);
  const fourEyes = needsSecondApproval(detail, kind);
  const decide = useCaseAction<DecisionBody>(detail.id, "decision", fourEyes ? "Decision recorded: it awaits a second approval" : kind === "approve" ? "Case approved" : "Case rejected");
  const ready = reasons.length > 0 && note.trim() !== "" && unacknowledged(flags, acknowledged).length === 0;
  function send() {
    if (!ready) return;
    const body: DecisionBody = { decision: kind, reasons, note: note.trim(), acknowledged_flags: acknowledged };
    if (message.trim()) body.merchant_message = message.trim();
    if (fourEyes && approver) body.approver_id = approver;
    decide.mutate(body, { onSuccess: onClose });
  }
  return (
    <DialogForm onSubmit={send}>
      <p>
        {detail.company_name ?? detail.public_id}
        {fourEyes ? ": this decision needs a second approval. A senior reviewer other than you confirms or overturns it; until then the case stays in manual review." : "."}
      </p>
      <AssigneeWarning detail={detail} meId={meId} />
      <fieldset className="reason-groups" data-testid="decision-reasons">
        <legend>Reasons (one or more)</legend>
        {reasonGroups(kind).map((group, g) => (
          <div key={group.label} role="group" aria-label={group.label} className="reason-group">
            <strong className="small">{group.label}</strong>
            {group.reasons.map((r, i) => (
              <label key={r.value} className="inline">
                <input type="checkbox" checked={reasons.includes(r.value)} onChange={() => setReasons((chosen) => toggleReason(chosen, r.value))} autoFocus={g === 0 && i === 0} data-testid={`decision-reason-${r.value}`} />
                <span>{r.label}</span>
              </label>
            ))}
          </div>
        ))}
      </fieldset>
      {flags.length > 0 && <FlagAcknowledgments flags={flags} acknowledged={acknowledged} onChange={setAcknowledged} />}
      <label>
        Internal note (kept with the decision, in the audit trail; never shown to the merchant)
        <textarea value={note} onChange={(e) => setNote(e.target.value)} required rows={3} maxLength={2000} placeholder="What you checked and why you decided so" data-testid="decision-note" />
      </label>
      <label>
        Message for the merchant (optional; shown in their verification page once the decision applies)
        <textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={2} maxLength={2000} placeholder={kind === "approve" ? "Your business is verified." : "We are unable to verify your business."} data-testid="decision-merchant-message" />
      </label>
      {fourEyes && <ApproverChoice meId={meId} value={approver} onChange={setApprover} />}
      <FormError error={decide.error} />
      <Actions onClose={onClose} pending={decide.isPending || !ready} label={kind === "approve" ? "Approve" : "Reject"} danger={kind === "reject"} testId="decision-submit" />
    </DialogForm>
  );
}

/** Under four eyes: the senior asked for the second approval (optional: any senior otherwise). */
function ApproverChoice({ meId, value, onChange }: { meId: string | undefined; value: string; onChange: (id: string) => void }) {
  const reviewers = useReviewers();
  const seniors = (reviewers.data?.data ?? []).filter((r) => isActive(r) && r.role !== "reviewer" && r.id !== meId);
  return (
    <label>
      Second approval by
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid="decision-approver">
        <option value="">Any senior reviewer</option>
        {seniors.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name} ({r.role})
          </option>
        ))}
      </select>
    </label>
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
  const templates = useRemediationTemplates();
  const [templateId, setTemplateId] = useState("");
  const [choices, setChoices] = useState<RemediationChoice[]>([]);
  const [message, setMessage] = useState("");
  const [note, setNote] = useState("");
  const ask = useCaseAction<ReturnType<typeof remediationRequest>>(detail.id, "remediation", "Remediation requested: the case waits for the merchant");
  const ready = remediationReady(choices, message);
  function applyTemplate(id: string) {
    setTemplateId(id);
    const template = templates.data?.data.find((t) => t.id === id);
    if (!template) return;
    setChoices(choicesOf(template.items));
    setMessage(template.message ?? "");
  }
  return (
    <DialogForm onSubmit={() => ready && ask.mutate(remediationRequest(choices, message, note, templateId || null), { onSuccess: onClose })}>
      <p>The merchant sees each instruction in the widget beside the section to fix or the document to upload again; the case waits in “action required” meanwhile.</p>
      <label>
        Template
        <select value={templateId} onChange={(e) => applyTemplate(e.target.value)} autoFocus data-testid="remediation-template">
          <option value="">None: choose below</option>
          {(templates.data?.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <RemediationTargets choices={choices} onChange={setChoices} />
      <label>
        Message for the merchant (for every item without its own instruction)
        <textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={3} maxLength={2000} placeholder="The utility bill is older than three months: please upload a recent one." data-testid="remediation-message" />
      </label>
      <label>
        Internal note (optional; never shown to the merchant)
        <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={2000} data-testid="remediation-note" />
      </label>
      <FormError error={ask.error ?? templates.error} />
      <Actions onClose={onClose} pending={ask.isPending || !ready} label="Send to the merchant" testId="remediation-submit" />
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
