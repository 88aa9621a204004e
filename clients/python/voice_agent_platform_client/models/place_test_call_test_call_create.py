from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlaceTestCallTestCallCreate")


@_attrs_define
class PlaceTestCallTestCallCreate:
    """
    Attributes:
        from_ (str | Unset): The caller’s number, E.164; default +442079460100. A contact with this number lends its
            attributes; +442079460999 asks to be taken off the list.
    """

    from_: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if from_ is not UNSET:
            field_dict["from"] = from_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_ = d.pop("from", UNSET)

        place_test_call_test_call_create = cls(
            from_=from_,
        )

        return place_test_call_test_call_create
