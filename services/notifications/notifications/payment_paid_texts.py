"""What the e-mail about a paid payment says (issue 23, "Payslips": "paying a run emits payroll.payment.paid;
the applicant gets it in their language"): the net amount, the period it pays and the payment date, with the link
to the dashboard's Payments tab, where the payslip is."""

from collections.abc import Callable

from notifications.texts import Content, Facts

PAYMENTS_TAB = "/dashboard?tab=payments"
PERIOD_SEPARATOR = " – "


def money(f: Facts, amount: str) -> str:
    """payroll's "490.00" as the SPA shows it (web/src/lib/money.ts): "490,00 €" in Estonian, "€490.00" in English."""
    whole, _, cents = amount.partition(".")
    return f"€{whole}.{cents}" if f.language == "en" else f"{whole},{cents} €"


def period(f: Facts, text: str) -> str:
    """payroll's "2026-10-01 – 2026-10-31" with each day in the reader's language."""
    start, _, end = text.partition(PERIOD_SEPARATOR)
    return f"{f.day(start.strip())}{PERIOD_SEPARATOR}{f.day(end.strip())}" if end else text


def payment_paid(f: Facts) -> Content:
    net, paid_period = money(f, str(f["net"])), period(f, str(f["period"]))
    return Content(
        f.pick(f"Tasu on välja makstud: {net}", f"Your payment was paid: {net}"),
        [f.pick(f"Teie tasu {net} perioodi {paid_period} eest on välja makstud. Palgalehe leiate portaalist "
                "vahekaardilt „Maksed“.",
                f"Your payment of {net} for {paid_period} was paid. You will find the payslip in the portal, "
                "on the Payments tab.")],
        f.pick("Vaata makseid", "View your payments"), PAYMENTS_TAB,
        [(f.pick("Netosumma", "Net amount"), net), (f.pick("Periood", "Period"), paid_period),
         (f.pick("Maksepäev", "Payment date"), f.day(f["pay_date"]))])


PAYMENT_TEMPLATES: dict[str, Callable[[Facts], Content]] = {"payment_paid": payment_paid}
