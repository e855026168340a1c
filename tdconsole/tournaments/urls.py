from django.urls import path

from . import views

app_name = "tournaments"
urlpatterns = [
    path("events/new/", views.event_create, name="event_create"),
    path("events/<slug:slug>/", views.event_dashboard, name="event_dashboard"),
    path("events/<slug:slug>/edit/", views.event_edit, name="event_edit"),
    path("events/<slug:slug>/status/", views.event_status, name="event_status"),
    path("events/<slug:slug>/registration/", views.registration, name="registration"),
    path("events/<slug:slug>/registration/search/", views.registration_search, name="registration_search"),
    path("events/<slug:slug>/registration/close/", views.registration_close, name="registration_close"),
    path("events/<slug:slug>/registration/<int:pk>/cancel/", views.entry_cancel, name="entry_cancel"),
    path("events/<slug:slug>/eliminations/", views.eliminations, name="eliminations"),
    path("events/<slug:slug>/eliminations/<int:pk>/undo/", views.elimination_undo, name="elimination_undo"),
    path("events/<slug:slug>/hand-for-hand/", views.hand_for_hand, name="hand_for_hand"),
    path("events/<slug:slug>/chips/", views.chip_counts, name="chip_counts"),
]
