// Regenerates src/api/schema.d.ts from a running Docket's OpenAPI description:
//   DOCKET_URL=http://127.0.0.1:3625 npm run gen:api      (or pass a file: npm run gen:api -- openapi.json)
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";

const source = process.argv[2] ?? `${process.env.DOCKET_URL ?? "http://127.0.0.1:3625"}/openapi.json`;
const url = source.startsWith("http") ? new URL(source) : new URL(source, `file://${process.cwd()}/`);
const ast = await openapiTS(url);
const out = join(import.meta.dirname, "..", "src", "api", "schema.d.ts");
writeFileSync(out, astToString(ast));
console.log(`wrote ${out} from ${source}`);
