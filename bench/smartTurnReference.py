"""
The reference for our Smart Turn input (conversation/logMel.ts, conversation/smartTurn.ts): the
pipecat-ai wheel's own inference path (pipecat/audio/turn/smart_turn/local_smart_turn_v3.py, whose
features are a vendored copy of transformers' WhisperFeatureExtractor) and the extractor itself.

  fixture        writes test/fixtures/logMelReference.json, the features of the signal
                 test/unit/logMel.test.ts makes, at the frames it checks
  compare DIR    for each DIR/clipN.f32 (16 kHz float32) and DIR/oursN.f32 (our [80][800]
                 features of it), prints the largest difference between ours and each reference's
                 and the model's probability of "complete" on each (bench/smartTurnCheck.ts writes
                 them and runs this)

Needs numpy, onnxruntime and transformers, and the wheel unpacked (`pip download --no-deps
pipecat-ai==1.14.0 && unzip`) at PIPECAT_DIR; SMART_TURN_MODEL is the .onnx file.
"""
import importlib.util
import json
import math
import os
import sys

import numpy as np

PIPECAT_DIR = os.environ.get("PIPECAT_DIR", "")
SAMPLES = 8 * 16000
FIXTURE_FRAMES = list(range(0, 640, 80)) + list(range(640, 680, 4)) + [700, 720, 750, 799]


def pipecat_features():
    spec = importlib.util.spec_from_file_location(
        "wf", os.path.join(PIPECAT_DIR, "pipecat/audio/turn/smart_turn/_whisper_features.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.compute_whisper_log_mel_features


def transformers_features():
    from transformers import WhisperFeatureExtractor

    extractor = WhisperFeatureExtractor(chunk_length=8)
    return lambda audio: extractor(
        audio, sampling_rate=16000, return_tensors="np", padding="max_length",
        max_length=SAMPLES, truncation=True, do_normalize=True,
    ).input_features[0]


def last_8s_padded_in_front(audio):
    """local_smart_turn_v3.py's truncate_audio_to_last_n_seconds."""
    if len(audio) > SAMPLES:
        return audio[-SAMPLES:]
    return np.pad(audio, (SAMPLES - len(audio), 0))


def test_signal():
    """1.5 s: a modulated 150 Hz voice-like tone, two higher partials, and 200 ms of silence."""
    t = np.arange(24000, dtype=np.float64) / 16000
    x = 0.25 * np.sin(2 * math.pi * 150 * t) * (0.6 + 0.4 * np.sin(2 * math.pi * 3 * t))
    x += 0.08 * np.sin(2 * math.pi * 1800 * t) + 0.03 * np.sin(2 * math.pi * 5100 * t)
    x[(t >= 0.6) & (t < 0.8)] = 0
    return x.astype(np.float32)


def fixture():
    features = transformers_features()(last_8s_padded_in_front(test_signal()))
    out = {
        "frames": FIXTURE_FRAMES,
        "features": [[round(float(features[m, f]), 6) for m in range(80)] for f in FIXTURE_FRAMES],
    }
    with open("test/fixtures/logMelReference.json", "w") as file:
        json.dump(out, file, separators=(",", ":"))
        file.write("\n")


def compare(folder):
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    model = ort.InferenceSession(os.environ["SMART_TURN_MODEL"], sess_options=options)
    probability = lambda f: model.run(None, {"input_features": f[None].astype(np.float32)})[0][0].item()
    pipecat, hf = pipecat_features(), transformers_features()
    n = 0
    while os.path.exists(os.path.join(folder, f"clip{n}.f32")):
        audio = last_8s_padded_in_front(np.fromfile(os.path.join(folder, f"clip{n}.f32"), dtype=np.float32))
        ours = np.fromfile(os.path.join(folder, f"ours{n}.f32"), dtype=np.float32).reshape(80, 800)
        p, h = pipecat(audio, do_normalize=True), hf(audio)
        print(
            f"clip {n}: max |ours - pipecat| {np.abs(ours - p).max():.1e}, max |ours - transformers| "
            f"{np.abs(ours - h).max():.1e}; P(complete) ours {probability(ours):.4f}, pipecat {probability(p):.4f}"
        )
        n += 1


if __name__ == "__main__":
    fixture() if sys.argv[1] == "fixture" else compare(sys.argv[2])
