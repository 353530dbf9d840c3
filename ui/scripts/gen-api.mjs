// Generates src/api/schema.d.ts, the console's wire types, from Docket's OpenAPI description.
//   npm run gen:api -- openapi.json            from a file (`docket openapi > openapi.json`)
//   npm run gen:api                            from a running Docket (DOCKET_URL, default :3625)
//   npm run gen:api -- openapi.json --check    fail if the committed file is out of date
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";

const args = process.argv.slice(2);
const check = args.includes("--check");
const source = args.find((a) => !a.startsWith("--")) ?? `${process.env.DOCKET_URL ?? "http://127.0.0.1:3625"}/openapi.json`;
const url = source.startsWith("http") ? new URL(source) : new URL(source, `file://${process.cwd()}/`);
const generated = astToString(await openapiTS(url));
const out = join(import.meta.dirname, "..", "src", "api", "schema.d.ts");
if (check) {
  if (readFileSync(out, "utf8") !== generated) {
    console.error(`${out} is out of date with the server's OpenAPI description: run \`npm run gen:api -- ${source}\` in ui/`);
    process.exit(1);
  }
  console.log("the console's API types match the server's OpenAPI description");
} else {
  writeFileSync(out, generated);
  console.log(`wrote ${out} from ${source}`);
}
