from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetToolSigningSecretToolSigningSecret")


@_attrs_define
class GetToolSigningSecretToolSigningSecret:
    """
    Attributes:
        object_ (Literal['tool_signing_secret']):
        hint (str): The secret’s last four characters.
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    object_: Literal["tool_signing_secret"]
    hint: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        hint = self.hint

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "hint": hint,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        object_ = cast(Literal["tool_signing_secret"], d.pop("object"))
        if object_ != "tool_signing_secret":
            raise ValueError(f"object must match const 'tool_signing_secret', got '{object_}'")

        hint = d.pop("hint")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        get_tool_signing_secret_tool_signing_secret = cls(
            object_=object_,
            hint=hint,
            created_at=created_at,
        )

        get_tool_signing_secret_tool_signing_secret.additional_properties = d
        return get_tool_signing_secret_tool_signing_secret

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
