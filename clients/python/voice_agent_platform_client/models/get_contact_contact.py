from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_contact_contact_do_not_call_reason_type_0 import GetContactContactDoNotCallReasonType0

if TYPE_CHECKING:
    from ..models.get_contact_contact_attributes import GetContactContactAttributes


T = TypeVar("T", bound="GetContactContact")


@_attrs_define
class GetContactContact:
    """
    Attributes:
        id (str): 24-character hexadecimal id
        object_ (Literal['contact']):
        phone_number (str):
        name (None | str):
        email (None | str):
        timezone (None | str): `timezone`: the IANA zone given, else the one the number determines (libphonenumber’s
            prefix data: a Berlin landline gives Europe/Berlin, a US number its area code’s zone), else null where the
            number spans several zones (most mobile ranges of large countries) or none is known.
        external_ref (None | str):
        attributes (GetContactContactAttributes):
        do_not_call (bool):
        do_not_call_reason (GetContactContactDoNotCallReasonType0 | None): `manual` (set through the API) or
            `opted_out_in_call`; null when not do-not-call.
        do_not_call_since (datetime.datetime | None):
        do_not_call_call_id (None | str): With `opted_out_in_call`: the call in which the person asked.
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: str
    object_: Literal["contact"]
    phone_number: str
    name: None | str
    email: None | str
    timezone: None | str
    external_ref: None | str
    attributes: GetContactContactAttributes
    do_not_call: bool
    do_not_call_reason: GetContactContactDoNotCallReasonType0 | None
    do_not_call_since: datetime.datetime | None
    do_not_call_call_id: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_

        phone_number = self.phone_number

        name: None | str
        name = self.name

        email: None | str
        email = self.email

        timezone: None | str
        timezone = self.timezone

        external_ref: None | str
        external_ref = self.external_ref

        attributes = self.attributes.to_dict()

        do_not_call = self.do_not_call

        do_not_call_reason: None | str
        if isinstance(self.do_not_call_reason, GetContactContactDoNotCallReasonType0):
            do_not_call_reason = self.do_not_call_reason.value
        else:
            do_not_call_reason = self.do_not_call_reason

        do_not_call_since: None | str
        if isinstance(self.do_not_call_since, datetime.datetime):
            do_not_call_since = self.do_not_call_since.isoformat()
        else:
            do_not_call_since = self.do_not_call_since

        do_not_call_call_id: None | str
        do_not_call_call_id = self.do_not_call_call_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "object": object_,
                "phoneNumber": phone_number,
                "name": name,
                "email": email,
                "timezone": timezone,
                "externalRef": external_ref,
                "attributes": attributes,
                "doNotCall": do_not_call,
                "doNotCallReason": do_not_call_reason,
                "doNotCallSince": do_not_call_since,
                "doNotCallCallId": do_not_call_call_id,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_contact_contact_attributes import GetContactContactAttributes  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        object_ = cast(Literal["contact"], d.pop("object"))
        if object_ != "contact":
            raise ValueError(f"object must match const 'contact', got '{object_}'")

        phone_number = d.pop("phoneNumber")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        def _parse_timezone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        timezone = _parse_timezone(d.pop("timezone"))

        def _parse_external_ref(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_ref = _parse_external_ref(d.pop("externalRef"))

        attributes = GetContactContactAttributes.from_dict(d.pop("attributes"))

        do_not_call = d.pop("doNotCall")

        def _parse_do_not_call_reason(data: object) -> GetContactContactDoNotCallReasonType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                do_not_call_reason_type_0 = GetContactContactDoNotCallReasonType0(data)

                return do_not_call_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GetContactContactDoNotCallReasonType0 | None, data)

        do_not_call_reason = _parse_do_not_call_reason(d.pop("doNotCallReason"))

        def _parse_do_not_call_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                do_not_call_since_type_0 = datetime.datetime.fromisoformat(data)

                return do_not_call_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        do_not_call_since = _parse_do_not_call_since(d.pop("doNotCallSince"))

        def _parse_do_not_call_call_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        do_not_call_call_id = _parse_do_not_call_call_id(d.pop("doNotCallCallId"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        get_contact_contact = cls(
            id=id,
            object_=object_,
            phone_number=phone_number,
            name=name,
            email=email,
            timezone=timezone,
            external_ref=external_ref,
            attributes=attributes,
            do_not_call=do_not_call,
            do_not_call_reason=do_not_call_reason,
            do_not_call_since=do_not_call_since,
            do_not_call_call_id=do_not_call_call_id,
            created_at=created_at,
            updated_at=updated_at,
        )

        get_contact_contact.additional_properties = d
        return get_contact_contact

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
