"""payroll: paying board members (issue 23): payout details, the payment schedule, Estonian withholding, pay runs,
the SEPA file, the TSD annex and payslips."""
