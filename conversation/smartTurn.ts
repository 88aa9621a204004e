/**
 * Smart Turn v3.2: from the audio of a turn so far (its last 8 s at 16 kHz), the probability that
 * the speaker has finished, judged from their intonation and words as a listener would. Asked when
 * the VAD hears a pause; 4-7 ms of feature extraction and a run of the model (about 27 ms), both
 * on the model thread (conversation/turnModels.ts; bench/turnFeatures.ts measures them).
 */
import { loadModel, SMART_TURN_FILE, type TurnModel } from './turnModels';

export class SmartTurn {
  private constructor(private readonly model: TurnModel) {}

  static async create(dir: string): Promise<SmartTurn> {
    return new SmartTurn(await loadModel(dir, SMART_TURN_FILE));
  }

  /** The probability (0 to 1) that the turn in `audio` (16 kHz, in [-1, 1]) is complete. */
  async completeProbability(audio: Float32Array): Promise<number> {
    const out = await this.model.runOnLogMel('input_features', audio);
    return (out.logits.data as Float32Array)[0];
  }
}
