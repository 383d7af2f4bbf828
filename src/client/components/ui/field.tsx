import { type ReactNode, useId } from 'react';

/**
 * A labelled control: the label always says what the field is (DESIGN: labels on every input),
 * with an optional note under it. `children` gets the id the label points at.
 */
export function Field({
  label,
  note,
  width,
  children,
}: {
  label: string;
  note?: string;
  /** Narrow fields (state, ZIP, minutes) in a row. */
  width?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="field" style={width ? { maxWidth: width } : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {note ? <p className="field__note">{note}</p> : null}
    </div>
  );
}
