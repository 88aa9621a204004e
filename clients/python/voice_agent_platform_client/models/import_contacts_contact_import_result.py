from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ImportContactsContactImportResult")


@_attrs_define
class ImportContactsContactImportResult:
    """
    Attributes:
        object_ (Literal['contact_import']):
        total (int): Rows imported.
        created (int): Rows whose number had no contact.
        updated (int): Rows that updated the contact of their number.
    """

    object_: Literal["contact_import"]
    total: int
    created: int
    updated: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        total = self.total

        created = self.created

        updated = self.updated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "total": total,
                "created": created,
                "updated": updated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        object_ = cast(Literal["contact_import"], d.pop("object"))
        if object_ != "contact_import":
            raise ValueError(f"object must match const 'contact_import', got '{object_}'")

        total = d.pop("total")

        created = d.pop("created")

        updated = d.pop("updated")

        import_contacts_contact_import_result = cls(
            object_=object_,
            total=total,
            created=created,
            updated=updated,
        )

        import_contacts_contact_import_result.additional_properties = d
        return import_contacts_contact_import_result

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
