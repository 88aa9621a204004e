/**
 * Where an organization's calls may go: the countries it may call (its own list, else the service's
 * configured default, else any) and never the number types that cost the caller by the minute or
 * are not a person's line (premium rate, shared cost, personal and pager numbers), by
 * libphonenumber's own type data. Checked before anything is dialled, reserved or charged.
 */
import { getCountries, parsePhoneNumberFromString, type CountryCode, type NumberType } from 'libphonenumber-js/max';

export const REFUSED_NUMBER_TYPES: readonly NonNullable<NumberType>[] = ['PREMIUM_RATE', 'SHARED_COST', 'PERSONAL_NUMBER', 'PAGER'];

const TYPE_NAMES: Partial<Record<NonNullable<NumberType>, string>> = {
  PREMIUM_RATE: 'a premium-rate number',
  SHARED_COST: 'a shared-cost number',
  PERSONAL_NUMBER: 'a personal (follow-me) number',
  PAGER: 'a pager number',
};

/**
 * A number in its one E.164 form (`+442079460003`) however it was written (`+44 20 7946 0003`,
 * `+44 (0)20-7946-0003`, full-width digits), or undefined when it is not a valid international
 * number a call can dial: no leading `+`, or an extension, which nothing here would dial. Every
 * check that compares numbers (do-not-call, one contact per number, a campaign's repeats) sees this
 * form, so a number cannot pass one of them by being written differently.
 */
export function canonicalE164(phoneNumber: string): string | undefined {
  if (!phoneNumber.startsWith('+')) return undefined;
  const parsed = parsePhoneNumberFromString(phoneNumber);
  return parsed && parsed.isValid() && !parsed.ext ? parsed.number : undefined;
}

/** The ISO 3166-1 alpha-2 codes libphonenumber knows, which a list of allowed countries may name. */
export const DIALLING_COUNTRIES: readonly string[] = getCountries();

/** Why `phoneNumber` may not be called under the allowed countries (null: any), or null when it may. */
export function destinationRefusal(phoneNumber: string, allowedCountries: readonly string[] | null): string | null {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (!parsed) return `${phoneNumber} is not a number that can be called.`;
  const type = parsed.getType();
  if (type && REFUSED_NUMBER_TYPES.includes(type)) return `${phoneNumber} is ${TYPE_NAMES[type]}; such numbers are never called.`;
  const country: CountryCode | undefined = parsed.country;
  if (allowedCountries && (!country || !allowedCountries.includes(country))) {
    return `${phoneNumber} is in ${country ?? 'no single country'}, which your organization may not call (allowed: ${allowedCountries.join(', ')}).`;
  }
  return null;
}

/** The countries an organization may call: its own list, else the service's default (null: any). */
export const allowedCountriesOf = (organization: { allowedCountries?: string[] | null }, serviceDefault: readonly string[] | null) =>
  organization.allowedCountries?.length ? organization.allowedCountries : serviceDefault;
