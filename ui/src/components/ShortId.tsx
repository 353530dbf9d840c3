import { shortId } from "../lib/format";

/** An id too long for its place, shortened to its random tail; hovering shows all of it. */
export function ShortId({ id }: { id: string }) {
  return <code title={id}>{shortId(id)}</code>;
}
