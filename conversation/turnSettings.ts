/**
 * Turn-taking defaults. The VAD's are the service's (VOICE_VAD_* in config.ts); the turn's are an
 * agent's own, with these defaults: an interview waits longer for a person thinking aloud than a
 * call does, and takes more speech over the agent as an interruption.
 */
import type { AgentRecord } from '../models/agent';
import type { SileroSettings } from './sileroVad';
import type { TurnSettings } from './turnDetector';

export const DEFAULT_VAD: SileroSettings = { threshold: 0.7, startMs: 96, stopMs: 200 };

export interface AgentTurnSettings extends TurnSettings {
  /** Speech over the agent this long interrupts it, even before the STT has a word of it; the service's (VOICE_BARGE_IN_MS) when unset. */
  interruptMs?: number;
  /** Words (other than backchannels) over the agent that interrupt it as soon as the STT has them. */
  interruptWords: number;
  /** Lower-case phrases that acknowledge the agent without interrupting it; the service's (VOICE_BACKCHANNELS) when unset. */
  backchannels?: string[];
}

export const DEFAULT_TURN: Record<'call' | 'interview', AgentTurnSettings> = {
  call: { completeThreshold: 0.5, maxWaitMs: 1500, interruptWords: 1 },
  interview: { completeThreshold: 0.7, maxWaitMs: 3000, interruptMs: 1200, interruptWords: 2 },
};

/** An agent's turn taking: its own settings over its type's defaults (phone agents call, voice agents interview). */
export function turnTakingOf(agent: Pick<AgentRecord, 'type' | 'turnTaking'>): AgentTurnSettings {
  return { ...DEFAULT_TURN[agent.type === 'phone' ? 'call' : 'interview'], ...(agent.turnTaking as Partial<AgentTurnSettings> | undefined) };
}
