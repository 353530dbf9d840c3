// What the webhook settings form sends, and what the address guard's state says. Pure, so tested.
import type { components } from "../../api/schema";

export type WebhookSettings = components["schemas"]["WebhookSettings"];
export type WebhookSettingsPatch = components["schemas"]["WebhookSettingsPatch"];
export type AddressGuard = components["schemas"]["AddressGuard"];

/** The fields the delivery settings form edits: `allow_private_addresses` is the address guard's, an admin's, set on its own route. */
export function settingsPatch(settings: WebhookSettings): WebhookSettingsPatch {
  return {
    timeout_seconds: settings.timeout_seconds,
    retention_days: settings.retention_days,
    rotation_grace_seconds: settings.rotation_grace_seconds,
  };
}

/** What production's address guard does now, in a sentence. */
export function guardState(allowPrivate: boolean): { on: boolean; label: string; says: string } {
  return allowPrivate
    ? {
        on: false,
        label: "off",
        says: "Production endpoints may use loopback, private and link-local addresses: webhooks can reach this machine and the networks around it.",
      }
    : {
        on: true,
        label: "on",
        says: "Production endpoints and every delivery attempt are refused for addresses that are not public (loopback, private, link-local, the IANA special-purpose blocks, IPv4 ones carried in IPv6).",
      };
}
