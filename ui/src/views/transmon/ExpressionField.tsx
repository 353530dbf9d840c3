// A rule expression editor: checked by the server as you type (`POST .../rules/validate`) against
// the rule's event type's fields, the error underlined at its position, and what the expression
// reads listed under it.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { post } from "../../api/client";
import type { RuleEventType, Validation } from "../../api/types";

/** The expression with the error's character range marked, for the preview under the field. */
export function marked(source: string, start: number, end: number): { before: string; error: string; after: string } {
  const chars = Array.from(source);
  const s = Math.min(Math.max(0, start), chars.length);
  const e = Math.min(Math.max(s, end), chars.length);
  // An error at the very end (a missing operand) marks one blank so the underline shows.
  return { before: chars.slice(0, s).join(""), error: e > s ? chars.slice(s, e).join("") : " ", after: chars.slice(e).join("") };
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function ExpressionField({ value, eventType, onChange, onValidity }: { value: string; eventType: RuleEventType; onChange: (v: string) => void; onValidity?: (valid: boolean) => void }) {
  const checked = useDebounced(value, 250);
  const validation = useQuery({
    queryKey: ["transmon-validate", eventType, checked],
    queryFn: () => post<Validation>("/api/v3/transmon/rules/validate", { expression: checked, event_type: eventType }),
    enabled: checked.trim().length > 0,
    staleTime: Infinity,
  });
  const v = validation.data;
  const current = checked === value && v;
  useEffect(() => {
    onValidity?.(Boolean(current && current.valid));
  }, [current, onValidity]);
  const error = current && current.error;
  const shown = error ? marked(value, error.start, error.end) : null;
  return (
    <div className="stack">
      <label>
        Expression
        <textarea
          className="mono"
          rows={4}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          spellCheck={false}
          aria-invalid={Boolean(error)}
          aria-describedby="expression-check"
          placeholder='event.amount > 1000 && stats.last7d.transactions_count >= 5'
          data-testid="rule-expression"
        />
      </label>
      <div id="expression-check" aria-live="polite" data-testid="expression-check">
        {!value.trim() ? (
          <span className="muted small">Names: event.&lt;field&gt; and stats.&lt;last1d|last7d|last30d&gt;.&lt;sum|avg|min|max|transactions_count&gt;.</span>
        ) : error && shown ? (
          <div className="form-error">
            <pre className="mono expr-preview" data-testid="expression-preview">
              {shown.before}
              <mark className="expr-error" data-testid="expression-error-mark">{shown.error}</mark>
              {shown.after}
            </pre>
            <span data-testid="expression-error">
              Line {error.line}, column {error.column}: {error.message}
            </span>
          </div>
        ) : current && current.valid ? (
          <span className="small" data-testid="expression-ok">
            ✓ Compiles. Reads {[...current.event_fields.map((f) => `event.${f}`), ...current.stats].join(", ") || "nothing from the event"}.
          </span>
        ) : (
          <span className="muted small">Checking…</span>
        )}
      </div>
    </div>
  );
}
