// One verification: its checks (and, in production, the reviewer's outcome of each check that
// waits for one), the documents side by side, what was read from them, and its history.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { get, getBlob, post } from "../../api/client";
import type { CheckError, CheckResult, CheckStep, PoiData, Profile, StoredDocument, Verification, VerificationFile } from "../../api/types";
import { Badge } from "../../components/Badge";
import { CopyButton } from "../../components/CopyButton";
import { PageHeader } from "../../components/Layout";
import { ErrorState, FormError, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { bytes, localTime, shortId } from "../../lib/format";
import { useSession } from "../../session";
import { DOCUMENT_NAMES, STEP_NAMES, statusTone } from "./parts";
import { ApplicantName } from "../../components/Names";

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
    queryKey: ["verification-file", environment, id, verification.data?.status, verification.data?.documents.length],
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
                <Check key={step} verification={v} step={step as CheckStep} check={check} codes={file.data?.reviewer_codes[step] ?? []} />
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

/** One check: status, findings, what it waits for, and the reviewer's form when it waits for one. */
function Check({ verification, step, check, codes }: { verification: Verification; step: CheckStep; check: CheckResult; codes: CheckError[] }) {
  const waitsForReviewer = !verification.is_sandbox && verification.status === "in_progress" && check.status === "in_progress";
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
      {check.note && <p className="small">{check.note}</p>}
      {check.decided_by && <p className="muted small">Decided by {check.decided_by}</p>}
      {waitsForReviewer && <ReviewerOutcome verification={verification} step={step} codes={codes} />}
    </div>
  );
}

/** Passed or failed, with a note; a failure names one of the codes the server offers for the check. */
function ReviewerOutcome({ verification, step, codes }: { verification: Verification; step: CheckStep; codes: CheckError[] }) {
  const { environment } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [chosen, setCode] = useState<number | null>(null);
  const code = chosen ?? codes[0]?.code ?? 0;
  const [note, setNote] = useState("");
  const record = useMutation({
    mutationFn: (verified: boolean) =>
      post<Verification>(`/_docket/verifications/${verification.id}/outcomes`, { check: step, verified, errors: verified ? [] : [code], note: note || null }),
    onSuccess: (next) => {
      queryClient.setQueryData(["verification", environment, verification.id], next);
      void queryClient.invalidateQueries({ queryKey: ["verifications"] });
      toast(`${STEP_NAMES[step]} recorded`);
    },
  });
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
        <button type="button" className="primary" onClick={() => record.mutate(true)} disabled={record.isPending} data-testid={`pass-${step}`}>
          Passed
        </button>
        <button type="button" className="danger" onClick={() => record.mutate(false)} disabled={record.isPending || codes.length === 0} data-testid={`fail-${step}`}>
          Failed
        </button>
      </div>
      <FormError error={record.error} />
    </div>
  );
}

/** A document's preview (fetched with the console's headers) and its file's facts. */
function DocumentView({ document }: { document: StoredDocument }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    getBlob(`/api/v3/documents/${document.document_id}/preview`, controller.signal)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [document.document_id]);
  const open = async () => {
    const blob = await getBlob(`/api/v3/documents/${document.document_id}`);
    window.open(URL.createObjectURL(blob), "_blank", "noopener");
  };
  return (
    <figure style={{ margin: 0 }} data-testid="document">
      {url ? <img src={url} alt={DOCUMENT_NAMES[document.document_type]} style={{ width: "100%", borderRadius: 8, border: "1px solid var(--border)" }} /> : <div className="muted small">{error ?? "Loading the preview…"}</div>}
      <figcaption className="small">
        <strong>{DOCUMENT_NAMES[document.document_type]}</strong>
        {document.issued_country ? ` · ${document.issued_country}` : ""}
        <div className="muted">
          {document.file_name ?? "unnamed"} · {document.content_type} · {bytes(document.size)} · <Time value={document.created_at} />
        </div>
        <div className="muted" title="SHA-256 of the file">
          <code>{document.sha256.slice(0, 16)}…</code>{" "}
          <button type="button" className="small ghost" onClick={() => void open()}>
            Open original
          </button>
        </div>
      </figcaption>
    </figure>
  );
}
