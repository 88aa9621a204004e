/** True when `err` or an error in its `cause` chain (where wrappers keep what they wrap) passes `test`. */
export function anyCause(err: unknown, test: (e: Error) => boolean): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth += 1) {
    if (test(e)) return true;
  }
  return false;
}
