import { defineConfig } from "vite";

// The console is served by Docket's own listener, so in development API calls go to a running
// `docket serve` (DOCKET_URL, default http://127.0.0.1:3625).
const api = process.env.DOCKET_URL ?? "http://127.0.0.1:3625";

export default defineConfig({
  build: { outDir: "dist", emptyOutDir: true, target: "es2022" },
  server: {
    proxy: Object.fromEntries(["/api", "/_docket", "/healthz", "/openapi.json", "/docs", "/vendor"].map((p) => [p, api])),
  },
});
