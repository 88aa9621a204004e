import type { Config } from '../../config';
import { speechPartSource, type SpeechCredentialLookup, type SpeechPartSource } from '../speech';
import { TTS_VENDORS } from '../vendors';
import { PollyTts, awsKeyPair, type AwsKeyPair } from './amazon';
import { ElevenLabsTts } from './elevenlabs';
import { GoogleTts } from './google';
import type { TtsProvider } from './interface';

/** Polly's region when neither AWS_REGION nor the credential names one. */
const DEFAULT_AWS_REGION = 'us-east-1';

/** A TTS vendor's adapter on its secret (an API key, or for `amazon` the JSON of an AWS key pair), at the configured endpoint and voice. */
export function createTtsProvider(config: Config, vendor: string, secret: string): TtsProvider {
  const urls = config.byok.vendorBaseUrls;
  const { elevenlabs, googleTts, polly } = config.speechVendors;
  switch (vendor) {
    case 'elevenlabs':
      return new ElevenLabsTts({ apiKey: secret, baseUrl: urls.elevenlabs, voiceId: elevenlabs.voiceId, model: elevenlabs.model });
    case 'google':
      return new GoogleTts({ apiKey: secret, baseUrl: urls.googleTts, voice: googleTts.voice });
    case 'amazon':
      return new PollyTts({ ...awsKeyPair(secret), ...(urls.polly ? { baseUrl: urls.polly } : {}), voiceId: polly.voiceId, engine: polly.engine });
    default:
      throw new Error(`no TTS adapter for ${vendor}`);
  }
}

/** The service's secret for each vendor, empty when it has none. */
function serviceSecret(config: Config, vendor: string): string {
  const { elevenlabs, googleTts, polly } = config.speechVendors;
  switch (vendor) {
    case 'elevenlabs':
      return elevenlabs.apiKey;
    case 'google':
      return googleTts.apiKey;
    case 'amazon': {
      if (!polly.accessKeyId || !polly.secretAccessKey) return '';
      const pair: AwsKeyPair = { accessKeyId: polly.accessKeyId, secretAccessKey: polly.secretAccessKey, region: polly.region || DEFAULT_AWS_REGION };
      return JSON.stringify(pair);
    }
    default:
      return '';
  }
}

/**
 * A session's speech synthesis: an embedded engine by name (`simulated`, `local`), a vendor on the
 * service's key, or for byok sessions the organization's verified `tts` credential only.
 */
export function ttsSource(config: Config, credentials: SpeechCredentialLookup, embedded: Readonly<Record<string, TtsProvider>>): SpeechPartSource<TtsProvider> {
  return speechPartSource({
    kind: 'tts',
    defaultProvider: config.providers.tts,
    vendors: TTS_VENDORS,
    embedded,
    serviceProvider: (vendor) => {
      const secret = serviceSecret(config, vendor);
      return secret ? createTtsProvider(config, vendor, secret) : undefined;
    },
    byokProvider: (vendor, secret) => createTtsProvider(config, vendor, secret),
    credentials,
  });
}
