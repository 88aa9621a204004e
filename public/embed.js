/*
 * Embeds a voice-agent interview in a partner page:
 *
 *   <script src="{embed_host}/embed.js"></script>
 *   const session = VoiceAgent.mount(container, { token, interviewId, onEvent });
 *
 * Commands: start(), end(), mute() and unmute() (the microphone of a voice interview; mute()
 * before start() starts it with the microphone closed), setTheme('dark' | 'light'), destroy().
 * Events (onEvent): session.*, transcript.*, voice.* and error; docs/interviews.md lists them.
 *
 * The interview runs in an iframe served by the embed host. Messages from it are accepted only
 * when they come from the embed host's origin and from this mount's own iframe; commands go to it
 * with the embed host as target origin, so no other frame can read them.
 */
(function () {
  'use strict';

  var script = document.currentScript;
  var host = new URL(script.src).origin;
  var THEMES = ['dark', 'light'];

  function mount(container, options) {
    options = options || {};
    if (!container || typeof container.appendChild !== 'function') throw new TypeError('VoiceAgent.mount: the first argument must be an element.');
    if (!options.token || !options.interviewId) throw new TypeError('VoiceAgent.mount: options.token and options.interviewId are required.');
    var onEvent = typeof options.onEvent === 'function' ? options.onEvent : function () {};
    var readyTimeoutMs = options.readyTimeoutMs || 15000;

    // The token goes in the fragment, never the query: browsers send neither it to the server nor in a Referer.
    var src = new URL('/embed/' + encodeURIComponent(options.interviewId), host);
    src.hash = new URLSearchParams({ token: options.token, parentOrigin: window.location.origin }).toString();
    var iframe = document.createElement('iframe');
    iframe.src = src.href;
    iframe.title = options.title || 'Interview';
    iframe.allow = 'microphone; autoplay';
    iframe.style.cssText = 'display:block;width:100%;height:420px;border:0;';

    var ready = false;
    var settled = false;
    var pending = [];

    function emit(type, payload) {
      try {
        onEvent({ type: type, payload: payload || {} });
      } catch (err) {
        // A throwing handler must not break the session; surface it asynchronously.
        setTimeout(function () { throw err; });
      }
    }

    function deliver(command) {
      iframe.contentWindow.postMessage({ channel: 'voice-agent', command: command.name, args: command.args }, host);
    }

    function command(name, args) {
      var c = { name: name, args: args || [] };
      if (ready) deliver(c);
      else pending.push(c);
    }

    function onMessage(event) {
      if (event.origin !== host || event.source !== iframe.contentWindow) return;
      var data = event.data;
      if (!data || data.channel !== 'voice-agent' || typeof data.type !== 'string') return;
      if (data.type === 'resize') {
        var height = Number(data.payload && data.payload.height);
        if (height > 0) iframe.style.height = Math.ceil(height) + 'px';
        return;
      }
      settled = true;
      clearTimeout(timer);
      if (data.type === 'session.ready') {
        ready = true;
        pending.splice(0).forEach(deliver);
      }
      emit(data.type, data.payload);
    }

    // A frame the browser refused (an origin not allowed for the token) never says anything.
    var timer = setTimeout(function () {
      if (!settled) emit('error', { code: 'FRAME_UNAVAILABLE', message: 'The interview did not load. Is this page’s origin allowed for the embed token?' });
    }, readyTimeoutMs);

    window.addEventListener('message', onMessage);
    container.appendChild(iframe);

    return {
      iframe: iframe,
      start: function () { command('start'); },
      end: function () { command('end'); },
      mute: function () { command('mute'); },
      unmute: function () { command('unmute'); },
      setTheme: function (theme) {
        if (THEMES.indexOf(theme) < 0) throw new TypeError("VoiceAgent: setTheme takes 'dark' or 'light'.");
        command('setTheme', [theme]);
      },
      destroy: function () {
        clearTimeout(timer);
        window.removeEventListener('message', onMessage);
        iframe.remove();
      },
    };
  }

  window.VoiceAgent = { mount: mount };
})();
