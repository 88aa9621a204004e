from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_contact_contact_update_attributes import UpdateContactContactUpdateAttributes


T = TypeVar("T", bound="UpdateContactContactUpdate")


@_attrs_define
class UpdateContactContactUpdate:
    """
    Attributes:
        name (None | str | Unset):
        email (None | str | Unset):
        timezone (None | str | Unset): null: back to the zone the number determines, if any.
        external_ref (None | str | Unset):
        attributes (UpdateContactContactUpdateAttributes | Unset): Replaces the attributes as a whole.
        do_not_call (bool | Unset): `true` suppresses the number (reason `manual`); `false` lifts a suppression,
            whatever its reason.
    """

    name: None | str | Unset = UNSET
    email: None | str | Unset = UNSET
    timezone: None | str | Unset = UNSET
    external_ref: None | str | Unset = UNSET
    attributes: UpdateContactContactUpdateAttributes | Unset = UNSET
    do_not_call: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        timezone: None | str | Unset
        if isinstance(self.timezone, Unset):
            timezone = UNSET
        else:
            timezone = self.timezone

        external_ref: None | str | Unset
        if isinstance(self.external_ref, Unset):
            external_ref = UNSET
        else:
            external_ref = self.external_ref

        attributes: dict[str, Any] | Unset = UNSET
        if not isinstance(self.attributes, Unset):
            attributes = self.attributes.to_dict()

        do_not_call = self.do_not_call

        field_dict: dict[str, Any] = {}

        field_dict.update({})
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
        from ..models.update_contact_contact_update_attributes import UpdateContactContactUpdateAttributes  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_timezone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        timezone = _parse_timezone(d.pop("timezone", UNSET))

        def _parse_external_ref(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_ref = _parse_external_ref(d.pop("externalRef", UNSET))

        _attributes = d.pop("attributes", UNSET)
        attributes: UpdateContactContactUpdateAttributes | Unset
        if isinstance(_attributes, Unset):
            attributes = UNSET
        else:
            attributes = UpdateContactContactUpdateAttributes.from_dict(_attributes)

        do_not_call = d.pop("doNotCall", UNSET)

        update_contact_contact_update = cls(
            name=name,
            email=email,
            timezone=timezone,
            external_ref=external_ref,
            attributes=attributes,
            do_not_call=do_not_call,
        )

        return update_contact_contact_update
