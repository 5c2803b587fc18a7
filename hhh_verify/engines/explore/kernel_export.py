"""The compiled explorer's graph as a Storm DRN model (an MDP with float64
probabilities), so an independent model checker can recompute its probabilities
(``tests/hhh/test_hhh_kernel_explore_verify.py``).

States are numbered partition by partition (partition 0's local ids first); the initial
state carries ``init``, states of a target set ``goal``. A state without edges (terminal,
deadlock) gets a self-loop, as in :func:`.export.drn_text`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hhh_verify.engines.explore.partition import LOCAL, PENDING, SHIFT


def kernel_drn(parts: Any, target: str) -> str:
    """DRN text of the explored graph held by ``parts`` (one Partition list, in this
    process) with label ``goal`` on the states of ``target`` (a check id, ``won``...)."""
    arrays = parts.map("export")
    offsets = np.cumsum([0] + [len(a["rows"]) for a in arrays])
    init_owner = next(i for i, p in enumerate(parts.parts) if p.depth and p.depth[0][0] == 0)
    body: list[str] = []
    choices = 0
    for p, a in enumerate(arrays):
        part = parts.parts[p]
        n = len(a["rows"])
        status = np.full(n, PENDING, dtype=np.int64)
        status[: len(a["status"])] = a["status"]
        goal = part._target(target, status)
        starts = np.concatenate([[0], np.cumsum(a["e_count"])])
        for lid in range(n):
            gid = offsets[p] + lid
            labels = (["init"] if (p == init_owner and lid == 0) else []) + (
                ["goal"] if goal[lid] else []
            )
            body.append(f"state {gid} " + " ".join(labels))
            lo = starts[lid] if lid < len(a["e_count"]) else 0
            hi = starts[lid + 1] if lid < len(a["e_count"]) else 0
            if lo == hi:
                body += ["\taction 0", f"\t\t{gid} : 1"]
                choices += 1
                continue
            actions: dict[int, list[tuple[int, float]]] = {}
            for e in range(lo, hi):
                s = int(a["e_succ"][e])
                to = int(offsets[s >> SHIFT] + (s & LOCAL))
                actions.setdefault(int(a["e_act"][e]), []).append((to, float(a["e_prob"][e])))
            for k, (_act, succ) in enumerate(sorted(actions.items())):
                body.append(f"\taction {k}")
                body += [f"\t\t{to} : {prob!r}" for to, prob in sorted(succ)]
                choices += 1
    head = [
        "// the compiled explorer's graph, exported by hhh-verify",
        "@type: MDP",
        "@parameters",
        "",
        "@reward_models",
        "",
        "@nr_states",
        str(int(offsets[-1])),
        "@nr_choices",
        str(choices),
        "@model",
    ]
    return "\n".join(head + body) + "\n"
