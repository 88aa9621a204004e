import { Type } from '@sinclair/typebox';
import type { TurnTimings as StoredTimings } from '../../conversation/turnTimings';
import { StringEnum } from './common';

const Ms = (description: string) => Type.Integer({ minimum: 0, description });

/**
 * A transcript turn's timings as both transcripts show them. One object for either role, each
 * field present where the turn has it, so a client reads a turn's timings the same way whatever
 * its role.
 */
export const TurnTimings = Type.Object(
  {
    endOfTurn: Type.Optional(
      Type.Object(
        {
          by: StringEnum(['vad', 'turn_model', 'timeout', 'text'] as const, {
            description:
              '`vad`: the voice activity detector heard a pause and no turn model was run (every pause ends a turn); `turn_model`: the turn model judged the turn complete at a pause; ' +
              "`timeout`: the turn model judged it unfinished and the contact stayed quiet for the agent's `turnTaking.maxWaitMs`; `text`: nothing was waited for: the turn came as text (a keypad digit), or as a speech-to-text final of speech the voice activity detector did not take for a turn.",
          }),
          probability: Type.Optional(
            Type.Number({ minimum: 0, maximum: 1, description: "The turn model's probability that the turn was complete, at the pause that ended it." }),
          ),
          inferenceMs: Type.Optional(Ms('How long the turn model took to decide.')),
          waitedMs: Ms("From the voice activity detector's end of speech (its hangover of quiet after the last word) to the decision."),
          atMs: Ms('When the decision came.'),
        },
        { description: "Contact turns: how the end of the contact's turn was decided." },
      ),
    ),
    sttFinalMs: Type.Optional(Ms("Contact turns: when the speech-to-text's last final result of the turn came.")),
    takenMs: Type.Optional(Ms('Contact turns: when the turn was taken and the agent began its answer, the later of the final result and the end of turn.')),
    llmFirstTokenMs: Type.Optional(Ms("Agent turns: the language model's first token.")),
    ttsFirstByteMs: Type.Optional(Ms("Agent turns: the text-to-speech's first audio.")),
    firstAudioMs: Type.Optional(Ms("Agent turns: the first frame of the agent's audio sent to the contact.")),
    interrupted: Type.Optional(
      Type.Object(
        {
          atMs: Ms('When the contact talked over the agent and stopped it.'),
          cutText: Type.String({ description: "The words the agent had produced that the contact did not hear (the turn's `text` keeps what they heard)." }),
        },
        { description: 'Agent turns the contact interrupted.' },
      ),
    ),
  },
  {
    description:
      "How the turn was heard or produced, in milliseconds from the turn's start: for a contact's turn, when the voice activity detector heard their speech begin; " +
      "for an agent's turn, when the contact's turn it answers was taken (or, for a line the agent says unprompted such as its greeting, when it began). " +
      'Present on turns a media session ran (voice interviews, and calls whose audio runs through the platform); on ConversationRelay calls, where Twilio hears and speaks, an agent turn that the model produced carries `llmFirstTokenMs` alone, from when Twilio delivered the contact’s turn. Stages a turn never reached are absent.',
  },
);

/** Stored timings as they are: written by the media session in the shape above. */
export const turnTimingsRepresentation = (timings: unknown) => (timings ? { timings: timings as StoredTimings } : {});
