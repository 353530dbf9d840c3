// The outcome's words and a stream track's line.
import { describe, expect, it } from "vitest";
import type { DeepfakeTrackEvidence } from "../../api/types";
import { outcome, trackLine } from "./deepfake";

const track = (over: Partial<DeepfakeTrackEvidence>): DeepfakeTrackEvidence => ({
  format: "jpeg",
  frames: 3,
  bytes: 3072,
  largest_frame_bytes: 1024,
  width: 640,
  height: 480,
  size_changed: false,
  first_received_at: "2026-11-22T09:00:00Z",
  last_received_at: "2026-11-22T09:00:10Z",
  client_declared: { participant_id: "p", track_id: "t", first_timestamp_ms: 1, last_timestamp_ms: 2 },
  ...over,
});

describe("deepfake", () => {
  it("says needs review when no verdict could be given, never a verdict", () => {
    expect(outcome({ status: "error", verdict: null })).toEqual({ label: "needs review", tone: "warn" });
    expect(outcome({ status: "completed", verdict: "alert" }).tone).toBe("bad");
    expect(outcome({ status: "completed", verdict: "clear" }).label).toBe("clear");
  });

  it("describes a track with its picture size, or as audio", () => {
    expect(trackLine(track({}))).toBe("video (JPEG): 3 frames, 3.0 KiB, 640 × 480");
    expect(trackLine(track({ size_changed: true }))).toContain("(changed during the stream)");
    expect(trackLine(track({ format: "pcm", frames: 1, width: null, height: null }))).toMatch(/^audio \(PCM 16 kHz\): 1 chunk, /);
  });
});
