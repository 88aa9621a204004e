import { ProviderFailure } from '../errors';
import type { Config } from '../../config';
import type { VendorOptions } from './chatVendor';
import { GeminiLlm } from './gemini';
import { GroqLlm } from './groq';
import type { LlmProvider } from './interface';
import { MistralLlm } from './mistral';
import { SimulatedLlm } from './simulated';
import { LLM_VENDORS, type LlmVendor } from '../vendors';

const isVendor = (name: string): name is LlmVendor => (LLM_VENDORS as readonly string[]).includes(name);

export function createLlmProvider(name: 'simulated'): LlmProvider;
export function createLlmProvider(name: LlmVendor, opts: VendorOptions): LlmProvider;
export function createLlmProvider(name: LlmVendor | 'simulated', opts?: VendorOptions): LlmProvider {
  switch (name) {
    case 'simulated':
      return new SimulatedLlm();
    case 'mistral':
      return new MistralLlm(opts!);
    case 'gemini':
      return new GeminiLlm(opts!);
    case 'groq':
      return new GroqLlm(opts!);
  }
}

/** Where and how to reach each vendor, without a key: shared by the service's own keys and byok ones. */
type Endpoint = Omit<VendorOptions, 'apiKey'>;

function endpointOf(config: Config, vendor: LlmVendor): Endpoint {
  const { baseUrl, model } = config.llmVendors[vendor];
  return { ...(baseUrl ? { baseUrl } : {}), ...(model ? { model } : {}) };
}

/** The vendors the service holds a key for, with their options; the others are absent. */
export function llmVendorsFromConfig(config: Config): Partial<Record<LlmVendor, VendorOptions>> {
  const vendors: Partial<Record<LlmVendor, VendorOptions>> = {};
  for (const vendor of LLM_VENDORS) {
    const { apiKey } = config.llmVendors[vendor];
    if (apiKey) vendors[vendor] = { apiKey, ...endpointOf(config, vendor) };
  }
  return vendors;
}

export interface LlmSession {
  organizationId: string;
  /** Created with a byok key: only the organization's own credential may be used. */
  byok: boolean;
  /** The agent's effective LLM: `agent.providers.llm ?? config.providers.llm`. */
  provider: string;
}

/** Picks the language model of one call or interview. */
export interface LlmSource {
  /** The server's LLM for agents that name none (DEFAULT_LLM_PROVIDER). */
  readonly defaultProvider: string;
  forSession(session: LlmSession): Promise<LlmProvider>;
}

export type CredentialLookup = (organizationId: string, kind: 'llm') => Promise<{ provider: string; apiKey: string } | null>;

/**
 * The service's keys for ordinary sessions, the organization's own for byok ones; a session whose
 * vendor has no key fails at once and for good (retrying finds no key either), and never moves
 * to another vendor or to the simulation, which would give the partner answers they did not ask for.
 */
export function llmSource(config: Config, credentials: CredentialLookup): LlmSource {
  const simulated = new SimulatedLlm();
  const serviceVendors = llmVendorsFromConfig(config);
  const shared = new Map<LlmVendor, LlmProvider>();
  return {
    defaultProvider: config.providers.llm,
    async forSession({ organizationId, byok, provider }) {
      if (byok) {
        const credential = await credentials(organizationId, 'llm');
        if (!credential) {
          throw new ProviderFailure('byok_credentials_missing', `organization ${organizationId} has no verified LLM credential for its byok key`);
        }
        if (!isVendor(credential.provider)) {
          throw new ProviderFailure('llm_not_configured', `the organization's LLM credential is for an unknown vendor ${credential.provider}`);
        }
        return createLlmProvider(credential.provider, { apiKey: credential.apiKey, ...endpointOf(config, credential.provider) });
      }
      if (provider === 'simulated') return simulated;
      const options = isVendor(provider) ? serviceVendors[provider] : undefined;
      if (!isVendor(provider) || !options) {
        throw new ProviderFailure('llm_not_configured', `the LLM provider ${provider} is not configured on this server (no API key)`);
      }
      let client = shared.get(provider);
      if (!client) {
        client = createLlmProvider(provider, options);
        shared.set(provider, client);
      }
      return client;
    },
  };
}

/** One model for every session, whatever it asks for: tests and benchmarks that bring their own. */
export const fixedLlm = (llm: LlmProvider): LlmSource => ({ defaultProvider: llm.name, forSession: async () => llm });
