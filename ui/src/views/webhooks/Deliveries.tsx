export function Deliveries() {
  return null;
}
