from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_agent_agent_create_voice_difficulty import CreateAgentAgentCreateVoiceDifficulty
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateAgentAgentCreateVoice")


@_attrs_define
class CreateAgentAgentCreateVoice:
    """Voice agents only.

    Attributes:
        goal (str | Unset):
        opening (str | Unset): What the agent says first in an interview.
        evaluation_style (str | Unset):
        evaluation_criteria (list[str] | Unset):
        difficulty (CreateAgentAgentCreateVoiceDifficulty | Unset):
    """

    goal: str | Unset = UNSET
    opening: str | Unset = UNSET
    evaluation_style: str | Unset = UNSET
    evaluation_criteria: list[str] | Unset = UNSET
    difficulty: CreateAgentAgentCreateVoiceDifficulty | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        goal = self.goal

        opening = self.opening

        evaluation_style = self.evaluation_style

        evaluation_criteria: list[str] | Unset = UNSET
        if not isinstance(self.evaluation_criteria, Unset):
            evaluation_criteria = self.evaluation_criteria

        difficulty: str | Unset = UNSET
        if not isinstance(self.difficulty, Unset):
            difficulty = self.difficulty.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if goal is not UNSET:
            field_dict["goal"] = goal
        if opening is not UNSET:
            field_dict["opening"] = opening
        if evaluation_style is not UNSET:
            field_dict["evaluationStyle"] = evaluation_style
        if evaluation_criteria is not UNSET:
            field_dict["evaluationCriteria"] = evaluation_criteria
        if difficulty is not UNSET:
            field_dict["difficulty"] = difficulty

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        goal = d.pop("goal", UNSET)

        opening = d.pop("opening", UNSET)

        evaluation_style = d.pop("evaluationStyle", UNSET)

        evaluation_criteria = cast(list[str], d.pop("evaluationCriteria", UNSET))

        _difficulty = d.pop("difficulty", UNSET)
        difficulty: CreateAgentAgentCreateVoiceDifficulty | Unset
        if isinstance(_difficulty, Unset):
            difficulty = UNSET
        else:
            difficulty = CreateAgentAgentCreateVoiceDifficulty(_difficulty)

        create_agent_agent_create_voice = cls(
            goal=goal,
            opening=opening,
            evaluation_style=evaluation_style,
            evaluation_criteria=evaluation_criteria,
            difficulty=difficulty,
        )

        return create_agent_agent_create_voice
