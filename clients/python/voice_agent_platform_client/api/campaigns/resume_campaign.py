from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.resume_campaign_campaign import ResumeCampaignCampaign
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/campaigns/{id}/resume".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ResumeCampaignCampaign | None:
    if response.status_code == 200:
        response_200 = ResumeCampaignCampaign.from_dict(response.json())

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
) -> Response[Error | ResumeCampaignCampaign]:
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
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | ResumeCampaignCampaign]:
    """Resume a paused campaign

     Transitions (anything else is 409 `INVALID_STATE_TRANSITION`): `launch`: draft -> running, or
    scheduled while no recipient’s `callingHours` window is open (409 `NO_RECIPIENTS` before the
    import). `pause`: running | scheduled -> paused (calls in progress finish; no new dials). `resume`:
    paused -> running | scheduled, continuing where it stopped. `cancel`: draft | scheduled | running |
    paused -> cancelled; calls in progress are hung up (disposition `hangup_requested`) and nothing more
    is dialled. `archive`: completed | cancelled -> archived. The campaign moves by itself between
    running and scheduled as its recipients’ windows open and close (scheduled: none left to dial has an
    open one), to paused with `pausedReason: insufficient_credits` when the credits run out (resume
    after adding credits), and to completed when every recipient is final. Actions are Temporal updates
    on the `campaign-<id>` workflow, validated against its own state; operators can send `pause`,
    `resume` and `cancel` as signals from the Temporal UI. If the workflow does not confirm an action,
    edit or import within `WORKFLOW_ACTION_TIMEOUT_SECONDS` (default 20; e.g. no worker is running) the
    answer is 504 `ACTION_TIMEOUT`. A `pause`, `resume` or `cancel` is then recorded as the same signal
    and takes effect once the workflow runs (the error’s message says so); a launch, edit or import may
    still take effect (an import keeps its stored recipients). Either way, retrieve the campaign before
    retrying.

    Requires scope `campaigns:manage`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ResumeCampaignCampaign]
    """

    kwargs = _get_kwargs(
        id=id,
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
    idempotency_key: str | Unset = UNSET,
) -> Error | ResumeCampaignCampaign | None:
    """Resume a paused campaign

     Transitions (anything else is 409 `INVALID_STATE_TRANSITION`): `launch`: draft -> running, or
    scheduled while no recipient’s `callingHours` window is open (409 `NO_RECIPIENTS` before the
    import). `pause`: running | scheduled -> paused (calls in progress finish; no new dials). `resume`:
    paused -> running | scheduled, continuing where it stopped. `cancel`: draft | scheduled | running |
    paused -> cancelled; calls in progress are hung up (disposition `hangup_requested`) and nothing more
    is dialled. `archive`: completed | cancelled -> archived. The campaign moves by itself between
    running and scheduled as its recipients’ windows open and close (scheduled: none left to dial has an
    open one), to paused with `pausedReason: insufficient_credits` when the credits run out (resume
    after adding credits), and to completed when every recipient is final. Actions are Temporal updates
    on the `campaign-<id>` workflow, validated against its own state; operators can send `pause`,
    `resume` and `cancel` as signals from the Temporal UI. If the workflow does not confirm an action,
    edit or import within `WORKFLOW_ACTION_TIMEOUT_SECONDS` (default 20; e.g. no worker is running) the
    answer is 504 `ACTION_TIMEOUT`. A `pause`, `resume` or `cancel` is then recorded as the same signal
    and takes effect once the workflow runs (the error’s message says so); a launch, edit or import may
    still take effect (an import keeps its stored recipients). Either way, retrieve the campaign before
    retrying.

    Requires scope `campaigns:manage`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ResumeCampaignCampaign
    """

    return sync_detailed(
        id=id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | ResumeCampaignCampaign]:
    """Resume a paused campaign

     Transitions (anything else is 409 `INVALID_STATE_TRANSITION`): `launch`: draft -> running, or
    scheduled while no recipient’s `callingHours` window is open (409 `NO_RECIPIENTS` before the
    import). `pause`: running | scheduled -> paused (calls in progress finish; no new dials). `resume`:
    paused -> running | scheduled, continuing where it stopped. `cancel`: draft | scheduled | running |
    paused -> cancelled; calls in progress are hung up (disposition `hangup_requested`) and nothing more
    is dialled. `archive`: completed | cancelled -> archived. The campaign moves by itself between
    running and scheduled as its recipients’ windows open and close (scheduled: none left to dial has an
    open one), to paused with `pausedReason: insufficient_credits` when the credits run out (resume
    after adding credits), and to completed when every recipient is final. Actions are Temporal updates
    on the `campaign-<id>` workflow, validated against its own state; operators can send `pause`,
    `resume` and `cancel` as signals from the Temporal UI. If the workflow does not confirm an action,
    edit or import within `WORKFLOW_ACTION_TIMEOUT_SECONDS` (default 20; e.g. no worker is running) the
    answer is 504 `ACTION_TIMEOUT`. A `pause`, `resume` or `cancel` is then recorded as the same signal
    and takes effect once the workflow runs (the error’s message says so); a launch, edit or import may
    still take effect (an import keeps its stored recipients). Either way, retrieve the campaign before
    retrying.

    Requires scope `campaigns:manage`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ResumeCampaignCampaign]
    """

    kwargs = _get_kwargs(
        id=id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Error | ResumeCampaignCampaign | None:
    """Resume a paused campaign

     Transitions (anything else is 409 `INVALID_STATE_TRANSITION`): `launch`: draft -> running, or
    scheduled while no recipient’s `callingHours` window is open (409 `NO_RECIPIENTS` before the
    import). `pause`: running | scheduled -> paused (calls in progress finish; no new dials). `resume`:
    paused -> running | scheduled, continuing where it stopped. `cancel`: draft | scheduled | running |
    paused -> cancelled; calls in progress are hung up (disposition `hangup_requested`) and nothing more
    is dialled. `archive`: completed | cancelled -> archived. The campaign moves by itself between
    running and scheduled as its recipients’ windows open and close (scheduled: none left to dial has an
    open one), to paused with `pausedReason: insufficient_credits` when the credits run out (resume
    after adding credits), and to completed when every recipient is final. Actions are Temporal updates
    on the `campaign-<id>` workflow, validated against its own state; operators can send `pause`,
    `resume` and `cancel` as signals from the Temporal UI. If the workflow does not confirm an action,
    edit or import within `WORKFLOW_ACTION_TIMEOUT_SECONDS` (default 20; e.g. no worker is running) the
    answer is 504 `ACTION_TIMEOUT`. A `pause`, `resume` or `cancel` is then recorded as the same signal
    and takes effect once the workflow runs (the error’s message says so); a launch, edit or import may
    still take effect (an import keeps its stored recipients). Either way, retrieve the campaign before
    retrying.

    Requires scope `campaigns:manage`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ResumeCampaignCampaign
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
