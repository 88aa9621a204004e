import { onlyBackchannel } from '../../conversation/sentences';

const PHRASES = ['mm-hmm', 'right', 'i see'];

test('an utterance of backchannels only, said once or more, punctuated as an STT writes it, does not take the turn', () => {
  expect(onlyBackchannel('Mm-hmm.', PHRASES)).toBe(true);
  expect(onlyBackchannel('Right, right. I see!', PHRASES)).toBe(true);
});

test('anything more than backchannels, or nothing at all, is not one', () => {
  expect(onlyBackchannel('Right, but what about Tuesday?', PHRASES)).toBe(false);
  expect(onlyBackchannel('I seem to recall', PHRASES)).toBe(false);
  expect(onlyBackchannel(' . ', PHRASES)).toBe(false);
});

test('an agent’s phrases match in any case, punctuation and spacing, as typed in the dashboard', () => {
  expect(onlyBackchannel('right. mm-hmm', ['Right', 'Mm-hmm'])).toBe(true);
  expect(onlyBackchannel('Uh huh. Got it.', ['uh,  huh', 'Got it!'])).toBe(true);
  expect(onlyBackchannel('Sure', ['sure', ' ', '...'])).toBe(true);
  expect(onlyBackchannel('Got a question', ['got', '...'])).toBe(false);
});
