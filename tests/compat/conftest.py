"""``live/`` (the diff against a running PowerContext 1.4.1) is collected only when
``PCRECEIPT_PCDIFF_PEER`` names PowerContext's CLI: ``nox -s pcdiff`` installs PowerContext into a
virtualenv of its own at session time and sets it. Without it the suite leaves ``live/`` out
(``pytest``, ``pytest tests/compat``), and naming it (``pytest tests/compat/live``) errors in its
fixture, saying what is missing: never a pass.
"""

from __future__ import annotations

import os

collect_ignore = [] if os.environ.get("PCRECEIPT_PCDIFF_PEER") else ["live"]
