from django.urls import path

from . import views

app_name = "adjudication"
urlpatterns = [
    path("rulings/adjudicate/", views.adjudicate, name="adjudicate"),
]
