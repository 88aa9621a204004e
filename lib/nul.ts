/**
 * What vendors and tools say, with U+0000 read as U+FFFD. Their words are stored in transcripts and
 * reports, and FerretDB on PostgreSQL refuses the character anywhere in a document: one reply, tool
 * answer or analysis holding it (a model can be talked into writing `\u0000`) would fail the write
 * of a conversation's turn or report, again on every retry. Nothing readable is lost.
 */
export const scrubbed = (text: string) => text.replaceAll('\u0000', '\uFFFD');

/** `value` with U+0000 read as U+FFFD in every string and key: the same shape, so the same type. */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return scrubbed(value) as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [scrubbed(key), withoutNul(item)])) as T;
}
