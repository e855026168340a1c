"""The chip pages: chip sets and their chips, an event's chips in play, the chip race of a colour-up."""

from django.urls import path

from . import chip_views

urlpatterns: list = [
    path("chip-sets/", chip_views.chip_sets, name="chip_sets"),
    path("chip-sets/new/", chip_views.chip_set_new, name="chip_set_new"),
    path("chip-sets/<int:pk>/", chip_views.chip_set_page, name="chip_set"),
    path("chip-sets/<int:pk>/chips/", chip_views.chip_new, name="chip_new"),
    path("chip-sets/<int:pk>/chips/<int:chip_id>/", chip_views.chip_change, name="chip_change"),
    path("chip-sets/<int:pk>/chips/<int:chip_id>/remove/", chip_views.chip_delete, name="chip_delete"),
    path("events/<slug:slug>/chips-in-play/", chip_views.event_chips_page, name="event_chips"),
    path("events/<slug:slug>/chip-race/", chip_views.chip_race_page, name="chip_race"),
]
