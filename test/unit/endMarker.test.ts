/** The filter that keeps the model's end-of-conversation marker out of what is spoken and stored. */
import { END_MARKER, EndMarkerFilter } from '../../providers/llm/prompts';

/** Streams `chunks` through a new filter: what it released after each chunk, and at the end. */
function stream(chunks: string[]) {
  const filter = new EndMarkerFilter();
  const released = chunks.map((c) => filter.push(c));
  const rest = filter.finish();
  return { released, rest, text: released.join('') + rest, ended: filter.ended };
}

test('text without the marker passes through as it comes, and the turn does not end', () => {
  const { released, text, ended } = stream(['Hello ', 'there, ', 'how can I help?']);
  expect(released).toEqual(['Hello', ' there,', ' how can I help?']);
  expect(text).toBe('Hello there, how can I help?');
  expect(ended).toBe(false);
});

test('the marker at the end is removed with the blank before it, and ends the turn', () => {
  expect(stream([`Goodbye, Ada. ${END_MARKER}`])).toMatchObject({ text: 'Goodbye, Ada.', ended: true });
});

test('a marker split across chunks is held back, never spoken in part', () => {
  const { released, text, ended } = stream(['Thanks, bye. [', '[EN', 'D]', ']']);
  expect(released.join('')).not.toContain('[');
  expect(text).toBe('Thanks, bye.');
  expect(ended).toBe(true);
});

test('what only looked like the start of the marker is released once it cannot be one', () => {
  const { released, text, ended } = stream(['Press [', '1] to continue']);
  expect(released[0]).toBe('Press');
  expect(text).toBe('Press [1] to continue');
  expect(ended).toBe(false);
});

test('a held-back prefix at the end of the stream is released by finish', () => {
  expect(stream(['Options: [['])).toMatchObject({ released: ['Options:'], rest: ' [[', text: 'Options: [[', ended: false });
});

test('anything after the marker is dropped', () => {
  const { text } = stream([`Bye now. ${END_MARKER} (internal note)`, ' more text']);
  expect(text).toBe('Bye now.');
});

test('a reply that is only the marker says nothing and ends the turn', () => {
  expect(stream([END_MARKER])).toMatchObject({ text: '', ended: true });
});
