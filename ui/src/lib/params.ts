// View state kept in the URL (filters, page), so that back/forward and links keep it.
import { useCallback } from "react";
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
