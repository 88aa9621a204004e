/**
 * The analysis activities' decision, at the activity level with no servers: under
 * MockActivityEnvironment an attempt knows its number, as in a worker. The model is the Mistral
 * adapter against the local fake of its HTTP API, so the failures are the ones a vendor sends.
 */
import type { Logger } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { analysisOrFailure } from '../../activities/analysis';
import { createLlmProvider } from '../../providers/llm';
import { ProviderFailure } from '../../providers/errors';
import type { AgentProfile, Turn } from '../../providers/llm/interface';
import { ANALYSIS_MAX_ATTEMPTS } from '../../workflows/definitions';
import { startFakeLlmVendor, type FakeLlmServer } from '../fakes/llmVendors';

const agent: AgentProfile = {
  type: 'phone',
  instructions: 'You call Ada about her renewal.',
  greeting: 'Hi Ada.',
  requiredContactFields: [],
  outcomeLabels: ['renew', 'cancel'],
  language: 'en-GB',
};
const transcript: Turn[] = [
  { role: 'agent', text: 'Hi Ada. Would you like to renew?' },
  { role: 'contact', text: 'Yes, please renew it.' },
];

let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmVendor('mistral');
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.answers.length = 0;
  fake.respond = () => ({ status: 503, message: 'overloaded' });
});

const analyze = () => createLlmProvider('mistral', { apiKey: fake.apiKey, baseUrl: fake.url }).analyzeCall(agent, transcript);
/** The worker's log of each failed attempt is noise here: the assertions say what happened. */
const quiet: Logger = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };
const attempt = (n: number) => new MockActivityEnvironment({ attempt: n }, { logger: quiet });

test('a vendor failing before the last attempt is thrown, so Temporal retries the activity', async () => {
  for (let n = 1; n < ANALYSIS_MAX_ATTEMPTS; n += 1) {
    await expect(attempt(n).run(analysisOrFailure, analyze)).rejects.toThrow();
  }
});

test('on the last attempt a vendor that still fails becomes a failed analysis that says why', async () => {
  const result = await attempt(ANALYSIS_MAX_ATTEMPTS).run(analysisOrFailure, analyze);
  expect(result).toEqual({ analysisStatus: 'failed', analysisError: expect.stringMatching(/503|overloaded/i) });
});

test('answers that never fit the schema end the analysis on the first attempt', async () => {
  fake.respond = () => ({ text: 'Sure! The call went well.' });
  const result = await attempt(1).run(analysisOrFailure, analyze);
  expect(result).toEqual({ analysisStatus: 'failed', analysisError: expect.stringContaining('no valid analysis') });
});

test('a refusal marked non-retryable (a key the vendor refuses) ends it at once', async () => {
  const refused = () => Promise.reject(new ProviderFailure('llm_not_configured', 'no key for mistral'));
  await expect(attempt(1).run(analysisOrFailure, refused)).resolves.toEqual({ analysisStatus: 'failed', analysisError: 'no key for mistral' });
});

test('a valid answer is the analysis, whatever the attempt', async () => {
  fake.respond = () => ({ text: JSON.stringify({ summary: 'Ada renews.', sentiment: 'positive', outcome: 'renew', capturedFields: {}, optOut: false }) });
  const result = await attempt(1).run(analysisOrFailure, analyze);
  expect(result).toMatchObject({ summary: 'Ada renews.', sentiment: 'positive', outcome: 'renew' });
});
