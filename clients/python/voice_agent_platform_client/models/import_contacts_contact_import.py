from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.import_contacts_contact_import_contact_import_row import ImportContactsContactImportContactImportRow


T = TypeVar("T", bound="ImportContactsContactImport")


@_attrs_define
class ImportContactsContactImport:
    """
    Attributes:
        contacts (list[ImportContactsContactImportContactImportRow]):
    """

    contacts: list[ImportContactsContactImportContactImportRow]

    def to_dict(self) -> dict[str, Any]:
        contacts = []
        for contacts_item_data in self.contacts:
            contacts_item = contacts_item_data.to_dict()
            contacts.append(contacts_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "contacts": contacts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_contacts_contact_import_contact_import_row import (
            ImportContactsContactImportContactImportRow,  # noqa: PLC0415
        )

        d = dict(src_dict)
        contacts = []
        _contacts = d.pop("contacts")
        for contacts_item_data in _contacts:
            contacts_item = ImportContactsContactImportContactImportRow.from_dict(contacts_item_data)

            contacts.append(contacts_item)

        import_contacts_contact_import = cls(
            contacts=contacts,
        )

        return import_contacts_contact_import
