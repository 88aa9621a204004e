from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ImportContactsContactImportContactImportRowAttributes")


@_attrs_define
class ImportContactsContactImportContactImportRowAttributes:
    """Your data about the person, string values only (up to 50), named by 1-64 letters, digits and `_`, not starting with
    a digit. Stored for use as call variables: see the description of the contacts routes.

    """

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        import_contacts_contact_import_contact_import_row_attributes = cls()

        return import_contacts_contact_import_contact_import_row_attributes
