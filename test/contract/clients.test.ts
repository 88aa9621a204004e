/**
 * The committed clients are what `npm run clients` makes of the route table now: it regenerates both
 * into a scratch folder and fails, naming each file that differs, until they are regenerated.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLIENTS_DIR, PYTHON_OWN } from '../../scripts/clients';
import { ROOT, run } from '../helpers/python';

/** Hand-written, not generated: the TypeScript client's entry point and the Python package's tests and settings. */
const OWN = new Set(['typescript/index.ts', ...PYTHON_OWN.map((entry) => `python/${entry}`)]);

/** Every generated file below `dir`, as paths relative to it. */
function files(dir: string, below = ''): string[] {
  return readdirSync(path.join(dir, below)).flatMap((entry) => {
    const relative = below ? `${below}/${entry}` : entry;
    if (OWN.has(relative)) return [];
    return statSync(path.join(dir, relative)).isDirectory() ? files(dir, relative) : [relative];
  });
}

/** The files of clients/ as git sees them (committed, or new and not ignored: a local build or cache is neither), less our own. */
function workingFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--deduplicate', '--', '.'], {
    cwd: CLIENTS_DIR,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((f) => f && !OWN.has(f) && ![...OWN].some((own) => f.startsWith(`${own}/`)) && existsSync(path.join(CLIENTS_DIR, f)));
}

let scratch: string;
beforeAll(() => (scratch = mkdtempSync(path.join(os.tmpdir(), 'clients-'))));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('clients/ holds exactly what `npm run clients` generates from the route table', async () => {
  const generated = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/clients.ts', '--out', scratch], { timeoutMs: 300_000 });
  expect(generated.code).toBe(0);

  const expected = files(scratch).sort();
  const committed = workingFiles().sort();
  const differing = [
    ...expected.filter((f) => !committed.includes(f)).map((f) => `${f}: missing from clients/`),
    ...committed.filter((f) => !expected.includes(f)).map((f) => `${f}: no longer generated`),
    ...expected
      .filter((f) => committed.includes(f) && !readFileSync(path.join(scratch, f)).equals(readFileSync(path.join(CLIENTS_DIR, f))))
      .map((f) => `${f}: differs`),
  ];
  if (differing.length > 0) {
    throw new Error(`The committed clients differ from the route table's document; run \`npm run clients\` and commit the result:\n${differing.join('\n')}`);
  }
  expect(expected).toContain('typescript/schema.d.ts');
  expect(expected).toContain('python/voice_agent_platform_client/client.py');
}, 360_000);
