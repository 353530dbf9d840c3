// A row of tabs (ARIA tablist): arrow keys, Home and End move between them; each may carry a count.
import type { KeyboardEvent } from "react";

export interface TabItem {
  id: string;
  label: string;
  count?: number | null;
  tone?: "bad" | "warn";
}

export function Tabs({ items, value, onChange, label, testId }: { items: readonly TabItem[]; value: string; onChange: (id: string) => void; label: string; testId?: string }) {
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = event.key === "ArrowRight" ? index + 1 : event.key === "ArrowLeft" ? index - 1 : event.key === "Home" ? 0 : event.key === "End" ? items.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[(next + items.length) % items.length];
    if (!item) return;
    onChange(item.id);
    const buttons = event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>("[role=tab]");
    buttons?.[(next + items.length) % items.length]?.focus();
  }
  return (
    <div className="tabs" role="tablist" aria-label={label} data-testid={testId}>
      {items.map((item, index) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          aria-selected={item.id === value}
          tabIndex={item.id === value ? 0 : -1}
          className={item.id === value ? "active" : undefined}
          onClick={() => onChange(item.id)}
          onKeyDown={(e) => onKeyDown(e, index)}
          data-testid={`tab-${item.id}`}
        >
          {item.label}
          {item.count !== undefined && item.count !== null && <span className={`tab-count${item.tone && item.count > 0 ? ` ${item.tone}` : ""}`}>{item.count}</span>}
        </button>
      ))}
    </div>
  );
}
