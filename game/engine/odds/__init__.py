"""Exact battle odds (docs/RULES.md §1 Dice, §7 fainting, §9 Battle).

Pure Python + numpy; no pygame and no other engine module, so the screen, the
computer players and the command line tools can all use it.

Model
-----
A battle is two sides, each a list of `Squad`s. A squad is one or more
`UnitGroup`s (count × NdS+B). Sides alternate turns, attacker first
(R-BAT-4). The side to move picks one of its squads and one enemy squad; both
roll; the higher total wins and the whole losing squad dies; a tie goes to the
squad attacked. Both sides play to maximise their own chance of winning the
battle (a zero-sum minimax over chance nodes); retreat is not modelled (a
retreat is a loss, so it is never better than fighting on).

Faint (R-HERO-2): when a hero squad dies, half of *its own* remaining
mercenaries desert at once, see `desert`. Whose mercenaries a group is shows in
its ``owner`` tag; a hero squad's ``owner`` is that hero's tag.

Squad totals (R-DICE-3): a group of k units rolling NdS+B rolls
``k × (NdS+B)`` (one roll) in *representative* mode and ``(kN)dS + kB``
(k independent rolls) in *individual* mode; a squad adds up its groups.

The parts: ``squads`` (squads and their text notation), ``distributions`` (one
exchange), ``desertion`` (faint), ``battles`` (whole battles, exact or rough)
and ``simulation`` (battles played with real dice, to check the odds).
"""
from game.choices import INDIVIDUAL, REPRESENTATIVE, ROLL_MODES
from game.engine.odds.squads import (
    ATTACKER, DEFENDER, UnitGroup, Squad, hero_squad, city_squad, SquadSyntaxError, parse_group, parse_squad,
    parse_squads, format_group, format_squad, format_squads,
)
from game.engine.odds.distributions import (
    Distribution, group_distribution, total_distribution, p_win, p_win_matrix, _dice_sum,
)
from game.engine.odds.desertion import (
    deserts_with, desertion_counts, desert,
)
from game.engine.odds.battles import (
    MoveChoice, BattleOdds, Estimate, rough_chance, battle_odds, clear_caches, win_probability,
    move_probabilities, best_move,
)
from game.engine.odds.simulation import (
    SimulationResult, PlayOneBattle, roll_squad, play_battle, simulate_battles,
)

__all__ = [
    "INDIVIDUAL", "REPRESENTATIVE", "ROLL_MODES", "ATTACKER", "DEFENDER", "UnitGroup", "Squad", "hero_squad",
    "city_squad", "SquadSyntaxError", "parse_group", "parse_squad", "parse_squads", "format_group",
    "format_squad", "format_squads", "Distribution", "group_distribution", "total_distribution", "p_win",
    "p_win_matrix", "_dice_sum", "deserts_with", "desertion_counts", "desert", "MoveChoice", "BattleOdds",
    "Estimate", "rough_chance", "battle_odds", "clear_caches", "win_probability", "move_probabilities",
    "best_move", "SimulationResult", "PlayOneBattle", "roll_squad", "play_battle", "simulate_battles",
]
