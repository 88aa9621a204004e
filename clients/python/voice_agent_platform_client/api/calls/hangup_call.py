from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.hangup_call_call import HangupCallCall
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/calls/{id}/hangup".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | HangupCallCall | None:
    if response.status_code == 200:
        response_200 = HangupCallCall.from_dict(response.json())

        return response_200

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
) -> Response[Error | HangupCallCall]:
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
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | HangupCallCall]:
    """Hang up a call

     Allowed while the call is `created` or `active`, else 409 `INVALID_STATE_TRANSITION`. Answers with
    the call as it is when the hangup is accepted; it becomes `completed` with disposition
    `hangup_requested` moments later. Operators can send the same `hangup` signal from the Temporal UI.
    A hangup the call’s workflow does not confirm in time (e.g. no worker is running) is 504
    `ACTION_TIMEOUT`; the hangup is then recorded as the same signal and takes effect once the workflow
    runs (the error’s message says so; should Temporal not take the signal either, it says the hangup
    may still take effect). Retrieve the call rather than retrying.

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

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | HangupCallCall]
    """

    kwargs = _get_kwargs(
        id=id,
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
    idempotency_key: str | Unset = UNSET,
) -> Error | HangupCallCall | None:
    """Hang up a call

     Allowed while the call is `created` or `active`, else 409 `INVALID_STATE_TRANSITION`. Answers with
    the call as it is when the hangup is accepted; it becomes `completed` with disposition
    `hangup_requested` moments later. Operators can send the same `hangup` signal from the Temporal UI.
    A hangup the call’s workflow does not confirm in time (e.g. no worker is running) is 504
    `ACTION_TIMEOUT`; the hangup is then recorded as the same signal and takes effect once the workflow
    runs (the error’s message says so; should Temporal not take the signal either, it says the hangup
    may still take effect). Retrieve the call rather than retrying.

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

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | HangupCallCall
    """

    return sync_detailed(
        id=id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | HangupCallCall]:
    """Hang up a call

     Allowed while the call is `created` or `active`, else 409 `INVALID_STATE_TRANSITION`. Answers with
    the call as it is when the hangup is accepted; it becomes `completed` with disposition
    `hangup_requested` moments later. Operators can send the same `hangup` signal from the Temporal UI.
    A hangup the call’s workflow does not confirm in time (e.g. no worker is running) is 504
    `ACTION_TIMEOUT`; the hangup is then recorded as the same signal and takes effect once the workflow
    runs (the error’s message says so; should Temporal not take the signal either, it says the hangup
    may still take effect). Retrieve the call rather than retrying.

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

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | HangupCallCall]
    """

    kwargs = _get_kwargs(
        id=id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Error | HangupCallCall | None:
    """Hang up a call

     Allowed while the call is `created` or `active`, else 409 `INVALID_STATE_TRANSITION`. Answers with
    the call as it is when the hangup is accepted; it becomes `completed` with disposition
    `hangup_requested` moments later. Operators can send the same `hangup` signal from the Temporal UI.
    A hangup the call’s workflow does not confirm in time (e.g. no worker is running) is 504
    `ACTION_TIMEOUT`; the hangup is then recorded as the same signal and takes effect once the workflow
    runs (the error’s message says so; should Temporal not take the signal either, it says the hangup
    may still take effect). Retrieve the call rather than retrying.

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

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | HangupCallCall
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
