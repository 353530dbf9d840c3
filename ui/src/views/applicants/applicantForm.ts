// The applicant form's state and how it becomes an API body. Pure, so it is unit-tested.
import type { Applicant, NewApplicant } from "../../api/types";

export interface ApplicantForm {
  applicant_type: "Person" | "Organization";
  external_id: string;
  email: string;
  phone: string;
  full_name: string;
  first_name: string;
  last_name: string;
  dob: string;
  gender: "" | "M" | "F";
  citizenship: string;
  country: string;
  address: string;
  registration_id: string;
  aml_screening_enabled: boolean;
}

export const EMPTY_FORM: ApplicantForm = {
  applicant_type: "Person",
  external_id: "",
  email: "",
  phone: "",
  full_name: "",
  first_name: "",
  last_name: "",
  dob: "",
  gender: "",
  citizenship: "",
  country: "",
  address: "",
  registration_id: "",
  aml_screening_enabled: false,
};

const text = (value: string): string | null => (value.trim() === "" ? null : value.trim());
const code = (value: string): string | null => text(value)?.toUpperCase() ?? null;

export function fromApplicant(a: Applicant): ApplicantForm {
  const info = a.provided_info ?? {};
  return {
    applicant_type: a.type,
    external_id: a.external_id ?? "",
    email: a.email ?? info.email ?? "",
    phone: a.phone ?? info.phone ?? "",
    full_name: info.full_name ?? "",
    first_name: info.first_name ?? "",
    last_name: info.last_name ?? "",
    dob: info.dob ?? "",
    gender: info.gender ?? "",
    citizenship: info.citizenship ?? "",
    country: info.country ?? "",
    address: info.address ?? "",
    registration_id: info.registration_id ?? "",
    aml_screening_enabled: a.aml_screening_enabled,
  };
}

function info(form: ApplicantForm) {
  const person = form.applicant_type === "Person";
  return {
    full_name: text(form.full_name),
    first_name: person ? text(form.first_name) : null,
    last_name: person ? text(form.last_name) : null,
    dob: person ? text(form.dob) : null,
    gender: person && form.gender ? form.gender : null,
    citizenship: person ? code(form.citizenship) : null,
    country: code(form.country),
    address: text(form.address),
    registration_id: text(form.registration_id),
  };
}

/** The body of `POST /api/v3/applicants`: empty fields are left out. */
export function toNewApplicant(form: ApplicantForm): NewApplicant {
  const fields = Object.fromEntries(Object.entries(info(form)).filter(([, v]) => v !== null));
  return {
    applicant_type: form.applicant_type,
    external_id: text(form.external_id),
    email: text(form.email),
    phone: text(form.phone),
    info: fields,
    aml_screening_enabled: form.aml_screening_enabled,
  } as NewApplicant;
}

/** The body of `POST /api/v3/applicants/{id}`: every info field, so that cleared ones are cleared. */
export function toUpdate(form: ApplicantForm) {
  return { info: { ...info(form), email: text(form.email), phone: text(form.phone) }, aml_screening_enabled: form.aml_screening_enabled };
}

/** What must be fixed before sending, by field. The server checks everything again. */
export function problems(form: ApplicantForm): Partial<Record<keyof ApplicantForm, string>> {
  const found: Partial<Record<keyof ApplicantForm, string>> = {};
  const hasName = form.full_name.trim() || (form.applicant_type === "Person" && (form.first_name.trim() || form.last_name.trim()));
  if (!hasName) found.full_name = form.applicant_type === "Person" ? "Give a full name, or a first and last name." : "Give the organization's legal name.";
  for (const key of ["country", "citizenship"] as const) {
    if (form[key].trim() && !/^[A-Za-z]{2}$/.test(form[key].trim())) found[key] = "Use a two-letter ISO 3166 code, such as DE.";
  }
  if (form.dob.trim() && !/^\d{4}-\d{2}-\d{2}$/.test(form.dob.trim())) found.dob = "Use YYYY-MM-DD.";
  if (form.email.trim() && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(form.email.trim())) found.email = "This is not an email address.";
  return found;
}
