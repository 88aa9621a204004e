from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_campaign_campaign import CreateCampaignCampaign
from ...models.create_campaign_campaign_create import CreateCampaignCampaignCreate
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateCampaignCampaignCreate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/campaigns",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateCampaignCampaign | Error | None:
    if response.status_code == 201:
        response_201 = CreateCampaignCampaign.from_dict(response.json())

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

    if response.status_code == 504:
        response_504 = Error.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CreateCampaignCampaign | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateCampaignCampaignCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateCampaignCampaign | Error]:
    """Create a campaign (draft)

     Created in `draft`. Defaults: `settings`
    {"retryLimit":3,"retryDelayMinutes":60,"concurrency":5,"retryPolicy":{}}, `timezone` `UTC`,
    `callingHours` null (any time). Then import the recipients and launch. Campaigns created with a
    `byok` key bill their calls per minute outside credits and need verified `llm`, `stt` and `tts`
    provider credentials to launch or resume (else 400 `BYOK_NOT_READY`). A campaign whose workflow
    cannot be started in time is 504 `CREATE_TIMEOUT`, with nothing created. Counts against the
    organization’s `maxCampaigns` (403 `QUOTA_EXCEEDED` beyond it); archiving a campaign frees its
    place.

    Requires scope `campaigns:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (CreateCampaignCampaignCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateCampaignCampaign | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateCampaignCampaignCreate,
    idempotency_key: str | Unset = UNSET,
) -> CreateCampaignCampaign | Error | None:
    """Create a campaign (draft)

     Created in `draft`. Defaults: `settings`
    {"retryLimit":3,"retryDelayMinutes":60,"concurrency":5,"retryPolicy":{}}, `timezone` `UTC`,
    `callingHours` null (any time). Then import the recipients and launch. Campaigns created with a
    `byok` key bill their calls per minute outside credits and need verified `llm`, `stt` and `tts`
    provider credentials to launch or resume (else 400 `BYOK_NOT_READY`). A campaign whose workflow
    cannot be started in time is 504 `CREATE_TIMEOUT`, with nothing created. Counts against the
    organization’s `maxCampaigns` (403 `QUOTA_EXCEEDED` beyond it); archiving a campaign frees its
    place.

    Requires scope `campaigns:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (CreateCampaignCampaignCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateCampaignCampaign | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateCampaignCampaignCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateCampaignCampaign | Error]:
    """Create a campaign (draft)

     Created in `draft`. Defaults: `settings`
    {"retryLimit":3,"retryDelayMinutes":60,"concurrency":5,"retryPolicy":{}}, `timezone` `UTC`,
    `callingHours` null (any time). Then import the recipients and launch. Campaigns created with a
    `byok` key bill their calls per minute outside credits and need verified `llm`, `stt` and `tts`
    provider credentials to launch or resume (else 400 `BYOK_NOT_READY`). A campaign whose workflow
    cannot be started in time is 504 `CREATE_TIMEOUT`, with nothing created. Counts against the
    organization’s `maxCampaigns` (403 `QUOTA_EXCEEDED` beyond it); archiving a campaign frees its
    place.

    Requires scope `campaigns:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (CreateCampaignCampaignCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateCampaignCampaign | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateCampaignCampaignCreate,
    idempotency_key: str | Unset = UNSET,
) -> CreateCampaignCampaign | Error | None:
    """Create a campaign (draft)

     Created in `draft`. Defaults: `settings`
    {"retryLimit":3,"retryDelayMinutes":60,"concurrency":5,"retryPolicy":{}}, `timezone` `UTC`,
    `callingHours` null (any time). Then import the recipients and launch. Campaigns created with a
    `byok` key bill their calls per minute outside credits and need verified `llm`, `stt` and `tts`
    provider credentials to launch or resume (else 400 `BYOK_NOT_READY`). A campaign whose workflow
    cannot be started in time is 504 `CREATE_TIMEOUT`, with nothing created. Counts against the
    organization’s `maxCampaigns` (403 `QUOTA_EXCEEDED` beyond it); archiving a campaign frees its
    place.

    Requires scope `campaigns:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (CreateCampaignCampaignCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateCampaignCampaign | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
