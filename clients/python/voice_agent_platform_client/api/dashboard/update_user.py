from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.update_user_user import UpdateUserUser
from ...models.update_user_user_update import UpdateUserUserUpdate
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: UpdateUserUserUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/dashboard/users/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | UpdateUserUser | None:
    if response.status_code == 200:
        response_200 = UpdateUserUser.from_dict(response.json())

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
) -> Response[Error | UpdateUserUser]:
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
    body: UpdateUserUserUpdate,
) -> Response[Error | UpdateUserUser]:
    """Change a user's role or permissions

     Admins may change any user's role, permissions and status, other admins' included, granting only
    scopes they hold. The organization's first admin can be demoted or lose scopes only by themselves
    and is never deactivated; nobody can deactivate themselves. Making the organization’s only active
    admin a member is 409 `LAST_ADMIN`, two admins demoting each other at once included: nobody else
    could manage its users and keys. Narrowing a user's permissions narrows every key they created at
    once. `status: deactivated` ends every session of the user and refuses their sign-ins (403) until an
    admin sets `active` again; meanwhile the API keys they created hold no permissions (403
    `PERMISSION_DENIED` saying why: list them with `GET /api-keys?createdBy={id}` and rotate them
    first). Changes to one user apply one at a time, so none undoes another; other API instances apply
    them to keys within 2 seconds.

    Organization admins only.

    Args:
        id (str): 24-character hexadecimal id
        body (UpdateUserUserUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateUserUser]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateUserUserUpdate,
) -> Error | UpdateUserUser | None:
    """Change a user's role or permissions

     Admins may change any user's role, permissions and status, other admins' included, granting only
    scopes they hold. The organization's first admin can be demoted or lose scopes only by themselves
    and is never deactivated; nobody can deactivate themselves. Making the organization’s only active
    admin a member is 409 `LAST_ADMIN`, two admins demoting each other at once included: nobody else
    could manage its users and keys. Narrowing a user's permissions narrows every key they created at
    once. `status: deactivated` ends every session of the user and refuses their sign-ins (403) until an
    admin sets `active` again; meanwhile the API keys they created hold no permissions (403
    `PERMISSION_DENIED` saying why: list them with `GET /api-keys?createdBy={id}` and rotate them
    first). Changes to one user apply one at a time, so none undoes another; other API instances apply
    them to keys within 2 seconds.

    Organization admins only.

    Args:
        id (str): 24-character hexadecimal id
        body (UpdateUserUserUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateUserUser
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateUserUserUpdate,
) -> Response[Error | UpdateUserUser]:
    """Change a user's role or permissions

     Admins may change any user's role, permissions and status, other admins' included, granting only
    scopes they hold. The organization's first admin can be demoted or lose scopes only by themselves
    and is never deactivated; nobody can deactivate themselves. Making the organization’s only active
    admin a member is 409 `LAST_ADMIN`, two admins demoting each other at once included: nobody else
    could manage its users and keys. Narrowing a user's permissions narrows every key they created at
    once. `status: deactivated` ends every session of the user and refuses their sign-ins (403) until an
    admin sets `active` again; meanwhile the API keys they created hold no permissions (403
    `PERMISSION_DENIED` saying why: list them with `GET /api-keys?createdBy={id}` and rotate them
    first). Changes to one user apply one at a time, so none undoes another; other API instances apply
    them to keys within 2 seconds.

    Organization admins only.

    Args:
        id (str): 24-character hexadecimal id
        body (UpdateUserUserUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateUserUser]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateUserUserUpdate,
) -> Error | UpdateUserUser | None:
    """Change a user's role or permissions

     Admins may change any user's role, permissions and status, other admins' included, granting only
    scopes they hold. The organization's first admin can be demoted or lose scopes only by themselves
    and is never deactivated; nobody can deactivate themselves. Making the organization’s only active
    admin a member is 409 `LAST_ADMIN`, two admins demoting each other at once included: nobody else
    could manage its users and keys. Narrowing a user's permissions narrows every key they created at
    once. `status: deactivated` ends every session of the user and refuses their sign-ins (403) until an
    admin sets `active` again; meanwhile the API keys they created hold no permissions (403
    `PERMISSION_DENIED` saying why: list them with `GET /api-keys?createdBy={id}` and rotate them
    first). Changes to one user apply one at a time, so none undoes another; other API instances apply
    them to keys within 2 seconds.

    Organization admins only.

    Args:
        id (str): 24-character hexadecimal id
        body (UpdateUserUserUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateUserUser
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
