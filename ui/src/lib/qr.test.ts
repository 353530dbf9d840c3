import { describe, expect, it } from "vitest";
import { QUIET_ZONE, qrModules, utf8Binary } from "./qr";

/** Which modules the path paints, as "col,row" in the code's own coordinates (quiet zone off). */
function painted(path: string): Set<string> {
  const cells = new Set<string>();
  for (const m of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) cells.add(`${Number(m[1]) - QUIET_ZONE},${Number(m[2]) - QUIET_ZONE}`);
  return cells;
}

const URI = "otpauth://totp/Docket:Ada%20Okafor?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&digits=6&algorithm=SHA1&issuer=Docket&period=30";

describe("qrModules", () => {
  it("draws a code of a whole version with its quiet zone", () => {
    const { size, dark } = qrModules(URI);
    const modules = size - 2 * QUIET_ZONE;
    // Versions are 21, 25, 29, ... modules a side; an otpauth URI of a 160-bit secret takes version 6 or 7 at level M.
    expect((modules - 17) % 4).toBe(0);
    expect(modules).toBeGreaterThanOrEqual(41);
    expect(modules).toBeLessThanOrEqual(45);
    expect(dark).toBeGreaterThan(modules * modules * 0.3);
  });

  it("has the three finder patterns in their corners, inside the quiet zone", () => {
    const { size, path } = qrModules(URI);
    const n = size - 2 * QUIET_ZONE;
    const cells = painted(path);
    for (const [x, y] of [[0, 0], [n - 7, 0], [0, n - 7]] as const) {
      // The 7x7 ring is dark, the ring inside it light, the 3x3 centre dark.
      for (let i = 0; i < 7; i++) {
        expect(cells.has(`${x + i},${y}`)).toBe(true);
        expect(cells.has(`${x + i},${y + 6}`)).toBe(true);
        expect(cells.has(`${x},${y + i}`)).toBe(true);
        expect(cells.has(`${x + 6},${y + i}`)).toBe(true);
      }
      expect(cells.has(`${x + 1},${y + 1}`)).toBe(false);
      expect(cells.has(`${x + 3},${y + 3}`)).toBe(true);
    }
    // Nothing is painted in the quiet zone.
    expect([...cells].every((c) => c.split(",").every((v) => Number(v) >= 0 && Number(v) < n))).toBe(true);
  });

  it("encodes text as UTF-8 bytes", () => {
    expect(utf8Binary("Zoë")).toBe("Zo\u00c3\u00ab");
    expect(utf8Binary("ascii")).toBe("ascii");
    // A name the URI did not escape still makes a code rather than throwing.
    expect(qrModules("otpauth://totp/Docket:Zoë Ångström?secret=JBSWY3DP").dark).toBeGreaterThan(0);
  });
});
