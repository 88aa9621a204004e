/**
 * Phone numbers as people type them ("020 7946 0001") read as the API wants them (E.164), with
 * the organization's default country: the first country it may call, else the browser's region.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { useGet } from './hooks';
import { ApiError, get } from './http';

interface CountrySettings {
  effectiveAllowedCountries: string[] | null;
}

const countryOf = (settings: CountrySettings | undefined) =>
  (settings?.effectiveAllowedCountries?.[0] ?? new Intl.Locale(navigator.language).maximize().region) as CountryCode | undefined;

/** The default country as the page knows it: the browser's region until the organization's settings are in. */
export function useDefaultCountry(): CountryCode | undefined {
  return countryOf(useGet<CountrySettings>('/dashboard/organization').data);
}

/**
 * The default country read now, for a file's import: a file chosen and imported while the page's
 * settings still load would otherwise be read with the browser's region, and its numbers refused.
 */
export const defaultCountry = async (): Promise<CountryCode | undefined> => countryOf(await get<CountrySettings>('/dashboard/organization'));

export const countryName = (country: CountryCode) => new Intl.DisplayNames([navigator.language], { type: 'region' }).of(country) ?? country;

/** The number in E.164 when it reads as a valid one. */
function valid(typed: string, country: CountryCode | undefined): string | undefined {
  const parsed = parsePhoneNumberFromString(typed.trim(), country);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The number in E.164 when it reads as a valid one, else as typed (a file's row, which the API names). */
export const asE164 = (typed: string, country: CountryCode | undefined) => valid(typed, country) ?? typed.trim();

/** The number in E.164, or an ApiError at `param` saying how to type it, as the form's field error. */
export function e164(typed: string, country: CountryCode | undefined, param = 'body.phoneNumber'): string {
  const number = valid(typed, country);
  if (number) return number;
  const local = country ? ` or as it is dialled in ${countryName(country)}` : '';
  const message = `This is not a phone number we can read. Type it with its country code, such as +44 20 7946 0001${local}.`;
  throw new ApiError(400, 'VALIDATION_ERROR', 'Please correct the field marked below.', param, undefined, [{ param, message }]);
}
