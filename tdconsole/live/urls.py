from django.urls import path

from . import views

app_name = "live"
urlpatterns = [
    path("events/<slug:slug>/live/", views.page, name="page"),
    path("events/<slug:slug>/live/state.json", views.state, name="state"),
    path("events/<slug:slug>/live/seats.json", views.seats, name="seats"),
]
