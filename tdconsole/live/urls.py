from django.urls import path

from . import entry_views, views

app_name = "live"
urlpatterns = [
    path("events/<slug:slug>/live/", views.page, name="page"),
    path("events/<slug:slug>/live/state.json", views.state, name="state"),
    path("events/<slug:slug>/live/seats.json", views.seats, name="seats"),
    path("events/<slug:slug>/live/e/<int:entry_id>/<str:token>/", entry_views.entry_page, name="entry"),
]
