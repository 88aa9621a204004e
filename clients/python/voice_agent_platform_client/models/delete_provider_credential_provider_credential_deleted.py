from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delete_provider_credential_provider_credential_deleted_kind import (
    DeleteProviderCredentialProviderCredentialDeletedKind,
)

T = TypeVar("T", bound="DeleteProviderCredentialProviderCredentialDeleted")


@_attrs_define
class DeleteProviderCredentialProviderCredentialDeleted:
    """
    Attributes:
        object_ (Literal['provider_credential']):
        kind (DeleteProviderCredentialProviderCredentialDeletedKind):
        deleted (bool):
    """

    object_: Literal["provider_credential"]
    kind: DeleteProviderCredentialProviderCredentialDeletedKind
    deleted: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        kind = self.kind.value

        deleted = self.deleted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "kind": kind,
                "deleted": deleted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        object_ = cast(Literal["provider_credential"], d.pop("object"))
        if object_ != "provider_credential":
            raise ValueError(f"object must match const 'provider_credential', got '{object_}'")

        kind = DeleteProviderCredentialProviderCredentialDeletedKind(d.pop("kind"))

        deleted = d.pop("deleted")

        delete_provider_credential_provider_credential_deleted = cls(
            object_=object_,
            kind=kind,
            deleted=deleted,
        )

        delete_provider_credential_provider_credential_deleted.additional_properties = d
        return delete_provider_credential_provider_credential_deleted

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
