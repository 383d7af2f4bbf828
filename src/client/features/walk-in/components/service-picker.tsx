import { Fragment, useId } from 'react';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { landingTexts } from '../../../lib/landing-texts.ts';
import { LANDING_SERVICE_PARAM } from '../landing-query.ts';

/** "Women's Haircut/Style" may wrap after its slash instead of mid-word on a narrow tile. */
function ServiceName({ name }: { name: string }) {
  const parts = name.split('/');
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? (
            <>
              /<wbr />
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

interface ServicePickerProps {
  services: readonly string[];
  selected: string | null;
  /** The service this phone last joined for here, marked "Last time" (docs/regulars.md). */
  lastService?: string | null;
  invalid: boolean;
  errorId: string;
  onSelect: (service: string) => void;
  /**
   * The id of a GET form the buttons submit (as `service`) when tapped before the page's scripts
   * run: the server renders the page again with that service picked (walk-in-service-step.tsx).
   */
  form?: string;
}

/** One button per service; the selected one is filled and checked, not marked by colour alone. */
export function ServicePicker({
  services,
  selected,
  lastService = null,
  invalid,
  errorId,
  onSelect,
  form,
}: ServicePickerProps) {
  const lastTimeId = useId();
  return (
    <ul
      className={`service-list${invalid ? ' service-list--invalid' : ''}`}
      aria-label={landingTexts.landing.servicesLabel}
      aria-describedby={invalid ? errorId : undefined}
    >
      {services.map((service) => {
        const isSelected = service === selected;
        return (
          <li key={service}>
            <button
              type={form ? 'submit' : 'button'}
              form={form}
              name={form ? LANDING_SERVICE_PARAM : undefined}
              value={form ? service : undefined}
              className={`service-button${isSelected ? ' service-button--selected' : ''}`}
              aria-pressed={isSelected}
              aria-describedby={service === lastService ? lastTimeId : undefined}
              onClick={(event) => {
                event.preventDefault();
                onSelect(service);
              }}
            >
              <span className="service-button__name">
                <ServiceName name={service} />
              </span>
              {/* A description, not part of the name: the button is still "Facials" to a screen reader. */}
              {service === lastService ? (
                <span id={lastTimeId} className="service-button__last" aria-hidden="true">
                  {landingTexts.landing.lastTime}
                </span>
              ) : null}
              <span className="service-button__check" aria-hidden="true">
                {isSelected ? <CheckIcon size={18} /> : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
