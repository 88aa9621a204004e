/** Settings that would fail every session later are refused when the process starts. */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../config';

test('the default providers are simulated unless a known vendor is named', () => {
  expect(loadConfig({}).providers).toEqual({ llm: 'simulated', stt: 'simulated', tts: 'simulated' });
  expect(loadConfig({ DEFAULT_LLM_PROVIDER: 'groq', DEFAULT_STT_PROVIDER: 'deepgram', DEFAULT_TTS_PROVIDER: 'elevenlabs' }).providers).toEqual({
    llm: 'groq',
    stt: 'deepgram',
    tts: 'elevenlabs',
  });
  expect(loadConfig({ DEFAULT_STT_PROVIDER: 'local', DEFAULT_TTS_PROVIDER: 'local' }).providers).toMatchObject({ stt: 'local', tts: 'local' });
});

test('the media process runs the turn models on two threads unless TURN_MODEL_THREADS says otherwise', () => {
  expect(loadConfig({}).voice.turnModelThreads).toBe(2);
  expect(loadConfig({ TURN_MODEL_THREADS: '1' }).voice.turnModelThreads).toBe(1);
});

test('those threads run 10 nice values below the event loop unless TURN_MODEL_NICE says otherwise', () => {
  expect(loadConfig({}).voice.turnModelNice).toBe(10);
  expect(loadConfig({ TURN_MODEL_NICE: '0' }).voice.turnModelNice).toBe(0);
});

test('the simulated line carries text unless SIMULATED_LINE=audio', () => {
  expect(loadConfig({}).calls.simulatedLine).toBe('text');
  expect(loadConfig({ SIMULATED_LINE: 'audio' }).calls.simulatedLine).toBe('audio');
});

test.each([
  ['DEFAULT_LLM_PROVIDER', 'openai', 'DEFAULT_LLM_PROVIDER must be simulated or one of mistral, gemini, groq, got "openai"'],
  ['DEFAULT_STT_PROVIDER', 'whisper', 'DEFAULT_STT_PROVIDER must be simulated, local or one of deepgram, google, got "whisper"'],
  ['DEFAULT_TTS_PROVIDER', 'Amazon', 'DEFAULT_TTS_PROVIDER must be simulated, local or one of elevenlabs, google, amazon, got "Amazon"'],
  ['DEFAULT_LLM_PROVIDER', 'local', 'DEFAULT_LLM_PROVIDER must be simulated or one of mistral, gemini, groq, got "local"'],
  ['SIMULATED_LINE', 'voice', 'SIMULATED_LINE must be text or audio, got "voice"'],
  ['WORKFLOW_ACTION_TIMEOUT_SECONDS', 'soon', 'WORKFLOW_ACTION_TIMEOUT_SECONDS must be a whole number from 0 to 65535, got "soon"'],
  ['INTERVIEW_TURN_LEASE_SECONDS', '2', 'INTERVIEW_TURN_LEASE_SECONDS must be at least 3, got "2"'],
  ['TURN_MODEL_THREADS', '0', 'TURN_MODEL_THREADS must be from 1 to 8, got "0"'],
  ['TURN_MODEL_THREADS', '9', 'TURN_MODEL_THREADS must be from 1 to 8, got "9"'],
  ['TURN_MODEL_NICE', '20', 'TURN_MODEL_NICE must be from 0 to 19, got "20"'],
  ['TURN_MODEL_NICE', '-1', 'TURN_MODEL_NICE must be from 0 to 19, got "-1"'],
])('%s=%s stops the process at startup', (name, value, message) => {
  expect(() => loadConfig({ [name]: value })).toThrow(message);
});

test('the do-not-call hash key is DO_NOT_CALL_HASH_KEY when set, else one fixed development key', () => {
  const key = Buffer.alloc(32, 7);
  expect(loadConfig({ DO_NOT_CALL_HASH_KEY: key.toString('base64') }).contacts.doNotCallHashKey).toEqual(key);
  expect(loadConfig({ DO_NOT_CALL_HASH_KEY: key.toString('hex') }).contacts.doNotCallHashKey).toEqual(key);
  const fallback = loadConfig({}).contacts.doNotCallHashKey;
  expect(fallback).toHaveLength(32);
  expect(loadConfig({}).contacts.doNotCallHashKey).toEqual(fallback);
  expect(fallback).not.toEqual(key);
  expect(() => loadConfig({ DO_NOT_CALL_HASH_KEY: 'too short' })).toThrow(/DO_NOT_CALL_HASH_KEY must be 32 bytes/);
});

test('the payload keyring is TEMPORAL_PAYLOAD_KEYS with TEMPORAL_PAYLOAD_KEY_ID current, else the development key', () => {
  const [a, b] = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)];
  const keys = loadConfig({ TEMPORAL_PAYLOAD_KEYS: `2024:${a.toString('base64')}, 2025:${b.toString('hex')}`, TEMPORAL_PAYLOAD_KEY_ID: '2025' }).temporal
    .payloadKeys;
  expect(keys.currentKeyId).toBe('2025');
  expect([...keys.keys]).toEqual([
    ['2024', a],
    ['2025', b],
  ]);
  const dev = loadConfig({}).temporal.payloadKeys;
  expect(dev.currentKeyId).toBe('dev');
  expect(dev.keys.get('dev')).toHaveLength(32);
  expect(() => loadConfig({ TEMPORAL_PAYLOAD_KEYS: `2024:${a.toString('base64')}` })).toThrow(
    'TEMPORAL_PAYLOAD_KEY_ID must name one of the keys of TEMPORAL_PAYLOAD_KEYS (2024), got ""',
  );
  expect(() => loadConfig({ TEMPORAL_PAYLOAD_KEYS: 'short:abc', TEMPORAL_PAYLOAD_KEY_ID: 'short' })).toThrow(/key "short" must be 32 bytes/);
  expect(() => loadConfig({ TEMPORAL_PAYLOAD_KEYS: a.toString('base64'), TEMPORAL_PAYLOAD_KEY_ID: 'x' })).toThrow(/id:key pairs/);
});

test('production refuses the public development payload key', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('NODE_ENV=production needs TEMPORAL_PAYLOAD_KEYS');
  const own = Buffer.alloc(32, 3).toString('base64');
  const keys = { DO_NOT_CALL_HASH_KEY: Buffer.alloc(32, 4).toString('base64'), CREDENTIALS_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64') };
  expect(
    loadConfig({ NODE_ENV: 'production', ...keys, TEMPORAL_PAYLOAD_KEYS: `p1:${own}`, TEMPORAL_PAYLOAD_KEY_ID: 'p1' }).temporal.payloadKeys.currentKeyId,
  ).toBe('p1');
});

describe('NODE_ENV=production refuses to start on keys that are not its own', () => {
  const own = () => randomBytes(32).toString('base64');
  const payloadKeys = { TEMPORAL_PAYLOAD_KEYS: `p1:${own()}`, TEMPORAL_PAYLOAD_KEY_ID: 'p1' };
  const production = (env: NodeJS.ProcessEnv) => () => loadConfig({ NODE_ENV: 'production', ...payloadKeys, ...env });
  const developmentKey = loadConfig({}).contacts.doNotCallHashKey;

  test('the development do-not-call key, given or left as the default, names DO_NOT_CALL_HASH_KEY', () => {
    expect(production({ CREDENTIALS_ENCRYPTION_KEY: own() })).toThrow(/NODE_ENV=production needs DO_NOT_CALL_HASH_KEY/);
    expect(production({ CREDENTIALS_ENCRYPTION_KEY: own(), DO_NOT_CALL_HASH_KEY: developmentKey.toString('hex') })).toThrow(
      /NODE_ENV=production needs DO_NOT_CALL_HASH_KEY/,
    );
  });

  test('no credentials key, or one that is public or the do-not-call key, names the variable', () => {
    const doNotCall = own();
    expect(production({ DO_NOT_CALL_HASH_KEY: doNotCall })).toThrow(/NODE_ENV=production needs CREDENTIALS_ENCRYPTION_KEY/);
    expect(production({ DO_NOT_CALL_HASH_KEY: doNotCall, CREDENTIALS_ENCRYPTION_KEY: developmentKey.toString('base64') })).toThrow(
      /refuses CREDENTIALS_ENCRYPTION_KEY/,
    );
    expect(production({ DO_NOT_CALL_HASH_KEY: doNotCall, CREDENTIALS_ENCRYPTION_KEY: doNotCall })).toThrow(/refuses CREDENTIALS_ENCRYPTION_KEY/);
    expect(
      production({ DO_NOT_CALL_HASH_KEY: doNotCall, CREDENTIALS_ENCRYPTION_KEY: own(), CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS: `${own()},${doNotCall}` }),
    ).toThrow(/refuses CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS\[1\]/);
  });

  test('keys of its own start; outside production the defaults still do', () => {
    const config = production({ DO_NOT_CALL_HASH_KEY: own(), CREDENTIALS_ENCRYPTION_KEY: own() })();
    expect(config.contacts.doNotCallHashKey).not.toEqual(developmentKey);
    expect(config.byok.encryptionKeys).toHaveLength(1);
    expect(loadConfig({ NODE_ENV: 'development' }).contacts.doNotCallHashKey).toEqual(developmentKey);
  });
});

test('tools on this machine are off by default, on with TOOLS_ALLOW_LOOPBACK, and refused in production', () => {
  expect(loadConfig({}).tools.allowLoopback).toBe(false);
  expect(loadConfig({ TOOLS_ALLOW_LOOPBACK: 'true' }).tools.allowLoopback).toBe(true);
  expect(() => loadConfig({ TOOLS_ALLOW_LOOPBACK: 'yes please' })).toThrow('TOOLS_ALLOW_LOOPBACK must be true or false');
  const own = () => randomBytes(32).toString('base64');
  const production = {
    NODE_ENV: 'production',
    TEMPORAL_PAYLOAD_KEYS: `p1:${own()}`,
    TEMPORAL_PAYLOAD_KEY_ID: 'p1',
    DO_NOT_CALL_HASH_KEY: own(),
    CREDENTIALS_ENCRYPTION_KEY: own(),
  };
  expect(loadConfig(production).tools.allowLoopback).toBe(false);
  expect(() => loadConfig({ ...production, TOOLS_ALLOW_LOOPBACK: 'true' })).toThrow('NODE_ENV=production refuses TOOLS_ALLOW_LOOPBACK');
});
