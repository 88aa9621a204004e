from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_provider_credentials_provider_credential_list import ListProviderCredentialsProviderCredentialList
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/dashboard/provider-credentials",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListProviderCredentialsProviderCredentialList | None:
    if response.status_code == 200:
        response_200 = ListProviderCredentialsProviderCredentialList.from_dict(response.json())

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
) -> Response[Error | ListProviderCredentialsProviderCredentialList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Error | ListProviderCredentialsProviderCredentialList]:
    """The organization's vendor credentials, one per kind

     At most three, in the order llm, stt, tts; a `byok` key needs all three verified. The key itself is
    never returned; `apiKeyHint` shows its last four characters.

    Organization admins only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListProviderCredentialsProviderCredentialList]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Error | ListProviderCredentialsProviderCredentialList | None:
    """The organization's vendor credentials, one per kind

     At most three, in the order llm, stt, tts; a `byok` key needs all three verified. The key itself is
    never returned; `apiKeyHint` shows its last four characters.

    Organization admins only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListProviderCredentialsProviderCredentialList
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Error | ListProviderCredentialsProviderCredentialList]:
    """The organization's vendor credentials, one per kind

     At most three, in the order llm, stt, tts; a `byok` key needs all three verified. The key itself is
    never returned; `apiKeyHint` shows its last four characters.

    Organization admins only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListProviderCredentialsProviderCredentialList]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Error | ListProviderCredentialsProviderCredentialList | None:
    """The organization's vendor credentials, one per kind

     At most three, in the order llm, stt, tts; a `byok` key needs all three verified. The key itself is
    never returned; `apiKeyHint` shows its last four characters.

    Organization admins only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListProviderCredentialsProviderCredentialList
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
