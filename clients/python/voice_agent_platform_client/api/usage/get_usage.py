from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_usage_usage import GetUsageUsage
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/usage",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | GetUsageUsage | None:
    if response.status_code == 200:
        response_200 = GetUsageUsage.from_dict(response.json())

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
) -> Response[Error | GetUsageUsage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Error | GetUsageUsage]:
    """Credits, plan limits and what is used of them

     `credits` are the minutes of the service’s own provider accounts; `byok.usedMinutes` (an addition to
    the v1 fields) counts the minutes of `byok` keys, billed per minute and never drawn from credits.
    `limits` adds to the v1 fields the quotas on campaigns not archived, stored recipients, contacts and
    open interviews; `used` (an addition) says how much of each limit is taken now. Creating beyond a
    limit is 403 `QUOTA_EXCEEDED`.

    Requires scope `organization:read`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetUsageUsage]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Error | GetUsageUsage | None:
    """Credits, plan limits and what is used of them

     `credits` are the minutes of the service’s own provider accounts; `byok.usedMinutes` (an addition to
    the v1 fields) counts the minutes of `byok` keys, billed per minute and never drawn from credits.
    `limits` adds to the v1 fields the quotas on campaigns not archived, stored recipients, contacts and
    open interviews; `used` (an addition) says how much of each limit is taken now. Creating beyond a
    limit is 403 `QUOTA_EXCEEDED`.

    Requires scope `organization:read`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetUsageUsage
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Error | GetUsageUsage]:
    """Credits, plan limits and what is used of them

     `credits` are the minutes of the service’s own provider accounts; `byok.usedMinutes` (an addition to
    the v1 fields) counts the minutes of `byok` keys, billed per minute and never drawn from credits.
    `limits` adds to the v1 fields the quotas on campaigns not archived, stored recipients, contacts and
    open interviews; `used` (an addition) says how much of each limit is taken now. Creating beyond a
    limit is 403 `QUOTA_EXCEEDED`.

    Requires scope `organization:read`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetUsageUsage]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Error | GetUsageUsage | None:
    """Credits, plan limits and what is used of them

     `credits` are the minutes of the service’s own provider accounts; `byok.usedMinutes` (an addition to
    the v1 fields) counts the minutes of `byok` keys, billed per minute and never drawn from credits.
    `limits` adds to the v1 fields the quotas on campaigns not archived, stored recipients, contacts and
    open interviews; `used` (an addition) says how much of each limit is taken now. Creating beyond a
    limit is 403 `QUOTA_EXCEEDED`.

    Requires scope `organization:read`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetUsageUsage
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
