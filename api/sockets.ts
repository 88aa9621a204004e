import type { Server } from 'node:http';
import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import { organizationCredentials } from '../domain/providerCredentials';
import { embeddedSpeech } from '../providers/embeddedSpeech';
import { speechSource, type EmbeddedSpeech } from '../providers/speechSource';
import { llmSource } from '../providers/llm';
import { browserCallAudio } from './browserCallAudio';
import { candidateAudio } from './candidateAudio';
import { simulatedMediaStreams, twilioMediaStreams } from './mediaStreams';
import { agentLlm, twilioRelay } from './relay';
import { dispatchUpgrades, type SocketRoute, type Sockets } from './upgrade';

export interface SocketDeps {
  config: Config;
  temporal: Client;
  /** The process's embedded speech engines (providers/embeddedSpeech), built once. */
  embedded: EmbeddedSpeech;
}

/**
 * The API's WebSockets: the candidate's interview audio, the calls' Media Streams: Twilio's
 * (and ConversationRelay, with TWILIO_SPEECH=relay), or the simulated carrier's audio line, and
 * the dashboard's browser calls, behind the one `upgrade` listener of api/upgrade.ts. Their byok
 * sessions open organizations' keys with the configuration's credential keys. On shutdown a candidate's socket is told to reconnect
 * (any other process takes the interview on); a phone call's media stream runs to the call's end,
 * which no other process could take over.
 */
export function attachSockets(server: Server, deps: SocketDeps): Sockets {
  const credentials = organizationCredentials(deps.config.byok.encryptionKeys);
  const llms = llmSource(deps.config, credentials);
  const speech = speechSource(deps.config, credentials, deps.embedded);
  const { twilio } = deps.config.carrier;
  const calls = { config: deps.config, temporal: deps.temporal, llmFor: agentLlm(llms) };
  const routes: SocketRoute[] = [
    candidateAudio({ ...deps, llms, speech }),
    twilio ? twilioMediaStreams({ ...calls, speech }) : simulatedMediaStreams({ ...calls, speech }),
    ...(twilio?.speech === 'relay' ? [twilioRelay(calls)] : []),
    browserCallAudio({ ...calls, speech }),
  ];
  return dispatchUpgrades(server, routes);
}

/**
 * The audio sockets with the process's embedded speech engines, built once for the process and
 * stopped once its sockets are done.
 */
export function serveMedia(server: Server, deps: Omit<SocketDeps, 'embedded'>): Sockets {
  const embedded = embeddedSpeech(deps.config);
  const sockets = attachSockets(server, { ...deps, embedded });
  return { shutdown: () => sockets.shutdown().then(() => embedded.stop()) };
}
