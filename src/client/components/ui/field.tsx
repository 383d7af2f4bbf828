import { type ReactNode, useId } from 'react';

/** What the control inside a `Field` takes to be announced with its error and note. */
export interface FieldControlProps {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A labelled control: the label always says what the field is (DESIGN: labels on every input),
 * with an optional note under it, and its error, in red, right under the control. `children` gets
 * the id the label points at and the aria attributes that tie the error and the note to it.
 */
export function Field({
  label,
  note,
  error,
  width,
  children,
}: {
  label: string;
  note?: string | undefined;
  /** What is wrong with the value: marks the control invalid and describes it. */
  error?: string | null | undefined;
  /** Narrow fields (state, ZIP, minutes) in a row. */
  width?: string;
  children: (id: string, control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, note ? `${id}-note` : null].filter(Boolean).join(' ');
  const control: FieldControlProps = {
    ...(error ? { 'aria-invalid': true } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
  return (
    // A narrow field (state, ZIP) widens while it shows an error, which would not fit under it.
    <div
      className={`field${error ? ' field--invalid' : ''}`}
      style={width && !error ? { maxWidth: width } : undefined}
    >
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(id, control)}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      {note ? (
        <p id={`${id}-note`} className="field__note">
          {note}
        </p>
      ) : null}
    </div>
  );
}
