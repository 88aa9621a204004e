from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.import_campaign_recipients_recipient_import import ImportCampaignRecipientsRecipientImport
from ...models.import_campaign_recipients_recipient_import_result import ImportCampaignRecipientsRecipientImportResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: ImportCampaignRecipientsRecipientImport,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/campaigns/{id}/recipients".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ImportCampaignRecipientsRecipientImportResult | None:
    if response.status_code == 201:
        response_201 = ImportCampaignRecipientsRecipientImportResult.from_dict(response.json())

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

    if response.status_code == 504:
        response_504 = Error.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | ImportCampaignRecipientsRecipientImportResult]:
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
    body: ImportCampaignRecipientsRecipientImport,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | ImportCampaignRecipientsRecipientImportResult]:
    """Import the campaign's recipients

     The whole list in one request, only in `draft` and only once (a second import is 409
    `RECIPIENTS_ALREADY_IMPORTED`). Up to 200,000 recipients and 64 MiB; a row nested deeper than its
    schema or larger than 1 MiB is refused (400 naming the row) as soon as it is read. Claimed before
    its body is read: while it runs, another import of the campaign, or any other import of the
    organization (this route or `POST /contacts/import`), is 409 `IMPORT_IN_PROGRESS` at once; the claim
    ends with the import, or lapses within a minute if its server died. The body is parsed as it arrives
    and stored a thousand rows at a time, so its size costs no memory; until the import ends its
    recipients are not listed and the campaign cannot launch. Each row is checked like `POST /calls`
    (E.164 number, the agent’s `{{placeholders}}` exactly); any bad row rejects the whole import with
    400 and nothing is stored (rows stored before it are removed): `param` names the first, e.g.
    `body.recipients[12].phoneNumber`, and `error.details` lists every bad row found, each `{param,
    message}` by its first error, in row order, up to 100 (the body is read on to find them; past 100
    the rest is not checked). Recipients count against the organization’s `maxRecipients` (stored in
    campaigns not archived; archiving frees them): an import that would pass it is 403 `QUOTA_EXCEEDED`
    whole, refused before the thousand rows that pass it are written, with nothing left stored.
    Duplicates: a phone number may appear once per campaign; a repeat is a 400 at the later row. Rows
    are numbered from 0 in the order given, and dialled in that order within each time zone. Each
    recipient’s time zone is stored with it: its number’s contact’s `timezone` (see Contacts), else the
    row’s `timezone` (an IANA name, else 400 naming it, e.g. `body.recipients[3].timezone`), else the
    zone the number determines, else null for the campaign’s own; the calling hours apply in it. A
    number with a contact lends the contact’s `attributes` named like the agent’s `{{placeholders}}` as
    `variables`; the row’s own `variables` win, and the placeholders are checked after (so a row may
    leave out what its contact gives). A row whose number is do-not-call (see Contacts) is stored with
    status `suppressed` and never dialled; it counts in `stats.suppressed` and `stats.failed`. A number
    that becomes do-not-call later is checked again right before each attempt: it is not dialled, and
    its recipient becomes `suppressed` (`lastDisposition` `do_not_call`). Dialling policy: a row whose
    number the organization may not call (its country is not allowed, or it is a premium-rate, shared-
    cost, personal or pager number) rejects the import like a bad row, with code
    `DESTINATION_NOT_ALLOWED` when it is the first bad row; a number the policy refuses later is not
    dialled, and its recipient becomes `suppressed` (`lastDisposition` `destination_not_allowed`).

    Requires scope `campaigns:manage`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (ImportCampaignRecipientsRecipientImport):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ImportCampaignRecipientsRecipientImportResult]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ImportCampaignRecipientsRecipientImport,
    idempotency_key: str | Unset = UNSET,
) -> Error | ImportCampaignRecipientsRecipientImportResult | None:
    """Import the campaign's recipients

     The whole list in one request, only in `draft` and only once (a second import is 409
    `RECIPIENTS_ALREADY_IMPORTED`). Up to 200,000 recipients and 64 MiB; a row nested deeper than its
    schema or larger than 1 MiB is refused (400 naming the row) as soon as it is read. Claimed before
    its body is read: while it runs, another import of the campaign, or any other import of the
    organization (this route or `POST /contacts/import`), is 409 `IMPORT_IN_PROGRESS` at once; the claim
    ends with the import, or lapses within a minute if its server died. The body is parsed as it arrives
    and stored a thousand rows at a time, so its size costs no memory; until the import ends its
    recipients are not listed and the campaign cannot launch. Each row is checked like `POST /calls`
    (E.164 number, the agent’s `{{placeholders}}` exactly); any bad row rejects the whole import with
    400 and nothing is stored (rows stored before it are removed): `param` names the first, e.g.
    `body.recipients[12].phoneNumber`, and `error.details` lists every bad row found, each `{param,
    message}` by its first error, in row order, up to 100 (the body is read on to find them; past 100
    the rest is not checked). Recipients count against the organization’s `maxRecipients` (stored in
    campaigns not archived; archiving frees them): an import that would pass it is 403 `QUOTA_EXCEEDED`
    whole, refused before the thousand rows that pass it are written, with nothing left stored.
    Duplicates: a phone number may appear once per campaign; a repeat is a 400 at the later row. Rows
    are numbered from 0 in the order given, and dialled in that order within each time zone. Each
    recipient’s time zone is stored with it: its number’s contact’s `timezone` (see Contacts), else the
    row’s `timezone` (an IANA name, else 400 naming it, e.g. `body.recipients[3].timezone`), else the
    zone the number determines, else null for the campaign’s own; the calling hours apply in it. A
    number with a contact lends the contact’s `attributes` named like the agent’s `{{placeholders}}` as
    `variables`; the row’s own `variables` win, and the placeholders are checked after (so a row may
    leave out what its contact gives). A row whose number is do-not-call (see Contacts) is stored with
    status `suppressed` and never dialled; it counts in `stats.suppressed` and `stats.failed`. A number
    that becomes do-not-call later is checked again right before each attempt: it is not dialled, and
    its recipient becomes `suppressed` (`lastDisposition` `do_not_call`). Dialling policy: a row whose
    number the organization may not call (its country is not allowed, or it is a premium-rate, shared-
    cost, personal or pager number) rejects the import like a bad row, with code
    `DESTINATION_NOT_ALLOWED` when it is the first bad row; a number the policy refuses later is not
    dialled, and its recipient becomes `suppressed` (`lastDisposition` `destination_not_allowed`).

    Requires scope `campaigns:manage`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (ImportCampaignRecipientsRecipientImport):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ImportCampaignRecipientsRecipientImportResult
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ImportCampaignRecipientsRecipientImport,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | ImportCampaignRecipientsRecipientImportResult]:
    """Import the campaign's recipients

     The whole list in one request, only in `draft` and only once (a second import is 409
    `RECIPIENTS_ALREADY_IMPORTED`). Up to 200,000 recipients and 64 MiB; a row nested deeper than its
    schema or larger than 1 MiB is refused (400 naming the row) as soon as it is read. Claimed before
    its body is read: while it runs, another import of the campaign, or any other import of the
    organization (this route or `POST /contacts/import`), is 409 `IMPORT_IN_PROGRESS` at once; the claim
    ends with the import, or lapses within a minute if its server died. The body is parsed as it arrives
    and stored a thousand rows at a time, so its size costs no memory; until the import ends its
    recipients are not listed and the campaign cannot launch. Each row is checked like `POST /calls`
    (E.164 number, the agent’s `{{placeholders}}` exactly); any bad row rejects the whole import with
    400 and nothing is stored (rows stored before it are removed): `param` names the first, e.g.
    `body.recipients[12].phoneNumber`, and `error.details` lists every bad row found, each `{param,
    message}` by its first error, in row order, up to 100 (the body is read on to find them; past 100
    the rest is not checked). Recipients count against the organization’s `maxRecipients` (stored in
    campaigns not archived; archiving frees them): an import that would pass it is 403 `QUOTA_EXCEEDED`
    whole, refused before the thousand rows that pass it are written, with nothing left stored.
    Duplicates: a phone number may appear once per campaign; a repeat is a 400 at the later row. Rows
    are numbered from 0 in the order given, and dialled in that order within each time zone. Each
    recipient’s time zone is stored with it: its number’s contact’s `timezone` (see Contacts), else the
    row’s `timezone` (an IANA name, else 400 naming it, e.g. `body.recipients[3].timezone`), else the
    zone the number determines, else null for the campaign’s own; the calling hours apply in it. A
    number with a contact lends the contact’s `attributes` named like the agent’s `{{placeholders}}` as
    `variables`; the row’s own `variables` win, and the placeholders are checked after (so a row may
    leave out what its contact gives). A row whose number is do-not-call (see Contacts) is stored with
    status `suppressed` and never dialled; it counts in `stats.suppressed` and `stats.failed`. A number
    that becomes do-not-call later is checked again right before each attempt: it is not dialled, and
    its recipient becomes `suppressed` (`lastDisposition` `do_not_call`). Dialling policy: a row whose
    number the organization may not call (its country is not allowed, or it is a premium-rate, shared-
    cost, personal or pager number) rejects the import like a bad row, with code
    `DESTINATION_NOT_ALLOWED` when it is the first bad row; a number the policy refuses later is not
    dialled, and its recipient becomes `suppressed` (`lastDisposition` `destination_not_allowed`).

    Requires scope `campaigns:manage`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (ImportCampaignRecipientsRecipientImport):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ImportCampaignRecipientsRecipientImportResult]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ImportCampaignRecipientsRecipientImport,
    idempotency_key: str | Unset = UNSET,
) -> Error | ImportCampaignRecipientsRecipientImportResult | None:
    """Import the campaign's recipients

     The whole list in one request, only in `draft` and only once (a second import is 409
    `RECIPIENTS_ALREADY_IMPORTED`). Up to 200,000 recipients and 64 MiB; a row nested deeper than its
    schema or larger than 1 MiB is refused (400 naming the row) as soon as it is read. Claimed before
    its body is read: while it runs, another import of the campaign, or any other import of the
    organization (this route or `POST /contacts/import`), is 409 `IMPORT_IN_PROGRESS` at once; the claim
    ends with the import, or lapses within a minute if its server died. The body is parsed as it arrives
    and stored a thousand rows at a time, so its size costs no memory; until the import ends its
    recipients are not listed and the campaign cannot launch. Each row is checked like `POST /calls`
    (E.164 number, the agent’s `{{placeholders}}` exactly); any bad row rejects the whole import with
    400 and nothing is stored (rows stored before it are removed): `param` names the first, e.g.
    `body.recipients[12].phoneNumber`, and `error.details` lists every bad row found, each `{param,
    message}` by its first error, in row order, up to 100 (the body is read on to find them; past 100
    the rest is not checked). Recipients count against the organization’s `maxRecipients` (stored in
    campaigns not archived; archiving frees them): an import that would pass it is 403 `QUOTA_EXCEEDED`
    whole, refused before the thousand rows that pass it are written, with nothing left stored.
    Duplicates: a phone number may appear once per campaign; a repeat is a 400 at the later row. Rows
    are numbered from 0 in the order given, and dialled in that order within each time zone. Each
    recipient’s time zone is stored with it: its number’s contact’s `timezone` (see Contacts), else the
    row’s `timezone` (an IANA name, else 400 naming it, e.g. `body.recipients[3].timezone`), else the
    zone the number determines, else null for the campaign’s own; the calling hours apply in it. A
    number with a contact lends the contact’s `attributes` named like the agent’s `{{placeholders}}` as
    `variables`; the row’s own `variables` win, and the placeholders are checked after (so a row may
    leave out what its contact gives). A row whose number is do-not-call (see Contacts) is stored with
    status `suppressed` and never dialled; it counts in `stats.suppressed` and `stats.failed`. A number
    that becomes do-not-call later is checked again right before each attempt: it is not dialled, and
    its recipient becomes `suppressed` (`lastDisposition` `do_not_call`). Dialling policy: a row whose
    number the organization may not call (its country is not allowed, or it is a premium-rate, shared-
    cost, personal or pager number) rejects the import like a bad row, with code
    `DESTINATION_NOT_ALLOWED` when it is the first bad row; a number the policy refuses later is not
    dialled, and its recipient becomes `suppressed` (`lastDisposition` `destination_not_allowed`).

    Requires scope `campaigns:manage`.

    Args:
        id (str): 24-character hexadecimal id
        idempotency_key (str | Unset): Makes the request safe to retry: 1-255 printable ASCII
            characters, such as a UUID, unique per request, kept 24 hours per organization. A retry
            with the same key, method, path and body answers the first answer (status and body) again
            with `idempotent-replayed: true` and does nothing twice; with another body it is 422
            `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409
            `IDEMPOTENCY_KEY_IN_USE`. 2xx and 4xx answers are kept (except 429, which asks for a
            retry); after a 5xx or a timeout the key is free and the retry runs.
        body (ImportCampaignRecipientsRecipientImport):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ImportCampaignRecipientsRecipientImportResult
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
