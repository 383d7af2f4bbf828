/** The staff member who answers a conversation, and the provider their account speaks for. */
export interface ChatAnswerer {
  id: string;
  name: string;
  /** A provider's account: every account of that provider answers (a phone and a tablet). */
  providerId: string | null;
}

/**
 * Whether this staff member writes in the conversation (issue 22, finding 9): they answer it, or
 * another account of the same provider does, or nobody in particular does and they are at the
 * desk. The server's check and the console's composer both ask this.
 */
export function answersConversation(
  me: { id: string; role: 'owner' | 'front_desk' | 'provider'; providerId: string | null },
  answeredBy: ChatAnswerer | null,
): boolean {
  if (!answeredBy) return me.role !== 'provider';
  if (answeredBy.id === me.id) return true;
  return me.role === 'provider' && answeredBy.providerId !== null && answeredBy.providerId === me.providerId;
}
