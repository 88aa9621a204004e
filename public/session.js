/*
 * The candidate's side of one interview, for the hosted link (/i/{id}#<capability>) and the embed
 * frame (/embed/{id}#token=<embed token>&parentOrigin=<origin>). Plain browser JavaScript, no build
 * step. The credential travels in the fragment, which browsers never send to a server nor put in
 * a Referer. In the frame it reports events to the parent page and takes commands from it, both
 * only with the parent's origin: the browser delivers events only if that really is the parent,
 * and lets the frame load only in origins the interview's embed tokens allow (frame-ancestors).
 */
(function () {
  'use strict';

  var root = document.documentElement;
  var surface = root.dataset.surface;
  var interviewId = root.dataset.interviewId;
  var fragment = location.hash.slice(1);
  var embedded = surface === 'embed' ? new URLSearchParams(fragment) : null;
  var parentOrigin = (embedded && embedded.get('parentOrigin')) || '';
  var token = embedded ? embedded.get('token') || '' : decodeURIComponent(fragment);
  var api = '/candidate/v1/interviews/' + encodeURIComponent(interviewId);

  var el = function (id) { return document.getElementById(id); };
  var ui = {
    title: el('title'), subtitle: el('subtitle'), status: el('status'), theme: el('theme'),
    welcome: el('welcome'), opening: el('opening'), modeNote: el('mode-note'), start: el('start'),
    conversation: el('conversation'), transcript: el('transcript'), composer: el('composer'),
    message: el('message'), voiceNote: el('voice-note'), mic: el('mic'), end: el('end'), send: el('send'),
    done: el('done'), problem: el('problem'), problemText: el('problem-text'),
  };

  var session = null;
  var shown = {};
  var busy = false;
  var ended = false;
  var muted = false;
  var Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
  var synth = window.speechSynthesis;
  var recognizer = null;

  /* Events for the parent page (embed only). */
  function post(type, payload) {
    if (surface !== 'embed' || !parentOrigin || window.parent === window) return;
    window.parent.postMessage({ channel: 'voice-agent', type: type, payload: payload || {} }, parentOrigin);
  }

  function setStatus(text) { ui.status.textContent = text; }

  function setTheme(theme) {
    if (theme !== 'dark' && theme !== 'light') return;
    root.dataset.theme = theme;
    ui.theme.setAttribute('aria-pressed', String(theme === 'dark'));
    ui.theme.textContent = theme === 'dark' ? 'Light theme' : 'Dark theme';
  }

  function showOnly(section) {
    [ui.welcome, ui.conversation, ui.done, ui.problem].forEach(function (s) { s.hidden = s !== section; });
  }

  function fail(code, message) {
    stopListening();
    showOnly(ui.problem);
    ui.problemText.textContent = message;
    setStatus('');
    post('error', { code: code, message: message });
  }

  function call(method, path, body) {
    return fetch(api + path, {
      method: method,
      headers: Object.assign({ authorization: 'Bearer ' + token }, body ? { 'content-type': 'application/json' } : {}),
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (json) {
        if (res.ok) return json;
        var error = (json && json.error) || {};
        var err = new Error(error.message || 'The request failed (' + res.status + ').');
        err.code = error.code || 'HTTP_' + res.status;
        err.status = res.status;
        throw err;
      });
    });
  }

  function addTurn(turn) {
    if (shown[turn.index]) return;
    shown[turn.index] = true;
    var item = document.createElement('li');
    item.className = 'turn ' + turn.role;
    var who = document.createElement('span');
    who.className = 'who';
    who.textContent = turn.role === 'agent' ? session.agentName : 'You';
    var text = document.createElement('span');
    text.textContent = turn.text;
    item.appendChild(who);
    item.appendChild(text);
    ui.transcript.appendChild(item);
    ui.transcript.scrollTop = ui.transcript.scrollHeight;
    post('transcript.turn', { index: turn.index, role: turn.role, text: turn.text });
  }

  /* Voice mode: speak the agent's turns, then listen, where the browser can. */
  function speak(text) {
    if (session.mode !== 'voice' || !synth || typeof SpeechSynthesisUtterance === 'undefined') return listen();
    var utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = session.language;
    utterance.onend = listen;
    utterance.onerror = listen;
    synth.cancel();
    synth.speak(utterance);
  }

  function listen() {
    if (session.mode !== 'voice' || !Recognition || muted || ended || busy || recognizer) return;
    recognizer = new Recognition();
    recognizer.lang = session.language;
    recognizer.interimResults = false;
    recognizer.onresult = function (event) {
      var heard = event.results[0] && event.results[0][0] ? event.results[0][0].transcript.trim() : '';
      if (heard) { ui.message.value = heard; send(); }
    };
    recognizer.onend = function () { recognizer = null; };
    recognizer.onerror = function () { recognizer = null; };
    try { recognizer.start(); setStatus('Listening… speak your answer, or type it below.'); } catch (e) { recognizer = null; }
  }

  function stopListening() {
    if (recognizer) { try { recognizer.abort(); } catch (e) { /* already stopped */ } recognizer = null; }
  }

  function setMuted(value) {
    muted = value;
    ui.mic.setAttribute('aria-pressed', String(muted));
    ui.mic.textContent = muted ? 'Unmute microphone' : 'Mute microphone';
    if (muted) { stopListening(); setStatus('Microphone muted. Type your answer, or unmute.'); } else listen();
  }

  function setBusy(value) {
    busy = value;
    ui.send.disabled = value;
    ui.end.disabled = value;
    ui.start.disabled = value;
  }

  function finish(reportId, endedReason) {
    if (ended) return;
    ended = true;
    stopListening();
    if (synth) synth.cancel();
    showOnly(ui.done);
    setStatus('');
    post('session.ended', { interviewId: interviewId, reportId: reportId || null, endedReason: endedReason || null });
  }

  function converse() {
    showOnly(ui.conversation);
    session.turns.forEach(addTurn);
    setStatus(session.mode === 'voice' && Recognition ? '' : 'Type your answer and press Send.');
    ui.message.focus();
  }

  function start() {
    if (!session || session.status === 'completed' || busy) return;
    setBusy(true);
    setStatus('Starting…');
    call('POST', '/start').then(function (next) {
      session = next;
      setBusy(false);
      post('session.started', { interviewId: interviewId });
      converse();
      var last = session.turns[session.turns.length - 1];
      if (last) speak(last.text);
    }, function (err) { setBusy(false); fail(err.code, err.message); });
  }

  function send() {
    var text = ui.message.value.trim();
    if (!text || busy || ended) {
      if (!text) setStatus('Write an answer first.');
      return;
    }
    stopListening();
    setBusy(true);
    setStatus(session.agentName + ' is replying…');
    call('POST', '/messages', { text: text }).then(function (reply) {
      setBusy(false);
      ui.message.value = '';
      addTurn(reply.candidateTurn);
      addTurn(reply.agentTurn);
      setStatus('');
      if (reply.ended) {
        // The session says why it ended (the agent, or the maximum duration meanwhile).
        return call('GET', '').then(function (next) { finish(next.reportId, next.endedReason); }, function () { finish(reply.reportId, null); });
      }
      speak(reply.agentTurn.text);
      ui.message.focus();
    }, function (err) {
      setBusy(false);
      if (err.status === 409) return refresh();
      setStatus(err.message);
      post('error', { code: err.code, message: err.message });
    });
  }

  function end() {
    if (busy || ended) return;
    setBusy(true);
    setStatus('Ending…');
    call('POST', '/end').then(function (next) {
      setBusy(false);
      finish(next.reportId, next.endedReason);
    }, function (err) {
      setBusy(false);
      if (err.status === 409) return refresh();
      setStatus(err.message);
      post('error', { code: err.code, message: err.message });
    });
  }

  /* After a refusal: the interview may have ended on its own (maximum duration, the agent). */
  function refresh() {
    return call('GET', '').then(function (next) {
      session = next;
      if (session.status === 'completed') finish(session.reportId, session.endedReason);
      else setStatus('Please wait for the reply, then try again.');
    }, function (err) { fail(err.code, err.message); });
  }

  function render() {
    ui.title.textContent = 'Interview with ' + session.agentName;
    ui.subtitle.textContent = 'For ' + session.candidateName;
    document.title = 'Interview with ' + session.agentName;
    var voiceIn = session.mode === 'voice' && Recognition;
    var voiceOut = session.mode === 'voice' && synth;
    ui.mic.hidden = !voiceIn;
    ui.voiceNote.textContent =
      session.mode === 'text' ? '' :
      voiceIn && voiceOut ? 'The interviewer speaks; answer aloud, or type. Mute the microphone at any time.' :
      'Voice is not available in this browser: read the questions and type your answers.';
    if (session.status === 'completed') {
      showOnly(ui.done);
      setStatus('');
    } else if (session.status === 'active') {
      converse();
    } else {
      showOnly(ui.welcome);
      ui.opening.textContent = session.opening || 'Hello ' + session.candidateName + ', welcome to your interview with ' + session.agentName + '.';
      ui.modeNote.textContent = session.mode === 'voice' ? 'This is a voice interview: allow the microphone when asked, or type your answers.' : 'This is a written interview: you will type your answers.';
      setStatus('');
      ui.start.focus();
    }
    post('session.ready', { interviewId: interviewId, status: session.status, mode: session.mode });
  }

  /* Commands from the parent page: only from the origin the server checked, only from the parent. */
  window.addEventListener('message', function (event) {
    if (surface !== 'embed' || !parentOrigin || event.origin !== parentOrigin || event.source !== window.parent) return;
    var data = event.data || {};
    if (data.channel !== 'voice-agent') return;
    if (data.command === 'start') start();
    else if (data.command === 'end') end();
    else if (data.command === 'mute') setMuted(true);
    else if (data.command === 'unmute') setMuted(false);
    else if (data.command === 'setTheme') setTheme(data.args && data.args[0]);
  });

  if (surface === 'embed' && window.ResizeObserver) {
    new ResizeObserver(function () {
      // The body's own height, not the document's, which is never less than the frame.
      post('resize', { height: Math.ceil(document.body.getBoundingClientRect().height) });
    }).observe(document.body);
  }

  setTheme(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
  ui.theme.addEventListener('click', function () { setTheme(root.dataset.theme === 'dark' ? 'light' : 'dark'); });
  ui.start.addEventListener('click', start);
  ui.end.addEventListener('click', end);
  ui.mic.addEventListener('click', function () { setMuted(!muted); });
  ui.composer.addEventListener('submit', function (event) { event.preventDefault(); send(); });
  ui.message.addEventListener('keydown', function (event) {
    // Enter sends, Shift+Enter adds a line, as in most chats.
    if (event.key === 'Enter' && !event.shiftKey) { event.preventDefault(); send(); }
  });

  if (root.dataset.error) return fail(root.dataset.errorCode || 'UNAVAILABLE', root.dataset.error);
  if (!token) return fail('INVALID_CANDIDATE_TOKEN', 'This interview link is incomplete. Open the full link you were sent.');
  call('GET', '').then(function (s) { session = s; render(); }, function (err) { fail(err.code, err.message); });
})();
