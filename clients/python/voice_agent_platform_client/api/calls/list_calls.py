import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_calls_call_list import ListCallsCallList
from ...models.list_calls_direction import ListCallsDirection
from ...models.list_calls_disposition import ListCallsDisposition
from ...models.list_calls_status import ListCallsStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    agent_id: str | Unset = UNSET,
    status: ListCallsStatus | Unset = UNSET,
    direction: ListCallsDirection | Unset = UNSET,
    q: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    disposition: ListCallsDisposition | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["agentId"] = agent_id

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_direction: str | Unset = UNSET
    if not isinstance(direction, Unset):
        json_direction = direction.value

    params["direction"] = json_direction

    params["q"] = q

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["createdAfter"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["createdBefore"] = json_created_before

    json_disposition: str | Unset = UNSET
    if not isinstance(disposition, Unset):
        json_disposition = disposition.value

    params["disposition"] = json_disposition

    params["page"] = page

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/calls",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListCallsCallList | None:
    if response.status_code == 200:
        response_200 = ListCallsCallList.from_dict(response.json())

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
) -> Response[Error | ListCallsCallList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    agent_id: str | Unset = UNSET,
    status: ListCallsStatus | Unset = UNSET,
    direction: ListCallsDirection | Unset = UNSET,
    q: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    disposition: ListCallsDisposition | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> Response[Error | ListCallsCallList]:
    """List calls, newest first

     List calls, newest first

    Requires scope `executions:read`.

    Args:
        agent_id (str | Unset): 24-character hexadecimal id
        status (ListCallsStatus | Unset):
        direction (ListCallsDirection | Unset): `outbound` (placed by the API or a campaign) or
            `inbound` (a call to one of your phone numbers).
        q (str | Unset): Calls whose contact name or `externalRef` contains this text (any case),
            or whose number contains its digits (`020 7946 0001` finds `+442079460001`).
        created_after (datetime.datetime | Unset): Calls created at or after this instant.
        created_before (datetime.datetime | Unset): Calls created before this instant.
        disposition (ListCallsDisposition | Unset): Completed calls that ended this way;
            `refused`: inbound calls turned away before they were answered.
        page (int | Unset): Page number, from 1 to 1000000000. Default: 1.
        limit (int | Unset): Items per page, 1-100. Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListCallsCallList]
    """

    kwargs = _get_kwargs(
        agent_id=agent_id,
        status=status,
        direction=direction,
        q=q,
        created_after=created_after,
        created_before=created_before,
        disposition=disposition,
        page=page,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    agent_id: str | Unset = UNSET,
    status: ListCallsStatus | Unset = UNSET,
    direction: ListCallsDirection | Unset = UNSET,
    q: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    disposition: ListCallsDisposition | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> Error | ListCallsCallList | None:
    """List calls, newest first

     List calls, newest first

    Requires scope `executions:read`.

    Args:
        agent_id (str | Unset): 24-character hexadecimal id
        status (ListCallsStatus | Unset):
        direction (ListCallsDirection | Unset): `outbound` (placed by the API or a campaign) or
            `inbound` (a call to one of your phone numbers).
        q (str | Unset): Calls whose contact name or `externalRef` contains this text (any case),
            or whose number contains its digits (`020 7946 0001` finds `+442079460001`).
        created_after (datetime.datetime | Unset): Calls created at or after this instant.
        created_before (datetime.datetime | Unset): Calls created before this instant.
        disposition (ListCallsDisposition | Unset): Completed calls that ended this way;
            `refused`: inbound calls turned away before they were answered.
        page (int | Unset): Page number, from 1 to 1000000000. Default: 1.
        limit (int | Unset): Items per page, 1-100. Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListCallsCallList
    """

    return sync_detailed(
        client=client,
        agent_id=agent_id,
        status=status,
        direction=direction,
        q=q,
        created_after=created_after,
        created_before=created_before,
        disposition=disposition,
        page=page,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    agent_id: str | Unset = UNSET,
    status: ListCallsStatus | Unset = UNSET,
    direction: ListCallsDirection | Unset = UNSET,
    q: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    disposition: ListCallsDisposition | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> Response[Error | ListCallsCallList]:
    """List calls, newest first

     List calls, newest first

    Requires scope `executions:read`.

    Args:
        agent_id (str | Unset): 24-character hexadecimal id
        status (ListCallsStatus | Unset):
        direction (ListCallsDirection | Unset): `outbound` (placed by the API or a campaign) or
            `inbound` (a call to one of your phone numbers).
        q (str | Unset): Calls whose contact name or `externalRef` contains this text (any case),
            or whose number contains its digits (`020 7946 0001` finds `+442079460001`).
        created_after (datetime.datetime | Unset): Calls created at or after this instant.
        created_before (datetime.datetime | Unset): Calls created before this instant.
        disposition (ListCallsDisposition | Unset): Completed calls that ended this way;
            `refused`: inbound calls turned away before they were answered.
        page (int | Unset): Page number, from 1 to 1000000000. Default: 1.
        limit (int | Unset): Items per page, 1-100. Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListCallsCallList]
    """

    kwargs = _get_kwargs(
        agent_id=agent_id,
        status=status,
        direction=direction,
        q=q,
        created_after=created_after,
        created_before=created_before,
        disposition=disposition,
        page=page,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    agent_id: str | Unset = UNSET,
    status: ListCallsStatus | Unset = UNSET,
    direction: ListCallsDirection | Unset = UNSET,
    q: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    disposition: ListCallsDisposition | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> Error | ListCallsCallList | None:
    """List calls, newest first

     List calls, newest first

    Requires scope `executions:read`.

    Args:
        agent_id (str | Unset): 24-character hexadecimal id
        status (ListCallsStatus | Unset):
        direction (ListCallsDirection | Unset): `outbound` (placed by the API or a campaign) or
            `inbound` (a call to one of your phone numbers).
        q (str | Unset): Calls whose contact name or `externalRef` contains this text (any case),
            or whose number contains its digits (`020 7946 0001` finds `+442079460001`).
        created_after (datetime.datetime | Unset): Calls created at or after this instant.
        created_before (datetime.datetime | Unset): Calls created before this instant.
        disposition (ListCallsDisposition | Unset): Completed calls that ended this way;
            `refused`: inbound calls turned away before they were answered.
        page (int | Unset): Page number, from 1 to 1000000000. Default: 1.
        limit (int | Unset): Items per page, 1-100. Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListCallsCallList
    """

    return (
        await asyncio_detailed(
            client=client,
            agent_id=agent_id,
            status=status,
            direction=direction,
            q=q,
            created_after=created_after,
            created_before=created_before,
            disposition=disposition,
            page=page,
            limit=limit,
        )
    ).parsed
