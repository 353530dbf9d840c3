// The statistics a rule reads (`stats.<period>.<indicator>`), one row per period.
import type { Stats } from "../../api/types";
import { statRows } from "./transmon";

/** An exact decimal shown to two places; the exact value (what a rule reads) on hover. */
function Amount({ value }: { value: string }) {
  const n = Number(value);
  const decimals = value.split(".")[1]?.length ?? 0;
  if (!Number.isFinite(n) || decimals <= 2) return <>{value}</>;
  return <span title={`Exactly ${value}, as a rule reads it`}>{n.toFixed(2)}</span>;
}

export function StatsTable({ stats, testId }: { stats: Stats; testId?: string }) {
  return (
    <div className="table-wrap flat">
      <table className="data compact" aria-label="Statistics by period" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Count</th>
            <th scope="col">Sum</th>
            <th scope="col">Average</th>
            <th scope="col">Min</th>
            <th scope="col">Max</th>
          </tr>
        </thead>
        <tbody>
          {statRows(stats).map(([label, period, p]) => (
            <tr key={period}>
              <th scope="row">
                {label}
                <br />
                <code className="small">{period}</code>
              </th>
              <td className="num">{p.transactions_count}</td>
              <td className="num"><Amount value={p.sum} /></td>
              <td className="num"><Amount value={p.avg} /></td>
              <td className="num"><Amount value={p.min} /></td>
              <td className="num"><Amount value={p.max} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
