import { type JoinAnswers, type JoinField, joinAnswersSchema } from '../../../shared/join-fields.ts';
import { issuesByField } from '../../../shared/schemas.ts';
import { ApiRequestError } from '../../lib/api-client.ts';

/** What is wrong with each answer, by field id; empty when none is. */
export type AnswerProblems = Record<string, string>;

/**
 * The answers to send, checked with the server's own rule (shared/join-fields.ts), or what is
 * wrong with each. Only the business's fields are sent, so a field it removed meanwhile is not.
 */
export function checkJoinAnswers(
  fields: readonly JoinField[],
  answers: JoinAnswers,
): { ok: true; answers: JoinAnswers } | { ok: false; problems: AnswerProblems } {
  const asked = Object.fromEntries(fields.map((field) => [field.id, answers[field.id] ?? '']));
  const parsed = joinAnswersSchema(fields).safeParse(asked);
  if (parsed.success) return { ok: true, answers: parsed.data as JoinAnswers };
  return { ok: false, problems: issuesByField(parsed.error) };
}

/** A refused join that names an answer ("answers.<id>") goes back under that field; else null. */
export function answerProblemFromJoinError(error: unknown): AnswerProblems | null {
  if (!(error instanceof ApiRequestError) || !error.field?.startsWith('answers.')) return null;
  return { [error.field.slice('answers.'.length)]: error.message };
}
