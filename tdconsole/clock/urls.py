from django.urls import path

from . import views

app_name = "clock"
urlpatterns = [
    path("screens/", views.screens, name="screens"),
    path("events/<slug:slug>/clock/", views.desk, name="desk"),
    path("events/<slug:slug>/clock/messages/", views.message_add, name="message_add"),
    path("events/<slug:slug>/clock/messages/<int:message_id>/<slug:action>/", views.message_change,
         name="message_change"),
    path("events/<slug:slug>/clock/live-qr/", views.live_qr, name="live_qr"),
    path("events/<slug:slug>/clock/<slug:action>/", views.control, name="control"),
    path("events/<slug:slug>/screen/", views.screen, name="screen"),
    path("events/<slug:slug>/screen/state/", views.screen_state, name="screen_state"),
    path("events/<slug:slug>/screen/qr.svg", views.screen_qr, name="screen_qr"),
    path("api/events/<slug:slug>/clock.json", views.feed, name="feed"),
]
