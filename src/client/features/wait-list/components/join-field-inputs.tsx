import type { JoinAnswers, JoinField } from '../../../../shared/join-fields.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { customerTexts } from '../../../lib/customer-texts.ts';
import type { AnswerProblems } from '../join-answers.ts';

/**
 * The business's own questions (docs/join-fields.md), under name and phone: one input each, in
 * the owner's order, its error under it. Nothing at all when the business asks none. Used by
 * user-info, the kiosk and the desk's Add walk-in.
 */
export function JoinFieldInputs({
  fields,
  answers,
  problems,
  onChange,
  autoFill = true,
}: {
  fields: readonly JoinField[];
  answers: JoinAnswers;
  problems: AnswerProblems;
  /** The answers with this one changed; the caller clears its problem. */
  onChange: (fieldId: string, value: string) => void;
  /** Off on a shared tablet: the browser must not offer one guest's answers to the next. */
  autoFill?: boolean;
}) {
  return fields.map((field) => (
    <TextField
      key={field.id}
      label={field.required ? field.label : customerTexts.joinFields.optional(field.label)}
      name={`answer-${field.id}`}
      value={answers[field.id] ?? ''}
      maxLength={field.maxLength}
      autoComplete={autoFill ? 'on' : 'off'}
      required={field.required}
      onChange={(value) => onChange(field.id, value)}
      error={problems[field.id]}
    />
  ));
}
