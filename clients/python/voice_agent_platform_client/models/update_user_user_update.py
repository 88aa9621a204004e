from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.update_user_user_update_permissions_item import UpdateUserUserUpdatePermissionsItem
from ..models.update_user_user_update_role import UpdateUserUserUpdateRole
from ..models.update_user_user_update_status import UpdateUserUserUpdateStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateUserUserUpdate")


@_attrs_define
class UpdateUserUserUpdate:
    """
    Attributes:
        role (UpdateUserUserUpdateRole | Unset):
        permissions (list[UpdateUserUserUpdatePermissionsItem] | Unset):
        status (UpdateUserUserUpdateStatus | Unset): `deactivated` ends every session of the user at once and refuses
            their sign-ins; `active` lets them sign in again.
    """

    role: UpdateUserUserUpdateRole | Unset = UNSET
    permissions: list[UpdateUserUserUpdatePermissionsItem] | Unset = UNSET
    status: UpdateUserUserUpdateStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value

        permissions: list[str] | Unset = UNSET
        if not isinstance(self.permissions, Unset):
            permissions = []
            for permissions_item_data in self.permissions:
                permissions_item = permissions_item_data.value
                permissions.append(permissions_item)

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if role is not UNSET:
            field_dict["role"] = role
        if permissions is not UNSET:
            field_dict["permissions"] = permissions
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _role = d.pop("role", UNSET)
        role: UpdateUserUserUpdateRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = UpdateUserUserUpdateRole(_role)

        _permissions = d.pop("permissions", UNSET)
        permissions: list[UpdateUserUserUpdatePermissionsItem] | Unset = UNSET
        if _permissions is not UNSET:
            permissions = []
            for permissions_item_data in _permissions:
                permissions_item = UpdateUserUserUpdatePermissionsItem(permissions_item_data)

                permissions.append(permissions_item)

        _status = d.pop("status", UNSET)
        status: UpdateUserUserUpdateStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = UpdateUserUserUpdateStatus(_status)

        update_user_user_update = cls(
            role=role,
            permissions=permissions,
            status=status,
        )

        return update_user_user_update
