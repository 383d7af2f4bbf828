import { Field } from './field.tsx';

/** A labelled select (DESIGN: labels on every input): the choices as value and label. */
export function SelectField({
  label,
  note,
  value,
  onChange,
  options,
  invalid = false,
}: {
  label: string;
  note?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  invalid?: boolean;
}) {
  return (
    <Field label={label} {...(note ? { note } : {})}>
      {(id) => (
        <select
          id={id}
          className="select"
          value={value}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** "Anyone" (the value '') and then each provider: who a customer goes to. */
export function providerOptions(
  providers: readonly { id: string; name: string }[],
  noneLabel: string,
): { value: string; label: string }[] {
  return [
    { value: '', label: noneLabel },
    ...providers.map((provider) => ({ value: provider.id, label: provider.name })),
  ];
}
