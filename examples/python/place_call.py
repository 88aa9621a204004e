"""Places a call with the Python client and polls it to its transcript and report.

    VOICE_AGENT_BASE_URL=https://voice.example.com VOICE_AGENT_API_KEY=rb_test_... \
        PYTHONPATH=clients/python python examples/python/place_call.py [+442079460001]

AGENT_ID names the phone agent to call with; without it, one is created. The default number is a
simulated test number that answers and talks; the call is real all the same, and charged its
minute of credits, whatever the key's prefix.
"""

import os
import sys
import time
import uuid

from voice_agent_platform_client import AuthenticatedClient
from voice_agent_platform_client.api.agents import create_agent
from voice_agent_platform_client.api.calls import get_call_report, get_call_transcript, place_call
from voice_agent_platform_client.models import CreateAgentAgentCreate, Error, GetCallReportCallReport, PlaceCallCallCreate


def fail(what: str, answer) -> None:
    message = f"{answer.error.code}: {answer.error.message}" if isinstance(answer, Error) else repr(answer)
    sys.exit(f"{what}: {message}")


def agent_id(client: AuthenticatedClient) -> str:
    if os.environ.get("AGENT_ID"):
        return os.environ["AGENT_ID"]
    agent = create_agent.sync(
        client=client,
        body=CreateAgentAgentCreate(
            name=f"Example agent {uuid.uuid4().hex[:8]}",
            instructions="Confirm the contact's appointment and ask for their email address.",
        ),
    )
    if isinstance(agent, Error) or agent is None:
        fail("creating the agent", agent)
    print(f"agent {agent.id} created")
    return agent.id


def main() -> None:
    phone_number = sys.argv[1] if len(sys.argv) > 1 else "+442079460001"
    base_url = os.environ["VOICE_AGENT_BASE_URL"].rstrip("/")
    with AuthenticatedClient(base_url=f"{base_url}/api/v1", token=os.environ["VOICE_AGENT_API_KEY"]) as client:
        # The Idempotency-Key makes a retry of this request (after a timeout, say) never ring twice.
        call = place_call.sync(
            client=client,
            body=PlaceCallCallCreate(agent_id=agent_id(client), phone_number=phone_number),
            idempotency_key=str(uuid.uuid4()),
        )
        if isinstance(call, Error) or call is None:
            fail("placing the call", call)
        print(f"call {call.id} placed to {phone_number}")

        # The report is written once the call has ended and been analysed: 202 until then.
        deadline = time.monotonic() + 120
        report = get_call_report.sync(call.id, client=client)
        while not isinstance(report, GetCallReportCallReport):
            if time.monotonic() > deadline:
                sys.exit("no report after two minutes")
            time.sleep(1)
            report = get_call_report.sync(call.id, client=client)

        transcript = get_call_transcript.sync(call.id, client=client)
        for turn in transcript.data:
            print(f"{turn.role.value}: {turn.text}")
        summary = f" ({report.summary})" if isinstance(report.summary, str) else ""
        print(f"report: {report.disposition.value}{summary}")


if __name__ == "__main__":
    main()
