"""What the security e-mails say (issue 14, "Password reset", "Account self-service"), in Estonian and English:
the reset link, the confirmation of a new address, the notice to the old one, the password-changed notice, and the
notice of a refused registration with the account's details (issue 37).
They are always sent: preferences (preferences.py) cannot turn them off.

The links carry the token identity made (its event, security_emails.py) and the recipient's language (&lng=en,
read by the SPA's language detector), so the page opens in the e-mail's language."""

from collections.abc import Callable
from datetime import datetime
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

from notifications.texts import Content, Facts

TALLINN = ZoneInfo("Europe/Tallinn")
PROFILE_TAB = "/dashboard?tab=profile"
SIGN_IN = "/auth"
NOT_YOU = ("Kui see ei olnud teie, lähtestage kohe oma parool ja kirjutage meile aadressil info@shelfboard.ee.",
           "If this was not you, reset your password at once and write to us at info@shelfboard.ee.")


def link(f: Facts, page: str) -> str:
    """The SPA ``page`` with the token, in the recipient's language."""
    query = {"token": str(f["token"]), **({"lng": "en"} if f.language == "en" else {})}
    return f"{page}?{urlencode(query)}"


def password_reset(f: Facts) -> Content:
    return Content(
        f.pick("Parooli lähtestamine", "Reset your password"),
        [f.pick("Keegi, loodetavasti teie, palus lähtestada teie Shelf Boardi konto parooli. Uue parooli saate "
                "määrata alloleva lingi kaudu. Link kehtib 1 tund ja ühe korra.",
                "Someone, hopefully you, asked to reset the password of your Shelf Board account. You can set a "
                "new password through the link below. The link is valid for 1 hour and once."),
         f.pick("Kui te seda ei palunud, jätke see kiri tähelepanuta: teie parool jääb samaks.",
                "If you did not ask for this, ignore this e-mail: your password stays the same.")],
        f.pick("Määra uus parool", "Set a new password"), link(f, "/reset-password"))


def email_change_confirm(f: Facts) -> Content:
    return Content(
        f.pick("Kinnitage oma uus e-posti aadress", "Confirm your new e-mail address"),
        [f.pick("Palusite muuta oma Shelf Boardi konto e-posti aadressi. Muudatus jõustub, kui kinnitate selle "
                "alloleva lingi kaudu. Link kehtib 24 tundi ja ühe korra.",
                "You asked to change the e-mail address of your Shelf Board account. The change applies once "
                "you confirm it through the link below. The link is valid for 24 hours and once."),
         f.pick("Kui te seda ei palunud, jätke see kiri tähelepanuta.",
                "If you did not ask for this, ignore this e-mail.")],
        f.pick("Kinnita e-posti aadress", "Confirm the e-mail address"), link(f, "/confirm-email"),
        [(f.pick("Uus aadress", "New address"), str(f["new_email"]))])


def email_change_notice(f: Facts) -> Content:
    return Content(
        f.pick("Teie konto e-posti aadressi muutmine", "A change of your account's e-mail address"),
        [f.pick("Teie Shelf Boardi konto e-posti aadressi palutakse muuta. Muudatus jõustub alles siis, kui "
                "uus aadress on kinnitatud; seni saate kirju sellele aadressile.",
                "A change of the e-mail address of your Shelf Board account was asked for. It applies only "
                "once the new address is confirmed; until then, e-mails come to this address."),
         f.pick(*NOT_YOU)],
        f.pick("Ava profiil", "Open your profile"), PROFILE_TAB,
        [(f.pick("Uus aadress", "New address"), str(f["new_email"]))])


def password_changed(f: Facts) -> Content:
    how = (f.pick("Teie Shelf Boardi konto parool muudeti parooli lähtestamise lingi kaudu ja kõik konto "
                  "seansid lõpetati.",
                  "The password of your Shelf Board account was changed through a password reset link, and "
                  "every session of the account ended.") if f["via"] == "reset" else
           f.pick("Teie Shelf Boardi konto parool muudeti profiilis ja kõik teised konto seansid lõpetati.",
                  "The password of your Shelf Board account was changed in the profile, and every other "
                  "session of the account ended."))
    return Content(f.pick("Teie parool on muudetud", "Your password was changed"), [how, f.pick(*NOT_YOU)],
                   f.pick("Logi sisse", "Sign in"), SIGN_IN)


def registration_attempt(f: Facts) -> Content:
    """Issue 37: the registration form no longer tells whose details have an account; their owner is told."""
    return Content(
        f.pick("Keegi proovis registreeruda teie andmetega", "Someone tried to register with your details"),
        [f.pick("Keegi proovis luua Shelf Boardi portaalis uut kontot teie e-posti aadressi või isikukoodiga. "
                "Teil on juba konto, seega uut kontot ei loodud ja teie kontos ei muutunud midagi.",
                "Someone tried to create a new account on the Shelf Board portal with your e-mail address or ID "
                "code. You already have an account, so no new account was made and nothing in yours changed."),
         f.pick("Kui see olite teie, logige sisse oma olemasoleva kontoga; kui olete parooli unustanud, saate "
                "selle sisselogimislehel lähtestada. Kui see ei olnud teie, ei pea te midagi tegema.",
                "If it was you, sign in with your existing account; if you have forgotten the password, you can "
                "reset it on the sign-in page. If it was not you, you need not do anything.")],
        f.pick("Logi sisse", "Sign in"), SIGN_IN)


def _local_time(f: Facts, iso: str) -> str:
    """A moment as people in Estonia read it (Europe/Tallinn), in the e-mail's language."""
    moment = datetime.fromisoformat(iso).astimezone(TALLINN)
    return f"{f.day(moment.date().isoformat())} {moment:%H:%M}" if f.language == "en" else f"{moment:%d.%m.%Y %H:%M}"


def admin_invitation(f: Facts) -> Content:
    """Issue 15, "Admin management": the invitee chooses a username and password, then sets up a second factor."""
    return Content(
        f.pick("Kutse Shelf Boardi administraatoriks", "An invitation to become a Shelf Board admin"),
        [f.pick("Teid kutsuti Shelf Boardi portaali administraatoriks. Alloleva lingi kaudu saate valida "
                "kasutajanime ja parooli (vähemalt 12 märki); seejärel seadistate teise sisselogimisfaktori "
                "(autentimisrakendus või pääsuvõti). Link kehtib ühe korra.",
                "You were invited to become an admin of the Shelf Board portal. Through the link below you "
                "choose a username and a password (at least 12 characters); then you set up a second sign-in "
                "factor (an authenticator app or a passkey). The link works once."),
         f.pick("Kui te seda kutset ei oodanud, jätke see kiri tähelepanuta.",
                "If you did not expect this invitation, ignore this e-mail.")],
        f.pick("Võta kutse vastu", "Accept the invitation"), link(f, "/admin-invitation"),
        [(f.pick("Kehtib kuni", "Valid until"), _local_time(f, str(f["expires_at"])))])


SECURITY_TEMPLATES: dict[str, Callable[[Facts], Content]] = {
    function.__name__: function for function in (
        password_reset, email_change_confirm, email_change_notice, password_changed, admin_invitation,
        registration_attempt)
}
