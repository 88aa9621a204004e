/** Where carriers and the simulated line open a call's sockets: the media process's address, webhooks staying on the API's. */
import { streamTwiml, twilioUrls } from '../../providers/carrier/twilio';
import { simulatedMediaUrl } from '../../providers/carrier/simulatedMedia';
import { loadConfig } from '../../config';

const CALL = '0123456789abcdef01234567';

test('with a media process of its own, Twilio opens the sockets there and calls the webhooks on the API', () => {
  const urls = twilioUrls('https://api.example.test', CALL, 'https://media.example.test');
  expect(urls).toEqual({
    status: `https://api.example.test/carrier/twilio/status/${CALL}`,
    amd: `https://api.example.test/carrier/twilio/amd/${CALL}`,
    streamEnded: `https://api.example.test/carrier/twilio/stream-ended/${CALL}`,
    relay: `wss://media.example.test/carrier/twilio/relay/${CALL}`,
    media: `wss://media.example.test/carrier/twilio/media/${CALL}`,
  });
  expect(streamTwiml('https://api.example.test', 'https://media.example.test', CALL)).toContain(
    `<Connect action="https://api.example.test/carrier/twilio/stream-ended/${CALL}"><Stream url="wss://media.example.test/carrier/twilio/media/${CALL}">`,
  );
  // Without one, the API's own address serves both.
  expect(twilioUrls('https://api.example.test', CALL).media).toBe(`wss://api.example.test/carrier/twilio/media/${CALL}`);
});

test("the simulated line's phone dials the media process's socket", () => {
  expect(simulatedMediaUrl('http://127.0.0.1:3001', CALL)).toBe(`ws://127.0.0.1:3001/carrier/simulated/media/${CALL}`);
});

test('MEDIA_PUBLIC_URL names the media process; unset, the API serves the sockets on its own address', () => {
  expect(loadConfig({ PORT: '4000' }).media).toEqual({ separate: false, publicUrl: 'http://127.0.0.1:4000', socketBase: '', port: 4001 });
  expect(loadConfig({ PUBLIC_BASE_URL: 'https://api.example.test', MEDIA_PUBLIC_URL: 'https://media.example.test/', MEDIA_PORT: '3100' }).media).toEqual({
    separate: true,
    publicUrl: 'https://media.example.test',
    socketBase: 'wss://media.example.test',
    port: 3100,
  });
  expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'media.example.test' })).toThrow('MEDIA_PUBLIC_URL must be an http:// or https:// origin');
  expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'https://media.example.test/sockets' })).toThrow('without a path');
});
