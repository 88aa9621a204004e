/**
 * Which language model a session gets: the simulation, the service's configured vendors, or for a
 * byok session only the organization's own credential, and a clear non-retryable failure whenever
 * the one it must use is missing.
 */
import { loadConfig } from '../../config';
import { llmSource, llmVendorsFromConfig, type CredentialLookup } from '../../providers/llm';
import { GroqLlm } from '../../providers/llm/groq';
import { MistralLlm } from '../../providers/llm/mistral';
import { SimulatedLlm } from '../../providers/llm/simulated';
import { startFakeLlmVendor } from '../fakes/llmVendors';
import { providerFailureOf } from '../helpers/failures';

const ORG = '65f0000000000000000000aa';
const noCredentials: CredentialLookup = async () => null;

test('with no configuration everything is simulated, and vendors without a key are refused', async () => {
  const config = loadConfig({});
  expect(llmVendorsFromConfig(config)).toEqual({});
  const source = llmSource(config, noCredentials);
  expect(source.defaultProvider).toBe('simulated');
  expect(await source.forSession({ organizationId: ORG, byok: false, provider: 'simulated' })).toBeInstanceOf(SimulatedLlm);
  for (const provider of ['mistral', 'gemini', 'groq', 'openai']) {
    const failure = await providerFailureOf(source.forSession({ organizationId: ORG, byok: false, provider }));
    expect(failure.type).toBe('llm_not_configured');
    expect(failure.message).toContain(provider);
  }
});

test('configured vendors get the service key, base URL and model; one client per vendor', async () => {
  const config = loadConfig({
    MISTRAL_API_KEY: 'mk',
    MISTRAL_MODEL: 'mistral-large-latest',
    GROQ_API_KEY: 'gk',
    GROQ_BASE_URL: 'http://127.0.0.1:9',
    DEFAULT_LLM_PROVIDER: 'groq',
  });
  expect(llmVendorsFromConfig(config)).toEqual({
    mistral: { apiKey: 'mk', model: 'mistral-large-latest' },
    groq: { apiKey: 'gk', baseUrl: 'http://127.0.0.1:9' },
  });
  const source = llmSource(config, noCredentials);
  expect(source.defaultProvider).toBe('groq');
  const mistral = await source.forSession({ organizationId: ORG, byok: false, provider: 'mistral' });
  expect(mistral).toBeInstanceOf(MistralLlm);
  expect((mistral as MistralLlm).model).toBe('mistral-large-latest');
  expect(await source.forSession({ organizationId: ORG, byok: false, provider: 'mistral' })).toBe(mistral);
  expect(await source.forSession({ organizationId: ORG, byok: false, provider: 'groq' })).toBeInstanceOf(GroqLlm);
  expect((await providerFailureOf(source.forSession({ organizationId: ORG, byok: false, provider: 'gemini' }))).type).toBe('llm_not_configured');
});

test('a byok session uses only the organization credential, whatever the agent names, and never the service key', async () => {
  const fake = await startFakeLlmVendor('mistral', 'org-key');
  try {
    const config = loadConfig({ MISTRAL_API_KEY: 'service-key', MISTRAL_BASE_URL: fake.url });
    const asked: [string, string][] = [];
    const source = llmSource(config, async (organizationId, kind) => {
      asked.push([organizationId, kind]);
      return { provider: 'mistral', apiKey: 'org-key' };
    });
    const llm = await source.forSession({ organizationId: ORG, byok: true, provider: 'gemini' });
    expect(llm).toBeInstanceOf(MistralLlm);
    expect(asked).toEqual([[ORG, 'llm']]);
    await llm.reply({ type: 'phone', instructions: 'Hi.', greeting: '', requiredContactFields: [], outcomeLabels: [], language: 'en' }, []);
    expect(fake.chatRequests().map((r) => r.headers.authorization)).toEqual(['Bearer org-key']);
  } finally {
    await fake.close();
  }

  const without = llmSource(loadConfig({ MISTRAL_API_KEY: 'service-key' }), noCredentials);
  for (const provider of ['mistral', 'simulated']) {
    const failure = await providerFailureOf(without.forSession({ organizationId: ORG, byok: true, provider }));
    expect(failure.type).toBe('byok_credentials_missing');
  }
});
