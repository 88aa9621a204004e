/**
 * Analytics read from the rollups (models/analytics.ts): the cells of a range of local days, each
 * with its instant, which the API folds into buckets.
 */
import { cellsOf, type Metric } from '../models/analytics';
import type { Cell, Section } from '../models/analyticsCells';
import { QUARTER_MS, utcDay } from '../lib/zonedDays';

export type { Cell, Metric, Section };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Each cell of a range of local days (`starts`: each day's start, then the range's end), with its instant, read from the UTC days the range touches by id: the
 * `section` of each day wholly inside the range, and all of its cells (`fine`) for the first and
 * last day where the range's local midnights cut them. A whole-day cell's instant is its day's start.
 */
export async function cellsIn(metric: Metric, organizationId: string, starts: readonly number[], section: Section): Promise<{ at: number; cell: Cell }[]> {
  const startsAt = starts[0]!;
  const endsAt = starts[starts.length - 1]!;
  const first = Date.parse(utcDay(startsAt));
  const days = Array.from({ length: Math.ceil((endsAt - first) / DAY_MS) }, (_, i) => first + i * DAY_MS).map((start) => ({
    day: utcDay(start),
    section: section === 'quarters' || (start >= startsAt && start + DAY_MS <= endsAt) ? section : ('fine' as const),
  }));
  const found = await cellsOf(metric, organizationId, days);
  return found.flatMap(({ day, cells }) =>
    cells.map((cell) => ({ at: Date.parse(`${day}T00:00:00Z`) + Math.max(0, cell.q) * QUARTER_MS, cell })).filter(({ at }) => at >= startsAt && at < endsAt),
  );
}
