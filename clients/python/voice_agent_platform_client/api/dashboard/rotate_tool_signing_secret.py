from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.rotate_tool_signing_secret_tool_signing_secret_new import RotateToolSigningSecretToolSigningSecretNew
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/dashboard/tool-signing-secret",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RotateToolSigningSecretToolSigningSecretNew | None:
    if response.status_code == 201:
        response_201 = RotateToolSigningSecretToolSigningSecretNew.from_dict(response.json())

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
) -> Response[Error | RotateToolSigningSecretToolSigningSecretNew]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Error | RotateToolSigningSecretToolSigningSecretNew]:
    """Create or rotate the organization's tool-signing secret

     Every request to an agent’s `http` tool carries `Voice-Agent-Signature: t=<unix seconds>,v1=<hex
    HMAC-SHA256 of "<t>.<raw body>" under this secret>`; a tool server recomputes it, compares in
    constant time and refuses a `t` more than five minutes old (see docs/tools.md). The new secret
    replaces the previous one at once and is shown only in this answer. 503
    `CREDENTIALS_ENCRYPTION_UNCONFIGURED` when the server has no encryption key.

    Organization admins only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RotateToolSigningSecretToolSigningSecretNew]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Error | RotateToolSigningSecretToolSigningSecretNew | None:
    """Create or rotate the organization's tool-signing secret

     Every request to an agent’s `http` tool carries `Voice-Agent-Signature: t=<unix seconds>,v1=<hex
    HMAC-SHA256 of "<t>.<raw body>" under this secret>`; a tool server recomputes it, compares in
    constant time and refuses a `t` more than five minutes old (see docs/tools.md). The new secret
    replaces the previous one at once and is shown only in this answer. 503
    `CREDENTIALS_ENCRYPTION_UNCONFIGURED` when the server has no encryption key.

    Organization admins only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RotateToolSigningSecretToolSigningSecretNew
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Error | RotateToolSigningSecretToolSigningSecretNew]:
    """Create or rotate the organization's tool-signing secret

     Every request to an agent’s `http` tool carries `Voice-Agent-Signature: t=<unix seconds>,v1=<hex
    HMAC-SHA256 of "<t>.<raw body>" under this secret>`; a tool server recomputes it, compares in
    constant time and refuses a `t` more than five minutes old (see docs/tools.md). The new secret
    replaces the previous one at once and is shown only in this answer. 503
    `CREDENTIALS_ENCRYPTION_UNCONFIGURED` when the server has no encryption key.

    Organization admins only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RotateToolSigningSecretToolSigningSecretNew]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Error | RotateToolSigningSecretToolSigningSecretNew | None:
    """Create or rotate the organization's tool-signing secret

     Every request to an agent’s `http` tool carries `Voice-Agent-Signature: t=<unix seconds>,v1=<hex
    HMAC-SHA256 of "<t>.<raw body>" under this secret>`; a tool server recomputes it, compares in
    constant time and refuses a `t` more than five minutes old (see docs/tools.md). The new secret
    replaces the previous one at once and is shown only in this answer. 503
    `CREDENTIALS_ENCRYPTION_UNCONFIGURED` when the server has no encryption key.

    Organization admins only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RotateToolSigningSecretToolSigningSecretNew
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
