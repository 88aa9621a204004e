from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RotateToolSigningSecretToolSigningSecretNew")


@_attrs_define
class RotateToolSigningSecretToolSigningSecretNew:
    """
    Attributes:
        object_ (Literal['tool_signing_secret']):
        hint (str): The secret’s last four characters.
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        secret (str): Shown this once: keep it where your tool servers can read it.
    """

    object_: Literal["tool_signing_secret"]
    hint: str
    created_at: datetime.datetime
    secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        hint = self.hint

        created_at = self.created_at.isoformat()

        secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "hint": hint,
                "createdAt": created_at,
                "secret": secret,
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

        secret = d.pop("secret")

        rotate_tool_signing_secret_tool_signing_secret_new = cls(
            object_=object_,
            hint=hint,
            created_at=created_at,
            secret=secret,
        )

        rotate_tool_signing_secret_tool_signing_secret_new.additional_properties = d
        return rotate_tool_signing_secret_tool_signing_secret_new

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
