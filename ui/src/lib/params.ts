// View state kept in the URL (filters, page), so that back/forward and links keep it.
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";

export function useUrlState<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ""])) as Record<K, string>;
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const set = useCallback(
    (changes: Partial<Record<K | "page", string | number | null>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === "" || (key === "page" && value === 0)) next.delete(key);
            else next.set(key, String(value));
          }
          // A new filter starts again at the first page.
          if (!("page" in changes)) next.delete("page");
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { values, page, set };
}

/**
 * A text filter typed into a field and copied into the URL (under `key`, with `set` from
 * `useUrlState`) after a pause in typing, so that a request is not sent per key press.
 * Returns the field's value and its setter.
 */
export function useTypedFilter<K extends string>(key: K, current: string, set: (changes: Partial<Record<K, string>>) => void): [string, (value: string) => void] {
  const [typed, setTyped] = useState(current);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (typed !== current) set({ [key]: typed } as Partial<Record<K, string>>);
    }, 250);
    return () => window.clearTimeout(timer);
  }, [key, typed, current, set]);
  return [typed, setTyped];
}
