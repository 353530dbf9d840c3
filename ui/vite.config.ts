import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The console is served by Docket's own listener, so in development API calls go to a running
// `docket serve` (DOCKET_URL, default http://127.0.0.1:3625).
const api = process.env.DOCKET_URL ?? "http://127.0.0.1:3625";

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", chunkSizeWarningLimit: 700 },
  server: {
    proxy: Object.fromEntries(["/api", "/_docket", "/healthz", "/openapi.json", "/docs", "/vendor"].map((p) => [p, api])),
  },
  test: { environment: "jsdom", include: ["src/**/*.test.{ts,tsx}"], setupFiles: ["src/test-setup.ts"] },
});
