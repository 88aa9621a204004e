/*
 * Voice mode's connection, for session.js: the microphone in and the agent's voice out over one
 * WebSocket, /candidate/v1/interviews/{id}/audio. The credential goes in the first message, never
 * in the URL. Audio both ways is PCM16 LE mono at 16 kHz in 20 ms frames: the AudioContext runs at
 * 16 kHz, so the browser resamples the microphone into it and the agent's voice out of it, and
 * voice-worklet.js does the framing and the playback on the audio thread. It touches no element.
 */
(function () {
  'use strict';

  var RATE = 16000;
  var WORKLET = '/assets/voice-worklet.js';
  var MICROPHONE = { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true };

  function failure(code, cause) {
    var err = new Error(code + (cause && cause.message ? ': ' + cause.message : ''));
    err.code = code;
    return err;
  }

  /** The code of a getUserMedia or createMediaStreamSource refusal, for session.js to explain. */
  function microphoneFailure(err) {
    var name = err && err.name;
    if (name === 'NotAllowedError' || name === 'SecurityError') return failure('MICROPHONE_DENIED', err);
    if (name === 'NotFoundError' || name === 'OverconstrainedError') return failure('NO_MICROPHONE', err);
    // Firefox before 148 cannot feed a microphone into a context at another rate than its own.
    if (name === 'NotSupportedError') return failure('VOICE_UNSUPPORTED', err);
    return failure('MICROPHONE_UNAVAILABLE', err);
  }

  /** '' when this browser can hold a voice interview, else why not (no secure context, an old browser). */
  function unsupported() {
    var media = navigator.mediaDevices && navigator.mediaDevices.getUserMedia;
    return window.AudioContext && window.AudioWorkletNode && window.WebSocket && media ? '' : 'VOICE_UNSUPPORTED';
  }

  /**
   * Opens the audio and the socket; resolves once the socket is open, rejects with a coded error
   * when the audio cannot run. Must be called from a user gesture, which lets the context play.
   * `on` gets ready, turn, turnRemoved, partial, error, ended, closed (the socket dropped), level,
   * speaking and microphone (lost). With `muted`, the microphone is not opened until unmute().
   */
  function connect(options) {
    var on = options.on;
    var context = new AudioContext({ sampleRate: RATE, latencyHint: 'interactive' });
    var stats = { framesSent: 0, chunksReceived: 0, samplesPlayed: 0, marksPlayed: 0, clears: 0 };
    var muted = Boolean(options.muted);
    var live = false;
    var over = false;
    var socket = null;
    var capture = null;
    var speaker = null;
    var stream = null;
    var source = null;

    /** A JSON message, or a frame of audio (an ArrayBuffer) as a binary message. */
    function send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(message instanceof ArrayBuffer ? message : JSON.stringify(message));
    }

    function release() {
      if (source) source.disconnect();
      if (stream) stream.getTracks().forEach(function (track) { track.stop(); });
      source = null;
      stream = null;
    }

    function openMicrophone() {
      return navigator.mediaDevices.getUserMedia({ audio: MICROPHONE }).then(function (opened) {
        if (over || muted) return opened.getTracks().forEach(function (track) { track.stop(); });
        stream = opened;
        try {
          source = context.createMediaStreamSource(stream);
        } catch (err) {
          release();
          throw err;
        }
        source.connect(capture);
        stream.getAudioTracks()[0].addEventListener('ended', function () { if (!over && stream === opened) { release(); on.microphone('lost'); } });
      }).catch(function (err) { throw microphoneFailure(err); });
    }

    function shutdown() {
      over = true;
      release();
      if (context.state !== 'closed') context.close();
    }

    function onFrame(event) {
      on.level(stream ? event.data.level : 0);
      if (!live) return;
      send(event.data.frame);
      stats.framesSent++;
    }

    function onSpeaker(event) {
      var message = event.data;
      if (message.progress !== undefined) stats.samplesPlayed = message.progress;
      if (message.playing !== undefined) on.speaking(message.playing);
      if (message.played !== undefined) {
        // The worklet has handed those samples to the device, which plays them this much later.
        var delay = 1000 * (context.outputLatency || context.baseLatency || 0);
        setTimeout(function () { stats.marksPlayed++; send({ type: 'played', name: message.played }); }, delay);
      }
    }

    function onMessage(event) {
      if (typeof event.data !== 'string') {
        stats.chunksReceived++;
        speaker.port.postMessage({ audio: event.data }, [event.data]);
        return;
      }
      var message;
      try { message = JSON.parse(event.data); } catch (err) { return; }
      if (message.type === 'ready') {
        live = true;
        on.ready(message);
      } else if (message.type === 'mark') speaker.port.postMessage({ mark: message.name });
      else if (message.type === 'clear') {
        stats.clears++;
        speaker.port.postMessage({ clear: true });
      } else if (message.type === 'turn') on.turn(message.turn);
      else if (message.type === 'turn_removed') on.turnRemoved(message.index);
      else if (message.type === 'partial') on.partial(message.text);
      else if (message.type === 'error') on.error(message);
      else if (message.type === 'ended') {
        over = true;
        on.ended(message);
      }
    }

    function openSocket() {
      // The media process's address when it has a host of its own (options.url), else this page's host.
      var url = options.url || (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + options.path;
      socket = new WebSocket(url);
      socket.binaryType = 'arraybuffer';
      socket.onopen = function () { send({ type: 'start', token: options.token }); };
      socket.onmessage = onMessage;
      socket.onclose = function (event) {
        var expected = over;
        shutdown();
        if (!expected) on.closed({ code: event.code, reason: event.reason });
      };
    }

    var link = {
      stats: stats,
      isMuted: function () { return muted; },
      mute: function () {
        muted = true;
        release();
        return Promise.resolve();
      },
      unmute: function () {
        if (!muted || over) return Promise.resolve();
        muted = false;
        return openMicrophone().catch(function (err) { muted = true; throw err; });
      },
      end: function () { send({ type: 'end' }); },
      close: function () {
        over = true;
        if (socket) socket.close();
        shutdown();
      },
    };

    context.resume();
    return context.audioWorklet.addModule(WORKLET).then(function () {
      capture = new AudioWorkletNode(context, 'microphone', { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1], channelCount: 1, channelCountMode: 'explicit' });
      // Its output is silence; connected, it is pulled by the graph even with no input (muted).
      capture.connect(context.destination);
      speaker = new AudioWorkletNode(context, 'speaker', { numberOfInputs: 0, numberOfOutputs: 1, outputChannelCount: [1] });
      speaker.connect(context.destination);
      capture.port.onmessage = onFrame;
      speaker.port.onmessage = onSpeaker;
      return muted ? undefined : openMicrophone();
    }).then(function () {
      openSocket();
      return link;
    }, function (err) {
      shutdown();
      throw err.code ? err : failure('VOICE_UNSUPPORTED', err);
    });
  }

  window.VoiceLink = { unsupported: unsupported, connect: connect };
})();
