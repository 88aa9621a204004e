/**
 * The campaign's dial queues and windows, over the state it carries (`zones`, `lanes`, `queue`):
 * which attempts may be dialled at a given time, which lane to read next, and when to look again.
 * Pure: the run passes workflow time in, so every decision replays the same.
 *
 * Each zone has a lane of first attempts (written by the import, in import order) and one lane
 * per retry delay; every lane holds one zone's attempts with one delay, so its entries fall due in
 * the order queued and a lane is read from its head. An attempt is dialled only while its zone's
 * calling hours are open: one due outside them waits, in its lane or in the queue, for the opening.
 */
import { msUntilOpen, openingAt } from './callingHours';
import type { CallingHours, CampaignState, CampaignWork, Lane, ZoneCount } from './definitions';

export class CampaignLanes {
  constructor(private readonly state: CampaignState) {}

  /** The first-attempt lanes the import counted, one per zone. */
  setZones(zones: ZoneCount[]): void {
    this.state.zones = zones.map((z) => z.timezone);
    this.state.lanes = zones.map((z, zone) => ({ zone, delayMs: null, head: 0, tail: z.count, nextDueAt: 0 }));
  }

  private timezone(zone: number): string {
    return this.state.zones[zone] ?? this.state.timezone;
  }

  private get hours(): CallingHours | null {
    return this.state.callingHours;
  }

  /** The first instant at or after `atMs` when the zone's window is open. */
  openingFor(zone: number, atMs: number): number {
    return openingAt(atMs, this.timezone(zone), this.hours);
  }

  /** Milliseconds until the zone's window opens, 0 while it is open. */
  private closedFor(zone: number, nowMs: number): number {
    return msUntilOpen(nowMs, this.timezone(zone), this.hours);
  }

  private waiting(): Lane[] {
    return this.state.lanes.filter((l) => l.head < l.tail);
  }

  /** The zones with an attempt still to dial, queued or in a lane. */
  private waitingZones(): Set<number> {
    return new Set([...this.state.queue.map((w) => w.zone), ...this.waiting().map((l) => l.zone)]);
  }

  empty(): boolean {
    return this.state.queue.length === 0 && this.waiting().length === 0;
  }

  /** Milliseconds until some zone with an attempt to dial opens: 0 while one is open or none waits. */
  msUntilAnyOpen(nowMs: number): number {
    const zones = [...this.waitingZones()];
    return zones.length === 0 ? 0 : Math.min(...zones.map((z) => this.closedFor(z, nowMs)));
  }

  /**
   * Milliseconds until the earliest attempt may be dialled: the later of its due time and its zone's
   * next opening. Infinity when none waits.
   */
  msUntilNextDue(nowMs: number): number {
    const queued = [...new Set(this.state.queue.map((w) => w.zone))].map((z) => this.closedFor(z, nowMs));
    const laned = this.waiting().map((l) => {
      const dueIn = Math.max(0, (l.nextDueAt ?? nowMs) - nowMs);
      return dueIn + this.closedFor(l.zone, nowMs + dueIn);
    });
    return Math.min(Infinity, ...queued, ...laned);
  }

  /** Takes up to `max` queued attempts whose zone is open, in queue order; the others stay. */
  takeOpen(nowMs: number, max: number): CampaignWork[] {
    const taken: CampaignWork[] = [];
    const open = new Map<number, boolean>();
    this.state.queue = this.state.queue.filter((w) => {
      if (taken.length >= max) return true;
      if (!open.has(w.zone)) open.set(w.zone, this.closedFor(w.zone, nowMs) === 0);
      if (!open.get(w.zone)) return true;
      taken.push(w);
      return false;
    });
    return taken;
  }

  /** The lane to read next: one whose head is due and whose zone is open, retries before first attempts. */
  dueLane(nowMs: number): number | undefined {
    const due = (l: Lane) => l.head < l.tail && l.nextDueAt !== null && l.nextDueAt <= nowMs && this.closedFor(l.zone, nowMs) === 0;
    const retry = this.state.lanes.findIndex((l) => l.delayMs !== null && due(l));
    const lane = retry >= 0 ? retry : this.state.lanes.findIndex(due);
    return lane >= 0 ? lane : undefined;
  }

  /** The entries read from a lane's head: into the queue; the head is next due at `nextDueAt` (null: look again at once). */
  fetched(lane: number, due: Array<{ index: number; attempt: number }>, nextDueAt: number | null, nowMs: number): void {
    const l = this.state.lanes[lane]!;
    this.state.queue.push(...due.map((d) => ({ ...d, zone: l.zone })));
    l.head += due.length;
    l.nextDueAt = l.head === l.tail ? null : (nextDueAt ?? nowMs);
  }

  /** Queues a retry in its zone's lane for `delayMs`, opening one if needed: where its entry goes. */
  retry(zone: number, delayMs: number, dueAt: number): { lane: number; seq: number } {
    let lane = this.state.lanes.findIndex((l) => l.zone === zone && l.delayMs === delayMs);
    if (lane < 0) lane = this.state.lanes.push({ zone, delayMs, head: 0, tail: 0, nextDueAt: null }) - 1;
    const l = this.state.lanes[lane]!;
    if (l.head === l.tail) l.nextDueAt = dueAt;
    l.tail += 1;
    return { lane, seq: l.tail - 1 };
  }

  /** Attempts that could not be dialled after all: back to the front of the queue. */
  putBack(work: CampaignWork[]): void {
    this.state.queue.unshift(...work);
  }
}
