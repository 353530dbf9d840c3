export function Requests() {
  return null;
}
