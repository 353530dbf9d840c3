import type { ReactNode } from "react";

export type Tone = "neutral" | "good" | "warn" | "bad" | "info";

export function Badge({ tone = "neutral", children, title }: { tone?: Tone; children: ReactNode; title?: string }) {
  return (
    <span className={`badge ${tone}`} title={title}>
      {children}
    </span>
  );
}

/** The tone of a risk level: AML's Low, Medium and High, and KYT's Severe above them. */
export function riskTone(risk: string | null | undefined): Tone {
  if (risk === "Severe" || risk === "High") return "bad";
  if (risk === "Medium") return "warn";
  if (risk === "Low") return "good";
  return "neutral";
}

export function statusTone(status: number | null | undefined): Tone {
  if (status === null || status === undefined) return "bad";
  if (status < 300) return "good";
  if (status < 500) return "warn";
  return "bad";
}
