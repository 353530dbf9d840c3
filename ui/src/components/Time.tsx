import { localDate, localTime, utcTime } from "../lib/format";

/** A time in the user's locale (to the minute unless `precise`); hovering shows it in UTC to the millisecond. */
export function Time({ value, dateOnly = false, precise = false }: { value: string | number | null | undefined; dateOnly?: boolean; precise?: boolean }) {
  const utc = utcTime(value);
  if (!utc) return <span className="muted">—</span>;
  return (
    <time dateTime={utc} title={`${utc} (UTC)`}>
      {dateOnly ? localDate(String(value)) : localTime(value, precise)}
    </time>
  );
}
