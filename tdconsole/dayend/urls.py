from django.urls import path

from . import views

app_name = "dayend"
urlpatterns = [
    path("events/<slug:slug>/day-end/", views.day_end_page, name="day_end"),
    path("events/<slug:slug>/day-end/counts/", views.counts_page, name="counts"),
    path("events/<slug:slug>/day-end/counts/<int:entry_id>/", views.count_save, name="count_save"),
    path("events/<slug:slug>/day-end/leaderboard/", views.leaderboard_page, name="leaderboard"),
    path("events/<slug:slug>/chip-leaders/", views.public_leaderboard, name="public_leaderboard"),
]
