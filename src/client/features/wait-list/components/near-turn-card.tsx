import { NEAR_TURN_CHOICES, type WaitEntryResponse } from '../../../../shared/schemas.ts';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { useChooseNearTurn } from '../api/choose-near-turn.ts';

/**
 * "Text me when I'm N away" while the customer waits (docs/near-turn.md): one tap picks when, the
 * server's word on what they will get; once told, what was sent. The choice is final then.
 */
export function NearTurnCard({ entry }: { entry: WaitEntryResponse }) {
  const choose = useChooseNearTurn(entry.companyId, entry.waitId);
  const { nearTurn } = entry;
  // The tap shows at once; the server's answer replaces it.
  const shown = choose.isPending && choose.variables ? choose.variables : nearTurn.choice;

  if (nearTurn.toldAt) {
    return (
      <section className="near-turn" aria-label={customerTexts.nearTurn.label}>
        <p className="near-turn__told" role="status">
          {nearTurn.texted ? customerTexts.nearTurn.texted : customerTexts.nearTurn.toldNoText}
        </p>
      </section>
    );
  }
  // Nothing to text to: the customer turned customerTexts off when they joined.
  if (!entry.allowSms) return null;
  return (
    <section className="near-turn" aria-label={customerTexts.nearTurn.label}>
      <fieldset className="near-turn__ask">
        <legend className="near-turn__legend">{customerTexts.nearTurn.legend}</legend>
        <ul className="near-turn__choices">
          {NEAR_TURN_CHOICES.map((choice) => {
            const selected = choice === shown;
            return (
              <li key={choice}>
                <button
                  type="button"
                  className={`service-button near-turn__choice${selected ? ' service-button--selected' : ''}`}
                  aria-pressed={selected}
                  disabled={choose.isPending}
                  onClick={() => {
                    // The business's default, tapped, becomes the customer's own: it stays if the
                    // business changes its default.
                    if (!selected || !nearTurn.chosen) choose.mutate(choice);
                  }}
                >
                  <span>{customerTexts.nearTurn.choices[choice]}</span>
                  <span className="service-button__check" aria-hidden="true">
                    {selected ? <CheckIcon size={18} /> : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p className="near-turn__will" role="status">
        {customerTexts.nearTurn.willText[shown]}
      </p>
      {/* The server's own words ("We already told you…"), or that the phone is offline. */}
      <p className={choose.isPaused ? 'notice' : 'form-error'} role="alert">
        {choose.isPaused
          ? customerTexts.nearTurn.waitingForConnection
          : choose.error
            ? choose.error.message
            : ''}
      </p>
    </section>
  );
}
