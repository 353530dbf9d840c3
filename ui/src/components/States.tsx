// Loading, empty and error states that say what is happening and what to do.
import type { ReactNode } from "react";
import { ApiError } from "../api/client";

export function Loading({ what }: { what: string }) {
  return (
    <div className="state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state empty" data-testid="empty-state">
      <strong>{title}</strong>
      {children && <div>{children}</div>}
    </div>
  );
}

export function hint(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 0) return "Start Docket again (`docket serve`, or the desktop app), then retry.";
  if (error.status === 401) return "Your console session ended: sign in again.";
  // The server's message says who may do this; only the sandbox's controls can be reached by switching.
  if (error.status === 403) return /sandbox/i.test(error.message) ? "Switch the environment at the top to the sandbox." : "Your role does not allow this: an admin can change it under Reviewers.";
  if (error.status === 404) return "It may have been deleted, or it belongs to the other environment.";
  if (error.status >= 500) return "Docket's log (standard error) has the details.";
  return null;
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const message = error instanceof Error ? error.message : String(error);
  const help = hint(error);
  return (
    <div className="state error" role="alert">
      <strong>{message}</strong>
      {help && <div>{help}</div>}
      {error instanceof ApiError && error.requestId && <div className="muted small">Request id {error.requestId}</div>}
      {retry && (
        <button type="button" onClick={retry}>
          Retry
        </button>
      )}
    </div>
  );
}

/** An inline error under a form. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
