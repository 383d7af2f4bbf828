import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';

/**
 * "Are you sure?" before a step that cannot be taken back (revoke a key, remove a person or an
 * address): what happens, in words, then the step and Cancel. A failed step says why in the
 * dialog, which stays open; `children` holds a choice the step needs (where customers go).
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  busy,
  error = null,
  danger = true,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  /** The step's failure, in words. */
  error?: string | null;
  /** A step that removes something (red), or one that changes it (blue). */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal open={open} title={title} busy={busy} onClose={onCancel}>
      <div className="people-link">
        <p>{text}</p>
        {children}
        {error ? (
          <p className="save-state save-state--error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="settings-actions">
          <button
            type="button"
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            disabled={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
