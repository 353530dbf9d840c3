import { useState } from "react";

/** Copies a value to the clipboard and says so. */
export function CopyButton({ value, label = "Copy", testId }: { value: string; label?: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard permission (an http page in some browsers): select-and-copy fallback.
      const area = document.createElement("textarea");
      area.value = value;
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 1500);
  }
  return (
    <button type="button" className="small" onClick={() => void copy()} data-testid={testId}>
      {copied ? "Copied" : label}
    </button>
  );
}
