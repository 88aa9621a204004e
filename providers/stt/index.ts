import type { Config } from '../../config';
import { speechPartSource, type SpeechCredentialLookup, type SpeechPartSource } from '../speech';
import { STT_VENDORS } from '../vendors';
import { DeepgramStt } from './deepgram';
import { GoogleStt } from './google';
import type { SttProvider } from './interface';

/** An STT vendor's adapter on `apiKey`, at the configured endpoint and model. */
export function createSttProvider(config: Config, vendor: string, apiKey: string): SttProvider {
  const urls = config.byok.vendorBaseUrls;
  const { speechVendors } = config;
  switch (vendor) {
    case 'deepgram':
      return new DeepgramStt({ apiKey, baseUrl: urls.deepgram, model: speechVendors.deepgram.model });
    case 'google':
      return new GoogleStt({ apiKey, baseUrl: urls.googleSpeech, model: speechVendors.googleSpeech.model });
    default:
      throw new Error(`no STT adapter for ${vendor}`);
  }
}

const SERVICE_KEYS: Record<string, (config: Config) => string> = {
  deepgram: (config) => config.speechVendors.deepgram.apiKey,
  google: (config) => config.speechVendors.googleSpeech.apiKey,
};

/**
 * A session's speech recognition: an embedded engine by name (`simulated`, `local`), a vendor on
 * the service's key, or for byok sessions the organization's verified `stt` credential only.
 */
export function sttSource(config: Config, credentials: SpeechCredentialLookup, embedded: Readonly<Record<string, SttProvider>>): SpeechPartSource<SttProvider> {
  return speechPartSource({
    kind: 'stt',
    defaultProvider: config.providers.stt,
    vendors: STT_VENDORS,
    embedded,
    serviceProvider: (vendor) => {
      const apiKey = SERVICE_KEYS[vendor]?.(config);
      return apiKey ? createSttProvider(config, vendor, apiKey) : undefined;
    },
    byokProvider: (vendor, secret) => createSttProvider(config, vendor, secret),
    credentials,
  });
}
