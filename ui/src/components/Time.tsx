import { localDate, localTime, utcTime } from "../lib/format";

/** A time in the user's locale; hovering shows it in UTC. */
export function Time({ value, dateOnly = false }: { value: string | number | null | undefined; dateOnly?: boolean }) {
  const utc = utcTime(value);
  if (!utc) return <span className="muted">—</span>;
  return (
    <time dateTime={utc} title={`${utc} (UTC)`}>
      {dateOnly ? localDate(String(value)) : localTime(value)}
    </time>
  );
}
