"""The HTTP server: one small module per job.

- ``app``: ``create_app``, the Starlette app serving every operation of the operation table.
- ``middleware``: request id, access log and the last-resort 500, around everything.
- ``endpoint``: the one endpoint every operation goes through; routes from the operation table.
- ``body``: reading and decoding a request body (size limit, UTF-8, JSON, surrogates).
- ``parameters``: path, query and header parameters checked against their OpenAPI schemas.
- ``exchange``: the ``Call`` a handler receives and the ``Reply`` it returns.
- ``checks``: request bodies and replies against the contract (the gate as the server applies it).
- ``handlers``: one function per operation, keyed by operation id.
- ``records``: store records rendered as contract objects; ETags.
- ``cursor``: the signed, expiring cursors of every listing.
- ``store_errors``: store exceptions mapped to API errors.
- ``credentials``: bearer tokens (made, stored as digests, verified in constant time) and grants.
- ``authorization``: the mode, who is asking (401) and whether they may touch every Scope the
  request touches (403); ``docs/security.md``.
- ``responses``: JSON and error responses, and each reply's declared response definition.
"""
