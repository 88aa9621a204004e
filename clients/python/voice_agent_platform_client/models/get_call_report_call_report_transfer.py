from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_call_report_call_report_transfer_mode import GetCallReportCallReportTransferMode
from ..models.get_call_report_call_report_transfer_outcome import GetCallReportCallReportTransferOutcome
from ..models.get_call_report_call_report_transfer_reason import GetCallReportCallReportTransferReason
from ..types import UNSET, Unset

T = TypeVar("T", bound="GetCallReportCallReportTransfer")


@_attrs_define
class GetCallReportCallReportTransfer:
    """The last transfer to a person the agent attempted (its `transfer` tool); absent when it attempted none.

    Attributes:
        destination (str): The destination’s phone number, E.164, as the agent chose it.
        mode (GetCallReportCallReportTransferMode):
        outcome (GetCallReportCallReportTransferOutcome): `connected`: the caller was handed to the person, and the call
            ended `transferred`.
        reason (GetCallReportCallReportTransferReason | Unset): Why a warm transfer did not connect: `no_answer`,
            `busy`, or `failed` (the dial failed). Only with `outcome: failed`.
    """

    destination: str
    mode: GetCallReportCallReportTransferMode
    outcome: GetCallReportCallReportTransferOutcome
    reason: GetCallReportCallReportTransferReason | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        destination = self.destination

        mode = self.mode.value

        outcome = self.outcome.value

        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "destination": destination,
                "mode": mode,
                "outcome": outcome,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        destination = d.pop("destination")

        mode = GetCallReportCallReportTransferMode(d.pop("mode"))

        outcome = GetCallReportCallReportTransferOutcome(d.pop("outcome"))

        _reason = d.pop("reason", UNSET)
        reason: GetCallReportCallReportTransferReason | Unset
        if isinstance(_reason, Unset):
            reason = UNSET
        else:
            reason = GetCallReportCallReportTransferReason(_reason)

        get_call_report_call_report_transfer = cls(
            destination=destination,
            mode=mode,
            outcome=outcome,
            reason=reason,
        )

        get_call_report_call_report_transfer.additional_properties = d
        return get_call_report_call_report_transfer

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
