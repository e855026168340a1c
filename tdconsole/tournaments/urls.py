from django.urls import path

from . import flight_views, views

# The event's desk pages (dashboard, registration, eliminations, hand-for-hand, chip counts) are the
# desk app's; tdconsole/urls.py serves them in this namespace, under the names they always had.
app_name = "tournaments"
urlpatterns = [
    path("events/new/", views.event_create, name="event_create"),
    path("events/<slug:slug>/edit/", views.event_edit, name="event_edit"),
    path("events/<slug:slug>/status/", views.event_status, name="event_status"),
    path("events/<slug:slug>/registration/close/", views.registration_close, name="registration_close"),
    path("events/<slug:slug>/flights/", flight_views.event_flights, name="event_flights"),
    path("events/<slug:slug>/players/<int:pk>/", views.player_detail, name="player_detail"),
    path("events/<slug:slug>/players/<int:pk>/edit/", views.player_edit, name="player_edit"),
    path("events/<slug:slug>/players/<int:pk>/merge/", views.player_merge, name="player_merge"),
]
