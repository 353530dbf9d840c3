// Data & privacy: where the data lives and how big it is, whether the directory is private and
// the data encrypted at rest, backups (where they go, how many are kept, "back up now", the
// newest), and the environment's erasure log. The machine owner's alone: the data directory
// holds every organization.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useState } from "react";
import { get, post, put } from "../api/client";
import type { components } from "../api/schema";
import { Badge } from "../components/Badge";
import { Card } from "../components/Card";
import { Confirm } from "../components/Confirm";
import { CopyButton } from "../components/CopyButton";
import { DataTable } from "../components/DataTable";
import { PageHeader } from "../components/Layout";
import { Empty, ErrorState, FormError, Loading } from "../components/States";
import { Time } from "../components/Time";
import { useToast } from "../components/Toasts";
import { bytes, count } from "../lib/format";
import { useReviewer, useSession } from "../session";

type DataStatus = components["schemas"]["DataStatus"];
type BackupRecord = components["schemas"]["BackupRecord"];
type BackupSettings = components["schemas"]["BackupSettings"];
type Erasure = components["schemas"]["Erasure"];
type RetentionSettings = components["schemas"]["RetentionSettings"];
type DatabaseKeyView = components["schemas"]["DatabaseKeyView"];

/** Whether a field holds a whole number from 1 to `max`. */
const wholeDays = (value: string, max: number) => Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= max;

const column = createColumnHelper<BackupRecord>();
const columns = [
  column.accessor("taken_at", { header: "Taken", cell: (c) => <Time value={c.getValue()} /> }),
  column.accessor("path", {
    header: "File",
    cell: (c) => (
      <code className="small" title={c.getValue()}>
        {c.getValue().split(/[\\/]/).pop()}
      </code>
    ),
  }),
  column.accessor("bytes", { header: "Size", cell: (c) => bytes(c.getValue()) }),
  column.accessor("files", { header: "Stored files", cell: (c) => count(c.getValue()) }),
  column.accessor("taken_by", { header: "By" }),
  column.accessor("removed_at", { header: "State", cell: (c) => (c.getValue() ? <Badge>deleted (older than kept)</Badge> : <Badge tone="good">kept</Badge>) }),
];

export function DataPrivacy() {
  const me = useReviewer();
  const status = useQuery({ queryKey: ["data-status"], queryFn: ({ signal }) => get<DataStatus>("/_docket/data", undefined, signal), enabled: me?.owner === true, retry: false });
  if (me && !me.owner) {
    return (
      <>
        <PageHeader title="Data & privacy" />
        <Empty title="The machine owner's page.">The data directory holds every organization, so only the machine's owner sees it and backs it up.</Empty>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Data & privacy" description="Where Docket keeps its data, who can read it, and backups that restore." />
      {status.isPending ? <Loading what="the data directory" /> : status.error ? <ErrorState error={status.error} retry={() => void status.refetch()} /> : <StatusView status={status.data} />}
    </>
  );
}

function StatusView({ status }: { status: DataStatus }) {
  return (
    <>
      <Card title="Where the data lives" testId="data-location">
        <dl className="facts">
          <dt>Data directory</dt>
          <dd>
            <code data-testid="data-dir">{status.data_dir}</code>
          </dd>
          <dt>Database</dt>
          <dd>
            {bytes(status.database_bytes)} (write-ahead log {bytes(status.log_bytes)}), schema {status.schema_version}
          </dd>
          <dt>Stored files</dt>
          <dd>
            {count(status.stored_files)} files, {bytes(status.stored_file_bytes)}
          </dd>
          <dt>Access</dt>
          <dd data-testid="data-private">
            {status.private ? <Badge tone="good">private</Badge> : <Badge tone="bad">readable by others</Badge>}{" "}
            <span className="muted small">{status.private ? "Only the account Docket runs as can read the directory and its files (0700 / 0600)." : "Restart Docket to tighten the permissions."}</span>
          </dd>
          <dt>Encryption at rest</dt>
          <dd data-testid="data-encrypted">
            {status.encrypted ? <Badge tone="good">encrypted</Badge> : <Badge tone="warn">not encrypted</Badge>}{" "}
            <span className="muted small">
              {status.encrypted ? (
                <>
                  The database, the stored files and the backups are encrypted with a key kept apart from them (the OS
                  keychain in the desktop app; the key file or <code>DOCKET_DATABASE_KEY</code> of{" "}
                  <code>docket serve</code>). Keep a copy of the key: without it nobody can read the data or its backups.{" "}
                  <KeyCopy />
                </>
              ) : (
                <>
                  The database and files are stored unencrypted. Make a key with <code>docket db keygen</code>, encrypt
                  this directory with <code>docket db encrypt</code> while Docket is stopped, and start with{" "}
                  <code>--database-key-file</code> (the desktop app does this itself where an OS keychain answers).
                </>
              )}
            </span>
          </dd>
        </dl>
      </Card>
      <BackupsCard status={status} />
      <RetentionCard />
      <ErasuresCard />
    </>
  );
}

const erasureColumn = createColumnHelper<Erasure>();
const erasureColumns = [
  erasureColumn.accessor("erased_at", { header: "Erased", cell: (c) => <Time value={c.getValue()} /> }),
  erasureColumn.accessor("subject_id", {
    header: "Subject",
    cell: ({ row }) => (
      <span>
        {row.original.subject_kind} <code className="small">{row.original.subject_id}</code>
      </span>
    ),
  }),
  erasureColumn.accessor("erased_by", { header: "By" }),
  erasureColumn.accessor("removed", {
    header: "Removed",
    cell: (c) =>
      Object.entries(c.getValue())
        .map(([what, n]) => `${what.replaceAll("_", " ")} ${count(n)}`)
        .join(", "),
  }),
];

/** The environment's erasure log: whose data went (by id only), when, by whom, how much. */
function ErasuresCard() {
  const { environment } = useSession();
  const erasures = useQuery({ queryKey: ["erasures", environment], queryFn: ({ signal }) => get<{ data: Erasure[] }>("/_docket/erasures", undefined, signal) });
  return (
    <Card title="Erasures" description="Deleting an applicant erases the person everywhere Docket holds them; this log keeps what went, when and by whom, never the erased data." testId="erasures">
      {erasures.isPending ? (
        <Loading what="the erasure log" />
      ) : erasures.error ? (
        <ErrorState error={erasures.error} retry={() => void erasures.refetch()} />
      ) : erasures.data.data.length === 0 ? (
        <Empty title="No erasures in this environment." />
      ) : (
        <DataTable data={erasures.data.data} columns={erasureColumns} rowKey={(e) => e.id} label="Erasures" testId="erasures-table" rowTestId="erasure-row" />
      )}
    </Card>
  );
}

function BackupsCard({ status }: { status: DataStatus }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const take = useMutation({
    mutationFn: () => post<BackupRecord>("/_docket/backups"),
    onSuccess: (b) => {
      toast(`Backed up to ${b.path}`);
      void queryClient.invalidateQueries({ queryKey: ["data-status"] });
    },
    onError: (e) => toast(e.message, "bad"),
  });
  const last = status.recent_backups[0];
  return (
    <Card title="Backups" description="A backup holds the database as of one moment, every stored file and the master key file, encrypted when the data is; docket restore checks it all before restoring it." testId="backups">
      <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
        <p data-testid="last-backup">
          {last ? (
            <>
              Last backup <Time value={last.taken_at} /> by {last.taken_by}, {bytes(last.bytes)}.
            </>
          ) : (
            "No backup taken from the console yet."
          )}
        </p>
        <button type="button" className="primary" onClick={() => take.mutate()} disabled={take.isPending} data-testid="backup-now">
          {take.isPending ? "Backing up…" : "Back up now"}
        </button>
      </div>
      <SettingsForm key={JSON.stringify(status.backups)} initial={status.backups} />
      {status.recent_backups.length > 0 && <DataTable data={status.recent_backups} columns={columns} rowKey={(b) => b.id} label="Backups" testId="backups-table" rowTestId="backup-row" />}
    </Card>
  );
}

function SettingsForm({ initial }: { initial: BackupSettings }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [folder, setFolder] = useState(initial.folder_is_default ? "" : initial.folder);
  const [keep, setKeep] = useState(String(initial.keep));
  const [daily, setDaily] = useState(initial.daily);
  const save = useMutation({
    mutationFn: () => put<BackupSettings>("/_docket/backups/settings", { folder: folder.trim() === "" ? null : folder.trim(), keep: Number(keep), daily }),
    onSuccess: () => {
      toast("Backup settings saved");
      void queryClient.invalidateQueries({ queryKey: ["data-status"] });
    },
  });
  const invalid = !wholeDays(keep, 100);
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) save.mutate();
      }}
    >
      <div className="grid-4">
        <label style={{ gridColumn: "span 3" }}>
          Folder (an absolute path; empty for the data directory's own)
          <input value={folder} onChange={(e) => setFolder(e.target.value)} placeholder={initial.folder_is_default ? initial.folder : ""} autoComplete="off" data-testid="backup-folder" />
        </label>
        <label>
          Backups kept
          <input type="number" min={1} max={100} step={1} value={keep} onChange={(e) => setKeep(e.target.value)} aria-invalid={invalid ? true : undefined} data-testid="backup-keep" />
        </label>
      </div>
      <label className="inline">
        <input type="checkbox" checked={daily} onChange={(e) => setDaily(e.target.checked)} data-testid="backup-daily" />
        <span>
          Back up every day{" "}
          <span className="muted small" data-testid="next-daily">
            {initial.daily && initial.next_daily_at ? (
              <>
                next <Time value={initial.next_daily_at} />
              </>
            ) : (
              "(the first at once when the last backup is a day old)"
            )}
          </span>
        </span>
      </label>
      <FormError error={save.error ?? (invalid ? "Keep between 1 and 100 backups." : null)} />
      <div className="actions">
        <button type="submit" disabled={save.isPending || invalid} data-testid="backup-settings-save">
          Save backup settings
        </button>
      </div>
    </form>
  );
}

/** How long this environment keeps its journal, finished deliveries and search history. */
function RetentionCard() {
  const { environment } = useSession();
  const retention = useQuery({ queryKey: ["retention", environment], queryFn: ({ signal }) => get<RetentionSettings>("/_docket/retention", undefined, signal) });
  return (
    <Card title={`Retention in the ${environment}`} description="How long records that are not needed for good are kept; older ones are deleted every hour and at once when you save." testId="retention">
      {retention.isPending ? <Loading what="the retention settings" /> : retention.error ? <ErrorState error={retention.error} retry={() => void retention.refetch()} /> : <RetentionForm key={`${environment}-${JSON.stringify(retention.data)}`} initial={retention.data} />}
    </Card>
  );
}

/** The database key, shown on request to keep a copy apart from the computer. */
function KeyCopy() {
  const [asking, setAsking] = useState(false);
  const show = useMutation({ mutationFn: () => get<DatabaseKeyView>("/_docket/data/key") });
  if (show.data) {
    return (
      <span className="secret" data-testid="database-key">
        <code>{show.data.key}</code>
        <CopyButton value={show.data.key} label="Copy the key" testId="copy-database-key" />
        <button type="button" className="small" onClick={() => show.reset()}>
          Hide
        </button>
      </span>
    );
  }
  return (
    <>
      <button type="button" className="small" onClick={() => setAsking(true)} data-testid="show-database-key">
        Show the key
      </button>
      <FormError error={show.error} />
      <Confirm
        open={asking}
        title="Show the database key?"
        action="Show"
        onConfirm={() => {
          setAsking(false);
          show.mutate();
        }}
        onClose={() => setAsking(false)}
        pending={show.isPending}
        testId="confirm-show-key"
      >
        <p>Anyone who sees it and can reach this computer's files or backups can read every applicant and document. Keep it in a password manager or on paper, apart from this computer, and close this page afterwards.</p>
      </Confirm>
    </>
  );
}

/** A number of days that may be null (kept for good) as the form's text: empty when kept. */
function keptText(days: number | null | undefined): string {
  return days === null || days === undefined ? "" : String(days);
}

function RetentionForm({ initial }: { initial: RetentionSettings }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [journal, setJournal] = useState(String(initial.journal_days));
  const [deliveries, setDeliveries] = useState(String(initial.deliveries_days));
  const [searches, setSearches] = useState(keptText(initial.search_history_days));
  const [caseFiles, setCaseFiles] = useState(keptText(initial.case_files_days));
  const [deepfakes, setDeepfakes] = useState(keptText(initial.deepfake_analyses_days));
  const [statements, setStatements] = useState(keptText(initial.bank_statements_days));
  const optionalDays = (text: string) => text === "" || wholeDays(text, 3650);
  const invalid =
    !wholeDays(journal, initial.journal_days_max) || !wholeDays(deliveries, 365) || !optionalDays(searches) || !optionalDays(caseFiles) || !optionalDays(deepfakes) || !optionalDays(statements);
  const save = useMutation({
    mutationFn: () =>
      put<RetentionSettings>("/_docket/retention", {
        journal_days: Number(journal),
        deliveries_days: Number(deliveries),
        search_history_days: searches === "" ? null : Number(searches),
        case_files_days: caseFiles === "" ? null : Number(caseFiles),
        deepfake_analyses_days: deepfakes === "" ? null : Number(deepfakes),
        bank_statements_days: statements === "" ? null : Number(statements),
      }),
    onSuccess: () => {
      toast("Retention saved");
      void queryClient.invalidateQueries({ queryKey: ["retention"] });
    },
  });
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) save.mutate();
      }}
    >
      <div className="grid-4">
        <label>
          Request journal (days, at most {initial.journal_days_max})
          <input type="number" min={1} max={initial.journal_days_max} value={journal} onChange={(e) => setJournal(e.target.value)} data-testid="retention-journal" />
        </label>
        <label>
          Finished webhook deliveries (days)
          <input type="number" min={1} max={365} value={deliveries} onChange={(e) => setDeliveries(e.target.value)} data-testid="retention-deliveries" />
        </label>
        <label>
          AML search history (days; empty keeps it)
          <input type="number" min={1} max={3650} value={searches} onChange={(e) => setSearches(e.target.value)} placeholder="kept" data-testid="retention-searches" />
        </label>
        <label>
          Decided KYB cases' documents (days after the decision; empty keeps them)
          <input type="number" min={1} max={3650} value={caseFiles} onChange={(e) => setCaseFiles(e.target.value)} placeholder="kept" data-testid="retention-case-files" />
        </label>
        <label>
          Deepfake analyses and their files (days; empty keeps them)
          <input type="number" min={1} max={3650} value={deepfakes} onChange={(e) => setDeepfakes(e.target.value)} placeholder="kept" data-testid="retention-deepfakes" />
        </label>
        <label>
          Applicants' bank statements (days; empty keeps them)
          <input type="number" min={1} max={3650} value={statements} onChange={(e) => setStatements(e.target.value)} placeholder="kept" data-testid="retention-statements" />
        </label>
      </div>
      <FormError error={save.error ?? (invalid ? "Whole days within the limits (the journal up to the server's own)." : null)} />
      <div className="actions">
        <button type="submit" disabled={save.isPending || invalid} data-testid="retention-save">
          Save retention
        </button>
      </div>
    </form>
  );
}
