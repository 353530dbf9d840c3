// One applicant: what was provided beside what Docket holds (system info), screening state,
// its screenings, and the actions on it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { del, get, post } from "../../api/client";
import type { Applicant, ApplicantInfo, Page, SearchSummary } from "../../api/types";
import { Badge, riskTone } from "../../components/Badge";
import { CopyButton } from "../../components/CopyButton";
import { Confirm } from "../../components/Confirm";
import { PageHeader } from "../../components/Layout";
import { ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { displayName, localTime } from "../../lib/format";
import { can, useReviewer, useSession } from "../../session";
import { ApplicantNondoc } from "../nondoc/ApplicantNondoc";
import { ApplicantTransactions } from "../transmon/ApplicantTransactions";
import { ApplicantDocuments } from "./ApplicantDocuments";
import { ApplicantStatements } from "./ApplicantStatements";

const FIELDS: { key: keyof ApplicantInfo; label: string }[] = [
  { key: "full_name", label: "Full name" },
  { key: "first_name", label: "First name" },
  { key: "last_name", label: "Last name" },
  { key: "dob", label: "Date of birth" },
  { key: "gender", label: "Gender" },
  { key: "citizenship", label: "Citizenship" },
  { key: "country", label: "Country" },
  { key: "address", label: "Address" },
  { key: "addresses", label: "Addresses" },
  { key: "registration_id", label: "Registration id" },
  { key: "email", label: "Email" },
  { key: "phone", label: "Phone" },
  { key: "custom_fields", label: "Custom fields" },
];

type Address = { street?: string | null; city?: string | null; postal_code?: string | null; state?: string | null; country?: string | null };

/** One address on one line, in the usual order. */
export function addressLine(a: Address): string {
  return [a.street, [a.postal_code, a.city].filter(Boolean).join(" "), a.state, a.country].filter(Boolean).join(", ");
}

/** A field's value for reading: addresses and custom fields as lines, never raw JSON. */
export function show(key: keyof ApplicantInfo, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value !== "object") return String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "—";
  if (key === "addresses") return entries.map(([kind, a]) => `${kind}: ${addressLine((a ?? {}) as Address)}`).join("\n");
  return entries.map(([k, v]) => `${k}: ${typeof v === "object" && v !== null ? JSON.stringify(v) : String(v)}`).join("\n");
}

export function useApplicant(id: string | undefined) {
  const { environment } = useSession();
  return useQuery({
    queryKey: ["applicant", environment, id],
    queryFn: ({ signal }) => get<Applicant>(`/api/v3/applicants/${id}`, undefined, signal),
    enabled: Boolean(id),
    // Turning monitoring on screens in the background: look again until the screening is in.
    refetchInterval: (q) => (q.state.data?.aml_screening_enabled && !q.state.data.last_screened_at ? 1000 : false),
  });
}

export function ApplicantDetail() {
  const { id } = useParams();
  const applicant = useApplicant(id);
  if (applicant.isPending) return <Loading what="the applicant" />;
  if (applicant.error) return <ErrorState error={applicant.error} retry={() => void applicant.refetch()} />;
  return <Detail applicant={applicant.data} />;
}

function Detail({ applicant }: { applicant: Applicant }) {
  const { environment } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const name = displayName(applicant.system_info) || "(no name)";

  // The state asked for, shown at once (set in the same event, so the checkbox never flickers back).
  const [wanted, setWanted] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => post(`/api/v3/applicants/${applicant.applicant_id}/screening`, { aml_screening_enabled: enabled }),
    onSuccess: (_, enabled) => {
      // Show the new state at once; the refetch below brings the screening's results.
      queryClient.setQueryData<Applicant>(["applicant", environment, applicant.applicant_id], (old) => old && { ...old, aml_screening_enabled: enabled });
      toast(enabled ? "Monitoring on: screened now and daily" : "Monitoring off");
      void queryClient.invalidateQueries();
    },
    onError: (e) => toast(e.message, "bad"),
    onSettled: () => setWanted(null),
  });
  const remove = useMutation({
    mutationFn: () => del(`/api/v3/applicants/${applicant.applicant_id}`),
    onSuccess: () => {
      toast(`${name} deleted`);
      void queryClient.invalidateQueries({ queryKey: ["applicants"] });
      navigate("/applicants");
    },
    onError: (e) => toast(e.message, "bad"),
  });
  // Deleting is an admin's (or the integration's key): not offered to other reviewers.
  const admin = can(useReviewer()?.role, "admin");
  const monitored = wanted ?? applicant.aml_screening_enabled;
  const screenings = useQuery({
    queryKey: ["history", environment, { applicant_id: applicant.applicant_id, screened: applicant.last_screened_at }],
    queryFn: ({ signal }) => get<Page<SearchSummary>>("/api/v3/aml/search/history", { applicant_id: applicant.applicant_id, limit: 10 }, signal),
  });

  return (
    <>
      <PageHeader title={name} description={`${applicant.type} · created ${localTime(applicant.created_at)}`}>
        <Link className="button" to={`/applicants/${applicant.applicant_id}/edit`} data-testid="edit-applicant">
          Edit
        </Link>
        {admin && (
          <button type="button" className="danger" onClick={() => setDeleting(true)} data-testid="delete-applicant">
            Delete
          </button>
        )}
      </PageHeader>
      <div className="with-panel">
        <section className="card" aria-labelledby="info-title">
          <h2 id="info-title">Information</h2>
          <p className="muted small">What the caller provided beside what Docket holds (system info). A difference is highlighted.</p>
          <table className="data fixed" data-testid="info-table">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Provided</th>
                <th scope="col">System</th>
              </tr>
            </thead>
            <tbody>
              {FIELDS.map(({ key, label }) => {
                const provided = show(key, applicant.provided_info?.[key]);
                const system = show(key, applicant.system_info?.[key]);
                if (provided === "—" && system === "—") return null;
                return (
                  <tr key={key}>
                    <th scope="row">{label}</th>
                    <td className="lines">{provided}</td>
                    <td className="lines" style={provided !== system ? { background: "var(--warn-soft)" } : undefined}>
                      {system}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
        <div>
          <section className="card" aria-labelledby="ids-title">
            <h2 id="ids-title">Identifiers</h2>
            <dl className="facts">
              <dt>Applicant id</dt>
              <dd>
                <code>{applicant.applicant_id}</code> <CopyButton value={applicant.applicant_id} />
              </dd>
              <dt>External id</dt>
              <dd>
                <code>{applicant.external_id ?? "—"}</code>
              </dd>
              <dt>Email</dt>
              <dd>{applicant.email ?? "—"}</dd>
              <dt>Phone</dt>
              <dd>{applicant.phone ?? "—"}</dd>
              <dt>Verification</dt>
              <dd>
                <Badge>{applicant.verification_status}</Badge>
              </dd>
              <dt>Updated</dt>
              <dd>
                <Time value={applicant.updated_at} />
              </dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="screening-title" data-testid="screening-card">
            <h2 id="screening-title">AML screening</h2>
            <dl className="facts">
              <dt>Monitoring</dt>
              <dd>
                <label className="inline">
                  <input type="checkbox" checked={monitored} onChange={(e) => {
                      setWanted(e.target.checked);
                      toggle.mutate(e.target.checked);
                    }} disabled={toggle.isPending} data-testid="toggle-monitoring" />
                  {monitored ? "On: screened daily and on every change" : "Off"}
                </label>
              </dd>
              <dt>Last screened</dt>
              <dd>{applicant.aml_screening_enabled && !applicant.last_screened_at ? <span className="muted">Screening now…</span> : <Time value={applicant.last_screened_at} />}</dd>
              <dt>Risk</dt>
              <dd>{applicant.last_risk_score ? <Badge tone={riskTone(applicant.last_risk_score)}>{applicant.last_risk_score}</Badge> : <span className="muted">no hits</span>}</dd>
              <dt>Tags</dt>
              <dd className="badges">{applicant.last_tags?.length ? applicant.last_tags.map((t) => <Badge key={t}>{t}</Badge>) : "—"}</dd>
              <dt>Options</dt>
              <dd className="small">
                {applicant.search_options.fuzziness ? `fuzzy (level ${applicant.search_options.fuzziness_level})` : "exact"}
                {applicant.search_options.phonetics ? ", phonetics" : ""}
                {applicant.search_options.tags.length ? `, tags ${applicant.search_options.tags.join(", ")}` : ""}
                {applicant.search_options.risk_scores.length ? `, risk ${applicant.search_options.risk_scores.join(", ")}` : ""}
              </dd>
            </dl>
            <h3 style={{ marginTop: 14 }}>Screenings</h3>
            {screenings.isPending ? (
              <Loading what="screenings" />
            ) : screenings.error ? (
              <ErrorState error={screenings.error} />
            ) : screenings.data.data.length === 0 ? (
              <p className="muted small">Not screened yet. Turn monitoring on to screen now and daily.</p>
            ) : (
              <ul className="stack" style={{ listStyle: "none", padding: 0, gap: 6 }}>
                {screenings.data.data.map((s) => (
                  <li key={s.search_uuid} className="row" style={{ alignItems: "center" }} data-testid="screening-entry">
                    <Link to={`/aml?report=${s.search_uuid}`}>
                      <Time value={s.searched_at} />
                    </Link>
                    <span>{s.hits} hits</span>
                    {s.max_risk_score && <Badge tone={riskTone(s.max_risk_score)}>{s.max_risk_score}</Badge>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
      <ApplicantNondoc applicantId={applicant.applicant_id} />
      <ApplicantDocuments applicantId={applicant.applicant_id} />
      <ApplicantStatements applicantId={applicant.applicant_id} />
      <ApplicantTransactions applicantId={applicant.applicant_id} />
      <Confirm open={deleting} title="Delete this applicant?" action="Delete" onConfirm={() => remove.mutate()} onClose={() => setDeleting(false)} pending={remove.isPending} testId="confirm-delete">
        <p>
          {name} is erased from the {environment}: the applicant, its verifications and documents, bank statements, AML history, monitored transactions, e-mail checks, non-document checks, KYT checks, deepfake analyses, events and unsent webhooks, and every request journal body that names them. The erasure log keeps only the id, the time and your name. This cannot be undone.
        </p>
      </Confirm>
    </>
  );
}
