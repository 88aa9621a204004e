/**
 * Whether an STT final reads as a thought left unfinished: it trails off (an ellipsis, which Whisper
 * writes for speech that stops mid-sentence, a comma, a dash, a colon) or its last word cannot end an
 * English sentence. The turn model hears intonation and often takes a clause boundary for an end;
 * the words settle it when the STT's final of the pause is in before the decision. The list keeps to
 * words that hardly ever end a sentence: not "to", "so", "in", "up" or "about", which often do.
 */
const HANGING = new Set(
  [
    // articles and possessives
    'a an the my your our their',
    // conjunctions
    'and or but nor because although unless whereas whenever whether if than',
    // prepositions that are seldom a verb's particle
    'of for with at from into onto as',
    // subject pronouns
    'i we they she he',
    // fillers
    'um uh erm er uhm hmm',
  ]
    .join(' ')
    .split(' '),
);

export function soundsUnfinished(text: string): boolean {
  const trimmed = text.trim();
  if (/(\.\.\.|…|,|-|–|—|:)$/.test(trimmed)) return true;
  const last = trimmed
    .replace(/[.!?"')\]]+$/, '')
    .split(/\s+/)
    .pop();
  return last !== undefined && HANGING.has(last.toLowerCase());
}
