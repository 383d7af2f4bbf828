import { createHash, timingSafeEqual } from 'node:crypto';
import {
  displayName,
  type LobbyScreen,
  type LobbyScreenSettings,
  lobbyScreenPath,
  SCREEN_KEY_PATTERN,
  type ScreenNameStyle,
} from '../../../shared/lobby-screen.ts';
import { topics } from '../../../shared/realtime.ts';
import { AppError } from '../../errors.ts';
import { newSecretToken } from '../../http/secret-token.ts';
import type { EventLog } from '../../realtime/event-log.ts';
import type { LobbyScreenRepository, ScreenCompany } from './lobby-screen.repository.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `given` is the business's screen key, in constant time: the digests have one length
 * whatever was sent, so neither the comparison nor its length check tells how much of it matched.
 */
function sameKey(given: string, stored: string | null): boolean {
  if (stored === null || !SCREEN_KEY_PATTERN.test(given)) return false;
  return timingSafeEqual(digest(given), digest(stored));
}

/** The lobby screen (docs/lobby-screen.md): what it shows, who may open it, its link and its reset. */
export function createLobbyScreenService(deps: {
  screens: LobbyScreenRepository;
  eventLog: Pick<EventLog, 'flushSoon'>;
  publicUrl: string;
  now: () => number;
}) {
  const { screens, eventLog, publicUrl, now } = deps;

  /** The business, when `key` is its screen's current key; one refusal for every other case. */
  async function requireScreenKey(companyId: string, key: string): Promise<ScreenCompany> {
    const company = await screens.findCompany(companyId);
    if (!company || !sameKey(key, company.screenKey)) throw new AppError('SCREEN_LINK_INVALID');
    return company;
  }

  async function settingsOf(companyId: string): Promise<LobbyScreenSettings> {
    const company = await screens.findCompany(companyId);
    if (!company) throw new AppError('COMPANY_NOT_FOUND');
    const key = company.screenKey ?? (await screens.ensureKey(companyId, newSecretToken()));
    if (!key) throw new AppError('COMPANY_NOT_FOUND');
    return { href: lobbyScreenPath.getHref(companyId, key), nameStyle: company.nameStyle };
  }

  return {
    /**
     * What the screen shows, with names built here: the screen gets "Maria G." and never the
     * whole name, the phone number or anything else of the customer's.
     */
    async getScreen(companyId: string, key: string): Promise<LobbyScreen> {
      const company = await requireScreenKey(companyId, key);
      const line = await screens.listLine(companyId, new Date(now()));
      const nameOf = (name: string) => displayName(name, company.nameStyle);
      return {
        companyId,
        companyName: company.companyName,
        timeZone: company.timeZone,
        joinUrl: `${publicUrl.replace(/\/$/, '')}/${encodeURIComponent(companyId)}`,
        nowServing: line.serving.map((row) => ({
          name: nameOf(row.name),
          status: row.status === 'in_service' ? 'in_service' : 'called',
          providerName: row.providerName,
        })),
        next: line.next.map((row) => ({ name: nameOf(row.name), providerName: row.providerName })),
        waitingCount: line.waitingCount,
      };
    },

    /** For the realtime channel: a screen socket follows its business's line while its key is current. */
    async isCurrentKey(companyId: string, key: string): Promise<boolean> {
      const company = await screens.findCompany(companyId);
      return company !== null && sameKey(key, company.screenKey);
    },

    /** The screen's link (made on first use) and its name style, for the console. */
    getSettings: settingsOf,

    /**
     * A new link: the old one stops working at once, for its next request and for an open
     * screen's live connection (the key and its `access.changed` event in one statement).
     */
    async resetLink(companyId: string): Promise<LobbyScreenSettings> {
      const replaced = await screens.replaceKeyAndPublish(
        companyId,
        newSecretToken(),
        topics.line(companyId),
      );
      if (!replaced) throw new AppError('COMPANY_NOT_FOUND');
      eventLog.flushSoon();
      return settingsOf(companyId);
    },

    async setNameStyle(companyId: string, nameStyle: ScreenNameStyle): Promise<LobbyScreenSettings> {
      await screens.setNameStyle(companyId, nameStyle);
      return settingsOf(companyId);
    },
  };
}

export type LobbyScreenService = ReturnType<typeof createLobbyScreenService>;
