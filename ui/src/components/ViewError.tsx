// What a view shows when it fails to render or to load (the router's error element, one per
// view): what went wrong, the request id a failed API call carried (for the server's log), and
// ways on. It renders inside the frame, so the navigation stays.
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from "react-router";
import { ApiError } from "../api/client";
import { hint } from "./States";

/** The error's sentence and, for an API error, its request id. */
export function describeError(error: unknown): { message: string; requestId: string | null; help: string | null } {
  if (isRouteErrorResponse(error)) {
    return { message: error.status === 404 ? "There is no page here." : `${error.status} ${error.statusText}`.trim(), requestId: null, help: null };
  }
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "Something unexpected happened.";
  // A view's code that changed under the open console (Docket was updated) cannot be loaded.
  const stale = error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(message);
  return {
    message,
    requestId: error instanceof ApiError ? error.requestId : null,
    help: stale ? "Docket was updated while the console was open: reload the page." : hint(error),
  };
}

export function ViewError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const { message, requestId, help } = describeError(error);
  return (
    <div className="state error view-error" role="alert" data-testid="view-error">
      <strong>This view could not be shown.</strong>
      <div>{message}</div>
      {help && <div>{help}</div>}
      {requestId && (
        <div className="muted small" data-testid="view-error-request">
          Request id <code>{requestId}</code> (Docket&apos;s log names it)
        </div>
      )}
      <div className="row" style={{ justifyContent: "center" }}>
        <button type="button" onClick={() => void navigate(-1)}>
          ‹ Back
        </button>
        {/* Navigating to the same place again renders the view afresh. */}
        <button type="button" onClick={() => void navigate(location, { replace: true })}>
          Try again
        </button>
        <Link className="button" to="/">
          Overview
        </Link>
      </div>
    </div>
  );
}
