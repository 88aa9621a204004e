from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.create_interview_interview_create_mode import CreateInterviewInterviewCreateMode
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateInterviewInterviewCreate")


@_attrs_define
class CreateInterviewInterviewCreate:
    """
    Attributes:
        agent_id (str): A voice agent of your organization.
        candidate_name (str):
        candidate_email (str | Unset):
        mode (CreateInterviewInterviewCreateMode | Unset): `voice` (default): spoken where the browser can; `text`: a
            chat.
        expires_in_hours (int | Unset): Default 72. An interview nobody started by then ends with `endedReason:
            expired`.
        external_ref (str | Unset): Your identifier, echoed on the interview and its report.
    """

    agent_id: str
    candidate_name: str
    candidate_email: str | Unset = UNSET
    mode: CreateInterviewInterviewCreateMode | Unset = UNSET
    expires_in_hours: int | Unset = UNSET
    external_ref: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        agent_id = self.agent_id

        candidate_name = self.candidate_name

        candidate_email = self.candidate_email

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        expires_in_hours = self.expires_in_hours

        external_ref = self.external_ref

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agentId": agent_id,
                "candidateName": candidate_name,
            }
        )
        if candidate_email is not UNSET:
            field_dict["candidateEmail"] = candidate_email
        if mode is not UNSET:
            field_dict["mode"] = mode
        if expires_in_hours is not UNSET:
            field_dict["expiresInHours"] = expires_in_hours
        if external_ref is not UNSET:
            field_dict["externalRef"] = external_ref

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_id = d.pop("agentId")

        candidate_name = d.pop("candidateName")

        candidate_email = d.pop("candidateEmail", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: CreateInterviewInterviewCreateMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = CreateInterviewInterviewCreateMode(_mode)

        expires_in_hours = d.pop("expiresInHours", UNSET)

        external_ref = d.pop("externalRef", UNSET)

        create_interview_interview_create = cls(
            agent_id=agent_id,
            candidate_name=candidate_name,
            candidate_email=candidate_email,
            mode=mode,
            expires_in_hours=expires_in_hours,
            external_ref=external_ref,
        )

        return create_interview_interview_create
