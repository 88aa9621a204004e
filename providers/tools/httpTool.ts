import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { scrubbed, withoutNul } from '../../lib/nul';
import { RefusedUrl, pinnedUrl, type Resolve } from '../../lib/publicAddress';

/** What the service POSTs to an agent's `http` tool. */
export interface ToolRequest {
  toolCallId: string;
  name: string;
  arguments: Record<string, unknown>;
  conversation: { type: 'call' | 'interview'; id: string; agentId: string; externalRef: string | null; direction?: string };
}

export type ToolOutcome = { ok: true; result: unknown; durationMs: number } | { ok: false; error: string; durationMs: number };

export interface ToolCallOptions {
  url: string;
  timeoutSeconds: number;
  /** The organization's tool-signing secret. */
  secret: string;
  allowLoopback: boolean;
  resolve?: Resolve;
  /** Unix seconds for the signature; the clock's unless given. */
  now?: () => number;
}

/** The most of an answer read: a tool's result goes to the model, which has no use for more. */
export const MAX_TOOL_RESPONSE_BYTES = 64 * 1024;

export const SIGNATURE_HEADER = 'voice-agent-signature';

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the time inside the MAC so a replay is dated. */
export function toolSignature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

class ToolFailure extends Error {}

/**
 * Calls one tool: the URL is checked again (a name may now resolve elsewhere) and the connection
 * made to the very address checked, so a name that changes its answer between the check and the
 * connection (DNS rebinding) reaches nothing new. No redirect is followed, the answer is read up to
 * MAX_TOOL_RESPONSE_BYTES of JSON, and the whole exchange gives up at the timeout. A failure is an
 * outcome, not an exception: the model is told and may say it or work around it.
 */
export async function callHttpTool(request: ToolRequest, options: ToolCallOptions): Promise<ToolOutcome> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutSeconds * 1000);
  try {
    const result = await Promise.race([
      send(request, options, abort.signal),
      new Promise<never>((_, reject) =>
        abort.signal.addEventListener('abort', () => reject(new ToolFailure(`the tool did not answer within ${options.timeoutSeconds} s`)), { once: true }),
      ),
    ]);
    return { ok: true, result, durationMs: durationMs() };
  } catch (err) {
    if (err instanceof ToolFailure) return { ok: false, error: err.message, durationMs: durationMs() };
    if (err instanceof RefusedUrl) return { ok: false, error: `the tool's url ${err.message}`, durationMs: durationMs() };
    return { ok: false, error: `the tool could not be reached: ${(err as Error).message}`, durationMs: durationMs() };
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

async function send(request: ToolRequest, options: ToolCallOptions, signal: AbortSignal): Promise<unknown> {
  const { url, address } = await pinnedUrl(options.url, { allowLoopback: options.allowLoopback, resolve: options.resolve });
  const body = JSON.stringify(request);
  const now = options.now?.() ?? Math.floor(Date.now() / 1000);
  const family = isIP(address);
  // Every lookup the connection makes answers the checked address: the name is never resolved again.
  const lookup: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup,
        signal,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          accept: 'application/json',
          'user-agent': 'voice-agent-platform-tools/1',
          'idempotency-key': request.toolCallId,
          [SIGNATURE_HEADER]: toolSignature(options.secret, body, now),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.destroy();
          return reject(new ToolFailure(`the tool answered a redirect (${status}), which is not followed`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_TOOL_RESPONSE_BYTES) {
            res.destroy();
            reject(new ToolFailure(`the tool's answer is over ${MAX_TOOL_RESPONSE_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => {
          const text = scrubbed(Buffer.concat(chunks).toString('utf8'));
          if (status < 200 || status >= 300) return reject(new ToolFailure(`the tool answered ${status}${text ? `: ${text.slice(0, 300)}` : ''}`));
          try {
            resolve(text ? withoutNul(JSON.parse(text)) : null);
          } catch {
            reject(new ToolFailure('the tool answered with something that is not JSON'));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
