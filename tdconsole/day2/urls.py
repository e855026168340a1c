from django.urls import path

from . import views

app_name = "day2"

urlpatterns = [
    path("events/<slug:slug>/day2/", views.day2_page, name="day2"),
    path("events/<slug:slug>/day2/do/", views.day2_action, name="action"),
    path("events/<slug:slug>/day2/import/", views.day2_seats_import_view, name="seats_import"),
    path("events/<slug:slug>/day2/late/", views.day2_late_view, name="late"),
    path("events/<slug:slug>/day2-seats/", views.day2_public_seats, name="public_seats"),
]
