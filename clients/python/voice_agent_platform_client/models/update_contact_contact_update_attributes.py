from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UpdateContactContactUpdateAttributes")


@_attrs_define
class UpdateContactContactUpdateAttributes:
    """Replaces the attributes as a whole."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        update_contact_contact_update_attributes = cls()

        return update_contact_contact_update_attributes
