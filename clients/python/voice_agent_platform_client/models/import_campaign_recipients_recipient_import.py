from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.import_campaign_recipients_recipient_import_recipient_create import (
        ImportCampaignRecipientsRecipientImportRecipientCreate,
    )


T = TypeVar("T", bound="ImportCampaignRecipientsRecipientImport")


@_attrs_define
class ImportCampaignRecipientsRecipientImport:
    """
    Attributes:
        recipients (list[ImportCampaignRecipientsRecipientImportRecipientCreate]):
    """

    recipients: list[ImportCampaignRecipientsRecipientImportRecipientCreate]

    def to_dict(self) -> dict[str, Any]:
        recipients = []
        for recipients_item_data in self.recipients:
            recipients_item = recipients_item_data.to_dict()
            recipients.append(recipients_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "recipients": recipients,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_campaign_recipients_recipient_import_recipient_create import (
            ImportCampaignRecipientsRecipientImportRecipientCreate,  # noqa: PLC0415
        )

        d = dict(src_dict)
        recipients = []
        _recipients = d.pop("recipients")
        for recipients_item_data in _recipients:
            recipients_item = ImportCampaignRecipientsRecipientImportRecipientCreate.from_dict(recipients_item_data)

            recipients.append(recipients_item)

        import_campaign_recipients_recipient_import = cls(
            recipients=recipients,
        )

        return import_campaign_recipients_recipient_import
