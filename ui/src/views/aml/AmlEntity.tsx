// One watchlist entity as the lists hold it now: every field of `GET /api/v3/aml/search/{uuid}`,
// laid out in cards. Remote images and pages are links only: the console works offline.
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { get } from "../../api/client";
import type { Entity } from "../../api/types";
import { Badge, riskTone } from "../../components/Badge";
import { CopyButton } from "../../components/CopyButton";
import { PageHeader } from "../../components/Layout";
import { ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useSession } from "../../session";
import { countryName, dateRange, fromUnix, percentage, place, primaryName, sentiment, similarity } from "./explain";
import { Countries, ScoreBar } from "./parts";
import { count } from "../../lib/format";

type Fields = Entity["fields"];
type Item<K extends keyof Fields> = NonNullable<Fields[K]> extends (infer T)[] ? T : never;

export function AmlEntity() {
  const { uuid } = useParams();
  const { environment } = useSession();
  const entity = useQuery({
    queryKey: ["aml-entity", environment, uuid],
    queryFn: ({ signal }) => get<Entity>(`/api/v3/aml/search/${uuid}`, undefined, signal),
    enabled: Boolean(uuid),
  });
  if (entity.isPending) return <Loading what="the entity" />;
  if (entity.error) return <ErrorState error={entity.error} retry={() => void entity.refetch()} />;
  return <EntityView entity={entity.data} />;
}

/** A column of a table of list records: shown only when some row has a value for it. */
interface Column<T> {
  header: string;
  value: (row: T) => ReactNode;
  has?: (row: T) => boolean;
}

function present(value: unknown): boolean {
  if (value === null || value === undefined || value === "" || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function RecordTable<T>({ rows, columns, label, testId }: { rows: T[]; columns: Column<T>[]; label: string; testId?: string }) {
  const shown = columns.filter((c) => rows.some((r) => (c.has ? c.has(r) : present(c.value(r)))));
  return (
    <div className="table-wrap flat">
      <table className="data" aria-label={label} data-testid={testId}>
        <thead>
          <tr>
            {shown.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {shown.map((c) => {
                const v = c.value(row);
                return <td key={c.header}>{present(v) ? v : <span className="muted">—</span>}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Card({ title, id, children, note }: { title: string; id: string; children: ReactNode; note?: ReactNode }) {
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid={`entity-${id}`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {note && <p className="muted small">{note}</p>}
      {children}
    </section>
  );
}

const country = (code: string | null | undefined) =>
  code ? (
    <abbr title={countryName(code)} className="mono">
      {code}
    </abbr>
  ) : null;

const period = (row: { start_date?: { gte?: string | null; lte?: string | null } | null; end_date?: { gte?: string | null; lte?: string | null } | null }) =>
  row.start_date || row.end_date ? `${row.start_date ? dateRange(row.start_date) : "…"} – ${row.end_date ? dateRange(row.end_date) : "now"}` : null;

function EntityLink({ id, name }: { id: string | null | undefined; name: string }) {
  return id ? <Link to={`/aml/entities/${id}`}>{name}</Link> : <>{name}</>;
}

function ExternalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" className="external">
      {children ?? href}
    </a>
  );
}

const entityInfoColumns: Column<Item<"companies_and_enterprises">>[] = [
  { header: "Name", value: (r) => <EntityLink id={r.reference ?? r.ref} name={r.name} />, has: () => true },
  { header: "Role", value: (r) => r.role },
  { header: "Country", value: (r) => country(r.country) },
  { header: "Ownership", value: (r) => [r.ownership_percentage !== null && r.ownership_percentage !== undefined ? `${percentage(r.ownership_percentage)}%` : null, r.ownership_value !== null && r.ownership_value !== undefined ? `${count(r.ownership_value)} ${r.currency ?? ""}`.trim() : null].filter(Boolean).join(" · ") },
  { header: "Period", value: period },
  { header: "Source", value: (r) => (r.additional_source ? `${r.additional_source.name} (${r.additional_source.source_id})` : null) },
];

function EntityView({ entity }: { entity: Entity }) {
  const f = entity.fields;
  const name = primaryName(entity);
  const isPerson = entity.type === "Person";
  const strongCountries = [...new Set([...(f.citizenships ?? []), ...(f.nationalities ?? [])])];
  const personal: [string, ReactNode][] = (
    [
      ["Gender", f.genders?.length ? f.genders.join(", ") : null],
      ["Date of birth", f.dates_of_birth?.length ? f.dates_of_birth.map(dateRange).join("; ") : null],
      ["Place of birth", f.places_of_birth?.length ? f.places_of_birth.map(place).join("; ") : null],
      ["Date of death", f.dates_of_death?.length ? f.dates_of_death.map(dateRange).join("; ") : null],
      ["Place of death", f.places_of_death?.length ? f.places_of_death.map(place).join("; ") : null],
      ["Citizenship", f.citizenships?.length ? <Countries strong={f.citizenships} /> : null],
      ["Nationality", f.nationalities?.length ? <Countries strong={f.nationalities} /> : null],
    ] as [string, ReactNode][]
  ).filter(([, v]) => v !== null);

  const sections: { key: string; label: string; has: boolean }[] = [
    { key: "sources", label: "sources", has: Boolean(f.sources?.length) },
    { key: "registration_ids", label: "identifiers", has: Boolean(f.registration_ids?.length) },
    { key: "addresses", label: "addresses", has: Boolean(f.addresses?.length) },
    { key: "roles", label: "political roles and occupations", has: Boolean(f.political_roles?.length || f.occupations?.length) },
    { key: "associates", label: "associates", has: Boolean(f.associates?.length) },
    { key: "companies", label: "companies and enterprises", has: Boolean(f.companies_and_enterprises?.length) },
    { key: "owners", label: "owners and beneficiaries", has: Boolean(f.owners_and_beneficiaries?.length) },
    { key: "media", label: "adverse media", has: Boolean(f.media?.length) },
    { key: "contact", label: "contact details", has: Boolean(f.contact_info?.some((c) => c.emails?.length || c.phones?.length || c.websites?.length)) },
    { key: "images", label: "images", has: Boolean(f.images?.length) },
  ];
  const missing = sections.filter((s) => !s.has).map((s) => s.label);
  if (personal.length === 0) missing.unshift(isPerson ? "birth, death and nationality" : "countries of nationality");

  return (
    <div className="entity-page">
      <PageHeader title={name} description={[entity.type, entity.annotation].filter(Boolean).join(" · ")}>
        <Badge tone={riskTone(entity.risk_score)}>{entity.risk_score} risk</Badge>
        <Link className="button" to="/aml" data-shortcut="new">
          New search
        </Link>
      </PageHeader>
      <div className="split entity-top">
        <Card title="Summary" id="summary">
          <dl className="facts">
            <dt>Entity id</dt>
            <dd className="nowrap">
              <code>{entity.uuid}</code> <CopyButton value={entity.uuid} />
            </dd>
            <dt>Type</dt>
            <dd>{entity.type}</dd>
            <dt>Risk</dt>
            <dd className="row" style={{ alignItems: "center", gap: 8 }}>
              <Badge tone={riskTone(entity.risk_score)}>{entity.risk_score}</Badge>
              <ScoreBar percent={entity.risk_score_value} label="Risk score value, 0 to 100" />
              <span className="muted small">of 100</span>
            </dd>
            <dt>Importance</dt>
            <dd className="row" style={{ alignItems: "center", gap: 8 }}>
              <ScoreBar percent={entity.importance_score * 100} label="Importance, 0 to 1" text={similarity(entity.importance_score)} />
              <span className="muted small">of 1 · how prominent</span>
            </dd>
            <dt>Tags</dt>
            <dd className="badges">{entity.tags.length ? entity.tags.map((t) => <Badge key={t}>{t}</Badge>) : "—"}</dd>
            <dt>Annotation</dt>
            <dd>{entity.annotation ?? "—"}</dd>
            <dt>Updated</dt>
            <dd>
              <Time value={fromUnix(entity.updated_at)} /> <span className="muted small">(the list's last change)</span>
            </dd>
          </dl>
        </Card>
        <Card title={isPerson ? "Birth, death and nationality" : "Countries"} id="personal">
          {personal.length ? (
            <dl className="facts">
              {personal.map(([label, value]) => (
                <Fact key={label} label={label}>
                  {value}
                </Fact>
              ))}
            </dl>
          ) : (
            <p className="muted">The lists hold no {isPerson ? "dates, places or nationality" : "countries"} for this entity.</p>
          )}
          {strongCountries.length === 0 && personal.length > 0 && isPerson && <p className="muted small" style={{ marginTop: 8 }}>No citizenship or nationality on the lists.</p>}
        </Card>
      </div>

      <Card title={`Names and aliases (${f.names.length})`} id="names">
        <RecordTable
          label="Names"
          testId="entity-names-table"
          rows={[...f.names].sort((a, b) => Number(Boolean(b.primary)) - Number(Boolean(a.primary)))}
          columns={[
            {
              header: "Name",
              has: () => true,
              value: (n) => (
                <span lang={n.lang ?? undefined}>
                  {n.full_name} {n.primary && <Badge tone="info">primary</Badge>}
                </span>
              ),
            },
            { header: "First", value: (n) => n.first_name },
            { header: "Middle", value: (n) => n.middle_name },
            { header: "Last", value: (n) => n.last_name },
            { header: "Language or script", value: (n) => n.lang },
          ]}
        />
      </Card>

      {f.sources?.length ? (
        <Card title={`Sources (${f.sources.length})`} id="sources" note="The lists that name this entity, and why.">
          <div className="stack" style={{ gap: 10 }}>
            {f.sources.map((s, i) => (
              <div key={`${s.source_id}-${i}`} className="subcard">
                <div className="row" style={{ alignItems: "center", justifyContent: "space-between" }}>
                  <strong>{s.name}</strong>
                  <span className="badges">
                    <Badge tone={riskTone(s.risk_score)}>{s.risk_score}</Badge>
                    {s.tags?.map((t) => (
                      <Badge key={t}>{t}</Badge>
                    ))}
                  </span>
                </div>
                <dl className="facts small" style={{ marginTop: 6 }}>
                  <dt>Source id</dt>
                  <dd>
                    <code>{s.source_id}</code>
                  </dd>
                  {s.reason && <Fact label="Reason">{s.reason}</Fact>}
                  {s.summary && <Fact label="Summary">{s.summary}</Fact>}
                  {s.source_url && (
                    <Fact label="Link">
                      <ExternalLink href={s.source_url} />
                    </Fact>
                  )}
                </dl>
              </div>
            ))}
          </div>
        </Card>
      ) : null}

      {f.registration_ids?.length ? (
        <Card title="Identifiers" id="identifiers" note="A registration id shared with a search finds this entity whatever the name.">
          <RecordTable
            label="Identifiers"
            rows={f.registration_ids}
            columns={[
              { header: "Identifier", value: (r) => <code>{r.id}</code>, has: () => true },
              { header: "Type", value: (r) => r.id_type },
              { header: "Country", value: (r) => country(r.country) },
              { header: "Date", value: (r) => r.date },
              { header: "Industry", value: (r) => r.industry },
              { header: "IMO", value: (r) => r.imo_number },
              { header: "MMSI", value: (r) => r.mmsi_number },
              { header: "Currency", value: (r) => r.currency },
            ]}
          />
        </Card>
      ) : null}

      {f.addresses?.length ? (
        <Card title="Addresses" id="addresses">
          <RecordTable
            label="Addresses"
            rows={f.addresses}
            columns={[
              { header: "Address", value: (a) => a.address },
              { header: "Postal code", value: (a) => a.postal_code },
              { header: "City", value: (a) => a.city },
              { header: "Region", value: (a) => a.region },
              { header: "Country", value: (a) => (a.country ? `${a.country} · ${countryName(a.country)}` : null) },
            ]}
          />
        </Card>
      ) : null}

      {f.political_roles?.length || f.occupations?.length ? (
        <Card title="Political roles and occupations" id="roles">
          <div className="split">
            <div>
              <h3>Political roles</h3>
              {f.political_roles?.length ? (
                <ul className="plain-list">
                  {f.political_roles.map((r, i) => (
                    <li key={i}>
                      {r.role} {r.country && <span className="muted">· {countryName(r.country)}</span>}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted small">None on the lists.</p>
              )}
            </div>
            <div>
              <h3>Occupations</h3>
              {f.occupations?.length ? (
                <ul className="plain-list">
                  {f.occupations.map((o, i) => (
                    <li key={i}>
                      {o.occupation} {o.country && <span className="muted">· {countryName(o.country)}</span>}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted small">None on the lists.</p>
              )}
            </div>
          </div>
        </Card>
      ) : null}

      {f.associates?.length ? (
        <Card title="Associates" id="associates">
          <RecordTable
            label="Associates"
            rows={f.associates}
            columns={[
              { header: "Name", value: (a) => <EntityLink id={a.uuid} name={a.name} />, has: () => true },
              { header: "Relationship", value: (a) => [a.relationship, a.is_relative ? "relative" : null].filter(Boolean).join(" · ") },
              { header: "Period", value: period },
            ]}
          />
        </Card>
      ) : null}

      {f.companies_and_enterprises?.length ? (
        <Card title="Companies and enterprises" id="companies" note="Companies this entity owns or works for.">
          <RecordTable label="Companies and enterprises" rows={f.companies_and_enterprises} columns={entityInfoColumns} />
        </Card>
      ) : null}

      {f.owners_and_beneficiaries?.length ? (
        <Card title="Owners and beneficiaries" id="owners">
          <RecordTable label="Owners and beneficiaries" rows={f.owners_and_beneficiaries} columns={entityInfoColumns} />
        </Card>
      ) : null}

      {f.media?.length ? (
        <Card title={`Adverse media (${f.media.length})`} id="media">
          <div className="stack" style={{ gap: 10 }}>
            {f.media.map((m, i) => {
              const mood = sentiment(m.sentiment);
              return (
                <article key={i} className="subcard">
                  <div className="row" style={{ alignItems: "baseline", justifyContent: "space-between" }}>
                    <strong>{m.source_url ? <ExternalLink href={m.source_url}>{m.headline ?? m.source_name}</ExternalLink> : (m.headline ?? m.source_name)}</strong>
                    <span className="badges">
                      <Badge tone={riskTone(m.risk_score)}>{m.risk_score}</Badge>
                      <Badge tone={mood.tone} title={`Sentiment ${m.sentiment.toFixed(2)} (−1 hostile to 1 favourable)`}>
                        {mood.label}
                      </Badge>
                    </span>
                  </div>
                  <div className="muted small">
                    {m.source_name}
                    {m.published_at !== null && m.published_at !== undefined && (
                      <>
                        {" "}
                        · <Time value={fromUnix(m.published_at)} dateOnly />
                      </>
                    )}{" "}
                    · importance {similarity(m.importance_score)}
                  </div>
                  {m.summary && <p style={{ margin: "6px 0 0" }}>{m.summary}</p>}
                  {(m.tags?.length || m.country_codes?.length) && (
                    <div className="row small" style={{ marginTop: 6, alignItems: "center" }}>
                      {m.tags?.length ? (
                        <span className="badges">
                          {m.tags.map((t) => (
                            <Badge key={t}>{t}</Badge>
                          ))}
                        </span>
                      ) : null}
                      {m.country_codes?.length ? <Countries strong={m.country_codes} /> : null}
                    </div>
                  )}
                </article>
              );
            })}
          </div>
        </Card>
      ) : null}

      {f.contact_info?.some((c) => c.emails?.length || c.phones?.length || c.websites?.length) ? (
        <Card title="Contact details" id="contact">
          <dl className="facts">
            {f.contact_info.flatMap((c) => c.emails ?? []).length > 0 && (
              <Fact label="Email">
                {f.contact_info.flatMap((c) => c.emails ?? []).map((e, i) => (
                  <div key={i}>{e}</div>
                ))}
              </Fact>
            )}
            {f.contact_info.flatMap((c) => c.phones ?? []).length > 0 && (
              <Fact label="Phone">
                {f.contact_info.flatMap((c) => c.phones ?? []).map((p, i) => (
                  <div key={i}>{p}</div>
                ))}
              </Fact>
            )}
            {f.contact_info.flatMap((c) => c.websites ?? []).length > 0 && (
              <Fact label="Website">
                {f.contact_info.flatMap((c) => c.websites ?? []).map((w, i) => (
                  <div key={i}>{/^https?:\/\//i.test(w) ? <ExternalLink href={w} /> : w}</div>
                ))}
              </Fact>
            )}
          </dl>
        </Card>
      ) : null}

      {f.images?.length ? (
        <Card title="Images" id="images" note="Not shown here: the console works offline and loads nothing from other sites. The links open in your browser.">
          <ul className="plain-list">
            {f.images.map((img, i) => (
              <li key={i}>
                {img.description || "Image"}
                {img.url && (
                  <>
                    {" "}
                    · <ExternalLink href={img.url}>open</ExternalLink>
                  </>
                )}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      {missing.length > 0 && (
        <p className="muted small" data-testid="entity-missing" style={{ marginTop: 14 }}>
          Not on the lists for this entity: {missing.join(", ")}.
        </p>
      )}

      <details className="card raw-json">
        <summary>Raw JSON</summary>
        <pre>{JSON.stringify(entity, null, 2)}</pre>
      </details>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
