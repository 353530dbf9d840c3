// Create and edit an applicant.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { post } from "../../api/client";
import type { Applicant } from "../../api/types";
import { PageHeader } from "../../components/Layout";
import { ErrorState, FormError, Loading } from "../../components/States";
import { useToast } from "../../components/Toasts";
import { useSession } from "../../session";
import { useApplicant } from "./ApplicantDetail";
import { type ApplicantForm as Form, EMPTY_FORM, fromApplicant, problems, toNewApplicant, toUpdate } from "./applicantForm";

export function ApplicantNew() {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (form: Form) => post<{ id: string }>("/api/v3/applicants", toNewApplicant(form)),
    onSuccess: ({ id }) => {
      toast("Applicant created");
      void queryClient.invalidateQueries();
      navigate(`/applicants/${id}`);
    },
  });
  return (
    <>
      <PageHeader title="New applicant" />
      <ApplicantFields initial={EMPTY_FORM} onSubmit={(f) => save.mutate(f)} pending={save.isPending} error={save.error} submitLabel="Create applicant" cancelTo="/applicants" />
    </>
  );
}

export function ApplicantEdit() {
  const { id } = useParams();
  const applicant = useApplicant(id);
  if (applicant.isPending) return <Loading what="the applicant" />;
  if (applicant.error) return <ErrorState error={applicant.error} />;
  return <Edit applicant={applicant.data} />;
}

function Edit({ applicant }: { applicant: Applicant }) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (form: Form) => post(`/api/v3/applicants/${applicant.applicant_id}`, toUpdate(form)),
    onSuccess: () => {
      toast("Applicant saved");
      void queryClient.invalidateQueries();
      navigate(`/applicants/${applicant.applicant_id}`);
    },
  });
  return (
    <>
      <PageHeader title="Edit applicant" />
      <ApplicantFields initial={fromApplicant(applicant)} onSubmit={(f) => save.mutate(f)} pending={save.isPending} error={save.error} submitLabel="Save" cancelTo={`/applicants/${applicant.applicant_id}`} editing />
    </>
  );
}

function ApplicantFields({ initial, onSubmit, pending, error, submitLabel, cancelTo, editing = false }: {
  initial: Form;
  onSubmit: (form: Form) => void;
  pending: boolean;
  error: unknown;
  submitLabel: string;
  cancelTo: string;
  editing?: boolean;
}) {
  const { environment } = useSession();
  const [form, setForm] = useState(initial);
  const [shown, setShown] = useState<ReturnType<typeof problems>>({});
  const person = form.applicant_type === "Person";
  function field<K extends keyof Form>(key: K) {
    return {
      value: form[key] as string,
      onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
      "aria-invalid": shown[key] ? true : undefined,
      "aria-describedby": shown[key] ? `${key}-problem` : undefined,
      "data-testid": `field-${key}`,
    };
  }
  const problem = (key: keyof Form) =>
    shown[key] ? (
      <span id={`${key}-problem`} className="form-error small">
        {shown[key]}
      </span>
    ) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    const found = problems(form);
    setShown(found);
    if (Object.keys(found).length === 0) onSubmit(form);
  }
  return (
    <form className="card stack" onSubmit={submit} noValidate style={{ maxWidth: 880 }}>
      <fieldset>
        <legend>Kind</legend>
        <div className="row">
          {(["Person", "Organization"] as const).map((t) => (
            <label key={t} className="inline">
              <input type="radio" name="type" checked={form.applicant_type === t} onChange={() => setForm((f) => ({ ...f, applicant_type: t }))} disabled={editing} />
              {t}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid-3">
        <label>
          {person ? "Full name" : "Legal name"}
          <input {...field("full_name")} autoFocus />
          {problem("full_name")}
        </label>
        {person && (
          <>
            <label>
              First name
              <input {...field("first_name")} />
            </label>
            <label>
              Last name
              <input {...field("last_name")} />
            </label>
            <label>
              Date of birth
              <input {...field("dob")} placeholder="1985-04-12" />
              {problem("dob")}
            </label>
            <label>
              Gender
              <select value={form.gender} onChange={(e) => setForm((f) => ({ ...f, gender: e.target.value as Form["gender"] }))}>
                <option value="">Not given</option>
                <option value="F">F</option>
                <option value="M">M</option>
              </select>
            </label>
            <label>
              Citizenship
              <input {...field("citizenship")} placeholder="DE" maxLength={2} />
              {problem("citizenship")}
            </label>
          </>
        )}
        <label>
          Country
          <input {...field("country")} placeholder="DE" maxLength={2} />
          {problem("country")}
        </label>
        <label>
          Registration id
          <input {...field("registration_id")} placeholder={person ? "National id" : "HRB 12345"} />
        </label>
        <label>
          External id
          <input {...field("external_id")} disabled={editing} placeholder="Your own id, unique" />
        </label>
        <label>
          Email
          <input {...field("email")} type="email" />
          {problem("email")}
        </label>
        <label>
          Phone
          <input {...field("phone")} type="tel" placeholder="+49 30 1234567" />
        </label>
      </div>
      <label>
        Address
        <input {...field("address")} />
      </label>
      <label className="inline">
        <input type="checkbox" checked={form.aml_screening_enabled} onChange={(e) => setForm((f) => ({ ...f, aml_screening_enabled: e.target.checked }))} data-testid="field-monitoring" />
        Monitor with AML screening (screened now, then daily and on every change)
      </label>
      <FormError error={error} />
      <div className="actions">
        <span className="muted small" style={{ marginRight: "auto" }}>
          In the {environment}.
        </span>
        <Link className="button" to={cancelTo}>
          Cancel
        </Link>
        <button type="submit" className="primary" disabled={pending} data-testid="save-applicant">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
