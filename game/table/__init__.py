"""Table geometry: where bases are, what they touch, what they can see."""

from game.table.arcs import arc_polygon, corridor
from game.table.space import Contact, Pivot, Sweep, TableSpace
from game.table.terrain import decompose

__all__ = ["Contact", "Pivot", "Sweep", "TableSpace", "arc_polygon", "corridor", "decompose"]
