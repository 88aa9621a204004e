/**
 * The docs point only inside the repository, as a clone has it: no path climbs out of it (the
 * `../shared/...` a clone does not have), and a link to a heading of a page names a heading the
 * page has.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const pages = tracked.filter((file) => file.endsWith('.md'));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const headings = [...text.matchAll(/^#+ (.*)$/gm)].map((match) => anchor(match[1]!));
  const ids = [...text.matchAll(/<a id="([^"]+)"/g)].map((match) => match[1]!);
  return new Set([...headings, ...ids]);
}

/** Relative links of a page, outside code blocks: [text](target#anchor). */
function linksOf(file: string): { target: string; hash: string }[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((link) => !/^[a-z]+:/.test(link))
    .map((link) => {
      const [target = '', hash = ''] = link.split('#');
      return { target: target ? path.join(path.dirname(file), target) : file, hash };
    });
}

describe('docs links', () => {
  test('no tracked file names a path outside the repository', () => {
    const grep = spawnSync('git', ['grep', '-l', '-I', '-F', '../shared/', '--', '.', `:!${path.relative(ROOT, __filename)}`], { cwd: ROOT, encoding: 'utf8' });
    expect(grep.stdout.trim()).toBe('');
  });

  test.each(pages)('%s links inside the repository, to headings that exist', (page) => {
    for (const { target, hash } of linksOf(page)) {
      expect({ page, target, inside: !target.startsWith('..') }).toEqual({ page, target, inside: true });
      if (hash && target.endsWith('.md') && existsSync(path.join(ROOT, target))) {
        expect({ page, target, hash, found: anchorsOf(target).has(hash) }).toEqual({ page, target, hash, found: true });
      }
    }
  });
});
