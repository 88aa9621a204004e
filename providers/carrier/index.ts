import type { Client } from '@temporalio/client';
import type { Config } from '../../config';
import type { Carrier, CarrierNumbers } from './interface';
import { SimulatedCarrier } from './simulated';
import { TwilioCarrier } from './twilio';

/** The carrier CARRIER names, for the worker's dials and the API's numbers; loadConfig has already refused a Twilio without its variables. */
export function carrierFor(config: Config, client: Client): Carrier & CarrierNumbers {
  if (config.carrier.twilio) {
    return new TwilioCarrier({
      ...config.carrier.twilio,
      publicBaseUrl: config.publicBaseUrl,
      mediaBaseUrl: config.media.publicUrl,
      defaultStt: config.providers.stt,
      defaultTts: config.providers.tts,
      ringTimeoutSeconds: config.calls.ringTimeoutSeconds,
    });
  }
  return new SimulatedCarrier(client, config.temporal.taskQueue, config.calls.simulatedPaceMs, config.calls.simulatedLine === 'audio');
}
