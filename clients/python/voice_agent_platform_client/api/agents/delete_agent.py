from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_agent_agent_deleted import DeleteAgentAgentDeleted
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/agents/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeleteAgentAgentDeleted | Error | None:
    if response.status_code == 200:
        response_200 = DeleteAgentAgentDeleted.from_dict(response.json())

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
) -> Response[DeleteAgentAgentDeleted | Error]:
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
) -> Response[DeleteAgentAgentDeleted | Error]:
    """Delete an agent

     Frees its place in the agent quota. Calls, interviews and campaigns already made keep their
    `agentName`. An agent in use cannot be deleted: 409 `AGENT_IN_USE`, whose message names what uses
    it: a campaign in `draft`, `scheduled`, `running` or `paused` (cancel it, or let it complete,
    first), a call with it `created` or `active` (hang it up, or let it end), an interview with it
    `active`, started and not ended (let it end: at the latest the agent’s `maxDurationMinutes` after
    its start), or a phone number pointing at it (move or release the number). An interview still
    `created` does not hold its agent: a candidate who starts it after the deletion is refused (409
    `INTERVIEW_CLOSED` on the candidate’s page), and it ends without starting (`endedReason:
    agent_deleted`), uncharged and without a report.

    Requires scope `agents:manage`.

    Args:
        id (str): 24-character hexadecimal id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteAgentAgentDeleted | Error]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
) -> DeleteAgentAgentDeleted | Error | None:
    """Delete an agent

     Frees its place in the agent quota. Calls, interviews and campaigns already made keep their
    `agentName`. An agent in use cannot be deleted: 409 `AGENT_IN_USE`, whose message names what uses
    it: a campaign in `draft`, `scheduled`, `running` or `paused` (cancel it, or let it complete,
    first), a call with it `created` or `active` (hang it up, or let it end), an interview with it
    `active`, started and not ended (let it end: at the latest the agent’s `maxDurationMinutes` after
    its start), or a phone number pointing at it (move or release the number). An interview still
    `created` does not hold its agent: a candidate who starts it after the deletion is refused (409
    `INTERVIEW_CLOSED` on the candidate’s page), and it ends without starting (`endedReason:
    agent_deleted`), uncharged and without a report.

    Requires scope `agents:manage`.

    Args:
        id (str): 24-character hexadecimal id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteAgentAgentDeleted | Error
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[DeleteAgentAgentDeleted | Error]:
    """Delete an agent

     Frees its place in the agent quota. Calls, interviews and campaigns already made keep their
    `agentName`. An agent in use cannot be deleted: 409 `AGENT_IN_USE`, whose message names what uses
    it: a campaign in `draft`, `scheduled`, `running` or `paused` (cancel it, or let it complete,
    first), a call with it `created` or `active` (hang it up, or let it end), an interview with it
    `active`, started and not ended (let it end: at the latest the agent’s `maxDurationMinutes` after
    its start), or a phone number pointing at it (move or release the number). An interview still
    `created` does not hold its agent: a candidate who starts it after the deletion is refused (409
    `INTERVIEW_CLOSED` on the candidate’s page), and it ends without starting (`endedReason:
    agent_deleted`), uncharged and without a report.

    Requires scope `agents:manage`.

    Args:
        id (str): 24-character hexadecimal id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteAgentAgentDeleted | Error]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
) -> DeleteAgentAgentDeleted | Error | None:
    """Delete an agent

     Frees its place in the agent quota. Calls, interviews and campaigns already made keep their
    `agentName`. An agent in use cannot be deleted: 409 `AGENT_IN_USE`, whose message names what uses
    it: a campaign in `draft`, `scheduled`, `running` or `paused` (cancel it, or let it complete,
    first), a call with it `created` or `active` (hang it up, or let it end), an interview with it
    `active`, started and not ended (let it end: at the latest the agent’s `maxDurationMinutes` after
    its start), or a phone number pointing at it (move or release the number). An interview still
    `created` does not hold its agent: a candidate who starts it after the deletion is refused (409
    `INTERVIEW_CLOSED` on the candidate’s page), and it ends without starting (`endedReason:
    agent_deleted`), uncharged and without a report.

    Requires scope `agents:manage`.

    Args:
        id (str): 24-character hexadecimal id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteAgentAgentDeleted | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
