/**
 * The lobby screen (issue 24, docs/lobby-screen.md): a TV in the waiting area showing who is being
 * served and who is next, by display name only. The screen, the console and the server parse with
 * these schemas; the names are built on the server (displayName), so a whole name or a phone
 * number never reaches the screen.
 */
import * as z from 'zod/mini';

/** How the screen writes "Maria Garcia": the business chooses in Settings. */
export const SCREEN_NAME_STYLES = ['first_name_last_initial', 'initials'] as const;
export type ScreenNameStyle = (typeof SCREEN_NAME_STYLES)[number];

/** The screen's link carries 32 random bytes as base64url: anything else is no key. */
export const SCREEN_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The header the screen sends its key in: a header stays out of the server's request log. */
export const SCREEN_KEY_HEADER = 'x-screen-key';

/** A first name longer than this is cut: a TV row has room for so much. */
const FIRST_NAME_MAX = 16;
/** What the screen shows for an entry without a name (erased by the business's retention). */
const NAMELESS = 'Guest';

const initialOf = (word: string) => `${(Array.from(word)[0] ?? '').toLocaleUpperCase()}.`;

/**
 * "Maria Garcia" as the screen writes it: "Maria G." or "M. G." The last word's initial stands for
 * the last name ("Ana María López Ruiz" is "Ana R."); one word is a first name alone ("Maria", "M.").
 */
export function displayName(fullName: string, style: ScreenNameStyle): string {
  // A party's member, "Anna Smith +1" (docs/party-size.md): the lead's name as the screen writes
  // it, then the member's "+1", not "Anna +.".
  const member = /^(.*\S)\s+(\+\d+)$/.exec(fullName.trim());
  if (member?.[1] && member[2]) return `${displayName(member[1], style)} ${member[2]}`;
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return NAMELESS;
  const last = words.length > 1 ? words.at(-1) : undefined;
  if (style === 'initials') return last ? `${initialOf(first)} ${initialOf(last)}` : initialOf(first);
  const firstName = Array.from(first).slice(0, FIRST_NAME_MAX).join('');
  return last ? `${firstName} ${initialOf(last)}` : firstName;
}

export const screenNameStyleRequestSchema = z.object({
  nameStyle: z.enum(SCREEN_NAME_STYLES, 'Pick how names are shown'),
});
export type ScreenNameStyleRequest = z.infer<typeof screenNameStyleRequestSchema>;

/** The console's view of the screen: its link (the path with the key) and the name style. */
export const lobbyScreenSettingsSchema = z.object({
  /** `/{companyId}/screen#key=…`: the key in the fragment never reaches a server or its logs. */
  href: z.string(),
  nameStyle: z.enum(SCREEN_NAME_STYLES),
});
export type LobbyScreenSettings = z.infer<typeof lobbyScreenSettingsSchema>;

/** What the screen shows: display names only, and a provider's name where one is assigned. */
export const lobbyScreenSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  timeZone: z.string(),
  /** The business's walk-in page at the server's PUBLIC_URL: the QR code on the screen. */
  joinUrl: z.string(),
  nowServing: z.array(
    z.object({
      name: z.string(),
      /** Called to the desk, or in the chair. */
      status: z.enum(['called', 'in_service']),
      providerName: z.nullable(z.string()),
    }),
  ),
  next: z.array(z.object({ name: z.string(), providerName: z.nullable(z.string()) })),
  /** Everyone waiting in line, including those beyond `next`. */
  waitingCount: z.number(),
});
export type LobbyScreen = z.infer<typeof lobbyScreenSchema>;

/** The screen's path; the key goes after `#`. */
export const lobbyScreenPath = {
  path: '/:companyId/screen',
  getHref: (companyId: string, key: string) =>
    `/${encodeURIComponent(companyId)}/screen#key=${encodeURIComponent(key)}`,
} as const;
