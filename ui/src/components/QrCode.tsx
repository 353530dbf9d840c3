// A QR code as an SVG drawn in the page (see lib/qr.ts): crisp at any size, dark on white in
// either colour scheme, as phone cameras expect.
import { useMemo } from "react";
import { qrModules } from "../lib/qr";

export function QrCode({ text, label, pixels = 184, testId }: { text: string; label: string; pixels?: number; testId?: string }) {
  const { size, path } = useMemo(() => qrModules(text), [text]);
  return (
    <div className="qr" data-testid={testId}>
      <svg role="img" aria-label={label} width={pixels} height={pixels} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
    </div>
  );
}
