// The statistics a rule reads (`stats.<period>.<indicator>`), one row per period.
import type { Stats } from "../../api/types";
import { statRows } from "./transmon";

export function StatsTable({ stats, testId }: { stats: Stats; testId?: string }) {
  return (
    <div className="table-wrap">
    <table data-testid={testId}>
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
        {statRows(stats).map(([label, p]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{p.transactions_count}</td>
            <td>{p.sum}</td>
            <td>{p.avg}</td>
            <td>{p.min}</td>
            <td>{p.max}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
