// A destructive action's confirmation: what will happen, Cancel, and the action in red.
import type { ReactNode } from "react";
import { Dialog } from "./Dialog";

export function Confirm({ open, title, children, action, onConfirm, onClose, pending, testId, cancelLabel = "Cancel" }: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The button's label: the action itself ("Revoke", "Delete"). */
  action: string;
  onConfirm: () => void;
  onClose: () => void;
  pending: boolean;
  testId?: string;
  cancelLabel?: string;
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <div className="stack">
        {children}
        <div className="actions">
          <button type="button" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="button" className="danger solid" onClick={onConfirm} disabled={pending} data-testid={testId}>
            {action}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
