// Names where a list or a page holds only an id: an applicant by its name, a case by its public
// id and company. Each is read once per id and environment (shared with the views that read the
// whole record) and shows the short id while it loads, or when the record is gone.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ApiError, get } from "../api/client";
import type { Applicant } from "../api/types";
import { displayName } from "../lib/format";
import { useSession } from "../session";
import { ShortId } from "./ShortId";

function useRecord<T>(kind: string, path: string, id: string) {
  const { environment } = useSession();
  return useQuery({
    queryKey: [kind, environment, id],
    queryFn: ({ signal }) => get<T>(path, undefined, signal),
    enabled: Boolean(id),
    staleTime: 60_000,
    retry: (n, e) => !(e instanceof ApiError && e.status === 404) && n < 2,
  });
}

/** An applicant's name (linked to its page); its short id until read or when it has none. */
export function ApplicantName({ id, link = true }: { id: string; link?: boolean }) {
  const applicant = useRecord<Applicant>("applicant", `/api/v3/applicants/${id}`, id);
  const name = displayName(applicant.data?.system_info);
  const gone = applicant.error instanceof ApiError && applicant.error.status === 404;
  const text = name ? (
    <span title={id} data-testid="applicant-name">
      {name}
    </span>
  ) : (
    <>
      <ShortId id={id} />
      {gone && <span className="muted small"> (deleted)</span>}
    </>
  );
  return link && !gone ? <Link to={`/applicants/${id}`}>{text}</Link> : text;
}

/** A KYB case by its public id and company (linked to its case file). */
export function CaseName({ id, link = true }: { id: string; link?: boolean }) {
  const found = useRecord<{ id: string; public_id: string; company_name?: string | null }>("kyb-case", `/api/v4/kyb/verifications/${id}`, id);
  const text = found.data ? (
    <span title={id} data-testid="case-name">
      <code>{found.data.public_id}</code>
      {found.data.company_name ? ` · ${found.data.company_name}` : ""}
    </span>
  ) : (
    <ShortId id={id} />
  );
  return link && found.data ? <Link to={`/kyb/${id}`}>{text}</Link> : text;
}
