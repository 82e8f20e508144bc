"""The battle screen: arranging squads, the dice rounds, their drawing."""
