from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.list_interviews_interview_list_interview import ListInterviewsInterviewListInterview
    from ..models.list_interviews_interview_list_pagination import ListInterviewsInterviewListPagination


T = TypeVar("T", bound="ListInterviewsInterviewList")


@_attrs_define
class ListInterviewsInterviewList:
    """
    Attributes:
        object_ (Literal['list']):
        data_type (Literal['interview']):
        data (list[ListInterviewsInterviewListInterview]):
        pagination (ListInterviewsInterviewListPagination):
    """

    object_: Literal["list"]
    data_type: Literal["interview"]
    data: list[ListInterviewsInterviewListInterview]
    pagination: ListInterviewsInterviewListPagination
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        data_type = self.data_type

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        pagination = self.pagination.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "dataType": data_type,
                "data": data,
                "pagination": pagination,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_interviews_interview_list_interview import ListInterviewsInterviewListInterview  # noqa: PLC0415
        from ..models.list_interviews_interview_list_pagination import ListInterviewsInterviewListPagination  # noqa: PLC0415

        d = dict(src_dict)
        object_ = cast(Literal["list"], d.pop("object"))
        if object_ != "list":
            raise ValueError(f"object must match const 'list', got '{object_}'")

        data_type = cast(Literal["interview"], d.pop("dataType"))
        if data_type != "interview":
            raise ValueError(f"dataType must match const 'interview', got '{data_type}'")

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = ListInterviewsInterviewListInterview.from_dict(data_item_data)

            data.append(data_item)

        pagination = ListInterviewsInterviewListPagination.from_dict(d.pop("pagination"))

        list_interviews_interview_list = cls(
            object_=object_,
            data_type=data_type,
            data=data,
            pagination=pagination,
        )

        list_interviews_interview_list.additional_properties = d
        return list_interviews_interview_list

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
