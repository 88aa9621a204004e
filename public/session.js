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
    voice: el('voice'), level: el('level'), hearing: el('hearing'), voiceProblem: el('voice-problem'), reconnect: el('reconnect'),
    actions: el('actions'), endConfirm: el('end-confirm'), endKeep: el('end-keep'), endNow: el('end-now'),
  };

  var session = null;
  var shown = {};
  var busy = false;
  var ended = false;
  var muted = false;
  var voice = null;
  var speaking = false;
  var voiceOk = !window.VoiceLink.unsupported();

  var VOICE_NOTE = 'The interviewer speaks; answer aloud, or type. Mute the microphone at any time.';
  /* What the candidate reads when voice cannot run: the interview goes on in writing. */
  var VOICE_PROBLEMS = {
    MICROPHONE_DENIED: 'The microphone is blocked for this page. Allow it in the browser’s site settings and reconnect, or type your answers.',
    NO_MICROPHONE: 'No microphone was found. Connect one and reconnect, or type your answers.',
    MICROPHONE_UNAVAILABLE: 'The microphone could not be opened (is another application using it?). Reconnect, or type your answers.',
    VOICE_UNSUPPORTED: 'Voice is not available in this browser: read the questions and type your answers.',
    VOICE_DISCONNECTED: 'The voice connection was lost. Reconnect, or type your answers.',
  };

  /* How long after a restarting server closed the voice socket the page opens the next one. */
  var RESTART_RECONNECT_MS = 500;
  /*
   * A socket dropped without a word (the server holding it died, the network blinked): the page
   * tries again after each of these waits while the server is replaced, then offers Reconnect.
   */
  var DROP_RECONNECT_MS = [500, 1000, 2000, 4000, 8000];
  /* Tries since the last drop that have not got the socket live again. */
  var drops = 0;
  /*
   * An action the API could not confirm in time (504: no worker took it yet) may still happen, and
   * an end is recorded to happen: the page reads the session every SETTLE_MS to learn what became of
   * it, SETTLE_TRIES times, before it asks the candidate to try again. The 504's own message is for
   * the partner's developers; the candidate reads plain words.
   */
  var SETTLE_MS = 2000;
  var SETTLE_TRIES = 30;
  /*
   * What the candidate reads for a refusal whose message speaks to the organization or its
   * developers (credit, provider credentials, deadlines); the embedding page's `error` event keeps
   * the code and the message.
   */
  var CANNOT_RUN = 'This interview cannot run just now. Please let the organization that invited you know.';
  /* The interviewer (the organization's agent) was deleted: the interview ended without the candidate. */
  var NO_LONGER = 'This interview is no longer available. Please let the organization that invited you know.';
  var PLAIN = {
    INTERVIEW_CLOSED: NO_LONGER,
    INSUFFICIENT_CREDITS: CANNOT_RUN,
    BYOK_NOT_READY: CANNOT_RUN,
    PROVIDER_UNAVAILABLE: 'The interview cannot run just now. Please try again later.',
    ACTION_TIMEOUT: 'The interview is not responding just now. Please try again in a moment.',
    RATE_LIMITED: 'Too many requests at once. Please wait a moment and try again.',
    INTERNAL_ERROR: 'Something went wrong on our side. Please try again in a moment.',
  };
  function plain(code, message) { return PLAIN[code] || message; }

  /* Events for the parent page (embed only). */
  function post(type, payload) {
    if (surface !== 'embed' || !parentOrigin || window.parent === window) return;
    window.parent.postMessage({ channel: 'voice-agent', type: type, payload: payload || {} }, parentOrigin);
  }

  function setStatus(text) { ui.status.textContent = text; }

  /*
   * A 504: tells the embedding page, says `late`, and reads the session until `settled(session)`
   * says the action is done, or says `retry` and frees the buttons.
   */
  function waitOut(err, late, retry, settled) {
    post('error', { code: err.code, message: err.message });
    setStatus(late);
    var tries = 0;
    function look() {
      call('GET', '').then(function (next) {
        if (ended) return;
        session = next;
        if (!settled(next)) again();
      }, again);
    }
    function again() {
      if (ended) return;
      if (++tries < SETTLE_TRIES) return setTimeout(look, SETTLE_MS);
      setBusy(false);
      setStatus(retry);
    }
    setTimeout(look, SETTLE_MS);
  }

  function lastIndex() {
    return Object.keys(shown).map(Number).reduce(function (a, b) { return Math.max(a, b); }, -1);
  }

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
    stopVoice();
    showOnly(ui.problem);
    ui.problemText.textContent = plain(code, message);
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

  /* A turn as stored; voice may send an index again with the text cut to what was played. */
  function addTurn(turn) {
    var item = shown[turn.index];
    if (item && item.dataset.text === turn.text) return;
    if (!item) {
      item = shown[turn.index] = document.createElement('li');
      item.className = 'turn ' + turn.role;
      item.dataset.index = turn.index;
      var who = document.createElement('span');
      who.className = 'who';
      who.textContent = turn.role === 'agent' ? session.agentName : 'You';
      item.appendChild(who);
      item.appendChild(document.createElement('span'));
      var next = Object.keys(shown).map(Number).filter(function (i) { return i > turn.index; }).sort(function (a, b) { return a - b; })[0];
      ui.transcript.insertBefore(item, next === undefined ? null : shown[next]);
      ui.transcript.scrollTop = ui.transcript.scrollHeight;
    }
    item.dataset.text = turn.text;
    item.lastChild.textContent = turn.text;
    if (turn.role === 'candidate') ui.hearing.textContent = '';
    post('transcript.turn', { index: turn.index, role: turn.role, text: turn.text });
  }

  function removeTurn(index) {
    if (!shown[index]) return;
    shown[index].remove();
    delete shown[index];
    post('transcript.turn_removed', { index: index });
  }

  function voiceState() {
    if (!voice) return;
    if (speaking) setStatus(session.agentName + ' is speaking…');
    else if (muted) setStatus('Microphone muted. Type your answer, or unmute the microphone.');
    else setStatus('Listening… speak your answer, or type it below.');
  }

  /* Why voice stopped or never ran, with a way back where there is one; the text box stays. */
  function showVoiceProblem(code, message) {
    ui.voiceProblem.textContent = plain(code, message) || VOICE_PROBLEMS[code] || VOICE_PROBLEMS.VOICE_UNSUPPORTED;
    ui.voiceProblem.hidden = false;
    ui.voiceNote.textContent = '';
    ui.reconnect.textContent = 'Reconnect voice';
    ui.reconnect.hidden = code === 'VOICE_UNSUPPORTED';
  }

  function setMicButton() {
    // A toggle: its name stays, its pressed state (read out, and drawn filled) says muted.
    ui.mic.setAttribute('aria-pressed', String(muted));
  }

  function setMuted(value) {
    if (value === muted) return;
    muted = value;
    setMicButton();
    if (!voice) return post('voice.muted', { muted: muted });
    (muted ? voice.mute() : voice.unmute()).then(function () {
      voiceState();
      post('voice.muted', { muted: muted });
    }, function (err) {
      muted = true;
      setMicButton();
      showVoiceProblem(err.code);
      post('error', { code: err.code, message: VOICE_PROBLEMS[err.code] });
    });
  }

  /* The meter, and what has flowed so far as data attributes (what a support person, or a test, reads). */
  function setLevel(level) {
    // Speech sits around 0.01-0.3 RMS: a square root spreads it over the bar.
    var percent = Math.min(100, Math.round(Math.sqrt(level) * 180));
    ui.level.style.setProperty('--level', percent + '%');
    ui.level.setAttribute('aria-valuenow', String(percent));
    if (!voice) return;
    var data = ui.voice.dataset;
    data.framesSent = voice.stats.framesSent;
    data.chunksReceived = voice.stats.chunksReceived;
    data.msPlayed = Math.round(voice.stats.samplesPlayed / 16);
    data.marksPlayed = voice.stats.marksPlayed;
    data.clears = voice.stats.clears;
  }

  function stopVoice() {
    if (voice) voice.close();
    voice = null;
    speaking = false;
    // Words heard but not yet a turn went with the socket: their caption would say they were kept.
    ui.hearing.textContent = '';
    ui.voice.hidden = true;
    ui.mic.hidden = true;
  }

  /* Voice mode: the socket starts the interview if needed, and the agent speaks the opening. */
  function startVoice() {
    var live = false;
    var said = null;
    setBusy(true);
    ui.voiceProblem.hidden = true;
    ui.reconnect.hidden = true;
    setStatus('Connecting…');
    window.VoiceLink.connect({
      path: api + '/audio',
      url: root.dataset.mediaUrl ? root.dataset.mediaUrl + api + '/audio' : undefined,
      token: token,
      muted: muted,
      on: {
        ready: function () {
          live = true;
          drops = 0;
          setBusy(false);
          if (session.status !== 'active') post('session.started', { interviewId: interviewId });
          session.status = 'active';
          converse();
          ui.voice.hidden = false;
          ui.mic.hidden = false;
          ui.voiceNote.textContent = VOICE_NOTE;
          setMicButton();
          voiceState();
          post('voice.started', { interviewId: interviewId, muted: muted });
        },
        turn: addTurn,
        turnRemoved: removeTurn,
        partial: function (text) { ui.hearing.textContent = text; },
        level: setLevel,
        speaking: function (value) { speaking = value; ui.voice.dataset.speaking = String(value); voiceState(); },
        microphone: function () { muted = true; setMicButton(); showVoiceProblem('NO_MICROPHONE'); post('voice.muted', { muted: true }); },
        error: function (message) {
          said = message;
          // Not a problem for the candidate: the page reconnects once the socket has closed.
          if (message.code === 'SERVER_RESTARTING') return;
          if (live) showVoiceProblem(message.code, message.message);
          post('error', { code: message.code, message: message.message });
        },
        ended: function () {
          stopVoice();
          // Ended by the candidate, the agent, silence or elsewhere: over. Any other end (a vendor
          // failing) leaves the interview active, to reconnect or go on in writing.
          call('GET', '').then(function (next) {
            session = next;
            if (next.status === 'completed') return finish(next.reportId, next.endedReason);
            showVoiceProblem('VOICE_DISCONNECTED');
            setStatus('');
          }, function (err) { fail(err.code, err.message); });
        },
        closed: function () {
          stopVoice();
          setBusy(false);
          if (ended) return;
          // The server holding the socket is restarting (a deploy): the next socket reaches another.
          if (live && said && said.code === 'SERVER_RESTARTING') {
            setStatus('Reconnecting…');
            post('voice.reconnecting', { interviewId: interviewId });
            return setTimeout(function () { if (!voice && !ended) startVoice(); }, RESTART_RECONNECT_MS);
          }
          // Refused at the start (a token for another interview, one revoked): as over HTTP.
          if (!live && said) return fail(said.code, said.message);
          // Dropped, or a try after a drop that did not get through: the next try may reach a server that is up.
          if (!said && (live || drops > 0) && drops < DROP_RECONNECT_MS.length) {
            setStatus('Reconnecting…');
            if (drops === 0) post('voice.reconnecting', { interviewId: interviewId });
            return setTimeout(function () { if (!voice && !ended) startVoice(); }, DROP_RECONNECT_MS[drops++]);
          }
          if (live || drops > 0) {
            drops = 0;
            if (!said) showVoiceProblem('VOICE_DISCONNECTED');
            setStatus('');
            return post('error', { code: 'VOICE_DISCONNECTED', message: VOICE_PROBLEMS.VOICE_DISCONNECTED });
          }
          // The socket never got through (a proxy without WebSockets): the interview goes on in writing.
          showVoiceProblem('VOICE_DISCONNECTED');
          post('voice.unavailable', { code: 'VOICE_DISCONNECTED', message: VOICE_PROBLEMS.VOICE_DISCONNECTED });
          if (session.status === 'active') converse();
          else startText();
        },
      },
    }).then(function (link) { voice = link; }, function (err) {
      setBusy(false);
      showVoiceProblem(err.code);
      post('voice.unavailable', { code: err.code, message: VOICE_PROBLEMS[err.code] });
      if (session.status === 'active') converse();
      else startText();
    });
  }

  function setBusy(value) {
    busy = value;
    ui.send.disabled = value;
    ui.end.disabled = value;
    ui.start.disabled = value;
  }

  /* An interview over: thanks, or why it cannot go on when its agent was deleted. */
  function showEnded(endedReason) {
    if (endedReason !== 'agent_deleted') return showOnly(ui.done);
    showOnly(ui.problem);
    ui.problemText.textContent = NO_LONGER;
  }

  function finish(reportId, endedReason) {
    if (ended) return;
    ended = true;
    stopVoice();
    showEnded(endedReason);
    setStatus('');
    post('session.ended', { interviewId: interviewId, reportId: reportId || null, endedReason: endedReason || null });
  }

  function converse() {
    showOnly(ui.conversation);
    session.turns.forEach(addTurn);
    if (!voice) setStatus('Type your answer and press Send.');
    ui.message.focus();
  }

  function start() {
    if (!session || session.status === 'completed' || busy || voice) return;
    if (session.mode === 'voice' && voiceOk) startVoice();
    else startText();
  }

  function startText() {
    setBusy(true);
    setStatus('Starting…');
    call('POST', '/start').then(started, function (err) {
      if (err.status !== 504) { setBusy(false); return fail(err.code, err.message); }
      waitOut(err, 'Starting… this is taking longer than usual.', 'The interview could not start just now. Please press Start again in a moment.', function (next) {
        if (next.status === 'completed') finish(next.reportId, next.endedReason);
        else if (next.status === 'active') started(next);
        else return false;
        return true;
      });
    });
  }

  function started(next) {
    session = next;
    setBusy(false);
    post('session.started', { interviewId: interviewId });
    converse();
  }

  function send() {
    var text = ui.message.value.trim();
    if (!text || busy || ended) {
      if (!text) setStatus('Write an answer first.');
      return;
    }
    setBusy(true);
    setStatus(session.agentName + ' is replying…');
    var asked = lastIndex();
    call('POST', '/messages', { text: text }).then(function (reply) {
      setBusy(false);
      ui.message.value = '';
      addTurn(reply.candidateTurn);
      (reply.agentTurns || [reply.agentTurn]).forEach(addTurn);
      setStatus('');
      if (reply.ended) {
        // The session says why it ended (the agent, or the maximum duration meanwhile).
        return call('GET', '').then(function (next) { finish(next.reportId, next.endedReason); }, function () { finish(reply.reportId, null); });
      }
      voiceState();
      ui.message.focus();
    }, function (err) {
      if (err.status === 504) return awaitReply(asked, err);
      setBusy(false);
      if (err.status === 409) return refresh();
      setStatus(plain(err.code, err.message));
      post('error', { code: err.code, message: err.message });
    });
  }

  /* The answer sent may still reach the agent: its reply, once in the session, is shown as sent. */
  function awaitReply(asked, err) {
    var late = session.agentName + ' is taking longer than usual to reply…';
    waitOut(err, late, 'Your answer could not be sent just now. Please send it again.', function (next) {
      next.turns.forEach(addTurn);
      if (next.status === 'completed') {
        finish(next.reportId, next.endedReason);
        return true;
      }
      var latest = next.turns[next.turns.length - 1];
      var answered = next.turns.some(function (t) { return t.role === 'candidate' && t.index > asked; });
      if (!answered || !latest || latest.role !== 'agent' || latest.index <= asked) return false;
      setBusy(false);
      ui.message.value = '';
      setStatus('');
      voiceState();
      ui.message.focus();
      return true;
    });
  }

  function end() {
    if (busy || ended) return;
    // The socket ends it and says so with `ended`, after which the page finishes.
    if (voice) return voice.end();
    setBusy(true);
    setStatus('Ending…');
    call('POST', '/end').then(function (next) {
      setBusy(false);
      finish(next.reportId, next.endedReason);
    }, function (err) {
      if (err.status === 504) {
        var retry = 'The interview has not ended yet. Please press End interview again in a moment.';
        return waitOut(err, 'Ending the interview… this is taking longer than usual.', retry, function (next) {
          if (next.status !== 'completed') return false;
          setBusy(false);
          finish(next.reportId, next.endedReason);
          return true;
        });
      }
      setBusy(false);
      if (err.status === 409) return refresh();
      setStatus(plain(err.code, err.message));
      post('error', { code: err.code, message: err.message });
    });
  }

  /*
   * The candidate's End button asks first: the button sits beside Send, and an interview ended by a
   * slip cannot be taken up again. The embedding page's `end` command does not ask.
   */
  function askEnd(asking) {
    if (asking && (busy || ended)) return;
    ui.actions.hidden = asking;
    ui.endConfirm.hidden = !asking;
    (asking ? ui.endKeep : ui.end).focus();
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
    ui.voiceNote.textContent =
      session.mode === 'text' ? '' :
      voiceOk ? VOICE_NOTE :
      VOICE_PROBLEMS.VOICE_UNSUPPORTED;
    if (session.status === 'completed') {
      showEnded(session.endedReason);
      setStatus('');
    } else if (session.status === 'active') {
      // Back on an interview under way: voice needs a press (browsers play audio only after one).
      converse();
      if (session.mode === 'voice' && voiceOk) {
        ui.reconnect.textContent = 'Turn on voice';
        ui.reconnect.hidden = false;
      }
    } else {
      showOnly(ui.welcome);
      ui.opening.textContent = session.opening || 'Hello ' + session.candidateName + ', welcome to your interview with ' + session.agentName + '.';
      ui.modeNote.textContent = session.mode !== 'voice' ? 'This is a written interview: you will type your answers.' :
        voiceOk ? 'This is a voice interview: allow the microphone when asked, or type your answers.' :
        'This is a voice interview, but voice is not available in this browser: you will read the questions and type your answers.';
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
  ui.end.addEventListener('click', function () { askEnd(true); });
  ui.endKeep.addEventListener('click', function () { askEnd(false); });
  ui.endNow.addEventListener('click', function () { askEnd(false); end(); });
  ui.mic.addEventListener('click', function () { setMuted(!muted); });
  ui.reconnect.addEventListener('click', function () { if (!voice && !ended) startVoice(); });
  ui.composer.addEventListener('submit', function (event) { event.preventDefault(); send(); });
  ui.message.addEventListener('keydown', function (event) {
    // Enter sends, Shift+Enter adds a line, as in most chats.
    if (event.key === 'Enter' && !event.shiftKey) { event.preventDefault(); send(); }
  });

  if (root.dataset.error) return fail(root.dataset.errorCode || 'UNAVAILABLE', root.dataset.error);
  if (!token) return fail('INVALID_CANDIDATE_TOKEN', 'This interview link is incomplete. Open the full link you were sent.');
  call('GET', '').then(function (s) { session = s; render(); }, function (err) { fail(err.code, err.message); });
})();
