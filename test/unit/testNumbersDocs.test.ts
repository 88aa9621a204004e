/**
 * The simulated carrier's test numbers are written once, in providers/carrier/testNumbers.ts; the
 * docs' table, the API's description of POST /calls and the dashboard's picker must say the same.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { callRoutes } from '../../api/routes/calls';
import { SCENARIOS, TEST_NUMBERS } from '../../providers/carrier/testNumbers';
import { CALLS_PAGE, tableInPage, testNumbersTable } from '../../scripts/testNumbersTable';

const ROOT = path.resolve(__dirname, '../..');

describe('test numbers', () => {
  test('docs/calls.md holds the table made from TEST_NUMBERS (scripts/node.sh npx tsx scripts/testNumbersTable.ts rewrites it)', () => {
    expect(tableInPage(readFileSync(CALLS_PAGE, 'utf8'))).toBe(testNumbersTable());
  });

  test('the table lists every number, each with its scenario', () => {
    const table = testNumbersTable();
    for (const [number, scenario] of Object.entries(TEST_NUMBERS)) {
      expect(table).toContain(`| ${number} | ${SCENARIOS[scenario].happens} | ${SCENARIOS[scenario].disposition} |`);
    }
  });

  test("POST /calls's description names every number with what happens", () => {
    const place = callRoutes.find((route) => route.method === 'post' && route.path === '/calls');
    for (const [number, scenario] of Object.entries(TEST_NUMBERS)) {
      expect(place?.description).toContain(`${number}: ${SCENARIOS[scenario].happens}`);
    }
  });

  test("the dashboard's test-call picker offers test numbers only", () => {
    const page = readFileSync(path.join(ROOT, 'dashboard/pages/Agent.tsx'), 'utf8');
    const offered = [...page.matchAll(/'(\+44207946\d{4})'/g)].map((match) => match[1]);
    expect(offered.length).toBeGreaterThan(0);
    for (const number of offered) expect(Object.keys(TEST_NUMBERS)).toContain(number);
  });
});
