/** Settings that would fail every session later are refused when the process starts. */
import { loadConfig } from '../../config';

test('the default providers are simulated unless a known vendor is named', () => {
  expect(loadConfig({}).providers).toEqual({ llm: 'simulated', stt: 'simulated', tts: 'simulated' });
  expect(loadConfig({ DEFAULT_LLM_PROVIDER: 'groq', DEFAULT_STT_PROVIDER: 'deepgram', DEFAULT_TTS_PROVIDER: 'elevenlabs' }).providers).toEqual({
    llm: 'groq',
    stt: 'deepgram',
    tts: 'elevenlabs',
  });
});

test.each([
  ['DEFAULT_LLM_PROVIDER', 'openai', 'DEFAULT_LLM_PROVIDER must be simulated or one of mistral, gemini, groq, got "openai"'],
  ['DEFAULT_STT_PROVIDER', 'whisper', 'DEFAULT_STT_PROVIDER must be simulated or one of deepgram, google, got "whisper"'],
  ['DEFAULT_TTS_PROVIDER', 'Amazon', 'DEFAULT_TTS_PROVIDER must be simulated or one of elevenlabs, google, amazon, got "Amazon"'],
  ['WORKFLOW_ACTION_TIMEOUT_SECONDS', 'soon', 'WORKFLOW_ACTION_TIMEOUT_SECONDS must be a whole number from 0 to 65535, got "soon"'],
])('%s=%s stops the process at startup', (name, value, message) => {
  expect(() => loadConfig({ [name]: value })).toThrow(message);
});
