/**
 * The simulated carrier's test numbers as the Markdown table of docs/calls.md, made from
 * providers/carrier/testNumbers.ts so the numbers are written in one place.
 * `scripts/node.sh npx tsx scripts/testNumbersTable.ts` rewrites the table in the page;
 * test/unit/testNumbersDocs.test.ts fails while the page differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SCENARIOS, TEST_NUMBERS } from '../providers/carrier/testNumbers';

export const CALLS_PAGE = path.resolve(__dirname, '..', 'docs', 'calls.md');
const START = '<!-- test-numbers: made by scripts/testNumbersTable.ts -->';
const END = '<!-- /test-numbers -->';

export function testNumbersTable(): string {
  const rows = Object.entries(TEST_NUMBERS).map(([number, scenario]) => {
    const { happens, disposition } = SCENARIOS[scenario];
    return `| ${number} | ${happens} | ${disposition} |`;
  });
  return ['| Number | What happens | `disposition` |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The table as the page holds it between its markers, or undefined without them. */
export function tableInPage(page: string): string | undefined {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  return start < 0 || end < start ? undefined : page.slice(start + START.length, end).trim();
}

if (require.main === module) {
  const page = readFileSync(CALLS_PAGE, 'utf8');
  if (tableInPage(page) === undefined) throw new Error(`${CALLS_PAGE} has no ${START} ... ${END} block`);
  const before = page.slice(0, page.indexOf(START) + START.length);
  const after = page.slice(page.indexOf(END));
  writeFileSync(CALLS_PAGE, `${before}\n${testNumbersTable()}\n${after}`);
}
