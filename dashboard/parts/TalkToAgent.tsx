/**
 * "Talk to this agent": a call to a phone agent held in this browser with the microphone, over the
 * audio socket and AudioWorklet voice interviews use (/assets/voice.js). It is an inbound call like
 * any other (listed, charged, transcribed, reported); its transcript is polled as the call page's.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, post } from '../http';
import { href } from '../routes';
import type { Agent, Call } from '../types';
import { Badge, ErrorNote } from '../ui';
import { Conversation } from '../transcript';

interface BrowserCall {
  call: Call;
  audio: { path: string; url?: string; token: string; expiresAt: string };
}

/** What public/voice.js gives: the link of one conversation. */
interface VoiceLinkConnection {
  mute(): Promise<void>;
  unmute(): Promise<void>;
  end(): void;
  close(): void;
}

interface VoiceLinkApi {
  unsupported(): string;
  connect(options: { path: string; url?: string; token: string; on: Record<string, (value: any) => void> }): Promise<VoiceLinkConnection>;
}

declare global {
  interface Window {
    VoiceLink?: VoiceLinkApi;
  }
}

/** What a coded failure of voice.js means for the person at the browser. */
const VOICE_PROBLEMS: Record<string, string> = {
  MICROPHONE_DENIED: 'The browser refused the microphone: allow it for this site and try again.',
  NO_MICROPHONE: 'No microphone was found: connect one and try again.',
  MICROPHONE_UNAVAILABLE: 'The microphone could not be opened (another application may be using it).',
  VOICE_UNSUPPORTED: 'This browser cannot hold a voice call: use a recent Chrome, Edge, Firefox or Safari.',
};

let loading: Promise<VoiceLinkApi> | undefined;

/** voice.js, loaded once, on the first call: pages that never call do not fetch it. */
function voiceLink(): Promise<VoiceLinkApi> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/assets/voice.js';
    script.onload = () => (window.VoiceLink ? resolve(window.VoiceLink) : reject(new Error('voice.js did not load')));
    script.onerror = () => {
      loading = undefined;
      reject(new ApiError(0, 'NETWORK', 'The voice component could not be loaded; check your connection and try again.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

const asApiError = (err: unknown) => {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string }).code ?? 'CLIENT';
  return new ApiError(0, code, VOICE_PROBLEMS[code] ?? String((err as Error).message ?? err));
};

type Phase = 'idle' | 'connecting' | 'live' | 'ended';

export function TalkToAgent(props: { agent: Agent }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [call, setCall] = useState<Call>();
  const [status, setStatus] = useState('');
  const [hearing, setHearing] = useState('');
  const [muted, setMuted] = useState(false);
  const [error, setError] = useState<ApiError>();
  const link = useRef<VoiceLinkConnection>(null);
  // Leaving the page hangs up: the closed socket is the caller ending the call.
  useEffect(() => () => link.current?.close(), []);

  const start = async () => {
    setError(undefined);
    setHearing('');
    setMuted(false);
    setPhase('connecting');
    setStatus('Connecting…');
    let placed: BrowserCall | undefined;
    try {
      const VoiceLink = await voiceLink();
      const unsupported = VoiceLink.unsupported();
      if (unsupported) throw Object.assign(new Error(unsupported), { code: unsupported });
      placed = await post<BrowserCall>(`/dashboard/agents/${props.agent.id}/browser-calls`);
      setCall(placed.call);
      link.current = await VoiceLink.connect({
        path: placed.audio.path,
        url: placed.audio.url,
        token: placed.audio.token,
        on: {
          ready: () => {
            setPhase('live');
            setStatus('Connected: the agent speaks first.');
          },
          speaking: (speaking: boolean) => setStatus(speaking ? 'The agent is speaking…' : 'Listening…'),
          partial: (text: string) => setHearing(text),
          microphone: () => {
            setMuted(true);
            setStatus('The microphone was disconnected.');
          },
          error: (message: { code: string; message: string }) => setError(new ApiError(0, message.code, message.message)),
          ended: (message: { reason: string }) => {
            setPhase('ended');
            setStatus(message.reason === 'agent_ended' ? 'The agent ended the call.' : 'The call has ended.');
          },
          closed: () => {
            setPhase('ended');
            setStatus('The connection was lost; the call has ended.');
          },
          turn: () => undefined,
          turnRemoved: () => undefined,
          level: () => undefined,
        },
      });
    } catch (err) {
      // Placed, but the browser could not join it (the microphone refused): it must not run on, charged.
      if (placed) await post(`/calls/${placed.call.id}/hangup`).catch(() => undefined);
      setError(asApiError(err));
      setPhase(placed ? 'ended' : 'idle');
      setStatus('');
    }
  };

  const toggleMute = async () => {
    try {
      await (muted ? link.current?.unmute() : link.current?.mute());
      setMuted(!muted);
    } catch (err) {
      setError(asApiError(err));
    }
  };

  return (
    <section class="card talk" aria-labelledby="talk-title">
      <h2 id="talk-title">Talk to this agent</h2>
      <p class="muted">A call from this browser with your microphone, answered as an inbound call: listed, charged, transcribed and reported like any call.</p>
      {error && <ErrorNote error={error} />}
      {(phase === 'idle' || phase === 'ended') && (
        <button type="button" class="primary" onClick={() => void start()}>
          {phase === 'ended' ? 'Call again' : 'Talk to this agent'}
        </button>
      )}
      {(phase === 'connecting' || phase === 'live') && (
        <div class="actions">
          <button type="button" aria-pressed={muted} disabled={phase !== 'live'} onClick={() => void toggleMute()}>
            {muted ? 'Unmute' : 'Mute'}
          </button>
          <button type="button" class="danger" onClick={() => link.current?.end()}>
            End call
          </button>
        </div>
      )}
      {status && (
        <p role="status">
          <Badge tone={phase === 'live' ? 'ok' : 'info'}>{phase === 'live' ? (muted ? 'muted' : 'live') : phase}</Badge> {status}
        </p>
      )}
      {phase === 'live' && hearing && <p class="muted">Heard: “{hearing}”</p>}
      {call && (
        <>
          <Conversation key={`${call.id}-${phase}`} path={`/calls/${call.id}/transcript`} live={phase !== 'ended'} person="You" />
          <p>
            <a href={href(`/calls/${call.id}`)}>Open the call</a> for its report and recording.
          </p>
        </>
      )}
    </section>
  );
}
