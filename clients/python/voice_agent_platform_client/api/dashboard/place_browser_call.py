from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.place_browser_call_browser_call import PlaceBrowserCallBrowserCall
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/dashboard/agents/{id}/browser-calls".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PlaceBrowserCallBrowserCall | None:
    if response.status_code == 201:
        response_201 = PlaceBrowserCallBrowserCall.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | PlaceBrowserCallBrowserCall]:
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
) -> Response[Error | PlaceBrowserCallBrowserCall]:
    """Talk to a phone agent from the browser

     Places an inbound call to the phone agent (whatever its `phone.direction`) from the signed-in user,
    who needs the `campaigns:manage` permission (else 403 `PERMISSION_DENIED`). It is admitted like a
    call to one of the organization's numbers (a free place among `maxConcurrentCalls`, a credit minute
    held), listed in `GET /calls` with `direction: inbound`, `phoneNumber: "browser"` and `contactName`
    the user's email, and transcribed, charged and reported like any call. A call that cannot be
    admitted is not recorded: it is 402 `INSUFFICIENT_CREDITS` or 429 `CONCURRENCY_LIMIT_EXCEEDED`, for
    the page to show, rather than a fallback line. The call is active at once, the agent speaking its
    greeting as soon as the browser connects to `audio.path` and sends `{"type":"start","token"}` within
    60 s (the candidate audio socket's protocol). It ends when the agent says goodbye, the browser sends
    `end` or closes the socket, or `POST /calls/{id}/hangup`.

    Args:
        id (str): 24-character hexadecimal id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PlaceBrowserCallBrowserCall]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Error | PlaceBrowserCallBrowserCall | None:
    """Talk to a phone agent from the browser

     Places an inbound call to the phone agent (whatever its `phone.direction`) from the signed-in user,
    who needs the `campaigns:manage` permission (else 403 `PERMISSION_DENIED`). It is admitted like a
    call to one of the organization's numbers (a free place among `maxConcurrentCalls`, a credit minute
    held), listed in `GET /calls` with `direction: inbound`, `phoneNumber: "browser"` and `contactName`
    the user's email, and transcribed, charged and reported like any call. A call that cannot be
    admitted is not recorded: it is 402 `INSUFFICIENT_CREDITS` or 429 `CONCURRENCY_LIMIT_EXCEEDED`, for
    the page to show, rather than a fallback line. The call is active at once, the agent speaking its
    greeting as soon as the browser connects to `audio.path` and sends `{"type":"start","token"}` within
    60 s (the candidate audio socket's protocol). It ends when the agent says goodbye, the browser sends
    `end` or closes the socket, or `POST /calls/{id}/hangup`.

    Args:
        id (str): 24-character hexadecimal id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PlaceBrowserCallBrowserCall
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | PlaceBrowserCallBrowserCall]:
    """Talk to a phone agent from the browser

     Places an inbound call to the phone agent (whatever its `phone.direction`) from the signed-in user,
    who needs the `campaigns:manage` permission (else 403 `PERMISSION_DENIED`). It is admitted like a
    call to one of the organization's numbers (a free place among `maxConcurrentCalls`, a credit minute
    held), listed in `GET /calls` with `direction: inbound`, `phoneNumber: "browser"` and `contactName`
    the user's email, and transcribed, charged and reported like any call. A call that cannot be
    admitted is not recorded: it is 402 `INSUFFICIENT_CREDITS` or 429 `CONCURRENCY_LIMIT_EXCEEDED`, for
    the page to show, rather than a fallback line. The call is active at once, the agent speaking its
    greeting as soon as the browser connects to `audio.path` and sends `{"type":"start","token"}` within
    60 s (the candidate audio socket's protocol). It ends when the agent says goodbye, the browser sends
    `end` or closes the socket, or `POST /calls/{id}/hangup`.

    Args:
        id (str): 24-character hexadecimal id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PlaceBrowserCallBrowserCall]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Error | PlaceBrowserCallBrowserCall | None:
    """Talk to a phone agent from the browser

     Places an inbound call to the phone agent (whatever its `phone.direction`) from the signed-in user,
    who needs the `campaigns:manage` permission (else 403 `PERMISSION_DENIED`). It is admitted like a
    call to one of the organization's numbers (a free place among `maxConcurrentCalls`, a credit minute
    held), listed in `GET /calls` with `direction: inbound`, `phoneNumber: "browser"` and `contactName`
    the user's email, and transcribed, charged and reported like any call. A call that cannot be
    admitted is not recorded: it is 402 `INSUFFICIENT_CREDITS` or 429 `CONCURRENCY_LIMIT_EXCEEDED`, for
    the page to show, rather than a fallback line. The call is active at once, the agent speaking its
    greeting as soon as the browser connects to `audio.path` and sends `{"type":"start","token"}` within
    60 s (the candidate audio socket's protocol). It ends when the agent says goodbye, the browser sends
    `end` or closes the socket, or `POST /calls/{id}/hangup`.

    Args:
        id (str): 24-character hexadecimal id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PlaceBrowserCallBrowserCall
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
