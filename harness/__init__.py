"""The rulecheck harness: drives any engine through the protocol and judges it per clause."""


def fewer_gc_pauses() -> None:
    """Run CPython's cycle collector less often, in rulecheck and in ``serve``.

    Over the protocol both sides turn every line into a tree of fresh dicts and lists, several
    hundred thousand containers a second, and reference counting frees them. Under the default
    thresholds (700, 10, 10) the collector still runs every 700 allocations and walked them all:
    a third of the CPU of ``rulecheck bench --protocol`` on each side. A young generation of
    50,000 keeps what cycles there are collected, at a few MB at most."""
    import gc

    gc.set_threshold(50_000, 10, 10)
