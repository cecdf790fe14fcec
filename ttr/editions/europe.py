"""Europe: stations, tunnels, ferries and the European Express (E1-E6)."""
from .base import Edition

EUROPE = Edition(
    name="europe",
    title="Ticket to Ride: Europe",
    trains=45,
    stations=3,
    initial_long=1,                # E1: 1 long + 3 regular, keep >= 2
    initial_regular=3,
    initial_keep=2,
    initial_unkept_to_box=True,    # E1: unkept initial tickets leave the game
    route_points={1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21},
    longest_bonus=10,
    longest_bonus_name="european_express",
    tie_breaks=("tickets_completed", "fewest_stations", "european_express"),
)
