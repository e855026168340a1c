"""The desk pages' URLs. They keep the names they had in the `tournaments` namespace (links and tests
reverse them): tdconsole/urls.py serves them in that namespace beside the tournaments app's own."""

from django.urls import path

from . import player_views, views

urlpatterns = [
    path("events/<slug:slug>/", views.event_dashboard, name="event_dashboard"),
    path("events/<slug:slug>/registration/", views.registration, name="registration"),
    path("events/<slug:slug>/registration/search/", views.registration_search, name="registration_search"),
    path("events/<slug:slug>/registration/<int:pk>/cancel/", views.entry_cancel, name="entry_cancel"),
    path("events/<slug:slug>/eliminations/", views.eliminations, name="eliminations"),
    path("events/<slug:slug>/eliminations/<int:pk>/undo/", views.elimination_undo, name="elimination_undo"),
    path("events/<slug:slug>/hand-for-hand/", views.hand_for_hand, name="hand_for_hand"),
    path("events/<slug:slug>/chips/", views.chip_counts, name="chip_counts"),
    path("players/", player_views.players_search, name="players_search"),
    path("players/<int:pk>/history/", player_views.player_history_page, name="player_history"),
]
