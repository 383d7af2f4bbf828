import { describe, expect, it } from 'vitest';
import { formatChatTime, initials, withMessage } from './chat-format.ts';
import type { ChatMessage } from './schemas.ts';

describe('chat time M/d/yy, h:mm am/pm', () => {
  it('formats in the given time zone with a lowercase period', () => {
    // 2026-03-05T14:07:00Z
    const at = Date.UTC(2026, 2, 5, 14, 7) / 1000;
    expect(formatChatTime(at, 'UTC')).toBe('3/5/26, 2:07 pm');
    expect(formatChatTime(at, 'America/Chicago')).toBe('3/5/26, 8:07 am');
  });

  it('shows midnight and noon as 12, and two-digit days and months as they are', () => {
    expect(formatChatTime(Date.UTC(2026, 10, 22, 0, 5) / 1000, 'UTC')).toBe('11/22/26, 12:05 am');
    expect(formatChatTime(Date.UTC(2026, 11, 31, 12, 0) / 1000, 'UTC')).toBe('12/31/26, 12:00 pm');
  });
});

describe('chat time in another language', () => {
  it("is that language's own short date and time, on the business's clock", () => {
    const at = Date.UTC(2026, 2, 5, 14, 7) / 1000;
    expect(formatChatTime(at, 'UTC', 'en')).toBe('3/5/26, 2:07 pm');
    expect(formatChatTime(at, 'UTC', 'es')).toBe('5/3/26, 2:07 p.m.');
    expect(formatChatTime(at, 'America/Chicago', 'es')).toBe('5/3/26, 8:07 a.m.');
    expect(formatChatTime(at, 'UTC', 'vi')).toBe('14:07 5/3/26');
    expect(formatChatTime(at, 'UTC', 'zh-Hans')).toBe('2026/3/5 14:07');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Ann Lee')).toBe('AL');
    expect(initials('maria del carmen lopez')).toBe('ML');
    expect(initials('  zed ')).toBe('Z');
    expect(initials('')).toBe('?');
    expect(initials('Émile Zola')).toBe('ÉZ');
  });
});

describe('withMessage', () => {
  const message = (id: string, createdAt: number): ChatMessage => ({
    id,
    createdAt,
    userId: 'u',
    userName: 'U',
    name: 'U',
    message: id,
    sender: 'customer',
  });

  it('adds once, in createdAt order, keeping the latest ten', () => {
    const eleven = Array.from({ length: 10 }, (_, i) => message(`m${i}`, i));
    const added = withMessage(eleven, message('late', 100));
    expect(added.map((m) => m.id)).toEqual([...eleven.slice(1).map((m) => m.id), 'late']);
    expect(withMessage(added, message('late', 100))).toHaveLength(10);
    expect(withMessage([message('b', 2)], message('a', 1)).map((m) => m.id)).toEqual(['a', 'b']);
  });
});
