// An applicant's bank statements on their page: upload one, and see what was read from each,
// field by field with the line it came from, the checks, the holder's match with the applicant
// and the file's editing signs. The server decides all of it; this only shows it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { download, get, postForm } from "../../api/client";
import type { BankStatement, Page } from "../../api/types";
import { Badge } from "../../components/Badge";
import { Card } from "../../components/Card";
import { ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { useSession } from "../../session";
import { fieldRows, matchTone, methodText } from "./statements";

export function ApplicantStatements({ applicantId }: { applicantId: string }) {
  const { environment } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const key = ["bank-statements", environment, applicantId];
  const statements = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => get<Page<BankStatement>>("/api/v4/bankbook/statements", { applicant_id: applicantId, limit: 5 }, signal),
  });
  const upload = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append("file", f, f.name);
      return postForm<BankStatement>(`/api/v4/bankbook/${applicantId}`, form);
    },
    onSuccess: (s) => {
      toast(s.status === "extracted" ? "Statement read" : "Statement read: it needs a review");
      setFile(null);
      if (input.current) input.current.value = "";
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (e) => toast(e.message, "bad"),
  });
  return (
    <Card
      title="Bank statements"
      description="A statement or bankbook page (PDF, JPEG or PNG): its holder, account, bank, period and balances, each with the line it was read from."
      testId="bank-statements"
      actions={
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (file) upload.mutate(file);
          }}
        >
          <input ref={input} type="file" accept="application/pdf,image/jpeg,image/png" aria-label="Bank statement file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="statement-file" />
          <button type="submit" disabled={!file || upload.isPending} data-testid="statement-upload">
            {upload.isPending ? "Reading…" : "Upload"}
          </button>
        </form>
      }
    >
      {statements.isPending ? (
        <Loading what="bank statements" />
      ) : statements.error ? (
        <ErrorState error={statements.error} />
      ) : statements.data.data.length === 0 ? (
        <p className="muted small">No statement uploaded.</p>
      ) : (
        <div className="stack">
          {statements.data.data.map((s) => (
            <Statement key={s.id} statement={s} />
          ))}
        </div>
      )}
    </Card>
  );
}

function Statement({ statement: s }: { statement: BankStatement }) {
  const name = s.file_name ?? "statement";
  return (
    <article className="stack" data-testid="bank-statement" style={{ gap: 8 }}>
      <div className="row" style={{ alignItems: "center" }}>
        <Badge tone={s.status === "extracted" ? "good" : "warn"}>{s.status === "extracted" ? "extracted" : "needs review"}</Badge>
        <button type="button" className="link" onClick={() => void download(`/api/v4/bankbook/statements/${s.id}/file`, name)}>
          {name}
        </button>
        <span className="muted small">
          {methodText(s.method)}
          {s.pages ? `, ${s.pages} page${s.pages === 1 ? "" : "s"}` : ""} · <Time value={s.created_at} />
        </span>
        {s.holder_match && (
          <Badge tone={matchTone(s.holder_match.level)} title={`Compared with ${s.holder_match.applicant_name}`}>
            holder {s.holder_match.level} ({s.holder_match.score.toFixed(2)})
          </Badge>
        )}
      </div>
      {s.reasons.length > 0 && (
        <ul className="small" data-testid="statement-reasons">
          {s.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {String(s.method) !== "none" && (
        <table className="data fixed" data-testid="statement-fields">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Value</th>
              <th scope="col">Check</th>
              <th scope="col">Read from</th>
            </tr>
          </thead>
          <tbody>
            {fieldRows(s.fields).map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.label}</th>
                <td>{row.text ?? <span className="muted">not found</span>}</td>
                <td>{row.check ? <Badge tone={row.check.ok ? "good" : "bad"} title={row.check.problem ?? undefined}>{row.check.ok ? "valid" : "invalid"}</Badge> : ""}</td>
                <td className="small">
                  {row.where && (
                    <>
                      <span className="muted">{row.where}:</span> <code className="evidence">{row.evidence}</code>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {s.editing_signs.length > 0 && (
        <p className="small" data-testid="statement-editing">
          <strong>Signs of editing:</strong> {s.editing_signs.join("; ")}
        </p>
      )}
    </article>
  );
}
