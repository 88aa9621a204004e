import { soundsUnfinished } from '../../conversation/unfinishedText';

test('a final that trails off or ends on a word no sentence ends with reads unfinished', () => {
  for (const text of [
    'I was thinking that we...',
    'My name is John Carter,',
    'I would like a table for',
    'The engine makes a noise whenever.',
    'Well, um',
    'It costs more than',
  ])
    expect([text, soundsUnfinished(text)]).toEqual([text, true]);
});

test('a final ending as sentences do reads finished, particles and "to" included', () => {
  for (const text of ['I would like to book a table.', 'Yes, I would love to.', 'Please log me in', 'I think so', 'What is it about?', '', 'Okay'])
    expect([text, soundsUnfinished(text)]).toEqual([text, false]);
});
