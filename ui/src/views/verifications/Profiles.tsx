// Verification profiles and their public links: create and edit (what a verification asks
// for), make one the default, archive, and share a profile's hosted link.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { type FormEvent, useState } from "react";
import { del, get, post } from "../../api/client";
import type { DocumentType, Page, Profile, ProfileSettings } from "../../api/types";
import { Badge } from "../../components/Badge";
import { Confirm } from "../../components/Confirm";
import { CopyButton } from "../../components/CopyButton";
import { DataTable } from "../../components/DataTable";
import { Dialog } from "../../components/Dialog";
import { PageHeader } from "../../components/Layout";
import { Empty, ErrorState, FormError, Loading } from "../../components/States";
import { useToast } from "../../components/Toasts";
import { useSession } from "../../session";
import { DOCUMENT_NAMES } from "./parts";

const POI: DocumentType[] = ["passport", "id_card", "driver_license", "residence_permit", "visa"];
const FACE: DocumentType[] = ["selfie", "liveness_photo"];
const POA: DocumentType[] = ["poa", "poa_utility_bill", "poa_bank_statement", "poa_residence_registration"];

/** What a profile's settings ask for, in words. */
export function asksFor(s: ProfileSettings): string {
  const parts = [];
  if (s.poi_required) parts.push(s.poi_allowed_documents.map((d) => DOCUMENT_NAMES[d]).join(" / "));
  if (s.face_comparison_required) parts.push(s.face_comparison_allowed_documents.map((d) => DOCUMENT_NAMES[d]).join(" / "));
  if (s.poa_required) parts.push("proof of address");
  const countries = s.countries.length ? `${s.area_filter_type === "exclude" ? "not " : ""}${s.countries.join(", ")}` : "all countries";
  return `${parts.join(" + ")} · ${countries}`;
}

const column = createColumnHelper<Profile>();

export function Profiles() {
  const { environment } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<Profile | "new" | null>(null);
  const [archiving, setArchiving] = useState<Profile | null>(null);
  const profiles = useQuery({
    queryKey: ["profiles", environment],
    queryFn: ({ signal }) => get<Page<Profile>>("/api/v3/profiles", { limit: 100 }, signal),
  });
  const act = useMutation({
    mutationFn: ({ method, path, body }: { method: "POST" | "DELETE"; path: string; body?: unknown; done: string }) =>
      method === "POST" ? post(path, body ?? {}) : del(path),
    onSuccess: (_, { done }) => {
      toast(done);
      void queryClient.invalidateQueries({ queryKey: ["profiles"] });
    },
    onError: (e) => toast(e.message, "bad"),
  });

  const columns = [
    column.display({
      id: "name",
      header: "Profile",
      cell: ({ row }) => (
        <div>
          <strong>{row.original.name}</strong> {row.original.is_default && <Badge tone="info">default</Badge>} {row.original.is_archived && <Badge>archived</Badge>}
          <div className="muted small">{asksFor(row.original.settings)}</div>
        </div>
      ),
    }),
    column.display({
      id: "link",
      header: "Public link",
      cell: ({ row }) => {
        const p = row.original;
        if (!p.link) {
          return (
            <button type="button" className="small" disabled={p.is_archived} onClick={() => act.mutate({ method: "POST", path: `/api/v3/profiles/${p.profile_id}/link`, body: { expiration_in_minutes: 240 }, done: "Link created" })} data-testid="create-link">
              Create link
            </button>
          );
        }
        const link = p.link;
        const archived = Boolean(link.archived_at);
        return (
          <div className="row" style={{ alignItems: "center" }}>
            <a href={link.web_link} target="_blank" rel="noreferrer" data-testid="link-url">
              {link.link_id}
            </a>
            <CopyButton value={link.web_link} />
            {archived ? <Badge>archived</Badge> : <span className="muted small">each verification open {link.expiration_minutes >= 120 ? `${Math.round(link.expiration_minutes / 60)} h` : `${link.expiration_minutes} min`}</span>}
            <button type="button" className="small ghost" onClick={() => act.mutate(archived ? { method: "POST", path: `/api/v3/profiles/link/${link.link_id}/unarchive`, done: "Link restored" } : { method: "DELETE", path: `/api/v3/profiles/link/${link.link_id}`, done: "Link archived" })}>
              {archived ? "Restore" : "Archive link"}
            </button>
          </div>
        );
      },
    }),
    column.display({
      id: "actions",
      header: "",
      cell: ({ row }) => {
        const p = row.original;
        return (
          <div className="row">
            <button type="button" className="small" onClick={() => setEditing(p)} data-testid="edit-profile">
              Edit
            </button>
            {!p.is_default && !p.is_archived && (
              <button type="button" className="small" onClick={() => act.mutate({ method: "POST", path: `/api/v3/profiles/${p.profile_id}/set_default`, done: `${p.name} is the default` })}>
                Make default
              </button>
            )}
            {!p.is_default && !p.is_archived && (
              <button type="button" className="small danger" onClick={() => setArchiving(p)} data-testid="archive-profile">
                Archive
              </button>
            )}
          </div>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title="Verification profiles" description="What a verification asks for. Each profile may have one public link: anyone who opens it can verify, and the outcome arrives by webhook.">
        <button type="button" className="primary" onClick={() => setEditing("new")} data-shortcut="new" data-testid="new-profile">
          New profile
        </button>
      </PageHeader>
      {profiles.isPending ? (
        <Loading what="profiles" />
      ) : profiles.error ? (
        <ErrorState error={profiles.error} retry={() => void profiles.refetch()} />
      ) : profiles.data.data.length === 0 ? (
        <Empty title="No profiles yet." />
      ) : (
        <DataTable data={profiles.data.data} columns={columns} rowKey={(p) => p.profile_id} label="Profiles" testId="profiles-table" rowTestId="profile-row" />
      )}
      <Confirm
        open={archiving !== null}
        title="Archive this profile?"
        action="Archive"
        pending={act.isPending}
        onClose={() => setArchiving(null)}
        onConfirm={() => {
          if (archiving) act.mutate({ method: "DELETE", path: `/api/v3/profiles/${archiving.profile_id}`, done: `${archiving.name} archived` });
          setArchiving(null);
        }}
        testId="confirm-archive-profile"
      >
        <p>{archiving?.name} takes no new verifications and its link stops working. Verifications already made keep its settings.</p>
      </Confirm>
      <Dialog open={editing !== null} title={editing === "new" ? "New profile" : "Edit profile"} onClose={() => setEditing(null)} wide testId="profile-dialog">
        {editing !== null && <ProfileForm profile={editing === "new" ? null : editing} onDone={() => setEditing(null)} />}
      </Dialog>
    </>
  );
}

function Choices({ legend, options, chosen, onChange }: { legend: string; options: DocumentType[]; chosen: DocumentType[]; onChange: (next: DocumentType[]) => void }) {
  return (
    <fieldset className="badges" style={{ border: 0, padding: 0 }}>
      <legend className="muted small">{legend}</legend>
      {options.map((d) => (
        <label key={d} className="inline">
          <input type="checkbox" checked={chosen.includes(d)} onChange={(e) => onChange(e.target.checked ? [...chosen, d] : chosen.filter((x) => x !== d))} />
          {DOCUMENT_NAMES[d]}
        </label>
      ))}
    </fieldset>
  );
}

function ProfileForm({ profile, onDone }: { profile: Profile | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const start = profile?.settings;
  const [name, setName] = useState(profile?.name ?? "");
  const [description, setDescription] = useState(profile?.description ?? "");
  const [poi, setPoi] = useState<DocumentType[]>(start?.poi_required === false ? [] : (start?.poi_allowed_documents ?? ["passport", "id_card", "driver_license", "residence_permit"]));
  const [face, setFace] = useState<DocumentType[]>(start?.face_comparison_required === false ? [] : (start?.face_comparison_allowed_documents ?? ["selfie"]));
  const [poa, setPoa] = useState<DocumentType[]>(start?.poa_required ? start.poa_allowed_documents : []);
  const [countries, setCountries] = useState((start?.countries ?? []).join(", "));
  const [exclude, setExclude] = useState(start?.area_filter_type === "exclude");
  const [finishTitle, setFinishTitle] = useState(start?.finish_screen_settings.settings.title ?? "");
  const [redirect, setRedirect] = useState(start?.finish_screen_settings.settings.redirect_link ?? "");
  const save = useMutation({
    mutationFn: () => {
      const settings = {
        ...(start ?? {}),
        poi_required: poi.length > 0,
        ...(poi.length ? { poi_allowed_documents: poi } : {}),
        face_comparison_required: face.length > 0,
        ...(face.length ? { face_comparison_allowed_documents: face } : {}),
        poa_required: poa.length > 0,
        ...(poa.length ? { poa_allowed_documents: poa } : {}),
        countries: countries.split(/[\s,]+/).map((c) => c.trim().toUpperCase()).filter(Boolean),
        area_filter_type: exclude ? "exclude" : "include",
        finish_screen_settings: { enabled: Boolean(finishTitle || redirect), settings: { ...(start?.finish_screen_settings.settings ?? {}), title: finishTitle || null, redirect_link: redirect || null } },
      };
      const body = { name, description: description || null, settings };
      return profile ? post(`/api/v3/profiles/${profile.profile_id}`, body) : post("/api/v3/profiles", body);
    },
    onSuccess: () => {
      toast(profile ? "Profile updated" : "Profile created");
      void queryClient.invalidateQueries({ queryKey: ["profiles"] });
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className="stack" onSubmit={submit}>
      <div className="grid-2">
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} required data-testid="profile-name" />
        </label>
        <label>
          Description
          <input value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
      </div>
      <Choices legend="Identity documents accepted (none: no identity document)" options={POI} chosen={poi} onChange={setPoi} />
      <Choices legend="Face pictures (a liveness photo adds the liveness check)" options={FACE} chosen={face} onChange={setFace} />
      <Choices legend="Proof of address (none: not asked)" options={POA} chosen={poa} onChange={setPoa} />
      <div className="grid-2">
        <label>
          Countries (ISO codes; empty: all)
          <input value={countries} onChange={(e) => setCountries(e.target.value)} placeholder="DE, FR" data-testid="profile-countries" />
        </label>
        <label className="inline">
          <input type="checkbox" checked={exclude} onChange={(e) => setExclude(e.target.checked)} />
          Refuse these countries instead
        </label>
        <label>
          Finish screen title
          <input value={finishTitle} onChange={(e) => setFinishTitle(e.target.value)} placeholder="Thank you" />
        </label>
        <label>
          Redirect link after finishing
          <input value={redirect} onChange={(e) => setRedirect(e.target.value)} placeholder="https://example.org/done" />
        </label>
      </div>
      <FormError error={save.error} />
      <div className="actions">
        <button type="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={save.isPending} data-testid="profile-save">
          {profile ? "Save" : "Create"}
        </button>
      </div>
    </form>
  );
}
