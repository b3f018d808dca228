"""Z3 proofs and the ambiguity finder for Opsnorren (a second reading of the rules, from specs/).

- ``spec``: what the model takes from specs/opsnorren (cards, colours, rule cards, deal table, choices)
- ``model``: one symbolic trick and its resolution; the semantics of "applying a rule card"
- ``search`` / ``diff``: query helpers; the smallest trick on which two variants disagree
- ``theorems``: registered theorems (``rulecheck prove --game opsnorren``)
- ``ambiguities``: ``register()`` (``rulecheck ambiguities --game opsnorren``)
- ``vectors``: ``python -m proofs.opsnorren.vectors`` writes the witnesses as test vectors
"""
