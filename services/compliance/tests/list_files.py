"""Small sanctions list files in each official format (issue 35, Proof), made here: the EU's XML export (Financial
Sanctions Files, namespace http://eu.europa.ec/fpi/fsd/export), the UN Security Council consolidated list's XML and
the UK's consolidated list CSV (OFSI, 2022 format). eu_xml also makes the bench's 20,000-entry list."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr


@dataclass(frozen=True)
class Listed:
    reference: str
    names: list[str]
    born: list[str] = field(default_factory=list)  # ISO dates
    person: bool = True


# "Ivan Petrovski" born the same day matches him; a namesake born ten years later does not (issue 35, Proof).
PETROVSKY = Listed("EU.9001.11", ["Ivan Sergeyevich PETROVSKY", "Иван Сергеевич Петровский"], ["1971-03-14"])
SHIPPING = Listed("EU.9002.22", ["Black Sea Maritime Logistics LLC"], person=False)


def eu_xml(entries: Iterable[Listed], generated: str = "2026-11-27T17:55:09.420+01:00") -> bytes:
    parts = [f'<?xml version="1.0" encoding="UTF-8"?>\n<export xmlns="http://eu.europa.ec/fpi/fsd/export" '
             f'generationDate="{generated}" globalFileId="160123">']
    for n, entry in enumerate(entries, start=1):
        kind = ('<subjectType code="person" classificationCode="P"/>' if entry.person
                else '<subjectType code="enterprise" classificationCode="E"/>')
        aliases = "".join(
            f'<nameAlias firstName="" middleName="" lastName="" wholeName={quoteattr(name)} function="" '
            f'gender="" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="{n * 10 + i}">'
            f'<regulationSummary regulationType="regulation" publicationDate="2022-03-15" '
            f'numberTitle="2022/427 (OJ L87)" publicationUrl="https://eur-lex.europa.eu/"/></nameAlias>'
            for i, name in enumerate(entry.names))
        born = "".join(
            f'<birthdate circa="false" calendarType="GREGORIAN" city="" zipCode="" birthdate="{day}" '
            f'dayOfMonth="{int(day[8:10])}" monthOfYear="{int(day[5:7])}" year="{day[:4]}" region="" place="" '
            f'countryIso2Code="RU" countryDescription="RUSSIAN FEDERATION" regulationLanguage="en" logicalId="{n}"/>'
            for day in entry.born)
        parts.append(f'<sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="{entry.reference}" '
                     f'logicalId="{n}"><remark>Test entry</remark><regulation regulationType="regulation" '
                     f'organisationType="council" publicationDate="2022-03-15" entryIntoForceDate="2022-03-15" '
                     f'numberTitle="2022/427 (OJ L87)" programme="UKR" logicalId="{n}"/>{kind}{aliases}{born}'
                     f'</sanctionEntity>')
    parts.append("</export>\n")
    return "".join(parts).encode()


UN_XML = """<?xml version="1.0" encoding="utf-8"?>
<CONSOLIDATED_LIST xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:noNamespaceSchemaLocation="https://scsanctions.un.org/resources/xml/sc-sanctions.xsd"
  dateGenerated="2026-11-26T10:00:02.513Z">
  <INDIVIDUALS>
    <INDIVIDUAL>
      <DATAID>6908001</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>ABDUL RAHMAN</FIRST_NAME>
      <SECOND_NAME>YASIN</SECOND_NAME>
      <THIRD_NAME>AL-QADIRI</THIRD_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <REFERENCE_NUMBER>QDi.901</REFERENCE_NUMBER>
      <LISTED_ON>2003-01-25</LISTED_ON>
      <NAME_ORIGINAL_SCRIPT>عبد الرحمن ياسين القادري</NAME_ORIGINAL_SCRIPT>
      <COMMENTS1>Test entry.</COMMENTS1>
      <NATIONALITY><VALUE>Iraq</VALUE></NATIONALITY>
      <LIST_TYPE><VALUE>UN List</VALUE></LIST_TYPE>
      <LAST_DAY_UPDATED><VALUE>2011-11-14</VALUE></LAST_DAY_UPDATED>
      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Abdul Rahman Yasin Taher</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME>Aboud Yasin</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ADDRESS><COUNTRY>Iraq</COUNTRY></INDIVIDUAL_ADDRESS>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1960-04-10</DATE></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_PLACE_OF_BIRTH><CITY>Bloomington</CITY><STATE_PROVINCE>Indiana</STATE_PROVINCE></INDIVIDUAL_PLACE_OF_BIRTH>
      <INDIVIDUAL_DOCUMENT/>
      <SORT_KEY/>
      <SORT_KEY_LAST_MOD/>
    </INDIVIDUAL>
  </INDIVIDUALS>
  <ENTITIES>
    <ENTITY>
      <DATAID>6908002</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>NORTHERN STAR TRADING COMPANY</FIRST_NAME>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE>
      <REFERENCE_NUMBER>KPe.901</REFERENCE_NUMBER>
      <LISTED_ON>2016-03-02</LISTED_ON>
      <COMMENTS1>Test entry.</COMMENTS1>
      <LIST_TYPE><VALUE>UN List</VALUE></LIST_TYPE>
      <LAST_DAY_UPDATED/>
      <ENTITY_ALIAS><QUALITY>a.k.a.</QUALITY><ALIAS_NAME>Pukkukseong Trading</ALIAS_NAME></ENTITY_ALIAS>
      <ENTITY_ADDRESS><COUNTRY>Democratic People's Republic of Korea</COUNTRY></ENTITY_ADDRESS>
      <SORT_KEY/>
      <SORT_KEY_LAST_MOD/>
    </ENTITY>
  </ENTITIES>
</CONSOLIDATED_LIST>
""".encode()

UK_HEADER = ("Name 6,Name 1,Name 2,Name 3,Name 4,Name 5,Title,Name Non-Latin Script,Non-Latin Script Type,"
             "Non-Latin Script Language,DOB,Town of Birth,Country of Birth,Nationality,Passport Number,"
             "Passport Details,National Identification Number,National Identification Details,Position,Address 1,"
             "Address 2,Address 3,Address 4,Address 5,Address 6,Post/Zip Code,Country,Other Information,Group Type,"
             "Alias Type,Alias Quality,Regime,Listed On,UK Sanctions List Date Designated,Last Updated,Group ID")


def uk_row(surname: str, first: str, born: str, group: str, alias: str = "Primary name",
           group_type: str = "Individual") -> str:
    cells = [surname, first, "", "", "", "", "", "", "", "", born, "", "", "", "", "", "", "", "", "", "", "", "",
             "", "", "", "", "", group_type, alias, "", "Russia", "15/03/2022", "15/03/2022", "15/03/2022", group]
    return ",".join(f'"{cell}"' if "," in cell else cell for cell in cells)


UK_CSV = "\r\n".join([
    "Last Updated,25/11/2026",
    UK_HEADER,
    uk_row("PETRENKO", "Olga", "12/07/1968", "15001"),
    uk_row("PETRENKO", "Olha", "12/07/1968", "15001", alias="Alias"),
    uk_row("VOLKOV", "Dmitri", "00/00/1959", "15002"),
    uk_row("ARCTIC BUNKERING LIMITED", "", "", "15003", group_type="Entity"),
    "",
]).encode("utf-8-sig")
