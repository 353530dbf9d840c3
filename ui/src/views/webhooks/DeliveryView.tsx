export function DeliveryView() {
  return null;
}
