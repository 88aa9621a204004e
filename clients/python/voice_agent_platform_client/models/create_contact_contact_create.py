from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_contact_contact_create_attributes import CreateContactContactCreateAttributes


T = TypeVar("T", bound="CreateContactContactCreate")


@_attrs_define
class CreateContactContactCreate:
    """
    Attributes:
        phone_number (str): E.164, e.g. +14155550123; one contact per number in an organization.
        name (str | Unset):
        email (str | Unset):
        timezone (str | Unset): IANA time zone, e.g. `Europe/London`.
        external_ref (str | Unset): Your identifier for the contact.
        attributes (CreateContactContactCreateAttributes | Unset): Your data about the person, string values only (up to
            50), named by 1-64 letters, digits and `_`, not starting with a digit. Stored for use as call variables: see the
            description of the contacts routes.
        do_not_call (bool | Unset): Suppress every dial to this number.
    """

    phone_number: str
    name: str | Unset = UNSET
    email: str | Unset = UNSET
    timezone: str | Unset = UNSET
    external_ref: str | Unset = UNSET
    attributes: CreateContactContactCreateAttributes | Unset = UNSET
    do_not_call: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        phone_number = self.phone_number

        name = self.name

        email = self.email

        timezone = self.timezone

        external_ref = self.external_ref

        attributes: dict[str, Any] | Unset = UNSET
        if not isinstance(self.attributes, Unset):
            attributes = self.attributes.to_dict()

        do_not_call = self.do_not_call

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "phoneNumber": phone_number,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if email is not UNSET:
            field_dict["email"] = email
        if timezone is not UNSET:
            field_dict["timezone"] = timezone
        if external_ref is not UNSET:
            field_dict["externalRef"] = external_ref
        if attributes is not UNSET:
            field_dict["attributes"] = attributes
        if do_not_call is not UNSET:
            field_dict["doNotCall"] = do_not_call

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_contact_contact_create_attributes import CreateContactContactCreateAttributes  # noqa: PLC0415

        d = dict(src_dict)
        phone_number = d.pop("phoneNumber")

        name = d.pop("name", UNSET)

        email = d.pop("email", UNSET)

        timezone = d.pop("timezone", UNSET)

        external_ref = d.pop("externalRef", UNSET)

        _attributes = d.pop("attributes", UNSET)
        attributes: CreateContactContactCreateAttributes | Unset
        if isinstance(_attributes, Unset):
            attributes = UNSET
        else:
            attributes = CreateContactContactCreateAttributes.from_dict(_attributes)

        do_not_call = d.pop("doNotCall", UNSET)

        create_contact_contact_create = cls(
            phone_number=phone_number,
            name=name,
            email=email,
            timezone=timezone,
            external_ref=external_ref,
            attributes=attributes,
            do_not_call=do_not_call,
        )

        return create_contact_contact_create
