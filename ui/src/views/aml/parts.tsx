// Pieces the AML views share: level and filter badges, countries, a hit's score explanation,
// the FATF table, and the queries for lists and the FATF table.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { get } from "../../api/client";
import type { FatfRecord, Hit, Snapshot } from "../../api/types";
import { Badge, riskTone } from "../../components/Badge";
import { useSession } from "../../session";
import { hitRisk } from "./hits";
import { barWidth, countryName, fatfStatus, filterOutcome, matchLevel, methodLabel, percentage, similarity } from "./explain";

export function useLists() {
  const { environment } = useSession();
  return useQuery({ queryKey: ["aml-lists", environment], queryFn: ({ signal }) => get<{ data: Snapshot[] }>("/_docket/aml/lists", undefined, signal) });
}

export function useFatf() {
  return useQuery({ queryKey: ["aml-fatf"], queryFn: ({ signal }) => get<{ data: FatfRecord[] }>("/_docket/aml/fatf", undefined, signal), staleTime: 60_000 });
}

export function LevelBadge({ level }: { level: string }) {
  const l = matchLevel(level);
  return (
    <Badge tone={l.tone} title={l.help}>
      {l.label}
    </Badge>
  );
}

export function FilterBadge({ match }: { match: string }) {
  const f = filterOutcome(match);
  return (
    <Badge tone={f.tone} title={f.help}>
      {f.label}
    </Badge>
  );
}

export function ScoreBar({ percent, label, text }: { percent: number; label?: string; text?: string }) {
  return (
    <span className="nowrap" title={label}>
      <span className="score-bar" aria-hidden="true">
        <span style={{ width: barWidth(percent) }} />
      </span>
      {text ?? percentage(percent)}
    </span>
  );
}

/** Country codes with their names on hover; `weak` ones (birth, role, media) muted. */
export function Countries({ strong, weak = [] }: { strong: string[]; weak?: string[] }) {
  if (strong.length === 0 && weak.length === 0) return <span className="muted">—</span>;
  return (
    <span className="country-codes">
      {strong.map((c) => (
        <abbr key={c} title={countryName(c)}>
          {c}
        </abbr>
      ))}
      {weak.map((c) => (
        <abbr key={c} title={`${countryName(c)} (place of birth, political role or media)`} className="muted">
          {c}
        </abbr>
      ))}
    </span>
  );
}

export function FatfBadge({ status }: { status: string }) {
  const s = fatfStatus(status);
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

/** The FATF records as a table: country, status, what it means, the FATF's page. */
export function FatfTable({ records, testId }: { records: FatfRecord[]; testId?: string }) {
  return (
    <div className="table-wrap">
      <table className="data" data-testid={testId} aria-label="FATF statuses">
        <thead>
          <tr>
            <th scope="col">Country</th>
            <th scope="col">Status</th>
            <th scope="col">Description</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.country} data-testid="fatf-row">
              <td>
                <code>{r.country}</code> {countryName(r.country)}
              </td>
              <td>
                <FatfBadge status={r.fatf_status} />
              </td>
              <td>{r.description}</td>
              <td>
                <a href={r.url} target="_blank" rel="noreferrer">
                  FATF
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Why a hit scored what it did: the summary, the token pairs, what was left over, the filters. */
export function HitExplanation({ hit }: { hit: Hit }) {
  const meta = hit.search_metadata;
  const e = meta.explanation;
  const score = e.name.score;
  return (
    <div className="explain" data-testid="aml-explanation">
      <div className="stack" style={{ gap: 10 }}>
        <p className="explain-summary">{e.summary}</p>
        <div className="small">
          <span className="muted">Query </span>“{e.query_name}” <span className="muted">met listed name</span> “{e.listed_name}”
        </div>
        <div className="row small" style={{ alignItems: "center", gap: 8 }}>
          <span className="muted">Name score</span>
          <ScoreBar percent={score * 100} />
          <span className="muted">needs {percentage(e.threshold * 100)} (threshold {similarity(e.threshold)})</span>
          {e.name.exact && <Badge tone="info">exact</Badge>}
        </div>
        <div>
          <h3>Token pairs</h3>
          {e.name.matches.length ? (
            <div className="tokens" data-testid="token-pairs">
              {e.name.matches.map((m, i) => (
                <span className="token" key={`${m.query}-${m.listed}-${i}`} title={`${m.query} → ${m.listed}: similarity ${similarity(m.similarity)}, ${methodLabel(m.method)}`}>
                  <b>{m.query}</b> → <b>{m.listed}</b> <span className="muted">
                    {similarity(m.similarity)} · {methodLabel(m.method)}
                  </span>
                </span>
              ))}
            </div>
          ) : (
            <p className="muted small">No name tokens paired{e.identifier_match ? ": the hit was found by its identifier." : "."}</p>
          )}
        </div>
        {(e.name.unmatched_query.length > 0 || e.name.unmatched_listed.length > 0) && (
          <div className="grid-2 small">
            <div>
              <div className="muted">Query tokens not on the list</div>
              <Tokens values={e.name.unmatched_query} />
            </div>
            <div>
              <div className="muted">Listed tokens not in the query</div>
              <Tokens values={e.name.unmatched_listed} />
            </div>
          </div>
        )}
      </div>
      <dl className="facts small">
        <dt>Identifier</dt>
        <dd>{e.identifier_match ? <Badge tone="bad">shared: {e.identifier_match}</Badge> : <span className="muted">none shared</span>}</dd>
        <dt>Date of birth</dt>
        <dd>
          <FilterBadge match={meta.date_of_birth_matched} />
        </dd>
        <dt>Country</dt>
        <dd>
          <FilterBadge match={meta.country_matched} />
        </dd>
        <dt>Gender</dt>
        <dd>
          <FilterBadge match={meta.gender_matched} />
        </dd>
        <dt>Name level</dt>
        <dd>
          <LevelBadge level={meta.name_match_level} /> <span className="muted">{percentage(meta.name_match_percentage)}</span>
        </dd>
        <dt>Match strength</dt>
        <dd>
          <LevelBadge level={meta.general_match_level} />
        </dd>
        <dt>Risk</dt>
        <dd data-testid="explanation-risk">
          <Badge tone={riskTone(hitRisk(hit))}>{hitRisk(hit)}</Badge> <span className="muted">as the list rates the entity</span>
        </dd>
        <dt>Sources</dt>
        <dd>{hit.fields.sources?.length ? hit.fields.sources.map((s) => s.source_id).join(", ") : hit.fields.media?.length ? "adverse media" : "—"}</dd>
        <dt>Risk profile</dt>
        <dd className="muted">
          {meta.risk_profile_info.name} v{meta.risk_profile_info.version}
        </dd>
      </dl>
      <div className="explain-foot">
        <Link to={`/aml/entities/${hit.uuid}`} data-testid="open-entity">
          Everything the lists hold on this entity →
        </Link>
      </div>
    </div>
  );
}

function Tokens({ values }: { values: string[] }) {
  if (!values.length) return <span className="muted">none</span>;
  return (
    <div className="tokens">
      {values.map((v, i) => (
        <span className="token leftover" key={`${v}-${i}`}>
          {v}
        </span>
      ))}
    </div>
  );
}
