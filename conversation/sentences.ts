/** A sentence ends at . ! ? ; or : followed by a space; TTS gets whole sentences so it can phrase them. */
const BOUNDARY = /^([\s\S]*?[.!?;:])\s+([\s\S]*)$/;

/** Gathers a streamed reply into sentence-sized chunks for speech synthesis. */
export class SentenceChunker {
  private pending = '';

  push(text: string): string[] {
    this.pending += text;
    const sentences: string[] = [];
    for (let m = BOUNDARY.exec(this.pending); m; m = BOUNDARY.exec(this.pending)) {
      if (m[1].trim()) sentences.push(m[1].trim());
      this.pending = m[2];
    }
    return sentences;
  }

  flush(): string | undefined {
    const rest = this.pending.trim();
    this.pending = '';
    return rest || undefined;
  }
}

/**
 * Whether an utterance is only backchannel ("mm-hm", "yeah", "I see"): phrases, said once or more,
 * that acknowledge the speaker without taking the turn.
 */
export function onlyBackchannel(text: string, backchannels: readonly string[]): boolean {
  let rest = ` ${text
    .toLowerCase()
    .replace(/[.,!?;:]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ')} `;
  if (!rest.trim()) return false;
  for (let before = ''; before !== rest;) {
    before = rest;
    // An agent's phrases are matched as typed in any case, as the heard text is.
    for (const phrase of backchannels) rest = rest.replaceAll(` ${phrase.toLowerCase()} `, ' ');
  }
  return rest.trim() === '';
}
