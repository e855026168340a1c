from django.urls import path

from . import views

app_name = "audit"
urlpatterns = [
    path("events/<slug:slug>/audit/", views.event_audit, name="event_audit"),
]
