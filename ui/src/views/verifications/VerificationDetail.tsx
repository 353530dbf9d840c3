// One verification: the document review (the identity document beside the declared data and
// what was read, the reviewer's reading, outcomes with their undo minute), its checks, the
// documents side by side, what was read from them, and its history.
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { get } from "../../api/client";
import type { CheckError, CheckResult, CheckStep, PoiData, Profile, Verification, VerificationFile } from "../../api/types";
import { Badge } from "../../components/Badge";
import { CopyButton } from "../../components/CopyButton";
import { PageHeader } from "../../components/Layout";
import { ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { localTime, shortId } from "../../lib/format";
import { useSession } from "../../session";
import { DocumentView } from "./DocumentView";
import { DOCUMENT_NAMES, STEP_NAMES, statusTone } from "./parts";
import { ApplicantName } from "../../components/Names";
import { OutcomeForm, ReviewCard, identityDocuments } from "./Review";

const POI_FIELDS: { key: keyof PoiData; label: string }[] = [
  { key: "full_name", label: "Full name" },
  { key: "birth_date", label: "Date of birth" },
  { key: "sex", label: "Sex" },
  { key: "nationality", label: "Nationality" },
  { key: "document_number", label: "Document number" },
  { key: "country", label: "Issuing country" },
  { key: "expiry_date", label: "Expires" },
  { key: "issue_date", label: "Issued" },
  { key: "parsed_type", label: "Document" },
  { key: "raw_mrz_type", label: "MRZ type" },
];

export function VerificationDetail() {
  const { id } = useParams();
  const { environment } = useSession();
  const verification = useQuery({
    queryKey: ["verification", environment, id],
    queryFn: ({ signal }) => get<Verification>(`/api/v3/verifications/${id}`, undefined, signal),
    refetchInterval: (q) => (q.state.data?.status === "in_progress" && q.state.data.is_sandbox ? 1500 : false),
  });
  const profile = useQuery({
    queryKey: ["profile", environment, verification.data?.profile_id],
    queryFn: ({ signal }) => get<Profile>(`/api/v3/profiles/${verification.data?.profile_id}`, undefined, signal),
    enabled: Boolean(verification.data),
  });
  const file = useQuery({
    queryKey: ["verification-file", environment, id, verification.data?.status, verification.data?.documents.length, verification.data?.checks],
    queryFn: ({ signal }) => get<VerificationFile>(`/_docket/verifications/${id}/file`, undefined, signal),
    enabled: Boolean(verification.data),
  });
  if (verification.isPending) return <Loading what="the verification" />;
  if (verification.error) return <ErrorState error={verification.error} retry={() => void verification.refetch()} />;
  const v = verification.data;
  return (
    <>
      <PageHeader title={`Verification ${v.verification_url_id}`} description={`${v.is_sandbox ? "Sandbox" : "Production"} · created ${localTime(v.created_at)}`}>
        <Badge tone={statusTone(v.status)}>{v.status.replace("_", " ")}</Badge>
      </PageHeader>
      {file.data && identityDocuments(file.data.documents).length > 0 && (v.status === "in_progress" || file.data.review.reading) && (
        <ReviewCard verification={v} file={file.data} readAt={file.dataUpdatedAt} />
      )}
      <div className="with-panel">
        <div>
          <section className="card" aria-labelledby="documents-title">
            <h2 id="documents-title">Documents</h2>
            {file.isPending ? (
              <Loading what="the documents" />
            ) : file.error ? (
              <ErrorState error={file.error} />
            ) : file.data.documents.length === 0 ? (
              <p className="muted small">No document uploaded yet.</p>
            ) : (
              <div className="grid-2" data-testid="documents">
                {file.data.documents.map((d) => (
                  <DocumentView key={d.document_id} document={d} />
                ))}
              </div>
            )}
          </section>
          <section className="card" aria-labelledby="checks-title" data-testid="checks-card">
            <h2 id="checks-title">Checks</h2>
            {v.duplicated_applicant_ids.length > 0 && (
              <p className="notice warn" data-testid="duplicates">
                The same document was sent for {v.duplicated_applicant_ids.length === 1 ? "another applicant" : "other applicants"}:{" "}
                {v.duplicated_applicant_ids.map((a) => (
                  <span key={a}>
                    <ApplicantName id={a} />{" "}
                  </span>
                ))}
              </p>
            )}
            <div className="stack">
              {Object.entries(v.checks).map(([step, check]) => (
                <Check
                  key={step}
                  verification={v}
                  step={step as CheckStep}
                  check={check}
                  codes={file.data?.reviewer_codes[step] ?? []}
                  held={Boolean(file.data?.review.pending_outcomes.some((p) => p.check === step))}
                />
              ))}
            </div>
          </section>
        </div>
        <div>
          <section className="card" aria-labelledby="facts-title">
            <h2 id="facts-title">Verification</h2>
            <dl className="facts">
              <dt>Applicant</dt>
              <dd>
                <ApplicantName id={v.applicant_id} />
              </dd>
              <dt>Hosted page</dt>
              <dd>
                <a href={v.verification_url} target="_blank" rel="noreferrer">
                  {v.verification_url_id}
                </a>{" "}
                <CopyButton value={v.verification_url} />
              </dd>
              <dt>Country</dt>
              <dd>{v.country_code ?? "—"}</dd>
              <dt>Expires</dt>
              <dd>
                <Time value={v.expires_at} />
              </dd>
              <dt>Completed</dt>
              <dd>
                <Time value={v.completed_at} />
              </dd>
              <dt>Profile</dt>
              <dd>
                <Link to="/verifications/profiles">{profile.data?.name ?? shortId(v.profile_id)}</Link>
              </dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="poi-title" data-testid="poi-card">
            <h2 id="poi-title">Read from the document</h2>
            {v.poi_data ? (
              <dl className="facts">
                {POI_FIELDS.filter(({ key }) => v.poi_data?.[key] != null).map(({ key, label }) => (
                  <div key={key} style={{ display: "contents" }}>
                    <dt>{label}</dt>
                    <dd>{String(v.poi_data?.[key])}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="muted small">Nothing yet: the document is read when the checks run.</p>
            )}
            {Object.keys(v.manual_fields).filter((k) => k !== "custom_fields").length > 0 && (
              <>
                <h3>Filled in by the person</h3>
                <dl className="facts">
                  {Object.entries(v.manual_fields).map(([k, value]) => (
                    <div key={k} style={{ display: "contents" }}>
                      <dt>{k.replace("_", " ")}</dt>
                      <dd>{typeof value === "object" ? Object.entries(value as Record<string, unknown>).map(([a, b]) => `${a}: ${String(b)}`).join(", ") || "—" : String(value)}</dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
          </section>
          <section className="card" aria-labelledby="timeline-title" data-testid="timeline">
            <h2 id="timeline-title">Timeline</h2>
            {file.data && (
              <ol className="stack small" style={{ paddingLeft: 18, gap: 6 }}>
                {file.data.timeline.map((e, i) => (
                  <li key={i}>
                    <Time value={e.at} /> · {e.what}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

/** One check: status, findings, what it waits for, and the reviewer's form when it waits for one (and has no outcome held for its minute). */
function Check({ verification, step, check, codes, held }: { verification: Verification; step: CheckStep; check: CheckResult; codes: CheckError[]; held: boolean }) {
  // Docket's own checks leave a note on what waits for a person; a check still running has none.
  const waitsForReviewer = verification.status === "in_progress" && check.status === "in_progress" && Boolean(check.note) && !held;
  return (
    <div className="card" data-testid={`check-${step}`}>
      <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
        <strong>{STEP_NAMES[step]}</strong>
        <Badge tone={statusTone(check.status)}>{check.status.replace("_", " ")}</Badge>
      </div>
      {check.errors.length > 0 && (
        <ul className="small" style={{ margin: "6px 0" }}>
          {check.errors.map((e) => (
            <li key={e.code}>
              <code>{e.code}</code> {e.message}
            </li>
          ))}
        </ul>
      )}
      {check.pending_documents.length > 0 && <p className="muted small">Waiting for: {check.pending_documents.map((d) => DOCUMENT_NAMES[d]).join(" or ")}</p>}
      {check.note && <p className="small pre-line">{check.note}</p>}
      {check.decided_by && <p className="muted small">Decided by {check.decided_by}</p>}
      {held && <p className="small" data-testid={`held-${step}`}>An outcome is recorded: it takes effect when its minute is over (see the review above).</p>}
      {waitsForReviewer && <OutcomeForm verification={verification} step={step} codes={codes} />}
    </div>
  );
}
