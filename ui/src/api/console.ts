// Shapes of Docket's console controls (`/_docket/...`) that the views share.
import type { Environment } from "./client";
import type { Info } from "./types";

export interface Counts {
  applicants: number;
  aml_searches: number;
  webhooks: number;
  deliveries_pending: number;
  deliveries_failed: number;
  requests: number;
}

export type InfoWithCounts = Info & { counts?: Counts; source?: "api" | "console"; reviewer?: string | null };

export interface ApiKey {
  id: string;
  environment: Environment;
  name: string;
  hint: string;
  pinned_from: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export type CreatedKey = ApiKey & { key: string };
