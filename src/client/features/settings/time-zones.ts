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

/** Every zone the browser knows, the common US ones first: built once, not on every render. */
let orderedZones: string[] | undefined;

/** The zone list, with the business's own zone in it even when the browser does not list it. */
export function timeZoneOptions(current: string): string[] {
  orderedZones ??= [
    ...COMMON_TIME_ZONES,
    ...Intl.supportedValuesOf('timeZone').filter((zone) => !COMMON_TIME_ZONES.includes(zone)),
  ];
  return orderedZones.includes(current) ? orderedZones : [current, ...orderedZones];
}

/** "America/Los_Angeles" → "America/Los Angeles" */
export const timeZoneLabel = (zone: string) => zone.replaceAll('_', ' ');
