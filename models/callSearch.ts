/**
 * GET /calls's search: a person's words for a call (a number as they write it, a name, their own
 * reference), a creation window and how the call ended, as a filter on the calls collection.
 */
export interface CallSearch {
  q?: string;
  createdAfter?: string;
  createdBefore?: string;
  disposition?: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `q` matches a name or an external reference containing it (any case), or a number containing its
 * digits without the trunk prefix's leading zeros, so "020 7946 0001" finds +442079460001.
 */
export function callSearchFilter(search: CallSearch): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  const q = search.q?.trim();
  if (q) {
    const text = { $regex: escape(q), $options: 'i' };
    const digits = q.replace(/\D/g, '').replace(/^0+/, '');
    filter.$or = [{ contactName: text }, { externalRef: text }, ...(digits.length >= 3 ? [{ phoneNumber: { $regex: escape(digits) } }] : [])];
  }
  if (search.createdAfter || search.createdBefore) {
    filter.createdAt = {
      ...(search.createdAfter ? { $gte: new Date(search.createdAfter) } : {}),
      ...(search.createdBefore ? { $lt: new Date(search.createdBefore) } : {}),
    };
  }
  if (search.disposition) filter.disposition = search.disposition;
  return filter;
}
