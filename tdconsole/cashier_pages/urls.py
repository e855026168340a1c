from django.urls import path

from . import views

app_name = "cashier_pages"
urlpatterns = [
    path("events/<slug:slug>/cash/", views.desk, name="desk"),
    path("events/<slug:slug>/cash/sell/", views.sell, name="sell"),
    path("events/<slug:slug>/cash/receipts/<int:pk>/void/", views.purchase_void_view, name="purchase_void"),
    path("events/<slug:slug>/cash/pay/", views.pay, name="pay"),
    path("events/<slug:slug>/cash/payouts/<int:pk>/void/", views.payout_void_view, name="payout_void"),
    path("events/<slug:slug>/cash/ledger/", views.ledger, name="ledger"),
    path("events/<slug:slug>/cash/closeout/", views.closeout_view, name="closeout"),
    path("events/<slug:slug>/cash/rules/", views.rules, name="rules"),
]
