/** The zones most US businesses are in, offered first. */
const COMMON_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];

/** Every zone the browser knows, the common US ones first, and the business's own always in it. */
export function timeZoneOptions(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone').filter((zone) => !COMMON_TIME_ZONES.includes(zone));
  const options = [...COMMON_TIME_ZONES, ...known];
  return options.includes(current) ? options : [current, ...options];
}

/** "America/Los_Angeles" → "America/Los Angeles" */
export const timeZoneLabel = (zone: string) => zone.replaceAll('_', ' ');
