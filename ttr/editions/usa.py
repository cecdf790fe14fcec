"""USA: the original game (G-rules and U1)."""
from ..engine.edition import Edition

USA = Edition(
    name="usa",
    title="Ticket to Ride (USA)",
    trains=45,
    initial_regular=3,
    initial_keep=2,
    initial_unkept_to_box=False,   # U1: unkept go under the pile
    route_points={1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15},
    longest_bonus=10,
    longest_bonus_name="longest_path",
    tie_breaks=("tickets_completed", "longest_path_bonus"),  # U1: then holding the bonus card, then shared
)
