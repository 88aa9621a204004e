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

/** Lower-case words, single-spaced, without the punctuation an STT puts in (hyphens stay: "mm-hm"). */
function spoken(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.,!?;:]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}

/**
 * Whether an utterance is only backchannel ("mm-hm", "yeah", "I see"): phrases, said once or more,
 * that acknowledge the speaker without taking the turn. An agent's phrases are read as the heard
 * text is, so "Uh, huh" matches "uh huh" however either is cased, punctuated or spaced.
 */
export function onlyBackchannel(text: string, backchannels: readonly string[]): boolean {
  let rest = ` ${spoken(text)} `;
  if (!rest.trim()) return false;
  const phrases = backchannels.map(spoken).filter(Boolean);
  for (let before = ''; before !== rest;) {
    before = rest;
    for (const phrase of phrases) rest = rest.replaceAll(` ${phrase} `, ' ');
  }
  return rest.trim() === '';
}
