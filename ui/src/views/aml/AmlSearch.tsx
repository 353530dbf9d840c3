export function AmlSearch() {
  return null;
}
