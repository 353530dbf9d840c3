// KYT checks as the console words them: the chains a reviewer may pick,
// and one line that sums up a check (pure, for the list and its tests).

export const CHAINS: { value: string; label: string }[] = [
  { value: "bitcoin", label: "Bitcoin" },
  { value: "ethereum", label: "Ethereum" },
  { value: "tron", label: "Tron" },
  { value: "litecoin", label: "Litecoin" },
  { value: "bitcoin_cash", label: "Bitcoin Cash" },
  { value: "dash", label: "Dash" },
  { value: "zcash", label: "Zcash" },
  { value: "monero", label: "Monero" },
];

export function chainLabel(chain: string): string {
  return CHAINS.find((c) => c.value === chain)?.label ?? chain;
}


type Summarised = {
  valid: boolean;
  invalid_code?: string | null;
  categories: string[];
  evidence: { kind: string; entity_name?: string | null; list?: string | null }[];
};

/** "Listed: EXAMPLE, Holder (OFAC SDN)", "Not valid: checksum", "Exposure: mixer", "Nothing found". */
export function summary(check: Summarised): string {
  if (!check.valid) return `Not valid: ${check.invalid_code ?? "unknown"}`;
  const listed = check.evidence.filter((e) => e.kind === "sanctions_list");
  const first = listed[0];
  if (first) {
    const more = listed.length > 1 ? ` and ${listed.length - 1} more` : "";
    return `Listed: ${first.entity_name ?? "an entity"}${first.list ? ` (${first.list})` : ""}${more}`;
  }
  const exposure = check.categories.filter((c) => c !== "sanctions");
  if (exposure.length > 0) return `Exposure: ${exposure.map((c) => c.replace("_", " ")).join(", ")}`;
  return "Nothing found";
}
