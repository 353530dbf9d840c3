// Pieces of the case file: declared data beside the registry's and the documents', the
// registry's officers against the declared ones, the risk in sentences, persons (one row per
// human, with their screening and identity outcome), form progress, decisions, remediation
// history and the timeline.
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/Badge";
import { Time } from "../../components/Time";
import { comparison, type CompareRow, findTarget, type Result, riskTone, severityTone, words } from "./evidence";
import { decisionLine, documentKindLabel, sectionLabel } from "./decisions";
import { officerRows, type OfficerStatus, type PersonOutcome, personRows } from "./people";
import { factorSentence, riskExplanation } from "./risk";
import type { CaseDetail, CheckType, Decision } from "./types";

function ResultBadge({ result }: { result: Result }) {
  if (!result) return null;
  const tone = result === "match" ? "good" : result === "missing" ? "neutral" : "bad";
  const label = result === "not_found" ? "not found" : result === "differs" ? "differs" : result;
  return <Badge tone={tone}>{label}</Badge>;
}

export function Comparison({ detail, onShowDocument, onFind }: { detail: CaseDetail; onShowDocument: (name: string) => void; onFind: (row: CompareRow) => void }) {
  const rows = comparison(detail);
  if (rows.length === 0) return <p className="muted small">Nothing declared yet.</p>;
  const mismatches = rows.filter((r) => r.mismatch).length;
  return (
    <>
      <p className="small" data-testid="mismatch-count">
        {mismatches === 0 ? <span className="muted">No mismatch between the declared data, the registry and the documents.</span> : <strong className="tone-bad">{mismatches === 1 ? "1 mismatch" : `${mismatches} mismatches`}</strong>}
      </p>
      <div className="table-wrap flat">
        <table className="data compare" aria-label="Declared data beside the registry and the documents" data-testid="comparison">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Declared</th>
              <th scope="col">Registry</th>
              <th scope="col">Documents</th>
              <th scope="col">
                <span className="visually-hidden">On the document</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const target = findTarget(r, detail);
              return (
                <tr key={r.field} className={r.mismatch ? "mismatch" : undefined} data-testid={`compare-${r.field}`} data-mismatch={r.mismatch || undefined}>
                  <th scope="row">{r.label}</th>
                  <td data-testid="declared">{r.declared ?? <span className="muted">—</span>}</td>
                  <td data-testid="registry">
                    {r.registry ?? (r.registryResult && r.registryResult !== "match" ? <span className="muted small">the check gave no value</span> : r.registryResult ? null : <span className="muted">—</span>)} <ResultBadge result={r.registryResult} />
                  </td>
                  <td data-testid="documents">
                    <ResultBadge result={r.documentsResult} />
                    {r.documentsResult === "not_found" && <span className="small"> in no document</span>}
                    {r.foundIn && r.foundIn.length > 0 && (
                      <ul className="found-in">
                        {r.foundIn.map((name) => (
                          <li key={name}>
                            <button type="button" className="link small" onClick={() => onShowDocument(name)} title={`Show ${name}`}>
                              {name}
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                    {!r.documentsResult && !r.foundIn && <span className="muted">—</span>}
                  </td>
                  <td>
                    {target && detail.documents.length > 0 && (
                      <button type="button" className="small ghost" onClick={() => onFind(r)} title={`Mark “${target.text}” on the document`} data-testid={`find-${r.field}`}>
                        Find
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The registry's officers against the declared ones. */
export function Officers({ detail }: { detail: CaseDetail }) {
  const rows = officerRows(detail);
  if (rows === null) {
    return (
      <p className="muted small" data-testid="officers-none">
        The registry&apos;s record lists no officers or owners (registry files such as Companies House&apos;s and GLEIF&apos;s do not carry them): compare the declared people with the register of members among the documents.
      </p>
    );
  }
  const label: Record<OfficerStatus, string> = { matched: "declared and registered", missing: "declared, not in the registry", extra: "registered, not declared" };
  const tone: Record<OfficerStatus, "good" | "bad" | "warn"> = { matched: "good", missing: "bad", extra: "warn" };
  return (
    <table className="data" aria-label="Officers: registry against declared" data-testid="officers">
      <thead>
        <tr>
          <th scope="col">Officer</th>
          <th scope="col">Declared as</th>
          <th scope="col">Registry</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <tr key={`${o.status}-${o.name}`} data-testid={`officer-${o.status}`} className={o.status === "matched" ? undefined : "flag-warn"}>
            <td>{o.name}</td>
            <td className="small">{o.roles.length ? o.roles.join(", ") : <span className="muted">not declared</span>}</td>
            <td>
              <Badge tone={tone[o.status]}>{label[o.status]}</Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The risk level in sentences, each factor one click from its check's evidence. */
export function Risk({ detail, onShowEvidence }: { detail: CaseDetail; onShowEvidence: (type: CheckType) => void }) {
  const risk = riskExplanation(detail);
  return (
    <div className="stack small" style={{ gap: 6 }} data-testid="risk">
      <p style={{ margin: 0 }}>
        {risk.level && <Badge tone={riskTone(risk.level)}>{risk.level}</Badge>} <span data-testid="risk-headline">{risk.headline}</span>
      </p>
      {risk.factors.length > 0 && (
        <ul className="plain-list" data-testid="risk-factors">
          {risk.factors.map((f, i) => (
            <li key={i}>
              <Badge tone={severityTone(f.level)}>{f.level}</Badge> {factorSentence(f)}{" "}
              {f.check && (
                <button type="button" className="link small" onClick={() => f.check && onShowEvidence(f.check)}>
                  evidence
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function FormProgress({ detail }: { detail: CaseDetail }) {
  const progress = detail.form_progress;
  if (!progress) return null;
  const missing = Object.entries(detail.missing ?? {}).filter(([, fields]) => fields.length > 0);
  return (
    <div className="stack" style={{ gap: 8 }} data-testid="form-progress">
      <div className="row small" style={{ alignItems: "center" }}>
        <span>
          {progress.sections_completed} of {progress.sections_total} sections complete
        </span>
        <div className="progress" style={{ flex: 1, minWidth: 80 }} aria-hidden="true">
          <span style={{ width: `${(100 * progress.sections_completed) / Math.max(1, progress.sections_total)}%` }} />
        </div>
      </div>
      <ol className="stepper">
        {progress.sections.map((s) => (
          <li key={s.key} className={`step ${s.state}`}>
            <span className="step-dot" aria-hidden="true" />
            {s.title} <span className="muted small">({words(s.state)})</span>
          </li>
        ))}
      </ol>
      {missing.length > 0 && (
        <ul className="plain-list small">
          {missing.map(([section, fields]) => (
            <li key={section}>
              <span className="muted">{sectionLabel(section)} lacks:</span> {fields.join(", ")}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OutcomeCell({ outcome, onShowEvidence }: { outcome: PersonOutcome | null; onShowEvidence: (type: CheckType) => void }) {
  if (!outcome) return <span className="muted small">not checked</span>;
  return (
    <div className="small">
      <Badge tone={outcome.tone}>{outcome.label}</Badge>
      {outcome.summary && outcome.tone !== "good" && <div>{outcome.summary}</div>}
      <div>
        {outcome.verificationId ? (
          <Link to={`/verifications/${outcome.verificationId}`} data-testid="person-verification">
            Identity verification ›
          </Link>
        ) : (
          <button type="button" className="link small" onClick={() => onShowEvidence(outcome.type)} data-testid={`person-evidence-${outcome.type}`}>
            Evidence{outcome.simulated ? " (simulated)" : ""}
          </button>
        )}
      </div>
    </div>
  );
}

export function Persons({ detail, onShowEvidence }: { detail: CaseDetail; onShowEvidence: (type: CheckType) => void }) {
  const companies = detail.form.ownership?.companies ?? [];
  const rows = personRows(detail);
  if (rows.length === 0 && companies.length === 0) return <p className="muted small">No person declared yet.</p>;
  return (
    <div className="table-wrap flat">
      <table className="data" aria-label="Persons and owners" data-testid="persons">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Roles</th>
            <th scope="col">Born · nationality</th>
            <th scope="col">Owns</th>
            <th scope="col">Screening</th>
            <th scope="col">Identity</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ person: p, aml, kyc }) => (
            <tr key={p.key} data-testid="person-row">
              <td>
                {p.full_name || <span className="muted">unnamed</span>} {p.is_ubo && <Badge tone="info">UBO</Badge>}
              </td>
              <td className="small">{p.roles.filter((r) => r !== "ultimate_beneficial_owner").map(words).join(", ")}</td>
              <td className="small">
                <Time value={p.date_of_birth} dateOnly /> · {p.nationality ?? "—"}
              </td>
              <td className="num">{p.ownership_percentage != null ? `${p.ownership_percentage}%` : "—"}</td>
              <td data-testid="person-aml">
                <OutcomeCell outcome={aml} onShowEvidence={onShowEvidence} />
              </td>
              <td data-testid="person-kyc">
                <OutcomeCell outcome={kyc} onShowEvidence={onShowEvidence} />
              </td>
            </tr>
          ))}
          {companies.map((c, i) => (
            <tr key={`company-${i}`}>
              <td>
                {c.name ?? "(unnamed company)"} <Badge>company</Badge>
              </td>
              <td className="small">shareholder{c.registration_number ? ` · ${c.registration_number}` : ""}</td>
              <td className="small">{c.country ?? "—"}</td>
              <td className="num">{c.ownership_percentage != null ? `${c.ownership_percentage}%` : "—"}</td>
              <td colSpan={2} className="muted small">
                screened with the company&apos;s owners when declared as persons
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Decisions({ detail, pending }: { detail: CaseDetail; pending: Decision | null }) {
  const decisions = detail.decisions ?? [];
  if (decisions.length === 0) {
    // Cases decided before reviewer accounts existed have the decision in their timeline only.
    const earlier = detail.timeline.filter((e) => e.kind === "decided");
    if (earlier.length === 0) return <p className="muted small">No decision yet.</p>;
    return (
      <ol className="decisions" data-testid="decisions">
        {earlier.map((e, i) => {
          const note = (e.detail as Record<string, unknown> | null)?.note;
          return (
            <li key={i} className={`decision ${e.to_status?.startsWith("approved") ? "approve" : "reject"}`}>
              <div className="row" style={{ justifyContent: "space-between", alignItems: "baseline" }}>
                <strong>
                  {e.to_status ? words(e.to_status).replace(/^./, (c) => c.toUpperCase()) : "Decided"} by {actorName(e.actor)}
                </strong>
                <span className="muted small">
                  <Time value={e.at} />
                </span>
              </div>
              {typeof note === "string" && note && <p className="pre-line small">{note}</p>}
            </li>
          );
        })}
      </ol>
    );
  }
  return (
    <ol className="decisions" data-testid="decisions">
      {decisions.map((d) => (
        <li key={d.id} className={`decision ${d.decision}`} data-testid="decision">
          <div className="row" style={{ justifyContent: "space-between", alignItems: "baseline" }}>
            <strong>{decisionLine(d)}</strong>
            <span className="muted small">
              <Time value={d.at} />
            </span>
          </div>
          {d.id === pending?.id && <Badge tone="info">awaiting second approval{d.approver ? ` by ${d.approver.name}` : ""}</Badge>}
          {d.note && <p className="pre-line small">{d.note}</p>}
          {d.merchant_message && (
            <p className="pre-line small" data-testid="decision-merchant-message">
              <span className="muted">To the merchant: </span>
              {d.merchant_message}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

export function Remediations({ detail }: { detail: CaseDetail }) {
  if (detail.remediations.length === 0) return <p className="muted small">The merchant was never asked to fix anything.</p>;
  return (
    <ol className="plain-list" data-testid="remediations">
      {detail.remediations.map((r) => (
        <li key={r.id} className="subcard small">
          <div className="row" style={{ justifyContent: "space-between" }}>
            <strong>{r.document_kind ? documentKindLabel(r.document_kind) : sectionLabel(r.section)}</strong>
            {r.resolved_at ? <Badge tone="good">resolved</Badge> : <Badge tone="warn">open</Badge>}
          </div>
          <p className="pre-line" style={{ margin: "4px 0" }}>
            {r.message}
          </p>
          {r.note && (
            <p className="pre-line muted" style={{ margin: "0 0 4px" }}>
              Internal note: {r.note}
            </p>
          )}
          <div className="muted">
            {actorName(r.opened_by)} · <Time value={r.opened_at} />
            {r.resolved_at && (
              <>
                {" "}
                · resolved <Time value={r.resolved_at} />
              </>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** `reviewer:Ada` → `Ada`; `pipeline` → `the checks`; the other actors as they are. */
export function actorName(actor: string): string {
  if (actor.startsWith("reviewer:")) return actor.slice("reviewer:".length);
  if (actor === "pipeline") return "the checks";
  if (actor === "merchant") return "the merchant";
  if (actor === "api") return "the API";
  if (actor === "clock") return "the clock";
  return actor;
}

const TIMELINE_SHOWN = 12;

export function Timeline({ detail }: { detail: CaseDetail }) {
  const [all, setAll] = useState(false);
  const entries = [...detail.timeline].reverse();
  const shown = all ? entries : entries.slice(0, TIMELINE_SHOWN);
  return (
    <>
      <ol className="timeline small" data-testid="timeline">
        {shown.map((e, i) => (
          <li key={i}>
            <Time value={e.at} /> · <strong>{words(e.kind)}</strong> by {actorName(e.actor)}
            {e.from_status && e.to_status && (
              <span className="muted">
                {" "}
                ({words(e.from_status)} → {words(e.to_status)})
              </span>
            )}
            {timelineDetail(e.kind, e.detail as Record<string, unknown>)}
          </li>
        ))}
      </ol>
      {entries.length > TIMELINE_SHOWN && (
        <button type="button" className="link small" onClick={() => setAll(!all)} aria-expanded={all} style={{ marginTop: 8 }}>
          {all ? "Show the latest only" : `Show all ${entries.length} entries`}
        </button>
      )}
    </>
  );
}

function timelineDetail(kind: string, detail: Record<string, unknown>): string {
  const d = detail ?? {};
  if (kind === "section_saved" && d.section) return `: ${sectionLabel(String(d.section))}`;
  if ((kind === "document_added" || kind === "document_removed") && d.name) return `: ${String(d.name)}`;
  if (kind === "check_completed" && d.type) {
    const outcome = d.outcome as { verdict?: string } | undefined;
    return `: ${words(String(d.type))}${outcome?.verdict ? `, ${words(outcome.verdict)}` : ""}`;
  }
  if (kind === "remediation_opened" && d.message) return `: “${String(d.message)}”`;
  if (typeof d.note === "string" && d.note) return `: “${d.note}”`;
  return "";
}
