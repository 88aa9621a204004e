from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.list_campaign_recipients_recipient_list_recipient_status import (
    ListCampaignRecipientsRecipientListRecipientStatus,
)

if TYPE_CHECKING:
    from ..models.list_campaign_recipients_recipient_list_recipient_variables import (
        ListCampaignRecipientsRecipientListRecipientVariables,
    )


T = TypeVar("T", bound="ListCampaignRecipientsRecipientListRecipient")


@_attrs_define
class ListCampaignRecipientsRecipientListRecipient:
    """
    Attributes:
        object_ (Literal['recipient']):
        index (int): Position in the import, from 0.
        phone_number (str):
        contact_name (str):
        external_ref (str):
        variables (ListCampaignRecipientsRecipientListRecipientVariables):
        timezone (None | str): The recipient’s own time zone, stored at import (its contact’s, else the row’s, else the
            number’s); null: the campaign’s `timezone`, as edited.
        status (ListCampaignRecipientsRecipientListRecipientStatus): `pending` (not dialled yet), `calling`,
            `retry_scheduled`, `completed` (reached), `failed` (final, not reached), `suppressed` (final, never dialled
            again: the number is do-not-call).
        attempts (int): Attempts begun so far.
        last_call_id (None | str): The latest attempt’s call.
        last_disposition (None | str): How the latest finished attempt ended: a call disposition, or `carrier_rejected`
            / `carrier_unavailable`, or `do_not_call` when the number was found do-not-call right before an attempt.
        next_attempt_at (datetime.datetime | None): While `retry_scheduled`: when the next attempt becomes due, after
            the retry policy’s delay, or at the callback the recipient asked for (the agent’s `callback` tool; moved to when
            their calling hours next open if they are closed then); it is dialled then, or when the recipient’s calling
            hours next open if they are closed then. Null in every other status.
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    object_: Literal["recipient"]
    index: int
    phone_number: str
    contact_name: str
    external_ref: str
    variables: ListCampaignRecipientsRecipientListRecipientVariables
    timezone: None | str
    status: ListCampaignRecipientsRecipientListRecipientStatus
    attempts: int
    last_call_id: None | str
    last_disposition: None | str
    next_attempt_at: datetime.datetime | None
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        index = self.index

        phone_number = self.phone_number

        contact_name = self.contact_name

        external_ref = self.external_ref

        variables = self.variables.to_dict()

        timezone: None | str
        timezone = self.timezone

        status = self.status.value

        attempts = self.attempts

        last_call_id: None | str
        last_call_id = self.last_call_id

        last_disposition: None | str
        last_disposition = self.last_disposition

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "index": index,
                "phoneNumber": phone_number,
                "contactName": contact_name,
                "externalRef": external_ref,
                "variables": variables,
                "timezone": timezone,
                "status": status,
                "attempts": attempts,
                "lastCallId": last_call_id,
                "lastDisposition": last_disposition,
                "nextAttemptAt": next_attempt_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_campaign_recipients_recipient_list_recipient_variables import (
            ListCampaignRecipientsRecipientListRecipientVariables,  # noqa: PLC0415
        )

        d = dict(src_dict)
        object_ = cast(Literal["recipient"], d.pop("object"))
        if object_ != "recipient":
            raise ValueError(f"object must match const 'recipient', got '{object_}'")

        index = d.pop("index")

        phone_number = d.pop("phoneNumber")

        contact_name = d.pop("contactName")

        external_ref = d.pop("externalRef")

        variables = ListCampaignRecipientsRecipientListRecipientVariables.from_dict(d.pop("variables"))

        def _parse_timezone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        timezone = _parse_timezone(d.pop("timezone"))

        status = ListCampaignRecipientsRecipientListRecipientStatus(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_last_call_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_call_id = _parse_last_call_id(d.pop("lastCallId"))

        def _parse_last_disposition(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_disposition = _parse_last_disposition(d.pop("lastDisposition"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        list_campaign_recipients_recipient_list_recipient = cls(
            object_=object_,
            index=index,
            phone_number=phone_number,
            contact_name=contact_name,
            external_ref=external_ref,
            variables=variables,
            timezone=timezone,
            status=status,
            attempts=attempts,
            last_call_id=last_call_id,
            last_disposition=last_disposition,
            next_attempt_at=next_attempt_at,
            updated_at=updated_at,
        )

        list_campaign_recipients_recipient_list_recipient.additional_properties = d
        return list_campaign_recipients_recipient_list_recipient

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
