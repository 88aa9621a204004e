/**
 * The calls of one campaign run: which are on the line, which have not closed, which ends were
 * heard and not yet recorded. Calls carried from the previous run have no handle in this one.
 */
import { getExternalWorkflowHandle, sleep, type ChildWorkflowHandle } from '@temporalio/workflow';
import {
  callHangupSignal,
  callWorkflowId,
  type CallState,
  type CallWorkflow,
  type CampaignActivities,
  type CampaignWork,
  type CarriedCall,
  type EndedCall,
} from './definitions';

/**
 * How often a run looks whether the calls it carried have closed: first soon, then less often. Their
 * signals free their places; this only finds the ones that died unheard, and the reports' end.
 */
const CARRIED_CHECK_FIRST_MS = 15_000;
const CARRIED_CHECK_MAX_MS = 5 * 60_000;

export class CampaignCalls {
  /** Calls on the line: each holds one of the campaign's places until its end is heard. */
  private readonly onLine: Map<string, CampaignWork & { handle?: ChildWorkflowHandle<CallWorkflow> }>;
  /** Calls whose workflow has not closed, this run's and carried ones: after its end a call still writes its report. */
  private readonly notClosed: Map<string, CampaignWork>;
  /** Ends heard and not yet recorded, in the order heard. */
  private readonly unrecordedEnds: EndedCall[];

  constructor(
    private readonly carried: CarriedCall[],
    ended: EndedCall[],
    /** The campaign's activity that says which calls have closed, with the run's retry policy. */
    private readonly closedCalls: CampaignActivities['closedCalls'],
  ) {
    this.onLine = new Map(carried.filter((c) => !c.ended).map(({ callId, index, attempt, zone }) => [callId, { index, attempt, zone }]));
    this.notClosed = new Map(carried.map(({ callId, index, attempt, zone }) => [callId, { index, attempt, zone }]));
    this.unrecordedEnds = [...ended];
  }

  onLineCount(): number {
    return this.onLine.size;
  }

  endsHeard(): boolean {
    return this.unrecordedEnds.length > 0;
  }

  allClosed(): boolean {
    return this.notClosed.size === 0;
  }

  /** A call this run started: on the line until its end is heard, open until its workflow closes. */
  started(callId: string, work: CampaignWork, handle: ChildWorkflowHandle<CallWorkflow>): void {
    this.onLine.set(callId, { ...work, handle });
    this.notClosed.set(callId, work);
    handle.result().then(
      (result) => this.closed(callId, result),
      () => this.closed(callId, null),
    );
  }

  /** A call's end, from its signal or its result, whichever comes first; counted once. */
  ended(callId: string, result: CallState | null): void {
    const call = this.onLine.get(callId);
    if (!call || this.unrecordedEnds.some((e) => e.callId === callId)) return;
    this.unrecordedEnds.push({ index: call.index, attempt: call.attempt, zone: call.zone, callId, result });
  }

  private closed(callId: string, result: CallState | null): void {
    this.notClosed.delete(callId);
    this.ended(callId, result);
  }

  /** The ends heard, to be recorded now: their places are free. */
  takeEnds(): EndedCall[] {
    const ends = this.unrecordedEnds.splice(0);
    for (const e of ends) this.onLine.delete(e.callId);
    return ends;
  }

  /** Hangs up every call on the line; one that has ended meanwhile has nothing to hear. */
  async hangUp(): Promise<void> {
    await Promise.all(
      [...this.onLine].map(([callId, c]) => (c.handle ?? getExternalWorkflowHandle(callWorkflowId(callId))).signal(callHangupSignal).catch(() => undefined)),
    );
  }

  /** Until every carried call has closed: one that died without its signal (terminated, say) still frees its place. */
  async watchCarried(): Promise<void> {
    const carriedNotClosed = () => this.carried.filter((c) => this.notClosed.has(c.callId)).map((c) => c.callId);
    for (let wait = CARRIED_CHECK_FIRST_MS; carriedNotClosed().length > 0; wait = Math.min(2 * wait, CARRIED_CHECK_MAX_MS)) {
      await sleep(wait);
      for (const c of await this.closedCalls({ callIds: carriedNotClosed() })) this.closed(c.callId, c.result);
    }
  }

  /** For the next run: the calls not closed (`ended` once their end was heard) and the ends heard, which it records first. */
  carryOver(): { carried: CarriedCall[]; ended: EndedCall[] } {
    const heard = new Set(this.unrecordedEnds.map((e) => e.callId));
    const carried = [...this.notClosed].map(([callId, w]) => ({ callId, ...w, ended: heard.has(callId) || !this.onLine.has(callId) }));
    return { carried, ended: [...this.unrecordedEnds] };
  }
}
