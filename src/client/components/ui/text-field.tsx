import type { InputHTMLAttributes } from 'react';
import { useTypedBeforeHydration } from '../../lib/hydration.ts';
import { Field } from './field.tsx';

type TextFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'id' | 'className'
> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Narrow fields (state, ZIP, minutes) in a row. */
  width?: string;
  /** What is wrong with the value, shown under the input (Field). */
  error?: string | null | undefined;
  /** A hint under the label (Field). */
  note?: string;
};

/** A labelled text input. */
export function TextField({ label, value, onChange, width, error, note, ...inputProps }: TextFieldProps) {
  const field = useTypedBeforeHydration(value, onChange);
  return (
    <Field label={label} width={width} error={error} note={note}>
      {(id, control) => (
        <input
          {...control}
          {...inputProps}
          ref={field}
          id={id}
          className="input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
