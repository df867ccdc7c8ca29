"""What each e-mail says, in Estonian (the default) and English (issue 14, "What people receive"): a subject, a
greeting's paragraphs, a few labelled details and the one link that matters, to the right page and tab."""

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

LANGUAGES = ("et", "en")
DEFAULT_LANGUAGE = "et"

EN_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December")
STATUSES = {
    "pending": ("Ootab ülevaatust", "Pending Review"), "in_review": ("Ülevaatamisel", "In Review"),
    "approved": ("Kinnitatud", "Approved"), "rejected": ("Tagasi lükatud", "Rejected"),
    "active": ("Aktiivne", "Active"), "completed": ("Lõpetatud", "Completed"),
}
# The applicant dashboard's tabs (web/src/app/pages/DashboardPage.tsx) and the admin panel's (AdminPage.tsx).
DASHBOARD = "/dashboard"
APPLICATION_TAB = "/dashboard?tab=application"
DOCUMENTS_TAB = "/dashboard?tab=documents"
CONTRACTS_TAB = "/dashboard?tab=contracts"


@dataclass(frozen=True)
class Content:
    subject: str
    paragraphs: list[str]
    link_label: str
    link_path: str
    details: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Facts:
    """What a text may mention: the language, the recipient's name, the event's facts (``context``) and, in
    an admin's e-mail about an applicant, that applicant's name."""

    language: str
    name: str
    context: dict[str, Any]
    applicant_name: str = ""

    def pick(self, estonian: str, english: str) -> str:
        return english if self.language == "en" else estonian

    def day(self, iso: str | None) -> str:
        if not iso:
            return self.pick("määramata", "not set")
        value = date.fromisoformat(iso)
        return f"{value.day} {EN_MONTHS[value.month - 1]} {value.year}" if self.language == "en" \
            else f"{value:%d.%m.%Y}"

    def status(self, status: str) -> str:
        estonian, english = STATUSES.get(status, (status, status))
        return self.pick(estonian, english)

    def __getitem__(self, key: str) -> Any:
        return self.context.get(key)


def welcome(f: Facts) -> Content:
    return Content(
        f.pick("Tere tulemast Shelf Boardi portaali", "Welcome to the Shelf Board portal"),
        [f.pick("Täname registreerumise eest! Teie konto on loodud ja töölepingu allkirjastasite "
                "registreerimisel digitaalselt.",
                "Thank you for registering! Your account is ready, and you signed your employment contract "
                "digitally when you registered."),
         f.pick("Mis edasi: meie meeskond vaatab teie taotluse läbi. Kui vajame dokumente, anname teile e-postiga "
                "teada. Kui taotlus on kinnitatud, määrame teile ettevõtte ja teie 6-kuuline ametiaeg algab "
                "selle registreerimisest äriregistris.",
                "What happens next: our team reviews your application. If we need documents, we will let you "
                "know by e-mail. Once your application is approved, we assign you a company, and your 6-month "
                "term starts when it is registered in the commercial register.")],
        f.pick("Vaata allkirjastatud töölepingut", "View your signed employment contract"), CONTRACTS_TAB)


def document_requested(f: Facts) -> Content:
    details = [(f.pick("Dokument", "Document"), str(f["name"])),
               (f.pick("Tähtaeg", "Due date"), f.day(f["due_date"]))]
    if f["description"]:
        details.insert(1, (f.pick("Kirjeldus", "Description"), str(f["description"])))
    return Content(
        f.pick(f"Palun laadige üles: {f['name']}", f"Please upload: {f['name']}"),
        [f.pick("Vajame teie taotluse jaoks üht dokumenti. Palun laadige see portaalis üles.",
                "We need a document for your application. Please upload it in the portal.")],
        f.pick("Laadi dokument üles", "Upload the document"), DOCUMENTS_TAB, details)


def document_approved(f: Facts) -> Content:
    return Content(
        f.pick(f"Dokument kinnitatud: {f['name']}", f"Document approved: {f['name']}"),
        [f.pick("Vaatasime teie dokumendi läbi ja kinnitasime selle.",
                "We reviewed your document and approved it.")],
        f.pick("Vaata dokumente", "View your documents"), DOCUMENTS_TAB,
        [(f.pick("Dokument", "Document"), str(f["name"]))])


def document_rejected(f: Facts) -> Content:
    details = [(f.pick("Dokument", "Document"), str(f["name"]))]
    if f["reason"]:
        details.append((f.pick("Põhjus", "Reason"), str(f["reason"])))
    return Content(
        f.pick(f"Dokument tagasi lükatud: {f['name']}", f"Document rejected: {f['name']}"),
        [f.pick("Vaatasime teie dokumendi läbi, kuid ei saanud seda kinnitada. Palun laadige portaalis uus "
                "versioon üles.",
                "We reviewed your document but could not approve it. Please upload a new version in the portal.")],
        f.pick("Laadi uus versioon üles", "Upload a new version"), DOCUMENTS_TAB, details)


def contract_ready(f: Facts) -> Content:
    return Content(
        f.pick(f"Leping ootab allkirja: {f['title']}", f"A contract is ready to sign: {f['title']}"),
        [f.pick("Teile on portaalis allkirjastamiseks leping. Palun lugege see läbi ja allkirjastage.",
                "A contract is waiting for your signature in the portal. Please read and sign it.")],
        f.pick("Ava leping", "Open the contract"), CONTRACTS_TAB, [(f.pick("Leping", "Contract"), str(f["title"]))])


def contract_signed(f: Facts) -> Content:
    return Content(
        f.pick(f"Leping allkirjastatud: {f['title']}", f"Contract signed: {f['title']}"),
        [f.pick("Allkirjastasite lepingu. Allkirjastatud ja pitseeritud PDF-i saate alla laadida alloleva lingi "
                "kaudu (pärast sisselogimist).",
                "You signed the contract. You can download the signed and sealed PDF from the link below (after "
                "signing in).")],
        f.pick("Laadi PDF alla", "Download the PDF"), f"/api/contracts/{f['contract_id']}/pdf",
        [(f.pick("Leping", "Contract"), str(f["title"]))])


def application_status(f: Facts) -> Content:
    details = [(f.pick("Uus olek", "New status"), f.status(str(f["status"])))]
    if f["notes"]:
        details.append((f.pick("Märkus", "Note"), str(f["notes"])))
    return Content(
        f.pick(f"Teie taotluse olek: {f.status(str(f['status']))}",
               f"Your application status: {f.status(str(f['status']))}"),
        [f.pick("Teie taotluse olek muutus.", "The status of your application has changed.")],
        f.pick("Vaata taotlust", "View your application"), APPLICATION_TAB, details)


def company_assigned(f: Facts) -> Content:
    details = [(f.pick("Ettevõte", "Company"), str(f["company_name"] or "—")),
               (f.pick("Ametiaeg", "Term"), f"{f.day(f['registration_date'])} – {f.day(f['term_ends_on'])}")]
    if f["payment_dates"]:
        details.append((f.pick("Maksepäevad", "Payment dates"), ", ".join(f.day(d) for d in f["payment_dates"])))
    return Content(
        f.pick("Teile on määratud ettevõte", "A company has been assigned to you"),
        [f.pick("Teid on määratud alloleva ettevõtte juhatuse liikmeks. Tasu on 500 eurot bruto kuus.",
                "You have been assigned as the board member of the company below. The pay is 500 euro gross "
                "per month.")],
        f.pick("Vaata taotlust", "View your application"), APPLICATION_TAB, details)


def admin_new_message(f: Facts) -> Content:
    return Content(
        f.pick(f"Uus sõnum: {f['subject']}", f"New message: {f['subject']}"),
        [f.pick("Kontaktivormi kaudu saabus uus sõnum.", "A new message arrived through the contact form.")],
        f.pick("Ava postkast", "Open the inbox"), "/admin?tab=messages",
        [(f.pick("Saatja", "From"), f"{f['name']} <{f['email']}>"), (f.pick("Teema", "Subject"), str(f["subject"]))])


def admin_new_application(f: Facts) -> Content:
    applicant = f.applicant_name or f.pick("uus taotleja", "a new applicant")
    return Content(
        f.pick(f"Uus taotlus: {applicant}", f"New application: {applicant}"),
        [f.pick("Portaali saabus uus taotlus.", "A new application arrived in the portal.")],
        f.pick("Ava taotlus", "Open the application"), f"/admin/applications/{f['application_id']}",
        [(f.pick("Taotleja", "Applicant"), applicant)])


def document_due_soon(f: Facts) -> Content:
    due = f.day(f["due_date"])
    return Content(
        f.pick(f"Meeldetuletus: {f['name']} – tähtaeg {due}", f"Reminder: {f['name']} is due on {due}"),
        [f.pick(f"Ootame teilt veel üht dokumenti. Palun laadige see portaalis üles hiljemalt {due}.",
                f"We are still waiting for a document from you. Please upload it in the portal by {due}.")],
        f.pick("Laadi dokument üles", "Upload the document"), DOCUMENTS_TAB,
        [(f.pick("Dokument", "Document"), str(f["name"])), (f.pick("Tähtaeg", "Due date"), due)])


def document_overdue(f: Facts) -> Content:
    due = f.day(f["due_date"])
    return Content(
        f.pick(f"Tähtaeg ületatud: {f['name']}", f"Overdue: {f['name']}"),
        [f.pick(f"Dokumendi tähtaeg ({due}) on möödas ja me pole seda veel kätte saanud. Palun laadige see "
                "portaalis üles esimesel võimalusel.",
                f"The due date ({due}) has passed and we have not received the document yet. Please upload it "
                "in the portal as soon as you can.")],
        f.pick("Laadi dokument üles", "Upload the document"), DOCUMENTS_TAB,
        [(f.pick("Dokument", "Document"), str(f["name"])), (f.pick("Tähtaeg", "Due date"), due)])


TEMPLATES: dict[str, Callable[[Facts], Content]] = {
    function.__name__: function for function in (
        welcome, document_requested, document_approved, document_rejected, contract_ready, contract_signed,
        application_status, company_assigned, admin_new_message, admin_new_application,
        document_due_soon, document_overdue)
}


def greeting(f: Facts) -> str:
    return f.pick(f"Tere, {f.name}!", f"Hello {f.name},") if f.name else f.pick("Tere!", "Hello,")


def footer(language: str, has_account: bool = True) -> dict[str, str]:
    """The company behind the portal (web/src/lib/company.ts); why the reader gets the e-mail."""
    english = language == "en"
    invited = ("You receive this e-mail because an admin of the Shelf Board portal invited you." if english
               else "Saite selle kirja, sest Shelf Boardi portaali administraator kutsus teid.")
    return {
        "company": "Shelf Board Services OÜ",
        "registry": ("Registry code" if english else "Registrikood") + " 16543210",
        "address": "Narva mnt 5, 10117 Tallinn, " + ("Estonia" if english else "Eesti"),
        "contact": "info@shelfboard.ee · +372 600 1234",
        "why": invited if not has_account else
               ("You receive this e-mail because you have an account in the Shelf Board portal." if english
                else "Saite selle kirja, sest teil on Shelf Boardi portaalis konto."),
    }
