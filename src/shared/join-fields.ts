/**
 * Custom join fields (issue 24 item 7, docs/join-fields.md): the business's own questions, asked
 * under name and phone when a customer joins. One schema for the owner's definitions and one
 * builder of the answers' validation from them, used by the join forms and by the server.
 * zod/mini, like schemas.ts: the user-info page loads this, so the owner's Settings request is in
 * staff-schemas.ts (docs/decisions/0010).
 */
import * as z from 'zod/mini';

export const JOIN_FIELDS_MAX = 3;
export const JOIN_FIELD_LABEL_MAX = 40;
export const JOIN_FIELD_DEFAULT_MAX_LENGTH = 100;
export const JOIN_FIELD_MAX_LENGTH_LIMIT = 200;

/** A field's id: made by the server when the owner adds it, kept while the field lives. */
export const joinFieldIdSchema = z.string().check(z.regex(/^[a-z0-9]{1,32}$/, 'Unknown field'));

/** A field as stored and as the join forms read it. */
export const joinFieldSchema = z.object({
  id: joinFieldIdSchema,
  label: z.string(),
  required: z.boolean(),
  maxLength: z.number(),
});
export type JoinField = z.infer<typeof joinFieldSchema>;

/**
 * What a join carries before the business's fields are known: answers by field id, which
 * joinAnswersSchema then checks against the business's fields (the body limit bounds their size).
 */
export const joinAnswersInputSchema = z.optional(z.record(z.string(), z.string()));

export type JoinAnswers = Record<string, string>;

/**
 * The answers a business's fields accept, keyed by field id: trimmed, a required one not empty,
 * none longer than its field allows, no key the business does not ask. Issues carry the field's
 * id as their path, so a form shows each under its field.
 */
export function joinAnswersSchema(fields: readonly JoinField[]) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const field of fields) {
    const tooLong = `${field.label} can be at most ${field.maxLength} characters`;
    shape[field.id] = field.required
      ? z
          .string(`Please fill in ${field.label}`)
          .check(
            z.trim(),
            z.minLength(1, `Please fill in ${field.label}`),
            z.maxLength(field.maxLength, tooLong),
          )
      : z.optional(z.string().check(z.trim(), z.maxLength(field.maxLength, tooLong)));
  }
  return z.strictObject(shape, { error: 'Those answers are not asked here' });
}

/** A visit's answers as stored and shown ("Stylist preference: Maria"): the question with each. */
export const joinAnswerSchema = z.object({ id: z.string(), label: z.string(), value: z.string() });
export type JoinAnswer = z.infer<typeof joinAnswerSchema>;

/**
 * Text as jsonb can keep it: an unpaired UTF-16 surrogate (which JSON allows and jsonb refuses)
 * becomes U+FFFD, as String.prototype.toWellFormed does. U+0000 is refused at the edge (parseInput).
 */
export const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The validated answers in the fields' order, with their labels; empty ones left out. */
export function answersAsAsked(fields: readonly JoinField[], answers: JoinAnswers): JoinAnswer[] {
  return fields.flatMap((field) => {
    const value = wellFormed(answers[field.id]?.trim() ?? '');
    return value ? [{ id: field.id, label: field.label, value }] : [];
  });
}
