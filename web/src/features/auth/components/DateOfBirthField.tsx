import { useTranslation } from 'react-i18next';
import { DateField, type DateFieldProps } from '@/components/ui/date-field';
import { todayInTallinn } from '@/lib/dates';

/** How far back the calendar's year list goes. */
const OLDEST_AGE = 100;

/** The registration's date of birth: dd.mm.yyyy (Estonian) typed or picked, yyyy-mm-dd to the form. */
export function DateOfBirthField(props: Omit<DateFieldProps, 'language' | 'labels' | 'min' | 'max' | 'fromYear'>) {
  const { t, i18n } = useTranslation('auth');
  const today = todayInTallinn();
  return (
    <DateField
      {...props}
      language={i18n.language}
      max={today}
      fromYear={today.year - OLDEST_AGE}
      labels={{
        placeholder: t('register.dateOfBirthPicker.placeholder'),
        openCalendar: t('register.dateOfBirthPicker.openCalendar'),
        previousMonth: t('register.dateOfBirthPicker.previousMonth'),
        nextMonth: t('register.dateOfBirthPicker.nextMonth'),
      }}
    />
  );
}
