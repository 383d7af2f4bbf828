import { describe, expect, it } from 'vitest';
import { answersConversation } from './chat-answerer.ts';

const phone = { id: 'phone', role: 'provider' as const, providerId: 'maria' };
const tablet = { id: 'tablet', role: 'provider' as const, providerId: 'maria' };
const james = { id: 'james', role: 'provider' as const, providerId: 'james' };
const unlinked = { id: 'unlinked', role: 'provider' as const, providerId: null };
const desk = { id: 'desk', role: 'front_desk' as const, providerId: null };

describe('answersConversation', () => {
  it("lets every account of the answering provider write, and no one else's", () => {
    const maria = { id: 'phone', name: 'Maria Lopez', providerId: 'maria' };
    expect([phone, tablet, james, unlinked, desk].map((me) => answersConversation(me, maria))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('lets only the desk member who took it over write, and the desk when nobody in particular answers', () => {
    const sam = { id: 'desk', name: 'Sam Rivera', providerId: null };
    const otherDesk = { ...desk, id: 'other-desk' };
    expect([desk, otherDesk, unlinked].map((me) => answersConversation(me, sam))).toEqual([
      true,
      false,
      false,
    ]);
    expect([desk, otherDesk, phone].map((me) => answersConversation(me, null))).toEqual([true, true, false]);
  });
});
