// Names for the wire shapes, generated from Docket's OpenAPI description (`npm run gen:api`).
import type { components } from "./schema";

type S = components["schemas"];

export type Applicant = S["Applicant"];
export type ApplicantInfo = S["ApplicantInfo"];
export type NewApplicant = S["NewApplicant"];
export type Page<T> = { data: T[]; has_next: boolean };
export type SearchRequest = S["SearchRequest"];
export type SearchReport = S["SearchReport"];
export type SearchSummary = S["SearchSummary"];
export type Hit = S["Hit"];
export type Entity = S["Entity"];
export type Explanation = S["Explanation"];
export type FatfRecord = S["FatfRecord"];
export type Snapshot = S["Snapshot"];
export type RiskScore = S["RiskScore"];
export type Tag = S["Tag"];
export type SourceId = S["SourceId"];
export type EntityType = S["EntityType"];
export type Webhook = S["Webhook"];
export type WebhookInput = S["WebhookInput"];
export type WebhookCreated = S["WebhookCreated"];
export type EventType = S["EventType"];
export type Delivery = S["Delivery"];
export type DeliveryDetail = S["DeliveryDetail"];
export type Attempt = S["Attempt"];
export type JournalEntry = S["JournalEntry"];
export type ClockState = S["ClockState"];
export type Info = S["Info"];
export type ResetSummary = S["ResetSummary"];
export type ApiKey = S["Key"];
export type CreatedKey = S["NewKeyCreated"];
export type Counts = S["Counts"];
export type ImportJob = S["ImportJob"];
