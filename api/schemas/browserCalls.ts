import { Type } from '@sinclair/typebox';
import { Call } from './calls';
import { Timestamp } from './common';

export const BrowserCall = Type.Object(
  {
    object: Type.Literal('browser_call'),
    call: Call,
    audio: Type.Object({
      path: Type.String({ description: 'The call’s audio socket, on this host: `wss://` + host + path, unless `url` says otherwise.' }),
      url: Type.Optional(
        Type.String({
          description: 'The call’s audio socket’s full address when the media process has a host of its own (`MEDIA_PUBLIC_URL`); open it instead.',
        }),
      ),
      token: Type.String({
        description: 'Opens the socket in its first message `{"type":"start","token"}`; good once, until `expiresAt`. Never put it in a URL.',
      }),
      expiresAt: Timestamp,
    }),
  },
  { title: 'browser_call' },
);
