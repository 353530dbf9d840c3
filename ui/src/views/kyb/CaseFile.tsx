// One KYB case on one page, the reviewer's workbench: the header (company, ids, status and stage,
// risk, SLA, assignee with claim / release / reassign); the evidence beside the document (split
// view from 1200 px: declared data against the registry's and the documents', officers, persons
// with their screening and identity, the risk in sentences and the checks on the left, the
// document on the right, the compared value marked on it); then decisions (four eyes), comments,
// form progress, remediation history and the timeline.
// Keyboard: a approve, r reject, m remediation, c comment, e evidence, n next case.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { del } from "../../api/client";
import { Badge } from "../../components/Badge";
import { Card } from "../../components/Card";
import { Confirm } from "../../components/Confirm";
import { PageHeader } from "../../components/Layout";
import { ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { can, useReviewer } from "../../session";
import { ChecksSummary, type EvidenceFocus } from "./Checks";
import { Comments } from "./Comments";
import { useCase, useCaseAction, useMentionsReadOnOpen, useNextCase, useNow } from "./data";
import { decisionLine, needsSecondApproval, secondApprovalRefusal } from "./decisions";
import { AssignDialog, DecisionDialog, RemediationDialog, SecondApprovalDialog } from "./Dialogs";
import { DocumentViewer, type Find } from "./DocumentViewer";
import { type CompareRow, findTarget, riskTone, statusTone, words } from "./evidence";
import { Comparison, Decisions, FormProgress, Officers, Persons, Remediations, Risk, Timeline } from "./parts";
import { decidable, STATUS_NAMES } from "./queue";
import { age, caseSla } from "./sla";
import type { CaseDetail, CheckType, DecisionKind, Reviewer } from "./types";

export function CaseFile() {
  const { id } = useParams();
  const detail = useCase(id);
  if (detail.isPending) return <Loading what="the case" />;
  if (detail.error) return <ErrorState error={detail.error} retry={() => void detail.refetch()} />;
  return <CaseView detail={detail.data} />;
}

function CaseView({ detail }: { detail: CaseDetail }) {
  const me = useReviewer();
  useMentionsReadOnOpen(detail.id);
  const now = useNow();
  const next = useNextCase();
  const [deciding, setDeciding] = useState<DecisionKind | null>(null);
  const [second, setSecond] = useState<boolean | null>(null);
  const [remediating, setRemediating] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [docIndex, setDocIndex] = useState(0);
  const [find, setFind] = useState<Find | null>(null);
  const [focus, setFocus] = useState<EvidenceFocus | null>(null);
  const viewer = useRef<HTMLDivElement>(null);
  const review = detail.review;
  const pending = review?.pending_decision ?? null;

  function showDocument(name: string) {
    const index = detail.documents.findIndex((d) => d.name === name);
    if (index === -1) return;
    setDocIndex(index);
    // Beside the comparison (split view) the document is in sight already; stacked, go to it.
    const box = viewer.current?.getBoundingClientRect();
    if (box && (box.top < 0 || box.top > window.innerHeight - 120)) viewer.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    window.setTimeout(() => viewer.current?.querySelector<HTMLElement>(".viewer-stage")?.focus({ preventScroll: true }), 300);
  }

  function findOnDocument(row: CompareRow) {
    const target = findTarget(row, detail);
    if (!target) return;
    setFind({ text: target.text, label: row.label });
    const name = target.documents[0];
    if (name) showDocument(name);
  }

  const showEvidence = (type: CheckType) => setFocus({ type, at: Date.now() });

  const canDecide = decidable(detail.status) && !pending;
  const canRemediate = decidable(detail.status) && !pending;

  return (
    <div className="case-file">
      <PageHeader title={detail.company_name || detail.public_id} description={`${detail.public_id}${detail.external_id ? ` · external id ${detail.external_id}` : ""}${detail.country ? ` · ${detail.country}` : ""}`}>
        <Link className="button" to="/kyb">
          ‹ Queue
        </Link>
        <button type="button" onClick={() => next.mutate()} disabled={next.isPending} data-shortcut="next" data-testid="next-case" title="Take the oldest unassigned case awaiting a reviewer (n)">
          Next case <kbd>n</kbd>
        </button>
        {can(me?.role, "admin") && <EraseCase detail={detail} />}
      </PageHeader>

      <section className="card case-head" aria-label="Case status" data-testid="case-header">
        <dl className="case-facts">
          <div>
            <dt>Status</dt>
            <dd>
              <Badge tone={statusTone(detail.status)}>
                <span data-testid="case-status">{STATUS_NAMES[detail.status] ?? words(detail.status)}</span>
              </Badge>{" "}
              <span className="muted small">stage {words(detail.stage)}</span>
            </dd>
          </div>
          <div>
            <dt>Risk</dt>
            <dd>{detail.risk_level ? <Badge tone={riskTone(detail.risk_level)}>{detail.risk_level}</Badge> : <span className="muted">not scored</span>}</dd>
          </div>
          <div>
            <dt>SLA</dt>
            <dd data-testid="case-sla">
              <SlaBadge detail={detail} now={now} />
            </dd>
          </div>
          <div>
            <dt>Assignee</dt>
            <dd>
              <Assignment detail={detail} me={me} onReassign={() => setAssigning(true)} />
            </dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>
              <Time value={detail.created_at} /> <span className="muted small">{age(detail.created_at, now) && `(${age(detail.created_at, now)} ago)`}</span>
            </dd>
          </div>
        </dl>
        <div className="case-actions" role="toolbar" aria-label="Case actions">
          {canDecide ? (
            <>
              <button type="button" className="primary" onClick={() => setDeciding("approve")} data-shortcut="approve" data-testid="approve">
                Approve… <kbd>a</kbd>
              </button>
              <button type="button" className="danger" onClick={() => setDeciding("reject")} data-shortcut="reject" data-testid="reject">
                Reject… <kbd>r</kbd>
              </button>
            </>
          ) : (
            <span className="muted small" data-testid="no-decision">
              {pending ? "A decision awaits its second approval." : `No decision to make: the case is ${(STATUS_NAMES[detail.status] ?? detail.status).toLowerCase()}.`}
            </span>
          )}
          {canRemediate && (
            <button type="button" onClick={() => setRemediating(true)} data-shortcut="remediate" data-testid="remediate">
              Request remediation… <kbd>m</kbd>
            </button>
          )}
          <Link className="button ghost small" to={`/audit?case_id=${detail.public_id}`} data-testid="case-audit">
            Audit events
          </Link>
        </div>
        {!pending && canDecide && needsSecondApproval(detail, "any") && (
          <p className="muted small" style={{ margin: "8px 0 0" }} data-testid="four-eyes-note">
            Four eyes:{" "}
            {needsSecondApproval(detail, "approve") && needsSecondApproval(detail, "reject") ? "a decision" : needsSecondApproval(detail, "reject") ? "a rejection" : "an approval"} on this case waits for a second approval by a senior reviewer.
          </p>
        )}
        {pending && <PendingDecision detail={detail} me={me} onAct={setSecond} />}
      </section>

      <div className="workbench">
        <div className="workbench-evidence">
          <Card title="Declared, registry and documents" description="The company as declared, the registry's record and the documents' text, field by field (the cross-check's evidence). Find marks the value on the document." testId="comparison-card">
            <Comparison detail={detail} onShowDocument={showDocument} onFind={findOnDocument} />
          </Card>
          <Card title="Officers: registry against declared" testId="officers-card">
            <Officers detail={detail} />
          </Card>
          <Card title="Persons and owners" description="One row per person, their roles merged; each with their screening and identity check." testId="persons-card">
            <Persons detail={detail} onShowEvidence={showEvidence} />
          </Card>
          <Card title="Risk" testId="risk-card">
            <Risk detail={detail} onShowEvidence={showEvidence} />
          </Card>
          <Card title="Checks" testId="checks-card">
            <ChecksSummary detail={detail} onShowDocument={showDocument} focus={focus} />
          </Card>
        </div>
        <div className="workbench-document" ref={viewer}>
          <Card title={`Documents (${detail.documents.length})`} testId="documents-card">
            <DocumentViewer caseId={detail.id} documents={detail.documents} index={docIndex} onIndex={setDocIndex} find={find} onClearFind={() => setFind(null)} />
          </Card>
        </div>
      </div>

      <div className="case-lower">
        <Card title="Decisions" testId="decisions-card">
          <Decisions detail={detail} pending={pending} />
        </Card>
        <Card title="Comments" description="Internal notes between reviewers." testId="comments-card">
          <Comments detail={detail} />
        </Card>
        <Card title="Form progress" testId="progress-card">
          <FormProgress detail={detail} />
        </Card>
        <Card title="Remediation history" testId="remediations-card">
          <Remediations detail={detail} />
        </Card>
        <Card title="Timeline" testId="timeline-card">
          <Timeline detail={detail} />
        </Card>
      </div>

      <DecisionDialog kind={deciding} detail={detail} meId={me?.id} onClose={() => setDeciding(null)} />
      <SecondApprovalDialog confirm={second} detail={detail} onClose={() => setSecond(null)} />
      <RemediationDialog open={remediating} detail={detail} onClose={() => setRemediating(false)} />
      <AssignDialog open={assigning} detail={detail} onClose={() => setAssigning(false)} />
    </div>
  );
}

function SlaBadge({ detail, now }: { detail: CaseDetail; now: number | null }) {
  const state = caseSla(detail, now);
  if (state.state === "none") return <span className="muted">no SLA in this stage</span>;
  return (
    <>
      <Badge tone={state.tone}>{state.text}</Badge>{" "}
      <span className="muted small">
        <Time value={detail.review.sla_due_at} />
      </span>
    </>
  );
}

/** Erasure on request of the case (an admin's): everything of it goes, the audit chain keeps
 * emptied events and one `erased` event that accounts for them. */
function EraseCase({ detail }: { detail: CaseDetail }) {
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const erase = useMutation({
    mutationFn: () => del(`/api/v4/kyb/verifications/${detail.id}`),
    onSuccess: () => {
      toast(`${detail.public_id} erased`);
      void queryClient.invalidateQueries();
      navigate("/kyb");
    },
    onError: (e) => toast(e.message, "bad"),
  });
  return (
    <>
      <button type="button" className="danger" onClick={() => setAsking(true)} data-testid="erase-case">
        Erase case
      </button>
      <Confirm open={asking} title={`Erase ${detail.public_id}?`} action="Erase" onConfirm={() => erase.mutate()} onClose={() => setAsking(false)} pending={erase.isPending} testId="confirm-erase-case">
        <p>
          {detail.company_name || detail.public_id} is erased from this environment: the case with its checks, decisions, comments and timeline, its documents, the AML searches of its company and people, and every event, unsent webhook and request journal body that names it. Its audit events are emptied; one erasure event accounts for them, so the trail still verifies. The business&apos;s applicant stays. This cannot be undone.
        </p>
      </Confirm>
    </>
  );
}

/** Who has the case, and claim / release / reassign as the signed-in reviewer may. */
function Assignment({ detail, me, onReassign }: { detail: CaseDetail; me: Reviewer | null; onReassign: () => void }) {
  const claim = useCaseAction<undefined>(detail.id, "claim", "The case is yours", { toastErrors: true });
  const release = useCaseAction<undefined>(detail.id, "release", "Case released", { toastErrors: true });
  const assignee = detail.review?.assignee ?? null;
  const mine = assignee !== null && assignee.id === me?.id;
  const admin = can(me?.role, "admin");
  return (
    <span className="row" style={{ alignItems: "center", gap: 6 }}>
      <span data-testid="case-assignee">{assignee ? (mine ? `${assignee.name} (you)` : assignee.name) : <span className="muted">unassigned</span>}</span>
      {!assignee && (
        <button type="button" className="small" onClick={() => claim.mutate(undefined)} disabled={claim.isPending} data-testid="claim">
          Claim
        </button>
      )}
      {assignee && (mine || admin) && (
        <button type="button" className="small" onClick={() => release.mutate(undefined)} disabled={release.isPending} data-testid="release">
          Release
        </button>
      )}
      {admin && (
        <button type="button" className="small" onClick={onReassign} data-testid="reassign">
          {assignee ? "Reassign…" : "Assign…"}
        </button>
      )}
    </span>
  );
}

function PendingDecision({ detail, me, onAct }: { detail: CaseDetail; me: Reviewer | null; onAct: (confirm: boolean) => void }) {
  const pending = detail.review.pending_decision;
  if (!pending) return null;
  const refusal = secondApprovalRefusal(pending, me);
  return (
    <div className="notice info pending" role="status" data-testid="pending-decision">
      <div>
        <strong>Awaiting second approval</strong> · {decisionLine(pending)} · <Time value={pending.at} />
        {pending.note && <p className="pre-line small" style={{ margin: "4px 0 0" }}>{pending.note}</p>}
      </div>
      {refusal ? (
        <span className="muted small">{refusal}</span>
      ) : (
        <div className="row">
          <button type="button" className="primary" onClick={() => onAct(true)} data-testid="second-confirm">
            Confirm…
          </button>
          <button type="button" className="danger" onClick={() => onAct(false)} data-testid="second-overturn">
            Overturn…
          </button>
        </div>
      )}
    </div>
  );
}
