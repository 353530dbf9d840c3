// An applicant's non-document checks on their page: each check with its steps as the server
// decided them, and a form to run one (an identifier and its number).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { get, post } from "../../api/client";
import type { IdType, NondocCheck, Page } from "../../api/types";
import { Badge } from "../../components/Badge";
import { Card } from "../../components/Card";
import { ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { useSession } from "../../session";
import { checkTone, statusLabel, stepName, verifyBody } from "./nondoc";

export function ApplicantNondoc({ applicantId }: { applicantId: string }) {
  const { environment } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [idType, setIdType] = useState("NG_BVN");
  const [number, setNumber] = useState("");
  const key = ["nondoc-checks", environment, applicantId];
  const checks = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => get<Page<NondocCheck>>(`/api/v4/nondoc/${applicantId}/checks`, { limit: 20 }, signal),
  });
  const types = useQuery({
    queryKey: ["nondoc-types"],
    queryFn: ({ signal }) => get<IdType[]>("/api/v4/nondoc/types", undefined, signal),
    staleTime: Infinity,
  });
  const run = useMutation({
    mutationFn: () => {
      const choice = types.data?.find((t) => t.id_type === idType) ?? { id_type: idType, verification_type: "NONDOC_NATIONAL_ID" };
      return post<NondocCheck>(`/api/v4/nondoc/${applicantId}/verify`, verifyBody(choice, number));
    },
    onSuccess: (check) => {
      setNumber("");
      toast(`Check ${statusLabel(check.status)}`, check.status === "failed" ? "bad" : "good");
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (e) => toast(e.message, "bad"),
  });
  return (
    <Card
      title="Non-document checks"
      description="National identifiers checked offline (format, check digits, the birth date and sex they encode). Production cannot reach any registry offline: its checks need a reviewer."
      testId="applicant-nondoc"
    >
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (number.trim()) run.mutate();
        }}
      >
        <label>
          Identifier{" "}
          <select value={idType} onChange={(e) => setIdType(e.target.value)} data-testid="nondoc-type">
            {(types.data ?? [{ id_type: "NG_BVN", name: "Nigerian Bank Verification Number (BVN)" }]).map((t) => (
              <option key={t.id_type} value={t.id_type}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Number <input value={number} onChange={(e) => setNumber(e.target.value)} maxLength={64} autoComplete="off" data-testid="nondoc-number" />
        </label>
        <button type="submit" disabled={run.isPending || !number.trim()} data-testid="nondoc-run">
          Check
        </button>
      </form>
      {checks.isPending ? (
        <Loading what="checks" />
      ) : checks.error ? (
        <ErrorState error={checks.error} />
      ) : checks.data.data.length === 0 ? (
        <p className="muted small">No checks yet.</p>
      ) : (
        <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
          {checks.data.data.map((c) => (
            <li key={c.id} data-testid="nondoc-check">
              <div className="row" style={{ alignItems: "center" }}>
                <strong>{c.id_type}</strong>
                <code>{c.number_masked}</code>
                <Badge tone={checkTone(c.status)}>{statusLabel(c.status)}</Badge>
                <Time value={c.created_at} />
              </div>
              <table className="data fixed">
                <tbody>
                  {c.checks.map((s) => (
                    <tr key={s.step}>
                      <th scope="row">{stepName(s.step)}</th>
                      <td>
                        <Badge tone={checkTone(s.status)}>{statusLabel(s.status)}</Badge>
                      </td>
                      <td className="small">{s.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
