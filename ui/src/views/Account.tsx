// Your account (`/account`): the signed-in reviewer's password, authenticator app and sessions.
// With both a password and an authenticator a reviewer signs in at /sign-in without a link; a
// reviewer who signed in with a link is asked to set them up here (the banner on every page).
// The authenticator's secret is shown once, as a QR code drawn in the page and as base32 in
// groups for typing, and takes effect when a code it makes is confirmed.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { post, put } from "../api/client";
import type { SecondFactorSetup } from "../api/types";
import { Badge } from "../components/Badge";
import { Card } from "../components/Card";
import { CopyButton } from "../components/CopyButton";
import { PageHeader } from "../components/Layout";
import { QrCode } from "../components/QrCode";
import { SessionsTable } from "../components/Sessions";
import { FormError, Loading } from "../components/States";
import { Time } from "../components/Time";
import { useToast } from "../components/Toasts";
import { groupSecret } from "../lib/accounts";
import { ROLE_NAMES, useMe } from "../session";
import type { Reviewer } from "./kyb/types";

export function Account() {
  const me = useMe();
  const reviewer = me.data?.reviewer;
  if (!reviewer) return <Loading what="your account" />;
  const ready = reviewer.has_password && reviewer.has_second_factor;
  return (
    <>
      <PageHeader title="Your account" description="How you sign in, and where you are signed in. Every change here is recorded on the audit trail." />
      <Card title={reviewer.name} testId="account-facts">
        <dl className="facts">
          <dt>Role</dt>
          <dd>
            {ROLE_NAMES[reviewer.role]} {reviewer.owner && <Badge tone="info">machine owner</Badge>}
          </dd>
          <dt>Reviewer since</dt>
          <dd>
            <Time value={reviewer.created_at} />
          </dd>
          <dt>Signing in</dt>
          <dd data-testid="sign-in-state">
            {ready ? (
              <>
                <Badge tone="good">password and 2FA on</Badge> <span className="muted">Sign in with your name, password and a code from your authenticator app.</span>
              </>
            ) : (
              <>
                <Badge tone="warn">one-time link only</Badge> <span className="muted">Set a password and an authenticator app below to sign in without a link.</span>
              </>
            )}
          </dd>
        </dl>
      </Card>
      <div className="account-grid">
        <PasswordCard reviewer={reviewer} />
        <AuthenticatorCard reviewer={reviewer} />
      </div>
      <Card title="Your sessions" description="Every browser signed in as you. End one you do not recognise, or left signed in elsewhere; to end this one, sign out." testId="my-sessions-card">
        <SessionsTable scope="mine" />
      </Card>
    </>
  );
}

/** After a change of the account: the reviewer, the team list and the banner follow. */
function useAccountChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ["me"] });
    void queryClient.invalidateQueries({ queryKey: ["reviewers"] });
  };
}

function PasswordCard({ reviewer }: { reviewer: Reviewer }) {
  const toast = useToast();
  const changed = useAccountChanged();
  const hint = useId();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const save = useMutation({
    mutationFn: () => put<undefined>("/_docket/me/password", { current_password: reviewer.has_password ? current : null, password }),
    onSuccess: () => {
      toast(reviewer.has_password ? "Password changed" : "Password set");
      setCurrent("");
      setPassword("");
      setRepeat("");
      changed();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    // Only the browser knows both fields; every rule about the password itself is the server's.
    if (password !== repeat) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    save.mutate();
  }
  return (
    <Card title="Password" actions={reviewer.has_password ? <Badge tone="good">set</Badge> : <Badge tone="warn">not set</Badge>} testId="password-card">
      <form className="stack password-form" onSubmit={submit}>
        {/* For password managers: the account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={reviewer.name} readOnly hidden aria-label="Your name" />
        {reviewer.has_password && (
          <label>
            Current password
            <input type="password" value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" required data-testid="current-password" />
          </label>
        )}
        <div className="field">
          <label>
            {reviewer.has_password ? "New password" : "Password"}
            <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" required aria-describedby={hint} data-testid="new-password" />
          </label>
          <span id={hint} className="muted small">
            12 to 128 characters, not your name. A few unrelated words make one that is long and easy to remember.
          </span>
        </div>
        <label>
          Repeat it
          <input type="password" value={repeat} onChange={(e) => setRepeat(e.target.value)} autoComplete="new-password" required aria-invalid={mismatch || undefined} data-testid="repeat-password" />
        </label>
        <FormError error={mismatch ? "The two passwords are not the same." : save.error} />
        <div className="actions">
          <button type="submit" className="primary" disabled={save.isPending || !password || !repeat || (reviewer.has_password && !current)} data-testid="save-password">
            {reviewer.has_password ? "Change password" : "Set password"}
          </button>
        </div>
      </form>
    </Card>
  );
}

function AuthenticatorCard({ reviewer }: { reviewer: Reviewer }) {
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [currentCode, setCurrentCode] = useState("");
  const start = useMutation({
    mutationFn: () => post<SecondFactorSetup>("/_docket/me/second-factor", reviewer.has_second_factor ? { current_code: currentCode } : undefined),
    onSuccess: (s) => {
      setSetup(s);
      setCurrentCode("");
    },
  });
  return (
    <Card title="Authenticator app" actions={reviewer.has_second_factor ? <Badge tone="good">2FA on</Badge> : <Badge tone="warn">not set up</Badge>} testId="authenticator-card">
      {setup ? (
        <ConfirmAuthenticator setup={setup} replacing={reviewer.has_second_factor} onDone={() => setSetup(null)} />
      ) : (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate();
          }}
        >
          <p className="muted">
            {reviewer.has_second_factor
              ? "Signing in takes a code from your authenticator app. To move to a new phone or app, type a code of the one in use, then set up the new one."
              : "An app on your phone (Google or Microsoft Authenticator, 1Password, Aegis, …) makes a new 6-digit code every 30 seconds; signing in takes your password and the code it shows."}
          </p>
          {reviewer.has_second_factor && (
            <label>
              Code of the app in use
              <CodeInput value={currentCode} onChange={setCurrentCode} testId="current-code" />
            </label>
          )}
          <FormError error={start.error} />
          <div className="actions">
            <button type="submit" className={reviewer.has_second_factor ? undefined : "primary"} disabled={start.isPending || (reviewer.has_second_factor && currentCode.length !== 6)} data-testid="start-authenticator">
              {reviewer.has_second_factor ? "Replace authenticator" : "Set up authenticator"}
            </button>
          </div>
        </form>
      )}
    </Card>
  );
}

function ConfirmAuthenticator({ setup, replacing, onDone }: { setup: SecondFactorSetup; replacing: boolean; onDone: () => void }) {
  const toast = useToast();
  const changed = useAccountChanged();
  const [code, setCode] = useState("");
  const confirm = useMutation({
    mutationFn: () => post<Reviewer>("/_docket/me/second-factor/confirm", { code }),
    onSuccess: () => {
      toast(replacing ? "The new authenticator replaces the old one" : "Authenticator set up: sign in with your password and its code from now on");
      changed();
      onDone();
    },
  });
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.length === 6) confirm.mutate();
      }}
      data-testid="authenticator-setup"
    >
      <div className="totp-setup">
        <QrCode text={setup.otpauth_uri} label="QR code of your authenticator key, for your app to scan" testId="totp-qr" />
        <ol className="steps">
          <li>In your authenticator app, add an account and scan this code.</li>
          <li>
            Cannot scan? Type this key instead (time-based, 6 digits, every 30 seconds):
            <div className="secret" style={{ marginTop: 6 }}>
              <code className="totp-secret" data-testid="totp-secret">
                {groupSecret(setup.secret)}
              </code>
              <CopyButton value={setup.secret} label="Copy key" testId="copy-totp-secret" />
            </div>
          </li>
          <li>
            <label>
              Type the code the app shows now
              <CodeInput value={code} onChange={setCode} testId="confirm-code" />
            </label>
          </li>
        </ol>
      </div>
      <p className="muted small">Docket shows this key once. Until you confirm a code, {replacing ? "the authenticator in use stays as it is" : "nothing changes"}.</p>
      <FormError error={confirm.error} />
      <div className="actions">
        <button type="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={confirm.isPending || code.length !== 6} data-testid="confirm-authenticator">
          Confirm
        </button>
      </div>
    </form>
  );
}

/** Six digits, as an authenticator app shows them (spaces and other characters dropped). */
function CodeInput({ value, onChange, autoFocus = false, testId }: { value: string; onChange: (code: string) => void; autoFocus?: boolean; testId: string }) {
  return (
    <input
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, "").slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      placeholder="123456"
      autoFocus={autoFocus}
      required
      className="code-input"
      data-testid={testId}
    />
  );
}
