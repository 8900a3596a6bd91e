"""The HTTP machinery: everything between a request on the wire and a handler's ``Call``, and back.

- ``endpoint``: the one endpoint every operation goes through; routes from the operation table.
- ``middleware``: request id, access log and the last-resort 500, around everything.
- ``body``: reading and decoding a request body (size limit, UTF-8, JSON, surrogates).
- ``parameters``: path, query and header parameters checked against their OpenAPI schemas.
- ``exchange``: the ``Call`` a handler receives and the ``Reply`` it returns.
- ``checks``: request bodies and replies against the contract (the gate as the server applies it).
- ``cursor``: the signed, expiring cursors of every listing.
- ``store_errors``: store exceptions mapped to API errors (the one translation point).
- ``credentials``: bearer tokens (made, stored as digests, verified in constant time) and grants.
- ``authorization``: the mode, who is asking (401) and whether they may touch every Scope the
  request touches (403), with ``resolution`` (a Scope named by binding or default);
  ``docs/security.md``.
- ``responses``: JSON and error responses, and each reply's declared response definition.
- ``accept``: the listening socket's accept loop; ``workers``: ``serve --workers``.
- ``mcp_server`` and ``tool_calls``: the MCP transport at ``/mcp``, each tool one operation.

Nothing here imports ``server.handlers``: the handlers sit on this machinery, never under it.
"""
