// A QR code computed in the page (qrcode-generator, no dependencies): the authenticator's secret
// is never sent to an image service. `QrCode` draws the modules this returns.
import qrcode from "qrcode-generator";

/** Modules of light margin around the code, as ISO/IEC 18004 asks for scanners to find it. */
export const QUIET_ZONE = 4;

/** `text` as UTF-8 bytes, one character per byte, which is what the library's byte mode takes. */
export function utf8Binary(text: string): string {
  return Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join("");
}

/**
 * The QR code of `text` (error correction M, the smallest version that holds it): its side in
 * modules, the quiet zone included, and its dark modules as one SVG path of unit squares.
 */
export function qrModules(text: string): { size: number; path: string; dark: number } {
  const qr = qrcode(0, "M");
  qr.addData(utf8Binary(text), "Byte");
  qr.make();
  const count = qr.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: count + 2 * QUIET_ZONE, path: parts.join(""), dark: parts.length };
}
