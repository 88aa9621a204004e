from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_interview_report_interview_report import GetInterviewReportInterviewReport
from ...models.get_interview_report_interview_report_pending import GetInterviewReportInterviewReportPending
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    include_transcript: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["includeTranscript"] = include_transcript

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/interviews/{id}/report".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetInterviewReportInterviewReport | GetInterviewReportInterviewReportPending | None:
    if response.status_code == 200:
        response_200 = GetInterviewReportInterviewReport.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = GetInterviewReportInterviewReportPending.from_dict(response.json())

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
) -> Response[Error | GetInterviewReportInterviewReport | GetInterviewReportInterviewReportPending]:
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
    include_transcript: bool | Unset = False,
) -> Response[Error | GetInterviewReportInterviewReport | GetInterviewReportInterviewReportPending]:
    """An interview's report

     202 with `status: pending` while the interview is `created` or `active` and until the analysis has
    finished, then 200. The agent’s `mode` selects the family: `interview` (an evaluation per
    `voice.evaluationCriteria`, an overall score, a recommendation, strengths and concerns) or
    `workflow` (outcome and captured answers); fields of the other family are absent. An interview that
    ended without starting (`endedReason: expired` or `agent_deleted`, or ended by an operator before
    the candidate started) never gets a report: 409 `REPORT_UNAVAILABLE`, so pollers can stop. Nor does
    one whose agent was deleted after it ended but before its analysis read the agent (an agent cannot
    be deleted while its interview is `active`): 409 `REPORT_UNAVAILABLE`, whose message says the agent
    was deleted. When the language model could not produce a valid analysis, the report is still final:
    `analysisStatus: failed` with `analysisError`, and no summary or family fields. `toolCalls` lists
    the agent’s tool calls either way.

    Requires scope `executions:read`.

    Args:
        id (str): 24-character hexadecimal id
        include_transcript (bool | Unset): Add the turn-by-turn transcript. Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetInterviewReportInterviewReport | GetInterviewReportInterviewReportPending]
    """

    kwargs = _get_kwargs(
        id=id,
        include_transcript=include_transcript,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    include_transcript: bool | Unset = False,
) -> Error | GetInterviewReportInterviewReport | GetInterviewReportInterviewReportPending | None:
    """An interview's report

     202 with `status: pending` while the interview is `created` or `active` and until the analysis has
    finished, then 200. The agent’s `mode` selects the family: `interview` (an evaluation per
    `voice.evaluationCriteria`, an overall score, a recommendation, strengths and concerns) or
    `workflow` (outcome and captured answers); fields of the other family are absent. An interview that
    ended without starting (`endedReason: expired` or `agent_deleted`, or ended by an operator before
    the candidate started) never gets a report: 409 `REPORT_UNAVAILABLE`, so pollers can stop. Nor does
    one whose agent was deleted after it ended but before its analysis read the agent (an agent cannot
    be deleted while its interview is `active`): 409 `REPORT_UNAVAILABLE`, whose message says the agent
    was deleted. When the language model could not produce a valid analysis, the report is still final:
    `analysisStatus: failed` with `analysisError`, and no summary or family fields. `toolCalls` lists
    the agent’s tool calls either way.

    Requires scope `executions:read`.

    Args:
        id (str): 24-character hexadecimal id
        include_transcript (bool | Unset): Add the turn-by-turn transcript. Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetInterviewReportInterviewReport | GetInterviewReportInterviewReportPending
    """

    return sync_detailed(
        id=id,
        client=client,
        include_transcript=include_transcript,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    include_transcript: bool | Unset = False,
) -> Response[Error | GetInterviewReportInterviewReport | GetInterviewReportInterviewReportPending]:
    """An interview's report

     202 with `status: pending` while the interview is `created` or `active` and until the analysis has
    finished, then 200. The agent’s `mode` selects the family: `interview` (an evaluation per
    `voice.evaluationCriteria`, an overall score, a recommendation, strengths and concerns) or
    `workflow` (outcome and captured answers); fields of the other family are absent. An interview that
    ended without starting (`endedReason: expired` or `agent_deleted`, or ended by an operator before
    the candidate started) never gets a report: 409 `REPORT_UNAVAILABLE`, so pollers can stop. Nor does
    one whose agent was deleted after it ended but before its analysis read the agent (an agent cannot
    be deleted while its interview is `active`): 409 `REPORT_UNAVAILABLE`, whose message says the agent
    was deleted. When the language model could not produce a valid analysis, the report is still final:
    `analysisStatus: failed` with `analysisError`, and no summary or family fields. `toolCalls` lists
    the agent’s tool calls either way.

    Requires scope `executions:read`.

    Args:
        id (str): 24-character hexadecimal id
        include_transcript (bool | Unset): Add the turn-by-turn transcript. Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetInterviewReportInterviewReport | GetInterviewReportInterviewReportPending]
    """

    kwargs = _get_kwargs(
        id=id,
        include_transcript=include_transcript,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    include_transcript: bool | Unset = False,
) -> Error | GetInterviewReportInterviewReport | GetInterviewReportInterviewReportPending | None:
    """An interview's report

     202 with `status: pending` while the interview is `created` or `active` and until the analysis has
    finished, then 200. The agent’s `mode` selects the family: `interview` (an evaluation per
    `voice.evaluationCriteria`, an overall score, a recommendation, strengths and concerns) or
    `workflow` (outcome and captured answers); fields of the other family are absent. An interview that
    ended without starting (`endedReason: expired` or `agent_deleted`, or ended by an operator before
    the candidate started) never gets a report: 409 `REPORT_UNAVAILABLE`, so pollers can stop. Nor does
    one whose agent was deleted after it ended but before its analysis read the agent (an agent cannot
    be deleted while its interview is `active`): 409 `REPORT_UNAVAILABLE`, whose message says the agent
    was deleted. When the language model could not produce a valid analysis, the report is still final:
    `analysisStatus: failed` with `analysisError`, and no summary or family fields. `toolCalls` lists
    the agent’s tool calls either way.

    Requires scope `executions:read`.

    Args:
        id (str): 24-character hexadecimal id
        include_transcript (bool | Unset): Add the turn-by-turn transcript. Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetInterviewReportInterviewReport | GetInterviewReportInterviewReportPending
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            include_transcript=include_transcript,
        )
    ).parsed
