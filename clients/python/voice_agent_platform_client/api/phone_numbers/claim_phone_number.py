from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.claim_phone_number_phone_number import ClaimPhoneNumberPhoneNumber
from ...models.claim_phone_number_phone_number_create import ClaimPhoneNumberPhoneNumberCreate
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ClaimPhoneNumberPhoneNumberCreate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/phone-numbers",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ClaimPhoneNumberPhoneNumber | Error | None:
    if response.status_code == 201:
        response_201 = ClaimPhoneNumberPhoneNumber.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ClaimPhoneNumberPhoneNumber | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ClaimPhoneNumberPhoneNumberCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[ClaimPhoneNumberPhoneNumber | Error]:
    """Claim a phone number and point it at an agent

     A number belongs to one organization at a time: one already claimed (by yours or another) is 409
    `PHONE_NUMBER_IN_USE`. On the simulated carrier (the default) the numbers +441134960000 to
    +441134960999 (Ofcom’s drama range) can be claimed; any other is 400 `PHONE_NUMBER_UNAVAILABLE`. On
    Twilio the number must be one of the account’s incoming phone numbers (else 400
    `PHONE_NUMBER_UNAVAILABLE`): claiming it points its voice webhook and status callback at this
    service, and releasing it restores what they were. The agent must be a phone agent whose
    `phone.direction` is `inbound` or `both`, else 400 naming `body.agentId`; while a number points at
    an agent, the agent can neither be deleted nor set to `outbound` (409 `AGENT_IN_USE`). Each call to
    the number is admitted like any call (the organization, a free place among `maxConcurrentCalls`, a
    credit minute held) and answered by the agent, which speaks its `phone.greeting` first; it is listed
    in `GET /calls` with `direction: inbound` and `phoneNumber` the caller’s, with its transcript,
    report, recording and charge like an outbound call. The caller’s contact (by number) lends its
    `attributes` as variables, and `{{callerNumber}}` is always set; other placeholders are empty. A
    call that cannot be admitted is never left ringing: the caller hears the agent’s `phone.fallback`
    (or “Sorry, we can’t take your call right now. Please try again later. Goodbye.”) and it is listed
    at once, uncharged, with `disposition: refused` and `endedReason` `insufficient_credits`,
    `concurrency_limit` or `agent_unavailable`.

    Requires scope `agents:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (ClaimPhoneNumberPhoneNumberCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClaimPhoneNumberPhoneNumber | Error]
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
    body: ClaimPhoneNumberPhoneNumberCreate,
    idempotency_key: str | Unset = UNSET,
) -> ClaimPhoneNumberPhoneNumber | Error | None:
    """Claim a phone number and point it at an agent

     A number belongs to one organization at a time: one already claimed (by yours or another) is 409
    `PHONE_NUMBER_IN_USE`. On the simulated carrier (the default) the numbers +441134960000 to
    +441134960999 (Ofcom’s drama range) can be claimed; any other is 400 `PHONE_NUMBER_UNAVAILABLE`. On
    Twilio the number must be one of the account’s incoming phone numbers (else 400
    `PHONE_NUMBER_UNAVAILABLE`): claiming it points its voice webhook and status callback at this
    service, and releasing it restores what they were. The agent must be a phone agent whose
    `phone.direction` is `inbound` or `both`, else 400 naming `body.agentId`; while a number points at
    an agent, the agent can neither be deleted nor set to `outbound` (409 `AGENT_IN_USE`). Each call to
    the number is admitted like any call (the organization, a free place among `maxConcurrentCalls`, a
    credit minute held) and answered by the agent, which speaks its `phone.greeting` first; it is listed
    in `GET /calls` with `direction: inbound` and `phoneNumber` the caller’s, with its transcript,
    report, recording and charge like an outbound call. The caller’s contact (by number) lends its
    `attributes` as variables, and `{{callerNumber}}` is always set; other placeholders are empty. A
    call that cannot be admitted is never left ringing: the caller hears the agent’s `phone.fallback`
    (or “Sorry, we can’t take your call right now. Please try again later. Goodbye.”) and it is listed
    at once, uncharged, with `disposition: refused` and `endedReason` `insufficient_credits`,
    `concurrency_limit` or `agent_unavailable`.

    Requires scope `agents:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (ClaimPhoneNumberPhoneNumberCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClaimPhoneNumberPhoneNumber | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ClaimPhoneNumberPhoneNumberCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[ClaimPhoneNumberPhoneNumber | Error]:
    """Claim a phone number and point it at an agent

     A number belongs to one organization at a time: one already claimed (by yours or another) is 409
    `PHONE_NUMBER_IN_USE`. On the simulated carrier (the default) the numbers +441134960000 to
    +441134960999 (Ofcom’s drama range) can be claimed; any other is 400 `PHONE_NUMBER_UNAVAILABLE`. On
    Twilio the number must be one of the account’s incoming phone numbers (else 400
    `PHONE_NUMBER_UNAVAILABLE`): claiming it points its voice webhook and status callback at this
    service, and releasing it restores what they were. The agent must be a phone agent whose
    `phone.direction` is `inbound` or `both`, else 400 naming `body.agentId`; while a number points at
    an agent, the agent can neither be deleted nor set to `outbound` (409 `AGENT_IN_USE`). Each call to
    the number is admitted like any call (the organization, a free place among `maxConcurrentCalls`, a
    credit minute held) and answered by the agent, which speaks its `phone.greeting` first; it is listed
    in `GET /calls` with `direction: inbound` and `phoneNumber` the caller’s, with its transcript,
    report, recording and charge like an outbound call. The caller’s contact (by number) lends its
    `attributes` as variables, and `{{callerNumber}}` is always set; other placeholders are empty. A
    call that cannot be admitted is never left ringing: the caller hears the agent’s `phone.fallback`
    (or “Sorry, we can’t take your call right now. Please try again later. Goodbye.”) and it is listed
    at once, uncharged, with `disposition: refused` and `endedReason` `insufficient_credits`,
    `concurrency_limit` or `agent_unavailable`.

    Requires scope `agents:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (ClaimPhoneNumberPhoneNumberCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClaimPhoneNumberPhoneNumber | Error]
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
    body: ClaimPhoneNumberPhoneNumberCreate,
    idempotency_key: str | Unset = UNSET,
) -> ClaimPhoneNumberPhoneNumber | Error | None:
    """Claim a phone number and point it at an agent

     A number belongs to one organization at a time: one already claimed (by yours or another) is 409
    `PHONE_NUMBER_IN_USE`. On the simulated carrier (the default) the numbers +441134960000 to
    +441134960999 (Ofcom’s drama range) can be claimed; any other is 400 `PHONE_NUMBER_UNAVAILABLE`. On
    Twilio the number must be one of the account’s incoming phone numbers (else 400
    `PHONE_NUMBER_UNAVAILABLE`): claiming it points its voice webhook and status callback at this
    service, and releasing it restores what they were. The agent must be a phone agent whose
    `phone.direction` is `inbound` or `both`, else 400 naming `body.agentId`; while a number points at
    an agent, the agent can neither be deleted nor set to `outbound` (409 `AGENT_IN_USE`). Each call to
    the number is admitted like any call (the organization, a free place among `maxConcurrentCalls`, a
    credit minute held) and answered by the agent, which speaks its `phone.greeting` first; it is listed
    in `GET /calls` with `direction: inbound` and `phoneNumber` the caller’s, with its transcript,
    report, recording and charge like an outbound call. The caller’s contact (by number) lends its
    `attributes` as variables, and `{{callerNumber}}` is always set; other placeholders are empty. A
    call that cannot be admitted is never left ringing: the caller hears the agent’s `phone.fallback`
    (or “Sorry, we can’t take your call right now. Please try again later. Goodbye.”) and it is listed
    at once, uncharged, with `disposition: refused` and `endedReason` `insufficient_credits`,
    `concurrency_limit` or `agent_unavailable`.

    Requires scope `agents:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (ClaimPhoneNumberPhoneNumberCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClaimPhoneNumberPhoneNumber | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
