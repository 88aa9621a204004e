import { EventEmitter, on } from 'node:events';
import { scrubbed } from '../../lib/nul';
import type { SttEvent } from './interface';

/**
 * The `events` of a stream, fed from a vendor's callbacks: events pushed before anyone reads are
 * kept in order (U+0000 read as U+FFFD, lib/nul.ts), `end` finishes the iteration after them,
 * `fail` throws at the reader (Node's `events.on` does the buffering).
 */
export class Transcripts {
  private readonly emitter = new EventEmitter();
  private done = false;
  readonly events: AsyncIterable<SttEvent>;

  constructor() {
    const iterator = on(this.emitter, 'event', { close: ['end'] });
    this.events = (async function* () {
      for await (const [event] of iterator) yield event as SttEvent;
    })();
  }

  push(event: SttEvent): void {
    if (!this.done && event.text) this.emitter.emit('event', { ...event, text: scrubbed(event.text) });
  }

  end(): void {
    if (this.done) return;
    this.done = true;
    this.emitter.emit('end');
  }

  fail(err: Error): void {
    if (this.done) return;
    this.done = true;
    this.emitter.emit('error', err);
  }
}
