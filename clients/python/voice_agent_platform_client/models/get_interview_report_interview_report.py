from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_interview_report_interview_report_analysis_status import (
    GetInterviewReportInterviewReportAnalysisStatus,
)
from ..models.get_interview_report_interview_report_ended_reason import GetInterviewReportInterviewReportEndedReason
from ..models.get_interview_report_interview_report_family import GetInterviewReportInterviewReportFamily
from ..models.get_interview_report_interview_report_outcome import GetInterviewReportInterviewReportOutcome
from ..models.get_interview_report_interview_report_recommendation import (
    GetInterviewReportInterviewReportRecommendation,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.get_interview_report_interview_report_captured_fields import (
        GetInterviewReportInterviewReportCapturedFields,
    )
    from ..models.get_interview_report_interview_report_evaluations_item import (
        GetInterviewReportInterviewReportEvaluationsItem,
    )
    from ..models.get_interview_report_interview_report_tool_calls_item import (
        GetInterviewReportInterviewReportToolCallsItem,
    )
    from ..models.get_interview_report_interview_report_transcript_item import (
        GetInterviewReportInterviewReportTranscriptItem,
    )


T = TypeVar("T", bound="GetInterviewReportInterviewReport")


@_attrs_define
class GetInterviewReportInterviewReport:
    """
    Attributes:
        object_ (Literal['interview_report']):
        id (str): 24-character hexadecimal id
        interview_id (str): 24-character hexadecimal id
        status (Literal['ready']):
        family (GetInterviewReportInterviewReportFamily): The agent's `mode`: `interview` evaluates, `workflow` captures
            answers.
        external_ref (str):
        ended_reason (GetInterviewReportInterviewReportEndedReason):
        analysis_status (GetInterviewReportInterviewReportAnalysisStatus): `failed`: the language model gave no valid
            analysis after its retries; `analysisError` says why and the summary and family fields are absent.
        tool_calls (list[GetInterviewReportInterviewReportToolCallsItem]): The agent’s tool calls in the order made,
            whether or not the analysis failed (the transcript’s `tool` turns have their arguments and results).
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        analysis_error (str | Unset): Why the analysis failed; only with `analysisStatus: failed`.
        summary (str | Unset): Absent when the analysis failed.
        evaluations (list[GetInterviewReportInterviewReportEvaluationsItem] | Unset): Interview family: one per
            `voice.evaluationCriteria`, in order, scored 1-5.
        overall_score (float | Unset): Interview family: the mean score, one decimal (0 with no criteria).
        recommendation (GetInterviewReportInterviewReportRecommendation | Unset): Interview family.
        strengths (list[str] | Unset): Interview family: criteria scored 4 or 5.
        concerns (list[str] | Unset): Interview family: criteria scored 1 or 2.
        outcome (GetInterviewReportInterviewReportOutcome | Unset): Workflow family: whether every step was answered.
        captured_fields (GetInterviewReportInterviewReportCapturedFields | Unset): Workflow family: the answers, by
            `voice.evaluationCriteria` entry.
        transcript (list[GetInterviewReportInterviewReportTranscriptItem] | Unset): With `includeTranscript=true` only.
    """

    object_: Literal["interview_report"]
    id: str
    interview_id: str
    status: Literal["ready"]
    family: GetInterviewReportInterviewReportFamily
    external_ref: str
    ended_reason: GetInterviewReportInterviewReportEndedReason
    analysis_status: GetInterviewReportInterviewReportAnalysisStatus
    tool_calls: list[GetInterviewReportInterviewReportToolCallsItem]
    created_at: datetime.datetime
    analysis_error: str | Unset = UNSET
    summary: str | Unset = UNSET
    evaluations: list[GetInterviewReportInterviewReportEvaluationsItem] | Unset = UNSET
    overall_score: float | Unset = UNSET
    recommendation: GetInterviewReportInterviewReportRecommendation | Unset = UNSET
    strengths: list[str] | Unset = UNSET
    concerns: list[str] | Unset = UNSET
    outcome: GetInterviewReportInterviewReportOutcome | Unset = UNSET
    captured_fields: GetInterviewReportInterviewReportCapturedFields | Unset = UNSET
    transcript: list[GetInterviewReportInterviewReportTranscriptItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        id = self.id

        interview_id = self.interview_id

        status = self.status

        family = self.family.value

        external_ref = self.external_ref

        ended_reason = self.ended_reason.value

        analysis_status = self.analysis_status.value

        tool_calls = []
        for tool_calls_item_data in self.tool_calls:
            tool_calls_item = tool_calls_item_data.to_dict()
            tool_calls.append(tool_calls_item)

        created_at = self.created_at.isoformat()

        analysis_error = self.analysis_error

        summary = self.summary

        evaluations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.evaluations, Unset):
            evaluations = []
            for evaluations_item_data in self.evaluations:
                evaluations_item = evaluations_item_data.to_dict()
                evaluations.append(evaluations_item)

        overall_score = self.overall_score

        recommendation: str | Unset = UNSET
        if not isinstance(self.recommendation, Unset):
            recommendation = self.recommendation.value

        strengths: list[str] | Unset = UNSET
        if not isinstance(self.strengths, Unset):
            strengths = self.strengths

        concerns: list[str] | Unset = UNSET
        if not isinstance(self.concerns, Unset):
            concerns = self.concerns

        outcome: str | Unset = UNSET
        if not isinstance(self.outcome, Unset):
            outcome = self.outcome.value

        captured_fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.captured_fields, Unset):
            captured_fields = self.captured_fields.to_dict()

        transcript: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.transcript, Unset):
            transcript = []
            for transcript_item_data in self.transcript:
                transcript_item = transcript_item_data.to_dict()
                transcript.append(transcript_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "id": id,
                "interviewId": interview_id,
                "status": status,
                "family": family,
                "externalRef": external_ref,
                "endedReason": ended_reason,
                "analysisStatus": analysis_status,
                "toolCalls": tool_calls,
                "createdAt": created_at,
            }
        )
        if analysis_error is not UNSET:
            field_dict["analysisError"] = analysis_error
        if summary is not UNSET:
            field_dict["summary"] = summary
        if evaluations is not UNSET:
            field_dict["evaluations"] = evaluations
        if overall_score is not UNSET:
            field_dict["overallScore"] = overall_score
        if recommendation is not UNSET:
            field_dict["recommendation"] = recommendation
        if strengths is not UNSET:
            field_dict["strengths"] = strengths
        if concerns is not UNSET:
            field_dict["concerns"] = concerns
        if outcome is not UNSET:
            field_dict["outcome"] = outcome
        if captured_fields is not UNSET:
            field_dict["capturedFields"] = captured_fields
        if transcript is not UNSET:
            field_dict["transcript"] = transcript

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_interview_report_interview_report_captured_fields import (
            GetInterviewReportInterviewReportCapturedFields,  # noqa: PLC0415
        )
        from ..models.get_interview_report_interview_report_evaluations_item import (
            GetInterviewReportInterviewReportEvaluationsItem,  # noqa: PLC0415
        )
        from ..models.get_interview_report_interview_report_tool_calls_item import (
            GetInterviewReportInterviewReportToolCallsItem,  # noqa: PLC0415
        )
        from ..models.get_interview_report_interview_report_transcript_item import (
            GetInterviewReportInterviewReportTranscriptItem,  # noqa: PLC0415
        )

        d = dict(src_dict)
        object_ = cast(Literal["interview_report"], d.pop("object"))
        if object_ != "interview_report":
            raise ValueError(f"object must match const 'interview_report', got '{object_}'")

        id = d.pop("id")

        interview_id = d.pop("interviewId")

        status = cast(Literal["ready"], d.pop("status"))
        if status != "ready":
            raise ValueError(f"status must match const 'ready', got '{status}'")

        family = GetInterviewReportInterviewReportFamily(d.pop("family"))

        external_ref = d.pop("externalRef")

        ended_reason = GetInterviewReportInterviewReportEndedReason(d.pop("endedReason"))

        analysis_status = GetInterviewReportInterviewReportAnalysisStatus(d.pop("analysisStatus"))

        tool_calls = []
        _tool_calls = d.pop("toolCalls")
        for tool_calls_item_data in _tool_calls:
            tool_calls_item = GetInterviewReportInterviewReportToolCallsItem.from_dict(tool_calls_item_data)

            tool_calls.append(tool_calls_item)

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        analysis_error = d.pop("analysisError", UNSET)

        summary = d.pop("summary", UNSET)

        _evaluations = d.pop("evaluations", UNSET)
        evaluations: list[GetInterviewReportInterviewReportEvaluationsItem] | Unset = UNSET
        if _evaluations is not UNSET:
            evaluations = []
            for evaluations_item_data in _evaluations:
                evaluations_item = GetInterviewReportInterviewReportEvaluationsItem.from_dict(evaluations_item_data)

                evaluations.append(evaluations_item)

        overall_score = d.pop("overallScore", UNSET)

        _recommendation = d.pop("recommendation", UNSET)
        recommendation: GetInterviewReportInterviewReportRecommendation | Unset
        if isinstance(_recommendation, Unset):
            recommendation = UNSET
        else:
            recommendation = GetInterviewReportInterviewReportRecommendation(_recommendation)

        strengths = cast(list[str], d.pop("strengths", UNSET))

        concerns = cast(list[str], d.pop("concerns", UNSET))

        _outcome = d.pop("outcome", UNSET)
        outcome: GetInterviewReportInterviewReportOutcome | Unset
        if isinstance(_outcome, Unset):
            outcome = UNSET
        else:
            outcome = GetInterviewReportInterviewReportOutcome(_outcome)

        _captured_fields = d.pop("capturedFields", UNSET)
        captured_fields: GetInterviewReportInterviewReportCapturedFields | Unset
        if isinstance(_captured_fields, Unset):
            captured_fields = UNSET
        else:
            captured_fields = GetInterviewReportInterviewReportCapturedFields.from_dict(_captured_fields)

        _transcript = d.pop("transcript", UNSET)
        transcript: list[GetInterviewReportInterviewReportTranscriptItem] | Unset = UNSET
        if _transcript is not UNSET:
            transcript = []
            for transcript_item_data in _transcript:
                transcript_item = GetInterviewReportInterviewReportTranscriptItem.from_dict(transcript_item_data)

                transcript.append(transcript_item)

        get_interview_report_interview_report = cls(
            object_=object_,
            id=id,
            interview_id=interview_id,
            status=status,
            family=family,
            external_ref=external_ref,
            ended_reason=ended_reason,
            analysis_status=analysis_status,
            tool_calls=tool_calls,
            created_at=created_at,
            analysis_error=analysis_error,
            summary=summary,
            evaluations=evaluations,
            overall_score=overall_score,
            recommendation=recommendation,
            strengths=strengths,
            concerns=concerns,
            outcome=outcome,
            captured_fields=captured_fields,
            transcript=transcript,
        )

        get_interview_report_interview_report.additional_properties = d
        return get_interview_report_interview_report

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
