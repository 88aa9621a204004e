from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.place_test_call_call import PlaceTestCallCall
from ...models.place_test_call_test_call_create import PlaceTestCallTestCallCreate
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: PlaceTestCallTestCallCreate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/phone-numbers/{id}/test-calls".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PlaceTestCallCall | None:
    if response.status_code == 201:
        response_201 = PlaceTestCallCall.from_dict(response.json())

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
) -> Response[Error | PlaceTestCallCall]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: PlaceTestCallTestCallCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | PlaceTestCallCall]:
    """Ring a phone number with a simulated caller

     The simulated carrier only (409 `TEST_CALLS_UNAVAILABLE` on another): the simulated line rings the
    number from `from`, and a caller persona asks a question, hears the answer and hangs up. Answers 201
    with the call (`direction: inbound`), which goes on in the background like any call: poll `GET
    /calls/{id}`. A call refused admission is returned too, already `completed` with `disposition:
    refused`. Each call to the number is admitted like any call (the organization, a free place among
    `maxConcurrentCalls`, a credit minute held) and answered by the agent, which speaks its
    `phone.greeting` first; it is listed in `GET /calls` with `direction: inbound` and `phoneNumber` the
    caller’s, with its transcript, report, recording and charge like an outbound call. The caller’s
    contact (by number) lends its `attributes` as variables, and `{{callerNumber}}` is always set; other
    placeholders are empty. A call that cannot be admitted is never left ringing: the caller hears the
    agent’s `phone.fallback` (or “Sorry, we can’t take your call right now. Please try again later.
    Goodbye.”) and it is listed at once, uncharged, with `disposition: refused` and `endedReason`
    `insufficient_credits`, `concurrency_limit` or `agent_unavailable`.

    Requires scope `campaigns:manage`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (PlaceTestCallTestCallCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PlaceTestCallCall]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: PlaceTestCallTestCallCreate,
    idempotency_key: str | Unset = UNSET,
) -> Error | PlaceTestCallCall | None:
    """Ring a phone number with a simulated caller

     The simulated carrier only (409 `TEST_CALLS_UNAVAILABLE` on another): the simulated line rings the
    number from `from`, and a caller persona asks a question, hears the answer and hangs up. Answers 201
    with the call (`direction: inbound`), which goes on in the background like any call: poll `GET
    /calls/{id}`. A call refused admission is returned too, already `completed` with `disposition:
    refused`. Each call to the number is admitted like any call (the organization, a free place among
    `maxConcurrentCalls`, a credit minute held) and answered by the agent, which speaks its
    `phone.greeting` first; it is listed in `GET /calls` with `direction: inbound` and `phoneNumber` the
    caller’s, with its transcript, report, recording and charge like an outbound call. The caller’s
    contact (by number) lends its `attributes` as variables, and `{{callerNumber}}` is always set; other
    placeholders are empty. A call that cannot be admitted is never left ringing: the caller hears the
    agent’s `phone.fallback` (or “Sorry, we can’t take your call right now. Please try again later.
    Goodbye.”) and it is listed at once, uncharged, with `disposition: refused` and `endedReason`
    `insufficient_credits`, `concurrency_limit` or `agent_unavailable`.

    Requires scope `campaigns:manage`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (PlaceTestCallTestCallCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PlaceTestCallCall
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: PlaceTestCallTestCallCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | PlaceTestCallCall]:
    """Ring a phone number with a simulated caller

     The simulated carrier only (409 `TEST_CALLS_UNAVAILABLE` on another): the simulated line rings the
    number from `from`, and a caller persona asks a question, hears the answer and hangs up. Answers 201
    with the call (`direction: inbound`), which goes on in the background like any call: poll `GET
    /calls/{id}`. A call refused admission is returned too, already `completed` with `disposition:
    refused`. Each call to the number is admitted like any call (the organization, a free place among
    `maxConcurrentCalls`, a credit minute held) and answered by the agent, which speaks its
    `phone.greeting` first; it is listed in `GET /calls` with `direction: inbound` and `phoneNumber` the
    caller’s, with its transcript, report, recording and charge like an outbound call. The caller’s
    contact (by number) lends its `attributes` as variables, and `{{callerNumber}}` is always set; other
    placeholders are empty. A call that cannot be admitted is never left ringing: the caller hears the
    agent’s `phone.fallback` (or “Sorry, we can’t take your call right now. Please try again later.
    Goodbye.”) and it is listed at once, uncharged, with `disposition: refused` and `endedReason`
    `insufficient_credits`, `concurrency_limit` or `agent_unavailable`.

    Requires scope `campaigns:manage`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (PlaceTestCallTestCallCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PlaceTestCallCall]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: PlaceTestCallTestCallCreate,
    idempotency_key: str | Unset = UNSET,
) -> Error | PlaceTestCallCall | None:
    """Ring a phone number with a simulated caller

     The simulated carrier only (409 `TEST_CALLS_UNAVAILABLE` on another): the simulated line rings the
    number from `from`, and a caller persona asks a question, hears the answer and hangs up. Answers 201
    with the call (`direction: inbound`), which goes on in the background like any call: poll `GET
    /calls/{id}`. A call refused admission is returned too, already `completed` with `disposition:
    refused`. Each call to the number is admitted like any call (the organization, a free place among
    `maxConcurrentCalls`, a credit minute held) and answered by the agent, which speaks its
    `phone.greeting` first; it is listed in `GET /calls` with `direction: inbound` and `phoneNumber` the
    caller’s, with its transcript, report, recording and charge like an outbound call. The caller’s
    contact (by number) lends its `attributes` as variables, and `{{callerNumber}}` is always set; other
    placeholders are empty. A call that cannot be admitted is never left ringing: the caller hears the
    agent’s `phone.fallback` (or “Sorry, we can’t take your call right now. Please try again later.
    Goodbye.”) and it is listed at once, uncharged, with `disposition: refused` and `endedReason`
    `insufficient_credits`, `concurrency_limit` or `agent_unavailable`.

    Requires scope `campaigns:manage`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (PlaceTestCallTestCallCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PlaceTestCallCall
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
