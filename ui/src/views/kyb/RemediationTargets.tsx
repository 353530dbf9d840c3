// The sections and documents a remediation asks for, each with its own instruction: one field
// shared by the remediation dialog and the template editor.
import { DOCUMENT_KINDS, type RemediationChoice, SECTIONS } from "./decisions";

const TARGETS: { value: string; label: string }[] = [
  ...SECTIONS.map((s) => ({ value: `section:${s.value}`, label: s.label })),
  ...DOCUMENT_KINDS.map((d) => ({ value: `document:${d.value}`, label: `Document: ${d.label}` })),
];

export function RemediationTargets({ choices, onChange }: { choices: RemediationChoice[]; onChange: (next: RemediationChoice[]) => void }) {
  function toggle(target: string) {
    onChange(choices.some((c) => c.target === target) ? choices.filter((c) => c.target !== target) : [...choices, { target, message: "" }]);
  }
  function instruct(target: string, text: string) {
    onChange(choices.map((c) => (c.target === target ? { ...c, message: text } : c)));
  }
  return (
    <fieldset data-testid="remediation-targets">
      <legend>What to fix (one or more)</legend>
      {TARGETS.map((t) => {
        const chosen = choices.find((c) => c.target === t.value);
        const id = t.value.replace(":", "-");
        return (
          <div key={t.value} className="stack" style={{ gap: 4 }}>
            <label className="inline">
              <input type="checkbox" checked={Boolean(chosen)} onChange={() => toggle(t.value)} data-testid={`remediation-target-${id}`} />
              <span>{t.label}</span>
            </label>
            {chosen && <textarea aria-label={`Instruction: ${t.label}`} value={chosen.message} onChange={(e) => instruct(t.value, e.target.value)} rows={2} maxLength={2000} placeholder="Its own instruction (or the message below)" data-testid={`remediation-instruction-${id}`} />}
          </div>
        );
      })}
    </fieldset>
  );
}
