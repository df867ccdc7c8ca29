"""What the board member's mandate e-mails say (issue 36), in Estonian (the default) and English: to the board
member when appointed, when the term ends, when the removal is overdue (with what to do) and when removed; to the
admins before and at the term's end, and while a removal is overdue (mandate_emails.py)."""

from collections.abc import Callable

from notifications.texts import DASHBOARD, Content, Facts


def _company(f: Facts) -> str:
    return str(f["company_name"] or "—")


def _dates(f: Facts) -> list[tuple[str, str]]:
    return [(f.pick("Ettevõte", "Company"), _company(f)),
            (f.pick("Ametiaja viimane päev", "The term's last day"), f.day(f["planned_end"])),
            (f.pick("Kustutamise tähtaeg", "Removal deadline"), f.day(f["removal_deadline"]))]


def _admin_link(f: Facts) -> str:
    return f"/admin/applications/{f['application_id']}"


def mandate_appointed(f: Facts) -> Content:
    return Content(
        f.pick(f"Teid on kantud juhatuse liikmena äriregistrisse: {_company(f)}",
               f"You are entered in the Business Register as a board member: {_company(f)}"),
        [f.pick(f"Äriregister kandis teid ettevõtte {_company(f)} juhatuse liikmeks {f.day(f['appointed_on'])}. "
                "Teie nimi on nüüd registris avalik. Lugege portaalis uuesti läbi, mida juhatuse liikme vastutus "
                "tähendab, ning ärge kunagi andke kellelegi oma ID-kaarti, PIN-koode, Mobiil-ID-d ega Smart-ID-d.",
                f"The Business Register entered you as a board member of {_company(f)} on "
                f"{f.day(f['appointed_on'])}. Your name is now public in the register. Read again in the portal "
                "what a board member's liability means, and never hand over your ID-card, PINs, Mobile-ID or "
                "Smart-ID to anyone.")],
        f.pick("Vaata oma ametiaega", "View your mandate"), DASHBOARD,
        [(f.pick("Kantud registrisse", "Entered in the register"), f.day(f["appointed_on"])), *_dates(f)])


def mandate_term_ended(f: Facts) -> Content:
    return Content(
        f.pick(f"Teie ametiaeg lõpeb täna: {_company(f)}", f"Your term ends today: {_company(f)}"),
        [f.pick("Täna on teie juhatuse liikme ametiaja viimane päev. Ettevõtte osanikud peavad esitama teie "
                f"kustutamise äriregistrist hiljemalt {f.day(f['removal_deadline'])}. Anname teada, kui see on "
                "tehtud.",
                "Today is the last day of your term as a board member. The company's shareholders must file your "
                f"removal from the Business Register by {f.day(f['removal_deadline'])}. We will tell you when it "
                "is done.")],
        f.pick("Vaata oma ametiaega", "View your mandate"), DASHBOARD, _dates(f))


def mandate_removal_overdue(f: Facts) -> Content:
    return Content(
        f.pick(f"Teid pole veel äriregistrist kustutatud: {_company(f)}",
               f"You have not been removed from the Business Register yet: {_company(f)}"),
        [f.pick(f"Osanike tähtaeg teie kustutamiseks oli {f.day(f['removal_deadline'])}, kuid kustutamist pole "
                "veel registrisse kantud. Kuni selleni olete registris juhatuse liige ja võite vastutada.",
                f"The shareholders' deadline for your removal was {f.day(f['removal_deadline'])}, but the removal "
                "has not been entered in the register yet. Until it is, you are a board member on the register "
                "and can remain liable."),
         f.pick("Mida teha: 1) kirjutage meile portaali kaudu, et me osanikke kiirendaksime; 2) ärge allkirjastage "
                "ettevõtte nimel midagi; 3) vajadusel saate portaalis koostada ja digitaalselt allkirjastada "
                "tagasiastumisavalduse, mille esitame osanikele. Juhatuse liige võib tagasi astuda ka ise, "
                "teatades sellest osanikele.",
                "What to do: 1) write to us through the portal so we can press the shareholders; 2) sign nothing "
                "on the company's behalf; 3) if needed, make and sign with eID a resignation letter in the portal, "
                "which we pass to the shareholders. A board member may also resign by telling the shareholders.")],
        f.pick("Vaata oma ametiaega", "View your mandate"), DASHBOARD, _dates(f))


def mandate_removed(f: Facts) -> Content:
    return Content(
        f.pick(f"Teid on äriregistrist kustutatud: {_company(f)}",
               f"You have been removed from the Business Register: {_company(f)}"),
        [f.pick(f"Teie kustutamine ettevõtte {_company(f)} juhatusest kanti äriregistrisse "
                f"{f.day(f['removed_on'])}. Pidage meeles, et juhatuse liikme tegude kohta võidakse nõudeid "
                "esitada veel viis aastat.",
                f"Your removal from the board of {_company(f)} was entered in the Business Register on "
                f"{f.day(f['removed_on'])}. Remember that claims about a board member's acts can still be made for "
                "five years.")],
        f.pick("Vaata oma ametiaega", "View your mandate"), DASHBOARD,
        [(f.pick("Kustutatud registrist", "Removed from the register"), f.day(f["removed_on"])), *_dates(f)])


def _applicant(f: Facts) -> str:
    return f.applicant_name or f.pick("juhatuse liige", "the board member")


def admin_mandate_ending(f: Facts) -> Content:
    return Content(
        f.pick(f"Ametiaeg lõpeb peagi: {_company(f)}", f"A term ends soon: {_company(f)}"),
        [f.pick(f"Juhatuse liikme ({_applicant(f)}) ametiaeg lõpeb {f.day(f['planned_end'])}. Valmistage osanikega "
                f"ette kustutamise avaldus, mis tuleb esitada hiljemalt {f.day(f['removal_deadline'])}.",
                f"The term of the board member ({_applicant(f)}) ends on {f.day(f['planned_end'])}. Prepare the "
                f"removal filing with the shareholders; it is due by {f.day(f['removal_deadline'])}.")],
        f.pick("Ava taotlus", "Open the application"), _admin_link(f),
        [(f.pick("Juhatuse liige", "Board member"), _applicant(f)), *_dates(f)])


def admin_mandate_ended(f: Facts) -> Content:
    return Content(
        f.pick(f"Ametiaeg lõpeb täna: {_company(f)}", f"A term ends today: {_company(f)}"),
        [f.pick(f"Juhatuse liikme ({_applicant(f)}) ametiaja viimane päev on täna. Osanikud peavad kustutamise "
                f"esitama hiljemalt {f.day(f['removal_deadline'])}; märkige kustutamise kuupäev portaalis, kui see "
                "on registrisse kantud.",
                f"Today is the last day of the board member's ({_applicant(f)}) term. The shareholders must file "
                f"the removal by {f.day(f['removal_deadline'])}; enter the removal's date in the portal once the "
                "register shows it.")],
        f.pick("Ava taotlus", "Open the application"), _admin_link(f),
        [(f.pick("Juhatuse liige", "Board member"), _applicant(f)), *_dates(f)])


def admin_mandate_overdue(f: Facts) -> Content:
    return Content(
        f.pick(f"Kustutamine hilineb: {_company(f)}", f"Removal overdue: {_company(f)}"),
        [f.pick(f"Juhatuse liige ({_applicant(f)}) on endiselt registris, kuigi osanike tähtaeg oli "
                f"{f.day(f['removal_deadline'])}. Võtke osanikega ühendust ja märkige kustutamise kuupäev "
                "portaalis, kui see on registrisse kantud.",
                f"The board member ({_applicant(f)}) is still on the register although the shareholders' deadline "
                f"was {f.day(f['removal_deadline'])}. Contact the shareholders, and enter the removal's date in the "
                "portal once the register shows it.")],
        f.pick("Ava taotlus", "Open the application"), _admin_link(f),
        [(f.pick("Juhatuse liige", "Board member"), _applicant(f)), *_dates(f)])


MANDATE_TEMPLATES: dict[str, Callable[[Facts], Content]] = {
    function.__name__: function for function in (
        mandate_appointed, mandate_term_ended, mandate_removal_overdue, mandate_removed, admin_mandate_ending,
        admin_mandate_ended, admin_mandate_overdue)
}
