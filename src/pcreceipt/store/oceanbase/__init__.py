"""The OceanBase engine (MySQL protocol, FULLTEXT and HNSW vector indexes) and its local server.

- ``store``: ``OceanBaseStore``, the ``Store`` protocol over the engine-neutral core
  (``pcreceipt.store.engine``): transactions, statement hooks, batch creation, code search.
- ``settings``: the ``oceanbase://`` store URL and its options (``parse_oceanbase_url``).
- ``connection``: the SQLAlchemy engine, statement helpers (``Conn``) and error translation.
- ``schema``: the versioned migrations (``pcreceipt.store.migrations``), vector table DDL and
  this schema's consistency checks.
- ``search``: full text as exact token strings plus hash words, and its ranked queries.
- ``vectors``: the vector SQL (one HNSW-indexed table per embedding profile and dimension).
- ``seekdb``: a loopback-only seekdb server for development and tests (``pcreceipt seekdb``).

Nothing is imported here: the engine needs the ``oceanbase`` extra (SQLAlchemy, pymysql), and
``seekdb`` must import without it to explain what is missing. Import from the modules
(``from pcreceipt.store.oceanbase.store import OceanBaseStore``).
"""
