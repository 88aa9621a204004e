from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DeleteContactContactDeleted")


@_attrs_define
class DeleteContactContactDeleted:
    """
    Attributes:
        id (str): 24-character hexadecimal id
        object_ (Literal['contact']):
        deleted (bool):
    """

    id: str
    object_: Literal["contact"]
    deleted: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_

        deleted = self.deleted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "object": object_,
                "deleted": deleted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        object_ = cast(Literal["contact"], d.pop("object"))
        if object_ != "contact":
            raise ValueError(f"object must match const 'contact', got '{object_}'")

        deleted = d.pop("deleted")

        delete_contact_contact_deleted = cls(
            id=id,
            object_=object_,
            deleted=deleted,
        )

        delete_contact_contact_deleted.additional_properties = d
        return delete_contact_contact_deleted

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
