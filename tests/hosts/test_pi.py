"""What only Pi's PowerContext extension does (its common lifecycle checks are ``test_lifecycle.py``'s).

Pi appends the prepared context to its system prompt; without a server its ``/pc stats`` fails
with its own ``unavailable`` code while the turn keeps the system prompt it was given.
"""

from __future__ import annotations

import json

from _support.host_table import Sessions
from _support.node_hosts import BEGIN
from _support.node_sessions import PI_SYSTEM_PROMPT


def test_pi_without_a_server_keeps_its_system_prompt_and_its_stats_command_fails(host_sessions: Sessions) -> None:
    observed = host_sessions.offline("pi").runs
    (turn,) = observed["turns"]
    assert turn["system_prompt"].startswith(PI_SYSTEM_PROMPT) and BEGIN not in turn["system_prompt"]
    (note,) = observed["commands"]["stats"]
    result = json.loads(note["message"])
    assert note["level"] == "error" and isinstance(result, dict) and result["code"] == "unavailable", result
