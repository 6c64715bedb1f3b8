"""Building blocks that a rules file names under ``mechanics:``.

Each block is a small class registered under the name the YAML uses, made on
the one base :class:`~.base.Block`: its docstring lists what a block may state
about itself (its parameters, the capabilities it provides, its decisions,
reasons, roles and state) and every hook it may implement, and says in which
order the rules ask the blocks.  The docs page "Building blocks" lists every
block with its parameters.

The modules: :mod:`.core` (choosing a hole, the direction, mandry, relay, the
row shift, the goal), :mod:`.capture` (the capture's targets and the
compulsory capture), :mod:`.tsibongy` (captured seeds sown from a tsibongy),
:mod:`.fotsiny` (a turn that captures nothing), :mod:`.opening` (an opening
that captures), :mod:`.reserve` (the reserve and the two phases), :mod:`.rova`,
:mod:`.nyumba` (and trakatra) and :mod:`.target` (the special hole of katro
bevohoka).
"""
from __future__ import annotations

from ..turn import GENERIC, GENERIC_REASONS
from .base import (BLOCKS, CAPABILITIES, DIRECTION, FILTER_PHASES, LAP_END_PHASES, OPEN_PHASES, Block, Decision,
                   Param, block, decisions)

# register the blocks
from . import capture, core, fotsiny, nyumba, opening, reserve, rova, target, tsibongy  # noqa: E402,F401

__all__ = ["BLOCKS", "CAPABILITIES", "DIRECTION", "FILTER_PHASES", "GENERIC", "GENERIC_REASONS", "LAP_END_PHASES",
           "OPEN_PHASES", "Block", "Decision", "Param", "block", "decisions"]
