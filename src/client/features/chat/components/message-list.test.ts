import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/schemas.ts';
import { loadCustomerTexts, setCustomerTexts } from '../../../lib/customer-texts.ts';
import { MessageList } from './message-list.tsx';

const mine: ChatMessage = {
  id: 'm1',
  createdAt: 1_760_000_000,
  userId: 'u1',
  userName: 'Ana Ruiz',
  name: 'Ana Ruiz',
  message: 'On my way',
  sender: 'customer',
};

const ownMessageLabel = () =>
  /<span class="visually-hidden">([^<]*): <\/span>On my way/.exec(
    renderToStaticMarkup(
      createElement(MessageList, {
        messages: [mine],
        isMine: () => true,
        timeZone: 'America/Chicago',
        emptyText: '',
      }),
    ),
  )?.[1];

describe("a screen reader reading the reader's own message", () => {
  afterEach(async () => setCustomerTexts(await loadCustomerTexts('en')));

  it("names it in the page's language", async () => {
    expect(ownMessageLabel()).toBe('You');
    for (const [language, you] of [
      ['es', 'Tú'],
      ['vi', 'Quý khách'],
      ['zh-Hans', '您'],
    ] as const) {
      setCustomerTexts(await loadCustomerTexts(language));
      expect(ownMessageLabel(), language).toBe(you);
    }
  });
});
