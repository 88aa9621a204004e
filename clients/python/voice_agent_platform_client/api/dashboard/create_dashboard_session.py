from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_dashboard_session_dashboard_session import CreateDashboardSessionDashboardSession
from ...models.create_dashboard_session_dashboard_session_create import CreateDashboardSessionDashboardSessionCreate
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: CreateDashboardSessionDashboardSessionCreate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/dashboard/sessions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateDashboardSessionDashboardSession | Error | None:
    if response.status_code == 201:
        response_201 = CreateDashboardSessionDashboardSession.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

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
) -> Response[CreateDashboardSessionDashboardSession | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateDashboardSessionDashboardSessionCreate,
) -> Response[CreateDashboardSessionDashboardSession | Error]:
    """Sign in to the dashboard

     Exchanges email and password for a dashboard session token, valid 12 hours. Dashboard routes take
    this token, never an API key. At most 10 failed sign-ins per email and 50 per client address in each
    15-minute window (aligned to the clock), across all API instances; beyond that every attempt, a
    right password included, is 429 `RATE_LIMITED` with `retry-after` until the window ends. A
    deactivated user is 403 `PERMISSION_DENIED`.

    Args:
        body (CreateDashboardSessionDashboardSessionCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateDashboardSessionDashboardSession | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateDashboardSessionDashboardSessionCreate,
) -> CreateDashboardSessionDashboardSession | Error | None:
    """Sign in to the dashboard

     Exchanges email and password for a dashboard session token, valid 12 hours. Dashboard routes take
    this token, never an API key. At most 10 failed sign-ins per email and 50 per client address in each
    15-minute window (aligned to the clock), across all API instances; beyond that every attempt, a
    right password included, is 429 `RATE_LIMITED` with `retry-after` until the window ends. A
    deactivated user is 403 `PERMISSION_DENIED`.

    Args:
        body (CreateDashboardSessionDashboardSessionCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateDashboardSessionDashboardSession | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateDashboardSessionDashboardSessionCreate,
) -> Response[CreateDashboardSessionDashboardSession | Error]:
    """Sign in to the dashboard

     Exchanges email and password for a dashboard session token, valid 12 hours. Dashboard routes take
    this token, never an API key. At most 10 failed sign-ins per email and 50 per client address in each
    15-minute window (aligned to the clock), across all API instances; beyond that every attempt, a
    right password included, is 429 `RATE_LIMITED` with `retry-after` until the window ends. A
    deactivated user is 403 `PERMISSION_DENIED`.

    Args:
        body (CreateDashboardSessionDashboardSessionCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateDashboardSessionDashboardSession | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateDashboardSessionDashboardSessionCreate,
) -> CreateDashboardSessionDashboardSession | Error | None:
    """Sign in to the dashboard

     Exchanges email and password for a dashboard session token, valid 12 hours. Dashboard routes take
    this token, never an API key. At most 10 failed sign-ins per email and 50 per client address in each
    15-minute window (aligned to the clock), across all API instances; beyond that every attempt, a
    right password included, is 429 `RATE_LIMITED` with `retry-after` until the window ends. A
    deactivated user is 403 `PERMISSION_DENIED`.

    Args:
        body (CreateDashboardSessionDashboardSessionCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateDashboardSessionDashboardSession | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
