import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_call_analytics_calls_analytics import GetCallAnalyticsCallsAnalytics
from ...models.get_call_analytics_direction import GetCallAnalyticsDirection
from ...models.get_call_analytics_group_by import GetCallAnalyticsGroupBy
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    timezone: str | Unset = "UTC",
    agent_id: str | Unset = UNSET,
    group_by: GetCallAnalyticsGroupBy | Unset = GetCallAnalyticsGroupBy.DAY,
    campaign_id: str | Unset = UNSET,
    direction: GetCallAnalyticsDirection | Unset = UNSET,
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

    params["campaignId"] = campaign_id

    json_direction: str | Unset = UNSET
    if not isinstance(direction, Unset):
        json_direction = direction.value

    params["direction"] = json_direction

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/analytics/calls",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetCallAnalyticsCallsAnalytics | None:
    if response.status_code == 200:
        response_200 = GetCallAnalyticsCallsAnalytics.from_dict(response.json())

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
) -> Response[Error | GetCallAnalyticsCallsAnalytics]:
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
    group_by: GetCallAnalyticsGroupBy | Unset = GetCallAnalyticsGroupBy.DAY,
    campaign_id: str | Unset = UNSET,
    direction: GetCallAnalyticsDirection | Unset = UNSET,
) -> Response[Error | GetCallAnalyticsCallsAnalytics]:
    """Call figures over a range of days, grouped

     The range is whole local days of `timezone`, `from` and `to` both included (default: the 30 days up
    to today; at most 366); `startsAt` and `endsAt` give it as instants, the end excluded. Answered from
    rollups kept per organization, UTC day and quarter-hour (every UTC offset in use is whole quarter-
    hours, so local days are exact), updated once as each one ends and once as its report is written;
    never by reading the calls themselves. A range over the defaults answers in tens of milliseconds
    over a million calls; `agentId`, `campaignId` or `direction` reads every quarter-hour cell of the
    range and is slower (docs/benchmarks.md in the repository has the figures). A call counts on the day
    it was placed, once it has ended: its figures agree with `GET /calls` (its `durationSeconds`,
    `chargedMinutes`, `disposition`) and with its report. A call ended a moment ago counts within a
    second or so; its report’s `outcome`, `sentiment` and `optOut` when the report is written.
    `agentId`, `campaignId` and `direction` narrow the calls counted.

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
        group_by (GetCallAnalyticsGroupBy | Unset): What each bucket is: a local day (every day of
            the range, empty ones too), an agent, a campaign (`null`: direct calls), a disposition, a
            report outcome (`null`: no outcome, because the report gave none or is not written yet),
            or a direction (`outbound`, `inbound`). Default: GetCallAnalyticsGroupBy.DAY.
        campaign_id (str | Unset): 24-character hexadecimal id
        direction (GetCallAnalyticsDirection | Unset): Only calls of this direction: `outbound`
            (placed by the API or a campaign) or `inbound` (to your phone numbers).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetCallAnalyticsCallsAnalytics]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        timezone=timezone,
        agent_id=agent_id,
        group_by=group_by,
        campaign_id=campaign_id,
        direction=direction,
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
    group_by: GetCallAnalyticsGroupBy | Unset = GetCallAnalyticsGroupBy.DAY,
    campaign_id: str | Unset = UNSET,
    direction: GetCallAnalyticsDirection | Unset = UNSET,
) -> Error | GetCallAnalyticsCallsAnalytics | None:
    """Call figures over a range of days, grouped

     The range is whole local days of `timezone`, `from` and `to` both included (default: the 30 days up
    to today; at most 366); `startsAt` and `endsAt` give it as instants, the end excluded. Answered from
    rollups kept per organization, UTC day and quarter-hour (every UTC offset in use is whole quarter-
    hours, so local days are exact), updated once as each one ends and once as its report is written;
    never by reading the calls themselves. A range over the defaults answers in tens of milliseconds
    over a million calls; `agentId`, `campaignId` or `direction` reads every quarter-hour cell of the
    range and is slower (docs/benchmarks.md in the repository has the figures). A call counts on the day
    it was placed, once it has ended: its figures agree with `GET /calls` (its `durationSeconds`,
    `chargedMinutes`, `disposition`) and with its report. A call ended a moment ago counts within a
    second or so; its report’s `outcome`, `sentiment` and `optOut` when the report is written.
    `agentId`, `campaignId` and `direction` narrow the calls counted.

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
        group_by (GetCallAnalyticsGroupBy | Unset): What each bucket is: a local day (every day of
            the range, empty ones too), an agent, a campaign (`null`: direct calls), a disposition, a
            report outcome (`null`: no outcome, because the report gave none or is not written yet),
            or a direction (`outbound`, `inbound`). Default: GetCallAnalyticsGroupBy.DAY.
        campaign_id (str | Unset): 24-character hexadecimal id
        direction (GetCallAnalyticsDirection | Unset): Only calls of this direction: `outbound`
            (placed by the API or a campaign) or `inbound` (to your phone numbers).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetCallAnalyticsCallsAnalytics
    """

    return sync_detailed(
        client=client,
        from_=from_,
        to=to,
        timezone=timezone,
        agent_id=agent_id,
        group_by=group_by,
        campaign_id=campaign_id,
        direction=direction,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    timezone: str | Unset = "UTC",
    agent_id: str | Unset = UNSET,
    group_by: GetCallAnalyticsGroupBy | Unset = GetCallAnalyticsGroupBy.DAY,
    campaign_id: str | Unset = UNSET,
    direction: GetCallAnalyticsDirection | Unset = UNSET,
) -> Response[Error | GetCallAnalyticsCallsAnalytics]:
    """Call figures over a range of days, grouped

     The range is whole local days of `timezone`, `from` and `to` both included (default: the 30 days up
    to today; at most 366); `startsAt` and `endsAt` give it as instants, the end excluded. Answered from
    rollups kept per organization, UTC day and quarter-hour (every UTC offset in use is whole quarter-
    hours, so local days are exact), updated once as each one ends and once as its report is written;
    never by reading the calls themselves. A range over the defaults answers in tens of milliseconds
    over a million calls; `agentId`, `campaignId` or `direction` reads every quarter-hour cell of the
    range and is slower (docs/benchmarks.md in the repository has the figures). A call counts on the day
    it was placed, once it has ended: its figures agree with `GET /calls` (its `durationSeconds`,
    `chargedMinutes`, `disposition`) and with its report. A call ended a moment ago counts within a
    second or so; its report’s `outcome`, `sentiment` and `optOut` when the report is written.
    `agentId`, `campaignId` and `direction` narrow the calls counted.

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
        group_by (GetCallAnalyticsGroupBy | Unset): What each bucket is: a local day (every day of
            the range, empty ones too), an agent, a campaign (`null`: direct calls), a disposition, a
            report outcome (`null`: no outcome, because the report gave none or is not written yet),
            or a direction (`outbound`, `inbound`). Default: GetCallAnalyticsGroupBy.DAY.
        campaign_id (str | Unset): 24-character hexadecimal id
        direction (GetCallAnalyticsDirection | Unset): Only calls of this direction: `outbound`
            (placed by the API or a campaign) or `inbound` (to your phone numbers).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetCallAnalyticsCallsAnalytics]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        timezone=timezone,
        agent_id=agent_id,
        group_by=group_by,
        campaign_id=campaign_id,
        direction=direction,
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
    group_by: GetCallAnalyticsGroupBy | Unset = GetCallAnalyticsGroupBy.DAY,
    campaign_id: str | Unset = UNSET,
    direction: GetCallAnalyticsDirection | Unset = UNSET,
) -> Error | GetCallAnalyticsCallsAnalytics | None:
    """Call figures over a range of days, grouped

     The range is whole local days of `timezone`, `from` and `to` both included (default: the 30 days up
    to today; at most 366); `startsAt` and `endsAt` give it as instants, the end excluded. Answered from
    rollups kept per organization, UTC day and quarter-hour (every UTC offset in use is whole quarter-
    hours, so local days are exact), updated once as each one ends and once as its report is written;
    never by reading the calls themselves. A range over the defaults answers in tens of milliseconds
    over a million calls; `agentId`, `campaignId` or `direction` reads every quarter-hour cell of the
    range and is slower (docs/benchmarks.md in the repository has the figures). A call counts on the day
    it was placed, once it has ended: its figures agree with `GET /calls` (its `durationSeconds`,
    `chargedMinutes`, `disposition`) and with its report. A call ended a moment ago counts within a
    second or so; its report’s `outcome`, `sentiment` and `optOut` when the report is written.
    `agentId`, `campaignId` and `direction` narrow the calls counted.

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
        group_by (GetCallAnalyticsGroupBy | Unset): What each bucket is: a local day (every day of
            the range, empty ones too), an agent, a campaign (`null`: direct calls), a disposition, a
            report outcome (`null`: no outcome, because the report gave none or is not written yet),
            or a direction (`outbound`, `inbound`). Default: GetCallAnalyticsGroupBy.DAY.
        campaign_id (str | Unset): 24-character hexadecimal id
        direction (GetCallAnalyticsDirection | Unset): Only calls of this direction: `outbound`
            (placed by the API or a campaign) or `inbound` (to your phone numbers).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetCallAnalyticsCallsAnalytics
    """

    return (
        await asyncio_detailed(
            client=client,
            from_=from_,
            to=to,
            timezone=timezone,
            agent_id=agent_id,
            group_by=group_by,
            campaign_id=campaign_id,
            direction=direction,
        )
    ).parsed
