from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ReissueInterviewLinkInterviewLink")


@_attrs_define
class ReissueInterviewLinkInterviewLink:
    """
    Attributes:
        object_ (Literal['interview_link']):
        interview_id (str): 24-character hexadecimal id
        interview_url (str): The new hosted link for the candidate; the previous one no longer works.
        expires_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    object_: Literal["interview_link"]
    interview_id: str
    interview_url: str
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        interview_id = self.interview_id

        interview_url = self.interview_url

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "interviewId": interview_id,
                "interviewUrl": interview_url,
                "expiresAt": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        object_ = cast(Literal["interview_link"], d.pop("object"))
        if object_ != "interview_link":
            raise ValueError(f"object must match const 'interview_link', got '{object_}'")

        interview_id = d.pop("interviewId")

        interview_url = d.pop("interviewUrl")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        reissue_interview_link_interview_link = cls(
            object_=object_,
            interview_id=interview_id,
            interview_url=interview_url,
            expires_at=expires_at,
        )

        reissue_interview_link_interview_link.additional_properties = d
        return reissue_interview_link_interview_link

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
