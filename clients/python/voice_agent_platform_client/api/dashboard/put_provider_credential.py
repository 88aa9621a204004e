from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.put_provider_credential_provider_credential import PutProviderCredentialProviderCredential
from ...models.put_provider_credential_provider_credential_put import PutProviderCredentialProviderCredentialPut
from ...types import Response


def _get_kwargs(
    kind: str,
    *,
    body: PutProviderCredentialProviderCredentialPut,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/dashboard/provider-credentials/{kind}".format(
            kind=quote(str(kind), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PutProviderCredentialProviderCredential | None:
    if response.status_code == 200:
        response_200 = PutProviderCredentialProviderCredential.from_dict(response.json())

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

    if response.status_code == 502:
        response_502 = Error.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | PutProviderCredentialProviderCredential]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    kind: str,
    *,
    client: AuthenticatedClient,
    body: PutProviderCredentialProviderCredentialPut,
) -> Response[Error | PutProviderCredentialProviderCredential]:
    """Store and verify the organization's own vendor credential of one kind

     The organization's credential for `llm`, `stt` or `tts`, used by `byok` API keys instead of the
    service's. It is checked at once with a cheap authenticated read at the vendor (Mistral and Groq:
    list models with a bearer key; Gemini: list models with `x-goog-api-key`; Deepgram: list projects
    with `Token`; ElevenLabs: get user with `xi-api-key`; Google Speech-to-Text: list operations, Google
    Text-to-Speech: list voices, with `key=`; Amazon Polly: DescribeVoices signed with SigV4) and stored
    encrypted (AES-256-GCM under the server key). Accepted: 200, `verified: true`, and it replaces any
    previous credential of the kind. Refused by the vendor: 400 `PROVIDER_VERIFICATION_FAILED` (`param`
    `body.apiKey`). Vendor unreachable or failing: 502 `PROVIDER_UNAVAILABLE`. In both failure cases a
    verified credential of the kind stays in use and the new one is discarded (a bad key never breaks
    working traffic); without one, the new credential is kept unverified. Either way
    `lastVerificationError` says what happened. `amazon` (Polly) takes an AWS key pair instead of
    `apiKey`: `accessKeyId`, `secretAccessKey` and `region` (its refusal names `body.accessKeyId`);
    every other vendor takes `apiKey` only. 503 `CREDENTIALS_ENCRYPTION_UNCONFIGURED` when the server
    has no encryption key. The key itself is never returned; `apiKeyHint` shows its last four
    characters.

    Organization admins only.

    Args:
        kind (str): `llm` (voice LLM: mistral, gemini, groq), `stt` (speech-to-text: deepgram,
            google) or `tts` (text-to-speech: elevenlabs, google, amazon).
        body (PutProviderCredentialProviderCredentialPut):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PutProviderCredentialProviderCredential]
    """

    kwargs = _get_kwargs(
        kind=kind,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    kind: str,
    *,
    client: AuthenticatedClient,
    body: PutProviderCredentialProviderCredentialPut,
) -> Error | PutProviderCredentialProviderCredential | None:
    """Store and verify the organization's own vendor credential of one kind

     The organization's credential for `llm`, `stt` or `tts`, used by `byok` API keys instead of the
    service's. It is checked at once with a cheap authenticated read at the vendor (Mistral and Groq:
    list models with a bearer key; Gemini: list models with `x-goog-api-key`; Deepgram: list projects
    with `Token`; ElevenLabs: get user with `xi-api-key`; Google Speech-to-Text: list operations, Google
    Text-to-Speech: list voices, with `key=`; Amazon Polly: DescribeVoices signed with SigV4) and stored
    encrypted (AES-256-GCM under the server key). Accepted: 200, `verified: true`, and it replaces any
    previous credential of the kind. Refused by the vendor: 400 `PROVIDER_VERIFICATION_FAILED` (`param`
    `body.apiKey`). Vendor unreachable or failing: 502 `PROVIDER_UNAVAILABLE`. In both failure cases a
    verified credential of the kind stays in use and the new one is discarded (a bad key never breaks
    working traffic); without one, the new credential is kept unverified. Either way
    `lastVerificationError` says what happened. `amazon` (Polly) takes an AWS key pair instead of
    `apiKey`: `accessKeyId`, `secretAccessKey` and `region` (its refusal names `body.accessKeyId`);
    every other vendor takes `apiKey` only. 503 `CREDENTIALS_ENCRYPTION_UNCONFIGURED` when the server
    has no encryption key. The key itself is never returned; `apiKeyHint` shows its last four
    characters.

    Organization admins only.

    Args:
        kind (str): `llm` (voice LLM: mistral, gemini, groq), `stt` (speech-to-text: deepgram,
            google) or `tts` (text-to-speech: elevenlabs, google, amazon).
        body (PutProviderCredentialProviderCredentialPut):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PutProviderCredentialProviderCredential
    """

    return sync_detailed(
        kind=kind,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    kind: str,
    *,
    client: AuthenticatedClient,
    body: PutProviderCredentialProviderCredentialPut,
) -> Response[Error | PutProviderCredentialProviderCredential]:
    """Store and verify the organization's own vendor credential of one kind

     The organization's credential for `llm`, `stt` or `tts`, used by `byok` API keys instead of the
    service's. It is checked at once with a cheap authenticated read at the vendor (Mistral and Groq:
    list models with a bearer key; Gemini: list models with `x-goog-api-key`; Deepgram: list projects
    with `Token`; ElevenLabs: get user with `xi-api-key`; Google Speech-to-Text: list operations, Google
    Text-to-Speech: list voices, with `key=`; Amazon Polly: DescribeVoices signed with SigV4) and stored
    encrypted (AES-256-GCM under the server key). Accepted: 200, `verified: true`, and it replaces any
    previous credential of the kind. Refused by the vendor: 400 `PROVIDER_VERIFICATION_FAILED` (`param`
    `body.apiKey`). Vendor unreachable or failing: 502 `PROVIDER_UNAVAILABLE`. In both failure cases a
    verified credential of the kind stays in use and the new one is discarded (a bad key never breaks
    working traffic); without one, the new credential is kept unverified. Either way
    `lastVerificationError` says what happened. `amazon` (Polly) takes an AWS key pair instead of
    `apiKey`: `accessKeyId`, `secretAccessKey` and `region` (its refusal names `body.accessKeyId`);
    every other vendor takes `apiKey` only. 503 `CREDENTIALS_ENCRYPTION_UNCONFIGURED` when the server
    has no encryption key. The key itself is never returned; `apiKeyHint` shows its last four
    characters.

    Organization admins only.

    Args:
        kind (str): `llm` (voice LLM: mistral, gemini, groq), `stt` (speech-to-text: deepgram,
            google) or `tts` (text-to-speech: elevenlabs, google, amazon).
        body (PutProviderCredentialProviderCredentialPut):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PutProviderCredentialProviderCredential]
    """

    kwargs = _get_kwargs(
        kind=kind,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    kind: str,
    *,
    client: AuthenticatedClient,
    body: PutProviderCredentialProviderCredentialPut,
) -> Error | PutProviderCredentialProviderCredential | None:
    """Store and verify the organization's own vendor credential of one kind

     The organization's credential for `llm`, `stt` or `tts`, used by `byok` API keys instead of the
    service's. It is checked at once with a cheap authenticated read at the vendor (Mistral and Groq:
    list models with a bearer key; Gemini: list models with `x-goog-api-key`; Deepgram: list projects
    with `Token`; ElevenLabs: get user with `xi-api-key`; Google Speech-to-Text: list operations, Google
    Text-to-Speech: list voices, with `key=`; Amazon Polly: DescribeVoices signed with SigV4) and stored
    encrypted (AES-256-GCM under the server key). Accepted: 200, `verified: true`, and it replaces any
    previous credential of the kind. Refused by the vendor: 400 `PROVIDER_VERIFICATION_FAILED` (`param`
    `body.apiKey`). Vendor unreachable or failing: 502 `PROVIDER_UNAVAILABLE`. In both failure cases a
    verified credential of the kind stays in use and the new one is discarded (a bad key never breaks
    working traffic); without one, the new credential is kept unverified. Either way
    `lastVerificationError` says what happened. `amazon` (Polly) takes an AWS key pair instead of
    `apiKey`: `accessKeyId`, `secretAccessKey` and `region` (its refusal names `body.accessKeyId`);
    every other vendor takes `apiKey` only. 503 `CREDENTIALS_ENCRYPTION_UNCONFIGURED` when the server
    has no encryption key. The key itself is never returned; `apiKeyHint` shows its last four
    characters.

    Organization admins only.

    Args:
        kind (str): `llm` (voice LLM: mistral, gemini, groq), `stt` (speech-to-text: deepgram,
            google) or `tts` (text-to-speech: elevenlabs, google, amazon).
        body (PutProviderCredentialProviderCredentialPut):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PutProviderCredentialProviderCredential
    """

    return (
        await asyncio_detailed(
            kind=kind,
            client=client,
            body=body,
        )
    ).parsed
