from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreateContactContactCreateAttributes")


@_attrs_define
class CreateContactContactCreateAttributes:
    """Your data about the person, string values only (up to 50), named by 1-64 letters, digits and `_`, not starting with
    a digit. Stored for use as call variables: see the description of the contacts routes.

    """

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        create_contact_contact_create_attributes = cls()

        return create_contact_contact_create_attributes
