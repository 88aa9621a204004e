from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_call_report_call_report import GetCallReportCallReport
from ...models.get_call_report_call_report_pending import GetCallReportCallReportPending
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/calls/{id}/report".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetCallReportCallReport | GetCallReportCallReportPending | None:
    if response.status_code == 200:
        response_200 = GetCallReportCallReport.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = GetCallReportCallReportPending.from_dict(response.json())

        return response_202

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
) -> Response[Error | GetCallReportCallReport | GetCallReportCallReportPending]:
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
) -> Response[Error | GetCallReportCallReport | GetCallReportCallReportPending]:
    """A call's report

     202 with `status: pending` until the analysis has finished, then 200: every completed call gets a
    report, but for the two cases at the end. Fields irrelevant to the call are absent. When the
    language model could not produce a valid analysis, the report is still final: `analysisStatus:
    failed` with `analysisError`, and no `summary`, `sentiment`, `outcome` or captured fields. An
    inbound call refused before it was answered (`disposition: refused`) has no report: 409
    `REPORT_UNAVAILABLE`. Nor has a call whose agent was deleted after it ended but before its analysis
    read the agent (an agent cannot be deleted while its call is `created` or `active`): 409
    `REPORT_UNAVAILABLE`, whose message says the agent was deleted, so pollers can stop.

    Requires scope `executions:read`.

    Args:
        id (str): 24-character hexadecimal id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetCallReportCallReport | GetCallReportCallReportPending]
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
) -> Error | GetCallReportCallReport | GetCallReportCallReportPending | None:
    """A call's report

     202 with `status: pending` until the analysis has finished, then 200: every completed call gets a
    report, but for the two cases at the end. Fields irrelevant to the call are absent. When the
    language model could not produce a valid analysis, the report is still final: `analysisStatus:
    failed` with `analysisError`, and no `summary`, `sentiment`, `outcome` or captured fields. An
    inbound call refused before it was answered (`disposition: refused`) has no report: 409
    `REPORT_UNAVAILABLE`. Nor has a call whose agent was deleted after it ended but before its analysis
    read the agent (an agent cannot be deleted while its call is `created` or `active`): 409
    `REPORT_UNAVAILABLE`, whose message says the agent was deleted, so pollers can stop.

    Requires scope `executions:read`.

    Args:
        id (str): 24-character hexadecimal id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetCallReportCallReport | GetCallReportCallReportPending
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | GetCallReportCallReport | GetCallReportCallReportPending]:
    """A call's report

     202 with `status: pending` until the analysis has finished, then 200: every completed call gets a
    report, but for the two cases at the end. Fields irrelevant to the call are absent. When the
    language model could not produce a valid analysis, the report is still final: `analysisStatus:
    failed` with `analysisError`, and no `summary`, `sentiment`, `outcome` or captured fields. An
    inbound call refused before it was answered (`disposition: refused`) has no report: 409
    `REPORT_UNAVAILABLE`. Nor has a call whose agent was deleted after it ended but before its analysis
    read the agent (an agent cannot be deleted while its call is `created` or `active`): 409
    `REPORT_UNAVAILABLE`, whose message says the agent was deleted, so pollers can stop.

    Requires scope `executions:read`.

    Args:
        id (str): 24-character hexadecimal id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetCallReportCallReport | GetCallReportCallReportPending]
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
) -> Error | GetCallReportCallReport | GetCallReportCallReportPending | None:
    """A call's report

     202 with `status: pending` until the analysis has finished, then 200: every completed call gets a
    report, but for the two cases at the end. Fields irrelevant to the call are absent. When the
    language model could not produce a valid analysis, the report is still final: `analysisStatus:
    failed` with `analysisError`, and no `summary`, `sentiment`, `outcome` or captured fields. An
    inbound call refused before it was answered (`disposition: refused`) has no report: 409
    `REPORT_UNAVAILABLE`. Nor has a call whose agent was deleted after it ended but before its analysis
    read the agent (an agent cannot be deleted while its call is `created` or `active`): 409
    `REPORT_UNAVAILABLE`, whose message says the agent was deleted, so pollers can stop.

    Requires scope `executions:read`.

    Args:
        id (str): 24-character hexadecimal id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetCallReportCallReport | GetCallReportCallReportPending
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
