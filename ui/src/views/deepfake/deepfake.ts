// What a deepfake analysis shows, as plain words: its outcome's tone and label, and one line per
// track of a stream's evidence. Pure, for the views and their tests.
import type { DeepfakeAnalysis, DeepfakeTrackEvidence } from "../../api/types";
import type { Tone } from "../../components/Badge";
import { bytes } from "../../lib/format";

/** The badge of an analysis: its verdict, or "needs review" when no verdict could be given. */
export function outcome(a: Pick<DeepfakeAnalysis, "status" | "verdict">): { label: string; tone: Tone } {
  if (a.status === "error" || !a.verdict) return { label: "needs review", tone: "warn" };
  if (a.verdict === "alert") return { label: "alert", tone: "bad" };
  if (a.verdict === "suspicious") return { label: "suspicious", tone: "warn" };
  return { label: "clear", tone: "good" };
}

/** One track of a stream: its format, what arrived, and the picture size read from the frames. */
export function trackLine(t: DeepfakeTrackEvidence): string {
  const kind = t.format === "pcm" ? "audio (PCM 16 kHz)" : `video (${t.format.toUpperCase()})`;
  const unit = t.format === "pcm" ? "chunk" : "frame";
  const size = t.width && t.height ? `, ${t.width} × ${t.height}${t.size_changed ? " (changed during the stream)" : ""}` : "";
  return `${kind}: ${t.frames} ${unit}${t.frames === 1 ? "" : "s"}, ${bytes(t.bytes)}${size}`;
}
