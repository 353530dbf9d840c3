// Production's address guard: whether webhooks may reach addresses that are not public. Everyone
// sees its state; an admin switches it (turning it off asks first, and says what that allows).
// The server records each switch on the audit trail with the admin's name.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { put } from "../../api/client";
import { Badge } from "../../components/Badge";
import { Card } from "../../components/Card";
import { Confirm } from "../../components/Confirm";
import { FormError } from "../../components/States";
import { useToast } from "../../components/Toasts";
import { can, useReviewer, useSession } from "../../session";
import { type AddressGuard, guardState } from "./settings";

export function AddressGuardCard({ allowPrivate }: { allowPrivate: boolean }) {
  const { environment } = useSession();
  const me = useReviewer();
  const admin = can(me?.role, "admin");
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (body: AddressGuard) => put<AddressGuard>("/_docket/webhooks/address-guard", body),
    onSuccess: (guard) => {
      toast(guard.allow_private_addresses ? "Private addresses allowed in production" : "Address guard on");
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: ["webhook-settings"] });
    },
  });
  if (environment === "sandbox") {
    return (
      <Card title="Address guard" testId="address-guard" className="stack" description="Production's, set by an admin.">
        <p className="muted">The sandbox allows every address, loopback and private ones included: a developer's local receiver is the normal case here.</p>
      </Card>
    );
  }
  const state = guardState(allowPrivate);
  return (
    <Card
      title="Address guard"
      testId="address-guard"
      description={admin ? "Every switch is recorded on the audit trail with your name." : "Set by an admin."}
      actions={<Badge tone={state.on ? "good" : "bad"}>{state.label}</Badge>}
    >
      <div className="stack">
        <p className={state.on ? "" : "notice warn"} data-testid="address-guard-state">
          {state.says}
        </p>
        {!confirming && <FormError error={save.error} />}
        {admin && (
          <div className="actions">
            {state.on ? (
              <button type="button" className="danger" onClick={() => setConfirming(true)} data-testid="allow-private-addresses">
                Allow private addresses…
              </button>
            ) : (
              <button type="button" className="primary" onClick={() => save.mutate({ allow_private_addresses: false })} disabled={save.isPending} data-testid="refuse-private-addresses">
                Turn the guard on
              </button>
            )}
          </div>
        )}
      </div>
      <Confirm
        open={confirming}
        title="Allow private addresses in production?"
        action="Allow private addresses"
        onConfirm={() => save.mutate({ allow_private_addresses: true })}
        onClose={() => {
          save.reset();
          setConfirming(false);
        }}
        pending={save.isPending}
        testId="confirm-allow-private-addresses"
      >
        <p>
          Production webhooks could then be sent to <strong>this machine and its networks</strong>: loopback (<code>127.0.0.1</code>, <code>localhost</code>), private networks (<code>10.0.0.0/8</code>, <code>172.16.0.0/12</code>, <code>192.168.0.0/16</code>,
          unique-local IPv6), link-local addresses such as the cloud metadata service <code>169.254.169.254</code>, and every other address that is not public. Anyone who can register a production endpoint could make Docket send requests to
          services that are not meant to be reachable from outside.
        </p>
        <p className="muted">Deliveries already queued follow the switch from their next attempt. The change is recorded on the audit trail with your name; turn the guard on again as soon as you can.</p>
        <FormError error={save.error} />
      </Confirm>
    </Card>
  );
}
