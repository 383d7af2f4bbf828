import { type ReactNode, useEffect, useId, useRef } from 'react';
import { customerTexts } from '../../lib/customer-texts.ts';
import { CloseIcon } from './icons.tsx';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** While true, Escape and the close button do nothing (a request is on its way). */
  busy?: boolean;
}

/** A native <dialog>: focus trapping, Escape and the backdrop come from the browser. */
export function Modal({ open, title, onClose, children, busy = false }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={customerTexts.confirm.close}
          onClick={onClose}
          disabled={busy}
        >
          <CloseIcon />
        </button>
      </div>
      {children}
    </dialog>
  );
}
