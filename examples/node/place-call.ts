/**
 * Places a call with the TypeScript client and polls it to its transcript and report.
 *
 *   VOICE_AGENT_BASE_URL=https://voice.example.com VOICE_AGENT_API_KEY=rb_test_… \
 *     npx tsx examples/node/place-call.ts [+442079460001]
 *
 * AGENT_ID names the phone agent to call with; without it, one is created. The default number is a
 * simulated test number that answers and talks; the call is real all the same, and charged its
minute of credits, whatever the key's prefix.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createVoiceAgentClient } from '../../clients/typescript';

const baseUrl = process.env.VOICE_AGENT_BASE_URL;
const apiKey = process.env.VOICE_AGENT_API_KEY;
if (!baseUrl || !apiKey) throw new Error('Set VOICE_AGENT_BASE_URL (the service origin) and VOICE_AGENT_API_KEY.');
const phoneNumber = process.argv[2] ?? '+442079460001';
const api = createVoiceAgentClient({ baseUrl, apiKey });

async function agentId(): Promise<string> {
  if (process.env.AGENT_ID) return process.env.AGENT_ID;
  const { data, error } = await api.POST('/agents', {
    body: { name: `Example agent ${Date.now()}`, instructions: 'Confirm the contact’s appointment and ask for their email address.' },
  });
  if (error) throw new Error(`creating the agent: ${error.error.code}: ${error.error.message}`);
  console.log(`agent ${data.id} created`);
  return data.id;
}

async function main(): Promise<void> {
  // The Idempotency-Key makes a retry of this request (after a timeout, say) never ring twice.
  const placed = await api.POST('/calls', {
    params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
    body: { agentId: await agentId(), phoneNumber },
  });
  if (placed.error) throw new Error(`placing the call: ${placed.error.error.code}: ${placed.error.error.message}`);
  const id = placed.data.id;
  console.log(`call ${id} placed to ${phoneNumber}`);

  // The report is written once the call has ended and been analysed: 202 until then.
  for (let tries = 0; ; tries += 1) {
    const { data, response } = await api.GET('/calls/{id}/report', { params: { path: { id } } });
    if (response.status === 200 && data?.status === 'ready') {
      const transcript = await api.GET('/calls/{id}/transcript', { params: { path: { id } } });
      for (const turn of transcript.data?.data ?? []) console.log(`${turn.role}: ${turn.text}`);
      console.log(`report: ${data.disposition}${data.summary ? ` (${data.summary})` : ''}`);
      return;
    }
    if (tries >= 120) throw new Error('no report after two minutes');
    await sleep(1000);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
