import { type InputHTMLAttributes, useId } from 'react';

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

/** A labelled text input: the label always says what the field is (DESIGN: labels on every input). */
export function TextField({ label, value, onChange, width, ...inputProps }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field" style={width ? { maxWidth: width } : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
