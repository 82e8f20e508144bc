"""The board: cells, terrain, map tokens and the topology that links cells.

Nothing in this package imports pygame or pytmx."""
from game.board.model import Board, MapToken, TileInfo, TOKEN_KINDS, CITY_TIERS
from game.board.topology import Topology, SquareTopology, HexTopology, make_topology

__all__ = ["Board", "MapToken", "TileInfo", "TOKEN_KINDS", "CITY_TIERS",
           "Topology", "SquareTopology", "HexTopology", "make_topology"]
