// The organization's remediation templates in this environment: every reviewer reads them (and
// picks one in the remediation dialog); admins add, change and delete them.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { del, post, put } from "../../api/client";
import { Card } from "../../components/Card";
import { Confirm } from "../../components/Confirm";
import { Dialog } from "../../components/Dialog";
import { Empty, ErrorState, FormError, Loading } from "../../components/States";
import { useToast } from "../../components/Toasts";
import { useRemediationTemplates } from "./data";
import { choicesOf, documentKindLabel, type RemediationChoice, remediationReady, remediationRequest, sectionLabel } from "./decisions";
import { RemediationTargets } from "./RemediationTargets";
import type { RemediationTemplate } from "./types";

const PATH = "/_docket/desk/remediation-templates";

/** What a template asks, in a line: `Ownership and control; Document: Proof of the business address`. */
export function templateSummary(t: Pick<RemediationTemplate, "items">): string {
  return t.items.map((i) => (i.document_kind ? `Document: ${documentKindLabel(i.document_kind)}` : sectionLabel(i.section))).join("; ");
}

export function RemediationTemplatesCard({ admin }: { admin: boolean }) {
  const templates = useRemediationTemplates();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<RemediationTemplate | "new" | null>(null);
  const [deleting, setDeleting] = useState<RemediationTemplate | null>(null);
  const remove = useMutation({
    mutationFn: (t: RemediationTemplate) => del<undefined>(`${PATH}/${t.id}`),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: ["remediation-templates"] });
      toast("Template deleted");
    },
  });
  return (
    <Card
      title="Remediation templates"
      description={admin ? "Requests reviewers send often: several sections and documents, each with its instruction." : "Managed by an admin; reviewers choose one when they request a remediation."}
      testId="remediation-templates"
      actions={
        admin && (
          <button type="button" onClick={() => setEditing("new")} data-testid="template-add">
            Add a template
          </button>
        )
      }
    >
      {templates.isPending ? (
        <Loading what="the templates" />
      ) : templates.error ? (
        <ErrorState error={templates.error} />
      ) : templates.data.data.length === 0 ? (
        <Empty title="No remediation template yet." />
      ) : (
        <ul className="plain stack">
          {templates.data.data.map((t) => (
            <li key={t.id} className="subcard" data-testid="template-row">
              <strong>{t.name}</strong>
              <div className="muted small">{templateSummary(t)}</div>
              {admin && (
                <div className="actions">
                  <button type="button" onClick={() => setEditing(t)}>
                    Edit
                  </button>
                  <button type="button" className="danger" onClick={() => setDeleting(t)}>
                    Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog open={editing !== null} title={editing === "new" ? "Add a remediation template" : "Edit the remediation template"} onClose={() => setEditing(null)} testId="template-dialog">
        {editing !== null && <TemplateForm key={editing === "new" ? "new" : editing.id} initial={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      </Dialog>
      <Confirm open={deleting !== null} title="Delete the template?" action="Delete" onConfirm={() => deleting && remove.mutate(deleting)} onClose={() => setDeleting(null)} pending={remove.isPending} testId="template-delete">
        <p>Remediations already requested with “{deleting?.name}” keep what they asked.</p>
        <FormError error={remove.error} />
      </Confirm>
    </Card>
  );
}

function TemplateForm({ initial, onClose }: { initial: RemediationTemplate | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [name, setName] = useState(initial?.name ?? "");
  const [choices, setChoices] = useState<RemediationChoice[]>(() => choicesOf(initial?.items ?? []));
  const [message, setMessage] = useState(initial?.message ?? "");
  const save = useMutation({
    mutationFn: () => {
      const { items } = remediationRequest(choices, "", "", null);
      const body = { name: name.trim(), items, message: message.trim() || null };
      return initial ? put<RemediationTemplate>(`${PATH}/${initial.id}`, body) : post<RemediationTemplate>(PATH, body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["remediation-templates"] });
      toast(initial ? "Template saved" : "Template added");
      onClose();
    },
  });
  const ready = name.trim() !== "" && remediationReady(choices, message);
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) save.mutate();
      }}
    >
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} autoFocus data-testid="template-name" />
      </label>
      <RemediationTargets choices={choices} onChange={setChoices} />
      <label>
        Message for the merchant (for every item without its own instruction)
        <textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={3} maxLength={2000} data-testid="template-message" />
      </label>
      <FormError error={save.error} />
      <div className="actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={save.isPending || !ready} data-testid="template-save">
          Save
        </button>
      </div>
    </form>
  );
}
