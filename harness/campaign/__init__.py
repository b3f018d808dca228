"""Campaigns: ``rulecheck fuzz``, the conformance exploration run for a time budget on Dask.

- ``shard``: one task on one worker (seeded lockstep games for a time slice), plain data out;
- ``shrink``: a finding's path cut to the shortest suffix that reproduces it;
- ``vectors``: the campaign vector files (one per clause and check) and their replay;
- ``driver``: the client that submits tasks to a Dask cluster, merges and saves findings;
- ``command``: the ``rulecheck fuzz`` command; ``vector_suite``: ``rulecheck check --vectors``.
"""
