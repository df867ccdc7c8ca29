from functools import lru_cache

from pydantic import Field, SecretStr

from portal_common.settings import ServiceSettings, nats_password_field, nats_user_field


class PayrollSettings(ServiceSettings):
    database_url: str = Field(alias="PAYROLL_DATABASE_URL")
    nats_user: str = nats_user_field("payroll")
    nats_password: SecretStr = nats_password_field("payroll")
    # The paying company as the bank knows it: the debtor of the SEPA file and the payer on payslips. The
    # defaults are a placeholder account for local runs and tests (a valid Estonian IBAN nobody owns).
    payer_name: str = Field(default="Shelf Board Services OÜ", min_length=1, max_length=70,
                            alias="PAYROLL_PAYER_NAME")
    payer_iban: str = Field(default="EE382200221020145685", min_length=15, max_length=34, alias="PAYROLL_PAYER_IBAN")
    payer_bic: str = Field(default="HABAEE2X", min_length=8, max_length=11, alias="PAYROLL_PAYER_BIC")
    payer_town: str = Field(default="Tallinn", min_length=1, max_length=35, alias="PAYROLL_PAYER_TOWN")


@lru_cache
def get_settings() -> PayrollSettings:
    return PayrollSettings()
