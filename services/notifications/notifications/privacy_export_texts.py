"""What the e-mail about a ready copy of one's data says (issue 16, Download my data), in Estonian and English:
where to download it (the profile, after signing in) and until when."""

from collections.abc import Callable

from notifications.texts import Content, Facts

PROFILE_TAB = "/dashboard?tab=profile"


def privacy_export_ready(f: Facts) -> Content:
    expires = f.day(f["expires_on"])
    return Content(
        f.pick("Teie andmete koopia on valmis", "Your copy of your data is ready"),
        [f.pick("Palusite Shelf Boardi portaalist koopiat oma andmetest. See on nüüd valmis: saate selle alla laadida "
                f"oma profiililt (pärast sisselogimist) kuni {expires}.",
                "You asked the Shelf Board portal for a copy of your data. It is ready now: you can download it "
                f"from your profile (after signing in) until {expires}."),
         f.pick("Kui te seda ei palunud, kirjutage meile kohe aadressil info@shelfboard.ee.",
                "If you did not ask for this, write to us at once at info@shelfboard.ee.")],
        f.pick("Ava profiil", "Open your profile"), PROFILE_TAB,
        [(f.pick("Allalaadimine kehtib kuni", "Download available until"), expires)])


PRIVACY_EXPORT_TEMPLATES: dict[str, Callable[[Facts], Content]] = {"privacy_export_ready": privacy_export_ready}
