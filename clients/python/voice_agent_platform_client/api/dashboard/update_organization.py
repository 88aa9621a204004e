from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.update_organization_organization import UpdateOrganizationOrganization
from ...models.update_organization_organization_update import UpdateOrganizationOrganizationUpdate
from ...types import Response


def _get_kwargs(
    *,
    body: UpdateOrganizationOrganizationUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/dashboard/organization",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | UpdateOrganizationOrganization | None:
    if response.status_code == 200:
        response_200 = UpdateOrganizationOrganization.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | UpdateOrganizationOrganization]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: UpdateOrganizationOrganizationUpdate,
) -> Response[Error | UpdateOrganizationOrganization]:
    """Change the organization's settings

     `recordingRetentionDays`: how long call recordings are kept; the hourly sweep deletes older ones,
    those already stored included. `allowedCountries`: the countries the organization may call (calls
    and campaign imports elsewhere are 400 `DESTINATION_NOT_ALLOWED`, and a campaign recipient not yet
    called is skipped as `suppressed`); null follows the service’s default.

    Organization admins only.

    Args:
        body (UpdateOrganizationOrganizationUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateOrganizationOrganization]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: UpdateOrganizationOrganizationUpdate,
) -> Error | UpdateOrganizationOrganization | None:
    """Change the organization's settings

     `recordingRetentionDays`: how long call recordings are kept; the hourly sweep deletes older ones,
    those already stored included. `allowedCountries`: the countries the organization may call (calls
    and campaign imports elsewhere are 400 `DESTINATION_NOT_ALLOWED`, and a campaign recipient not yet
    called is skipped as `suppressed`); null follows the service’s default.

    Organization admins only.

    Args:
        body (UpdateOrganizationOrganizationUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateOrganizationOrganization
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: UpdateOrganizationOrganizationUpdate,
) -> Response[Error | UpdateOrganizationOrganization]:
    """Change the organization's settings

     `recordingRetentionDays`: how long call recordings are kept; the hourly sweep deletes older ones,
    those already stored included. `allowedCountries`: the countries the organization may call (calls
    and campaign imports elsewhere are 400 `DESTINATION_NOT_ALLOWED`, and a campaign recipient not yet
    called is skipped as `suppressed`); null follows the service’s default.

    Organization admins only.

    Args:
        body (UpdateOrganizationOrganizationUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateOrganizationOrganization]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: UpdateOrganizationOrganizationUpdate,
) -> Error | UpdateOrganizationOrganization | None:
    """Change the organization's settings

     `recordingRetentionDays`: how long call recordings are kept; the hourly sweep deletes older ones,
    those already stored included. `allowedCountries`: the countries the organization may call (calls
    and campaign imports elsewhere are 400 `DESTINATION_NOT_ALLOWED`, and a campaign recipient not yet
    called is skipped as `suppressed`); null follows the service’s default.

    Organization admins only.

    Args:
        body (UpdateOrganizationOrganizationUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateOrganizationOrganization
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
