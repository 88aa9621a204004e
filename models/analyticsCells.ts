/**
 * The cells analytics rollups are made of, and their stored form. Pure: the fold (models/analytics.ts)
 * adds cells up, the routes read them back.
 *
 * FerretDB turns every nested value of a document into BSON on each read: a day of 1,000 cells as
 * subdocuments took 150-500 ms to read, the same cells as one JSON string 9 ms. And it reads a whole
 * document before projecting. So a day's cells are stored as one compact string (strings once, in a
 * dictionary), and beside them, each in a document of its own, the sums a request over whole days
 * needs, already collapsed (`quarters` for days, one per other grouping): a month of them is some
 * kilobytes per day instead of every cell.
 */

/** One cell: a quarter-hour of the UTC day (-1 for the whole day) and the dimensions, with named sums. */
export interface Cell {
  /** Quarter-hour of the UTC day, 0-95: exact for every UTC offset in use (all are whole quarter-hours). */
  q: number;
  /** `end`: calls or interviews that ended; `report`: their reports. */
  k: 'end' | 'report';
  agent: string | null;
  campaign: string | null;
  disposition: string | null;
  outcome: string | null;
  /** A call's direction (`outbound` for cells stored before inbound calls); null where not kept (interviews, sections of other dimensions). */
  direction?: 'outbound' | 'inbound' | null;
  /** Named sums: names hold user labels (outcomes, sentiment) that may hold `.` or `$`. */
  v: [string, number][];
}

export const SECTIONS = ['fine', 'quarters', 'agent', 'campaign', 'disposition', 'outcome', 'direction'] as const;
export type Section = (typeof SECTIONS)[number];

const cellKey = (c: Cell) => JSON.stringify([c.q, c.k, c.agent, c.campaign, c.disposition, c.outcome, c.direction ?? null]);

/** Adds cells up by their quarter and dimensions. */
export function addCells(cells: Cell[], more: Cell[]): Cell[] {
  const byKey = new Map(cells.map((c) => [cellKey(c), { ...c, v: [...c.v] as [string, number][] }]));
  for (const add of more) {
    const key = cellKey(add);
    const into = byKey.get(key);
    if (!into) {
      byKey.set(key, { ...add, v: [...add.v] });
      continue;
    }
    const sums = new Map(into.v);
    for (const [name, n] of add.v) sums.set(name, (sums.get(name) ?? 0) + n);
    into.v = [...sums];
  }
  return [...byKey.values()];
}

/** The cells of a section, collapsed from all of a day's cells. A report's outcome, once not a dimension, is a sum. */
function collapse(cells: Cell[], section: Exclude<Section, 'fine'>): Cell[] {
  const keep = (dim: Section) => section === dim;
  return addCells(
    [],
    cells.map((c) => {
      const outcomeName: [string, number][] =
        c.k === 'report' && c.outcome !== null && !keep('outcome') ? [[`outcome:${c.outcome}`, c.v.find(([n]) => n === 'calls')?.[1] ?? 0]] : [];
      return {
        q: section === 'quarters' ? c.q : -1,
        k: c.k,
        agent: keep('agent') ? c.agent : null,
        campaign: keep('campaign') ? c.campaign : null,
        disposition: keep('disposition') ? c.disposition : null,
        outcome: keep('outcome') ? c.outcome : null,
        direction: keep('direction') ? c.direction : null,
        v: [...c.v, ...outcomeName],
      };
    }),
  );
}

/**
 * A section as stored: `[dictionary, rows]`, a row `[q, k, agent, campaign, disposition, outcome, name, value, ...]` with strings as indices (-1: null).
 * `k` is 0 for `end` and 1 for `report`, plus 2 for an inbound call's: rows stored before inbound calls read as outbound.
 */
function encode(cells: Cell[]): string {
  const dictionary: string[] = [];
  const index = new Map<string, number>();
  const ref = (s: string | null) => {
    if (s === null) return -1;
    let i = index.get(s);
    if (i === undefined) index.set(s, (i = dictionary.push(s) - 1));
    return i;
  };
  const rows = cells.map((c) => [
    c.q,
    (c.k === 'end' ? 0 : 1) + (c.direction === 'inbound' ? INBOUND_K : 0),
    ref(c.agent),
    ref(c.campaign),
    ref(c.disposition),
    ref(c.outcome),
    ...c.v.flatMap(([name, n]) => [ref(name), n]),
  ]);
  return JSON.stringify([dictionary, rows]);
}

const INBOUND_K = 2;

export function decode(stored: string | undefined | null): Cell[] {
  if (!stored) return [];
  const [dictionary, rows] = JSON.parse(stored) as [string[], number[][]];
  const str = (i: number) => (i === -1 ? null : dictionary[i]!);
  return rows.map(([q, k, agent, campaign, disposition, outcome, ...sums]) => ({
    q: q!,
    k: k! % INBOUND_K === 0 ? 'end' : 'report',
    direction: k! >= INBOUND_K ? 'inbound' : 'outbound',
    agent: str(agent!),
    campaign: str(campaign!),
    disposition: str(disposition!),
    outcome: str(outcome!),
    v: Array.from({ length: sums.length / 2 }, (_, i) => [dictionary[sums[2 * i]!]!, sums[2 * i + 1]!] as [string, number]),
  }));
}

/** Every section of a day, from all its cells. */
export function sectionsOf(cells: Cell[]): Record<Section, string> {
  return {
    fine: encode(cells),
    quarters: encode(collapse(cells, 'quarters')),
    agent: encode(collapse(cells, 'agent')),
    campaign: encode(collapse(cells, 'campaign')),
    disposition: encode(collapse(cells, 'disposition')),
    outcome: encode(collapse(cells, 'outcome')),
    direction: encode(collapse(cells, 'direction')),
  };
}
