from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ImportCampaignRecipientsRecipientImportResult")


@_attrs_define
class ImportCampaignRecipientsRecipientImportResult:
    """
    Attributes:
        object_ (Literal['recipient_import']):
        campaign_id (str): 24-character hexadecimal id
        imported (int):
        suppressed (int): Of those, stored `suppressed`: do-not-call numbers, never dialled.
    """

    object_: Literal["recipient_import"]
    campaign_id: str
    imported: int
    suppressed: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        campaign_id = self.campaign_id

        imported = self.imported

        suppressed = self.suppressed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "campaignId": campaign_id,
                "imported": imported,
                "suppressed": suppressed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        object_ = cast(Literal["recipient_import"], d.pop("object"))
        if object_ != "recipient_import":
            raise ValueError(f"object must match const 'recipient_import', got '{object_}'")

        campaign_id = d.pop("campaignId")

        imported = d.pop("imported")

        suppressed = d.pop("suppressed")

        import_campaign_recipients_recipient_import_result = cls(
            object_=object_,
            campaign_id=campaign_id,
            imported=imported,
            suppressed=suppressed,
        )

        import_campaign_recipients_recipient_import_result.additional_properties = d
        return import_campaign_recipients_recipient_import_result

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
