export function AmlHistory() {
  return null;
}
