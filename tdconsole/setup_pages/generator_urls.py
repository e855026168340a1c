"""The structure generator: a new structure built to end near a target time, and an event's remaining
levels retargeted during play."""

from django.urls import path

from . import generator_views

urlpatterns: list = [
    path("structures/generate/", generator_views.generate_structure, name="structure_generate"),
    path("events/<slug:slug>/structure/retarget/", generator_views.retarget_structure, name="event_retarget"),
]
