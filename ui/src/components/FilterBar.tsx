// The one filter bar of the console's lists: labelled fields in a row (text, choice, date,
// checkbox), and "Clear filters" while any is set. Values live in the URL (`lib/params.ts`).
import type { ReactNode } from "react";

export function FilterBar({ children, active, onClear, label = "Filters" }: { children: ReactNode; active: boolean; onClear: () => void; label?: string }) {
  return (
    <div className="filters" role="search" aria-label={label}>
      {children}
      {active && (
        <button type="button" className="ghost" onClick={onClear} data-testid="clear-filters">
          Clear filters
        </button>
      )}
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A choice among values, "Any" (the empty value) first unless `any` is null. */
export function SelectFilter({ label, value, choices, onChange, testId, any = "Any" }: { label: string; value: string; choices: readonly Choice[]; onChange: (value: string) => void; testId?: string; any?: string | null }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {any !== null && <option value="">{any}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A text field; `search` marks the view's main search (the `/` shortcut focuses it). */
export function TextFilter({ label, value, onChange, testId, placeholder, size, maxLength, search = false }: { label: string; value: string; onChange: (value: string) => void; testId?: string; placeholder?: string; size?: number; maxLength?: number; search?: boolean }) {
  return (
    <label>
      {label}
      <input type={search ? "search" : "text"} value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} size={size} maxLength={maxLength} data-shortcut={search ? "search" : undefined} data-testid={testId} />
    </label>
  );
}

/** A date (`YYYY-MM-DD`) or, with `time`, a local date and time. */
export function DateFilter({ label, value, onChange, testId, time = false }: { label: string; value: string; onChange: (value: string) => void; testId?: string; time?: boolean }) {
  return (
    <label>
      {label}
      <input type={time ? "datetime-local" : "date"} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
    </label>
  );
}

export function CheckFilter({ label, checked, onChange, testId }: { label: string; checked: boolean; onChange: (checked: boolean) => void; testId?: string }) {
  return (
    <label className="inline filter-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      {label}
    </label>
  );
}
