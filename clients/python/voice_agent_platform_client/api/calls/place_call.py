from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.place_call_call import PlaceCallCall
from ...models.place_call_call_create import PlaceCallCallCreate
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PlaceCallCallCreate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/calls",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | PlaceCallCall | None:
    if response.status_code == 201:
        response_201 = PlaceCallCall.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = Error.from_dict(response.json())

        return response_402

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if response.status_code == 502:
        response_502 = Error.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Error.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | PlaceCallCall]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PlaceCallCallCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | PlaceCallCall]:
    """Place an outbound call

     Answers once the carrier has accepted the dial (`status: created`); the conversation continues in
    the background. Poll `GET /calls/{id}` until `completed`. A dial the carrier has not accepted within
    the server's deadline is abandoned with 504 `DIAL_TIMEOUT` and nothing is charged: a dial not yet
    started never is, and should the carrier accept one after all, it is hung up at once and listed as
    `completed` with disposition `hangup_requested`. The agent must be a phone agent whose
    `phone.direction` is `outbound` or `both`; an `inbound` one only answers its phone numbers (400
    naming `body.agentId`). Credits: 402 `INSUFFICIENT_CREDITS` when the organization has no minute left
    to hold. Each call holds its first minute at admission and each next minute before it begins; a call
    whose next minute cannot be held is closed by the agent with a short closing line before its last
    held minute ends (disposition `credits_exhausted`), so no organization is ever overdrawn. Keys with
    `byok` are billed per minute outside credits (see `byok.usedMinutes` in `GET /usage`) and need
    verified `llm`, `stt` and `tts` provider credentials, else 400 `BYOK_NOT_READY` before anything is
    dialled. A completed call is charged its connected time rounded up to the started minute; unanswered
    calls are free. Concurrency: at most `maxConcurrentCalls` calls in `created` or `active` per
    organization, direct, campaign and inbound calls together (429 `CONCURRENCY_LIMIT_EXCEEDED`). A
    number that is do-not-call (see Contacts) is 409 `DO_NOT_CALL` with `param` `body.phoneNumber`,
    checked before anything is reserved, created or charged. Dialling policy: a number outside the
    countries the organization may call, or a premium-rate, shared-cost, personal or pager number (by
    libphonenumber’s type data), is 400 `DESTINATION_NOT_ALLOWED` naming `body.phoneNumber`, before
    anything is dialled or charged. Admission runs in one order: the organization, the destination, do-
    not-call, BYOK readiness, the concurrency slot, the credit hold. The contact of the number lends its
    `attributes` as `variables` for the agent’s placeholders the request does not give. A carrier
    refusal is 400 `CARRIER_REJECTED` or 502 `CARRIER_UNAVAILABLE` and leaves no call behind. Nobody is
    rung twice: with an `Idempotency-Key`, the call’s id is derived from the organization and the key,
    so a retry after the server lost the first try finds that call (or its dial in progress) instead of
    dialling again; a dial retried inside the service (a lost worker, a carrier request that went
    unanswered) first asks the carrier for the call it may already have placed, and adopts it.
    `disposition` values: completed (the agent finished), contact_hung_up, max_duration,
    hangup_requested, no_answer (rang out, or voicemail with `mark_no_answer`), busy, failed (the
    carrier failed the call, or the call failed while talking: its audio connection dropped, a speech
    vendor or the model failed; charged its connected time up to the failure), voicemail (voicemail with
    `hangup`), voicemail_left (with `leave_message`), credits_exhausted (the organization had no minute
    left for the next one), transferred (the agent handed the caller to a person with its `transfer`
    tool; charged its connected time up to the hand-off, and the report has the `transfer`). Speech: the
    call is heard and spoken by the agent’s `providers.stt` and `providers.tts` (else the server’s
    defaults); a `byok` key’s calls only by the organization’s own verified credentials, never the
    service’s. The simulated carrier (the default) has test numbers: +442079460001: answers, holds a
    short conversation, the agent ends it (as does any valid number not listed); +442079460002: rings
    until `RING_TIMEOUT_SECONDS`; +442079460003: busy; +442079460004: voicemail; the agent's
    `phone.voicemailBehavior` decides; +442079460005: the carrier rejects the dial: 400
    `CARRIER_REJECTED`, no call created; +442079460006: answers, then hangs up after the greeting;
    +442079460007: answers and stays silent until `maxDurationMinutes` (or a hangup); +442079460008: the
    call fails after the dial; +442079460009: the carrier is unavailable: 502 `CARRIER_UNAVAILABLE`, no
    call created; +442079460020: answers and asks to speak to a person: an agent with a `transfer` tool
    transfers the call to its first destination (see docs/tools.md); +442079460021: answers and asks the
    agent to look something up: the agent calls its first `http` tool with the simplest valid value of
    each required parameter and speaks the tool's answer (see docs/tools.md); +442079460022: answers and
    asks to be called back tomorrow at 10:00: with the `callback` tool the agent records it (the
    report's `callback.at`, 10:00 tomorrow in the callee's time zone; for a campaign recipient, their
    next attempt) and says goodbye (see docs/tools.md); +442079460030: as a transfer destination: a
    person answers and takes the caller over; dialled, answers like any number; +442079460031: as a
    transfer destination: nobody answers (a warm transfer fails with `no_answer`); dialled, rings until
    `RING_TIMEOUT_SECONDS`; +442079460032: as a transfer destination: busy (a warm transfer fails with
    `busy`); dialled, busy; +442079460033: answers with a phone menu ("press 1 for sales, 2 for
    support") and puts a person on the line after a key of the menu, for an agent with the `keypad`
    tool; +442079460041: answers with "Hello?" and waits for the agent, then talks as +442079460001
    does: with `phone.machineDetection`, `answeredBy: person`. The machine numbers below answer in audio
    on `SIMULATED_LINE=audio` only (on the text line they answer as +442079460001); +442079460042: a
    voicemail greeting, then a 1 kHz beep, then silence: with `phone.machineDetection`, `answeredBy:
    voicemail` and the agent leaves its message after the beep per `phone.voicemailBehavior`;
    +442079460043: a voicemail greeting with no beep, then silence: with `phone.machineDetection`, the
    agent leaves its message once the greeting is over; +442079460044: a recorded phone menu ("for
    sales, press one"), then silence: with `phone.machineDetection`, `answeredBy: phone_menu` and the
    agent hangs up; +442079460045: a call-screening assistant asks who is calling and why: with
    `phone.machineDetection`, the agent says so once (`answeredBy: call_screener`), then the person
    picks up and talks as +442079460001 does; +442079460999: answers, asks to be taken off the list and
    hangs up: the report has `optOut: true` and the number becomes do-not-call.

    Requires scope `campaigns:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (PlaceCallCallCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PlaceCallCall]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: PlaceCallCallCreate,
    idempotency_key: str | Unset = UNSET,
) -> Error | PlaceCallCall | None:
    """Place an outbound call

     Answers once the carrier has accepted the dial (`status: created`); the conversation continues in
    the background. Poll `GET /calls/{id}` until `completed`. A dial the carrier has not accepted within
    the server's deadline is abandoned with 504 `DIAL_TIMEOUT` and nothing is charged: a dial not yet
    started never is, and should the carrier accept one after all, it is hung up at once and listed as
    `completed` with disposition `hangup_requested`. The agent must be a phone agent whose
    `phone.direction` is `outbound` or `both`; an `inbound` one only answers its phone numbers (400
    naming `body.agentId`). Credits: 402 `INSUFFICIENT_CREDITS` when the organization has no minute left
    to hold. Each call holds its first minute at admission and each next minute before it begins; a call
    whose next minute cannot be held is closed by the agent with a short closing line before its last
    held minute ends (disposition `credits_exhausted`), so no organization is ever overdrawn. Keys with
    `byok` are billed per minute outside credits (see `byok.usedMinutes` in `GET /usage`) and need
    verified `llm`, `stt` and `tts` provider credentials, else 400 `BYOK_NOT_READY` before anything is
    dialled. A completed call is charged its connected time rounded up to the started minute; unanswered
    calls are free. Concurrency: at most `maxConcurrentCalls` calls in `created` or `active` per
    organization, direct, campaign and inbound calls together (429 `CONCURRENCY_LIMIT_EXCEEDED`). A
    number that is do-not-call (see Contacts) is 409 `DO_NOT_CALL` with `param` `body.phoneNumber`,
    checked before anything is reserved, created or charged. Dialling policy: a number outside the
    countries the organization may call, or a premium-rate, shared-cost, personal or pager number (by
    libphonenumber’s type data), is 400 `DESTINATION_NOT_ALLOWED` naming `body.phoneNumber`, before
    anything is dialled or charged. Admission runs in one order: the organization, the destination, do-
    not-call, BYOK readiness, the concurrency slot, the credit hold. The contact of the number lends its
    `attributes` as `variables` for the agent’s placeholders the request does not give. A carrier
    refusal is 400 `CARRIER_REJECTED` or 502 `CARRIER_UNAVAILABLE` and leaves no call behind. Nobody is
    rung twice: with an `Idempotency-Key`, the call’s id is derived from the organization and the key,
    so a retry after the server lost the first try finds that call (or its dial in progress) instead of
    dialling again; a dial retried inside the service (a lost worker, a carrier request that went
    unanswered) first asks the carrier for the call it may already have placed, and adopts it.
    `disposition` values: completed (the agent finished), contact_hung_up, max_duration,
    hangup_requested, no_answer (rang out, or voicemail with `mark_no_answer`), busy, failed (the
    carrier failed the call, or the call failed while talking: its audio connection dropped, a speech
    vendor or the model failed; charged its connected time up to the failure), voicemail (voicemail with
    `hangup`), voicemail_left (with `leave_message`), credits_exhausted (the organization had no minute
    left for the next one), transferred (the agent handed the caller to a person with its `transfer`
    tool; charged its connected time up to the hand-off, and the report has the `transfer`). Speech: the
    call is heard and spoken by the agent’s `providers.stt` and `providers.tts` (else the server’s
    defaults); a `byok` key’s calls only by the organization’s own verified credentials, never the
    service’s. The simulated carrier (the default) has test numbers: +442079460001: answers, holds a
    short conversation, the agent ends it (as does any valid number not listed); +442079460002: rings
    until `RING_TIMEOUT_SECONDS`; +442079460003: busy; +442079460004: voicemail; the agent's
    `phone.voicemailBehavior` decides; +442079460005: the carrier rejects the dial: 400
    `CARRIER_REJECTED`, no call created; +442079460006: answers, then hangs up after the greeting;
    +442079460007: answers and stays silent until `maxDurationMinutes` (or a hangup); +442079460008: the
    call fails after the dial; +442079460009: the carrier is unavailable: 502 `CARRIER_UNAVAILABLE`, no
    call created; +442079460020: answers and asks to speak to a person: an agent with a `transfer` tool
    transfers the call to its first destination (see docs/tools.md); +442079460021: answers and asks the
    agent to look something up: the agent calls its first `http` tool with the simplest valid value of
    each required parameter and speaks the tool's answer (see docs/tools.md); +442079460022: answers and
    asks to be called back tomorrow at 10:00: with the `callback` tool the agent records it (the
    report's `callback.at`, 10:00 tomorrow in the callee's time zone; for a campaign recipient, their
    next attempt) and says goodbye (see docs/tools.md); +442079460030: as a transfer destination: a
    person answers and takes the caller over; dialled, answers like any number; +442079460031: as a
    transfer destination: nobody answers (a warm transfer fails with `no_answer`); dialled, rings until
    `RING_TIMEOUT_SECONDS`; +442079460032: as a transfer destination: busy (a warm transfer fails with
    `busy`); dialled, busy; +442079460033: answers with a phone menu ("press 1 for sales, 2 for
    support") and puts a person on the line after a key of the menu, for an agent with the `keypad`
    tool; +442079460041: answers with "Hello?" and waits for the agent, then talks as +442079460001
    does: with `phone.machineDetection`, `answeredBy: person`. The machine numbers below answer in audio
    on `SIMULATED_LINE=audio` only (on the text line they answer as +442079460001); +442079460042: a
    voicemail greeting, then a 1 kHz beep, then silence: with `phone.machineDetection`, `answeredBy:
    voicemail` and the agent leaves its message after the beep per `phone.voicemailBehavior`;
    +442079460043: a voicemail greeting with no beep, then silence: with `phone.machineDetection`, the
    agent leaves its message once the greeting is over; +442079460044: a recorded phone menu ("for
    sales, press one"), then silence: with `phone.machineDetection`, `answeredBy: phone_menu` and the
    agent hangs up; +442079460045: a call-screening assistant asks who is calling and why: with
    `phone.machineDetection`, the agent says so once (`answeredBy: call_screener`), then the person
    picks up and talks as +442079460001 does; +442079460999: answers, asks to be taken off the list and
    hangs up: the report has `optOut: true` and the number becomes do-not-call.

    Requires scope `campaigns:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (PlaceCallCallCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PlaceCallCall
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PlaceCallCallCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | PlaceCallCall]:
    """Place an outbound call

     Answers once the carrier has accepted the dial (`status: created`); the conversation continues in
    the background. Poll `GET /calls/{id}` until `completed`. A dial the carrier has not accepted within
    the server's deadline is abandoned with 504 `DIAL_TIMEOUT` and nothing is charged: a dial not yet
    started never is, and should the carrier accept one after all, it is hung up at once and listed as
    `completed` with disposition `hangup_requested`. The agent must be a phone agent whose
    `phone.direction` is `outbound` or `both`; an `inbound` one only answers its phone numbers (400
    naming `body.agentId`). Credits: 402 `INSUFFICIENT_CREDITS` when the organization has no minute left
    to hold. Each call holds its first minute at admission and each next minute before it begins; a call
    whose next minute cannot be held is closed by the agent with a short closing line before its last
    held minute ends (disposition `credits_exhausted`), so no organization is ever overdrawn. Keys with
    `byok` are billed per minute outside credits (see `byok.usedMinutes` in `GET /usage`) and need
    verified `llm`, `stt` and `tts` provider credentials, else 400 `BYOK_NOT_READY` before anything is
    dialled. A completed call is charged its connected time rounded up to the started minute; unanswered
    calls are free. Concurrency: at most `maxConcurrentCalls` calls in `created` or `active` per
    organization, direct, campaign and inbound calls together (429 `CONCURRENCY_LIMIT_EXCEEDED`). A
    number that is do-not-call (see Contacts) is 409 `DO_NOT_CALL` with `param` `body.phoneNumber`,
    checked before anything is reserved, created or charged. Dialling policy: a number outside the
    countries the organization may call, or a premium-rate, shared-cost, personal or pager number (by
    libphonenumber’s type data), is 400 `DESTINATION_NOT_ALLOWED` naming `body.phoneNumber`, before
    anything is dialled or charged. Admission runs in one order: the organization, the destination, do-
    not-call, BYOK readiness, the concurrency slot, the credit hold. The contact of the number lends its
    `attributes` as `variables` for the agent’s placeholders the request does not give. A carrier
    refusal is 400 `CARRIER_REJECTED` or 502 `CARRIER_UNAVAILABLE` and leaves no call behind. Nobody is
    rung twice: with an `Idempotency-Key`, the call’s id is derived from the organization and the key,
    so a retry after the server lost the first try finds that call (or its dial in progress) instead of
    dialling again; a dial retried inside the service (a lost worker, a carrier request that went
    unanswered) first asks the carrier for the call it may already have placed, and adopts it.
    `disposition` values: completed (the agent finished), contact_hung_up, max_duration,
    hangup_requested, no_answer (rang out, or voicemail with `mark_no_answer`), busy, failed (the
    carrier failed the call, or the call failed while talking: its audio connection dropped, a speech
    vendor or the model failed; charged its connected time up to the failure), voicemail (voicemail with
    `hangup`), voicemail_left (with `leave_message`), credits_exhausted (the organization had no minute
    left for the next one), transferred (the agent handed the caller to a person with its `transfer`
    tool; charged its connected time up to the hand-off, and the report has the `transfer`). Speech: the
    call is heard and spoken by the agent’s `providers.stt` and `providers.tts` (else the server’s
    defaults); a `byok` key’s calls only by the organization’s own verified credentials, never the
    service’s. The simulated carrier (the default) has test numbers: +442079460001: answers, holds a
    short conversation, the agent ends it (as does any valid number not listed); +442079460002: rings
    until `RING_TIMEOUT_SECONDS`; +442079460003: busy; +442079460004: voicemail; the agent's
    `phone.voicemailBehavior` decides; +442079460005: the carrier rejects the dial: 400
    `CARRIER_REJECTED`, no call created; +442079460006: answers, then hangs up after the greeting;
    +442079460007: answers and stays silent until `maxDurationMinutes` (or a hangup); +442079460008: the
    call fails after the dial; +442079460009: the carrier is unavailable: 502 `CARRIER_UNAVAILABLE`, no
    call created; +442079460020: answers and asks to speak to a person: an agent with a `transfer` tool
    transfers the call to its first destination (see docs/tools.md); +442079460021: answers and asks the
    agent to look something up: the agent calls its first `http` tool with the simplest valid value of
    each required parameter and speaks the tool's answer (see docs/tools.md); +442079460022: answers and
    asks to be called back tomorrow at 10:00: with the `callback` tool the agent records it (the
    report's `callback.at`, 10:00 tomorrow in the callee's time zone; for a campaign recipient, their
    next attempt) and says goodbye (see docs/tools.md); +442079460030: as a transfer destination: a
    person answers and takes the caller over; dialled, answers like any number; +442079460031: as a
    transfer destination: nobody answers (a warm transfer fails with `no_answer`); dialled, rings until
    `RING_TIMEOUT_SECONDS`; +442079460032: as a transfer destination: busy (a warm transfer fails with
    `busy`); dialled, busy; +442079460033: answers with a phone menu ("press 1 for sales, 2 for
    support") and puts a person on the line after a key of the menu, for an agent with the `keypad`
    tool; +442079460041: answers with "Hello?" and waits for the agent, then talks as +442079460001
    does: with `phone.machineDetection`, `answeredBy: person`. The machine numbers below answer in audio
    on `SIMULATED_LINE=audio` only (on the text line they answer as +442079460001); +442079460042: a
    voicemail greeting, then a 1 kHz beep, then silence: with `phone.machineDetection`, `answeredBy:
    voicemail` and the agent leaves its message after the beep per `phone.voicemailBehavior`;
    +442079460043: a voicemail greeting with no beep, then silence: with `phone.machineDetection`, the
    agent leaves its message once the greeting is over; +442079460044: a recorded phone menu ("for
    sales, press one"), then silence: with `phone.machineDetection`, `answeredBy: phone_menu` and the
    agent hangs up; +442079460045: a call-screening assistant asks who is calling and why: with
    `phone.machineDetection`, the agent says so once (`answeredBy: call_screener`), then the person
    picks up and talks as +442079460001 does; +442079460999: answers, asks to be taken off the list and
    hangs up: the report has `optOut: true` and the number becomes do-not-call.

    Requires scope `campaigns:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (PlaceCallCallCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PlaceCallCall]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PlaceCallCallCreate,
    idempotency_key: str | Unset = UNSET,
) -> Error | PlaceCallCall | None:
    """Place an outbound call

     Answers once the carrier has accepted the dial (`status: created`); the conversation continues in
    the background. Poll `GET /calls/{id}` until `completed`. A dial the carrier has not accepted within
    the server's deadline is abandoned with 504 `DIAL_TIMEOUT` and nothing is charged: a dial not yet
    started never is, and should the carrier accept one after all, it is hung up at once and listed as
    `completed` with disposition `hangup_requested`. The agent must be a phone agent whose
    `phone.direction` is `outbound` or `both`; an `inbound` one only answers its phone numbers (400
    naming `body.agentId`). Credits: 402 `INSUFFICIENT_CREDITS` when the organization has no minute left
    to hold. Each call holds its first minute at admission and each next minute before it begins; a call
    whose next minute cannot be held is closed by the agent with a short closing line before its last
    held minute ends (disposition `credits_exhausted`), so no organization is ever overdrawn. Keys with
    `byok` are billed per minute outside credits (see `byok.usedMinutes` in `GET /usage`) and need
    verified `llm`, `stt` and `tts` provider credentials, else 400 `BYOK_NOT_READY` before anything is
    dialled. A completed call is charged its connected time rounded up to the started minute; unanswered
    calls are free. Concurrency: at most `maxConcurrentCalls` calls in `created` or `active` per
    organization, direct, campaign and inbound calls together (429 `CONCURRENCY_LIMIT_EXCEEDED`). A
    number that is do-not-call (see Contacts) is 409 `DO_NOT_CALL` with `param` `body.phoneNumber`,
    checked before anything is reserved, created or charged. Dialling policy: a number outside the
    countries the organization may call, or a premium-rate, shared-cost, personal or pager number (by
    libphonenumber’s type data), is 400 `DESTINATION_NOT_ALLOWED` naming `body.phoneNumber`, before
    anything is dialled or charged. Admission runs in one order: the organization, the destination, do-
    not-call, BYOK readiness, the concurrency slot, the credit hold. The contact of the number lends its
    `attributes` as `variables` for the agent’s placeholders the request does not give. A carrier
    refusal is 400 `CARRIER_REJECTED` or 502 `CARRIER_UNAVAILABLE` and leaves no call behind. Nobody is
    rung twice: with an `Idempotency-Key`, the call’s id is derived from the organization and the key,
    so a retry after the server lost the first try finds that call (or its dial in progress) instead of
    dialling again; a dial retried inside the service (a lost worker, a carrier request that went
    unanswered) first asks the carrier for the call it may already have placed, and adopts it.
    `disposition` values: completed (the agent finished), contact_hung_up, max_duration,
    hangup_requested, no_answer (rang out, or voicemail with `mark_no_answer`), busy, failed (the
    carrier failed the call, or the call failed while talking: its audio connection dropped, a speech
    vendor or the model failed; charged its connected time up to the failure), voicemail (voicemail with
    `hangup`), voicemail_left (with `leave_message`), credits_exhausted (the organization had no minute
    left for the next one), transferred (the agent handed the caller to a person with its `transfer`
    tool; charged its connected time up to the hand-off, and the report has the `transfer`). Speech: the
    call is heard and spoken by the agent’s `providers.stt` and `providers.tts` (else the server’s
    defaults); a `byok` key’s calls only by the organization’s own verified credentials, never the
    service’s. The simulated carrier (the default) has test numbers: +442079460001: answers, holds a
    short conversation, the agent ends it (as does any valid number not listed); +442079460002: rings
    until `RING_TIMEOUT_SECONDS`; +442079460003: busy; +442079460004: voicemail; the agent's
    `phone.voicemailBehavior` decides; +442079460005: the carrier rejects the dial: 400
    `CARRIER_REJECTED`, no call created; +442079460006: answers, then hangs up after the greeting;
    +442079460007: answers and stays silent until `maxDurationMinutes` (or a hangup); +442079460008: the
    call fails after the dial; +442079460009: the carrier is unavailable: 502 `CARRIER_UNAVAILABLE`, no
    call created; +442079460020: answers and asks to speak to a person: an agent with a `transfer` tool
    transfers the call to its first destination (see docs/tools.md); +442079460021: answers and asks the
    agent to look something up: the agent calls its first `http` tool with the simplest valid value of
    each required parameter and speaks the tool's answer (see docs/tools.md); +442079460022: answers and
    asks to be called back tomorrow at 10:00: with the `callback` tool the agent records it (the
    report's `callback.at`, 10:00 tomorrow in the callee's time zone; for a campaign recipient, their
    next attempt) and says goodbye (see docs/tools.md); +442079460030: as a transfer destination: a
    person answers and takes the caller over; dialled, answers like any number; +442079460031: as a
    transfer destination: nobody answers (a warm transfer fails with `no_answer`); dialled, rings until
    `RING_TIMEOUT_SECONDS`; +442079460032: as a transfer destination: busy (a warm transfer fails with
    `busy`); dialled, busy; +442079460033: answers with a phone menu ("press 1 for sales, 2 for
    support") and puts a person on the line after a key of the menu, for an agent with the `keypad`
    tool; +442079460041: answers with "Hello?" and waits for the agent, then talks as +442079460001
    does: with `phone.machineDetection`, `answeredBy: person`. The machine numbers below answer in audio
    on `SIMULATED_LINE=audio` only (on the text line they answer as +442079460001); +442079460042: a
    voicemail greeting, then a 1 kHz beep, then silence: with `phone.machineDetection`, `answeredBy:
    voicemail` and the agent leaves its message after the beep per `phone.voicemailBehavior`;
    +442079460043: a voicemail greeting with no beep, then silence: with `phone.machineDetection`, the
    agent leaves its message once the greeting is over; +442079460044: a recorded phone menu ("for
    sales, press one"), then silence: with `phone.machineDetection`, `answeredBy: phone_menu` and the
    agent hangs up; +442079460045: a call-screening assistant asks who is calling and why: with
    `phone.machineDetection`, the agent says so once (`answeredBy: call_screener`), then the person
    picks up and talks as +442079460001 does; +442079460999: answers, asks to be taken off the list and
    hangs up: the report has `optOut: true` and the number becomes do-not-call.

    Requires scope `campaigns:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (PlaceCallCallCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PlaceCallCall
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
