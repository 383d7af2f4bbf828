import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { MessagePage } from '../../../components/ui/message-page.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { useForgetMe } from '../api/forget-me.ts';

/** "Forget me" on the checked-in page: says what will happen, then erases (docs/privacy.md). */
export function ForgetMeButton({
  companyId,
  companyName,
  inLine,
  onErased,
}: {
  companyId: string;
  companyName: string;
  /** Still waiting or called: erasing also takes them off the list, and the dialog says so. */
  inLine: boolean;
  onErased: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const forget = useForgetMe(companyId);
  return (
    <>
      <button type="button" className="text-button" onClick={() => setConfirming(true)}>
        {customerTexts.privacy.forgetMe}
      </button>
      <Modal
        open={confirming}
        title={customerTexts.privacy.forgetTitle}
        busy={forget.isPending}
        onClose={() => setConfirming(false)}
      >
        <p className="modal__text">{customerTexts.privacy.forgetBody(companyName, inLine)}</p>
        <p className="form-error" role="alert">
          {forget.isPaused
            ? customerTexts.privacy.forgetWaitingForConnection
            : forget.isError
              ? customerTexts.privacy.forgetFailed
              : ''}
        </p>
        <div className="stack stack--full">
          <button
            type="button"
            className="button button--danger button--block"
            disabled={forget.isPending}
            onClick={() => forget.mutate(undefined, { onSuccess: onErased })}
          >
            {customerTexts.privacy.forgetConfirm}
          </button>
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={forget.isPending}
            onClick={() => setConfirming(false)}
          >
            {customerTexts.privacy.forgetCancel}
          </button>
        </div>
      </Modal>
    </>
  );
}

/** What the customer sees once their details are erased, with the way back to the business. */
export function DetailsErasedPage({ companyId, companyName }: { companyId: string; companyName: string }) {
  return (
    <MessagePage
      title={customerTexts.privacy.erasedTitle}
      body={customerTexts.privacy.erasedBody(companyName)}
    >
      <Link className="button button--primary" to={paths.landing.getHref(companyId)}>
        {customerTexts.privacy.startAgain}
      </Link>
    </MessagePage>
  );
}
