import { useId } from 'react';
import { maskPhone, phoneDigitsFromInput } from '../../../../shared/phone.ts';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { useTypedBeforeHydration } from '../../../lib/hydration.ts';
import type { FieldProblem } from '../name-and-phone.ts';

interface NameAndPhoneFieldsProps {
  name: string;
  phoneDigits: string;
  problem: FieldProblem | null;
  onNameChange: (name: string) => void;
  onPhoneDigitsChange: (digits: string) => void;
  /** Clears the problem the user is now fixing. */
  onProblemFixed: () => void;
  /** Off on a shared tablet: the browser must not offer one guest's details to the next. */
  autoFill?: boolean;
}

/**
 * The user-info fields of spec §2 and §5: Name, and the phone masked as +1 (###) ###-#### keeping
 * digits only; errors under their field and announced. Used by user-info and by the kiosk.
 */
export function NameAndPhoneFields({
  name,
  phoneDigits,
  problem,
  onNameChange,
  onPhoneDigitsChange,
  onProblemFixed,
  autoFill = true,
}: NameAndPhoneFieldsProps) {
  const nameId = useId();
  const phoneId = useId();
  const nameField = useTypedBeforeHydration(name, onNameChange);
  const phoneField = useTypedBeforeHydration(maskPhone(phoneDigits), (typed) =>
    onPhoneDigitsChange(phoneDigitsFromInput(typed)),
  );
  const nameInvalid = problem?.field === 'name';
  const phoneInvalid = problem?.field === 'phoneNumber';
  return (
    <>
      <div className={`field${nameInvalid ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={nameId}>
          {customerTexts.userInfo.nameLabel}
        </label>
        <div className="field__control">
          <input
            ref={nameField}
            id={nameId}
            className="input"
            name="name"
            autoComplete={autoFill ? 'name' : 'off'}
            autoCapitalize="words"
            enterKeyHint="next"
            maxLength={60}
            value={name}
            aria-invalid={nameInvalid || undefined}
            aria-describedby={nameInvalid ? `${nameId}-hint` : undefined}
            onChange={(event) => {
              onNameChange(event.target.value);
              if (problem?.field === 'name' || problem?.field === 'form') onProblemFixed();
            }}
          />
          {nameInvalid ? <AlertIcon className="field__icon" /> : null}
        </div>
        {nameInvalid ? (
          <p id={`${nameId}-hint`} className="field-error">
            {problem?.message ?? customerTexts.userInfo.nameInvalidHint}
          </p>
        ) : null}
      </div>
      <div className={`field${phoneInvalid ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={phoneId}>
          {customerTexts.userInfo.phoneLabel}
        </label>
        <div className="field__control">
          <input
            ref={phoneField}
            id={phoneId}
            className="input"
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete={autoFill ? 'tel' : 'off'}
            enterKeyHint="done"
            placeholder={customerTexts.userInfo.phonePlaceholder}
            value={maskPhone(phoneDigits)}
            aria-invalid={phoneInvalid || undefined}
            aria-describedby={phoneInvalid ? `${phoneId}-hint` : `${phoneId}-note`}
            onChange={(event) => {
              onPhoneDigitsChange(phoneDigitsFromInput(event.target.value));
              if (problem?.field === 'phoneNumber' || problem?.field === 'form') onProblemFixed();
            }}
          />
          {phoneInvalid ? <AlertIcon className="field__icon" /> : null}
        </div>
        {phoneInvalid ? (
          problem?.message ? (
            <p id={`${phoneId}-hint`} className="field-error">
              {problem.message}
            </p>
          ) : (
            // Spec §5 shows no message here; screen readers still need to hear why.
            <span id={`${phoneId}-hint`} className="visually-hidden">
              {customerTexts.userInfo.phoneInvalidHint}
            </span>
          )
        ) : (
          <p id={`${phoneId}-note`} className="field__note">
            {customerTexts.userInfo.smsNote}
          </p>
        )}
      </div>
      <p className="form-error" aria-live="polite">
        {problem?.field === 'form' || problem?.field === 'serviceType' ? problem.message : ''}
      </p>
    </>
  );
}
