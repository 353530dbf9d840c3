// The checks summary: each check type with its outcome, and its instances' evidence one click
// away: AML hits with their dispositions (the comparison and the form), the registry record,
// the documents' findings, the risk factors; an errored check runs again; earlier rounds kept
// as history. `e` shows or hides every check's evidence.
import { Fragment, useEffect, useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/Badge";
import { Time } from "../../components/Time";
import { ScreeningHits } from "../aml/HitResolution";
import { useCaseAction } from "./data";
import { amlHits, type CheckGroup, checkGroups, checkName, evidenceOf, severityTone, words } from "./evidence";
import { subjectName } from "./people";
import type { CaseDetail, Check } from "./types";

/** A request to show one check type's evidence (from the persons or the risk); `at` tells two
 * requests for the same type apart. */
export interface EvidenceFocus {
  type: string;
  at: number;
}

export function ChecksSummary({ detail, onShowDocument, focus = null }: { detail: CaseDetail; onShowDocument: (name: string) => void; focus?: EvidenceFocus | null }) {
  const groups = checkGroups(detail);
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  // A new request opens its type's evidence (adjusted while rendering, as React advises), then
  // the row is brought into view.
  const [seen, setSeen] = useState<EvidenceFocus | null>(null);
  if (focus && focus !== seen) {
    setSeen(focus);
    if (!open.has(focus.type)) setOpen(new Set(open).add(focus.type));
  }
  useEffect(() => {
    if (!focus) return;
    const frame = window.requestAnimationFrame(() => document.getElementById(`check-row-${focus.type}`)?.scrollIntoView?.({ behavior: "smooth", block: "start" }));
    return () => window.cancelAnimationFrame(frame);
  }, [focus]);
  const allOpen = groups.length > 0 && groups.every((g) => open.has(g.type));
  const toggle = (type: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });
  const summary = detail.checks_summary;
  return (
    <div className="stack" style={{ gap: 8 }}>
      <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
        {summary ? (
          <span className="small muted" data-testid="checks-counts">
            {summary.completed} of {summary.expected} done · {summary.passed} passed · {summary.review} to review · {summary.failed} failed · {summary.errored} errors
          </span>
        ) : (
          <span className="small muted">The checks run when the merchant submits.</span>
        )}
        {groups.length > 0 && (
          <button type="button" className="small" onClick={() => setOpen(allOpen ? new Set() : new Set(groups.map((g) => g.type)))} aria-expanded={allOpen} data-shortcut="evidence" data-testid="evidence-all">
            {allOpen ? "Hide all evidence" : "Show all evidence"} <kbd>e</kbd>
          </button>
        )}
      </div>
      <table className="data checks-table" aria-label="Checks">
        <thead>
          <tr>
            <th scope="col">Check</th>
            <th scope="col">Outcome</th>
            <th scope="col">What was found</th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <Fragment key={g.type}>
              <tr id={`check-row-${g.type}`} data-testid={`check-${g.type}`} className={g.status === "error" ? "flag-bad" : g.severity === "high" ? "flag-bad" : g.severity === "medium" ? "flag-warn" : undefined}>
                <td>
                  <strong>{checkName(g.type)}</strong>
                  {g.current.length > 1 && <div className="muted small">{g.current.length} subjects</div>}
                </td>
                <td>
                  <Badge tone={severityTone(g.severity, g.status)}>{g.status === "completed" ? words(g.verdict) || "done" : words(g.status)}</Badge>
                </td>
                <td className="small">{summaryOf(g)}</td>
                <td>
                  {(g.current.length > 0 || g.superseded.length > 0) && (
                    <button type="button" className="small" onClick={() => toggle(g.type)} aria-expanded={open.has(g.type)} aria-controls={`evidence-${g.type}`} data-testid={`evidence-${g.type}`}>
                      {open.has(g.type) ? "Hide evidence" : "Evidence"}
                    </button>
                  )}
                </td>
              </tr>
              {open.has(g.type) && (
                <tr className="evidence-row">
                  <td colSpan={4} id={`evidence-${g.type}`} data-testid={`evidence-panel-${g.type}`}>
                    <div className="stack" style={{ gap: 10 }}>
                      {g.current.map((c) => (
                        <Instance key={c.id} check={c} subject={subjectName(detail, c)} onShowDocument={onShowDocument} caseId={detail.id} />
                      ))}
                      {g.superseded.length > 0 && (
                        <details>
                          <summary className="small">Earlier rounds ({g.superseded.length})</summary>
                          <div className="stack" style={{ gap: 8, marginTop: 8 }}>
                            {g.superseded.map((c) => (
                              <Instance key={c.id} check={c} subject={subjectName(detail, c)} onShowDocument={onShowDocument} />
                            ))}
                          </div>
                        </details>
                      )}
                    </div>
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function summaryOf(g: CheckGroup): string {
  const interesting = g.current.filter((c) => c.state === "error" || c.severity === "medium" || c.severity === "high");
  const shown = (interesting.length ? interesting : g.current).map((c) => c.summary).filter(Boolean);
  if (shown.length === 0) return g.current.length ? "" : "Not run yet";
  return shown.length > 1 ? `${shown[0]} (and ${shown.length - 1} more)` : (shown[0] ?? "");
}

/** One instance: subject, outcome, sentence, and the evidence as its type shows it. */
function Instance({ check, subject, onShowDocument, caseId }: { check: Check; subject: string; onShowDocument: (name: string) => void; caseId?: string }) {
  const ev = evidenceOf(check);
  return (
    <div className="subcard" data-testid="check-instance" id={`check-${check.id}`}>
      <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
        <div>
          <strong>{subject}</strong> <span className="muted small">{check.subject === "company" ? "the company" : check.subject === "person:0" ? "representative" : "person"}</span>
        </div>
        <div className="badges">
          <Badge tone={severityTone(check.severity, check.state)}>{check.state === "completed" ? words(check.verdict) : words(check.state)}</Badge>
          {check.provider && <Badge>{check.provider}</Badge>}
          <span className="muted small">
            round {check.round} · <Time value={check.completed_at ?? check.created_at} />
          </span>
        </div>
      </div>
      {check.summary && <p className="small" style={{ margin: "6px 0" }}>{check.summary}</p>}
      {typeof ev.verification_id === "string" && (
        <p className="small" style={{ margin: "6px 0" }}>
          <Link to={`/verifications/${ev.verification_id}`}>The person&apos;s identity verification ›</Link>
        </p>
      )}
      {check.type === "kyc" && ev.simulated === true && <p className="muted small">Simulated by the sandbox (the last name decides the outcome): no identity document was collected.</p>}
      {caseId && check.state === "error" && !check.superseded_at && <RunAgain caseId={caseId} check={check} />}
      <Evidence check={check} onShowDocument={onShowDocument} />
      {check.evidence !== null && (
        <details className="raw-json small">
          <summary>Raw evidence</summary>
          <pre>{JSON.stringify(check.evidence, null, 2)}</pre>
        </details>
      )}
    </div>
  );
}

/** An errored check, run again through the pipeline (the errored one stays as history). */
function RunAgain({ caseId, check }: { caseId: string; check: Check }) {
  const rerun = useCaseAction<undefined>(caseId, `checks/${check.id}/rerun`, `${checkName(check.type)} for ${check.subject_name} runs again`, { toastErrors: true });
  return (
    <button type="button" className="small" disabled={rerun.isPending} onClick={() => rerun.mutate(undefined)} data-testid="rerun-check">
      Run again
    </button>
  );
}

function Evidence({ check, onShowDocument }: { check: Check; onShowDocument: (name: string) => void }) {
  if (check.state === "pending" && check.evidence === null) return <p className="muted small">Running: nothing found yet.</p>;
  const ev = evidenceOf(check);
  if (check.type === "aml_company" || check.type === "aml_person") return <AmlEvidence check={check} />;
  if (check.type === "registry") {
    const record = ev.record && typeof ev.record === "object" ? (ev.record as Record<string, unknown>) : null;
    const facts = record ?? Object.fromEntries(Object.entries(ev).filter(([k]) => k !== "simulated"));
    return (
      <div className="small">
        {typeof ev.source === "string" && <p className="muted">Source: {ev.source}{typeof ev.matched_by === "string" ? ` · found by ${ev.matched_by}` : ""}</p>}
        <Facts facts={facts} testId="registry-record" />
      </div>
    );
  }
  if (check.type === "document_verification" || check.type === "doc_manipulation") {
    const files = Array.isArray(ev.files) ? ev.files.map(String) : [];
    const flagged = typeof ev.file === "string" ? ev.file : null;
    return (
      <ul className="plain-list small" data-testid="document-findings">
        {files.map((f) => (
          <li key={f}>
            {f === flagged ? <Badge tone={severityTone(check.severity)}>{words(check.verdict)}</Badge> : <Badge tone="good">ok</Badge>}{" "}
            <button type="button" className="link" onClick={() => onShowDocument(f)}>
              {f}
            </button>
          </li>
        ))}
        {Array.isArray(ev.findings) &&
          ev.findings.map((f, i) => (
            <li key={i}>
              <code>{typeof f === "string" ? f : JSON.stringify(f)}</code>
            </li>
          ))}
        {ev.simulated === true && <li className="muted">Simulated by the sandbox (magic file names decide the outcome).</li>}
      </ul>
    );
  }
  if (check.type === "business_risk_score" && Array.isArray(ev.factors)) {
    return (
      <ul className="plain-list small">
        {(ev.factors as { level?: string; reason?: string }[]).map((f, i) => (
          <li key={i}>
            <Badge tone={severityTone(f.level)}>{f.level}</Badge> {words(f.reason)}
          </li>
        ))}
        {typeof ev.model === "string" && <li className="muted">Model {ev.model}</li>}
      </ul>
    );
  }
  if (check.type === "cross_check") return <p className="muted small">Field by field in “Declared, registry and documents” above.</p>;
  return <Facts facts={Object.fromEntries(Object.entries(ev).filter(([k]) => k !== "simulated"))} />;
}

function Facts({ facts, testId }: { facts: Record<string, unknown>; testId?: string }) {
  const entries = Object.entries(facts).filter(([, v]) => v !== null && v !== undefined && v !== "");
  if (entries.length === 0) return null;
  return (
    <dl className="facts small" data-testid={testId}>
      {entries.map(([k, v]) => (
        <Fragment key={k}>
          <dt>{words(k)}</dt>
          <dd>{typeof v === "object" ? JSON.stringify(v) : String(v)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The screening's hits with their dispositions, the comparison and the form one click away. */
function AmlEvidence({ check }: { check: Check }) {
  const hits = amlHits(check);
  const ev = evidenceOf(check);
  const searchId = typeof ev.search_id === "string" ? ev.search_id : null;
  const lists = Array.isArray(ev.lists) ? ev.lists.join(", ") : null;
  return (
    <div className="stack small" style={{ gap: 6 }}>
      <p className="muted" style={{ margin: 0 }}>
        Screened “{String(ev.screened_name ?? check.subject_name)}”{lists ? ` against ${lists}` : ""}
        {typeof ev.algorithm === "string" ? ` (${ev.algorithm})` : ""}.
      </p>
      {hits.length === 0 ? <p style={{ margin: 0 }}>No hits.</p> : searchId ? <ScreeningHits searchId={searchId} /> : <p className="muted">The screening is no longer kept.</p>}
    </div>
  );
}
