/**
 * An instant as the API and the read models write it: ISO 8601 in UTC, from a Date or epoch
 * milliseconds; an absent date stays null. Pure, so workflow code uses it too.
 */
export function iso(at: Date | number): string;
export function iso(at: Date | number | null | undefined): string | null;
export function iso(at: Date | number | null | undefined): string | null {
  if (at === null || at === undefined) return null;
  return (typeof at === 'number' ? new Date(at) : at).toISOString();
}
