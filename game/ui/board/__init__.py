"""The board screen: map view, HUD, Daybreak and Anchor panels, decision dialogs."""
