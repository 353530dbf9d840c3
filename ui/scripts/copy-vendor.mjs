// Copies third-party bundles the server links to into dist/vendor, so that /docs works offline.
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const out = join(import.meta.dirname, "..", "dist", "vendor");
mkdirSync(out, { recursive: true });
const redoc = join(dirname(require.resolve("redoc/package.json")), "bundles", "redoc.standalone.js");
copyFileSync(redoc, join(out, "redoc.standalone.js"));
console.log(`copied ${redoc} -> ${out}`);
