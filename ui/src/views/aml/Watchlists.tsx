export function Watchlists() {
  return null;
}
