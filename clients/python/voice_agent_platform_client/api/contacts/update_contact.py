from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.update_contact_contact import UpdateContactContact
from ...models.update_contact_contact_update import UpdateContactContactUpdate
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: UpdateContactContactUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/contacts/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | UpdateContactContact | None:
    if response.status_code == 200:
        response_200 = UpdateContactContact.from_dict(response.json())

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
) -> Response[Error | UpdateContactContact]:
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
    body: UpdateContactContactUpdate,
) -> Response[Error | UpdateContactContact]:
    """Update a contact

     Only supplied fields change; `phoneNumber` cannot (create a contact for another number). `timezone`:
    the IANA zone given, else the one the number determines (libphonenumber’s prefix data: a Berlin
    landline gives Europe/Berlin, a US number its area code’s zone), else null where the number spans
    several zones (most mobile ranges of large countries) or none is known. Do-not-call: `POST /calls`
    to the number answers 409 `DO_NOT_CALL` before anything is dialled, created or charged; a campaign
    recipient with the number is `suppressed` at import and never dialled, and a number suppressed after
    launch is checked again right before each attempt. A number becomes do-not-call with `doNotCall:
    true` (reason `manual`) or when the person asks in a call not to be called again (reason
    `opted_out_in_call`, with the call’s id; the contact is created if absent). Only `PATCH
    {"doNotCall": false}` lifts it.

    Requires scope `contacts:manage`.

    Args:
        id (str): 24-character hexadecimal id
        body (UpdateContactContactUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateContactContact]
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
    body: UpdateContactContactUpdate,
) -> Error | UpdateContactContact | None:
    """Update a contact

     Only supplied fields change; `phoneNumber` cannot (create a contact for another number). `timezone`:
    the IANA zone given, else the one the number determines (libphonenumber’s prefix data: a Berlin
    landline gives Europe/Berlin, a US number its area code’s zone), else null where the number spans
    several zones (most mobile ranges of large countries) or none is known. Do-not-call: `POST /calls`
    to the number answers 409 `DO_NOT_CALL` before anything is dialled, created or charged; a campaign
    recipient with the number is `suppressed` at import and never dialled, and a number suppressed after
    launch is checked again right before each attempt. A number becomes do-not-call with `doNotCall:
    true` (reason `manual`) or when the person asks in a call not to be called again (reason
    `opted_out_in_call`, with the call’s id; the contact is created if absent). Only `PATCH
    {"doNotCall": false}` lifts it.

    Requires scope `contacts:manage`.

    Args:
        id (str): 24-character hexadecimal id
        body (UpdateContactContactUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateContactContact
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
    body: UpdateContactContactUpdate,
) -> Response[Error | UpdateContactContact]:
    """Update a contact

     Only supplied fields change; `phoneNumber` cannot (create a contact for another number). `timezone`:
    the IANA zone given, else the one the number determines (libphonenumber’s prefix data: a Berlin
    landline gives Europe/Berlin, a US number its area code’s zone), else null where the number spans
    several zones (most mobile ranges of large countries) or none is known. Do-not-call: `POST /calls`
    to the number answers 409 `DO_NOT_CALL` before anything is dialled, created or charged; a campaign
    recipient with the number is `suppressed` at import and never dialled, and a number suppressed after
    launch is checked again right before each attempt. A number becomes do-not-call with `doNotCall:
    true` (reason `manual`) or when the person asks in a call not to be called again (reason
    `opted_out_in_call`, with the call’s id; the contact is created if absent). Only `PATCH
    {"doNotCall": false}` lifts it.

    Requires scope `contacts:manage`.

    Args:
        id (str): 24-character hexadecimal id
        body (UpdateContactContactUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UpdateContactContact]
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
    body: UpdateContactContactUpdate,
) -> Error | UpdateContactContact | None:
    """Update a contact

     Only supplied fields change; `phoneNumber` cannot (create a contact for another number). `timezone`:
    the IANA zone given, else the one the number determines (libphonenumber’s prefix data: a Berlin
    landline gives Europe/Berlin, a US number its area code’s zone), else null where the number spans
    several zones (most mobile ranges of large countries) or none is known. Do-not-call: `POST /calls`
    to the number answers 409 `DO_NOT_CALL` before anything is dialled, created or charged; a campaign
    recipient with the number is `suppressed` at import and never dialled, and a number suppressed after
    launch is checked again right before each attempt. A number becomes do-not-call with `doNotCall:
    true` (reason `manual`) or when the person asks in a call not to be called again (reason
    `opted_out_in_call`, with the call’s id; the contact is created if absent). Only `PATCH
    {"doNotCall": false}` lifts it.

    Requires scope `contacts:manage`.

    Args:
        id (str): 24-character hexadecimal id
        body (UpdateContactContactUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UpdateContactContact
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
