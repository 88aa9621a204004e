from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_embed_token_embed_token import CreateEmbedTokenEmbedToken
from ...models.create_embed_token_embed_token_create import CreateEmbedTokenEmbedTokenCreate
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: CreateEmbedTokenEmbedTokenCreate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/interviews/{id}/embed-token".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateEmbedTokenEmbedToken | Error | None:
    if response.status_code == 200:
        response_200 = CreateEmbedTokenEmbedToken.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CreateEmbedTokenEmbedToken | Error]:
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
    body: CreateEmbedTokenEmbedTokenCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateEmbedTokenEmbedToken | Error]:
    """Mint an embed token for one interview

     Mint it on your server right before rendering the page, and give the browser only `token` (for
    `{embed_host}/embed.js`) or `embedUrl` (an iframe `src`; the token is in its fragment, which
    browsers never send to a server). The token works for this interview only, until `expiresAt` or
    until the calling key is revoked, only in frames of the calling key’s `allowedOrigins` (sent as
    `Content-Security-Policy: frame-ancestors`), and candidate requests made with it from any other
    origin are refused. A key without allowed origins gets 403 `EMBED_ORIGINS_REQUIRED`; a completed
    interview, or one past its `expiresAt`, 409 `INTERVIEW_CLOSED`. The body may be omitted.

    Requires scope `executions:read`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (CreateEmbedTokenEmbedTokenCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateEmbedTokenEmbedToken | Error]
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
    body: CreateEmbedTokenEmbedTokenCreate,
    idempotency_key: str | Unset = UNSET,
) -> CreateEmbedTokenEmbedToken | Error | None:
    """Mint an embed token for one interview

     Mint it on your server right before rendering the page, and give the browser only `token` (for
    `{embed_host}/embed.js`) or `embedUrl` (an iframe `src`; the token is in its fragment, which
    browsers never send to a server). The token works for this interview only, until `expiresAt` or
    until the calling key is revoked, only in frames of the calling key’s `allowedOrigins` (sent as
    `Content-Security-Policy: frame-ancestors`), and candidate requests made with it from any other
    origin are refused. A key without allowed origins gets 403 `EMBED_ORIGINS_REQUIRED`; a completed
    interview, or one past its `expiresAt`, 409 `INTERVIEW_CLOSED`. The body may be omitted.

    Requires scope `executions:read`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (CreateEmbedTokenEmbedTokenCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateEmbedTokenEmbedToken | Error
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
    body: CreateEmbedTokenEmbedTokenCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateEmbedTokenEmbedToken | Error]:
    """Mint an embed token for one interview

     Mint it on your server right before rendering the page, and give the browser only `token` (for
    `{embed_host}/embed.js`) or `embedUrl` (an iframe `src`; the token is in its fragment, which
    browsers never send to a server). The token works for this interview only, until `expiresAt` or
    until the calling key is revoked, only in frames of the calling key’s `allowedOrigins` (sent as
    `Content-Security-Policy: frame-ancestors`), and candidate requests made with it from any other
    origin are refused. A key without allowed origins gets 403 `EMBED_ORIGINS_REQUIRED`; a completed
    interview, or one past its `expiresAt`, 409 `INTERVIEW_CLOSED`. The body may be omitted.

    Requires scope `executions:read`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (CreateEmbedTokenEmbedTokenCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateEmbedTokenEmbedToken | Error]
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
    body: CreateEmbedTokenEmbedTokenCreate,
    idempotency_key: str | Unset = UNSET,
) -> CreateEmbedTokenEmbedToken | Error | None:
    """Mint an embed token for one interview

     Mint it on your server right before rendering the page, and give the browser only `token` (for
    `{embed_host}/embed.js`) or `embedUrl` (an iframe `src`; the token is in its fragment, which
    browsers never send to a server). The token works for this interview only, until `expiresAt` or
    until the calling key is revoked, only in frames of the calling key’s `allowedOrigins` (sent as
    `Content-Security-Policy: frame-ancestors`), and candidate requests made with it from any other
    origin are refused. A key without allowed origins gets 403 `EMBED_ORIGINS_REQUIRED`; a completed
    interview, or one past its `expiresAt`, 409 `INTERVIEW_CLOSED`. The body may be omitted.

    Requires scope `executions:read`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (CreateEmbedTokenEmbedTokenCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateEmbedTokenEmbedToken | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
