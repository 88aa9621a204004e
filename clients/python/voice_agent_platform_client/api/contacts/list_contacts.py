from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_contacts_contact_list import ListContactsContactList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    phone_number: str | Unset = UNSET,
    do_not_call: bool | Unset = UNSET,
    external_ref: str | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["phoneNumber"] = phone_number

    params["doNotCall"] = do_not_call

    params["externalRef"] = external_ref

    params["page"] = page

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/contacts",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListContactsContactList | None:
    if response.status_code == 200:
        response_200 = ListContactsContactList.from_dict(response.json())

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
) -> Response[Error | ListContactsContactList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    phone_number: str | Unset = UNSET,
    do_not_call: bool | Unset = UNSET,
    external_ref: str | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> Response[Error | ListContactsContactList]:
    """List contacts, newest first

     Filters combine: `phoneNumber` (exact E.164), `doNotCall`, `externalRef`.

    Requires scope `contacts:manage`.

    Args:
        phone_number (str | Unset): This number, in E.164 or another spelling of it (`+` written
            `%2B` in a query).
        do_not_call (bool | Unset):
        external_ref (str | Unset):
        page (int | Unset): Page number, from 1 to 1000000000. Default: 1.
        limit (int | Unset): Items per page, 1-100. Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListContactsContactList]
    """

    kwargs = _get_kwargs(
        phone_number=phone_number,
        do_not_call=do_not_call,
        external_ref=external_ref,
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
    phone_number: str | Unset = UNSET,
    do_not_call: bool | Unset = UNSET,
    external_ref: str | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> Error | ListContactsContactList | None:
    """List contacts, newest first

     Filters combine: `phoneNumber` (exact E.164), `doNotCall`, `externalRef`.

    Requires scope `contacts:manage`.

    Args:
        phone_number (str | Unset): This number, in E.164 or another spelling of it (`+` written
            `%2B` in a query).
        do_not_call (bool | Unset):
        external_ref (str | Unset):
        page (int | Unset): Page number, from 1 to 1000000000. Default: 1.
        limit (int | Unset): Items per page, 1-100. Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListContactsContactList
    """

    return sync_detailed(
        client=client,
        phone_number=phone_number,
        do_not_call=do_not_call,
        external_ref=external_ref,
        page=page,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    phone_number: str | Unset = UNSET,
    do_not_call: bool | Unset = UNSET,
    external_ref: str | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> Response[Error | ListContactsContactList]:
    """List contacts, newest first

     Filters combine: `phoneNumber` (exact E.164), `doNotCall`, `externalRef`.

    Requires scope `contacts:manage`.

    Args:
        phone_number (str | Unset): This number, in E.164 or another spelling of it (`+` written
            `%2B` in a query).
        do_not_call (bool | Unset):
        external_ref (str | Unset):
        page (int | Unset): Page number, from 1 to 1000000000. Default: 1.
        limit (int | Unset): Items per page, 1-100. Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListContactsContactList]
    """

    kwargs = _get_kwargs(
        phone_number=phone_number,
        do_not_call=do_not_call,
        external_ref=external_ref,
        page=page,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    phone_number: str | Unset = UNSET,
    do_not_call: bool | Unset = UNSET,
    external_ref: str | Unset = UNSET,
    page: int | Unset = 1,
    limit: int | Unset = 25,
) -> Error | ListContactsContactList | None:
    """List contacts, newest first

     Filters combine: `phoneNumber` (exact E.164), `doNotCall`, `externalRef`.

    Requires scope `contacts:manage`.

    Args:
        phone_number (str | Unset): This number, in E.164 or another spelling of it (`+` written
            `%2B` in a query).
        do_not_call (bool | Unset):
        external_ref (str | Unset):
        page (int | Unset): Page number, from 1 to 1000000000. Default: 1.
        limit (int | Unset): Items per page, 1-100. Default: 25.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListContactsContactList
    """

    return (
        await asyncio_detailed(
            client=client,
            phone_number=phone_number,
            do_not_call=do_not_call,
            external_ref=external_ref,
            page=page,
            limit=limit,
        )
    ).parsed
