from django.urls import path

from . import views

app_name = "day2"

urlpatterns = [
    path("events/<slug:slug>/day2/", views.day2_page, name="day2"),
    path("events/<slug:slug>/day2/do/", views.day2_action, name="action"),
]
