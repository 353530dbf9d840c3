export function AmlEntity() {
  return null;
}
