"""The demo: staff accounts and a running tournament built through the desk's own services.

It sits at the top of the layers because it drives tournaments, seating and the rest together.
"""
