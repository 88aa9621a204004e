import type { ReplyStream } from '../providers/llm/interface';

/**
 * Hands the model's turn to `say` chunk by chunk until `stopped` (a barge-in): the text said, trimmed,
 * and whether the agent ends the conversation with it (never when it was cut).
 */
export async function speakStream(stream: ReplyStream, say: (chunk: string) => void, stopped: () => boolean): Promise<{ text: string; done: boolean }> {
  let text = '';
  for await (const chunk of stream.chunks) {
    if (stopped()) return { text: text.trim(), done: false };
    text += chunk;
    say(chunk);
  }
  return { text: text.trim(), done: stream.done() };
}

/** What a barge-in leaves of a stored turn: `''` when nothing was heard (the turn goes), a shorter text, or undefined when all of it was. */
export function cutTo(text: string, spoken: string): string | undefined {
  const kept = spoken.trim();
  return kept.length < text.length ? kept : undefined;
}
