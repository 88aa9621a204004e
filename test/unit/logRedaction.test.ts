/**
 * The API's logger writes no credential: fields that name one are redacted, and an error's message,
 * stack and own fields (what a vendor SDK attaches: the request, its headers and URL) are scrubbed.
 * The lines are captured from the logger's own output stream.
 */
import { Writable } from 'node:stream';
import { observability } from '../../api/observe';

const SECRETS = {
  apiKey: 'rb_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  bearer: 'eyJhbGciOiJIUzI1NiJ9.c2Vzc2lvbg.sig',
  password: 'correct horse battery',
  mongo: 's3cr3t-mongo-pass',
  gemini: 'AIzaSyD-gemini-key-0123456789abcdefghij',
  twilio: 'twilio-auth-token-0123456789abcdef',
  aws: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  candidate: 'ic_Q2FuZGlkYXRlU2VjcmV0VmFsdWUwMTIzNDU2Nzg5',
};

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const { logger, registry } = observability('info', destination);
  registry.clear();
  return { logger, lines };
}

const leaked = (text: string) =>
  Object.entries(SECRETS)
    .filter(([, secret]) => text.includes(secret))
    .map(([name]) => name);

test('fields that carry credentials are redacted, whatever else the line holds', () => {
  const { logger, lines } = capture();
  logger.info({
    msg: 'signing in',
    request_id: 'req_1',
    password: SECRETS.password,
    apiKey: SECRETS.apiKey,
    headers: { authorization: `Bearer ${SECRETS.bearer}`, 'content-type': 'application/json' },
    credential: { token: SECRETS.twilio, authToken: SECRETS.twilio },
  });
  const [line] = lines;
  expect(leaked(line)).toEqual([]);
  expect(JSON.parse(line)).toMatchObject({ msg: 'signing in', request_id: 'req_1', password: '[Redacted]', headers: { 'content-type': 'application/json' } });
});

test("an error's message, stack and own fields are scrubbed; what is not a secret stays", () => {
  const { logger, lines } = capture();
  const err = Object.assign(
    new Error(
      `connect to mongodb://voice_agent:${SECRETS.mongo}@db:27017 failed; GET https://generativelanguage.googleapis.com/v1/models?key=${SECRETS.gemini} ` +
        `answered 401 for Authorization: Bearer ${SECRETS.bearer} (key ${SECRETS.apiKey}, password=${SECRETS.password.split(' ')[0]}, start {"token":"${SECRETS.candidate}"})`,
    ),
    {
      config: {
        url: `https://api.example.com/?api_key=${SECRETS.gemini}`,
        headers: { Authorization: `Basic ${SECRETS.twilio}`, 'xi-api-key': SECRETS.gemini },
      },
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: SECRETS.aws },
      status: 401,
    },
  );
  logger.error({ msg: 'unhandled error', request_id: 'req_2', err });
  const [line] = lines;
  expect(leaked(line)).toEqual([]);
  expect(line).not.toContain(SECRETS.password.split(' ')[0]);
  const logged = JSON.parse(line) as { err: { message: string; stack: string; status: number; config: { url: string } } };
  expect(logged.err.message).toContain('mongodb://voice_agent:[Redacted]@db:27017 failed');
  expect(logged.err.message).toContain('?key=[Redacted]');
  expect(logged.err.message).toContain('Bearer [Redacted]');
  expect(logged.err.message).toContain('rb_live_[Redacted]');
  expect(logged.err.stack).toContain('logRedaction.test.ts');
  expect(logged.err.status).toBe(401);
  expect(logged.err.config.url).toBe('https://api.example.com/?api_key=[Redacted]');
});
