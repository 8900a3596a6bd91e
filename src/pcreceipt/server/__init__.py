"""The HTTP server, in two parts, assembled by ``app``.

- ``app``: ``create_app``, the Starlette app serving every operation of the operation table with
  the handlers of ``handlers.HANDLERS``.
- ``http``: the machinery between the wire and a handler: the one endpoint, middleware, request
  parameters and bodies, the request and reply gates, cursors, credentials and authorisation,
  responses, the error translation, the MCP transport, ``serve --workers``.
- ``handlers``: one function per operation, one module per resource (Scopes, artifacts, memory,
  topic memory, tags, Sources, code, statistics, service, health), and the registry.

``http`` imports nothing of ``handlers``; a new operation is its schema, its store method and its
handler (``docs/architecture.md``).
"""
