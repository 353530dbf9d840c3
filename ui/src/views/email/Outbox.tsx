// The e-mail outbox: every message of the environment, live. The sandbox never sends mail, so
// its one-time codes are read here; production's messages never show or keep their codes.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { del, get } from "../../api/client";
import type { EmailMessage, Page } from "../../api/types";
import { Badge } from "../../components/Badge";
import { Confirm } from "../../components/Confirm";
import { PageHeader } from "../../components/Layout";
import { Empty, ErrorState, Loading } from "../../components/States";
import { Time } from "../../components/Time";
import { useToast } from "../../components/Toasts";
import { useSession } from "../../session";

export function Outbox() {
  const { environment } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [clearing, setClearing] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const messages = useQuery({
    queryKey: ["email-outbox", environment],
    queryFn: ({ signal }) => get<Page<EmailMessage>>("/_docket/email/outbox", { limit: 100 }, signal),
    refetchInterval: 2000,
  });
  const clear = useMutation({
    mutationFn: () => del<{ removed: number }>("/_docket/email/outbox"),
    onSuccess: (r) => {
      toast(`${r.removed} messages removed`);
      setClearing(false);
      void queryClient.invalidateQueries({ queryKey: ["email-outbox"] });
    },
    onError: (e) => toast(e.message, "bad"),
  });
  return (
    <>
      <PageHeader title="E-mail outbox" description={environment === "sandbox" ? "The sandbox never sends mail: its messages and one-time codes are here, newest first." : "Production's messages and their delivery by SMTP; their codes are never shown or kept."}>
        {environment === "sandbox" && (
          <button type="button" className="danger" onClick={() => setClearing(true)} data-testid="clear-outbox">
            Clear
          </button>
        )}
      </PageHeader>
      {messages.isPending ? (
        <Loading what="messages" />
      ) : messages.error ? (
        <ErrorState error={messages.error} retry={() => void messages.refetch()} />
      ) : messages.data.data.length === 0 ? (
        <Empty title="No messages.">A check with require_ownership puts its code here.</Empty>
      ) : (
        <div className="stack" data-testid="outbox">
          {messages.data.data.map((m) => (
            <section key={m.id} className="card" data-testid="outbox-message">
              <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
                <div>
                  <strong>{m.subject}</strong>
                  <div className="muted small">
                    to {m.to} · <Time value={m.created_at} /> · {m.locale} · <Link to={`/email/${m.check_id}`}>check</Link>
                  </div>
                </div>
                <div className="row" style={{ alignItems: "center" }}>
                  {m.code && (
                    <code className="otp" data-testid="outbox-code" style={{ fontSize: 18, letterSpacing: 3 }}>
                      {m.code}
                    </code>
                  )}
                  <Badge tone={m.state === "sent" || m.state === "outbox" ? "good" : m.state === "failed" ? "bad" : "warn"}>{m.state}</Badge>
                  <button type="button" className="small ghost" onClick={() => setOpen(open === m.id ? null : m.id)}>
                    {open === m.id ? "Hide" : "Show"} text
                  </button>
                </div>
              </div>
              {m.last_error && <p className="small" style={{ color: "var(--bad)" }}>{m.last_error}</p>}
              {open === m.id && <pre className="small lines">{m.text}</pre>}
            </section>
          ))}
        </div>
      )}
      <Confirm open={clearing} title="Clear the outbox?" action="Clear" onConfirm={() => clear.mutate()} onClose={() => setClearing(false)} pending={clear.isPending} testId="confirm-clear-outbox">
        <p>Every message in the sandbox's outbox goes; the checks stay.</p>
      </Confirm>
    </>
  );
}
