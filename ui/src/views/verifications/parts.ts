// Words and tones shared by the verification views.
import type { CheckStep, DocumentType, VerificationStatus } from "../../api/types";
import type { Tone } from "../../components/Badge";

export const STATUSES: VerificationStatus[] = ["initial", "pending", "in_progress", "verified", "failed", "canceled", "expired"];

export function statusTone(status: string): Tone {
  if (status === "verified") return "good";
  if (status === "failed") return "bad";
  if (status === "in_progress") return "info";
  if (status === "pending") return "warn";
  return "neutral";
}

export const STEP_NAMES: Record<CheckStep, string> = {
  document_mrz: "Document MRZ",
  document_ocr: "Document data",
  face_comparison: "Face comparison",
  liveness: "Liveness",
  poa: "Proof of address",
};

export const DOCUMENT_NAMES: Record<DocumentType, string> = {
  passport: "Passport",
  visa: "Visa",
  id_card: "Identity card",
  id_card_front: "Identity card (front)",
  id_card_back: "Identity card (back)",
  liveness_photo: "Liveness photo",
  liveness_photo_extra: "Liveness photo (extra)",
  residence_permit: "Residence permit",
  residence_permit_front: "Residence permit (front)",
  residence_permit_back: "Residence permit (back)",
  selfie: "Selfie",
  driver_license: "Driving licence",
  driver_license_front: "Driving licence (front)",
  driver_license_back: "Driving licence (back)",
  poa: "Proof of address",
  poa_utility_bill: "Utility bill",
  poa_residence_registration: "Residence registration",
  poa_bank_statement: "Bank statement",
};

/** Identity documents (the list filter's choices). */
export const IDENTITY_DOCUMENTS: DocumentType[] = ["passport", "id_card", "driver_license", "residence_permit", "visa"];
