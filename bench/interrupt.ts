/**
 * What a bench started, stopped when the bench is interrupted. A SIGINT or SIGTERM sent to the
 * bench's process alone (a `kill`, a runner's timeout) would otherwise end it without its
 * `finally`, and leave its servers and processes running; Ctrl-C in a terminal reaches them all.
 */
const running = new Set<() => Promise<void>>();
let interrupted = false;

function onInterrupt(signal: NodeJS.Signals): void {
  if (interrupted) return;
  interrupted = true;
  console.error(`${signal}: stopping what the bench started`);
  void (async () => {
    // Last started first: the processes before the servers they use.
    for (const stop of [...running].reverse()) await stop().catch(() => undefined);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  })();
}

/**
 * Has `stop` run if the bench is interrupted; answers it made safe to call more than once, which
 * the bench calls itself when it ends normally.
 */
export function stoppedOnInterrupt(stop: () => Promise<void>): () => Promise<void> {
  if (!process.listeners('SIGINT').includes(onInterrupt)) {
    process.on('SIGINT', onInterrupt);
    process.on('SIGTERM', onInterrupt);
  }
  let stopping: Promise<void> | undefined;
  const once = () => (stopping ??= stop().finally(() => running.delete(once)));
  running.add(once);
  return once;
}
