/**
 * The event-loop delay of the process that holds the voice sessions, printed beside the benches'
 * latency tables: a loop late by tens of milliseconds delays every frame, timer and socket message
 * of every session in it, whatever the stage. `monitorEventLoopDelay` samples every RESOLUTION_MS
 * and records the whole interval between samples, so the interval is taken off each figure.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;

export interface EventLoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** Samples this process's event loop from now on; `take` reads the delay since the last take (or the start) and starts again. */
export function eventLoopMonitor(): { take(): EventLoopDelay } {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const late = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  return {
    take() {
      const delay = { p50: late(histogram.percentile(50)), p99: late(histogram.percentile(99)), max: late(histogram.max) };
      histogram.reset();
      return delay;
    },
  };
}

/** The figures as a table cell or a line's end: `p50 / p99 / max` in ms. */
export const formatDelay = ({ p50, p99, max }: EventLoopDelay) => `${p50.toFixed(1)} / ${p99.toFixed(1)} / ${max.toFixed(1)} ms`;

/**
 * The delay as a process's `/metrics` gives it: prom-client's `nodejs_eventloop_lag_*` gauges (its
 * default metrics, on the same monitor at the same resolution), over the window since the previous
 * scrape, which resets them.
 */
export function eventLoopFromMetrics(metrics: string): EventLoopDelay {
  const gauge = (name: string) => {
    const value = new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(metrics)?.[1];
    if (value === undefined) throw new Error(`/metrics has no nodejs_eventloop_lag_${name}_seconds`);
    return Math.max(0, Number(value) * 1000 - RESOLUTION_MS);
  };
  return { p50: gauge('p50'), p99: gauge('p99'), max: gauge('max') };
}
