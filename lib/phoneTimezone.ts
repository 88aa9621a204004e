import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { timezones } from 'libphonenumber-geo-carrier';

/**
 * The IANA time zone a phone number determines, from libphonenumber's own prefix-to-zone data:
 * a Berlin landline gives Europe/Berlin, a US number gives its area code's zone. Null when the
 * number spans several zones (most mobile ranges of large countries, +1 toll-free), when the data
 * knows no zone for it, or when it does not parse: a guess would put a call outside someone's
 * hours, so callers fall back to a zone they were given instead.
 */
export async function inferTimezone(phoneNumber: string): Promise<string | null> {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (!parsed) return null;
  const zones = await timezones(parsed);
  return zones && zones.length === 1 ? zones[0] : null;
}
