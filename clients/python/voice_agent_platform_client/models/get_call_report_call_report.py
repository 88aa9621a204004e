from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_call_report_call_report_analysis_status import GetCallReportCallReportAnalysisStatus
from ..models.get_call_report_call_report_disposition import GetCallReportCallReportDisposition
from ..models.get_call_report_call_report_sentiment import GetCallReportCallReportSentiment
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.get_call_report_call_report_callback import GetCallReportCallReportCallback
    from ..models.get_call_report_call_report_captured_fields import GetCallReportCallReportCapturedFields
    from ..models.get_call_report_call_report_tool_calls_item import GetCallReportCallReportToolCallsItem
    from ..models.get_call_report_call_report_transfer import GetCallReportCallReportTransfer


T = TypeVar("T", bound="GetCallReportCallReport")


@_attrs_define
class GetCallReportCallReport:
    """
    Attributes:
        object_ (Literal['call_report']):
        id (str): 24-character hexadecimal id
        call_id (str): 24-character hexadecimal id
        status (Literal['ready']):
        external_ref (str):
        disposition (GetCallReportCallReportDisposition):
        analysis_status (GetCallReportCallReportAnalysisStatus): `failed`: the language model gave no valid analysis
            after its retries; `analysisError` says why and the analysis fields are absent.
        captured_fields (GetCallReportCallReportCapturedFields): The agent's `phone.requiredContactFields` the callee
            gave.
        tool_calls (list[GetCallReportCallReportToolCallsItem]): The agent’s tool calls in the order made (the
            transcript’s `tool` turns have their arguments and results).
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        outcome (str | Unset): One of the agent's `phone.outcomeLabels`; absent when none applies.
        analysis_error (str | Unset): Why the analysis failed; only with `analysisStatus: failed`.
        summary (str | Unset): Absent when the analysis failed.
        sentiment (GetCallReportCallReportSentiment | Unset): Absent when the analysis failed.
        opt_out (bool | Unset): The person asked not to be called again. When true, the number is already do-not-call
            (reason `opted_out_in_call`, this call’s id; its contact created if absent) by the time the report is ready:
            further calls to it are 409 `DO_NOT_CALL` and campaigns skip it. Absent when the analysis failed.
        callback (GetCallReportCallReportCallback | Unset): Present when the person asked to be called back and the
            agent recorded it with its `callback` tool (the last one, if several).
        transfer (GetCallReportCallReportTransfer | Unset): The last transfer to a person the agent attempted (its
            `transfer` tool); absent when it attempted none.
    """

    object_: Literal["call_report"]
    id: str
    call_id: str
    status: Literal["ready"]
    external_ref: str
    disposition: GetCallReportCallReportDisposition
    analysis_status: GetCallReportCallReportAnalysisStatus
    captured_fields: GetCallReportCallReportCapturedFields
    tool_calls: list[GetCallReportCallReportToolCallsItem]
    created_at: datetime.datetime
    outcome: str | Unset = UNSET
    analysis_error: str | Unset = UNSET
    summary: str | Unset = UNSET
    sentiment: GetCallReportCallReportSentiment | Unset = UNSET
    opt_out: bool | Unset = UNSET
    callback: GetCallReportCallReportCallback | Unset = UNSET
    transfer: GetCallReportCallReportTransfer | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        id = self.id

        call_id = self.call_id

        status = self.status

        external_ref = self.external_ref

        disposition = self.disposition.value

        analysis_status = self.analysis_status.value

        captured_fields = self.captured_fields.to_dict()

        tool_calls = []
        for tool_calls_item_data in self.tool_calls:
            tool_calls_item = tool_calls_item_data.to_dict()
            tool_calls.append(tool_calls_item)

        created_at = self.created_at.isoformat()

        outcome = self.outcome

        analysis_error = self.analysis_error

        summary = self.summary

        sentiment: str | Unset = UNSET
        if not isinstance(self.sentiment, Unset):
            sentiment = self.sentiment.value

        opt_out = self.opt_out

        callback: dict[str, Any] | Unset = UNSET
        if not isinstance(self.callback, Unset):
            callback = self.callback.to_dict()

        transfer: dict[str, Any] | Unset = UNSET
        if not isinstance(self.transfer, Unset):
            transfer = self.transfer.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "id": id,
                "callId": call_id,
                "status": status,
                "externalRef": external_ref,
                "disposition": disposition,
                "analysisStatus": analysis_status,
                "capturedFields": captured_fields,
                "toolCalls": tool_calls,
                "createdAt": created_at,
            }
        )
        if outcome is not UNSET:
            field_dict["outcome"] = outcome
        if analysis_error is not UNSET:
            field_dict["analysisError"] = analysis_error
        if summary is not UNSET:
            field_dict["summary"] = summary
        if sentiment is not UNSET:
            field_dict["sentiment"] = sentiment
        if opt_out is not UNSET:
            field_dict["optOut"] = opt_out
        if callback is not UNSET:
            field_dict["callback"] = callback
        if transfer is not UNSET:
            field_dict["transfer"] = transfer

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_call_report_call_report_callback import GetCallReportCallReportCallback  # noqa: PLC0415
        from ..models.get_call_report_call_report_captured_fields import GetCallReportCallReportCapturedFields  # noqa: PLC0415
        from ..models.get_call_report_call_report_tool_calls_item import GetCallReportCallReportToolCallsItem  # noqa: PLC0415
        from ..models.get_call_report_call_report_transfer import GetCallReportCallReportTransfer  # noqa: PLC0415

        d = dict(src_dict)
        object_ = cast(Literal["call_report"], d.pop("object"))
        if object_ != "call_report":
            raise ValueError(f"object must match const 'call_report', got '{object_}'")

        id = d.pop("id")

        call_id = d.pop("callId")

        status = cast(Literal["ready"], d.pop("status"))
        if status != "ready":
            raise ValueError(f"status must match const 'ready', got '{status}'")

        external_ref = d.pop("externalRef")

        disposition = GetCallReportCallReportDisposition(d.pop("disposition"))

        analysis_status = GetCallReportCallReportAnalysisStatus(d.pop("analysisStatus"))

        captured_fields = GetCallReportCallReportCapturedFields.from_dict(d.pop("capturedFields"))

        tool_calls = []
        _tool_calls = d.pop("toolCalls")
        for tool_calls_item_data in _tool_calls:
            tool_calls_item = GetCallReportCallReportToolCallsItem.from_dict(tool_calls_item_data)

            tool_calls.append(tool_calls_item)

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        outcome = d.pop("outcome", UNSET)

        analysis_error = d.pop("analysisError", UNSET)

        summary = d.pop("summary", UNSET)

        _sentiment = d.pop("sentiment", UNSET)
        sentiment: GetCallReportCallReportSentiment | Unset
        if isinstance(_sentiment, Unset):
            sentiment = UNSET
        else:
            sentiment = GetCallReportCallReportSentiment(_sentiment)

        opt_out = d.pop("optOut", UNSET)

        _callback = d.pop("callback", UNSET)
        callback: GetCallReportCallReportCallback | Unset
        if isinstance(_callback, Unset):
            callback = UNSET
        else:
            callback = GetCallReportCallReportCallback.from_dict(_callback)

        _transfer = d.pop("transfer", UNSET)
        transfer: GetCallReportCallReportTransfer | Unset
        if isinstance(_transfer, Unset):
            transfer = UNSET
        else:
            transfer = GetCallReportCallReportTransfer.from_dict(_transfer)

        get_call_report_call_report = cls(
            object_=object_,
            id=id,
            call_id=call_id,
            status=status,
            external_ref=external_ref,
            disposition=disposition,
            analysis_status=analysis_status,
            captured_fields=captured_fields,
            tool_calls=tool_calls,
            created_at=created_at,
            outcome=outcome,
            analysis_error=analysis_error,
            summary=summary,
            sentiment=sentiment,
            opt_out=opt_out,
            callback=callback,
            transfer=transfer,
        )

        get_call_report_call_report.additional_properties = d
        return get_call_report_call_report

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
