// Deepfake analyses: the list with the API's filters, and one analysis's outcome and evidence
// (the stream's tracks or the uploaded file). Production gives no verdict: the detail says why in
// the server's own words and shows what a reviewer has to go on.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { Link, useNavigate, useParams } from "react-router";
import { get } from "../../api/client";
import type { DeepfakeAnalysis, Page } from "../../api/types";
import { Badge } from "../../components/Badge";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/Layout";
import { ApplicantName } from "../../components/Names";
import { Pager } from "../../components/Pager";
import { Empty, ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { bytes, localTime, plural } from "../../lib/format";
import { useUrlState } from "../../lib/params";
import { useSession } from "../../session";
import { outcome, trackLine } from "./deepfake";

const LIMIT = 25;

function Outcome({ analysis }: { analysis: DeepfakeAnalysis }) {
  const o = outcome(analysis);
  return <Badge tone={o.tone}>{o.label}</Badge>;
}

const column = createColumnHelper<DeepfakeAnalysis>();
const columns = [
  column.accessor("created_at", { header: "Received", cell: (c) => <Link to={`/deepfake/${c.row.original.id}`}><Time value={c.getValue()} /></Link> }),
  column.accessor("source", { header: "Source" }),
  column.display({ id: "outcome", header: "Outcome", cell: ({ row }) => <Outcome analysis={row.original} /> }),
  column.accessor("score", { header: "Score", cell: (c) => (c.getValue() == null ? <span className="muted">—</span> : c.getValue()) }),
  column.accessor("applicant_id", { header: "Applicant", cell: (c) => (c.getValue() ? <ApplicantName id={c.getValue() as string} /> : <span className="muted">—</span>) }),
  column.accessor("requested_by", { header: "Requested by" }),
];

export function DeepfakeAnalyses() {
  const { environment } = useSession();
  const navigate = useNavigate();
  const { values, page, set } = useUrlState(["source", "status", "verdict", "applicant_id"] as const);
  const query = { page, limit: LIMIT, source: values.source, status: values.status, verdict: values.verdict, applicant_id: values.applicant_id };
  const list = useQuery({
    queryKey: ["deepfake-analyses", environment, query],
    queryFn: ({ signal }) => get<Page<DeepfakeAnalysis>>("/api/v4/deepfake/analyses", query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(values.source || values.status || values.verdict || values.applicant_id);
  const select = (name: "source" | "status" | "verdict", label: string, options: string[]) => (
    <label>
      {label}
      <select value={values[name]} onChange={(e) => set({ [name]: e.target.value || null })} data-testid={`filter-${name}`}>
        <option value="">any</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      <PageHeader title="Deepfake analyses" description="Streams from /api/v4/deepfake/stream and uploaded videos or pictures, newest first. The sandbox simulates verdicts; production gives none (nothing offline can tell a deepfake) and keeps the evidence for you to review." />
      <div className="filters" role="search">
        {select("source", "Source", ["stream", "upload"])}
        {select("status", "Status", ["completed", "error"])}
        {select("verdict", "Verdict", ["clear", "suspicious", "alert"])}
        {filtered && (
          <button type="button" className="ghost" onClick={() => set({ source: null, status: null, verdict: null, applicant_id: null })}>
            Clear filters
          </button>
        )}
      </div>
      {list.isPending ? (
        <Loading what="deepfake analyses" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Empty title={filtered ? "No analysis matches these filters." : "No deepfake analyses in this environment yet."}>
          Stream frames to <code>/api/v4/deepfake/stream</code> or send <code>POST /api/v4/deepfake/analyses</code> with a file.
        </Empty>
      ) : (
        <>
          <DataTable data={list.data.data} columns={columns} rowKey={(a) => a.id} onOpen={(a) => navigate(`/deepfake/${a.id}`)} label="Deepfake analyses" testId="deepfake-table" rowTestId="deepfake-row" />
          <Pager page={page} hasNext={list.data.has_next} onPage={(p) => set({ page: p })} shown={list.data.data.length} />
        </>
      )}
    </>
  );
}

export function DeepfakeAnalysisDetail() {
  const { id } = useParams();
  const { environment } = useSession();
  const analysis = useQuery({
    queryKey: ["deepfake-analysis", environment, id],
    queryFn: ({ signal }) => get<DeepfakeAnalysis>(`/api/v4/deepfake/analyses/${id}`, undefined, signal),
  });
  if (analysis.isPending) return <Loading what="the deepfake analysis" />;
  if (analysis.error) return <ErrorState error={analysis.error} retry={() => void analysis.refetch()} />;
  const a = analysis.data;
  return (
    <>
      <PageHeader title={`Deepfake analysis of ${a.source === "stream" ? "a stream" : "an upload"}`} description={`${localTime(a.created_at)} · requested by ${a.requested_by}`}>
        <Outcome analysis={a} />
      </PageHeader>
      <div className="with-panel">
        <section className="card" aria-labelledby="outcome-title" data-testid="deepfake-outcome">
          <h2 id="outcome-title">Outcome</h2>
          {a.status === "error" ? (
            <p data-testid="deepfake-reason">{a.reason}</p>
          ) : (
            <dl className="facts">
              <dt>Verdict</dt>
              <dd>{a.verdict}</dd>
              <dt>Score</dt>
              <dd>
                {a.score} <span className="muted small">(0 real to 1 fake{a.is_sandbox ? "; the sandbox's simulation" : ""})</span>
              </dd>
            </dl>
          )}
          <dl className="facts">
            <dt>Applicant</dt>
            <dd>{a.applicant_id ? <ApplicantName id={a.applicant_id} /> : "—"}</dd>
            <dt>Completed</dt>
            <dd>
              <Time value={a.completed_at} />
            </dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="evidence-title" data-testid="deepfake-evidence">
          <h2 id="evidence-title">Evidence</h2>
          {a.stream && (
            <>
              <dl className="facts">
                <dt>Duration</dt>
                <dd>{(a.stream.duration_ms / 1000).toFixed(1)} s</dd>
                <dt>Ended by</dt>
                <dd>
                  {a.stream.ended_by.replace("_", " ")}
                  {a.stream.end_detail ? `: ${a.stream.end_detail}` : ""}
                </dd>
                <dt>Received</dt>
                <dd>
                  {plural(a.stream.messages, "message", "messages")}, {bytes(a.stream.bytes)}: {plural(a.stream.video_frames, "video frame", "video frames")}, {plural(a.stream.audio_chunks, "audio chunk", "audio chunks")}
                </dd>
                <dt>Client (declared)</dt>
                <dd>{a.stream.client_declared.user_agent ?? "—"}</dd>
              </dl>
              <h3 style={{ marginTop: 14 }}>Tracks</h3>
              <ul className="stack small" style={{ paddingLeft: 18, gap: 6 }}>
                {a.stream.tracks.map((t, i) => (
                  <li key={i} data-testid="deepfake-track">
                    {trackLine(t)}
                    <br />
                    <span className="muted">
                      declared by the client: participant <code>{t.client_declared.participant_id || "—"}</code>, track <code>{t.client_declared.track_id || "—"}</code>
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {a.upload && (
            <dl className="facts">
              <dt>Content</dt>
              <dd>
                {a.upload.content_type}, {bytes(a.upload.size)}
                {a.upload.width && a.upload.height ? `, ${a.upload.width} × ${a.upload.height}` : ""}
              </dd>
              <dt>SHA-256</dt>
              <dd>
                <code>{a.upload.sha256}</code>
              </dd>
              <dt>Name (declared)</dt>
              <dd>{a.upload.client_declared.file_name ?? "—"}</dd>
              <dt>Type (declared)</dt>
              <dd>{a.upload.client_declared.content_type ?? "—"}</dd>
            </dl>
          )}
        </section>
      </div>
    </>
  );
}
