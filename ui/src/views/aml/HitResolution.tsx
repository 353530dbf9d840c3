// Hit resolution: a screening's hits, each with its one risk level and its disposition, and one
// click away the screened party beside the listed entity, the score's explanation and the
// disposition form (true match, false positive, needs more information; a reason; a note).
// `ScreeningHits` takes a screening's id and is placed wherever a screening is shown: the AML
// report of a past screening, and a KYB case's AML checks (per person, in the case file).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { Link } from "react-router";
import { get, post } from "../../api/client";
import type { Hit, SearchReport } from "../../api/types";
import { Badge, riskTone } from "../../components/Badge";
import { ErrorState, FormError, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { useSession } from "../../session";
import { countryName } from "./explain";
import { compareParty, DISPOSITIONS, dispositionLabel, type DispositionKind, hitRisk, isOpen, reasonLabel, reasonsFor, type ScreenedParty, screenedFor, suggestedReason, verdictLabel } from "./hits";
import { HitExplanation, LevelBadge } from "./parts";

/** The stored screening, with each hit's dispositions. */
export function useScreening(searchId: string) {
  const { environment } = useSession();
  return useQuery({
    queryKey: ["aml-report", environment, searchId],
    queryFn: ({ signal }) => get<SearchReport>(`/api/v3/aml/search/history/${searchId}`, undefined, signal),
  });
}

/** A screening's hits with their dispositions; `only` narrows it to one entity. */
export function ScreeningHits({ searchId, only }: { searchId: string; only?: string }) {
  const report = useScreening(searchId);
  if (report.isPending) return <Loading what="the screening's hits" />;
  if (report.error) return <ErrorState error={report.error} retry={() => void report.refetch()} />;
  return <ScreeningHitsOf report={report.data} only={only} />;
}

export function ScreeningHitsOf({ report, only }: { report: SearchReport; only?: string }) {
  const hits = only ? report.data.filter((h) => h.uuid === only) : report.data;
  const [open, setOpen] = useState<string | null>(only ?? null);
  const party = report.screened ?? null;
  const openCount = report.data.filter(isOpen).length;
  if (hits.length === 0) return <p className="muted small">{only ? "The screening no longer holds this hit." : "No hits."}</p>;
  return (
    <div className="stack small" style={{ gap: 6 }} data-testid="screening-hits">
      {!only && party && (
        <p className="muted" style={{ margin: 0 }}>
          {report.data.length} hit{report.data.length === 1 ? "" : "s"} {screenedFor(party)}: {openCount === 0 ? "every one disposed of" : `${openCount} still potential`}.
        </p>
      )}
      <table className="data" aria-label={`Hits of the screening of ${report.requested_name}`}>
        <thead>
          <tr>
            <th scope="col">Listed name</th>
            <th scope="col">Risk</th>
            <th scope="col">Match strength</th>
            <th scope="col">Disposition</th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {hits.map((h) => (
            <Fragment key={h.uuid}>
              <tr id={`hit-${report.search_uuid}-${h.uuid}`} data-testid="screening-hit">
                <td>
                  <Link to={`/aml/entities/${h.uuid}`}>{h.search_metadata.best_match_name}</Link>
                  <div className="muted">{h.tags.join(", ")}</div>
                </td>
                <td>
                  <Badge tone={riskTone(hitRisk(h))}>{hitRisk(h)}</Badge>
                </td>
                <td>
                  <LevelBadge level={h.search_metadata.general_match_level} />
                </td>
                <td data-testid="hit-disposition">
                  <DispositionBadge hit={h} />
                </td>
                <td>
                  <button type="button" className="small" onClick={() => setOpen(open === h.uuid ? null : h.uuid)} aria-expanded={open === h.uuid} data-testid="explain-hit">
                    {open === h.uuid ? "Close" : party ? "Compare and dispose" : "Why this score"}
                  </button>
                </td>
              </tr>
              {open === h.uuid && (
                <tr className="evidence-row">
                  <td colSpan={5}>
                    <HitResolution report={report} hit={h} />
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

function DispositionBadge({ hit }: { hit: Hit }) {
  const d = hit.disposition;
  if (!d) {
    const earlier = (hit.disposition_history ?? []).length > 0;
    return <Badge tone="warn" title={earlier ? "Disposed of before the list entry changed: potential again" : undefined}>{earlier ? "potential again" : "potential"}</Badge>;
  }
  const l = dispositionLabel(d.disposition);
  return (
    <Badge tone={l.tone} title={`${reasonLabel(d.reason)}, by ${d.by}`}>
      {l.label}
    </Badge>
  );
}

/** One hit: the comparison, the explanation, the disposition in force, its history and the form. */
export function HitResolution({ report, hit }: { report: SearchReport; hit: Hit }) {
  const party = report.screened ?? null;
  return (
    <div className="stack" style={{ gap: 12 }} data-testid="hit-resolution">
      {party && <Comparison party={party} hit={hit} />}
      <HitExplanation hit={hit} />
      {party ? (
        <>
          <DispositionHistory hit={hit} />
          <DispositionForm key={hit.disposition?.id ?? "none"} report={report} hit={hit} party={party} />
        </>
      ) : (
        <p className="muted small">A search of a name: its hits are not disposed of. Screenings of applicants and of KYB cases are.</p>
      )}
    </div>
  );
}

function Values({ values, countries = false }: { values: string[]; countries?: boolean }) {
  if (values.length === 0) return <span className="muted">not given</span>;
  return (
    <>
      {values.map((v, i) => (
        <span key={`${v}-${i}`}>
          {i > 0 && ", "}
          {countries ? <abbr title={countryName(v)}>{v}</abbr> : v}
        </span>
      ))}
    </>
  );
}

function Comparison({ party, hit }: { party: ScreenedParty; hit: Hit }) {
  const rows = compareParty(party, hit);
  return (
    <table className="data comparison" aria-label="The screened party beside the listed entity" data-testid="hit-comparison">
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">{party.kind === "applicant" ? "Applicant" : party.kind === "case_company" ? "Company" : "Person"}</th>
          <th scope="col">On the list</th>
          <th scope="col" />
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const v = verdictLabel(r.verdict);
          const countries = r.label === "Nationality" || r.label === "Countries";
          return (
            <tr key={r.label} data-testid={`compare-${r.label.toLowerCase().replace(/ /g, "-")}`}>
              <th scope="row">{r.label}</th>
              <td>
                <Values values={r.party} countries={countries} />
              </td>
              <td>
                <Values values={r.listed} countries={countries} />
              </td>
              <td>
                <Badge tone={v.tone}>{v.label}</Badge>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function DispositionHistory({ hit }: { hit: Hit }) {
  const history = hit.disposition_history ?? [];
  if (history.length === 0) return null;
  return (
    <div className="small">
      <h3>Dispositions</h3>
      <ul className="plain-list" data-testid="disposition-history">
        {history.map((d) => (
          <li key={d.id}>
            <Badge tone={dispositionLabel(d.disposition).tone}>{dispositionLabel(d.disposition).label}</Badge> {reasonLabel(d.reason)} · {d.by} · <Time value={d.at} />
            {d.replaced_at ? <span className="muted"> · replaced</span> : d.entity_version !== hit.entity_version ? <span className="muted"> · the list entry changed since</span> : null}
            {d.note && <div className="pre-line muted">{d.note}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DispositionForm({ report, hit, party }: { report: SearchReport; hit: Hit; party: ScreenedParty }) {
  const { environment } = useSession();
  const client = useQueryClient();
  const toast = useToast();
  const rows = compareParty(party, hit);
  const [kind, setKind] = useState<DispositionKind | "">("");
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const dispose = useMutation({
    mutationFn: (body: { disposition: DispositionKind; reason: string; note: string }) => post<Hit>(`/_docket/aml/screenings/${report.search_uuid}/hits/${hit.uuid}/disposition`, body),
    onSuccess: (next) => {
      client.setQueryData<SearchReport>(["aml-report", environment, report.search_uuid], (r) => (r ? { ...r, data: r.data.map((h) => (h.uuid === next.uuid ? next : h)) } : r));
      // The case's open flags follow the hits' dispositions.
      void client.invalidateQueries({ queryKey: ["kyb-case"] });
      toast(`${hit.search_metadata.best_match_name}: ${dispositionLabel(next.disposition?.disposition ?? "").label.toLowerCase()}`);
    },
  });
  const choose = (k: DispositionKind) => {
    setKind(k);
    setReason(suggestedReason(k, rows));
  };
  const ready = kind !== "" && reason !== "" && (reason !== "other" || note.trim() !== "");
  return (
    <form
      className="stack subcard"
      style={{ gap: 8 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (ready && kind) dispose.mutate({ disposition: kind, reason, note: note.trim() });
      }}
      data-testid="disposition-form"
    >
      <fieldset className="row" style={{ gap: 12, border: 0, padding: 0, margin: 0 }}>
        <legend className="small">{hit.disposition ? "Change the disposition" : "Dispose of this hit"}</legend>
        {DISPOSITIONS.map((d) => (
          <label key={d.value} className="inline">
            <input type="radio" name={`disposition-${hit.uuid}`} value={d.value} checked={kind === d.value} onChange={() => choose(d.value)} data-testid={`disposition-${d.value}`} />
            {d.label}
          </label>
        ))}
      </fieldset>
      {kind && (
        <>
          <label>
            Reason
            <select value={reason} onChange={(e) => setReason(e.target.value)} required data-testid="disposition-reason">
              <option value="" disabled>
                Choose a reason…
              </option>
              {reasonsFor(kind).map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Note {reason === "other" ? "(required)" : "(what you compared)"}
            <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={2000} data-testid="disposition-note" />
          </label>
          {kind === "false_positive" && party.kind === "applicant" && <p className="muted small">Remembered for this applicant's monitoring until the list entry changes.</p>}
          <FormError error={dispose.error} />
          <div className="actions">
            <button type="submit" className="primary" disabled={!ready || dispose.isPending} data-testid="disposition-submit">
              Record the disposition
            </button>
          </div>
        </>
      )}
    </form>
  );
}
