"""The questions asked of a figure beyond describing it: capability, resistance, caption bias and
blur questions, written from a figure's spec or its layout reading (probe families), and their stage."""
