from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.import_contacts_contact_import import ImportContactsContactImport
from ...models.import_contacts_contact_import_result import ImportContactsContactImportResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ImportContactsContactImport,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/contacts/import",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ImportContactsContactImportResult | None:
    if response.status_code == 201:
        response_201 = ImportContactsContactImportResult.from_dict(response.json())

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
) -> Response[Error | ImportContactsContactImportResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ImportContactsContactImport,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | ImportContactsContactImportResult]:
    """Create or update many contacts

     Up to 100,000 rows and 64 MiB (a row nested deeper than its schema or larger than 1 MiB is refused
    as soon as it is read), each checked like `POST /contacts`; any bad row rejects the whole import
    with 400 and nothing is stored: `param` names the first, e.g. `body.contacts[12].phoneNumber`, and
    `error.details` lists every bad row found, each `{param, message}` by its first error, in row order,
    up to 100. A number may appear once per import. A row whose number has no contact creates one;
    otherwise it updates that contact with the fields the row gives. `doNotCall: true` suppresses the
    number; an import never lifts a suppression (`PATCH` one contact for that). Rows are applied in
    order; an import that fails partway (a server error) leaves the rows before it applied, and sending
    it again is safe. Contacts count against the organization’s `maxContacts` (403 `QUOTA_EXCEEDED`
    beyond it); erasing a contact frees its place. A contact the service creates because its number
    opted out during a call is always recorded, even beyond the limit. One import at a time per
    organization (this one and `POST /campaigns/{id}/recipients`): another is 409 `IMPORT_IN_PROGRESS`
    at once, before its body is read; the body is parsed as it arrives. An import whose new numbers
    would pass `maxContacts` is refused before any row is applied; one that passes it only because
    contacts were created meanwhile stops at that thousand-row batch (its new contacts removed, earlier
    batches applied).

    Requires scope `contacts:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (ImportContactsContactImport):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ImportContactsContactImportResult]
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
    body: ImportContactsContactImport,
    idempotency_key: str | Unset = UNSET,
) -> Error | ImportContactsContactImportResult | None:
    """Create or update many contacts

     Up to 100,000 rows and 64 MiB (a row nested deeper than its schema or larger than 1 MiB is refused
    as soon as it is read), each checked like `POST /contacts`; any bad row rejects the whole import
    with 400 and nothing is stored: `param` names the first, e.g. `body.contacts[12].phoneNumber`, and
    `error.details` lists every bad row found, each `{param, message}` by its first error, in row order,
    up to 100. A number may appear once per import. A row whose number has no contact creates one;
    otherwise it updates that contact with the fields the row gives. `doNotCall: true` suppresses the
    number; an import never lifts a suppression (`PATCH` one contact for that). Rows are applied in
    order; an import that fails partway (a server error) leaves the rows before it applied, and sending
    it again is safe. Contacts count against the organization’s `maxContacts` (403 `QUOTA_EXCEEDED`
    beyond it); erasing a contact frees its place. A contact the service creates because its number
    opted out during a call is always recorded, even beyond the limit. One import at a time per
    organization (this one and `POST /campaigns/{id}/recipients`): another is 409 `IMPORT_IN_PROGRESS`
    at once, before its body is read; the body is parsed as it arrives. An import whose new numbers
    would pass `maxContacts` is refused before any row is applied; one that passes it only because
    contacts were created meanwhile stops at that thousand-row batch (its new contacts removed, earlier
    batches applied).

    Requires scope `contacts:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (ImportContactsContactImport):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ImportContactsContactImportResult
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ImportContactsContactImport,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | ImportContactsContactImportResult]:
    """Create or update many contacts

     Up to 100,000 rows and 64 MiB (a row nested deeper than its schema or larger than 1 MiB is refused
    as soon as it is read), each checked like `POST /contacts`; any bad row rejects the whole import
    with 400 and nothing is stored: `param` names the first, e.g. `body.contacts[12].phoneNumber`, and
    `error.details` lists every bad row found, each `{param, message}` by its first error, in row order,
    up to 100. A number may appear once per import. A row whose number has no contact creates one;
    otherwise it updates that contact with the fields the row gives. `doNotCall: true` suppresses the
    number; an import never lifts a suppression (`PATCH` one contact for that). Rows are applied in
    order; an import that fails partway (a server error) leaves the rows before it applied, and sending
    it again is safe. Contacts count against the organization’s `maxContacts` (403 `QUOTA_EXCEEDED`
    beyond it); erasing a contact frees its place. A contact the service creates because its number
    opted out during a call is always recorded, even beyond the limit. One import at a time per
    organization (this one and `POST /campaigns/{id}/recipients`): another is 409 `IMPORT_IN_PROGRESS`
    at once, before its body is read; the body is parsed as it arrives. An import whose new numbers
    would pass `maxContacts` is refused before any row is applied; one that passes it only because
    contacts were created meanwhile stops at that thousand-row batch (its new contacts removed, earlier
    batches applied).

    Requires scope `contacts:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (ImportContactsContactImport):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ImportContactsContactImportResult]
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
    body: ImportContactsContactImport,
    idempotency_key: str | Unset = UNSET,
) -> Error | ImportContactsContactImportResult | None:
    """Create or update many contacts

     Up to 100,000 rows and 64 MiB (a row nested deeper than its schema or larger than 1 MiB is refused
    as soon as it is read), each checked like `POST /contacts`; any bad row rejects the whole import
    with 400 and nothing is stored: `param` names the first, e.g. `body.contacts[12].phoneNumber`, and
    `error.details` lists every bad row found, each `{param, message}` by its first error, in row order,
    up to 100. A number may appear once per import. A row whose number has no contact creates one;
    otherwise it updates that contact with the fields the row gives. `doNotCall: true` suppresses the
    number; an import never lifts a suppression (`PATCH` one contact for that). Rows are applied in
    order; an import that fails partway (a server error) leaves the rows before it applied, and sending
    it again is safe. Contacts count against the organization’s `maxContacts` (403 `QUOTA_EXCEEDED`
    beyond it); erasing a contact frees its place. A contact the service creates because its number
    opted out during a call is always recorded, even beyond the limit. One import at a time per
    organization (this one and `POST /campaigns/{id}/recipients`): another is 409 `IMPORT_IN_PROGRESS`
    at once, before its body is read; the body is parsed as it arrives. An import whose new numbers
    would pass `maxContacts` is refused before any row is applied; one that passes it only because
    contacts were created meanwhile stops at that thousand-row batch (its new contacts removed, earlier
    batches applied).

    Requires scope `contacts:manage`.

    Args:
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (ImportContactsContactImport):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ImportContactsContactImportResult
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
