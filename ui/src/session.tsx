// Who is using the console, in which environment: the environment switch (kept in localStorage
// and sent with every request) and the signed-in reviewer (`GET /_docket/me`: the console session
// was opened with a reviewer's login link, and every action is recorded under them).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { type Environment, get, setRequestContext } from "./api/client";
import type { Me, Reviewer, Role } from "./views/kyb/types";

const ENVIRONMENT_KEY = "docket.environment";

interface Session {
  environment: Environment;
  setEnvironment: (environment: Environment) => void;
}

const SessionContext = createContext<Session | null>(null);

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}

export function initialEnvironment(): Environment {
  return stored(ENVIRONMENT_KEY) === "production" ? "production" : "sandbox";
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [environment, setEnvironmentState] = useState<Environment>(() => {
    const env = initialEnvironment();
    setRequestContext({ environment: env });
    return env;
  });

  const setEnvironment = useCallback(
    (next: Environment) => {
      setRequestContext({ environment: next });
      store(ENVIRONMENT_KEY, next);
      setEnvironmentState(next);
      // Every cached answer belongs to the old environment.
      queryClient.removeQueries();
    },
    [queryClient],
  );

  const value = useMemo(() => ({ environment, setEnvironment }), [environment, setEnvironment]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside SessionProvider");
  return session;
}

/** The signed-in reviewer's account, as the server knows it. */
export function useMe() {
  return useQuery({ queryKey: ["me"], queryFn: ({ signal }) => get<Me>("/_docket/me", undefined, signal), retry: false, staleTime: 60_000 });
}

/** The signed-in reviewer, or null while unknown. */
export function useReviewer(): Reviewer | null {
  return useMe().data?.reviewer ?? null;
}

const RANK: Record<Role, number> = { reviewer: 0, senior: 1, admin: 2 };

/** Whether a role may do what `needed` may: admins do everything a senior does, seniors what a reviewer does. */
export function can(role: Role | null | undefined, needed: Role): boolean {
  return role ? RANK[role] >= RANK[needed] : false;
}

export const ROLE_NAMES: Record<Role, string> = { reviewer: "Reviewer", senior: "Senior reviewer", admin: "Admin" };
