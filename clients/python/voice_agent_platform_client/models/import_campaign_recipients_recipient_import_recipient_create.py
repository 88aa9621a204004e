from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.import_campaign_recipients_recipient_import_recipient_create_variables import (
        ImportCampaignRecipientsRecipientImportRecipientCreateVariables,
    )


T = TypeVar("T", bound="ImportCampaignRecipientsRecipientImportRecipientCreate")


@_attrs_define
class ImportCampaignRecipientsRecipientImportRecipientCreate:
    """
    Attributes:
        phone_number (str): E.164, e.g. +14155550123.
        contact_name (str | Unset):
        external_ref (str | Unset): Your identifier, echoed on the call and its report.
        variables (ImportCampaignRecipientsRecipientImportRecipientCreateVariables | Unset): Values for every
            `{{placeholder}}` of the agent's instructions and greeting, and nothing else.
        timezone (str | Unset): The recipient’s IANA time zone, for the calling hours, unless the number’s contact has
            one, which comes first. Without either: the zone the number determines (libphonenumber’s prefix data; a number
            spanning several zones, such as most mobile ranges of large countries, determines none), else the campaign’s
            `timezone`.
    """

    phone_number: str
    contact_name: str | Unset = UNSET
    external_ref: str | Unset = UNSET
    variables: ImportCampaignRecipientsRecipientImportRecipientCreateVariables | Unset = UNSET
    timezone: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        phone_number = self.phone_number

        contact_name = self.contact_name

        external_ref = self.external_ref

        variables: dict[str, Any] | Unset = UNSET
        if not isinstance(self.variables, Unset):
            variables = self.variables.to_dict()

        timezone = self.timezone

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "phoneNumber": phone_number,
            }
        )
        if contact_name is not UNSET:
            field_dict["contactName"] = contact_name
        if external_ref is not UNSET:
            field_dict["externalRef"] = external_ref
        if variables is not UNSET:
            field_dict["variables"] = variables
        if timezone is not UNSET:
            field_dict["timezone"] = timezone

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_campaign_recipients_recipient_import_recipient_create_variables import (
            ImportCampaignRecipientsRecipientImportRecipientCreateVariables,  # noqa: PLC0415
        )

        d = dict(src_dict)
        phone_number = d.pop("phoneNumber")

        contact_name = d.pop("contactName", UNSET)

        external_ref = d.pop("externalRef", UNSET)

        _variables = d.pop("variables", UNSET)
        variables: ImportCampaignRecipientsRecipientImportRecipientCreateVariables | Unset
        if isinstance(_variables, Unset):
            variables = UNSET
        else:
            variables = ImportCampaignRecipientsRecipientImportRecipientCreateVariables.from_dict(_variables)

        timezone = d.pop("timezone", UNSET)

        import_campaign_recipients_recipient_import_recipient_create = cls(
            phone_number=phone_number,
            contact_name=contact_name,
            external_ref=external_ref,
            variables=variables,
            timezone=timezone,
        )

        return import_campaign_recipients_recipient_import_recipient_create
