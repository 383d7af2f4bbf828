import { Field } from '../../../components/ui/field.tsx';
import { customerTexts } from '../../../lib/customer-texts.ts';

/**
 * "People in your party" (docs/party-size.md): 1 to the business's largest party, one native
 * select (a phone's own picker, a keyboard's arrows, a screen reader's list). Nothing at all when
 * the business takes one person per join: the page is then as the spec draws it.
 */
export function PartySizeField({
  largestParty,
  value,
  problem,
  onChange,
}: {
  largestParty: number;
  value: number;
  problem: string | null;
  onChange: (size: number) => void;
}) {
  if (largestParty <= 1) return null;
  return (
    <Field label={customerTexts.partySize.label} note={customerTexts.partySize.note} error={problem}>
      {(id, control) => (
        <select
          {...control}
          id={id}
          name="partySize"
          className="input"
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {Array.from({ length: largestParty }, (_, index) => index + 1).map((size) => (
            <option key={size} value={size}>
              {customerTexts.partySize.option(size)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
