/** Python tools from scripts/tools.sh's venv (openapi-python-client, pytest) and running them. */
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** The bin folder of the venv `scripts/tools.sh python-clients` provisions (on first use). */
export function pythonBin(): string {
  return execFileSync('bash', [path.join(ROOT, 'scripts/tools.sh'), 'python-clients'], { encoding: 'utf8' }).trim();
}

/** Runs a command to its end, bounded in time; its exit code and what it printed, both streams together. */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, ...options.env },
      timeout: options.timeoutMs ?? 120_000,
      killSignal: 'SIGKILL',
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}
