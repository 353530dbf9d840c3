// AML screening: the search form with every option of `POST /api/v3/aml/search`, and a report
// (fresh, or a past one with `?report=<search_uuid>`) with each hit's score explanation.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper, type ExpandedState, flexRender, getCoreRowModel, getExpandedRowModel, type Row, useReactTable } from "@tanstack/react-table";
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { get, post } from "../../api/client";
import type { Hit, SearchReport } from "../../api/types";
import { Badge, riskTone } from "../../components/Badge";
import { CopyButton } from "../../components/CopyButton";
import { PageHeader } from "../../components/Layout";
import { Empty, ErrorState, FormError, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useSession } from "../../session";
import { entityCountries, primaryName, similarity } from "./explain";
import { Countries, FatfTable, HitExplanation, LevelBadge, ScoreBar, useLists } from "./parts";
import { ScreeningHitsOf } from "./HitResolution";
import { hitRisk, screenedFor } from "./hits";
import {
  activeOptions,
  EMPTY_SEARCH,
  ENTITY_TYPES,
  fromRequest,
  GENDERS,
  loosenHints,
  MAGIC_NAMES,
  MODES,
  RISK_SCORES,
  type SearchForm,
  type SearchProblems,
  searchProblems,
  sourceChoices,
  TAGS,
  threshold,
  toggle,
  toSearchRequest,
} from "./searchForm";

export function useReport(uuid: string | null) {
  const { environment } = useSession();
  return useQuery({
    queryKey: ["aml-report", environment, uuid],
    queryFn: ({ signal }) => get<SearchReport>(`/api/v3/aml/search/history/${uuid}`, undefined, signal),
    enabled: Boolean(uuid),
    // A report never changes once written.
    staleTime: Infinity,
  });
}

export function AmlSearch() {
  const { environment } = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const reportId = params.get("report");
  const report = useReport(reportId);
  const [form, setForm] = useState<SearchForm>(EMPTY_SEARCH);
  const [shown, setShown] = useState<SearchProblems>({});
  const [optionsOpen, setOptionsOpen] = useState(() => !reportId);
  // The report whose request the form holds: a past report opened by link fills the form once.
  const [synced, setSynced] = useState<string | null>(null);
  const [ran, setRan] = useState<string | null>(null);
  const results = useRef<HTMLElement>(null);

  if (report.data && report.data.search_uuid !== synced) {
    setSynced(report.data.search_uuid);
    setForm(fromRequest(report.data.request));
  }

  const search = useMutation({
    mutationFn: (body: ReturnType<typeof toSearchRequest>) => post<SearchReport>("/api/v3/aml/search", body),
    onSuccess: (data) => {
      queryClient.setQueryData(["aml-report", environment, data.search_uuid], data);
      void queryClient.invalidateQueries({ queryKey: ["history"] });
      setSynced(data.search_uuid);
      setRan(data.search_uuid);
      setParams({ report: data.search_uuid });
    },
  });

  // After a search of one's own, bring its results into view.
  useEffect(() => {
    if (ran && ran === reportId && report.data) {
      const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      results.current?.scrollIntoView?.({ behavior: smooth ? "smooth" : "auto", block: "start" });
    }
  }, [ran, reportId, report.data]);

  function run(next: SearchForm) {
    const found = searchProblems(next);
    setShown(found);
    if (Object.keys(found).length > 0) {
      if (Object.keys(found).some((k) => k !== "full_name" && k !== "first_name" && k !== "last_name")) setOptionsOpen(true);
      window.setTimeout(() => document.querySelector<HTMLElement>(".aml-form [aria-invalid=true]")?.focus(), 0);
      return;
    }
    search.mutate(toSearchRequest(next));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    run(form);
  }

  function tryName(name: string) {
    const next = { ...form, full_name: name, first_name: "", last_name: "", mode: form.mode === 2 ? (0 as const) : form.mode };
    setForm(next);
    run(next);
  }

  function clear() {
    setForm(EMPTY_SEARCH);
    setShown({});
    // The report on screen until the URL changes must not fill the form again.
    setSynced(reportId);
    setRan(null);
    setOptionsOpen(true);
    search.reset();
    if (reportId) setParams({});
    document.querySelector<HTMLElement>("[data-testid=aml-name]")?.focus();
  }

  const past = Boolean(reportId) && ran !== reportId;

  return (
    <>
      <PageHeader title="AML screening" description={environment === "sandbox" ? "Screen a name against Docket's demo list and the imported lists." : "Screen a name against the imported lists."}>
        <Link className="button" to="/aml/history">
          Search history
        </Link>
      </PageHeader>
      <SearchFields form={form} setForm={setForm} shown={shown} onSubmit={submit} onClear={clear} onTryName={tryName} pending={search.isPending} error={search.error} optionsOpen={optionsOpen} setOptionsOpen={setOptionsOpen} />
      <section ref={results} aria-label="Results" className="aml-results">
        {reportId &&
          (report.isPending ? (
            <Loading what="the report" />
          ) : report.error ? (
            <ErrorState error={report.error} retry={() => void report.refetch()} />
          ) : (
            <Report report={report.data} past={past} onTryName={environment === "sandbox" ? tryName : undefined} />
          ))}
      </section>
    </>
  );
}

function SearchFields({ form, setForm, shown, onSubmit, onClear, onTryName, pending, error, optionsOpen, setOptionsOpen }: {
  form: SearchForm;
  setForm: (update: (form: SearchForm) => SearchForm) => void;
  shown: SearchProblems;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
  onTryName: (name: string) => void;
  pending: boolean;
  error: unknown;
  optionsOpen: boolean;
  setOptionsOpen: (open: boolean) => void;
}) {
  const { environment } = useSession();
  const lists = useLists();
  const sources = sourceChoices(lists.data?.data.filter((s) => environment === "sandbox" || !s.demo) ?? [], form.sources);
  const set = <K extends keyof SearchForm>(key: K, value: SearchForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  function text(key: keyof SearchForm) {
    return {
      id: `aml-${key}`,
      value: form[key] as string,
      onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
      "aria-invalid": shown[key] ? true : undefined,
      "aria-describedby": shown[key] ? `aml-${key}-problem` : undefined,
    };
  }
  const problem = (key: keyof SearchForm) =>
    shown[key] ? (
      <span id={`aml-${key}-problem`} className="form-error small">
        {shown[key]}
      </span>
    ) : null;
  const options = activeOptions(form);
  const limit = threshold(form.fuzziness, form.fuzziness_level);

  return (
    <form className="card stack aml-form" onSubmit={onSubmit} noValidate aria-label="AML search">
      <div className="grid-3">
        <label>
          Full name
          <input {...text("full_name")} data-shortcut="search" data-testid="aml-name" placeholder="Name of a person, company, vessel…" autoComplete="off" autoFocus required maxLength={200} />
          {problem("full_name")}
        </label>
        <label>
          <span>
            First name <span className="muted small">optional</span>
          </span>
          <input {...text("first_name")} autoComplete="off" data-testid="aml-first-name" />
          {problem("first_name")}
        </label>
        <label>
          <span>
            Last name <span className="muted small">optional</span>
          </span>
          <input {...text("last_name")} autoComplete="off" data-testid="aml-last-name" />
          {problem("last_name")}
        </label>
      </div>
      {environment === "sandbox" && (
        <p className="muted small magic-names">
          Sandbox test names, always the same outcome:{" "}
          {MAGIC_NAMES.map((m, i) => (
            <span key={m.name}>
              {i > 0 && " · "}
              <button type="button" className="link" onClick={() => onTryName(m.name)} title={`Search “${m.name}”: ${m.outcome}`} data-testid="magic-name">
                {m.name}
              </button>
            </span>
          ))}
        </p>
      )}
      <details className="aml-options" open={optionsOpen} onToggle={(e) => setOptionsOpen(e.currentTarget.open)}>
        <summary>
          <span className="summary-title">Filters and matching options</span>
          {!optionsOpen && (options.length ? <span className="muted small">{options.join(" · ")}</span> : <span className="muted small">none set: defaults</span>)}
        </summary>
        <div className="grid-2 aml-option-grid">
          <div className="stack">
            <fieldset>
              <legend>Qualifiers</legend>
              <p className="muted small">An entity whose data contradicts one of these is left out. Separate values with commas.</p>
              <div className="grid-2">
                <label>
                  Countries
                  <input {...text("countries")} placeholder="RU, IR" data-testid="aml-countries" />
                  {problem("countries")}
                </label>
                <label>
                  Cities
                  <input {...text("cities")} placeholder="Moscow, New York" data-testid="aml-cities" />
                  {problem("cities")}
                </label>
                <label>
                  Postal codes
                  <input {...text("postal_codes")} placeholder="10115, 75001" data-testid="aml-postal-codes" />
                  {problem("postal_codes")}
                </label>
                <label>
                  Registration ids
                  <input {...text("registration_ids")} placeholder="Passport, company, IMO no." data-testid="aml-registration-ids" />
                  {problem("registration_ids")}
                </label>
                <label>
                  Gender
                  <select value={form.gender} onChange={(e) => set("gender", e.target.value as SearchForm["gender"])} data-testid="aml-gender">
                    <option value="">Any</option>
                    {GENDERS.map((g) => (
                      <option key={g} value={g}>
                        {g}
                      </option>
                    ))}
                  </select>
                </label>
                <div className="dob">
                  <div className="dob-head">
                    <span className="label-text">Birth date</span>
                    <span className="segmented" role="radiogroup" aria-label="Date of birth as">
                      {(["exact", "range"] as const).map((m) => (
                        <button key={m} type="button" role="radio" aria-checked={form.dob_mode === m} className={form.dob_mode === m ? "active" : ""} onClick={() => set("dob_mode", m)} data-testid={`aml-dob-${m}`}>
                          {m === "exact" ? "Day" : "Range"}
                        </button>
                      ))}
                    </span>
                  </div>
                  {form.dob_mode === "exact" ? (
                    <input type="date" {...text("dob_from")} aria-label="Date of birth" data-testid="aml-dob-from" />
                  ) : (
                    <div className="row dob-range">
                      <input type="date" {...text("dob_from")} aria-label="Born on or after" title="Born on or after" data-testid="aml-dob-from" />
                      <span className="muted">to</span>
                      <input type="date" {...text("dob_to")} aria-label="Born on or before" title="Born on or before" data-testid="aml-dob-to" />
                    </div>
                  )}
                  {problem("dob_from")}
                  {problem("dob_to")}
                </div>
              </div>
            </fieldset>
            <fieldset>
              <legend>Entities</legend>
              <p className="muted small">Only entities with one of the checked values; none checked means all.</p>
              <div className="stack" style={{ gap: 10 }}>
                <Checks label="Risk" values={RISK_SCORES} chosen={form.risk_scores} onChange={(v) => set("risk_scores", v)} testId="aml-risk" />
                <Checks label="Type" values={ENTITY_TYPES} chosen={form.entity_types} onChange={(v) => set("entity_types", v)} testId="aml-type" />
                <Checks label="Tags" values={TAGS} chosen={form.tags} onChange={(v) => set("tags", v)} testId="aml-tag" />
              </div>
            </fieldset>
          </div>
          <div className="stack">
            <fieldset>
              <legend>Name matching</legend>
              <div className="stack" style={{ gap: 10 }}>
                <div className="stack" style={{ gap: 4 }}>
                  <label className="inline">
                    <input type="checkbox" checked={form.fuzziness} onChange={(e) => set("fuzziness", e.target.checked)} data-testid="aml-fuzziness" />
                    Fuzzy matching
                  </label>
                  <label className="inline">
                    <input type="checkbox" checked={form.phonetics} onChange={(e) => set("phonetics", e.target.checked)} data-testid="aml-phonetics" />
                    Phonetics (names that sound alike)
                  </label>
                </div>
                <label>
                  <span className="row" style={{ justifyContent: "space-between" }}>
                    <span>Fuzziness level</span>
                    <span className="muted small" data-testid="aml-threshold">
                      {form.fuzziness ? `${form.fuzziness_level.toFixed(2)} · hits need a name score of ${similarity(limit)}` : "off · exact names only"}
                    </span>
                  </span>
                  <input type="range" min={0} max={1} step={0.05} value={form.fuzziness_level} onChange={(e) => set("fuzziness_level", Number(e.target.value))} disabled={!form.fuzziness} data-testid="aml-fuzziness-level" aria-valuetext={`${form.fuzziness_level.toFixed(2)}`} />
                  <span className="row muted small" style={{ justifyContent: "space-between" }} aria-hidden="true">
                    <span>0 exact</span>
                    <span>1 broad</span>
                  </span>
                </label>
                <fieldset className="plain-fieldset" aria-describedby={shown.mode ? "aml-mode-problem" : undefined}>
                  <legend className="label-text">Names compared</legend>
                  <div className="stack" style={{ gap: 4 }}>
                    {MODES.map((m) => (
                      <label key={m.value} className="inline mode-option">
                        <input type="radio" name="aml-mode" checked={form.mode === m.value} onChange={() => set("mode", m.value)} data-testid={`aml-mode-${m.value}`} />
                        <span>
                          <strong>
                            {m.value} · {m.label}
                          </strong>
                          <span className="muted small"> {m.help}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                  {problem("mode")}
                </fieldset>
                <label style={{ maxWidth: 200 }}>
                  Most hits
                  <input type="number" min={1} max={100} {...text("limit")} placeholder="50" data-testid="aml-limit" />
                  {problem("limit")}
                </label>
              </div>
            </fieldset>
            <fieldset>
              <legend>Sources</legend>
              <p className="muted small">The lists an entity must come from; none checked means all. Offered: the sources of the lists in use.</p>
              <div className="stack" style={{ gap: 10 }}>
                {lists.isPending ? <Loading what="sources" /> : <Checks label="Sources" values={sources} chosen={form.sources} onChange={(v) => set("sources", v)} testId="aml-source" mono hideLabel />}
                <label>
                  Other source ids
                  <input {...text("other_sources")} placeholder="UK_OFSI, AU_SDN" data-testid="aml-other-sources" />
                  {problem("other_sources")}
                </label>
              </div>
            </fieldset>
          </div>
        </div>
      </details>
      <FormError error={error} />
      <div className="actions" style={{ alignItems: "center" }}>
        <span className="muted small" style={{ marginRight: "auto" }}>
          In the {environment}.
        </span>
        <span className="copy-json">
          <CopyButton value={JSON.stringify(toSearchRequest(form), null, 2)} label="Copy request JSON" />
        </span>
        <button type="button" onClick={onClear} data-shortcut="new" data-testid="aml-clear">
          Clear
        </button>
        <button type="submit" className="primary" disabled={pending} data-testid="aml-submit">
          {pending ? "Searching…" : "Search"}
        </button>
      </div>
    </form>
  );
}

function Checks<T extends string>({ label, values, chosen, onChange, testId, mono = false, hideLabel = false }: {
  label: string;
  values: readonly T[];
  chosen: T[];
  onChange: (values: T[]) => void;
  testId: string;
  mono?: boolean;
  hideLabel?: boolean;
}) {
  return (
    <div role="group" aria-label={label} className="check-group">
      {!hideLabel && <span className="label-text">{label}</span>}
      <div className="checks">
        {values.map((v) => (
          <label key={v} className={`inline${mono ? " mono small" : ""}`}>
            <input type="checkbox" checked={chosen.includes(v)} onChange={(e) => onChange(toggle(chosen, v, e.target.checked, values))} data-testid={`${testId}-${v}`} />
            {v}
          </label>
        ))}
        {values.length === 0 && <span className="muted small">No lists in use.</span>}
      </div>
    </div>
  );
}

function Report({ report, past, onTryName }: { report: SearchReport; past: boolean; onTryName?: (name: string) => void }) {
  const hits = report.data;
  const hints = loosenHints(report.request);
  return (
    <div className="stack">
      <section className="card" aria-labelledby="report-title" data-testid="aml-report">
        <div className="report-head">
          <div>
            <h2 id="report-title">
              {hits.length === 0 ? "No hits" : `${hits.length} hit${hits.length === 1 ? "" : "s"}`} for “{report.requested_name}”
            </h2>
            <p className="muted small">{past ? "A past search, as it was reported; the lists may have changed since." : "Kept in the search history."}</p>
          </div>
          <div className="badges" style={{ alignItems: "center" }}>
            <span className="muted small">Max risk</span>
            {report.max_risk_score ? (
              <Badge tone={riskTone(report.max_risk_score)}>{report.max_risk_score}</Badge>
            ) : (
              <Badge tone="good">none</Badge>
            )}
          </div>
        </div>
        <dl className="facts facts-2">
          <dt>Search id</dt>
          <dd className="span nowrap">
            <code data-testid="aml-search-id">{report.search_uuid}</code> <CopyButton value={report.search_uuid} testId="copy-search-id" />
          </dd>
          <dt>Searched</dt>
          <dd>
            <Time value={report.searched_at} />
          </dd>
          <dt>Threshold</dt>
          <dd>name score {similarity(report.threshold)}</dd>
          <dt>Algorithm</dt>
          <dd>
            <code>{report.algorithm}</code>
          </dd>
          <dt>Lists</dt>
          <dd>
            {report.lists.length
              ? report.lists.map((l, i) => (
                  <span key={l.id}>
                    {i > 0 && ", "}
                    <code>{l.list}</code>
                    {l.as_of && <span className="muted"> of {l.as_of}</span>}
                  </span>
                ))
              : "—"}
          </dd>
          <dt>Options</dt>
          <dd className="span small">{activeOptions(fromRequest(report.request)).join(" · ") || "defaults"}</dd>
        </dl>
      </section>
      {hits.length === 0 ? (
        <Empty title={`Nothing on the lists matched “${report.requested_name}”.`}>
          <p style={{ margin: 0 }}>
            {hints.length ? <>To find more, {joinWords(hints)}.</> : <>Check the spelling, or add a first and last name; the search was already as broad as it goes.</>}
          </p>
          {onTryName && (
            <p style={{ margin: "6px 0 0" }}>
              Or{" "}
              <button type="button" className="link" onClick={() => onTryName("Ivan Sanctionov")} data-testid="try-magic-name">
                try a sandbox test name
              </button>{" "}
              (“Ivan Sanctionov” always gives a High sanctions hit).
            </p>
          )}
        </Empty>
      ) : report.screened ? (
        <section className="card" aria-labelledby="screened-title" data-testid="screening-section">
          <h2 id="screened-title">
            Hits of the screening {screenedFor(report.screened)}
            {report.screened.case_id && (
              <>
                {" "}
                <Link to={`/kyb/${report.screened.case_id}`} className="small" data-testid="screening-case">
                  open the case
                </Link>
              </>
            )}
            {report.screened.applicant_id && (
              <>
                {" "}
                <Link to={`/applicants/${report.screened.applicant_id}`} className="small">
                  open the applicant
                </Link>
              </>
            )}
          </h2>
          <ScreeningHitsOf report={report} />
        </section>
      ) : (
        <HitsTable key={report.search_uuid} hits={hits} />
      )}
      {report.fatf_records.length > 0 && (
        <section className="card" aria-labelledby="fatf-title">
          <h2 id="fatf-title">FATF status of the hits' countries</h2>
          <FatfTable records={report.fatf_records} testId="aml-fatf" />
        </section>
      )}
    </div>
  );
}

function joinWords(parts: string[]): ReactNode {
  if (parts.length < 2) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}`;
}

const column = createColumnHelper<Hit>();

const columns = [
  column.display({
    id: "expand",
    header: () => <span className="visually-hidden">Explanation</span>,
    cell: ({ row }) => (
      <button type="button" className="ghost expander" aria-expanded={row.getIsExpanded()} aria-label={row.getIsExpanded() ? "Hide the explanation" : "Show the explanation"} onClick={row.getToggleExpandedHandler()} data-testid="aml-hit-toggle">
        <span aria-hidden="true">{row.getIsExpanded() ? "▾" : "▸"}</span>
      </button>
    ),
  }),
  column.display({
    id: "name",
    header: "Name and type",
    cell: ({ row }) => {
      const hit = row.original;
      const name = primaryName(hit);
      const best = hit.search_metadata.best_match_name;
      return (
        <div className="hit-name">
          <Link to={`/aml/entities/${hit.uuid}`}>{name}</Link>
          <div className="muted small">
            <span data-testid="aml-hit-type">{hit.type}</span>
            {best && best !== name && <> · matched “{best}”</>}
          </div>
        </div>
      );
    },
  }),
  column.display({
    id: "match",
    header: "Match strength",
    cell: ({ row }) => {
      const m = row.original.search_metadata;
      return (
        <div className="stack" style={{ gap: 2, alignItems: "flex-start" }}>
          <LevelBadge level={m.general_match_level} />
          {m.name_match_level !== m.general_match_level && <span className="muted small nowrap">name: {m.name_match_level.toLowerCase().replace(/_/g, " ")}</span>}
        </div>
      );
    },
  }),
  column.display({ id: "score", header: "Score", cell: ({ row }) => <ScoreBar percent={row.original.search_metadata.name_match_percentage} label="Name match percentage" /> }),
  column.display({ id: "risk", header: "Risk", cell: ({ row }) => <Badge tone={riskTone(hitRisk(row.original))}>{hitRisk(row.original)}</Badge> }),
  column.accessor("tags", {
    header: "Tags",
    cell: (c) => (
      <div className="badges">
        {c.getValue().map((t) => (
          <Badge key={t}>{t}</Badge>
        ))}
      </div>
    ),
  }),
  column.display({
    id: "countries",
    header: "Countries",
    cell: ({ row }) => {
      const { strong, weak } = entityCountries(row.original);
      return <Countries strong={strong} weak={weak} />;
    },
  }),
];

function HitsTable({ hits }: { hits: Hit[] }) {
  const [expanded, setExpanded] = useState<ExpandedState>(() => (hits[0] ? { [hits[0].uuid]: true } : {}));
  // TanStack Table hands out fresh functions each render; the compiler skips this component, as it should.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: hits,
    columns,
    state: { expanded },
    onExpandedChange: setExpanded,
    getRowId: (h) => h.uuid,
    getRowCanExpand: () => true,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
  });
  const body = useRef<HTMLTableSectionElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: Row<Hit>) {
    if (event.target !== event.currentTarget) return;
    const rows = [...(body.current?.querySelectorAll<HTMLElement>("tr[data-testid=aml-hit]") ?? [])];
    const index = rows.indexOf(event.currentTarget);
    const move = (target: HTMLElement | undefined) => {
      if (target) {
        event.preventDefault();
        target.focus();
      }
    };
    if (event.key === "ArrowDown" || event.key === "j") move(rows[index + 1]);
    else if (event.key === "ArrowUp" || event.key === "k") move(rows[index - 1]);
    else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      row.toggleExpanded();
    }
  }

  const width = columns.length;
  return (
    <div className="table-wrap">
      <table className="data hits" aria-label="Hits" data-testid="aml-results">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={`col-${header.column.id}`}>
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody ref={body}>
          {table.getRowModel().rows.map((row) => (
            <HitRows key={row.id} row={row} width={width} onKeyDown={onKeyDown} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HitRows({ row, width, onKeyDown }: { row: Row<Hit>; width: number; onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>, row: Row<Hit>) => void }) {
  const open = row.getIsExpanded();
  return (
    <>
      <tr
        tabIndex={0}
        data-testid="aml-hit"
        className={`clickable${open ? " open" : ""}`}
        onClick={(e) => {
          if (!(e.target as HTMLElement).closest("a,button,input,select")) row.toggleExpanded();
        }}
        onKeyDown={(e) => onKeyDown(e, row)}
      >
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} className={`col-${cell.column.id}`}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
      {open && (
        <tr className="hit-detail">
          <td colSpan={width}>
            <HitExplanation hit={row.original} />
          </td>
        </tr>
      )}
    </>
  );
}
