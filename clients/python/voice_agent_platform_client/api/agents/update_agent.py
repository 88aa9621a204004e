from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.update_agent_agent import UpdateAgentAgent
from ...models.update_agent_agent_update import UpdateAgentAgentUpdate
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: UpdateAgentAgentUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/agents/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | UpdateAgentAgent | None:
    if response.status_code == 200:
        response_200 = UpdateAgentAgent.from_dict(response.json())

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
) -> Response[Error | UpdateAgentAgent]:
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
    body: UpdateAgentAgentUpdate,
) -> Response[Error | UpdateAgentAgent]:
    """Update an agent

     Only supplied fields change; `providers`, `phone`, `voice` and `turnTaking` merge field by field,
    `tools` replaces the list. `type` and `mode` cannot change. An agent that a phone number points at
    cannot be set to `phone.direction: outbound` (409 `AGENT_IN_USE`): move or release the number first,
    so that no number answers for an agent that takes no inbound calls.

    Requires scope `agents:manage`.

    Args:
        id (str): 24-character hexadecimal id
        body (UpdateAgentAgentUpdate): Only supplied fields change; `phone`, `voice`, `turnTaking`
            and `providers` merge field by field.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateAgentAgent]
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
    body: UpdateAgentAgentUpdate,
) -> Error | UpdateAgentAgent | None:
    """Update an agent

     Only supplied fields change; `providers`, `phone`, `voice` and `turnTaking` merge field by field,
    `tools` replaces the list. `type` and `mode` cannot change. An agent that a phone number points at
    cannot be set to `phone.direction: outbound` (409 `AGENT_IN_USE`): move or release the number first,
    so that no number answers for an agent that takes no inbound calls.

    Requires scope `agents:manage`.

    Args:
        id (str): 24-character hexadecimal id
        body (UpdateAgentAgentUpdate): Only supplied fields change; `phone`, `voice`, `turnTaking`
            and `providers` merge field by field.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateAgentAgent
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
    body: UpdateAgentAgentUpdate,
) -> Response[Error | UpdateAgentAgent]:
    """Update an agent

     Only supplied fields change; `providers`, `phone`, `voice` and `turnTaking` merge field by field,
    `tools` replaces the list. `type` and `mode` cannot change. An agent that a phone number points at
    cannot be set to `phone.direction: outbound` (409 `AGENT_IN_USE`): move or release the number first,
    so that no number answers for an agent that takes no inbound calls.

    Requires scope `agents:manage`.

    Args:
        id (str): 24-character hexadecimal id
        body (UpdateAgentAgentUpdate): Only supplied fields change; `phone`, `voice`, `turnTaking`
            and `providers` merge field by field.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateAgentAgent]
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
    body: UpdateAgentAgentUpdate,
) -> Error | UpdateAgentAgent | None:
    """Update an agent

     Only supplied fields change; `providers`, `phone`, `voice` and `turnTaking` merge field by field,
    `tools` replaces the list. `type` and `mode` cannot change. An agent that a phone number points at
    cannot be set to `phone.direction: outbound` (409 `AGENT_IN_USE`): move or release the number first,
    so that no number answers for an agent that takes no inbound calls.

    Requires scope `agents:manage`.

    Args:
        id (str): 24-character hexadecimal id
        body (UpdateAgentAgentUpdate): Only supplied fields change; `phone`, `voice`, `turnTaking`
            and `providers` merge field by field.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateAgentAgent
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
