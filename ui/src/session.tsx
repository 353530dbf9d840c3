// Who is using the console, in which environment: the environment switch and the reviewer's
// name live here (kept in localStorage) and are sent with every request.
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { type Environment, setRequestContext } from "./api/client";

const ENVIRONMENT_KEY = "docket.environment";
const REVIEWER_KEY = "docket.reviewer";

interface Session {
  environment: Environment;
  setEnvironment: (environment: Environment) => void;
  reviewer: string | null;
  setReviewer: (name: string) => void;
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

/** A reviewer's name as the server accepts it: trimmed, 1 to 80 characters, no control characters. */
export function validReviewerName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return "Enter your name.";
  if ([...trimmed].length > 80) return "Use at most 80 characters.";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return "Use letters, digits and punctuation only.";
  return null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [environment, setEnvironmentState] = useState<Environment>(() => {
    const env = initialEnvironment();
    setRequestContext({ environment: env });
    return env;
  });
  const [reviewer, setReviewerState] = useState<string | null>(() => {
    const name = stored(REVIEWER_KEY);
    const valid = name && validReviewerName(name) === null ? name.trim() : null;
    setRequestContext({ reviewer: valid });
    return valid;
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

  const setReviewer = useCallback((name: string) => {
    const trimmed = name.trim();
    setRequestContext({ reviewer: trimmed });
    store(REVIEWER_KEY, trimmed);
    setReviewerState(trimmed);
  }, []);

  const value = useMemo(() => ({ environment, setEnvironment, reviewer, setReviewer }), [environment, setEnvironment, reviewer, setReviewer]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside SessionProvider");
  return session;
}
