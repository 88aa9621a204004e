import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_interview_analytics_group_by import GetInterviewAnalyticsGroupBy
from ...models.get_interview_analytics_interviews_analytics import GetInterviewAnalyticsInterviewsAnalytics
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    timezone: str | Unset = "UTC",
    agent_id: str | Unset = UNSET,
    group_by: GetInterviewAnalyticsGroupBy | Unset = GetInterviewAnalyticsGroupBy.DAY,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    params["timezone"] = timezone

    params["agentId"] = agent_id

    json_group_by: str | Unset = UNSET
    if not isinstance(group_by, Unset):
        json_group_by = group_by.value

    params["groupBy"] = json_group_by

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/analytics/interviews",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetInterviewAnalyticsInterviewsAnalytics | None:
    if response.status_code == 200:
        response_200 = GetInterviewAnalyticsInterviewsAnalytics.from_dict(response.json())

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
) -> Response[Error | GetInterviewAnalyticsInterviewsAnalytics]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    timezone: str | Unset = "UTC",
    agent_id: str | Unset = UNSET,
    group_by: GetInterviewAnalyticsGroupBy | Unset = GetInterviewAnalyticsGroupBy.DAY,
) -> Response[Error | GetInterviewAnalyticsInterviewsAnalytics]:
    """Interview figures over a range of days, grouped

     The range is whole local days of `timezone`, `from` and `to` both included (default: the 30 days up
    to today; at most 366); `startsAt` and `endsAt` give it as instants, the end excluded. Answered from
    rollups kept per organization, UTC day and quarter-hour (every UTC offset in use is whole quarter-
    hours, so local days are exact), updated once as each one ends and once as its report is written;
    never by reading the calls themselves. A range over the defaults answers in tens of milliseconds
    over a million calls; `agentId`, `campaignId` or `direction` reads every quarter-hour cell of the
    range and is slower (docs/benchmarks.md in the repository has the figures). An interview counts on
    the day it was created, once it has ended; its score and recommendation once its report is ready
    (the first analysis written).

    Requires scope `analytics:read`.

    Args:
        from_ (datetime.date | Unset): First local day (`YYYY-MM-DD` in `timezone`), included; not
            before 1970-01-01. Default: 29 days before `to`.
        to (datetime.date | Unset): Last local day, included. Default: today in `timezone`. At
            most 366 days from `from` to `to`.
        timezone (str | Unset): IANA time zone (`Europe/London`, `Asia/Kolkata`) in which `from`,
            `to` and day buckets are calendar days; 400 when the runtime does not know it. Default:
            'UTC'.
        agent_id (str | Unset): 24-character hexadecimal id
        group_by (GetInterviewAnalyticsGroupBy | Unset): A local day (every day of the range) or
            an agent. Default: GetInterviewAnalyticsGroupBy.DAY.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetInterviewAnalyticsInterviewsAnalytics]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        timezone=timezone,
        agent_id=agent_id,
        group_by=group_by,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    timezone: str | Unset = "UTC",
    agent_id: str | Unset = UNSET,
    group_by: GetInterviewAnalyticsGroupBy | Unset = GetInterviewAnalyticsGroupBy.DAY,
) -> Error | GetInterviewAnalyticsInterviewsAnalytics | None:
    """Interview figures over a range of days, grouped

     The range is whole local days of `timezone`, `from` and `to` both included (default: the 30 days up
    to today; at most 366); `startsAt` and `endsAt` give it as instants, the end excluded. Answered from
    rollups kept per organization, UTC day and quarter-hour (every UTC offset in use is whole quarter-
    hours, so local days are exact), updated once as each one ends and once as its report is written;
    never by reading the calls themselves. A range over the defaults answers in tens of milliseconds
    over a million calls; `agentId`, `campaignId` or `direction` reads every quarter-hour cell of the
    range and is slower (docs/benchmarks.md in the repository has the figures). An interview counts on
    the day it was created, once it has ended; its score and recommendation once its report is ready
    (the first analysis written).

    Requires scope `analytics:read`.

    Args:
        from_ (datetime.date | Unset): First local day (`YYYY-MM-DD` in `timezone`), included; not
            before 1970-01-01. Default: 29 days before `to`.
        to (datetime.date | Unset): Last local day, included. Default: today in `timezone`. At
            most 366 days from `from` to `to`.
        timezone (str | Unset): IANA time zone (`Europe/London`, `Asia/Kolkata`) in which `from`,
            `to` and day buckets are calendar days; 400 when the runtime does not know it. Default:
            'UTC'.
        agent_id (str | Unset): 24-character hexadecimal id
        group_by (GetInterviewAnalyticsGroupBy | Unset): A local day (every day of the range) or
            an agent. Default: GetInterviewAnalyticsGroupBy.DAY.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetInterviewAnalyticsInterviewsAnalytics
    """

    return sync_detailed(
        client=client,
        from_=from_,
        to=to,
        timezone=timezone,
        agent_id=agent_id,
        group_by=group_by,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    timezone: str | Unset = "UTC",
    agent_id: str | Unset = UNSET,
    group_by: GetInterviewAnalyticsGroupBy | Unset = GetInterviewAnalyticsGroupBy.DAY,
) -> Response[Error | GetInterviewAnalyticsInterviewsAnalytics]:
    """Interview figures over a range of days, grouped

     The range is whole local days of `timezone`, `from` and `to` both included (default: the 30 days up
    to today; at most 366); `startsAt` and `endsAt` give it as instants, the end excluded. Answered from
    rollups kept per organization, UTC day and quarter-hour (every UTC offset in use is whole quarter-
    hours, so local days are exact), updated once as each one ends and once as its report is written;
    never by reading the calls themselves. A range over the defaults answers in tens of milliseconds
    over a million calls; `agentId`, `campaignId` or `direction` reads every quarter-hour cell of the
    range and is slower (docs/benchmarks.md in the repository has the figures). An interview counts on
    the day it was created, once it has ended; its score and recommendation once its report is ready
    (the first analysis written).

    Requires scope `analytics:read`.

    Args:
        from_ (datetime.date | Unset): First local day (`YYYY-MM-DD` in `timezone`), included; not
            before 1970-01-01. Default: 29 days before `to`.
        to (datetime.date | Unset): Last local day, included. Default: today in `timezone`. At
            most 366 days from `from` to `to`.
        timezone (str | Unset): IANA time zone (`Europe/London`, `Asia/Kolkata`) in which `from`,
            `to` and day buckets are calendar days; 400 when the runtime does not know it. Default:
            'UTC'.
        agent_id (str | Unset): 24-character hexadecimal id
        group_by (GetInterviewAnalyticsGroupBy | Unset): A local day (every day of the range) or
            an agent. Default: GetInterviewAnalyticsGroupBy.DAY.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetInterviewAnalyticsInterviewsAnalytics]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        timezone=timezone,
        agent_id=agent_id,
        group_by=group_by,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    timezone: str | Unset = "UTC",
    agent_id: str | Unset = UNSET,
    group_by: GetInterviewAnalyticsGroupBy | Unset = GetInterviewAnalyticsGroupBy.DAY,
) -> Error | GetInterviewAnalyticsInterviewsAnalytics | None:
    """Interview figures over a range of days, grouped

     The range is whole local days of `timezone`, `from` and `to` both included (default: the 30 days up
    to today; at most 366); `startsAt` and `endsAt` give it as instants, the end excluded. Answered from
    rollups kept per organization, UTC day and quarter-hour (every UTC offset in use is whole quarter-
    hours, so local days are exact), updated once as each one ends and once as its report is written;
    never by reading the calls themselves. A range over the defaults answers in tens of milliseconds
    over a million calls; `agentId`, `campaignId` or `direction` reads every quarter-hour cell of the
    range and is slower (docs/benchmarks.md in the repository has the figures). An interview counts on
    the day it was created, once it has ended; its score and recommendation once its report is ready
    (the first analysis written).

    Requires scope `analytics:read`.

    Args:
        from_ (datetime.date | Unset): First local day (`YYYY-MM-DD` in `timezone`), included; not
            before 1970-01-01. Default: 29 days before `to`.
        to (datetime.date | Unset): Last local day, included. Default: today in `timezone`. At
            most 366 days from `from` to `to`.
        timezone (str | Unset): IANA time zone (`Europe/London`, `Asia/Kolkata`) in which `from`,
            `to` and day buckets are calendar days; 400 when the runtime does not know it. Default:
            'UTC'.
        agent_id (str | Unset): 24-character hexadecimal id
        group_by (GetInterviewAnalyticsGroupBy | Unset): A local day (every day of the range) or
            an agent. Default: GetInterviewAnalyticsGroupBy.DAY.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetInterviewAnalyticsInterviewsAnalytics
    """

    return (
        await asyncio_detailed(
            client=client,
            from_=from_,
            to=to,
            timezone=timezone,
            agent_id=agent_id,
            group_by=group_by,
        )
    ).parsed
