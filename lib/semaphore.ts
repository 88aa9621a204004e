/**
 * At most `size` holders at once; the others wait in arrival order. Used where work is expensive
 * enough that running all of it at once would starve the rest of the process.
 */
export function createSemaphore(size: number) {
  let held = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (held >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else held += 1;
    try {
      return await work();
    } finally {
      // The place passes straight to the next waiter, so `held` stays counted for it.
      const next = waiting.shift();
      if (next) next();
      else held -= 1;
    }
  };
}
