from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_error_details_item import ErrorErrorDetailsItem


T = TypeVar("T", bound="ErrorError")


@_attrs_define
class ErrorError:
    """
    Attributes:
        type_ (str): Broad class: invalid_request_error, authentication_error, billing_error, permission_error,
            conflict_error, rate_limit_error, api_error.
        code (str): Stable code to branch on.
        message (str): For developers; may change.
        param (str | Unset): The offending field, e.g. `body.phone.greeting` or `query.limit`.
        details (list[ErrorErrorDetailsItem] | Unset): Imports only (`POST /campaigns/{id}/recipients`, `POST
            /contacts/import`): every bad row found, each by its first error, in row order, up to 100; the first is also
            `param` and `message`.
    """

    type_: str
    code: str
    message: str
    param: str | Unset = UNSET
    details: list[ErrorErrorDetailsItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        code = self.code

        message = self.message

        param = self.param

        details: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = []
            for details_item_data in self.details:
                details_item = details_item_data.to_dict()
                details.append(details_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "code": code,
                "message": message,
            }
        )
        if param is not UNSET:
            field_dict["param"] = param
        if details is not UNSET:
            field_dict["details"] = details

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_error_details_item import ErrorErrorDetailsItem  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        code = d.pop("code")

        message = d.pop("message")

        param = d.pop("param", UNSET)

        _details = d.pop("details", UNSET)
        details: list[ErrorErrorDetailsItem] | Unset = UNSET
        if _details is not UNSET:
            details = []
            for details_item_data in _details:
                details_item = ErrorErrorDetailsItem.from_dict(details_item_data)

                details.append(details_item)

        error_error = cls(
            type_=type_,
            code=code,
            message=message,
            param=param,
            details=details,
        )

        error_error.additional_properties = d
        return error_error

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
