"""The admins' e-mail when a board member has signed a resignation letter (issue 36, Resigning): the company's
shareholders must file the removal, so the admins are told at once, in each admin's language."""

from collections.abc import Callable

from notifications.texts import Content, Facts

ADMIN_CONTRACTS_TAB = "/admin?tab=contracts"


def admin_resignation_signed(f: Facts) -> Content:
    applicant = f.applicant_name or f.pick("juhatuse liige", "a board member")
    return Content(
        f.pick(f"Tagasiastumisavaldus allkirjastatud: {applicant}", f"Resignation letter signed: {applicant}"),
        [f.pick("Juhatuse liige allkirjastas portaalis digitaalselt tagasiastumisavalduse äriühingu osanikele. "
                "Edastage see osanikele ja jälgige, et nad esitaksid äriregistrile kustutamise avalduse.",
                "A board member signed a resignation letter to the company's shareholders in the portal with a "
                "qualified electronic signature. Pass it on to the shareholders and see that they file the removal "
                "with the commercial register."),
         f.pick("Allkirjastatud avalduse (.asice) saate alla laadida portaali lepingute vaatest.",
                "You can download the signed letter (.asice) from the portal's contracts view.")],
        f.pick("Ava lepingud", "Open the contracts"), ADMIN_CONTRACTS_TAB,
        [(f.pick("Juhatuse liige", "Board member"), applicant), (f.pick("Dokument", "Document"), str(f["title"]))])


RESIGNATION_TEMPLATES: dict[str, Callable[[Facts], Content]] = {"admin_resignation_signed": admin_resignation_signed}
