/**
 * Values whose keys people, models or a partner's tool server chose (a report's captured fields,
 * named by an agent's `requiredContactFields` or `evaluationCriteria` such as "Knows Node.js"; a tool
 * call's arguments and its server's answer, such as `{"$type": ...}`) as the database keeps them:
 * FerretDB refuses a key that holds "." or starts with "$". Those characters are percent-encoded,
 * and "%" with them, at any depth, so `fromStoredKeys` gives every key back exactly; a stored key
 * without "%" reads as it is.
 */
export const toStoredKeys = <T>(value: T): T => mapKeys(value, (key) => key.replace(/[%.]|^\$/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`));

export const fromStoredKeys = <T>(value: T): T =>
  mapKeys(value, (key) => key.replace(/%(25|2E|24)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));

function mapKeys<T>(value: T, rename: (key: string) => string): T {
  if (Array.isArray(value)) return value.map((item: unknown) => mapKeys(item, rename)) as T;
  // Plain objects only: a date or an id is a value, not a map.
  if (typeof value !== 'object' || value === null || ![Object.prototype, null].includes(Object.getPrototypeOf(value))) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [rename(key), mapKeys(item, rename)])) as T;
}
