// The sign-in page (`/sign-in`): a reviewer's name, password and authenticator code, posted to
// `/_docket/console/sign-in`, which sets the session cookie. The console comes here whenever it
// has no session (a 401 from `/_docket/me`), and goes back to where it was (`?next=`) after.
// A wrong name, password or code is one message (the server does not say which); after too many
// failures the server answers 429 with `Retry-After`, and the page says when to try again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { ApiError, post } from "../api/client";
import type { SignInRequest } from "../api/types";
import { retryMessage, safeNext } from "../lib/accounts";
import { useMe } from "../session";

const ORGANIZATION_KEY = "docket.organization";

function remembered(): string {
  try {
    return window.localStorage.getItem(ORGANIZATION_KEY) ?? "";
  } catch {
    return "";
  }
}

function remember(organization: string): void {
  try {
    if (organization) window.localStorage.setItem(ORGANIZATION_KEY, organization);
    else window.localStorage.removeItem(ORGANIZATION_KEY);
  } catch {
    // Private mode: the organization is typed again next time.
  }
}

export function SignIn() {
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const me = useMe();
  useEffect(() => {
    document.title = "Sign in · Docket";
    return () => {
      document.title = "Docket";
    };
  }, []);
  // Signed in already (another tab signed in, or the back button): straight to the console.
  // (Not `me.data`: a session that just ended keeps its last answer beside the 401.)
  if (me.isSuccess) return <Navigate to={next} replace />;
  return (
    <main id="main" className="sign-in" data-testid="sign-in-page">
      <div className="sign-in-box">
        <div className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Docket</span>
        </div>
        <h1>Sign in to the console</h1>
        <p className="muted">With your name, your password and the code your authenticator app shows now.</p>
        <SignInForm next={next} />
        <section className="sign-in-help" aria-labelledby="link-help">
          <h2 id="link-help">Or open Docket's console with a login link</h2>
          <p>
            No password yet? A one-time link signs you in once; then set a password and an authenticator under <em>Your account</em>. An admin makes a link for you under Reviewers, or on the machine where Docket runs:
          </p>
          <pre>docket reviewers link "Your Name"</pre>
          <p className="muted small">
            The machine's owner runs <code>docket console link</code> (and <code>docket serve</code> prints one when it starts). The desktop app signs its window in by itself.
          </p>
        </section>
      </div>
    </main>
  );
}

type Refusal = { kind: "wrong"; message: string } | { kind: "wait"; until: number; message: string } | { kind: "other"; message: string };

function SignInForm({ next }: { next: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const ids = { code: useId(), organization: useId() };
  // Open when an organization was remembered; the reviewer opens and closes it after that.
  const [advanced] = useState(() => remembered() !== "");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [organization, setOrganization] = useState(remembered);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const signIn = useMutation({
    mutationFn: (body: SignInRequest) => post<undefined>("/_docket/console/sign-in", body),
    // The page handles its own 401s: they are wrong credentials, not a session that ended.
    meta: { ownUnauthorized: true },
    onSuccess: () => {
      remember(organization.trim());
      // Every cached answer (the 401s that brought us here) belongs to no one.
      queryClient.removeQueries();
      navigate(next, { replace: true });
    },
    onError: (e) => {
      // A code is good for one use and 30 seconds: type the next one.
      setCode("");
      if (e instanceof ApiError && e.status === 429) {
        // The server always says; its lock lasts 15 minutes.
        const seconds = e.retryAfter ?? 900;
        setRefusal({ kind: "wait", until: Date.now() + seconds * 1000, message: retryMessage(seconds) });
      } else if (e instanceof ApiError && e.status === 401) {
        setRefusal({ kind: "wrong", message: "The name, password or code is not right. Check them and type the code your app shows now." });
        passwordRef.current?.focus();
        passwordRef.current?.select();
      } else {
        setRefusal({ kind: "other", message: e.message });
      }
    },
  });

  // After a 429 the button waits as long as the server asked; then the message goes.
  const waiting = refusal?.kind === "wait";
  const until = refusal?.kind === "wait" ? refusal.until : 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setRefusal(null), Math.max(0, until - Date.now()));
    return () => window.clearTimeout(timer);
  }, [waiting, until]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (waiting || signIn.isPending) return;
    // Say which field is empty rather than sending a request the server must refuse.
    const empty = !name.trim() ? nameRef : !password ? passwordRef : !/^\d{6}$/.test(code.trim()) ? codeRef : null;
    if (empty) {
      setRefusal({ kind: "other", message: empty === codeRef ? "Type the 6-digit code your authenticator app shows now." : `Type your ${empty === nameRef ? "name" : "password"}.` });
      empty.current?.focus();
      return;
    }
    setRefusal(null);
    signIn.mutate({ name: name.trim(), password, code: code.trim(), organization: organization.trim() || null });
  }

  return (
    <>
      {/* A live region from the start, so that each message is announced as it appears. */}
      <div role="alert" className="sign-in-error">
        {refusal && (
          <p className="notice bad" data-testid="sign-in-error">
            {refusal.message}
          </p>
        )}
      </div>
      <form className="stack" onSubmit={submit} noValidate data-testid="sign-in-form">
        <label>
          Name
          <input ref={nameRef} value={name} onChange={(e) => setName(e.target.value)} autoComplete="username" autoCapitalize="none" spellCheck={false} autoFocus required aria-invalid={refusal?.kind === "wrong" || undefined} data-testid="sign-in-name" />
        </label>
        <label>
          Password
          <input ref={passwordRef} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required aria-invalid={refusal?.kind === "wrong" || undefined} data-testid="sign-in-password" />
        </label>
        <div className="field">
          <label>
            Authenticator code
            <input
              ref={codeRef}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              placeholder="123456"
              required
              aria-describedby={ids.code}
              aria-invalid={refusal?.kind === "wrong" || undefined}
              className="code-input"
              data-testid="sign-in-code"
            />
          </label>
          <span id={ids.code} className="muted small">
            The 6 digits your app shows for Docket now.
          </span>
        </div>
        <details className="sign-in-advanced" open={advanced}>
          <summary>Another organization</summary>
          <div className="field">
            <label>
              Organization
              <input value={organization} onChange={(e) => setOrganization(e.target.value)} autoComplete="organization" spellCheck={false} aria-describedby={ids.organization} data-testid="sign-in-organization" />
            </label>
            <span id={ids.organization} className="muted small">
              Its name or id, when this server holds several. Empty: the default organization.
            </span>
          </div>
        </details>
        <button type="submit" className="primary block" disabled={waiting || signIn.isPending} data-testid="sign-in-submit">
          {signIn.isPending ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </>
  );
}
