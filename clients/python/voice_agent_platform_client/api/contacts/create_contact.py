from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_contact_contact import CreateContactContact
from ...models.create_contact_contact_create import CreateContactContactCreate
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateContactContactCreate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/contacts",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateContactContact | Error | None:
    if response.status_code == 201:
        response_201 = CreateContactContact.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CreateContactContact | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateContactContactCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateContactContact | Error]:
    """Create a contact

     One contact per phone number in an organization: a second is 409 `DUPLICATE_CONTACT`. The number
    cannot change later. `timezone`: the IANA zone given, else the one the number determines
    (libphonenumber’s prefix data: a Berlin landline gives Europe/Berlin, a US number its area code’s
    zone), else null where the number spans several zones (most mobile ranges of large countries) or
    none is known. `attributes` are call variables: a call placed with `POST /calls` to the contact’s
    number, and a campaign recipient imported with it, gets those named like a `{{placeholder}}` of the
    agent, unless the request’s or import row’s own `variables` give that name. A campaign recipient
    also takes the contact’s `timezone` first, before the import row’s; both are read at import, so a
    contact changed later does not change an imported recipient. Do-not-call: `POST /calls` to the
    number answers 409 `DO_NOT_CALL` before anything is dialled, created or charged; a campaign
    recipient with the number is `suppressed` at import and never dialled, and a number suppressed after
    launch is checked again right before each attempt. A number becomes do-not-call with `doNotCall:
    true` (reason `manual`) or when the person asks in a call not to be called again (reason
    `opted_out_in_call`, with the call’s id; the contact is created if absent). Only `PATCH
    {"doNotCall": false}` lifts it. Erasure: `DELETE` removes the contact and its personal data. A
    number that was do-not-call stays suppressed: the service keeps only an HMAC-SHA256 of the number
    under a server secret (`DO_NOT_CALL_HASH_KEY`), with the reason and date, which recognises the
    number when it is dialled or added again (a contact created for it again is do-not-call) but cannot
    be turned back into it. Contacts count against the organization’s `maxContacts` (403
    `QUOTA_EXCEEDED` beyond it); erasing a contact frees its place. A contact the service creates
    because its number opted out during a call is always recorded, even beyond the limit.

    Requires scope `contacts:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (CreateContactContactCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateContactContact | Error]
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
    body: CreateContactContactCreate,
    idempotency_key: str | Unset = UNSET,
) -> CreateContactContact | Error | None:
    """Create a contact

     One contact per phone number in an organization: a second is 409 `DUPLICATE_CONTACT`. The number
    cannot change later. `timezone`: the IANA zone given, else the one the number determines
    (libphonenumber’s prefix data: a Berlin landline gives Europe/Berlin, a US number its area code’s
    zone), else null where the number spans several zones (most mobile ranges of large countries) or
    none is known. `attributes` are call variables: a call placed with `POST /calls` to the contact’s
    number, and a campaign recipient imported with it, gets those named like a `{{placeholder}}` of the
    agent, unless the request’s or import row’s own `variables` give that name. A campaign recipient
    also takes the contact’s `timezone` first, before the import row’s; both are read at import, so a
    contact changed later does not change an imported recipient. Do-not-call: `POST /calls` to the
    number answers 409 `DO_NOT_CALL` before anything is dialled, created or charged; a campaign
    recipient with the number is `suppressed` at import and never dialled, and a number suppressed after
    launch is checked again right before each attempt. A number becomes do-not-call with `doNotCall:
    true` (reason `manual`) or when the person asks in a call not to be called again (reason
    `opted_out_in_call`, with the call’s id; the contact is created if absent). Only `PATCH
    {"doNotCall": false}` lifts it. Erasure: `DELETE` removes the contact and its personal data. A
    number that was do-not-call stays suppressed: the service keeps only an HMAC-SHA256 of the number
    under a server secret (`DO_NOT_CALL_HASH_KEY`), with the reason and date, which recognises the
    number when it is dialled or added again (a contact created for it again is do-not-call) but cannot
    be turned back into it. Contacts count against the organization’s `maxContacts` (403
    `QUOTA_EXCEEDED` beyond it); erasing a contact frees its place. A contact the service creates
    because its number opted out during a call is always recorded, even beyond the limit.

    Requires scope `contacts:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (CreateContactContactCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateContactContact | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateContactContactCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreateContactContact | Error]:
    """Create a contact

     One contact per phone number in an organization: a second is 409 `DUPLICATE_CONTACT`. The number
    cannot change later. `timezone`: the IANA zone given, else the one the number determines
    (libphonenumber’s prefix data: a Berlin landline gives Europe/Berlin, a US number its area code’s
    zone), else null where the number spans several zones (most mobile ranges of large countries) or
    none is known. `attributes` are call variables: a call placed with `POST /calls` to the contact’s
    number, and a campaign recipient imported with it, gets those named like a `{{placeholder}}` of the
    agent, unless the request’s or import row’s own `variables` give that name. A campaign recipient
    also takes the contact’s `timezone` first, before the import row’s; both are read at import, so a
    contact changed later does not change an imported recipient. Do-not-call: `POST /calls` to the
    number answers 409 `DO_NOT_CALL` before anything is dialled, created or charged; a campaign
    recipient with the number is `suppressed` at import and never dialled, and a number suppressed after
    launch is checked again right before each attempt. A number becomes do-not-call with `doNotCall:
    true` (reason `manual`) or when the person asks in a call not to be called again (reason
    `opted_out_in_call`, with the call’s id; the contact is created if absent). Only `PATCH
    {"doNotCall": false}` lifts it. Erasure: `DELETE` removes the contact and its personal data. A
    number that was do-not-call stays suppressed: the service keeps only an HMAC-SHA256 of the number
    under a server secret (`DO_NOT_CALL_HASH_KEY`), with the reason and date, which recognises the
    number when it is dialled or added again (a contact created for it again is do-not-call) but cannot
    be turned back into it. Contacts count against the organization’s `maxContacts` (403
    `QUOTA_EXCEEDED` beyond it); erasing a contact frees its place. A contact the service creates
    because its number opted out during a call is always recorded, even beyond the limit.

    Requires scope `contacts:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (CreateContactContactCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateContactContact | Error]
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
    body: CreateContactContactCreate,
    idempotency_key: str | Unset = UNSET,
) -> CreateContactContact | Error | None:
    """Create a contact

     One contact per phone number in an organization: a second is 409 `DUPLICATE_CONTACT`. The number
    cannot change later. `timezone`: the IANA zone given, else the one the number determines
    (libphonenumber’s prefix data: a Berlin landline gives Europe/Berlin, a US number its area code’s
    zone), else null where the number spans several zones (most mobile ranges of large countries) or
    none is known. `attributes` are call variables: a call placed with `POST /calls` to the contact’s
    number, and a campaign recipient imported with it, gets those named like a `{{placeholder}}` of the
    agent, unless the request’s or import row’s own `variables` give that name. A campaign recipient
    also takes the contact’s `timezone` first, before the import row’s; both are read at import, so a
    contact changed later does not change an imported recipient. Do-not-call: `POST /calls` to the
    number answers 409 `DO_NOT_CALL` before anything is dialled, created or charged; a campaign
    recipient with the number is `suppressed` at import and never dialled, and a number suppressed after
    launch is checked again right before each attempt. A number becomes do-not-call with `doNotCall:
    true` (reason `manual`) or when the person asks in a call not to be called again (reason
    `opted_out_in_call`, with the call’s id; the contact is created if absent). Only `PATCH
    {"doNotCall": false}` lifts it. Erasure: `DELETE` removes the contact and its personal data. A
    number that was do-not-call stays suppressed: the service keeps only an HMAC-SHA256 of the number
    under a server secret (`DO_NOT_CALL_HASH_KEY`), with the reason and date, which recognises the
    number when it is dialled or added again (a contact created for it again is do-not-call) but cannot
    be turned back into it. Contacts count against the organization’s `maxContacts` (403
    `QUOTA_EXCEEDED` beyond it); erasing a contact frees its place. A contact the service creates
    because its number opted out during a call is always recorded, even beyond the limit.

    Requires scope `contacts:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (CreateContactContactCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateContactContact | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
