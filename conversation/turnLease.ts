import type { VoiceTurnSlot } from '../workflows/definitions';
import type { InterviewTurnKeeper } from './interview';

/** The interview workflow's turn updates as the API sends them, with the renewal of the turn held. */
export interface LeasedTurnKeeper extends InterviewTurnKeeper {
  renew(heldIndex: number): Promise<void>;
}

export interface TurnLeaseTimes {
  /** How often the held turn's lease is renewed: well within the lease, so one lost renewal loses nothing. */
  renewEveryMs: number;
  /**
   * A turn held longer than this is stuck (its worst case is far shorter): it stops being renewed,
   * so the interview is not held for ever by a session that never finishes it.
   */
  maxHoldMs: number;
}

/**
 * The session's side of the workflow's turn lease: from a reservation until `done`, the position
 * held (moved by `more`) is renewed on a timer. A process that dies stops renewing, and its turn is
 * free once the lease lapses; a live one that is slow (the model, a tool, a long reply) keeps it.
 */
export class TurnLease implements InterviewTurnKeeper {
  private held: number | undefined;
  private since = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly keeper: LeasedTurnKeeper,
    private readonly times: TurnLeaseTimes,
  ) {}

  async reserve(candidate: boolean): Promise<VoiceTurnSlot> {
    const slot = await this.keeper.reserve(candidate);
    this.since = Date.now();
    this.hold(slot.agentIndex);
    return slot;
  }

  async more(heldIndex: number): Promise<number> {
    const index = await this.keeper.more(heldIndex);
    this.hold(index);
    return index;
  }

  done(agentIndex: number, ended: boolean): Promise<{ reportId: string | null }> {
    this.stop();
    return this.keeper.done(agentIndex, ended);
  }

  /** The session is over: nothing it held is renewed any more. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.held = undefined;
  }

  private hold(index: number): void {
    this.held = index;
    this.timer ??= setInterval(() => this.renew(), this.times.renewEveryMs);
  }

  private renew(): void {
    if (this.held === undefined || Date.now() - this.since > this.times.maxHoldMs) return this.stop();
    // A renewal refused (the lease lapsed, the turn moved on) or lost changes nothing here: the
    // turn's own updates say whether it still holds the run, and the next tick tries again.
    this.keeper.renew(this.held).catch(() => undefined);
  }
}
