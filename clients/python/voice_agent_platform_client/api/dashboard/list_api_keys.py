from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_api_keys_api_key_list import ListApiKeysApiKeyList
from ...models.list_api_keys_status import ListApiKeysStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    created_by: str | Unset = UNSET,
    status: ListApiKeysStatus | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["createdBy"] = created_by

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["page"] = page

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api-keys",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListApiKeysApiKeyList | None:
    if response.status_code == 200:
        response_200 = ListApiKeysApiKeyList.from_dict(response.json())

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
) -> Response[Error | ListApiKeysApiKeyList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    created_by: str | Unset = UNSET,
    status: ListApiKeysStatus | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> Response[Error | ListApiKeysApiKeyList]:
    """List the organization's API keys, newest first

     Organization admins only (role `admin`): a member's session is 403 `PERMISSION_DENIED`, since the
    list shows every key of the organization and who made it. Never shows a plaintext key; `last4` and
    `lastUsedAt` tell keys apart. `createdBy` narrows the list to one user's keys: those that stop
    working when that user is deactivated.

    Organization admins only.

    Args:
        created_by (str | Unset): 24-character hexadecimal id
        status (ListApiKeysStatus | Unset): `active` (neither revoked nor expired), `revoked`, or
            `expired` (past `expiresAt`, not revoked). Absent: every key.
        page (int | Unset): Page number, from 1 to 1000000000. Default: 1.
        limit (int | Unset): Items per page, 1-100. Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListApiKeysApiKeyList]
    """

    kwargs = _get_kwargs(
        created_by=created_by,
        status=status,
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
    created_by: str | Unset = UNSET,
    status: ListApiKeysStatus | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> Error | ListApiKeysApiKeyList | None:
    """List the organization's API keys, newest first

     Organization admins only (role `admin`): a member's session is 403 `PERMISSION_DENIED`, since the
    list shows every key of the organization and who made it. Never shows a plaintext key; `last4` and
    `lastUsedAt` tell keys apart. `createdBy` narrows the list to one user's keys: those that stop
    working when that user is deactivated.

    Organization admins only.

    Args:
        created_by (str | Unset): 24-character hexadecimal id
        status (ListApiKeysStatus | Unset): `active` (neither revoked nor expired), `revoked`, or
            `expired` (past `expiresAt`, not revoked). Absent: every key.
        page (int | Unset): Page number, from 1 to 1000000000. Default: 1.
        limit (int | Unset): Items per page, 1-100. Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListApiKeysApiKeyList
    """

    return sync_detailed(
        client=client,
        created_by=created_by,
        status=status,
        page=page,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    created_by: str | Unset = UNSET,
    status: ListApiKeysStatus | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> Response[Error | ListApiKeysApiKeyList]:
    """List the organization's API keys, newest first

     Organization admins only (role `admin`): a member's session is 403 `PERMISSION_DENIED`, since the
    list shows every key of the organization and who made it. Never shows a plaintext key; `last4` and
    `lastUsedAt` tell keys apart. `createdBy` narrows the list to one user's keys: those that stop
    working when that user is deactivated.

    Organization admins only.

    Args:
        created_by (str | Unset): 24-character hexadecimal id
        status (ListApiKeysStatus | Unset): `active` (neither revoked nor expired), `revoked`, or
            `expired` (past `expiresAt`, not revoked). Absent: every key.
        page (int | Unset): Page number, from 1 to 1000000000. Default: 1.
        limit (int | Unset): Items per page, 1-100. Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListApiKeysApiKeyList]
    """

    kwargs = _get_kwargs(
        created_by=created_by,
        status=status,
        page=page,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    created_by: str | Unset = UNSET,
    status: ListApiKeysStatus | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> Error | ListApiKeysApiKeyList | None:
    """List the organization's API keys, newest first

     Organization admins only (role `admin`): a member's session is 403 `PERMISSION_DENIED`, since the
    list shows every key of the organization and who made it. Never shows a plaintext key; `last4` and
    `lastUsedAt` tell keys apart. `createdBy` narrows the list to one user's keys: those that stop
    working when that user is deactivated.

    Organization admins only.

    Args:
        created_by (str | Unset): 24-character hexadecimal id
        status (ListApiKeysStatus | Unset): `active` (neither revoked nor expired), `revoked`, or
            `expired` (past `expiresAt`, not revoked). Absent: every key.
        page (int | Unset): Page number, from 1 to 1000000000. Default: 1.
        limit (int | Unset): Items per page, 1-100. Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListApiKeysApiKeyList
    """

    return (
        await asyncio_detailed(
            client=client,
            created_by=created_by,
            status=status,
            page=page,
            limit=limit,
        )
    ).parsed
