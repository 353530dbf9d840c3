export function Webhooks() {
  return null;
}
