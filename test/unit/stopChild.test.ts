import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { stopChild } from '../../scripts/stack';

const started: ChildProcess[] = [];

/** A node child that prints "ready" once its SIGTERM handler (if any) is in place. */
async function child(onSigterm: 'exit' | 'ignore'): Promise<ChildProcess> {
  const handler = onSigterm === 'exit' ? 'process.exit(0)' : '';
  const script = `process.on('SIGTERM', () => { ${handler} }); setInterval(() => {}, 1000); console.log('ready');`;
  const proc = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(proc);
  await once(proc.stdout!, 'data');
  return proc;
}

describe('stopChild', () => {
  // A failing test must not leave its child behind to hold jest open.
  afterEach(() => {
    for (const proc of started.splice(0)) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  });

  it('lets a child that honours SIGTERM exit on its own', async () => {
    const proc = await child('exit');
    await stopChild(proc, 5_000);
    expect(proc.exitCode).toBe(0);
    expect(proc.signalCode).toBeNull();
  });

  it('kills a child still running after the grace period, so npm run dev and the benches never hang on one', async () => {
    const proc = await child('ignore');
    const started = Date.now();
    await stopChild(proc, 300);
    expect(proc.signalCode).toBe('SIGKILL');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('returns at once for a child that has already ended', async () => {
    const proc = await child('exit');
    proc.kill('SIGKILL');
    await once(proc, 'exit');
    await expect(stopChild(proc, 5_000)).resolves.toBeUndefined();
    expect(proc.signalCode).toBe('SIGKILL');
  });
});
