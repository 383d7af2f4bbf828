import { Modal } from '../../../components/ui/modal.tsx';
import { customerTexts } from '../../../lib/customer-texts.ts';

interface ConfirmJoinModalProps {
  open: boolean;
  name: string;
  service: string;
  pending: boolean;
  /**
   * The join waits for the connection (TanStack Query pauses it offline and sends it once back):
   * not sent yet, so the customer may still close the confirmation to cancel it.
   */
  offline: boolean;
  /** What the dialog says while `offline`; the phone's words by default. */
  waitingText?: string;
  error: string | null;
  onClose: () => void;
  onConfirm: () => void;
}

/** "Hi {name}" / "Are you ready to request '{service}'?" with a close control and Yes (spec §2). */
export function ConfirmJoinModal({
  open,
  name,
  service,
  pending,
  offline,
  waitingText = customerTexts.confirm.waitingForConnection,
  error,
  onClose,
  onConfirm,
}: ConfirmJoinModalProps) {
  return (
    <Modal open={open} title={customerTexts.confirm.title(name)} onClose={onClose} busy={pending && !offline}>
      <p className="modal__text">{customerTexts.confirm.message(service)}</p>
      <p className="form-error" role="alert">
        {error ?? (offline ? waitingText : '')}
      </p>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={onConfirm}
        disabled={pending}
        aria-busy={pending}
      >
        {pending ? customerTexts.confirm.joining : customerTexts.confirm.yes}
      </button>
    </Modal>
  );
}
