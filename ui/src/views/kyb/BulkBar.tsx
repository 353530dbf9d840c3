// The queue's bulk actions on the selected cases: assign to me, assign to a reviewer (an
// admin's), release. Each case is done on its own on the server; what was refused is listed
// per case with the reason.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { post } from "../../api/client";
import { useToast } from "../../components/Toasts";
import { plural } from "../../lib/format";
import { useReviewers } from "./data";
import type { BulkOutcomes, CaseRow, Reviewer } from "./types";

interface Request {
  action: "assign" | "release";
  reviewer_id?: string | null;
}

export function BulkBar({ me, rows, selected, onDone }: { me: Reviewer; rows: CaseRow[]; selected: ReadonlySet<string>; onDone: (remaining: Set<string>) => void }) {
  const admin = me.role === "admin";
  const reviewers = useReviewers();
  const [to, setTo] = useState("");
  const [refused, setRefused] = useState<{ name: string; message: string }[]>([]);
  const queryClient = useQueryClient();
  const toast = useToast();
  const names = new Map(rows.map((r) => [r.id, r.company_name ? `${r.company_name} (${r.public_id})` : r.public_id]));
  const bulk = useMutation({
    mutationFn: (request: Request) => post<BulkOutcomes>("/_docket/desk/assignments", { ...request, case_ids: [...selected] }),
    onSuccess: (outcome, request) => {
      const failed = outcome.results.filter((r) => r.case === null || r.case === undefined);
      setRefused(failed.map((r) => ({ name: names.get(r.case_id) ?? r.case_id, message: r.message ?? `refused (${r.status})` })));
      toast(`${plural(outcome.succeeded, "case", "cases")} ${request.action === "release" ? "released" : "assigned"}${outcome.failed ? `; ${outcome.failed} refused` : ""}`, outcome.failed ? "bad" : undefined);
      // What was refused stays selected, so it can be looked at or tried again.
      onDone(new Set(failed.map((r) => r.case_id)));
      void queryClient.invalidateQueries({ queryKey: ["kyb-cases"] });
      void queryClient.invalidateQueries({ queryKey: ["desk-counts"] });
      void queryClient.invalidateQueries({ queryKey: ["kyb-case"] });
    },
    onError: (e) => toast(e.message, "bad"),
  });
  if (selected.size === 0 && refused.length === 0) return null;
  const others = (reviewers.data?.data ?? []).filter((r) => !r.disabled_at);
  return (
    <>
      {selected.size > 0 && (
        <div className="bulk-bar" role="region" aria-label="Bulk actions" data-testid="bulk-bar">
          <strong>{plural(selected.size, "case", "cases")} selected</strong>
          <button type="button" className="small" disabled={bulk.isPending} onClick={() => bulk.mutate({ action: "assign", reviewer_id: null })} data-testid="bulk-assign-me">
            Assign to me
          </button>
          {admin && (
            <>
              <label>
                <span className="visually-hidden">Reviewer</span>
                <select value={to} onChange={(e) => setTo(e.target.value)} data-testid="bulk-reviewer">
                  <option value="">Assign to…</option>
                  {others.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name} ({r.role})
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="small" disabled={!to || bulk.isPending} onClick={() => bulk.mutate({ action: "assign", reviewer_id: to })} data-testid="bulk-assign">
                Assign
              </button>
            </>
          )}
          <button type="button" className="small" disabled={bulk.isPending} onClick={() => bulk.mutate({ action: "release" })} data-testid="bulk-release">
            Release
          </button>
          <span className="spacer" />
          <button type="button" className="small" onClick={() => onDone(new Set())}>
            Clear selection
          </button>
        </div>
      )}
      {refused.length > 0 && (
        <div className="bulk-results notice warn" role="status" data-testid="bulk-refused">
          <strong>{plural(refused.length, "case was", "cases were")} not changed:</strong>
          <ul>
            {refused.map((r) => (
              <li key={r.name}>
                {r.name}: {r.message}
              </li>
            ))}
          </ul>
          <button type="button" className="small" onClick={() => setRefused([])}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}
