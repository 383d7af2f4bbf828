import { describe, expect, it } from 'vitest';
import { eventOutsideContract } from './event-contract.ts';

const event = (topic: string, type: string, data: unknown) => ({ id: 1, topic, seq: 1, type, data });

describe('eventOutsideContract', () => {
  it('accepts the events each topic carries', () => {
    expect(eventOutsideContract(event('line:demo', 'line.changed', {}))).toBeNull();
    expect(
      eventOutsideContract(
        event('wait:0b0e8f5e-2c1a-4c39-9d0b-5d1f0c7e6a11', 'entry.status', {
          status: 'called',
          providerName: 'Maria',
          requestStatus: null,
        }),
      ),
    ).toBeNull();
    expect(
      eventOutsideContract(event('chat:a-b', 'thread.answerer', { providerName: 'Maria', answeredBy: null })),
    ).toBeNull();
    expect(eventOutsideContract(event('board:demo', 'regular.changed', { waitIds: ['w1'] }))).toBeNull();
  });

  it('names what is wrong with an event its clients could not read', () => {
    // A type the topic does not carry, and a known type with data of another shape.
    expect(eventOutsideContract(event('board:demo', 'wait_changed', {}))).toContain(
      'No matching discriminator',
    );
    expect(eventOutsideContract(event('board:demo', 'regular.changed', { waitIds: 'w1' }))).toContain(
      'waitIds',
    );
    expect(
      eventOutsideContract(event('wait:x', 'entry.status', { status: 'gone', providerName: null })),
    ).toContain('status');
    expect(eventOutsideContract(event('elsewhere:x', 'line.changed', {}))).toContain('unknown topic');
  });
});
