import type { InputHTMLAttributes } from 'react';
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
};

/** A labelled text input. */
export function TextField({ label, value, onChange, width, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} width={width}>
      {(id) => (
        <input
          {...inputProps}
          id={id}
          className="input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
