// An applicant's transactions and payments on their page: the statistics a rule would read now,
// and the latest events with their decisions.
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { get } from "../../api/client";
import type { ApplicantStats, MonitoringResult, Page } from "../../api/types";
import { Card } from "../../components/Card";
import { DataTable } from "../../components/DataTable";
import { ErrorState, Loading } from "../../components/States";
import { useSession } from "../../session";
import { EVENT_COLUMNS } from "./eventColumns";
import { StatsTable } from "./StatsTable";

export function ApplicantTransactions({ applicantId }: { applicantId: string }) {
  const { environment } = useSession();
  const navigate = useNavigate();
  const stats = useQuery({
    queryKey: ["transmon-stats", environment, applicantId],
    queryFn: ({ signal }) => get<ApplicantStats>(`/api/v3/transmon/applicants/${applicantId}/stats`, undefined, signal),
  });
  const events = useQuery({
    queryKey: ["transmon-events", environment, { applicant_id: applicantId, limit: 10 }],
    queryFn: ({ signal }) => get<Page<MonitoringResult>>("/api/v3/transmon/events", { applicant_id: applicantId, limit: 10 }, signal),
  });
  if (events.data && events.data.data.length === 0) return null;
  return (
    <Card
      title="Transactions and payments"
      description="The statistics are what stats.<period>.<indicator> reads now: calendar days from 00:00 UTC on the environment's clock."
      actions={<Link to={`/transmon?applicant_id=${applicantId}`}>All of them</Link>}
      testId="applicant-transactions"
    >
      {stats.isPending || events.isPending ? (
        <Loading what="transactions" />
      ) : stats.error || events.error ? (
        <ErrorState error={stats.error ?? events.error} />
      ) : (
        <>
          <StatsTable stats={stats.data.stats} testId="applicant-stats" />
          <DataTable data={events.data.data} columns={EVENT_COLUMNS} rowKey={(e) => e.event_id} onOpen={(e) => navigate(`/transmon/events/${e.event_id}`)} label="Latest transactions and payments" testId="applicant-events" rowTestId="applicant-event" />
        </>
      )}
    </Card>
  );
}
