import { describe, expect, it } from 'vitest';
import { answersAsAsked, type JoinField, joinAnswersSchema, wellFormed } from './join-fields.ts';
import { issuesByField } from './schemas.ts';

const FIELDS: JoinField[] = [
  { id: 'stylist', label: 'Stylist preference', required: true, maxLength: 100 },
  { id: 'allergies', label: 'Allergies', required: false, maxLength: 5 },
];

const problems = (answers: unknown) => {
  const parsed = joinAnswersSchema(FIELDS).safeParse(answers);
  return parsed.success ? {} : issuesByField(parsed.error);
};

describe('joinAnswersSchema', () => {
  it('takes trimmed answers, an optional one left out or empty', () => {
    expect(joinAnswersSchema(FIELDS).parse({ stylist: ' Maria ', allergies: '' })).toEqual({
      stylist: 'Maria',
      allergies: '',
    });
    expect(joinAnswersSchema(FIELDS).parse({ stylist: 'Maria' })).toEqual({ stylist: 'Maria' });
  });

  it('names each field that is missing or too long, under its id', () => {
    expect(problems({})).toEqual({ stylist: 'Please fill in Stylist preference' });
    expect(problems({ stylist: '  ', allergies: 'Peanuts' })).toEqual({
      stylist: 'Please fill in Stylist preference',
      allergies: 'Allergies can be at most 5 characters',
    });
  });

  it('refuses an answer to a question not asked, and any answer where none is', () => {
    expect(Object.keys(problems({ stylist: 'Maria', shoeSize: '9' }))).toEqual(['']);
    expect(joinAnswersSchema([]).safeParse({ stylist: 'Maria' }).success).toBe(false);
    expect(joinAnswersSchema([]).safeParse({}).success).toBe(true);
  });
});

describe('answersAsAsked', () => {
  it('keeps the non-empty answers in the fields order, with their questions', () => {
    expect(answersAsAsked(FIELDS, { allergies: 'Latex', stylist: 'Maria' })).toEqual([
      { id: 'stylist', label: 'Stylist preference', value: 'Maria' },
      { id: 'allergies', label: 'Allergies', value: 'Latex' },
    ]);
    expect(answersAsAsked(FIELDS, { stylist: 'Maria', allergies: '' })).toHaveLength(1);
  });

  it('makes text jsonb can keep', () => {
    expect(wellFormed('a\ud800b')).toBe('a\ufffdb');
    expect(wellFormed('👩‍👩‍👧')).toBe('👩‍👩‍👧');
  });
});
