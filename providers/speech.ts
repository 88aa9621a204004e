import { ProviderFailure } from './errors';

export type SpeechKind = 'stt' | 'tts';

/** The organization's verified credential of a kind, opened (models/providerCredential `organizationCredentials`). */
export type SpeechCredentialLookup = (organizationId: string, kind: SpeechKind) => Promise<{ provider: string; apiKey: string } | null>;

export interface SpeechSession {
  organizationId: string;
  /** Created with a byok key: only the organization's own credential may be used. */
  byok: boolean;
  /** The agent's effective provider of the kind: `agent.providers.stt ?? config.providers.stt` (tts alike). */
  provider: string;
}

/** Picks one part of a session's voice (its STT or its TTS). */
export interface SpeechPartSource<P> {
  /** The server's provider for agents that name none (DEFAULT_STT_PROVIDER / DEFAULT_TTS_PROVIDER). */
  readonly defaultProvider: string;
  forSession(session: SpeechSession): Promise<P>;
}

export interface SpeechPartOptions<P> {
  kind: SpeechKind;
  defaultProvider: string;
  vendors: readonly string[];
  /** Engines that run in the process (`simulated`, `local`), by name; they need no credential. */
  embedded: Readonly<Record<string, P>>;
  /** The adapter on the service's own key, or undefined when the server holds none for the vendor. */
  serviceProvider(vendor: string): P | undefined;
  /** The adapter on an organization's credential (its secret as stored). */
  byokProvider(vendor: string, secret: string): P;
  credentials: SpeechCredentialLookup;
}

/**
 * The service's keys (or an embedded engine) for ordinary sessions, the organization's own verified
 * credential for byok ones, whatever the agent names. A session whose provider cannot run fails at
 * once and for good (retrying finds no key either), and never moves to another vendor, to the
 * service's key or to an embedded engine, which would speak with a voice nobody chose.
 */
export function speechPartSource<P>(options: SpeechPartOptions<P>): SpeechPartSource<P> {
  const { kind, vendors, embedded, credentials } = options;
  const shared = new Map<string, P>();
  const notConfigured = (message: string) => new ProviderFailure(`${kind}_not_configured`, message);
  return {
    defaultProvider: options.defaultProvider,
    async forSession({ organizationId, byok, provider }) {
      if (byok) {
        const credential = await credentials(organizationId, kind);
        if (!credential) {
          throw new ProviderFailure(
            'byok_credentials_missing',
            `organization ${organizationId} has no verified ${kind.toUpperCase()} credential for its byok key`,
          );
        }
        if (!vendors.includes(credential.provider))
          throw notConfigured(`the organization's ${kind.toUpperCase()} credential is for an unknown vendor ${credential.provider}`);
        return options.byokProvider(credential.provider, credential.apiKey);
      }
      if (Object.hasOwn(embedded, provider)) return embedded[provider];
      const cached = shared.get(provider);
      if (cached) return cached;
      const created = vendors.includes(provider) ? options.serviceProvider(provider) : undefined;
      if (!created) throw notConfigured(`the ${kind.toUpperCase()} provider ${provider} is not configured on this server (no credential)`);
      shared.set(provider, created);
      return created;
    },
  };
}
