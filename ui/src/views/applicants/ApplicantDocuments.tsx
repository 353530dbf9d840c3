// An applicant's documents (file management): each stored file's facts, or the tombstone of an
// erased one, and erasing one after a confirmation. The server decides what may be erased (a
// decided verification's evidence is kept: its 409 says why and is shown as it is).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { del, get } from "../../api/client";
import type { ApplicantFile, Page } from "../../api/types";
import { Badge } from "../../components/Badge";
import { Card } from "../../components/Card";
import { Confirm } from "../../components/Confirm";
import { Pager } from "../../components/Pager";
import { ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { bytes } from "../../lib/format";
import { can, useReviewer, useSession } from "../../session";
import { actorName } from "../kyb/parts";

const LIMIT = 10;

export function ApplicantDocuments({ applicantId }: { applicantId: string }) {
  const { environment } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [erasing, setErasing] = useState<ApplicantFile | null>(null);
  // Erasing is an admin's (or the integration's key), as the authority table says.
  const admin = can(useReviewer()?.role, "admin");
  const files = useQuery({
    queryKey: ["applicant-documents", environment, applicantId, page],
    queryFn: ({ signal }) => get<Page<ApplicantFile>>(`/api/v3/applicants/${applicantId}/documents`, { page, limit: LIMIT }, signal),
  });
  const erase = useMutation({
    mutationFn: (f: ApplicantFile) => del<ApplicantFile>(`/api/v3/documents/${f.document_id}`),
    onSuccess: () => {
      toast("Document erased");
      void queryClient.invalidateQueries({ queryKey: ["applicant-documents", environment, applicantId] });
    },
    onError: (e) => toast(e.message, "bad"),
    onSettled: () => setErasing(null),
  });
  if (files.data && files.data.data.length === 0 && page === 0) return null;
  return (
    <Card title="Documents" description="Every file uploaded for this applicant, newest first; an erased one keeps only who erased it and when." testId="applicant-documents">
      {files.isPending ? (
        <Loading what="documents" />
      ) : files.error ? (
        <ErrorState error={files.error} retry={() => void files.refetch()} />
      ) : (
        <>
          <table className="data" data-testid="documents-table">
            <thead>
              <tr>
                <th scope="col">Document</th>
                <th scope="col">File</th>
                <th scope="col">Verification</th>
                <th scope="col">Uploaded</th>
                <th scope="col" aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {files.data.data.map((f) => (
                <tr key={f.document_id} data-testid="document-row">
                  <td>
                    {f.document_type}
                    {f.side ? ` (${f.side})` : ""}
                  </td>
                  <td className="small">
                    {f.stored ? (
                      <>
                        {f.stored.file_name ?? "—"} · {f.stored.content_type} · {bytes(f.stored.size)}
                        <br />
                        <code title="SHA-256">{f.stored.sha256.slice(0, 16)}…</code>
                      </>
                    ) : f.erased ? (
                      <span data-testid="document-erased">
                        <Badge tone="neutral">erased</Badge> by {actorName(f.erased.erased_by)}, <Time value={f.erased.erased_at} />
                      </span>
                    ) : null}
                  </td>
                  <td>{f.verification_id ? <Link to={`/verifications/${f.verification_id}`}>{f.verification_status ?? "gone"}</Link> : <span className="muted">none</span>}</td>
                  <td>
                    <Time value={f.uploaded_at} />
                  </td>
                  <td>
                    {admin && f.stored && (
                      <button type="button" className="danger" onClick={() => setErasing(f)} data-testid="erase-document">
                        Erase
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} hasNext={files.data.has_next} onPage={setPage} shown={files.data.data.length} />
        </>
      )}
      <Confirm open={erasing !== null} title="Erase this document?" action="Erase" onConfirm={() => erasing && erase.mutate(erasing)} onClose={() => setErasing(null)} pending={erase.isPending} testId="confirm-erase-document">
        <p>
          The file is deleted from this {environment}'s file store for good; the list keeps a tombstone with its type, your name and the time, and the audit trail records it. A document a decided verification relied on is kept as that decision's record: the server refuses it and says how to erase the applicant instead.
        </p>
      </Confirm>
    </Card>
  );
}
